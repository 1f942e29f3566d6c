package io.yaostream.core.garble;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

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
 * <p>Two instances: {@code half-gates} hashes with fixed-key AES ({@link LabelHash#FIXED_KEY}),
 * {@code half-gates-keyed} with AES keyed by each label ({@link LabelHash#KEYED}, GLNP15 Table 6 scheme 6).
 */
public final class HalfGates {
    private HalfGates() {
    }

    /** Half-gates over the fixed-key hash of Guo–Katz–Wang–Yu. */
    static GarblingScheme fixedKey() {
        return scheme("half-gates", LabelHash.FIXED_KEY);
    }

    /** Half-gates over AES re-keyed per label, with the key schedules of a batch computed together. */
    static GarblingScheme keyed() {
        return scheme("half-gates-keyed", LabelHash.KEYED);
    }

    private static GarblingScheme scheme(String name, LabelHash hash) {
        return new GarblingScheme(name, 2, 0, 0, (kernel, random) -> new Garbler(kernel, random, hash),
                kernel -> new Evaluator(kernel, hash));
    }

    private static final class Garbler extends FreeXorGarbler {
        private final LabelHash hash;
        private long[] labels = new long[0];   // per gate: A0, A1, B0, B1
        private long[] tweaks = new long[0];
        private long[] hashes = new long[0];
        private long[] scratch = new long[0];
        private long[] tables = new long[0];   // per gate: TG, TE
        private int[] gammas = new int[0];

        Garbler(Kernel kernel, AesCtrRandom random, LabelHash hash) {
            super(kernel, random, hash);
            this.hash = hash;
        }

        @Override
        void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            if (gammas.length < count) {
                labels = new long[8 * count];
                tweaks = new long[4 * count];
                hashes = new long[8 * count];
                scratch = new long[8 * count];
                tables = new long[4 * count];
                gammas = new int[count];
            }
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int form = andForm(records[p]);
                gammas[k] = form >> 2;
                long aMask = -(form & 1);
                long bMask = -((form >> 1) & 1);
                int a = records[p + 1];
                int b = records[p + 2];
                long a0Lo = zero[2 * a] ^ (aMask & deltaLo);
                long a0Hi = zero[2 * a + 1] ^ (aMask & deltaHi);
                long b0Lo = zero[2 * b] ^ (bMask & deltaLo);
                long b0Hi = zero[2 * b + 1] ^ (bMask & deltaHi);
                int l = 8 * k;
                labels[l] = a0Lo;
                labels[l + 1] = a0Hi;
                labels[l + 2] = a0Lo ^ deltaLo;
                labels[l + 3] = a0Hi ^ deltaHi;
                labels[l + 4] = b0Lo;
                labels[l + 5] = b0Hi;
                labels[l + 6] = b0Lo ^ deltaLo;
                labels[l + 7] = b0Hi ^ deltaHi;
                long j = 2 * (firstIndex + k);
                tweaks[4 * k] = j;
                tweaks[4 * k + 1] = j;
                tweaks[4 * k + 2] = j + 1;
                tweaks[4 * k + 3] = j + 1;
            }
            hash.hash(kernel, labels, tweaks, LabelHash.GATE_DOMAIN, hashes, scratch, 4 * count);
            for (int k = 0; k < count; k++) {
                int h = 8 * k;
                long a0Lo = labels[h];
                long a0Hi = labels[h + 1];
                long pa = -(a0Lo & 1);
                long pb = -(labels[h + 4] & 1);
                long tgLo = hashes[h] ^ hashes[h + 2] ^ (pb & deltaLo);
                long tgHi = hashes[h + 1] ^ hashes[h + 3] ^ (pb & deltaHi);
                long wgLo = hashes[h] ^ (pa & tgLo);
                long wgHi = hashes[h + 1] ^ (pa & tgHi);
                long teLo = hashes[h + 4] ^ hashes[h + 6] ^ a0Lo;
                long teHi = hashes[h + 5] ^ hashes[h + 7] ^ a0Hi;
                long weLo = hashes[h + 4] ^ (pb & (teLo ^ a0Lo));
                long weHi = hashes[h + 5] ^ (pb & (teHi ^ a0Hi));
                long gamma = -gammas[k];
                int out = records[(first + k) * 4 + 3];
                zero[2 * out] = wgLo ^ weLo ^ (gamma & deltaLo);
                zero[2 * out + 1] = wgHi ^ weHi ^ (gamma & deltaHi);
                tables[4 * k] = tgLo;
                tables[4 * k + 1] = tgHi;
                tables[4 * k + 2] = teLo;
                tables[4 * k + 3] = teHi;
            }
            stream.writeBlocks(tables, 0, 2 * count);
        }
    }

    private static final class Evaluator extends ActiveLabelEvaluator {
        private final LabelHash hash;
        private long[] labels = new long[0];   // per gate: A, B
        private long[] tweaks = new long[0];
        private long[] hashes = new long[0];
        private long[] scratch = new long[0];
        private long[] tables = new long[0];

        Evaluator(Kernel kernel, LabelHash hash) {
            super(kernel, hash);
            this.hash = hash;
        }

        @Override
        void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            if (tables.length < 4 * count) {
                labels = new long[4 * count];
                tweaks = new long[2 * count];
                hashes = new long[4 * count];
                scratch = new long[4 * count];
                tables = new long[4 * count];
            }
            stream.readBlocks(tables, 0, 2 * count);
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int a = records[p + 1];
                int b = records[p + 2];
                labels[4 * k] = label[2 * a];
                labels[4 * k + 1] = label[2 * a + 1];
                labels[4 * k + 2] = label[2 * b];
                labels[4 * k + 3] = label[2 * b + 1];
                long j = 2 * (firstIndex + k);
                tweaks[2 * k] = j;
                tweaks[2 * k + 1] = j + 1;
            }
            hash.hash(kernel, labels, tweaks, LabelHash.GATE_DOMAIN, hashes, scratch, 2 * count);
            for (int k = 0; k < count; k++) {
                int h = 4 * k;
                long aLo = labels[h];
                long aHi = labels[h + 1];
                long sa = -(aLo & 1);
                long sb = -(labels[h + 2] & 1);
                long lo = hashes[h] ^ (sa & tables[h]) ^ hashes[h + 2] ^ (sb & (tables[h + 2] ^ aLo));
                long hi = hashes[h + 1] ^ (sa & tables[h + 1]) ^ hashes[h + 3] ^ (sb & (tables[h + 3] ^ aHi));
                int out = records[(first + k) * 4 + 3];
                label[2 * out] = lo;
                label[2 * out + 1] = hi;
            }
        }
    }
}
