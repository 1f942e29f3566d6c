package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.protocol.PartyContext;
import io.yaostream.core.protocol.XorCircuits;
import io.yaostream.core.twoparty.EvaluatorInputSchedule;
import io.yaostream.core.twoparty.InputChunks;
import io.yaostream.core.twoparty.YaoSession;

import java.util.List;
import java.util.Optional;

/**
 * The cost back end: runs the program on plain values (so it follows the same control flow as a real run,
 * revealed values included) and counts what a real session of {@code scheme} would send, message by message,
 * without any cryptography: AND gates, garbled-table bytes, OTs, calls, bytes each way and rounds. Its figures
 * are those a real run reports at its end ({@link YaoSession.Result#costs()}), to the byte, when both are given
 * the same inputs; a test holds them to it.
 */
public final class CostContext extends PlainContext {
    /** The garbler is the base OTs' receiver; the extension needs one base OT per bit of its secret. */
    private static final int OT_KEYS = 128;

    private final GarblingScheme scheme;
    private final Schedule schedule;
    private long bytesToEvaluator;
    private long bytesToGarbler;
    private long garblerReveals;
    private boolean zeroSent;

    /** Counts the chunks the real evaluator would send. */
    private final class Schedule extends EvaluatorInputSchedule {
        Schedule(InputFeed feed) {
            super(feed);
        }

        @Override
        public void sendChunk(int n, int m) {
            bytesToGarbler += InputChunks.chunkBytes(n, m);
        }
    }

    /**
     * @param viewer           the party whose view the program's results are (as {@link PlainContext})
     * @param programName      the program's name in the handshake
     * @param declaredCircuits the circuits named in the handshake (their first calls send no digest)
     */
    public CostContext(Party viewer, GarblingScheme scheme, BaseOt baseOt, String programName, List<CompiledCircuit> declaredCircuits,
                       InputFeed garblerInputs, InputFeed evaluatorInputs) {
        super(viewer, garblerInputs, evaluatorInputs, new CostTally(scheme, declaredCircuits));
        this.scheme = scheme;
        this.schedule = new Schedule(evaluatorInputs);
        long hello = Handshake.helloBytes(scheme.name(), programName);
        // A run's costs stop at its result: the closing exchange after it is not counted.
        bytesToEvaluator = hello + Handshake.KEY_BYTES + baseOt.receiverBytes(OT_KEYS); // the garbler's hello carries Kπ
        bytesToGarbler = hello + baseOt.senderBytes(OT_KEYS);
        schedule.opening(); // as the real evaluator, after its base OTs
    }

    @Override
    public Secret input(Party owner, int width) {
        Secret s = super.input(owner, width);
        if (owner == Party.GARBLER) {
            bytesToEvaluator += 16L * width;
        } else {
            if (!scheme.freeXor()) {
                bytesToEvaluator += 32L * width; // the garbler's masked label pairs
            }
            schedule.taken(width);
        }
        return s;
    }

    @Override
    BitString evaluatorValue(int width) {
        return schedule.take(width);
    }

    @Override
    public Secret[] inputs(Party owner, int width, int count) {
        if (owner == Party.EVALUATOR) {
            schedule.reserve(width, count);
        }
        return super.inputs(owner, width, count); // input() counts each value
    }

    @Override
    public Secret constant(BitString value) {
        if (!zeroSent) {
            bytesToEvaluator += 16;
            zeroSent = true;
        }
        return super.constant(value);
    }

    /** As a real run: free with free XOR, else the XOR circuit (whose tables and first-call digest count). */
    @Override
    public Secret xor(Secret a, Secret b) {
        return scheme.freeXor() ? super.xor(a, b) : call(XorCircuits.of(a.width()), a, b)[0];
    }

    @Override
    void oneHotSent(long bytes) {
        super.oneHotSent(bytes);
        bytesToEvaluator += bytes;
    }

    @Override
    void called(boolean announced, long tableBytes) {
        bytesToEvaluator += (announced ? PartyContext.DIGEST_BYTES : 0) + tableBytes;
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        if (to != Receiver.GARBLER) {
            bytesToEvaluator += 32L * value.width();
        }
        if (to != Receiver.EVALUATOR) {
            bytesToGarbler += 16L * value.width();
            garblerReveals++;
        }
        return super.reveal(value, to);
    }

    /** As a real run: the garbler's check values, two hashes a bit, to the evaluator. */
    @Override
    public BitString share(Secret value) {
        bytesToEvaluator += 32L * value.width();
        return super.share(value);
    }

    @Override
    public ProgramCosts costs() {
        return tally.costs(schedule.extended, bytesToEvaluator, bytesToGarbler,
                PartyContext.FIXED_ROUNDS + schedule.demandChunks + garblerReveals);
    }
}
