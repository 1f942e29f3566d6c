package io.yaostream.nativekernel;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.SideBySide;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.curve.EdwardsArithmetic;
import io.yaostream.core.curve.EdwardsArithmeticChecks;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.LocalGarbling;
import io.yaostream.core.garble.MemoryGarbledStream;
import io.yaostream.core.garble.OneHotGate;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.garble.StreamedWalks;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.AndGateRule;
import io.yaostream.core.kernel.GateCursor;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.kernel.LabelHash;
import io.yaostream.core.kernel.PolynomialHash;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The C kernel against the Java kernel. Where the build could not make the library (no gcc, not Linux
 * x86-64) these tests are skipped and the Java kernel is used; on the project's machines and in CI they run.
 */
class NativeKernelTest {
    @BeforeAll
    static void nativeKernelIsBuiltHere() {
        boolean buildable = System.getProperty("os.name").toLowerCase().contains("linux")
                && System.getProperty("os.arch").equals("amd64") && NativeKernelTest.class.getResource(NativeLibrary.RESOURCE) != null;
        assumeTrue(buildable, "no native library in this build");
    }

    @Test
    void loadsPassesItsSelfTestAndIsChosenByDefault() {
        assertNull(new NativeKernelProvider().unavailableReason());
        assertEquals("native", Kernels.create().name());
        assertEquals("native", Kernels.create("native").name());
        assertEquals("java", Kernels.create("java").name());
    }

    @Test
    void everyOperationIsBitIdenticalToTheJavaKernel() {
        Kernel c = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(3);
        randomKey(rnd, c, java);
        for (int n : new int[] {1, 3, 4, 7, 8, 9, 15, 17, 100, 1000}) {
            long[] keys = random(rnd, 2 * n);
            long[] in = random(rnd, 2 * n);
            long[] a = new long[2 * n];
            long[] b = new long[2 * n];
            c.fixedKeyEncrypt(in, a, n);
            java.fixedKeyEncrypt(in, b, n);
            assertArrayEquals(b, a, "fixed key, " + n);
            c.multiKeyEncrypt(keys, in, a, n);
            java.multiKeyEncrypt(keys, in, b, n);
            assertArrayEquals(b, a, "multi key, " + n);
            int pairs = n / 2; // 2 * pairs of the n keys, over 4 * pairs blocks
            long[] four = random(rnd, 8 * pairs);
            long[] a4 = new long[8 * pairs];
            long[] b4 = new long[8 * pairs];
            c.multiKeyEncryptTwice(keys, four, a4, pairs);
            java.multiKeyEncryptTwice(keys, four, b4, pairs);
            assertArrayEquals(b4, a4, "multi key twice, " + pairs + " pairs");
            c.ctr(keys[0], keys[1], rnd.nextLong(), a, n);
            long counter = rnd.nextLong();
            c.ctr(keys[0], keys[1], counter, a, n);
            java.ctr(keys[0], keys[1], counter, b, n);
            assertArrayEquals(b, a, "ctr, " + n);
            long[] copy = in.clone();
            c.fixedKeyEncrypt(copy, copy, n); // in place
            java.fixedKeyEncrypt(in, b, n);
            assertArrayEquals(b, copy, "in place, " + n);
        }
        for (int blocks : new int[] {1, 15, 16, 17, 64, 100}) {
            long[] keys = random(rnd, 2 * 5);
            long counter = blocks == 17 ? -9 : rnd.nextLong(); // once across the wrap of the 64-bit counter
            long[] a = new long[2 * 5 * blocks];
            long[] b = new long[2 * 5 * blocks];
            c.ctrKeys(keys, 5).ctr(counter, a, blocks);
            java.ctrKeys(keys, 5).ctr(counter, b, blocks);
            assertArrayEquals(b, a, "ctr under expanded keys, " + blocks);
        }
        for (int n : new int[] {1, 3, 32, 33, 64, 65, 200}) { // chunks of 64 hash outputs in C
            long[] in = random(rnd, 2 * n);
            long first = n == 33 ? -7 : rnd.nextLong();
            long offsetLo = rnd.nextLong();
            long offsetHi = rnd.nextLong();
            long[] a = new long[4 * n];
            long[] b = new long[4 * n];
            c.crHashRange(in, first, 77, a, n);
            java.crHashRange(in, first, 77, b, n);
            assertArrayEquals(b, a, "hash range, " + n);
            c.crHashRangeWithOffset(in, offsetLo, offsetHi, first, 77, a, n);
            java.crHashRangeWithOffset(in, offsetLo, offsetHi, first, 77, b, n);
            assertArrayEquals(b, a, "hash range with offset, " + n);
        }
        for (int cols : new int[] {64, 128, 640, 2048, 8192, 8192 + 64}) {
            long[] m = random(rnd, 2 * cols);
            long[] a = new long[2 * cols];
            long[] b = new long[2 * cols];
            c.transpose128(m, cols, a);
            java.transpose128(m, cols, b);
            assertArrayEquals(b, a, "transpose, " + cols);
        }
    }

    /**
     * The one-hot gate's hash of each input block under m tweaks ({@link Kernel#crHashExpand}) against the Java
     * kernel's definition, on random blocks read from an offset: m = 1 (the range hash), 2 (the GGM tree), the m whose
     * inputs share registers in C (divisors and multiples of its groups of 8 and 16 outputs), odd and other m, leaf
     * widths up to 4096 hashes per call, n ending inside and at the end of groups and of the 128-bit path's chunks of
     * 64. Both outputs start from the same filler, so a block written past n·m shows too.
     */
    @Test
    void polynomialHashIsBitIdenticalToTheJavaDefinition() {
        Kernel c = Kernels.create(Kernels.NATIVE);
        Random rnd = new Random(0x3c);
        for (int length : new int[] {0, 1, 15, 16, 17, 48, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 257, 1000, 65536}) {
            for (int trial = 0; trial < 4; trial++) {
                byte[] data = new byte[length + 5];
                rnd.nextBytes(data);
                PolynomialHash key = new PolynomialHash(rnd.nextLong(), trial == 0 ? 0 : rnd.nextLong());
                long index = rnd.nextLong();
                long[] java = new long[2];
                long[] fast = new long[2];
                key.hash(data, length, index, java);
                c.polynomialHash(key, data, length, index, fast);
                assertArrayEquals(java, fast, length + " bytes, trial " + trial);
            }
        }
    }

