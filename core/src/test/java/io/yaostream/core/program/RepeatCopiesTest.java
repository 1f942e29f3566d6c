package io.yaostream.core.program;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How many repetitions go together: within a level-1 cache of labels, a bounded copy of the records, and no more than asked. */
class RepeatCopiesTest {
    /** {@code ands} AND gates in a chain over {@code slots} slots (the rest unused). */
    private static CompiledCircuit chain(int slots, int ands) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(slots).input("x", Party.GARBLER, new int[] {0, 1});
        for (int i = 0; i < ands; i++) {
            b.gate(GateOp.AND, 0, 1, 1);
        }
        return b.output("z", Receiver.BOTH, new int[] {1}).build();
    }

    @Test
    void smallCircuitsGoEightAtATime() {
        assertEquals(8, RepeatProgram.copies(chain(376, 100), 1_000_000));
        assertEquals(5, RepeatProgram.copies(chain(376, 100), 5), "never more than the repetitions");
        assertEquals(1, RepeatProgram.copies(chain(376, 100), 1));
    }

    @Test
    void labelsKeepToTheCache() {
        assertEquals(3, RepeatProgram.copies(chain(912, 100), 1000), "912 slots, as many as aes_128's, in a narrow circuit");
        assertEquals(1, RepeatProgram.copies(chain(3000, 100), 1000));
    }

    @Test
    void recordsKeepToTheirBudget() {
        assertEquals(2, RepeatProgram.copies(chain(16, 100_000), 1000), "4 MiB of records hold two copies of 100,000 gates");
        assertEquals(1, RepeatProgram.copies(chain(16, 300_000), 1000));
    }

    /** 128 independent AND gates of 256 input bits, summed by XOR gates in a chain, or each XORed with an input bit. */
    private static CompiledCircuit wide(boolean chained) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(512);
        int[] x = new int[256];
        for (int i = 0; i < 256; i++) {
            x[i] = i;
        }
        b.input("x", Party.GARBLER, x);
        for (int i = 0; i < 128; i++) {
            b.gate(GateOp.AND, i, 128 + i, 256 + i);
        }
        for (int i = 1; i < 128; i++) { // the sum so far in slot 384 + i
            int left = !chained ? i : i == 1 ? 256 : 384 + i - 1;
            b.gate(GateOp.XOR, left, 256 + i, 384 + i);
        }
        return b.output("z", Receiver.BOTH, new int[] {511}).build();
    }

    @Test
    void wideBatchesOfIndependentGatesGoOneByOne() {
        assertEquals(1, RepeatProgram.copies(wide(false), 1000));
    }

    @Test
    void chainedFreeGatesGoTogether() {
        assertEquals(6, RepeatProgram.copies(wide(true), 1000), "as many as 48 KiB of labels hold");
    }

    @Test
    void freeCircuitsGoOneByOne() {
        CompiledCircuit xor = new CompiledCircuit.Builder(3).input("x", Party.GARBLER, new int[] {0, 1})
                .gate(GateOp.XOR, 0, 1, 2).output("z", Receiver.BOTH, new int[] {2}).build();
        assertEquals(1, RepeatProgram.copies(xor, 100));
    }
}
