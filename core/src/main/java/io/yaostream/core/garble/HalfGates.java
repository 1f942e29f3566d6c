package io.yaostream.core.garble;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

/**
 * Half-gates (Zahur–Rosulek–Evans 2015) with free XOR: two ciphertexts per AND gate, XOR free. The hash is the
 * fixed-key {@link CorrelationRobustHash} of Guo–Katz–Wang–Yu; AND gate number j uses tweaks 2j (garbler half)
 * and 2j+1 (evaluator half). An AND-type table AND(l^α, r^β)^γ is garbled as AND on the input labels shifted
 * by αΔ, βΔ with the output shifted by γΔ: the evaluator does the same work whatever the table.
 *
 * <p>Garbler, with pa, pb the colours of A0, B0: {@code TG = H(A0,2j) ^ H(A1,2j) ^ pb·Δ},
 * {@code WG0 = H(A0,2j) ^ pa·TG}, {@code TE = H(B0,2j+1) ^ H(B1,2j+1) ^ A0},
 * {@code WE0 = H(B0,2j+1) ^ pb·(TE ^ A0)}, {@code C0 = WG0 ^ WE0}; table TG, TE.
 * Evaluator, with sa, sb the colours of A, B: {@code C = H(A,2j) ^ sa·TG ^ H(B,2j+1) ^ sb·(TE ^ A)}.
 */
public final class HalfGates implements GarblingScheme {
    @Override
    public String name() {
        return "half-gates";
    }

    @Override
    public int ciphertextsPerAnd() {
        return 2;
    }

    @Override
    public int ciphertextsPerXor() {
        return 0;
    }

    @Override
    public GarblerCore newGarbler(Kernel kernel, AesCtrRandom random) {
        return new Garbler(kernel, random);
    }

    @Override
    public EvaluatorCore newEvaluator(Kernel kernel) {
        return new Evaluator(kernel);
    }

    private static final class Garbler extends FreeXorGarbler {
        private long[] inputs = new long[0];   // per gate: A0, B0
        private long[] sigma = new long[0];    // per gate: σ(A0), σ(A1), σ(B0), σ(B1)
        private long[] hashes = new long[0];   // AES in, then H
        private long[] tables = new long[0];   // per gate: TG, TE
        private int[] forms = new int[0];

        Garbler(Kernel kernel, AesCtrRandom random) {
            super(kernel, random, OutputHash.FIXED_KEY);
        }