    @Test
    void hashExpansionIsBitIdenticalToTheJavaKernel() {
        Kernel c = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(19);
        randomKey(rnd, c, java);
        int[][] nm = {{1, 1}, {15, 1}, {16, 1}, {17, 1}, {256, 1}, {1, 2}, {7, 2}, {8, 2}, {9, 2}, {32, 2}, {128, 2},
                {256, 2}, {1, 3}, {5, 3}, {43, 3}, {256, 3}, {3, 4}, {256, 4}, {1, 6}, {37, 6}, {1, 7}, {9, 7},
                {73, 7}, {256, 7}, {1, 8}, {5, 8}, {256, 8}, {1, 16}, {5, 17}, {7, 24}, {3, 32}, {128, 32},
                {1, 128}, {3, 128}, {16, 128}, {32, 128}, {2, 2048}, {1, 4096}, {0, 5}, {4, 0}};
        for (int t = 0; t < nm.length + 20; t++) {
            int n = t < nm.length ? nm[t][0] : 1 + rnd.nextInt(256);
            int m = t < nm.length ? nm[t][1] : 1 + rnd.nextInt(4096 / n);
            int from = rnd.nextInt(6);
            long first = t % 3 == 0 ? -1 - rnd.nextInt(3 * Math.max(1, n * m)) : rnd.nextLong(); // some across the wrap
            long domain = rnd.nextLong();
            long[] in = random(rnd, 2 * (from + n + rnd.nextInt(3)));
            long[] a = new long[2 * (n * m + 3)];
            Arrays.fill(a, 0x5a5a5a5a5a5a5a5aL);
            long[] b = a.clone();
            c.crHashExpand(in, from, n, m, first, domain, a);
            java.crHashExpand(in, from, n, m, first, domain, b);
            assertArrayEquals(b, a, "hash expansion, from " + from + ", n " + n + ", m " + m);
        }
    }

    /**
     * The one-hot leaf stage ({@link Kernel#oneHotLeaves}) against the Java kernel's definition: up to 2^10 leaves,
     * m from 1 to 128 (odd, the C register groups' divisors and multiples), r from 1 to 64, random rows with some of
     * them 0 and some all ones, identity tables (2^n leaves, r = n, row i = i, as the outer product's), no skipped
     * leaf or a random one; tweaks across 2^64 now and then, and scratch of the gate's size or of just m blocks. Both
     * kernels' arrays start from the same filler, so a block left as it was or written past r·m or m shows too.
     */
    @Test
    void oneHotLeavesAreBitIdenticalToTheJavaDefinition() {
        Kernel c = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(29);
        randomKey(rnd, c, java);
        int t = 0;
        for (int m : new int[] {1, 2, 3, 7, 8, 32, 128}) {
            for (int r : new int[] {1, 5, 8, 16, 33, 64}) {
                long keep = r == 64 ? -1L : (1L << r) - 1;
                int leaves = t % 3 == 0 ? 1 << rnd.nextInt(11) : 1 + rnd.nextInt(1024);
                long[] rows = new long[leaves];
                for (int i = 0; i < leaves; i++) {
                    rows[i] = i % 7 == 2 ? 0 : i % 7 == 4 ? keep : rnd.nextLong() & keep;
                }
                oneHotLeavesAgree(c, java, rnd, leaves, m, rows, r, t++);
            }
        }
        for (int n = 0; n <= 10; n++) { // identity tables
            long[] rows = new long[1 << n];
            Arrays.setAll(rows, i -> i);
            oneHotLeavesAgree(c, java, rnd, 1 << n, new int[] {1, 8, 128}[n % 3], rows, Math.max(1, n), t++);
        }
    }

    /** One {@link #oneHotLeavesAreBitIdenticalToTheJavaDefinition} case; trial t picks the skip, tweaks and scratch. */
    private static void oneHotLeavesAgree(Kernel c, Kernel java, Random rnd, int leaves, int m, long[] rows, int r, int t) {
        long[] seeds = random(rnd, 2 * leaves);
        int skip = t % 2 == 0 || leaves == 0 ? -1 : rnd.nextInt(leaves);
        long first = t % 5 == 0 ? -1 - rnd.nextInt(Math.max(1, leaves * m)) : rnd.nextLong();
        long domain = t % 4 == 0 ? LabelHash.ONE_HOT_DOMAIN : rnd.nextLong();
        long[] scratch = new long[t % 3 == 0 ? 2 * m : Math.max(2 * m, 2 * 2048)];
        long[][] outs = new long[2][2 * r * m + 4];
        long[][] columns = new long[2][2 * m + 4];
        for (long[] a : new long[][] {outs[0], outs[1], columns[0], columns[1]}) {
            Arrays.fill(a, 0x5a5a5a5a5a5a5a5aL);
        }
        c.oneHotLeaves(seeds, leaves, m, first, domain, rows, r, skip, outs[0], columns[0], scratch);
        java.oneHotLeaves(seeds, leaves, m, first, domain, rows, r, skip, outs[1], columns[1], scratch);
        String what = "leaves " + leaves + ", m " + m + ", r " + r + ", skip " + skip;
        assertArrayEquals(columns[1], columns[0], "columns, " + what);
        assertArrayEquals(outs[1], outs[0], "outputs, " + what);
    }

