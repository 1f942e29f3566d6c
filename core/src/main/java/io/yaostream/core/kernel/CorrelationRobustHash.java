package io.yaostream.core.kernel;

/**
 * The tweakable correlation-robust hash of Guo–Katz–Wang–Yu 2020 from fixed-key AES π:
 * {@code H(x, t) = π(σ(x) ⊕ t) ⊕ σ(x)} with the linear orthomorphism {@code σ(xL || xR) = (xL ⊕ xR) || xL}
 * (xL the high 64 bits). Used by half-gates, output decoding and OT extension; callers keep their uses apart
 * through the tweak block {@code (index, domain)}.
 */
public final class CorrelationRobustHash {
    private CorrelationRobustHash() {
    }

    /**
     * {@code out[i] = H(in[i], (tweaks[i], domain))} for {@code n} blocks, in one kernel call. {@code scratch}
     * holds 2n longs; {@code out} must not be {@code in}.
     */
    public static void hash(Kernel kernel, long[] in, long[] tweaks, long domain, long[] out, long[] scratch, int n) {
        for (int i = 0; i < n; i++) {
            long sLo = in[2 * i + 1];
            long sHi = in[2 * i + 1] ^ in[2 * i];
            scratch[2 * i] = sLo;
            scratch[2 * i + 1] = sHi;
            out[2 * i] = sLo ^ tweaks[i];
            out[2 * i + 1] = sHi ^ domain;
        }
        kernel.fixedKeyEncrypt(out, out, n);
        for (int i = 0; i < 2 * n; i++) {
            out[i] ^= scratch[i];
        }
    }
}
