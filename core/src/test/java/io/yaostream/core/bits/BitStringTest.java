package io.yaostream.core.bits;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The two hex conventions, checked against the wire-level facts in the shared Bristol README. */
class BitStringTest {
    private static String bits(BitString b, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            sb.append(b.get(i) ? '1' : '0');
        }
        return sb.toString();
    }

    @Test
    void lsbIntMatchesTheAes128Wires() {
        // README: key 000102..0f gives wires 0..15 = 1111000001110000 (0x0f then 0x0e, LSB first), 120..127 = 0.
        BitString key = BitString.fromHex("000102030405060708090a0b0c0d0e0f", 128, false);
        assertEquals("1111000001110000", bits(key, 0, 16));
        assertEquals("00000000", bits(key, 120, 128));
        // Plaintext 0011..ff gives wires 0..15 = 1111111101110111 (0xff, 0xee).
        BitString pt = BitString.fromHex("00112233445566778899aabbccddeeff", 128, false);
        assertEquals("1111111101110111", bits(pt, 0, 16));
        assertEquals("00112233445566778899aabbccddeeff", pt.toHex(false));
    }

    @Test
    void msbFirstMatchesTheOldFormatAesWires() {
        // README: AES-non-expanded plaintext 0011.. gives wires 0..15 = 0000000000010001, key 0001.. = 0000000000000001.
        assertEquals("0000000000010001", bits(BitString.fromHex("00112233445566778899aabbccddeeff", 128, true), 0, 16));
        BitString key = BitString.fromHex("000102030405060708090a0b0c0d0e0f", 128, true);
        assertEquals("0000000000000001", bits(key, 0, 16));
        assertEquals("000102030405060708090a0b0c0d0e0f", key.toHex(true));
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
}
