package io.yaostream.compiler.ir;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code maxBatch}: 0 turns batching off, a number caps the batches, {@link Compiler.Options#UNLIMITED} does not. */
class BatchLimitTest {
    private static final int WIDTH = 5000;

    /** 5,000 mutually independent AND gates: one batch when nothing caps it. */
    private static CompiledCircuit wideAnd(Compiler.Options options) {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, WIDTH);
        Bits y = b.input("y", Party.EVALUATOR, WIDTH);
        b.output("z", Receiver.BOTH, b.and(x, y));
        return b.compile(options);
    }

    @Test
    void zeroTurnsBatchingOff() {
        for (boolean reorder : new boolean[] {true, false}) {
            CompiledCircuit c = wideAnd(new Compiler.Options(Compiler.Options.OFF, reorder));
            assertEquals(WIDTH, c.counts().and());
            assertEquals(WIDTH, c.andBatchCount(), "every AND gate a batch of its own");
            for (int i = 0; i < c.andBatchCount(); i++) {
                assertEquals(1, c.andBatchLength(i));
            }
        }
        assertEquals(WIDTH, wideAnd(Compiler.Options.IN_ORDER).andBatchCount());
    }

    @Test
    void aLimitCapsEveryBatchAndUnlimitedDoesNot() {
        CompiledCircuit capped = wideAnd(new Compiler.Options(1000));
        assertEquals(5, capped.andBatchCount());
        for (int i = 0; i < capped.andBatchCount(); i++) {
            assertTrue(capped.andBatchLength(i) <= 1000);
        }
        assertEquals(2, wideAnd(Compiler.Options.DEFAULT).andBatchCount(), "4,096 and 904");
        CompiledCircuit unlimited = wideAnd(new Compiler.Options(Compiler.Options.UNLIMITED));
        assertEquals(1, unlimited.andBatchCount());
        assertEquals(WIDTH, unlimited.andBatchLength(0));
    }
}
