package io.yaostream.compiler;

import io.yaostream.compiler.testing.SharedCircuits;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import static io.yaostream.compiler.testing.SharedCircuits.bytesValue;
import static io.yaostream.compiler.testing.SharedCircuits.get;
import static io.yaostream.compiler.testing.SharedCircuits.getLong;
import static io.yaostream.compiler.testing.SharedCircuits.put;
import static io.yaostream.compiler.testing.SharedCircuits.putLong;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Known answers for every file in {@code circuits/bristol}, with the bit orders the README verified:
 * the published vectors (FIPS-197, SHA-1 of "abc"), and for each file 64-lane runs on random operands
 * checked against what Java computes (javax.crypto AES, MessageDigest SHA-1, long and double arithmetic,
 * BigInteger).
 */
class SharedBristolKnownAnswerTest {
    private static final String PT = "00112233445566778899aabbccddeeff";
    /** How many random 64-lane runs each arithmetic circuit gets (320 operand pairs: 81 edge pairs, the rest random). */
    private static final int RUNS = 5;

    @Test
    void everySharedFileHasKnownAnswers() {
        Set<String> covered = new TreeSet<>(List.of("aes_128.txt", "aes_192.txt", "aes_256.txt", "AES-non-expanded.txt",
                "sha-1.txt", "sha-256.txt", "adder64.txt", "sub64.txt", "mult64.txt", "mult2_64.txt", "divide64.txt", "udivide64.txt",
                "neg64.txt", "zero_equal.txt", "adder_32bit.txt", "FP-add.txt", "FP-mul.txt", "FP-lt.txt", "FP-eq.txt",
                "FP-ceil.txt", "FP-floor.txt", "FP-i2f.txt", "FP-f2i.txt", "ModAdd512.txt", "LSSS_to_GC.txt"));
        assertEquals(covered, new TreeSet<>(SharedCircuits.files()), "a shared file without known answers here (or one missing)");
    }

    // ---- AES ----

    @Test
    void aesFashionFips197() {
        assertFips("aes_128.txt", "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a");
        assertFips("aes_192.txt", "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191");
        assertFips("aes_256.txt", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                "8ea2b7ca516745bfeafc49904b496089");
    }

    /** Fashion AES: key (LSB-INT) then plaintext (LSB-INT), ciphertext LSB-INT. */
    private static void assertFips(String file, String key, String ct) {
        CompiledCircuit c = SharedCircuits.load(file);
        int k = key.length() * 4;
        BitString keyBits = BitString.fromHex(key, k, false);
        BitString[] out = new PlainEvaluator().evaluate(c, keyBits, BitString.fromHex(PT, 128, false));
        assertEquals(1, out.length);
        assertEquals(ct, out[0].toHex(false), file);
        if (k == 128) {
            // README: key wires 0..15 = 1111000001110000 (0x0f then 0x0e, LSB first).
            StringBuilder first16 = new StringBuilder();
            for (int i = 0; i < 16; i++) {
                first16.append(keyBits.get(i) ? '1' : '0');
            }
            assertEquals("1111000001110000", first16.toString());
        }
    }

    @Test
    void aesFashionRandomKeysAgainstJavaxCrypto() throws Exception {
        for (String file : new String[] {"aes_128.txt", "aes_192.txt", "aes_256.txt"}) {
            CompiledCircuit c = SharedCircuits.load(file);
            int keyBits = c.inputs().get(0).width();
            runAes(c, keyBits, 0, keyBits, false, 11);
        }
    }

    @Test
    void aesNonExpandedFips197AndRandom() throws Exception {
        CompiledCircuit c = SharedCircuits.load("AES-non-expanded.txt");
        // Old format, MSB-STR, plaintext first then key.
        BitString[] out = new PlainEvaluator().evaluate(c, BitString.fromHex(PT, 128, true),
                BitString.fromHex("000102030405060708090a0b0c0d0e0f", 128, true));
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", out[0].toHex(true));
        runAes(c, 128, 128, 0, true, 12);
    }

