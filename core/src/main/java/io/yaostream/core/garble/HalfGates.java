package io.yaostream.core.garble;

import io.yaostream.core.kernel.AndGateRule;
import io.yaostream.core.kernel.LabelHash;

/**
 * Half-gates (Zahur–Rosulek–Evans 2015) with free XOR: two ciphertexts per AND gate, XOR free. AND gate number
 * j hashes with tweaks 2j (garbler half) and 2j+1 (evaluator half). An AND-type table AND(l^α, r^β)^γ is
 * garbled as AND on the input labels shifted by αΔ, βΔ with the output shifted by γΔ, so the evaluator does
 * the same work whatever the table.
 *
 * <p>Garbler, with pa, pb the colours of A0, B0: {@code TG = H(A0,2j) ^ H(A1,2j) ^ pb·Δ},
 * {@code WG0 = H(A0,2j) ^ pa·TG}, {@code TE = H(B0,2j+1) ^ H(B1,2j+1) ^ A0},
 * {@code WE0 = H(B0,2j+1) ^ pb·(TE ^ A0)}, {@code C0 = WG0 ^ WE0}; table TG, TE.
 * Evaluator, with sa, sb the colours of A, B: {@code C = H(A,2j) ^ sa·TG ^ H(B,2j+1) ^ sb·(TE ^ A)}.
 *
 * <p>The kernel walks the gates ({@link KernelWalk}), free ones included, many thousands per call.
 *
 * <p>Three instances: {@code half-gates} hashes with GKWY20's TMMO over π, AES under the session's public key Kπ
 * ({@link LabelHash#TMMO}); {@code half-gates-sigma} with the one-call form π(σ(x) ⊕ t) ⊕ σ(x)
 * ({@link LabelHash#FIXED_KEY}), kept for comparison; {@code half-gates-keyed} with AES keyed by each label
 * ({@link LabelHash#KEYED}, GLNP15 Table 6 scheme 6).
 */
public final class HalfGates {
    private HalfGates() {
    }

    /** Half-gates over Guo–Katz–Wang–Yu's TMMO: the default scheme. */
    static GarblingScheme tmmo() {
        return KernelWalk.scheme("half-gates", AndGateRule.HALF_GATES);
    }

    /** Half-gates over the one-call hash π(σ(x) ⊕ t) ⊕ σ(x), which no theorem covers as a tweakable hash. */
    static GarblingScheme sigma() {
        return KernelWalk.scheme("half-gates-sigma", AndGateRule.HALF_GATES_SIGMA);
    }

    /** Half-gates over AES re-keyed per label, with the key schedules of a batch computed together. */
    static GarblingScheme keyed() {
        return KernelWalk.scheme("half-gates-keyed", AndGateRule.HALF_GATES_KEYED);
    }
}
