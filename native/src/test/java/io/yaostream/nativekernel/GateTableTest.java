package io.yaostream.nativekernel;

import io.yaostream.core.circuit.GateOp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The C walks read every gate's op through one table (yaostream_gates.h): for each op, whether it is AND-type and how
 * it reads its inputs. It must say what {@link GateOp} says, op for op. Skipped, like {@link NativeKernelTest}, where
 * the build could not make the library.
 */
class GateTableTest {
    /** yaostream_gates.h's IS_AND: the bit of an AND-type op's entry, whose low three bits are then its andForm. */
    private static final int IS_AND = 8;

    @BeforeAll
    static void nativeKernelIsBuiltHere() {
        NativeKernelTest.nativeKernelIsBuiltHere();
        assertNull(NativeLibrary.FAILURE);
    }

    @Test
    void theCGateTableIsGateOp() {
        byte[] forms = NativeBindings.gateForms();
        assertEquals(GateOp.MAX + 1, forms.length, "one entry per op");
        for (int op = 0; op <= GateOp.MAX; op++) {
            int form = forms[op];
            boolean and = GateOp.kind(op) == GateOp.Kind.AND;
            assertEquals(and, (form & IS_AND) != 0, "AND-type or not, op " + op);
            if (and) {
                assertEquals(GateOp.andForm(op), form & ~IS_AND, "andForm of op " + op);
            } else {
                assertEquals(GateOp.freeForm(op), form, "freeForm of op " + op);
            }
        }
    }
}
