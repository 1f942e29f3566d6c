package io.yaostream.core.kernel;

/**
 * The hash of a label under a tweak, {@code H(L, (index, domain))}, computed for many labels per kernel call.
 * The high word of the tweak block keeps uses apart: gates use {@link #GATE_DOMAIN} (and prf-only its side and
 * row bytes), output decoding {@link #OUTPUT_DOMAIN}, so no AES input serves two purposes. The C kernel knows
 * the constants by their ordinals (YS_HASH_FIXED_KEY, YS_HASH_KEYED, YS_HASH_TMMO): add new ones at the end.
 */
public enum LabelHash {
    /**
     * {@link CorrelationRobustHash}, the one-call form {@code π(σ(x) ⊕ t) ⊕ σ(x)}: {@code half-gates-sigma}, grr3's
     * output decoding, the one-hot gates and OT extension. No theorem covers it as a tweakable hash
     * (docs/garbling-schemes.md §2.7).
     */
    FIXED_KEY {
        @Override
        public void hash(Kernel kernel, long[] labels, long[] tweaks, long domain, long[] out, long[] scratch, int n) {
            CorrelationRobustHash.hash(kernel, labels, tweaks, domain, out, scratch, n);
        }
    },
    /**
     * AES keyed by the label: {@code H(L, i) = AES_L(i)}, GLNP15's garbling from a PRF with the key schedules
     * of a batch expanded together (§2.2). No fixed key; half-gates over it rests on related-key circular
     * security (GLNP15 Table 6, scheme 6).
     */
    KEYED {
        @Override
        public void hash(Kernel kernel, long[] labels, long[] tweaks, long domain, long[] out, long[] scratch, int n) {
            for (int i = 0; i < n; i++) {
                out[2 * i] = tweaks[i];
                out[2 * i + 1] = domain;
            }
            kernel.multiKeyEncrypt(labels, out, out, n);
        }
    },
    /**
     * GKWY20's TMMO, {@code H(x, t) = π(π(x) ⊕ t) ⊕ π(x)}: tweakable circular correlation robust when π is a random
     * permutation (GKWY20 §7.4); the hash of {@code half-gates}. Two π calls per hash.
     */
    TMMO {
        @Override
        public void hash(Kernel kernel, long[] labels, long[] tweaks, long domain, long[] out, long[] scratch, int n) {
            Tmmo.hash(kernel, labels, tweaks, domain, out, scratch, n);
        }
    };

    /** Byte 8 of the tweak block: 0 for gates (prf-only also uses 1 for right keys, and byte 9 for rows). */
    public static final long GATE_DOMAIN = 0;
    /** Byte 8 = 2 is only ever used for output decoding, so no gate's PRF input can equal an output hash's. */
    public static final long OUTPUT_DOMAIN = 2;
    /** Byte 8 = 3: the one-hot gates' tree, level and leaf hashes (HK21 Fig. 3), each with an index of its own. */
    public static final long ONE_HOT_DOMAIN = 3;

    /**
     * {@code out[i] = H(labels[i], (tweaks[i], domain))} for {@code n} blocks; {@code scratch} holds 2n longs.
     * {@code out} must not be {@code labels}.
     */
    public abstract void hash(Kernel kernel, long[] labels, long[] tweaks, long domain, long[] out, long[] scratch, int n);
}
