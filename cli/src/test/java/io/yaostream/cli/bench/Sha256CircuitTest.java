package io.yaostream.cli.bench;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.plain.PlainEvaluator;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SHA-256 circuit against FIPS 180-4's "abc" example and the JDK's SHA-256 on one-block messages. */
class Sha256CircuitTest {
    private static final CompiledCircuit SHA256 = Sha256Circuit.build(Party.GARBLER);

    /** The single padded block of a message of at most 55 bytes. */
    static byte[] padded(byte[] message) {
        byte[] block = new byte[64];
        System.arraycopy(message, 0, block, 0, message.length);
        block[message.length] = (byte) 0x80;
        long bits = 8L * message.length;
        for (int i = 0; i < 8; i++) {
            block[63 - i] = (byte) (bits >>> (8 * i));
        }
        return block;
    }

    static byte[] digest(byte[] block) {
        boolean[] in = new boolean[512];
        for (int i = 0; i < 512; i++) {
            in[i] = (block[i / 8] >>> (i % 8) & 1) != 0;
        }
        BitString out = new PlainEvaluator().evaluate(SHA256, BitString.fromBits(in))[0];
        byte[] d = new byte[32];
        for (int i = 0; i < 256; i++) {
            if (out.get(i)) {
                d[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return d;
    }

    @Test
    void abcGivesTheFips180Digest() {
        byte[] d = digest(padded("abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", HexFormat.of().formatHex(d));
    }

    @Test
    void oneBlockMessagesHashAsTheJdkHashesThem() throws Exception {
        Random rnd = new Random(256);
        for (int n = 0; n <= 55; n += 5) {
            byte[] m = new byte[n];
            rnd.nextBytes(m);
            assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(m), digest(padded(m)), n + " bytes");
        }
    }

    @Test
    void costsAboutTheBristolFashionCircuitsAndGates() {
        long and = SHA256.counts().and();
        assertTrue(and > 20_000 && and < 23_000, "AND gates: " + and);
    }
}
