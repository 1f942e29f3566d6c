package io.yaostream;

import io.yaostream.core.bits.BitString;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The API's bit strings: numbers, hex as one big-endian number, and the door to the engine's bit strings. */
class BitsTest {
    @Test
    void numbersAndHexAgreeWithBigInteger() {
        Random rnd = new Random(1);
        for (int i = 0; i < 500; i++) {
            int width = 1 + rnd.nextInt(300);
            BigInteger x = new BigInteger(width, rnd);
            String hex = String.format("%0" + (width + 3) / 4 + "x", x);
            PlainBits b = PlainBits.of(x, width);
            assertEquals(width, b.width());
            for (int k = 0; k < width; k++) {
                assertEquals(x.testBit(k), b.get(k));
            }
            assertEquals(x, b.toBigInteger());
            assertEquals(hex, b.toHex());
            assertEquals(b, PlainBits.fromHex(hex, width));
            assertEquals(b, PlainBits.fromHex("0x" + hex.toUpperCase(), width));
            assertEquals(b.hashCode(), PlainBits.fromHex(hex, width).hashCode());
            assertEquals(hex + "/" + width, b.toString());
        }
    }

    @Test
    void longsSlicesAndXor() {
        PlainBits b = PlainBits.of(0xf0L, 8);
        assertEquals(0xf0L, b.toLong());
        assertEquals(PlainBits.of(0xfL, 4), b.slice(4, 8));
        assertEquals(PlainBits.zeros(4), b.slice(0, 4));
        assertEquals(PlainBits.of(0xffL, 8), b.xor(PlainBits.of(0x0fL, 8)));
        assertEquals(PlainBits.zeros(8), b.xor(b));
        assertEquals(PlainBits.of(0xffL, 8), PlainBits.of(-1, 8), "a negative value in two's complement");
        assertEquals(0, PlainBits.zeros(0).width());
        assertFalse(PlainBits.zeros(3).get(2));
        assertTrue(PlainBits.of(4, 3).get(2));
        assertNotEquals(PlainBits.zeros(8), PlainBits.zeros(9), "the width is part of the value");
        assertThrows(ArithmeticException.class, () -> PlainBits.of(BigInteger.ONE.shiftLeft(63), 64).toLong());
    }

    @Test
    void badValuesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PlainBits.of(256, 8));
        assertThrows(IllegalArgumentException.class, () -> PlainBits.of(-129, 8));
        assertThrows(IllegalArgumentException.class, () -> PlainBits.zeros(-1));
        assertEquals("'abc' has 3 hex digits, but a 16-bit value takes 4",
                assertThrows(IllegalArgumentException.class, () -> PlainBits.fromHex("abc", 16)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> PlainBits.fromHex("20", 5));
        assertThrows(IllegalArgumentException.class, () -> PlainBits.of(1, 4).xor(PlainBits.of(1, 5)));
        assertThrows(IndexOutOfBoundsException.class, () -> PlainBits.zeros(4).get(4));
        assertThrows(IndexOutOfBoundsException.class, () -> PlainBits.zeros(4).slice(2, 5));
    }

    @Test
    void theDoorConvertsWithoutACopy() {
        BitString core = BitString.of(0x1234, 16);
        PlainBits api = CoreBridge.bits(core);
        assertEquals(PlainBits.of(0x1234, 16), api);
        assertSame(core, CoreBridge.bits(api));
    }

    @Test
    void inputsOfBitsRunAsTheirNumbers() {
        SecureProgram<java.math.BigInteger> sum = c -> c.garbler().uint(16).add(c.evaluator().uint(16)).reveal();
        assertEquals(BigInteger.valueOf(0x1234 + 0x0101), TwoParty.plain(sum, Party.EVALUATOR, Inputs.bits(PlainBits.fromHex("1234", 16)),
                Inputs.bits(List.of(PlainBits.of(0x0101, 16)))));
        SecureProgram<PlainBits> constant = c -> c.constant(PlainBits.fromHex("beef", 16)).xor(c.evaluator().bits(16)).reveal();
        assertEquals(PlainBits.fromHex("beee", 16), TwoParty.plain(constant, Party.GARBLER, Inputs.none(), Inputs.bits(PlainBits.of(1, 16))));
    }
}
