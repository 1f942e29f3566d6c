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
 *
 * <p>{@code grr3-keyed} (GLNP15 Table 6 rows 4-5, Table 7 rows 7-8: free XOR, AND gates by 4-3 row reduction,
 * AES keyed by the labels) is the same row reduction with each row's pad from a PRF instead of π. AND gate with
 * gate index j (an AND-type table as AND of the inputs shifted by αΔ, βΔ, its output by γΔ); A^i the left label
 * of colour i, B^c the right label of colour c, row r = 2i + c:
 * {@code K_r = AES_{A^i}(j, 0 | r << 8) ⊕ AES_{B^c}(j, 1 | r << 8)}, blocks written (low long, high long), AES-128
 * keyed by the whole label (the PRF blocks of prf-only's AND gates). With pa, pb the colours of the labels of 0,
 * the label of 0 of the output is {@code C0 = K_0 ⊕ (pa·pb)Δ} (then ⊕ γΔ), and the table is, in order, the rows
 * {@code K_1 ⊕ K_0 ⊕ pa·Δ}, {@code K_2 ⊕ K_0 ⊕ pb·Δ} and {@code K_3 ⊕ K_0 ⊕ (1 ⊕ pa ⊕ pb)·Δ}. The evaluator with
 * colours (i, c) computes {@code K_r} (two AES calls) and XORs row r in unless r = 0. The garbler makes 8 AES
 * calls per AND gate, 4 label keys twice each (GLNP15's KS4_ENC8). Assumption: related-key and circular security
 * of AES keyed by labels (the two labels of a wire, both keys, differ by Δ, which the tables also carry); no
 * random-permutation assumption.
 */
public final class Grr3 {
    private Grr3() {
    }

    /** The kernel walks the gates ({@link KernelWalk}); the formulas, row by row, are its Java kernel's. */
    static GarblingScheme scheme() {
        return KernelWalk.scheme("grr3", AndGateRule.GRR3);
    }

    /** The keyed counterpart: the same 4-3 row reduction, each row's pad AES under its two input labels. */
    static GarblingScheme keyed() {
        return KernelWalk.scheme("grr3-keyed", AndGateRule.GRR3_KEYED);
    }
}