    /** The checks before C (shared with the Java definition): nothing C would read or write outside its arrays. */
    @Test
    void oneHotLeavesRefuseWhatCWouldNotSurvive() {
        Kernel c = Kernels.create("native");
        long[] seeds = new long[2 * 8];
        long[] rows = {0, 1, 2, 3, 4, 5, 6, 7};
        long[] out = new long[2 * 3 * 4];
        long[] columns = new long[2 * 4];
        long[] scratch = new long[2 * 4];
        c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 3, -1, out, columns, scratch); // exactly fits
        List<Runnable> refused = List.of(
                () -> c.oneHotLeaves(seeds, 9, 4, 0, 0, rows, 3, -1, out, columns, scratch), // seeds and rows short
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, Arrays.copyOf(rows, 7), 3, -1, out, columns, scratch),
                () -> c.oneHotLeaves(seeds, 8, 5, 0, 0, rows, 3, -1, out, columns, scratch), // out, columns short
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 3, -1, out, new long[7], scratch),
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 3, -1, out, columns, new long[7]),
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 2, -1, out, columns, scratch), // row 4 has bit 2
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 65, -1, new long[2 * 65 * 4], columns, scratch),
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, -1, -1, out, columns, scratch),
                () -> c.oneHotLeaves(seeds, -1, 4, 0, 0, rows, 3, -1, out, columns, scratch),
                () -> c.oneHotLeaves(seeds, 8, 0, 0, 0, rows, 3, -1, out, columns, scratch),
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 3, -1, out, out, scratch), // aliasing
                () -> c.oneHotLeaves(out, 8, 4, 0, 0, rows, 3, -1, out, columns, scratch),
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, columns, 1, -1, out, columns, scratch),
                () -> c.oneHotLeaves(seeds, 8, 4, 0, 0, rows, 3, -1, out, columns, columns));
        for (int i = 0; i < refused.size(); i++) {
            assertThrows(IllegalArgumentException.class, refused.get(i)::run, "call " + i);
        }
    }

    /**
     * Whole one-hot gates (the tree with m = 2, the leaves at the widths the modules use) through either kernel: the
     * same ciphertexts and garbler's shares, and the same evaluator's shares from them, over several gates in a row
     * (the tweaks move on).
     */
    @Test
    void oneHotGatesAreIdenticalWithEitherKernel() {
        Random rnd = new Random(23);
        OneHotGate[] javaGates = {new OneHotGate(new JavaKernel()), new OneHotGate(new JavaKernel())};
        OneHotGate[] nativeGates = {new OneHotGate(Kernels.create("native")), new OneHotGate(Kernels.create("native"))};
        int[][] shapes = {{1, 1, 1}, {4, 8, 4}, {6, 128, 6}, {8, 8, 8}, {8, 1, 8}, {5, 33, 3}, {6, 2048, 2}};
        for (int[] shape : shapes) {
            int n = shape[0];
            int m = shape[1];
            int r = shape[2];
            long deltaLo = rnd.nextLong() | 1;
            long deltaHi = rnd.nextLong();
            long[] a = random(rnd, 2 * n);
            long[] b = random(rnd, 2 * m);
            long[] rows = new long[1 << n];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = rnd.nextLong() & ((1L << r) - 1);
            }
            int seen = rnd.nextInt(1 << n);
            long[][] outs = new long[4][2 * r * m];
            long[][] cts = new long[2][2 * OneHotGate.ciphertexts(n, m)];
            javaGates[0].garble(deltaLo, deltaHi, a, n, b, m, rows, r, outs[0], cts[0]);
            nativeGates[0].garble(deltaLo, deltaHi, a, n, b, m, rows, r, outs[1], cts[1]);
            String what = "n " + n + ", m " + m;
            assertArrayEquals(cts[0], cts[1], "ciphertexts, " + what);
            assertArrayEquals(outs[0], outs[1], "garbler's shares, " + what);
            javaGates[1].evaluate(a, n, seen, b, m, rows, r, outs[2], cts[0]);
            nativeGates[1].evaluate(a, n, seen, b, m, rows, r, outs[3], cts[0]);
            assertArrayEquals(outs[2], outs[3], "evaluator's shares, " + what);
        }
    }

    /** The C code trusts its lengths: the native kernel refuses what would read or write outside the arrays. */
    @Test
    void hashExpansionRefusesArraysTooShort() {
        Kernel c = Kernels.create("native");
        long[] in = new long[2 * 10];
        long[] out = new long[2 * 30];
        c.crHashExpand(in, 7, 3, 10, 0, 0, out); // exactly fits
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, 8, 3, 10, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, 0, 3, 11, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, -1, 3, 2, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, 0, -3, 2, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, 0, 3, -2, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, Integer.MAX_VALUE, 1, 1, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(in, 0, 1 << 16, 1 << 16, 0, 0, out));
        assertThrows(IllegalArgumentException.class, () -> c.crHashExpand(out, 0, 3, 2, 0, 0, out));
    }

    /**
     * Pieces of a circuit in one kernel call (applyEach's walk): the same tables, output labels and slot labels from the
     * native kernel as the Java definition's call per piece, the evaluator's labels likewise, and what does not fit
     * refused.
     */
    @ParameterizedTest
    @EnumSource(AndGateRule.class)
    void piecesOfACircuitAreBitIdenticalToACallEach(AndGateRule rule) {
        Kernel nat = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(90 + rule.ordinal());
        randomKey(rnd, nat, java);
        for (int trial = 0; trial < 40; trial++) {
            piecesMatchACallEach(rule, nat, java, rnd, randomAndXor(rnd, 40 + rnd.nextInt(200)), 1 + rnd.nextInt(9), false, trial);
        }
        CompiledCircuit c = randomAndXor(rnd, 50);
        int perPiece = c.counts().and() * rule.tableBlocks();
        long[] zero = new long[2 * c.slots()];
        long[] in = new long[2 * 3 * c.totalInputBits()];
        long[] out = new long[2 * 3 * c.totalOutputBits()];
        for (Kernel k : List.of(nat, java)) {
            ByteBuffer tooSmall = ByteBuffer.allocateDirect(16 * (3 * perPiece - 1));
            assertThrows(IllegalArgumentException.class, () -> k.garbleFreeXorEach(rule, c, 1, zero, 1, 0, tooSmall, in, 0, out, 0, 3));
            ByteBuffer room = ByteBuffer.allocateDirect(16 * 3 * perPiece);
            assertThrows(IllegalArgumentException.class, () -> k.garbleFreeXorEach(rule, c, 1, zero, 1, 0, room, in, 2, out, 0, 3), "in too short");
            assertThrows(IllegalArgumentException.class, () -> k.evaluateFreeXorEach(rule, c, 1, zero, room, in, 0, out, 1, 3), "out too short");
            assertThrows(IllegalArgumentException.class, () -> k.garbleFreeXorEach(rule, c, 1, new long[2], 1, 0, room, in, 0, out, 0, 3), "no slots");
        }
    }

    /** A linear map (a free-XOR call of a circuit of XORs): the same blocks from both kernels, and bad ranges refused. */
    @Test
    void xorTermsAreBitIdenticalAndRefuseWhatIsOutOfRange() {
        Kernel c = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(11);
        for (int outputs : new int[] {0, 1, 7, 128, 1000}) {
            int inBlocks = 1 + rnd.nextInt(300);
            int[] starts = new int[outputs + 1];
            for (int j = 0; j < outputs; j++) {
                starts[j + 1] = starts[j] + rnd.nextInt(9);
            }
            int[] terms = new int[starts[outputs]];
            for (int t = 0; t < terms.length; t++) {
                terms[t] = rnd.nextInt(inBlocks);
            }
            long[] in = new long[2 * inBlocks];
            for (int i = 0; i < in.length; i++) {
                in[i] = rnd.nextLong();
            }
            long[] a = new long[2 * outputs];
            long[] b = new long[2 * outputs];
            c.xorTerms(starts, terms, outputs, in, a);
            java.xorTerms(starts, terms, outputs, in, b);
            assertArrayEquals(b, a, outputs + " outputs");
        }
        long[] in = new long[2 * 4];
        long[] out = new long[2 * 2];
        for (Kernel k : List.of(c, java)) {
            k.xorTerms(new int[] {0, 2, 3}, new int[] {0, 3, 1}, 2, in, out); // fits
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {0, 2, 3}, new int[] {0, 4, 1}, 2, in, out), "term past in");
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {0, 2, 3}, new int[] {0, -1, 1}, 2, in, out), "negative term");
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {0, 2, 4}, new int[] {0, 3, 1}, 2, in, out), "start past terms");
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {0, 2, 1}, new int[] {0, 3, 1}, 2, in, out), "falling starts");
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {0, 2}, new int[] {0, 3, 1}, 2, in, out), "too few starts");
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {0, 1, 2, 3}, new int[] {0, 3, 1}, 3, in, out), "out too short");
            assertThrows(IllegalArgumentException.class, () -> k.xorTerms(new int[] {1, 2, 3}, new int[] {0, 3, 1}, 2, in, out), "first start not 0");
        }
    }

    /**
     * Pieces side by side (a label array with room for each piece's slots): the C kernel takes each AND batch from
     * every piece at once, and must give the same tables, output labels and final slot labels as the Java definition's
     * call per piece. Up to 40 pieces of circuits whose AND gates are batches of one, so a batch across the pieces
     * passes the lockstep step's 256 gates; and the evaluator likewise.
     */
    @ParameterizedTest
    @EnumSource(AndGateRule.class)
    void piecesInLockstepAreBitIdenticalToACallEach(AndGateRule rule) {
        Kernel nat = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(190 + rule.ordinal());
        randomKey(rnd, nat, java);
        for (int trial = 0; trial < 30; trial++) {
            CompiledCircuit c = trial % 3 == 0 ? wideBatches(rnd) : randomAndXor(rnd, 20 + rnd.nextInt(120));
            int pieces = 2 + rnd.nextInt(trial % 2 == 0 ? 8 : 39);
            assertEquals(pieces * c.slots(), nat.eachSlots(c, pieces), "room for every piece");
            piecesMatchACallEach(rule, nat, java, rnd, c, pieces, true, trial);
        }
    }

    /**
     * {@code pieces} pieces of {@code c} through the native kernel, its label arrays with room for every piece's slots
     * ({@code sideBySide}) or for one piece's, against the Java definition's call a piece: the same tables, output labels
     * and final slot labels; then the evaluator on the active labels of random inputs likewise, each output label one of
     * its wire's two.
     */
    private static void piecesMatchACallEach(AndGateRule rule, Kernel nat, Kernel java, Random rnd, CompiledCircuit c, int pieces,
                                             boolean sideBySide, int trial) {
        int nativeSlots = sideBySide ? nat.eachSlots(c, pieces) : c.slots();
        int perPiece = c.counts().and() * rule.tableBlocks();
        long[] in = random(rnd, 2 * pieces * c.totalInputBits() + 6);
        long dLo = rnd.nextLong() | 1;
        long dHi = rnd.nextLong();
        long[] zeroJava = random(rnd, 2 * c.slots());
        long[] zeroNative = Arrays.copyOf(zeroJava, 2 * nativeSlots);
        ByteBuffer tablesJava = ByteBuffer.allocateDirect(16 * perPiece * pieces + 32).order(ByteOrder.LITTLE_ENDIAN).position(16);
        ByteBuffer tablesNative = ByteBuffer.allocateDirect(16 * perPiece * pieces + 32).order(ByteOrder.LITTLE_ENDIAN).position(16);
        long[] outJava = new long[2 * pieces * c.totalOutputBits() + 4];
        long[] outNative = new long[outJava.length];
        java.garbleFreeXorEach(rule, c, 77, zeroJava, dLo, dHi, tablesJava, in, 6, outJava, 4, pieces);
        nat.garbleFreeXorEach(rule, c, 77, zeroNative, dLo, dHi, tablesNative, in, 6, outNative, 4, pieces);
        assertEquals(tablesJava.rewind(), tablesNative.rewind(), "tables, trial " + trial);
        assertArrayEquals(outJava, outNative, "output labels, trial " + trial);
        assertArrayEquals(zeroJava, Arrays.copyOf(zeroNative, zeroJava.length), "slot labels, trial " + trial);
        // The evaluator on the active labels of random inputs: each output label is one of its wire's two.
        long[] active = in.clone();
        for (int b = 3; b < active.length / 2; b++) {
            if (rnd.nextBoolean()) {
                active[2 * b] ^= dLo;
                active[2 * b + 1] ^= dHi;
            }
        }
        long[] gotJava = new long[outJava.length];
        long[] gotNative = new long[outJava.length];
        java.evaluateFreeXorEach(rule, c, 77, random(rnd, 2 * c.slots()), tablesJava.position(16), active, 6, gotJava, 4, pieces);
        nat.evaluateFreeXorEach(rule, c, 77, random(rnd, 2 * nativeSlots), tablesNative.position(16), active, 6, gotNative, 4, pieces);
        assertArrayEquals(gotJava, gotNative, "evaluated labels, trial " + trial);
        for (int b = 2; b < outJava.length / 2; b++) {
            long lo = gotNative[2 * b] ^ outJava[2 * b];
            long hi = gotNative[2 * b + 1] ^ outJava[2 * b + 1];
            assertTrue(lo == 0 && hi == 0 || lo == dLo && hi == dHi, "output " + b + " holds a label of its wire, trial " + trial);
        }
    }

    /** Every path this CPU has, each compared with the Java kernel as the widest is by the other tests. */
    @Test
    void everyPathTheCpuHasIsBitIdenticalToTheJavaKernel() {
        NativePath widest = NativePath.widest();
        try {
            for (NativePath p : NativePath.values()) {
                if (p.ordinal() > widest.ordinal()) {
                    continue;
                }
                NativePath.limit(p);
                assertEquals(p, NativePath.current());
                everyOperationIsBitIdenticalToTheJavaKernel();
                hashExpansionIsBitIdenticalToTheJavaKernel();
                polynomialHashIsBitIdenticalToTheJavaDefinition();
                oneHotLeavesAreBitIdenticalToTheJavaDefinition();
                oneHotGatesAreIdenticalWithEitherKernel();
                for (String scheme : io.yaostream.core.garble.Schemes.names()) {
                    garbledTablesAreIdenticalWithEitherKernel(scheme);
                }
                for (AndGateRule rule : AndGateRule.values()) {
                    freeXorWalksAreBitIdenticalWhateverTheBufferSize(rule);
                }
                prfOnlyWalksAreBitIdenticalWhateverTheCapacity();
                for (AndGateRule rule : AndGateRule.values()) {
                    piecesInLockstepAreBitIdenticalToACallEach(rule);
                }
            }
        } finally {
            NativePath.limit(NativePath.VAES512);
        }
        assertEquals(widest, NativePath.current());
    }

    @Test
    void edwardsMultiplicationAgreesWithBouncyCastle() {
        EdwardsArithmeticChecks.agreesWithBouncyCastle(Kernels.create("native").edwards25519());
    }

    /**
     * Random digits (any in [-8, 8], not only those of recoded scalars; extreme ones included), points made from
     * them, and every chunk boundary of the C encoder (16 points): the same bytes as the Java arithmetic.
     */
    @Test
    void edwardsMultiplicationIsBitIdenticalToJava() {
        EdwardsArithmetic c = Kernels.create("native").edwards25519();
        EdwardsArithmetic java = new JavaKernel().edwards25519();
        Random rnd = new Random(11);
        int point = EdwardsArithmetic.POINT_BYTES;
        int scalars = 40;
        byte[] digits = new byte[scalars * EdwardsArithmetic.DIGITS];
        for (int i = 0; i < digits.length; i++) {
            digits[i] = (byte) (i < EdwardsArithmetic.DIGITS ? 8 : i < 2 * EdwardsArithmetic.DIGITS ? -8 : rnd.nextInt(17) - 8);
        }
        byte[] points = new byte[scalars * point];
        byte[] other = new byte[scalars * point];
        java.base().multiply(digits, 0, scalars, points, 0);
        c.base().multiply(digits, 0, scalars, other, 0);
        assertArrayEquals(points, other, "base point's table");

        EdwardsArithmetic.FixedPoint javaTable = java.fixedPoint(Arrays.copyOfRange(points, 5 * point, 6 * point));
        EdwardsArithmetic.FixedPoint cTable = c.fixedPoint(Arrays.copyOfRange(points, 5 * point, 6 * point));
        byte[] a = new byte[(scalars + 1) * point];
        byte[] b = new byte[(scalars + 1) * point];
        javaTable.multiply(digits, 3, scalars, a, point);
        cTable.multiply(digits, 3, scalars, b, point);
        assertArrayEquals(a, b, "a point's table");

        byte[] step = Arrays.copyOfRange(points, 7 * point, 8 * point);
        for (int steps : new int[] {0, 1, 5, 16, 17}) {
            byte[] x = new byte[(3 * steps + 1) * point];
            byte[] y = new byte[(3 * steps + 1) * point];
            byte[] k = Arrays.copyOfRange(digits, (2 + steps) * EdwardsArithmetic.DIGITS, (3 + steps) * EdwardsArithmetic.DIGITS);
            java.multiplyPoints(points, 9, 12, k, step, steps, x, point);
            c.multiplyPoints(points, 9, 12, k, step, steps, y, point);
            assertArrayEquals(x, y, "variable base, " + steps + " steps");
        }
    }

    /** The base OTs with the C arithmetic at both ends, over two threads: each output is the chosen message. */
    @Test
    void baseOtsDeliverTheChosenMessagesWithTheCArithmetic() throws Exception {
        int k = 130; // a partial group at the end
        Random rnd = new Random(5);
        long[] m0 = random(rnd, 2 * k);
        long[] m1 = random(rnd, 2 * k);
        boolean[] choices = new boolean[k];
        for (int i = 0; i < k; i++) {
            choices[i] = rnd.nextBoolean();
        }
        long[] out = new long[2 * k];
        MemoryChannel[] ends = MemoryChannel.pair(1 << 16);
        Kernel kernel = Kernels.create("native");
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> new EcBaseOt(2, kernel).send(ends[0], m0, m1, k));
        new EcBaseOt(2, kernel).receive(ends[1], choices, out, k);
        sender.get(30, TimeUnit.SECONDS);
        for (int i = 0; i < k; i++) {
            long[] m = choices[i] ? m1 : m0;
            assertEquals(m[2 * i], out[2 * i], "OT " + i);
            assertEquals(m[2 * i + 1], out[2 * i + 1], "OT " + i);
        }
    }

    static List<String> schemes() {
        return Schemes.names();
    }

    /** The schemes that walk a circuit read from its file: all but the fleXOR ones, whose wire ordering needs it whole. */
    static List<String> streamingSchemes() {
        return Schemes.names().stream().filter(n -> !n.startsWith("flexor-")).toList();
    }

    /** The fleXOR schemes refuse a circuit read from its file, in one line, before anything is written. */
    @org.junit.jupiter.api.Test
    void flexorSchemesRefuseAStreamedCircuit(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        CompiledCircuit s = StreamedWalks.streamed(TestCircuits.random(new Random(5), 500), dir, 64);
        for (String name : Schemes.names()) {
            if (name.startsWith("flexor-")) {
                io.yaostream.core.garble.GarblingException e = org.junit.jupiter.api.Assertions.assertThrows(
                        io.yaostream.core.garble.GarblingException.class, () -> StreamedWalks.material(Schemes.byName(name), new JavaKernel(), s, 1));
                assertTrue(e.getMessage().contains("in memory"), e.getMessage());
            }
        }
    }

    /**
     * A circuit read from its file in blocks of a few gates (AND batches split between blocks, except prf-only's):
     * the native kernel garbles it to the Java kernel's material for the circuit in memory, and evaluates it.
     */
    @ParameterizedTest
    @MethodSource("streamingSchemes")
    void streamedCircuitsGiveTheInMemoryMaterialWithEitherKernel(String name, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = Kernels.create("native");
        for (int seed = 0; seed < 40; seed++) {
            Random rnd = new Random(seed);
            CompiledCircuit c = TestCircuits.random(rnd, 1 + rnd.nextInt(seed % 5 == 0 ? 3000 : 300));
            CompiledCircuit s = StreamedWalks.streamed(c, dir, 16L * (1 + rnd.nextInt(24)));
            StreamedWalks.assertSameAsInMemory(scheme, kernel, c, s, seed);
            assertArrayEquals(StreamedWalks.material(scheme, new JavaKernel(), c, seed),
                    StreamedWalks.material(scheme, kernel, s, seed), name + ", seed " + seed);
        }
    }

    /** Same seed, same circuit: the two kernels write the same garbled tables, and both decode correctly. */
    @ParameterizedTest
    @MethodSource("schemes")
    void garbledTablesAreIdenticalWithEitherKernel(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Random rnd = new Random(name.hashCode());
        for (int trial = 0; trial < 20; trial++) {
            CompiledCircuit c = randomAndXor(rnd, 64 + rnd.nextInt(300));
            assertArrayEquals(tables(scheme, new JavaKernel(), c, trial), tables(scheme, Kernels.create("native"), c, trial), name);
            BitString[] in = {bits(rnd, 32), bits(rnd, 32)};
            Kernel k = Kernels.create("native");
            assertArrayEquals(new PlainEvaluator().evaluate(c, in),
                    new LocalGarbling(scheme, k, k, AesCtrRandom.forTesting(trial)).run(c, in).outputs(), name);
        }
    }

    /** A circuit copied side by side ({@code run --repeat}'s calls): its wider batches give the same tables with either kernel. */
    @ParameterizedTest
    @MethodSource("schemes")
    void circuitsCopiedSideBySideGiveTheSameTablesWithEitherKernel(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Random rnd = new Random(name.hashCode() + 1);
        for (int trial = 0; trial < 8; trial++) {
            CompiledCircuit c = SideBySide.of(randomAndXor(rnd, 64 + rnd.nextInt(300)), 2 + trial % 7);
            assertArrayEquals(tables(scheme, new JavaKernel(), c, trial), tables(scheme, Kernels.create("native"), c, trial), name);
        }
    }

    /** Gives every kernel one random Kπ, as a session does: the comparisons hold under any key, not just one. */
    private static void randomKey(Random rnd, Kernel... kernels) {
        long lo = rnd.nextLong();
        long hi = rnd.nextLong();
        for (Kernel k : kernels) {
            k.setFixedKey(lo, hi);
        }
    }

    /**
     * Kernels of different keys used in turn on one thread, and one kernel from another thread: C keeps one expanded key
     * per thread and must expand it again whenever the kernel calling it has another. Every operation that uses π, each
     * against a Java kernel of the same key; then a kernel whose key changes between calls.
     */
    @Test
    void eachKernelUsesItsOwnKeyFromAnyThread() throws Exception {
        Random rnd = new Random(77);
        Kernel[] nat = {Kernels.create("native"), Kernels.create("native")};
        Kernel[] java = {new JavaKernel(), new JavaKernel()};
        for (int i = 0; i < 2; i++) {
            randomKey(rnd, nat[i], java[i]);
        }
        CompiledCircuit c = randomAndXor(rnd, 200);
        long[] zero = random(rnd, 2 * c.slots());
        long dLo = rnd.nextLong() | 1;
        long dHi = rnd.nextLong();
        long[] in = random(rnd, 2 * 40);
        for (int round = 0; round < 6; round++) {
            int i = round % 2;
            assertKernelsAgree(nat[i], java[i], c, zero, dLo, dHi, in, "kernel " + i + ", round " + round);
        }
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            for (int i = 0; i < 2; i++) {
                int k = i;
                other.submit(() -> assertKernelsAgree(nat[k], java[k], c, zero, dLo, dHi, in, "kernel " + k + " on another thread")).get();
            }
        } finally {
            other.shutdown();
        }
        for (int round = 0; round < 3; round++) {
            randomKey(rnd, nat[0], java[0]);
            assertKernelsAgree(nat[0], java[0], c, zero, dLo, dHi, in, "a new key, round " + round);
        }
        long[] a = new long[2];
        long[] b = new long[2];
        nat[0].setFixedKey(nat[1].fixedKeyLo(), nat[1].fixedKeyHi());
        nat[0].fixedKeyEncrypt(in, a, 1);
        nat[1].fixedKeyEncrypt(in, b, 1);
        assertArrayEquals(b, a, "one key, one permutation");
    }

    private static void assertKernelsAgree(Kernel nat, Kernel java, CompiledCircuit c, long[] zero, long dLo, long dHi, long[] in,
                                           String what) {
        int n = in.length / 2;
        long[] a = new long[4 * n];
        long[] b = new long[4 * n];
        nat.fixedKeyEncrypt(in, a, n);
        java.fixedKeyEncrypt(in, b, n);
        assertArrayEquals(b, a, "fixed-key AES, " + what);
        nat.crHashRangeWithOffset(in, dLo, dHi, 5, 2, a, n);
        java.crHashRangeWithOffset(in, dLo, dHi, 5, 2, b, n);
        assertArrayEquals(b, a, "hash range, " + what);
        nat.crHashExpand(in, 0, n / 2, 2, 9, 3, a);
        java.crHashExpand(in, 0, n / 2, 2, 9, 3, b);
        assertArrayEquals(b, a, "hash expansion, " + what);
        long[] scratch = new long[2 * n];
        LabelHash.TMMO.hash(nat, in, new long[n], LabelHash.OUTPUT_DOMAIN, a, scratch, n);
        LabelHash.TMMO.hash(java, in, new long[n], LabelHash.OUTPUT_DOMAIN, b, scratch, n);
        assertArrayEquals(b, a, "TMMO, " + what);
        for (AndGateRule rule : new AndGateRule[] {AndGateRule.HALF_GATES, AndGateRule.HALF_GATES_SIGMA, AndGateRule.GRR3}) {
            Walked expected = garbleWalk(java, rule, c, zero, dLo, dHi, 4096, new ArrayList<>(), false);
            Walked got = garbleWalk(nat, rule, c, zero, dLo, dHi, 4096, new ArrayList<>(), false);
            assertArrayEquals(expected.tables(), got.tables(), rule + " tables, " + what);
            assertArrayEquals(expected.labels(), got.labels(), rule + " labels, " + what);
        }
    }

    /** A garbler's or evaluator's walk through a whole circuit by one kernel: tables, labels, constants. */
    private record Walked(long[] tables, long[] labels) {
    }

    /**
     * Garbles all of {@code c} with {@code kernel}, {@code capacity} table blocks per call, into an array or, with
     * {@code intoBuffer}, into a direct buffer at an unaligned position (as in a network frame); a constant gate
     * gets a label made from its position, and its active label is appended to {@code constants}.
     */
    private static Walked garbleWalk(Kernel kernel, AndGateRule rule, CompiledCircuit c, long[] zero0, long dLo, long dHi,
                                     int capacity, List<long[]> constants, boolean intoBuffer) {
        long[] zero = zero0.clone();
        long[] all = new long[2 * rule.tableBlocks() * c.counts().and()];
        long[] buf = new long[2 * capacity];
        ByteBuffer direct = ByteBuffer.allocateDirect(16 * capacity + 4).position(4);
        GateCursor at = new GateCursor();
        at.start(5);
        int written = 0;
        while (at.gate() < c.gateCount()) {
            int blocks;
            if (intoBuffer) {
                blocks = kernel.garbleFreeXor(rule, c, at, zero, dLo, dHi, direct, capacity);
                assertEquals(4, direct.position(), "the buffer's position is not moved");
                direct.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(buf, 0, 2 * blocks);
            } else {
                blocks = kernel.garbleFreeXor(rule, c, at, zero, dLo, dHi, buf, capacity);
            }
            assertTrue(blocks <= capacity && blocks % rule.tableBlocks() == 0, "blocks " + blocks);
            System.arraycopy(buf, 0, all, 2 * written, 2 * blocks);
            written += blocks;
            assertEquals(5 + written / rule.tableBlocks(), at.gateIndex(), "gate index follows the AND gates");
            if (at.gate() < c.gateCount() && GateOp.isConstant(c.op(at.gate()))) {
                int out = c.out(at.gate());
                long not = (GateOp.freeForm(c.op(at.gate())) & GateOp.FREE_NOT) != 0 ? -1 : 0;
                zero[2 * out] = 0x9e3779b97f4a7c15L * (at.gate() + 1);
                zero[2 * out + 1] = ~zero[2 * out];
                constants.add(new long[] {zero[2 * out] ^ (dLo & not), zero[2 * out + 1] ^ (dHi & not)});
                at.skipConstant();
            }
        }
        assertEquals(all.length / 2, written, rule.tableBlocks() + " blocks per AND gate");
        return new Walked(all, zero);
    }

    /**
     * Evaluates all of {@code c} from {@code tables}, offering the kernel up to {@code chunk} blocks per call, from an
     * array or, with {@code fromBuffer}, from a direct buffer at an unaligned position.
     */
    private static long[] evaluateWalk(Kernel kernel, AndGateRule rule, CompiledCircuit c, long[] label0, long[] tables,
                                       int chunk, List<long[]> constants, boolean fromBuffer) {
        long[] label = label0.clone();
        long[] buf = new long[2 * chunk];
        ByteBuffer direct = ByteBuffer.allocateDirect(16 * chunk + 4).position(4);
        GateCursor at = new GateCursor();
        at.start(5);
        int pos = 0;
        int constant = 0;
        while (at.gate() < c.gateCount()) {
            int n = Math.min(chunk, tables.length / 2 - pos);
            int used;
            if (fromBuffer) {
                direct.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(tables, 2 * pos, 2 * n);
                used = kernel.evaluateFreeXor(rule, c, at, label, direct, n);
                assertEquals(4, direct.position(), "the buffer's position is not moved");
            } else {
                System.arraycopy(tables, 2 * pos, buf, 0, 2 * n);
                used = kernel.evaluateFreeXor(rule, c, at, label, buf, n);
            }
            assertTrue(used <= n && used % rule.tableBlocks() == 0, "used " + used + " of " + n);
            pos += used;
            if (at.gate() < c.gateCount() && GateOp.isConstant(c.op(at.gate()))) {
                long[] l = constants.get(constant++);
                label[2 * c.out(at.gate())] = l[0];
                label[2 * c.out(at.gate()) + 1] = l[1];
                at.skipConstant();
            }
        }
        assertEquals(tables.length / 2, pos, "every table block used");
        return label;
    }

    /**
     * The free-XOR walk of the native kernel against the Java kernel's, for every rule, on random circuits with
     * every op (constants, INV, XNOR, all AND-type tables, random batches) and table buffers from one gate up:
     * the same tables and labels; and the evaluator ends with, on every slot, one of the garbler's two labels.
     */
    @ParameterizedTest
    @EnumSource(AndGateRule.class)
    void freeXorWalksAreBitIdenticalWhateverTheBufferSize(AndGateRule rule) {
        Kernel nat = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(40 + rule.ordinal());
        randomKey(rnd, nat, java);
        for (int trial = 0; trial < 300; trial++) {
            CompiledCircuit c = trial % 4 == 0 ? randomAndXor(rnd, 64 + rnd.nextInt(600)) : TestCircuits.random(rnd, 1 + rnd.nextInt(300));
            long[] zero = random(rnd, 2 * c.slots());
            long dLo = rnd.nextLong() | 1;
            long dHi = rnd.nextLong();
            List<long[]> constants = new ArrayList<>();
            Walked expected = garbleWalk(java, rule, c, zero, dLo, dHi, 4096, constants, false);
            long[] active = zero.clone();
            for (int s = 0; s < c.slots(); s++) {
                if (rnd.nextBoolean()) {
                    active[2 * s] ^= dLo;
                    active[2 * s + 1] ^= dHi;
                }
            }
            long[] expectedLabels = evaluateWalk(java, rule, c, active, expected.tables(), 4096, constants, false);
            for (int s = 0; s < c.slots(); s++) {
                long lo = expectedLabels[2 * s] ^ expected.labels()[2 * s];
                long hi = expectedLabels[2 * s + 1] ^ expected.labels()[2 * s + 1];
                assertTrue(lo == 0 && hi == 0 || lo == dLo && hi == dHi, "slot " + s + " holds a label of its wire");
            }
            for (int capacity : new int[] {rule.tableBlocks(), rule.tableBlocks() + 1, rule.tableBlocks() + rnd.nextInt(70), 4096}) {
                List<long[]> nativeConstants = new ArrayList<>();
                Walked got = garbleWalk(nat, rule, c, zero, dLo, dHi, capacity, nativeConstants, false);
                assertArrayEquals(expected.tables(), got.tables(), "tables, capacity " + capacity + ", trial " + trial);
                assertArrayEquals(expected.labels(), got.labels(), "labels, capacity " + capacity + ", trial " + trial);
                for (Kernel k : new Kernel[] {nat, java}) {
                    Walked viaBuffer = garbleWalk(k, rule, c, zero, dLo, dHi, capacity, new ArrayList<>(), true);
                    assertArrayEquals(expected.tables(), viaBuffer.tables(), k.name() + " into a buffer, capacity " + capacity);
                    assertArrayEquals(expected.labels(), viaBuffer.labels(), k.name() + " into a buffer, capacity " + capacity);
                }
                assertArrayEquals(expectedLabels, evaluateWalk(nat, rule, c, active, expected.tables(), capacity, constants, false),
                        "evaluated labels, chunk " + capacity + ", trial " + trial);
                for (Kernel k : new Kernel[] {nat, java}) {
                    assertArrayEquals(expectedLabels, evaluateWalk(k, rule, c, active, expected.tables(), capacity, constants, true),
                            k.name() + " evaluated from a buffer, chunk " + capacity + ", trial " + trial);
                }
            }
        }
    }

    /** A prf-only garbler's walk by one kernel: every block and nibble in stream order, and the label pairs. */
    private record PrfWalk(long[] blocks, byte[] nibbles, long[] pair) {
    }

    /**
     * Garbles all of {@code c} with prf-only's kernel operations, {@code capacity} XOR blocks per free call; a
     * constant gets a pair made from its position, its active label appended to {@code constants}; AND gate k of the
     * circuit takes its output colour from bit k of the hash of the trial.
     */
    private static PrfWalk garblePrfOnly(Kernel kernel, CompiledCircuit c, long[] pair0, int capacity, List<long[]> constants) {
        long[] pair = pair0.clone();
        long[] buf = new long[Math.max(2 * capacity, 4 * c.gateCount())];
        long[] all = new long[2 * (c.counts().xor() + c.counts().constants() + 2 * c.counts().and())];
        byte[] nibbles = new byte[c.counts().and() + 1];
        byte[] colours = new byte[c.gateCount()];
        int written = 0;
        int nib = 0;
        GateCursor at = new GateCursor();
        at.start(7);
        while (at.gate() < c.gateCount()) {
            int blocks = kernel.garblePrfOnlyFree(c, at, pair, buf, capacity);
            assertTrue(blocks <= capacity, "blocks " + blocks);
            System.arraycopy(buf, 0, all, 2 * written, 2 * blocks);
            written += blocks;
            if (at.gate() == c.gateCount()) {
                break;
            }
            int g = at.gate();
            if (GateOp.isConstant(c.op(g))) {
                int out = c.out(g);
                pair[4 * out] = 0x9e3779b97f4a7c15L * (g + 1) & ~1L;
                pair[4 * out + 1] = g;
                pair[4 * out + 2] = ~pair[4 * out] | 1;
                pair[4 * out + 3] = -g;
                int v = (GateOp.freeForm(c.op(g)) & GateOp.FREE_NOT) != 0 ? 2 : 0;
                constants.add(new long[] {pair[4 * out + v], pair[4 * out + v + 1]});
                all[2 * written] = pair[4 * out + v];
                all[2 * written + 1] = pair[4 * out + v + 1];
                written++;
                at.skipConstant();
            } else if (at.batch() < c.andBatchCount() && c.andBatchStart(at.batch()) == g) {
                int n = c.andBatchLength(at.batch());
                for (int k = 0; k < n; k++) {
                    colours[k] = (byte) ((g * 31 + k * 7) >> 2);
                }
                byte[] nb = new byte[(n + 1) / 2];
                kernel.garblePrfOnlyAnds(c, at, pair, colours, buf, nb);
                System.arraycopy(buf, 0, all, 2 * written, 4 * n);
                written += 2 * n;
                System.arraycopy(nb, 0, nibbles, nib, nb.length);
                nib += nb.length;
            }
        }
        assertEquals(all.length / 2, written, "a block per XOR gate and constant, two per AND gate");
        return new PrfWalk(all, Arrays.copyOf(nibbles, nib), pair);
    }

    /** The evaluator's walk over {@link #garblePrfOnly}'s material, {@code chunk} XOR blocks per free call at most. */
    private static long[] evaluatePrfOnly(Kernel kernel, CompiledCircuit c, long[] label0, PrfWalk g, int chunk,
                                          List<long[]> constants) {
        long[] label = label0.clone();
        long[] buf = new long[Math.max(2 * chunk, 4 * c.gateCount())];
        int pos = 0;
        int nib = 0;
        int constant = 0;
        GateCursor at = new GateCursor();
        at.start(7);
        while (at.gate() < c.gateCount()) {
            int n = Math.min(chunk, g.blocks().length / 2 - pos);
            System.arraycopy(g.blocks(), 2 * pos, buf, 0, 2 * n);
            int used = kernel.evaluatePrfOnlyFree(c, at, label, buf, n);
            pos += used;
            if (at.gate() == c.gateCount()) {
                break;
            }
            int gate = at.gate();
            if (GateOp.isConstant(c.op(gate))) {
                long[] l = constants.get(constant++);
                label[2 * c.out(gate)] = l[0];
                label[2 * c.out(gate) + 1] = l[1];
                pos++;
                at.skipConstant();
            } else if (at.batch() < c.andBatchCount() && c.andBatchStart(at.batch()) == gate) {
                int ands = c.andBatchLength(at.batch());
                System.arraycopy(g.blocks(), 2 * pos, buf, 0, 4 * ands);
                byte[] nb = Arrays.copyOfRange(g.nibbles(), nib, nib + (ands + 1) / 2);
                assertEquals(0, kernel.evaluatePrfOnlyAnds(c, at, label, buf, nb), "AND batch at gate " + gate);
                pos += 2 * ands;
                nib += nb.length;
            }
        }
        assertEquals(g.blocks().length / 2, pos, "every block used");
        return label;
    }

    /**
     * prf-only's walks, native against Java, on random circuits with every op and slot reuse, with free calls from
     * one block up: the same material and labels; the evaluator ends with one of the garbler's two labels on every
     * slot; and altered material is refused the same way by both kernels.
     */
    @Test
    void prfOnlyWalksAreBitIdenticalWhateverTheCapacity() {
        Kernel nat = Kernels.create("native");
        Kernel java = new JavaKernel();
        Random rnd = new Random(77);
        for (int trial = 0; trial < 200; trial++) {
            CompiledCircuit c = trial % 4 == 0 ? randomAndXor(rnd, 64 + rnd.nextInt(600)) : TestCircuits.random(rnd, 1 + rnd.nextInt(300));
            long[] pair = random(rnd, 4 * c.slots());
            for (int s = 0; s < c.slots(); s++) {
                pair[4 * s + 2] = (pair[4 * s + 2] & ~1L) | (~pair[4 * s] & 1); // opposite colours
            }
            List<long[]> constants = new ArrayList<>();
            PrfWalk expected = garblePrfOnly(java, c, pair, 4096, constants);
            long[] active = new long[2 * c.slots()];
            for (int s = 0; s < c.slots(); s++) {
                int v = rnd.nextBoolean() ? 2 : 0;
                active[2 * s] = pair[4 * s + v];
                active[2 * s + 1] = pair[4 * s + v + 1];
            }
            long[] expectedLabels = evaluatePrfOnly(java, c, active, expected, 4096, constants);
            for (int s = 0; s < c.slots(); s++) {
                long lo = expectedLabels[2 * s];
                long hi = expectedLabels[2 * s + 1];
                long[] p = expected.pair();
                assertTrue(lo == p[4 * s] && hi == p[4 * s + 1] || lo == p[4 * s + 2] && hi == p[4 * s + 3],
                        "slot " + s + " holds a label of its wire, trial " + trial);
            }
            for (int capacity : new int[] {1, 2, 1 + rnd.nextInt(70), 4096}) {
                PrfWalk got = garblePrfOnly(nat, c, pair, capacity, new ArrayList<>());
                assertArrayEquals(expected.blocks(), got.blocks(), "blocks, capacity " + capacity + ", trial " + trial);
                assertArrayEquals(expected.nibbles(), got.nibbles(), "nibbles, capacity " + capacity + ", trial " + trial);
                assertArrayEquals(expected.pair(), got.pair(), "pairs, capacity " + capacity + ", trial " + trial);
                assertArrayEquals(expectedLabels, evaluatePrfOnly(nat, c, active, expected, capacity, constants),
                        "evaluated labels, chunk " + capacity + ", trial " + trial);
            }
            if (c.counts().and() > 0) {
                // A table's colour bit, then an odd batch's padding: both kernels give the same answer.
                int b = rnd.nextInt(c.andBatchCount());
                for (Kernel k : new Kernel[] {nat, java}) {
                    long[] label = active.clone();
                    GateCursor at = new GateCursor();
                    at.moveTo(c.andBatchStart(b), b, 7);
                    int n = c.andBatchLength(b);
                    long[] tables = new long[4 * n];
                    int bad = rnd.nextInt(n);
                    tables[4 * bad + 2 * rnd.nextInt(2)] |= 1;
                    byte[] nb = new byte[(n + 1) / 2];
                    assertEquals(1 + bad, k.evaluatePrfOnlyAnds(c, at, label, tables, nb), k.name() + " colour bit");
                    assertEquals(c.andBatchStart(b), at.gate(), "the cursor stays");
                    if (n % 2 == 1) {
                        nb[n / 2] = (byte) 0x10;
                        assertEquals(-1, k.evaluatePrfOnlyAnds(c, at, label, new long[4 * n], nb), k.name() + " padding");
                    }
                }
            }
        }
    }

    private static byte[] tables(GarblingScheme scheme, Kernel kernel, CompiledCircuit c, long seed) {
        long[] key = AesCtrRandom.forTesting(seed).derive(0x01, 0); // a session's Kπ, as its garbler derives it
        kernel.setFixedKey(key[0], key[1]);
        GarblerCore g = scheme.newGarbler(kernel, AesCtrRandom.forTesting(seed));
        g.ensureSlots(c.slots());
        for (int s : c.inputSlotsView()) {
            g.newInputLabels(s);
        }
        MemoryGarbledStream stream = new MemoryGarbledStream();
        g.garble(c, stream);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (stream.available() > 0) {
            out.write(stream.readByte());
        }
        return out.toByteArray();
    }

    /** Random gates of every AND-type table, XOR, XNOR and INV over two 32-bit inputs (default batches: long runs). */
    /** 64 input bits, then layers of independent AND gates (batches of 8 to 40) with XORs between. */
    private static CompiledCircuit wideBatches(Random rnd) {
        int[] a = new int[32];
        int[] b = new int[32];
        for (int i = 0; i < 32; i++) {
            a[i] = i;
            b[i] = 32 + i;
        }
        int layers = 1 + rnd.nextInt(4);
        int[] widths = new int[layers];
        int gates = 0;
        for (int l = 0; l < layers; l++) {
            widths[l] = 8 + rnd.nextInt(33);
            gates += 2 * widths[l];
        }
        CompiledCircuit.Builder bld = new CompiledCircuit.Builder(64 + gates).input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        int next = 64;
        int[] ands = {1, 2, 4, 7, 8, 11, 13, 14};
        for (int l = 0; l < layers; l++) {
            int start = next;
            for (int k = 0; k < widths[l]; k++) {
                bld.gate(ands[rnd.nextInt(ands.length)], rnd.nextInt(start), rnd.nextInt(start), next++);
            }
            bld.andBatch(next - 64 - widths[l], widths[l]);
            for (int k = 0; k < widths[l]; k++) {
                bld.gate(GateOp.XOR, rnd.nextInt(next), rnd.nextInt(next), next++);
            }
        }
        int[] out = new int[32];
        for (int i = 0; i < 32; i++) {
            out[i] = next - 1 - i;
        }
        return bld.output("o", Receiver.BOTH, out).build();
    }

    private static CompiledCircuit randomAndXor(Random rnd, int gates) {
        int[] a = new int[32];
        int[] b = new int[32];
        for (int i = 0; i < 32; i++) {
            a[i] = i;
            b[i] = 32 + i;
        }
        int slots = 64 + gates;
        CompiledCircuit.Builder bld = new CompiledCircuit.Builder(slots).input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        int[] ops = {1, 2, 4, 7, 8, 11, 13, 14, GateOp.XOR, GateOp.XNOR, GateOp.INV};
        for (int g = 0; g < gates; g++) {
            int op = ops[rnd.nextInt(ops.length)];
            int x = rnd.nextInt(64 + g);
            int y = rnd.nextInt(64 + g);
            bld.gate(op, x, GateOp.arity(op) == 2 ? y : GateOp.NO_SLOT, 64 + g);
        }
        int[] out = new int[32];
        for (int i = 0; i < 32; i++) {
            out[i] = slots - 1 - i;
        }
        return bld.output("o", Receiver.BOTH, out).build();
    }

    private static long[] random(Random rnd, int longs) {
        long[] a = new long[longs];
        for (int i = 0; i < longs; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }

    private static BitString bits(Random rnd, int width) {
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(b);
    }
}
