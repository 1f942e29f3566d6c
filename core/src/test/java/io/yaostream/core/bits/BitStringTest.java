package io.yaostream.core.bits;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The hex conventions every known-answer test relies on, checked against BigInteger. */
class BitStringTest {

    @Test
    void lsbIntAndMsbStrAgainstBigInteger() {
        Random rnd = new Random(1);
        for (int i = 0; i < 2000; i++) {
            int width = 1 + rnd.nextInt(300);
            int digits = (width + 3) / 4;
            BigInteger x = new BigInteger(width, rnd);
            // LSB-INT: the hex is one big-endian integer; bit k is bit k of it.
            String lsbHex = String.format("%0" + digits + "x", x);
            BitString lsb = BitString.fromHex(lsbHex, width, false);
            // MSB-STR: the hex is a bit string, first digit's top bit first; bits past the width are zero padding.
            BigInteger padded = x.shiftLeft(4 * digits - width);
            BitString msb = BitString.fromHex(String.format("%0" + digits + "x", padded), width, true);
            for (int k = 0; k < width; k++) {
                assertEquals(x.testBit(k), lsb.get(k));
                assertEquals(x.testBit(width - 1 - k), msb.get(k));
            }
            assertEquals(lsbHex, lsb.toHex(false));
            assertEquals(String.format("%0" + digits + "x", padded), msb.toHex(true));
            assertEquals(lsb, BitString.fromHex("0x" + lsbHex.toUpperCase(), width, false));
        }
    }

    @Test
    void readmeBitFacts() {
        // README, aes_128: key 000102..0f -> wires 0..15 = 1111000001110000 (0x0f then 0x0e, LSB first).
        BitString key = BitString.fromHex("000102030405060708090a0b0c0d0e0f", 128, false);
        assertEquals("1111000001110000", bits(key, 0, 16));
        assertEquals("00000000", bits(key, 120, 8));
        // README, AES-non-expanded: plaintext 0011.. -> wires 0..15 = 0000000000010001 (MSB-STR).
        assertEquals("0000000000010001", bits(BitString.fromHex("00112233445566778899aabbccddeeff", 128, true), 0, 16));
    }

    @Test
    void badHexIsRefusedWithAReason() {
        assertEquals("'abc' has 3 hex digits, but a 16-bit value takes 4",
                assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("abc", 16, false)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("00g0", 16, false));
        assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("20", 5, false)); // 32 needs 6 bits
        assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("0c", 5, true));  // a padding bit is set
        assertEquals("11111", bits(BitString.fromHex("1f", 5, false), 0, 5));
        assertEquals("11111", bits(BitString.fromHex("f8", 5, true), 0, 5));
    }

    private static String bits(BitString b, int from, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < from + n; i++) {
            sb.append(b.get(i) ? '1' : '0');
        }
        return sb.toString();
    }

    @Test
    void widthsThatAreNotMultiplesOfFour() {
        BitString sum = BitString.fromHex("100000000", 33, false); // adder_32bit's 33-bit output
        assertTrue(sum.get(32));
        assertEquals("100000000", sum.toHex(false));
        BitString one = BitString.fromHex("1", 1, false);
        assertTrue(one.get(0));
        assertEquals("1", one.toHex(false));
        BitString msb = BitString.fromHex("8", 1, true); // MSB-first: the first bit of the string
        assertTrue(msb.get(0));
        assertEquals("8", msb.toHex(true));
    }

    @Test
    void refusesWrongLengthNonHexAndOverflow() {
        IllegalArgumentException shortValue = assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("05", 64, false));
        assertTrue(shortValue.getMessage().contains("has 2 hex digits, but a 64-bit value takes 16"), shortValue.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("00000000000000zz", 64, false));
        IllegalArgumentException overflow = assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("200000000", 33, false));
        assertTrue(overflow.getMessage().contains("does not fit in 33 bits"), overflow.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BitString.fromHex("1", 1, true)); // bit 0 of "1" is its 4th bit
        assertEquals(BitString.fromHex("0xff", 8, false), BitString.fromHex("ff", 8, false));
    }

    @Test
    void withAndEquality() {
        BitString z = BitString.zeros(70);
        BitString set = z.with(69, true);
        assertFalse(z.get(69));
        assertTrue(set.get(69));
        assertEquals(z, set.with(69, false));
        assertEquals(z.hashCode(), set.with(69, false).hashCode());
    }

    @Test
    void xorAndConcatAgreeWithTheBitsTheyAreMadeOf() {
        Random rnd = new Random(70);
        for (int width : new int[] {0, 1, 63, 64, 65, 200}) {
            BigInteger a = new BigInteger(width, rnd);
            BigInteger b = new BigInteger(width, rnd);
            assertEquals(BitString.of(a.xor(b), width), BitString.of(a, width).xor(BitString.of(b, width)));
            BitString low = BitString.of(a, width);
            BigInteger seven = new BigInteger(7, rnd);
            BitString high = BitString.of(seven, 7);
            BitString both = BitString.concat(low, high);
            assertEquals(width + 7, both.width());
            assertEquals(a.or(seven.shiftLeft(width)), both.toBigInteger());
        }
        assertThrows(IllegalArgumentException.class, () -> BitString.zeros(3).xor(BitString.zeros(4)));
    }
}
