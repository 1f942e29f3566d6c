package io.yaostream.compiler.dsl;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.format.SlotBinaryFormat;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Single-bit gates, wiring, constants, the compiled interface and the builder's argument checks. */
class CircuitBuilderTest {

    @FunctionalInterface
    private interface BitOp {
        Bit build(CircuitBuilder b, Bit x, Bit y, Bit z);
    }

    @Test
    void singleBitGatesOnEveryInput() {
        checkBits((b, x, y, z) -> b.xor(x, y), (x, y, z) -> x ^ y, 0);
        checkBits((b, x, y, z) -> b.and(x, y), (x, y, z) -> x & y, 1);
        checkBits((b, x, y, z) -> b.or(x, y), (x, y, z) -> x | y, 1);
        checkBits((b, x, y, z) -> b.not(x), (x, y, z) -> x ^ 1, 0);
        checkBits((b, x, y, z) -> b.mux(z, x, y), (x, y, z) -> z == 1 ? x : y, 1);
    }

    private interface IntTernaryOperator {
        int apply(int x, int y, int z);
    }

    /** Three one-bit inputs, lanes 0..7 holding all eight combinations. */
    private static void checkBits(BitOp op, IntTernaryOperator expected, int ands) {
        CircuitBuilder b = new CircuitBuilder();
        Bit x = b.input("x", Party.GARBLER, 1).bit(0);
        Bit y = b.input("y", Party.EVALUATOR, 1).bit(0);
        Bit z = b.input("z", Party.EVALUATOR, 1).bit(0);
        b.output("r", Receiver.BOTH, op.build(b, x, y, z));
        CompiledCircuit c = b.compile();
        assertEquals(ands, c.counts().and(), "AND gates");
        long[][] in = new long[3][Lanes.COUNT];
        for (int j = 0; j < 8; j++) {
            for (int k = 0; k < 3; k++) {
                in[k][j] = j >>> k & 1;
            }
        }
        long[] got = Lanes.run(c, in)[0];
        for (int j = 0; j < 8; j++) {
            assertEquals(expected.apply(j & 1, j >>> 1 & 1, j >>> 2 & 1), got[j], "inputs x,y,z = bits of " + j);
        }
    }

    @Test
    void constantsAndWiringCostNoGatesAndKeepBitOrder() {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, 8);
        Bits low = x.slice(0, 4);
        Bits high = x.slice(4, 8);
        b.output("swapped", Receiver.GARBLER, high.concat(low));
        b.output("widened", Receiver.EVALUATOR, high.zeroExtend(6));
        b.output("picked", Receiver.BOTH, Bits.of(x.bit(7), x.bit(0), b.constant(true)));
        b.output("five", Receiver.BOTH, b.constant(5, 3));
        b.output("ones", Receiver.BOTH, b.constant(-1L, 64).slice(60, 64));
        CompiledCircuit c = b.compile();
        assertEquals(0, c.counts().and() + c.counts().xor() + c.counts().inv(), "only constant gates");

