package io.yaostream.e2e;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The verified vectors of the shared Bristol README (and FIPS-197 / FIPS 180), as hex in and out per file. */
final class BristolVectors {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private BristolVectors() {
    }

    /** One evaluation: file, whether values are MSB-first, inputs and expected outputs in hex. */
    record Vector(String file, boolean msbFirst, List<String> in, List<String> out) {
    }

    private static final List<Vector> VECTORS = new ArrayList<>();

    static synchronized List<Vector> all() {
        if (!VECTORS.isEmpty()) {
            return VECTORS;
        }
        String key128 = "000102030405060708090a0b0c0d0e0f";
        String pt = "00112233445566778899aabbccddeeff";
        add("aes_128.txt", List.of(key128, pt), "69c4e0d86a7b0430d8cdb78070b4c55a");
        add("aes_192.txt", List.of("000102030405060708090a0b0c0d0e0f1011121314151617", pt), "dda97ca4864cdfe06eaf70a0ec0d7191");
        add("aes_256.txt", List.of("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", pt),
                "8ea2b7ca516745bfeafc49904b496089");
        VECTORS.add(new Vector("AES-non-expanded.txt", true, List.of(pt, key128), List.of("69c4e0d86a7b0430d8cdb78070b4c55a")));
        // SHA-1("abc"): the padded 512-bit block, MSB first (FIPS 180 example).
        String abcBlock = "61626380" + "0".repeat(104) + "0000000000000018";
        VECTORS.add(new Vector("sha-1.txt", true, List.of(abcBlock), List.of("a9993e364706816aba3e25717850c26c9cd0d89d")));

        Random rnd = new Random(2026);
        long[] specials = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 7, -7};
        for (int i = 0; i < 4; i++) {
            long a = i < 3 ? specials[i * 2] : rnd.nextLong();
            long b = i < 3 ? specials[i * 2 + 1] : rnd.nextLong();
            add("adder64.txt", List.of(hex64(a), hex64(b)), hex64(a + b));
            add("sub64.txt", List.of(hex64(a), hex64(b)), hex64(a - b));
            add("mult64.txt", List.of(hex64(a), hex64(b)), hex64(a * b));
            BigInteger product = unsigned(a).multiply(unsigned(b));
            add("mult2_64.txt", List.of(hex64(a), hex64(b)), hex64(product.shiftRight(64).longValue()), hex64(product.longValue()));
            add("divide64.txt", List.of(hex64(a), hex64(b)), hex64(b == 0 ? -1 : a / b));
            add("udivide64.txt", List.of(hex64(a), hex64(b | 1)), hex64(Long.divideUnsigned(a, b | 1)));
            add("neg64.txt", List.of(hex64(a)), hex64(-a));
            add("zero_equal.txt", List.of(hex64(a)), a == 0 ? "1" : "0");
            int x = (int) a;
            int y = (int) b;
            add("adder_32bit.txt", List.of(String.format("%08x", x), String.format("%08x", y)),
                    String.format("%09x", Integer.toUnsignedLong(x) + Integer.toUnsignedLong(y)));
        }
        add("divide64.txt", List.of(hex64(-7), hex64(2)), hex64(-3));
        add("divide64.txt", List.of(hex64(7), hex64(-2)), hex64(-3));
        add("divide64.txt", List.of(hex64(-7), hex64(-2)), hex64(3));
        add("udivide64.txt", List.of("de11e3a0b56e3021", "c30d5f3d5e2c7f5f"), hex64(1)); // divisor >= 2^63

        double[][] pairs = {{1.0, 2.0}, {-1.5, 0.25}, {3.141592653589793, -2.718281828459045}, {0.1, 0.2}};
        for (double[] p : pairs) {
            add("FP-add.txt", List.of(dbl(p[0]), dbl(p[1])), dbl(p[0] + p[1]));
            add("FP-mul.txt", List.of(dbl(p[0]), dbl(p[1])), dbl(p[0] * p[1]));
            add("FP-lt.txt", List.of(dbl(p[0]), dbl(p[1])), hex64(p[0] < p[1] ? 1 : 0));
            add("FP-eq.txt", List.of(dbl(p[0]), dbl(p[0])), hex64(1));
            add("FP-eq.txt", List.of(dbl(p[0]), dbl(p[1])), hex64(0));
            add("FP-ceil.txt", List.of(dbl(p[0])), dbl(Math.ceil(p[0])));
            add("FP-floor.txt", List.of(dbl(p[1])), dbl(Math.floor(p[1])));
        }
        for (long v : new long[] {0, 1, -5, 123456789, -987654321012L}) {
            add("FP-i2f.txt", List.of(hex64(v)), dbl((double) v));
        }
        add("FP-f2i.txt", List.of(dbl(1.25)), hex64(1));
        add("FP-f2i.txt", List.of(dbl(-3.75)), hex64(-4));
        add("FP-f2i.txt", List.of(dbl(1000.0)), hex64(1000));

        for (int i = 0; i < 3; i++) {
            BigInteger p = BigInteger.ONE.shiftLeft(511).add(new BigInteger(511, rnd));
            BigInteger a = new BigInteger(512, rnd).mod(p);
            BigInteger b = new BigInteger(512, rnd).mod(p);
            BigInteger t = a.add(b).mod(p);
            add("ModAdd512.txt", List.of(hex(a, 512), hex(b, 512), hex(p, 512)), hex(t, 512));
            BigInteger centred = t.compareTo(p.shiftRight(1)) > 0 ? t.subtract(p) : t;
            add("LSSS_to_GC.txt", List.of(hex(a, 512), hex(b, 512), hex(p, 512)), hex64(centred.longValue()));
        }
        return VECTORS;
    }

    private static void add(String file, List<String> in, String... out) {
        VECTORS.add(new Vector(file, false, in, List.of(out)));
    }

    private static BigInteger unsigned(long v) {
        return BigInteger.valueOf(v).mod(TWO_64);
    }

    private static String hex64(long v) {
        return String.format("%016x", v);
    }

    private static String dbl(double d) {
        return hex64(Double.doubleToRawLongBits(d));
    }

    private static String hex(BigInteger v, int bits) {
        String h = v.toString(16);
        return "0".repeat(bits / 4 - h.length()) + h;
    }

}
