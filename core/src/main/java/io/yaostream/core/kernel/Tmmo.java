package io.yaostream.core.kernel;

/**
 * GKWY20's tweakable hash TMMO from the public permutation π (AES under Kπ):
 * {@code H(x, t) = π(π(x) ⊕ t) ⊕ π(x)}, with t the tweak block {@code (index, domain)}. Guo, Katz, Wang and Yu
 * prove it tweakable circular correlation robust in the random-permutation model (IEEE S&amp;P 2020, §7.4); emp-tool's
 * {@code TCCRH} computes the same function. Two π calls per hash: the first layer over every label, the second over
 * the first's outputs XOR the tweaks.
 */
public final class Tmmo {
    private Tmmo() {
    }

    /**
     * {@code out[i] = H(in[i], (tweaks[i], domain))} for {@code n} blocks, in two kernel calls. {@code scratch}
     * holds 2n longs (it gets π(in[i])); {@code out} must not be {@code in}.
     */
    public static void hash(Kernel kernel, long[] in, long[] tweaks, long domain, long[] out, long[] scratch, int n) {
        kernel.fixedKeyEncrypt(in, scratch, n);
        for (int i = 0; i < n; i++) {
            out[2 * i] = scratch[2 * i] ^ tweaks[i];
            out[2 * i + 1] = scratch[2 * i + 1] ^ domain;
        }
        kernel.fixedKeyEncrypt(out, out, n);
        for (int i = 0; i < 2 * n; i++) {
            out[i] ^= scratch[i];
        }
    }
}