        long[] values = {0xA5, 0x00, 0xFF, 0x3C};
        long[][] out = Lanes.run(c, Arrays.copyOf(values, Lanes.COUNT));
        for (int j = 0; j < values.length; j++) {
            long v = values[j];
            assertEquals(((v & 0xF) << 4) | (v >>> 4), out[0][j], "swapped");
            assertEquals(v >>> 4, out[1][j], "widened");
            assertEquals((v >>> 7) | ((v & 1) << 1) | 4, out[2][j], "picked");
            assertEquals(5, out[3][j], "five");
            assertEquals(0xF, out[4][j], "ones");
        }
    }

    @Test
    void repeatedOperandsAndConstantsFoldAway() {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, 16);
        Bits zero = b.constant(0, 16);
        assertEquals(b.constant(false), b.lessThan(x, x));
        assertEquals(b.constant(true), b.equal(x, x));
        assertEquals(x, b.add(x, zero));
        assertEquals(x, b.subtract(x, zero));
        assertEquals(x, b.and(x, b.not(zero)));
        assertEquals(x, b.mux(b.constant(true), x, zero));
        assertEquals(zero, b.xor(x, x));
        b.output("x", Receiver.BOTH, b.add(x, zero));
        assertEquals(0, b.compile().counts().and());
    }

    @Test
    void compilesToTheInterfaceItDeclaresAndTheSharedFileFormat() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, 32);
        Bits y = b.input("y", Party.EVALUATOR, 32);
        b.output("sum", Receiver.GARBLER, b.add(x, y));
        b.output("less", Receiver.EVALUATOR, b.lessThan(x, y));
        CompiledCircuit c = b.compile();

        assertEquals(List.of("x", "y"), c.inputs().stream().map(WireGroup::name).toList());
        assertEquals(List.of(Party.GARBLER, Party.EVALUATOR), c.inputs().stream().map(WireGroup::owner).toList());
        assertEquals(List.of("sum", "less"), c.outputs().stream().map(WireGroup::name).toList());
        assertEquals(List.of(Receiver.GARBLER, Receiver.EVALUATOR), c.outputs().stream().map(WireGroup::owner).toList());
        assertEquals(List.of(32, 1), c.outputs().stream().map(WireGroup::width).toList());

        ByteArrayOutputStream file = new ByteArrayOutputStream();
        SlotBinaryFormat.write(c, file);
        assertEquals(c, SlotBinaryFormat.read(file.toByteArray(), "dsl.ysid"));
        assertEquals(c, b.compile(), "compilation is deterministic");
    }

    @Test
    void rejectsMismatchedWidthsWithAClearMessage() {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, 8);
        Bits y = b.input("y", Party.EVALUATOR, 7);
        List<Runnable> ops = List.of(() -> b.xor(x, y), () -> b.and(x, y), () -> b.or(x, y),
                () -> b.mux(b.constant(true), x, y), () -> b.add(x, y), () -> b.addWithCarry(x, y),
                () -> b.subtract(x, y), () -> b.lessThan(x, y), () -> b.signedLessThan(x, y), () -> b.equal(x, y));
        for (Runnable op : ops) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, op::run);
            assertEquals("operand widths differ: 8 and 7 bits", e.getMessage());
        }
    }

    @Test
    void rejectsValuesOfAnotherBuilder() {
        CircuitBuilder b = new CircuitBuilder();
        CircuitBuilder other = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, 4);
        Bits foreign = other.input("x", Party.GARBLER, 4);
        Bit foreignBit = foreign.bit(0);
        assertThrows(IllegalArgumentException.class, () -> b.add(x, foreign));
        assertThrows(IllegalArgumentException.class, () -> b.hammingWeight(foreign));
        assertThrows(IllegalArgumentException.class, () -> b.not(foreignBit));
        assertThrows(IllegalArgumentException.class, () -> b.and(x.bit(0), foreignBit));
        assertThrows(IllegalArgumentException.class, () -> b.mux(foreignBit, x, x));
        assertThrows(IllegalArgumentException.class, () -> b.output("y", Receiver.BOTH, foreign));
        assertThrows(IllegalArgumentException.class, () -> x.concat(foreign));
        assertThrows(IllegalArgumentException.class, () -> Bits.of(x.bit(0), foreignBit));
    }

    @Test
    void rejectsBadConstantsWidthsAndSlices() {
        CircuitBuilder b = new CircuitBuilder();
        assertThrows(IllegalArgumentException.class, () -> b.constant(256, 8));
        assertThrows(IllegalArgumentException.class, () -> b.constant(-1, 8));
        assertThrows(IllegalArgumentException.class, () -> b.constant(0, 65));
        assertThrows(IllegalArgumentException.class, () -> b.input("x", Party.GARBLER, 0));
        Bits x = b.input("x", Party.GARBLER, 4);
        assertThrows(IndexOutOfBoundsException.class, () -> x.slice(2, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> x.slice(3, 2));
        assertThrows(IllegalArgumentException.class, () -> x.zeroExtend(3));
        assertThrows(IllegalArgumentException.class, Bits::of);
        Bits empty = b.constant(0, 0);
        assertThrows(IllegalArgumentException.class, () -> b.signedLessThan(empty, empty));
        assertEquals(b.constant(true), b.equal(empty, empty), "empty vectors are equal");
        assertEquals(0, b.hammingWeight(empty).width());
        assertEquals(b.constant(false), b.lessThan(empty, empty), "nothing is less than itself");
    }
}
