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
            Bits b = Bits.of(x, width);
            assertEquals(width, b.width());
            for (int k = 0; k < width; k++) {
                assertEquals(x.testBit(k), b.get(k));
            }
            assertEquals(x, b.toBigInteger());
            assertEquals(hex, b.toHex());
            assertEquals(b, Bits.fromHex(hex, width));
            assertEquals(b, Bits.fromHex("0x" + hex.toUpperCase(), width));
            assertEquals(b.hashCode(), Bits.fromHex(hex, width).hashCode());
            assertEquals(hex + "/" + width, b.toString());
        }
    }

    @Test
    void longsSlicesAndXor() {
        Bits b = Bits.of(0xf0L, 8);
        assertEquals(0xf0L, b.toLong());
        assertEquals(Bits.of(0xfL, 4), b.slice(4, 8));
        assertEquals(Bits.zeros(4), b.slice(0, 4));
        assertEquals(Bits.of(0xffL, 8), b.xor(Bits.of(0x0fL, 8)));
        assertEquals(Bits.zeros(8), b.xor(b));
        assertEquals(Bits.of(0xffL, 8), Bits.of(-1, 8), "a negative value in two's complement");
        assertEquals(0, Bits.zeros(0).width());
        assertFalse(Bits.zeros(3).get(2));
        assertTrue(Bits.of(4, 3).get(2));
        assertNotEquals(Bits.zeros(8), Bits.zeros(9), "the width is part of the value");
        assertThrows(ArithmeticException.class, () -> Bits.of(BigInteger.ONE.shiftLeft(63), 64).toLong());
    }

    @Test
    void badValuesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Bits.of(256, 8));
        assertThrows(IllegalArgumentException.class, () -> Bits.of(-129, 8));
        assertThrows(IllegalArgumentException.class, () -> Bits.zeros(-1));
        assertEquals("'abc' has 3 hex digits, but a 16-bit value takes 4",
                assertThrows(IllegalArgumentException.class, () -> Bits.fromHex("abc", 16)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Bits.fromHex("20", 5));
        assertThrows(IllegalArgumentException.class, () -> Bits.of(1, 4).xor(Bits.of(1, 5)));
        assertThrows(IndexOutOfBoundsException.class, () -> Bits.zeros(4).get(4));
        assertThrows(IndexOutOfBoundsException.class, () -> Bits.zeros(4).slice(2, 5));
    }

    @Test
    void theDoorConvertsWithoutACopy() {
        BitString core = BitString.of(0x1234, 16);
        Bits api = CoreBridge.bits(core);
        assertEquals(Bits.of(0x1234, 16), api);
        assertSame(core, CoreBridge.bits(api));
    }

    @Test
    void inputsOfBitsRunAsTheirNumbers() {
        SecureProgram<java.math.BigInteger> sum = c -> c.garbler().uint(16).add(c.evaluator().uint(16)).reveal();
        assertEquals(BigInteger.valueOf(0x1234 + 0x0101), TwoParty.plain(sum, Party.EVALUATOR, Inputs.bits(Bits.fromHex("1234", 16)),
                Inputs.bits(List.of(Bits.of(0x0101, 16)))));
        SecureProgram<Bits> constant = c -> c.constant(Bits.fromHex("beef", 16)).xor(c.evaluator().bits(16)).reveal();
        assertEquals(Bits.fromHex("beee", 16), TwoParty.plain(constant, Party.GARBLER, Inputs.none(), Inputs.bits(Bits.of(1, 16))));
    }
}