        @Override
        void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            if (forms.length < count) {
                inputs = new long[4 * count];
                sigma = new long[8 * count];
                hashes = new long[8 * count];
                tables = new long[4 * count];
                forms = new int[count];
            }
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int form = andForm(records[p]);
                forms[k] = form;
                long aMask = -(form & 1);
                long bMask = -((form >> 1) & 1);
                int a = records[p + 1];
                int b = records[p + 2];
                long a0Lo = zero[2 * a] ^ (aMask & deltaLo);
                long a0Hi = zero[2 * a + 1] ^ (aMask & deltaHi);
                long b0Lo = zero[2 * b] ^ (bMask & deltaLo);
                long b0Hi = zero[2 * b + 1] ^ (bMask & deltaHi);
                inputs[4 * k] = a0Lo;
                inputs[4 * k + 1] = a0Hi;
                inputs[4 * k + 2] = b0Lo;
                inputs[4 * k + 3] = b0Hi;
                long j = 2 * (firstIndex + k);
                CorrelationRobustHash.prepare(a0Lo, a0Hi, j, CorrelationRobustHash.GATE_DOMAIN, sigma, hashes, 4 * k);
                CorrelationRobustHash.prepare(a0Lo ^ deltaLo, a0Hi ^ deltaHi, j, CorrelationRobustHash.GATE_DOMAIN, sigma, hashes, 4 * k + 1);
                CorrelationRobustHash.prepare(b0Lo, b0Hi, j + 1, CorrelationRobustHash.GATE_DOMAIN, sigma, hashes, 4 * k + 2);
                CorrelationRobustHash.prepare(b0Lo ^ deltaLo, b0Hi ^ deltaHi, j + 1, CorrelationRobustHash.GATE_DOMAIN, sigma, hashes, 4 * k + 3);
            }
            kernel.fixedKeyEncrypt(hashes, hashes, 4 * count);
            CorrelationRobustHash.finish(hashes, sigma, 4 * count);
            for (int k = 0; k < count; k++) {
                int h = 8 * k;
                long a0Lo = inputs[4 * k];
                long a0Hi = inputs[4 * k + 1];
                long pa = -(a0Lo & 1);
                long pb = -(inputs[4 * k + 2] & 1);
                long tgLo = hashes[h] ^ hashes[h + 2] ^ (pb & deltaLo);
                long tgHi = hashes[h + 1] ^ hashes[h + 3] ^ (pb & deltaHi);
                long wgLo = hashes[h] ^ (pa & tgLo);
                long wgHi = hashes[h + 1] ^ (pa & tgHi);
                long teLo = hashes[h + 4] ^ hashes[h + 6] ^ a0Lo;
                long teHi = hashes[h + 5] ^ hashes[h + 7] ^ a0Hi;
                long weLo = hashes[h + 4] ^ (pb & (teLo ^ a0Lo));
                long weHi = hashes[h + 5] ^ (pb & (teHi ^ a0Hi));
                long gamma = -((forms[k] >> 2) & 1);
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

    private static final class Evaluator extends FreeXorEvaluator {
        private long[] inputs = new long[0];   // per gate: A, B
        private long[] sigma = new long[0];    // per gate: σ(A), σ(B)
        private long[] hashes = new long[0];
        private long[] tables = new long[0];

        Evaluator(Kernel kernel) {
            super(kernel, OutputHash.FIXED_KEY);
        }

        @Override
        void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            if (tables.length < 4 * count) {
                inputs = new long[4 * count];
                sigma = new long[4 * count];
                hashes = new long[4 * count];
                tables = new long[4 * count];
            }
            stream.readBlocks(tables, 0, 2 * count);
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int a = records[p + 1];
                int b = records[p + 2];
                long aLo = label[2 * a];
                long aHi = label[2 * a + 1];
                long bLo = label[2 * b];
                long bHi = label[2 * b + 1];
                inputs[4 * k] = aLo;
                inputs[4 * k + 1] = aHi;
                inputs[4 * k + 2] = bLo;
                inputs[4 * k + 3] = bHi;
                long j = 2 * (firstIndex + k);
                CorrelationRobustHash.prepare(aLo, aHi, j, CorrelationRobustHash.GATE_DOMAIN, sigma, hashes, 2 * k);
                CorrelationRobustHash.prepare(bLo, bHi, j + 1, CorrelationRobustHash.GATE_DOMAIN, sigma, hashes, 2 * k + 1);
            }
            kernel.fixedKeyEncrypt(hashes, hashes, 2 * count);
            CorrelationRobustHash.finish(hashes, sigma, 2 * count);
            for (int k = 0; k < count; k++) {
                long aLo = inputs[4 * k];
                long aHi = inputs[4 * k + 1];
                long sa = -(aLo & 1);
                long sb = -(inputs[4 * k + 2] & 1);
                long lo = hashes[4 * k] ^ (sa & tables[4 * k]) ^ hashes[4 * k + 2] ^ (sb & (tables[4 * k + 2] ^ aLo));
                long hi = hashes[4 * k + 1] ^ (sa & tables[4 * k + 1]) ^ hashes[4 * k + 3] ^ (sb & (tables[4 * k + 3] ^ aHi));
                int out = records[(first + k) * 4 + 3];
                label[2 * out] = lo;
                label[2 * out + 1] = hi;
            }
        }
    }
}
