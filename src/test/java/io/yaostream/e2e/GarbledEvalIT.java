package io.yaostream.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code eval --garbled}: every scheme through the command line, with GLNP15 Table 7's ciphertext counts. */
class GarbledEvalIT {
    private static final String PT = "00112233445566778899aabbccddeeff";
    private static final String KEY = "000102030405060708090a0b0c0d0e0f";

    /**
     * Each scheme with each kernel (the native one exists where the build could compile it); the pair-walk schemes once
     * (auto), since they run the same Java gate logic over either kernel's AES, checked bit for bit by NativeKernelTest.
     */
    @ParameterizedTest(name = "{0} {3}")
    @CsvSource({"half-gates,13600,0,java", "half-gates-keyed,13600,0,java", "grr3,20400,0,java", "grr3-keyed,20400,0,java", "prf-only,38724,4,java",
            "half-gates,13600,0,auto", "half-gates-keyed,13600,0,auto", "grr3,20400,0,auto", "grr3-keyed,20400,0,auto", "prf-only,38724,4,auto",
            "prf-only-naive,95772,0,auto", "prf-only-and3,45524,0,auto", "flexor-monotone,24530,0,auto",
            "flexor-safemon1,34632,8,auto", "flexor-safemon2,33911,8,auto"})
    void aesNonExpandedDecodesWithTable7Ciphertexts(String scheme, long ciphertexts, int extraBitsPerAnd, String kernel) {
        Cli.Result r = Cli.run("eval", Cli.bristol("AES-non-expanded.txt").toString(), "--msb-first",
                "--in", PT, "--in", KEY, "--scheme", scheme, "--kernel", kernel, "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"result\":[\"69c4e0d86a7b0430d8cdb78070b4c55a\"]"), r.out());
        assertTrue(r.out().contains("\"scheme\":\"" + scheme + "\""), r.out());
        assertTrue(r.out().contains(kernel.equals("java") ? "\"kernel\":\"java\"" : "\"kernel\":\"native\"")
                || kernel.equals("auto") && r.out().contains("\"kernel\":\"java\""), r.out());
        assertTrue(r.out().contains("\"ciphertexts\":" + ciphertexts + ","), r.out());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"bytes\":([0-9]+),").matcher(r.out());
        assertTrue(m.find(), r.out());
        long extra = Long.parseLong(m.group(1)) - 16 * ciphertexts;
        // Beyond the ciphertexts only prf-only's 4 bits per AND gate, packed per batch (at most half a byte of
        // padding per batch; AES-non-expanded compiles to fewer than 2000 batches), or the safe fleXOR schemes' byte.
        long bits = 6800L * extraBitsPerAnd / 8;
        assertTrue(extra >= bits && extra <= bits + (extraBitsPerAnd % 8 == 0 ? 0 : 1000), scheme + ": " + extra + " bytes beyond the ciphertexts");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"half-gates", "half-gates-sigma", "half-gates-keyed", "grr3", "grr3-keyed", "prf-only", "flexor-safemon1"})
    void sha1OfAbcGarbled(String scheme) {
        String block = "61626380" + "0".repeat(104) + "0000000000000018";
        Cli.Result r = Cli.run("eval", Cli.bristol("sha-1.txt").toString(), "--msb-first", "--in", block, "--scheme", scheme);
        assertEquals(0, r.status(), r.err());
        assertEquals("a9993e364706816aba3e25717850c26c9cd0d89d", r.out().strip());
    }

    @Test
    void garbledDefaultsToHalfGatesAndUnknownSchemesAreOneLine() {
        Cli.Result r = Cli.run("eval", Cli.bristol("aes_128.txt").toString(), "--in", KEY, "--in", PT, "--garbled", "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"scheme\":\"half-gates\""), r.out());
        assertTrue(r.out().contains("\"result\":[\"69c4e0d86a7b0430d8cdb78070b4c55a\"]"), r.out());
        Cli.Result bad = Cli.run("eval", Cli.bristol("aes_128.txt").toString(), "--in", KEY, "--in", PT, "--scheme", "yao1986");
        assertEquals(2, bad.status(), "a bad option value is a usage error");
        assertEquals("yaostream eval: --scheme: unknown scheme 'yao1986' (known: half-gates, half-gates-sigma, half-gates-keyed, grr3, grr3-keyed, prf-only,"
                + " prf-only-naive, prf-only-and3, flexor-monotone, flexor-safemon1, flexor-safemon2)"
                + " (see 'yaostream eval --help')", bad.err().strip());
    }
}
