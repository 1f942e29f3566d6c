package io.yaostream.core.garble;

import io.yaostream.core.kernel.AndGateRule;

/**
 * JustGarble's GaXR (Bellare–Hoang–Keelveedhi–Rogaway 2013) with the dual-key cipher A2 over fixed-key AES π:
 * {@code E(A, B, T, X) = π(K) ⊕ K ⊕ X} with {@code K = 2A ⊕ 4B ⊕ T}, doubling in GF(2^128) modulo
 * x^128 + x^7 + x^2 + x + 1 (their method D2) and the tweak T the gate index. Free XOR, and garbled row
 * reduction: the output labels are chosen so that the row of colours (0,0) encrypts to zero and is not sent,
 * leaving 3 ciphertexts per AND gate, in the order of colours (0,1), (1,0), (1,1).
 *
 * <p>Garbler, with A^i, B^j the labels of colour i, j (values i ⊕ pa, j ⊕ pb) and {@code P_ij = π(K_ij) ⊕ K_ij}:
 * the label of value (pa AND pb) is P_00; row (i,j) is {@code P_ij ⊕ C_v} for its value v. Evaluator with
 * colours (i,j): {@code C = P_ij}, XORed with row (i,j) unless (i,j) = (0,0).
 */
public final class Grr3 {
    private Grr3() {
    }

    /** The kernel walks the gates ({@link KernelWalk}); the formulas, row by row, are its Java kernel's. */
    static GarblingScheme scheme() {
        return KernelWalk.scheme("grr3", AndGateRule.GRR3);
    }
}