    /** 64 random (key, plaintext) pairs through the circuit and through javax.crypto. */
    private static void runAes(CompiledCircuit c, int keyBits, int keyOffset, int ptOffset, boolean msbFirst, long seed)
            throws Exception {
        Random rnd = new Random(seed);
        long[] in = new long[c.totalInputBits()];
        byte[][] keys = new byte[64][keyBits / 8];
        byte[][] pts = new byte[64][16];
        for (int lane = 0; lane < 64; lane++) {
            rnd.nextBytes(keys[lane]);
            rnd.nextBytes(pts[lane]);
            put(in, keyOffset, keyBits, lane, bytesValue(keys[lane]), msbFirst);
            put(in, ptOffset, 128, lane, bytesValue(pts[lane]), msbFirst);
        }
        long[] out = TestCircuits.run(c, in);
        Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
        for (int lane = 0; lane < 64; lane++) {
            aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keys[lane], "AES"));
            byte[] want = aes.doFinal(pts[lane]);
            assertEquals(bytesValue(want), get(out, 0, 128, lane, msbFirst), "lane " + lane);
        }
    }

    // ---- SHA-1 and SHA-256 (one padded block, IV built in) ----

    @Test
    void sha1OfAbcAndRandomMessages() throws Exception {
        hashOfAbcAndRandomMessages("sha-1.txt", "SHA-1", 160, "a9993e364706816aba3e25717850c26c9cd0d89d", 13);
    }

    @Test
    void sha256OfAbcAndRandomMessages() throws Exception {
        hashOfAbcAndRandomMessages("sha-256.txt", "SHA-256", 256,
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", 14);
    }

    /** The digest of "abc" (FIPS 180-4), then 64 random messages of one block against the JDK's digest. */
    private static void hashOfAbcAndRandomMessages(String file, String algorithm, int bits, String abc, long seed) throws Exception {
        CompiledCircuit c = SharedCircuits.load(file);
        assertEquals(List.of(512), TestCircuits.widths(c.inputs()));
        BitString[] out = new PlainEvaluator().evaluate(c, BitString.fromHex(hex(pad("abc".getBytes())), 512, true));
        assertEquals(abc, out[0].toHex(true));

        Random rnd = new Random(seed);
        long[] in = new long[512];
        byte[][] messages = new byte[64][];
        for (int lane = 0; lane < 64; lane++) {
            messages[lane] = new byte[rnd.nextInt(56)];
            rnd.nextBytes(messages[lane]);
            put(in, 0, 512, lane, bytesValue(pad(messages[lane])), true);
        }
        long[] digest = TestCircuits.run(c, in);
        for (int lane = 0; lane < 64; lane++) {
            byte[] want = MessageDigest.getInstance(algorithm).digest(messages[lane]);
            assertEquals(bytesValue(want), get(digest, 0, bits, lane, true), "message of " + messages[lane].length + " bytes");
        }
    }

    /** One SHA-1 or SHA-256 block: message, 0x80, zeros, 64-bit big-endian bit length (messages up to 55 bytes). */
    private static byte[] pad(byte[] m) {
        byte[] block = new byte[64];
        System.arraycopy(m, 0, block, 0, m.length);
        block[m.length] = (byte) 0x80;
        long bits = 8L * m.length;
        for (int i = 0; i < 8; i++) {
            block[63 - i] = (byte) (bits >>> (8 * i));
        }
        return block;
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x));
        }
        return sb.toString();
    }

    // ---- 64-bit integers ----

    @Test
    void adderSubtractorMultiplier() {
        binary64("adder64.txt", (a, b) -> a + b);
        binary64("sub64.txt", (a, b) -> a - b);
        binary64("mult64.txt", (a, b) -> a * b);
    }

    @Test
    void mult2_64GivesHighThenLowWordOfTheUnsignedProduct() {
        CompiledCircuit c = SharedCircuits.load("mult2_64.txt");
        assertEquals(List.of(64, 64), TestCircuits.widths(c.outputs()));
        runPairs(c, (a, b) -> true, (lanes, out) -> {
            for (int lane = 0; lane < 64; lane++) {
                BigInteger p = SharedCircuits.unsigned(getLong(lanes, 0, lane)).multiply(SharedCircuits.unsigned(getLong(lanes, 64, lane)));
                assertEquals(p.shiftRight(64).longValue(), getLong(out, 0, lane), "high word");
                assertEquals(p.longValue(), getLong(out, 64, lane), "low word");
            }
        });
    }

    @Test
    void signedDivisionTruncatesAndNonNegativeDividedByZeroGivesMinusOne() {
        CompiledCircuit c = SharedCircuits.load("divide64.txt");
        assertEquals(-3, eval64(c, -7, 2));
        assertEquals(-3, eval64(c, 7, -2));
        assertEquals(3, eval64(c, -7, -2));
        assertEquals(-1, eval64(c, 12345, 0));
        assertEquals(-1, eval64(c, 0, 0));
        assertEquals(-1, eval64(c, Long.MAX_VALUE, 0));
        // Not checked, as the README does not say what the circuit gives: Long.MIN_VALUE / -1 (overflow), and a
        // negative number divided by 0 (the circuit gives +1 there, e.g. -12345 / 0: it divides magnitudes,
        // getting all ones, then negates; the README's "x/0 gives -1" holds for x >= 0).
        binary64("divide64.txt", (a, b) -> b == 0 ? -1 : a / b,
                (a, b) -> !(a == Long.MIN_VALUE && b == -1) && !(a < 0 && b == 0));
    }

    @Test
    void unsignedDivisionIncludingDivisorsWithTheTopBitSet() {
        CompiledCircuit c = SharedCircuits.load("udivide64.txt");
        // The README's example of the wrong variant: must give 1 here.
        assertEquals(1, eval64(c, Long.parseUnsignedLong("16001795929641688097"), Long.parseUnsignedLong("14055043351701082719")));
        // Division by zero is not specified by the README: divisors are non-zero.
        binary64("udivide64.txt", Long::divideUnsigned, (a, b) -> b != 0);
    }

    @Test
    void negateAndZeroTest() {
        unary64("neg64.txt", a -> -a, 64);
        unary64("zero_equal.txt", a -> a == 0 ? 1 : 0, 1);
    }

    @Test
    void oldFormatAdder32GivesA33BitSum() {
        CompiledCircuit c = SharedCircuits.load("adder_32bit.txt");
        assertEquals(List.of(32, 32), TestCircuits.widths(c.inputs()));
        assertEquals(List.of(33), TestCircuits.widths(c.outputs()));
        Random rnd = new Random(14);
        for (int run = 0; run < RUNS; run++) {
            long[] in = new long[64];
            long[] a = new long[64];
            long[] b = new long[64];
            for (int lane = 0; lane < 64; lane++) {
                a[lane] = lane == 0 ? 0xffffffffL : rnd.nextLong() & 0xffffffffL;
                b[lane] = lane == 0 ? 0xffffffffL : rnd.nextLong() & 0xffffffffL;
                put(in, 0, 32, lane, BigInteger.valueOf(a[lane]), false);
                put(in, 32, 32, lane, BigInteger.valueOf(b[lane]), false);
            }
            long[] out = TestCircuits.run(c, in);
            for (int lane = 0; lane < 64; lane++) {
                assertEquals(a[lane] + b[lane], get(out, 0, 33, lane, false).longValue(), a[lane] + " + " + b[lane]);
            }
        }
    }

    // ---- IEEE-754 doubles ----

    @Test
    void floatingPointAddAndMultiplyAreExact() {
        binaryDouble("FP-add.txt", (a, b) -> Double.doubleToRawLongBits(a + b));
        binaryDouble("FP-mul.txt", (a, b) -> Double.doubleToRawLongBits(a * b));
    }

    @Test
    void floatingPointComparisonsGiveZeroOrOneInBitZero() {
        binaryDouble("FP-lt.txt", (a, b) -> a < b ? 1L : 0L);
        binaryDouble("FP-eq.txt", (a, b) -> a == b ? 1L : 0L);
    }

    @Test
    void floatingPointCeilAndFloor() {
        unaryDouble("FP-ceil.txt", a -> Double.doubleToRawLongBits(Math.ceil(a)), a -> true);
        unaryDouble("FP-floor.txt", a -> Double.doubleToRawLongBits(Math.floor(a)), a -> true);
    }

    @Test
    void integerToDouble() {
        unary64("FP-i2f.txt", a -> Double.doubleToRawLongBits((double) a), 64);
    }

    @Test
    void doubleToIntegerRoundsToNearest() {
        CompiledCircuit c = SharedCircuits.load("FP-f2i.txt");
        assertEquals(1, eval64(c, Double.doubleToRawLongBits(1.25)));
        assertEquals(-4, eval64(c, Double.doubleToRawLongBits(-3.75)));
        assertEquals(7, eval64(c, Double.doubleToRawLongBits(7.0)));
        assertEquals(-1_000_000_007L, eval64(c, Double.doubleToRawLongBits(-1_000_000_007.0)));
        // Random values away from halfway cases (which the README does not cover).
        unaryDouble("FP-f2i.txt", a -> (long) Math.rint(a), a -> Math.abs(a - Math.floor(a) - 0.5) > 1e-3);
    }

    // ---- 512-bit modular arithmetic ----

    @Test
    void modAdd512() {
        modular("ModAdd512.txt", (t, p) -> t, 512);
    }

    @Test
    void lsssToGcCentresAndKeepsTheLow64Bits() {
        modular("LSSS_to_GC.txt", (t, p) -> t.compareTo(p.shiftRight(1)) > 0 ? t.subtract(p) : t, 64);
    }

    /** Inputs a, b, p (512 bits each, LSB first) with 2^511 <= p < 2^512 and a, b < p; out = f((a+b) mod p, p). */
    private static void modular(String file, java.util.function.BinaryOperator<BigInteger> f, int outBits) {
        CompiledCircuit c = SharedCircuits.load(file);
        assertEquals(List.of(512, 512, 512), TestCircuits.widths(c.inputs()));
        assertEquals(List.of(outBits), TestCircuits.widths(c.outputs()));
        Random rnd = new Random(file.hashCode());
        BigInteger mask = BigInteger.ONE.shiftLeft(outBits).subtract(BigInteger.ONE);
        for (int run = 0; run < RUNS; run++) {
            long[] in = new long[3 * 512];
            BigInteger[] want = new BigInteger[64];
            for (int lane = 0; lane < 64; lane++) {
                BigInteger p = new BigInteger(511, rnd).setBit(511);
                BigInteger a = lane == 0 ? p.subtract(BigInteger.ONE) : new BigInteger(512, rnd).mod(p);
                BigInteger b = lane == 0 ? p.subtract(BigInteger.ONE) : lane == 1 ? BigInteger.ZERO : new BigInteger(512, rnd).mod(p);
                put(in, 0, 512, lane, a, false);
                put(in, 512, 512, lane, b, false);
                put(in, 1024, 512, lane, p, false);
                want[lane] = f.apply(a.add(b).mod(p), p).and(mask);
            }
            long[] out = TestCircuits.run(c, in);
            for (int lane = 0; lane < 64; lane++) {
                assertEquals(want[lane], get(out, 0, outBits, lane, false), file + " lane " + lane);
            }
        }
    }

    // ---- helpers: 64 lanes of random operands, with edge values in the first lanes ----

    private static final long[] EDGES = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 2, -2, 0x8000_0000L, 0xffff_ffffL};

    private interface LongOp {
        long apply(long a, long b);
    }

    private interface LongCheck {
        boolean test(long a, long b);
    }

    private static void binary64(String file, LongOp op) {
        binary64(file, op, (a, b) -> true);
    }

    /** Random pairs (RUNS x 64, edge values included) for which {@code allowed} holds. */
    private static void binary64(String file, LongOp op, LongCheck allowed) {
        CompiledCircuit c = SharedCircuits.load(file);
        assertEquals(List.of(64, 64), TestCircuits.widths(c.inputs()), file);
        assertEquals(List.of(64), TestCircuits.widths(c.outputs()), file);
        runPairs(c, allowed, (in, out) -> {
            for (int lane = 0; lane < 64; lane++) {
                long a = getLong(in, 0, lane);
                long b = getLong(in, 64, lane);
                assertEquals(op.apply(a, b), getLong(out, 0, lane), file + " on " + a + ", " + b);
            }
        });
    }

    private static void runPairs(CompiledCircuit c, LongCheck allowed, BiConsumer<long[], long[]> check) {
        Random rnd = new Random(c.gateCount());
        for (int run = 0; run < RUNS; run++) {
            long[] in = new long[128];
            for (int lane = 0; lane < 64; lane++) {
                long a;
                long b;
                do {
                    int e = run * 64 + lane;
                    a = e < EDGES.length * EDGES.length ? EDGES[e / EDGES.length] : randomLong(rnd);
                    b = e < EDGES.length * EDGES.length ? EDGES[e % EDGES.length] : randomLong(rnd);
                    if (!allowed.test(a, b)) {
                        a = randomLong(rnd);
                        b = randomLong(rnd);
                    }
                } while (!allowed.test(a, b));
                putLong(in, 0, lane, a);
                putLong(in, 64, lane, b);
            }
            check.accept(in, TestCircuits.run(c, in));
        }
    }

    /** Full-range longs, and often small magnitudes (where carries and signs change). */
    private static long randomLong(Random rnd) {
        long v = rnd.nextLong();
        return rnd.nextBoolean() ? v : v >> rnd.nextInt(64);
    }

    private static void unary64(String file, java.util.function.LongUnaryOperator op, int outBits) {
        CompiledCircuit c = SharedCircuits.load(file);
        assertEquals(List.of(64), TestCircuits.widths(c.inputs()), file);
        assertEquals(List.of(outBits), TestCircuits.widths(c.outputs()), file);
        Random rnd = new Random(c.gateCount());
        for (int run = 0; run < RUNS; run++) {
            long[] in = new long[64];
            for (int lane = 0; lane < 64; lane++) {
                int e = run * 64 + lane;
                putLong(in, 0, lane, e < EDGES.length ? EDGES[e] : randomLong(rnd));
            }
            long[] out = TestCircuits.run(c, in);
            for (int lane = 0; lane < 64; lane++) {
                long a = getLong(in, 0, lane);
                long want = op.applyAsLong(a);
                assertEquals(outBits == 64 ? want : want & ((1L << outBits) - 1), get(out, 0, outBits, lane, false).longValue(),
                        file + " on " + a);
            }
        }
    }

    private static long eval64(CompiledCircuit c, long... args) {
        long[] in = new long[c.totalInputBits()];
        for (int i = 0; i < args.length; i++) {
            putLong(in, 64 * i, 0, args[i]);
        }
        return getLong(TestCircuits.run(c, in), 0, 0);
    }

    private interface DoubleOp {
        long apply(double a, double b);
    }

    private static void binaryDouble(String file, DoubleOp op) {
        CompiledCircuit c = SharedCircuits.load(file);
        Random rnd = new Random(c.gateCount());
        for (int run = 0; run < RUNS; run++) {
            long[] in = new long[128];
            for (int lane = 0; lane < 64; lane++) {
                double a = randomDouble(rnd);
                double b = lane % 8 == 0 ? a : lane % 8 == 1 ? -a : randomDouble(rnd); // equal and opposite pairs too
                putLong(in, 0, lane, Double.doubleToRawLongBits(a));
                putLong(in, 64, lane, Double.doubleToRawLongBits(b));
            }
            long[] out = TestCircuits.run(c, in);
            for (int lane = 0; lane < 64; lane++) {
                double a = Double.longBitsToDouble(getLong(in, 0, lane));
                double b = Double.longBitsToDouble(getLong(in, 64, lane));
                assertEquals(op.apply(a, b), getLong(out, 0, lane), file + " on " + a + ", " + b);
            }
        }
    }

    /** Random doubles (a quarter of them integers) for which {@code allowed} holds. */
    private static void unaryDouble(String file, java.util.function.DoubleToLongFunction op, java.util.function.DoublePredicate allowed) {
        CompiledCircuit c = SharedCircuits.load(file);
        Random rnd = new Random(c.gateCount());
        for (int run = 0; run < RUNS; run++) {
            long[] in = new long[64];
            for (int lane = 0; lane < 64; lane++) {
                double a;
                do {
                    a = randomDouble(rnd);
                    a = lane % 4 == 0 ? Math.rint(a) : a;
                } while (!allowed.test(a));
                putLong(in, 0, lane, Double.doubleToRawLongBits(a));
            }
            long[] out = TestCircuits.run(c, in);
            for (int lane = 0; lane < 64; lane++) {
                double a = Double.longBitsToDouble(getLong(in, 0, lane));
                assertEquals(op.applyAsLong(a), getLong(out, 0, lane), file + " on " + a);
            }
        }
    }

    /** Normal doubles of either sign with a full random mantissa and magnitudes 2^-40 .. 2^40. */
    private static double randomDouble(Random rnd) {
        long sign = rnd.nextBoolean() ? 1L << 63 : 0;
        long exponent = 1023 + rnd.nextInt(81) - 40;
        long mantissa = rnd.nextLong() & ((1L << 52) - 1);
        if (rnd.nextInt(4) == 0) {
            mantissa &= -1L << (52 - rnd.nextInt(12)); // short mantissas: exact sums, integers, halves
        }
        return Double.longBitsToDouble(sign | exponent << 52 | mantissa);
    }
}
