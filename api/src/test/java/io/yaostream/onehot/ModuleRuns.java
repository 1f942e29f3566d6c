package io.yaostream.onehot;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.BitVector;
import io.yaostream.Computation;
import io.yaostream.Runs;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.internal.CoreBridge;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Runs one- and two-input operations of the integer modules on the plaintext back end and through real sessions. */
final class ModuleRuns {
    /** An operation on the garbler's and the evaluator's inputs (the second ignored by one-input operations). */
    interface Op extends BiFunction<Computation, BitVector[], BitVector> {
    }

    /** The outputs of one session at each party, and what the evaluator counted. */
    record Session(List<BigInteger> garbler, List<BigInteger> evaluator, ProgramCosts costs) {
    }

    private ModuleRuns() {
    }

    static BitString random(Random rnd, int width) {
        return BitString.of(new BigInteger(width, rnd), width);
    }

    static List<BitString> random(Random rnd, int width, int count) {
        List<BitString> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(random(rnd, width));
        }
        return out;
    }

    /** The operation on each pair (as[i], bs[i]), revealed, as a program: the garbler holds a, the evaluator b. */
    static SecureProgram<List<BigInteger>> program(int n, int m, int reps, Op op) {
        return c -> {
            List<BigInteger> out = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                BitVector a = c.bits(Party.GARBLER, n);
                BitVector b = c.bits(Party.EVALUATOR, m);
                out.add(op.apply(c, new BitVector[] {a, b}).reveal().toBigInteger());
            }
            return out;
        };
    }

    /** On the plaintext back end, which also checks every module call against its definition. */
    static List<BigInteger> plain(List<BitString> as, List<BitString> bs, Op op) {
        return CoreBridge.engine(program(as.get(0).width(), bs.get(0).width(), as.size(), op))
                .run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.of(as), InputFeed.of(bs)));
    }

    /** Through a real session of {@code scheme}; both parties must get the same outputs. */
    static Session garbled(String scheme, List<BitString> as, List<BitString> bs, Op op) {
        Runs.Both<List<BigInteger>> both = Runs.garbled(scheme, "integer modules", program(as.get(0).width(), bs.get(0).width(), as.size(), op),
                () -> Inputs.bits(as.stream().map(CoreBridge::bits).toList()), () -> Inputs.bits(bs.stream().map(CoreBridge::bits).toList()));
        assertEquals(both.evaluator().value(), both.garbler().value(), scheme);
        return new Session(both.garbler().value(), both.evaluator().value(), both.evaluator().costs());
    }

    /** Bytes of garbled material: one-hot ciphertexts and reveal bytes, and the AND gates' tables of {@code scheme}. */
    static long bytes(String scheme, long oneHotBytes, long andGates) {
        return oneHotBytes + 16L * Schemes.byName(scheme).ciphertextsPerAnd() * andGates;
    }

    /** Ciphertexts of {@link OuterProduct} on n x m bits: per side, each chunk's 2(size − 1) plus the columns it takes. */
    static long outerProduct(int n, int m, int k, int below) {
        return side(n, m, k, below) + side(m, n, k, below);
    }

    private static long side(int rows, int width, int k, int below) {
        long c = 0;
        for (int r0 = 0; r0 < rows; r0 += k) {
            long cols = Math.min(width, (long) below - r0);
            if (cols <= 0) {
                break;
            }
            c += 2L * (Math.min(k, rows - r0) - 1) + cols;
        }
        return c;
    }

    /** ANDs to add the entries of an n x m outer product below {@code width} columns: ⌊H/2⌋ per column but the top. */
    static long columnSum(int n, int m, int width) {
        long ands = 0;
        long carries = 0;
        for (int c = 0; c < width - 1; c++) {
            long entries = Math.max(0, Math.min(n - 1, c) - Math.max(0, c - m + 1) + 1);
            carries = (entries + carries) / 2;
            ands += carries;
        }
        return ands;
    }
}
