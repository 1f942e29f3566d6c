package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.Calls;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.OneHotScope;

import java.util.List;
import java.util.Optional;

/**
 * The plaintext back end: both parties' inputs in one place, circuits run by {@link PlainEvaluator}, for tests.
 * It runs the program as one party ({@code viewer}): a value revealed only to the other party comes back empty,
 * exactly as in a real run, so a program that passes here behaves the same between two parties.
 */
public class PlainContext implements ProgramContext {
    private final Party viewer;
    private final InputFeed garblerInputs;
    private final InputFeed evaluatorInputs;
    private final PlainEvaluator evaluator = new PlainEvaluator();
    private java.util.random.RandomGenerator masks;
    private java.util.random.RandomGenerator shareMasks;
    final CostTally tally;

    public PlainContext(Party viewer, InputFeed garblerInputs, InputFeed evaluatorInputs) {
        this(viewer, garblerInputs, evaluatorInputs, new CostTally(null, List.of()));
    }

    PlainContext(Party viewer, InputFeed garblerInputs, InputFeed evaluatorInputs, CostTally tally) {
        this.viewer = viewer;
        this.garblerInputs = garblerInputs;
        this.evaluatorInputs = evaluatorInputs;
        this.tally = tally;
    }

    @Override
    public Party party() {
        return viewer;
    }

    @Override
    public Secret input(Party owner, int width) {
        BitString v = owner == Party.GARBLER ? garblerInputs.next(width) : evaluatorValue(width);
        if (v == null || v.width() != width) {
            throw new ProtocolException("the program takes a " + owner.key() + " input of " + width + " bits, the feed gave "
                    + (v == null ? "none" : v.width() + " bits"));
        }
        tally.input(owner == Party.EVALUATOR, width);
        return secret(v);
    }

    /** The evaluator's next value (the cost back end takes it through its input schedule). */
    BitString evaluatorValue(int width) {
        return evaluatorInputs.next(width);
    }

    @Override
    public Secret[] inputs(Party owner, int width, int count) {
        Secret[] out = new Secret[count];
        for (int i = 0; i < count; i++) {
            out[i] = input(owner, width);
        }
        return out;
    }

    @Override
    public Secret constant(BitString value) {
        return secret(value);
    }

    @Override
    public Secret xor(Secret a, Secret b) {
        Calls.checkSameWidth(a, b);
        Secret s = new Secret(a.width(), 1);
        for (int i = 0; i < s.state.length; i++) {
            s.state[i] = a.state[i] ^ b.state[i];
        }
        return s;
    }

    @Override
    public Secret not(Secret a) {
        Secret s = new Secret(a.width(), 1);
        for (int i = 0; i < s.state.length; i++) {
            s.state[i] = a.state[i] ^ 1;
        }
        return s;
    }

    @Override
    public Secret[] call(CompiledCircuit circuit, Secret... args) {
        Calls.checkArguments(circuit, args);
        BitString[] in = new BitString[args.length];
        for (int g = 0; g < args.length; g++) {
            in[g] = bits(args[g]);
        }
        BitString[] out = evaluator.evaluate(circuit, in);
        Secret[] result = new Secret[out.length];
        for (int g = 0; g < out.length; g++) {
            result[g] = secret(out[g]);
        }
        long tables = tally.tableBytes();
        boolean announced = tally.call(circuit);
        called(announced, tally.tableBytes() - tables);
        return result;
    }

    /** After each call: whether a real garbler would have announced the circuit, and its tables' bytes. */
    void called(boolean announced, long tableBytes) {
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        boolean mine = to == Receiver.BOTH || to.name().equals(viewer.name());
        return mine ? Optional.of(bits(value)) : Optional.empty();
    }

    /**
     * As a real run shares: the garbler's share a random mask, the evaluator's the value XOR that mask. The masks come
     * from the generator this back end was given, so two plaintext runs of one program, one per viewer, given
     * generators in the same state, hold shares of the same values; by default a fresh {@code SecureRandom}.
     */
    @Override
    public BitString share(Secret value) {
        boolean[] b = new boolean[value.width()];
        for (int i = 0; i < b.length; i++) {
            boolean mask = shareMasks().nextBoolean();
            b[i] = viewer == Party.GARBLER ? mask : mask ^ (value.state[i] != 0);
        }
        return BitString.fromBits(b);
    }

    /** Draws the masks of {@link #share} from {@code masks} (the same state at both viewers' runs: the same shares). */
    public PlainContext shareMasks(java.util.random.RandomGenerator masks) {
        this.shareMasks = masks;
        return this;
    }

    private java.util.random.RandomGenerator shareMasks() {
        if (shareMasks == null) {
            shareMasks = new java.security.SecureRandom();
        }
        return shareMasks;
    }

    @Override
    public long andGates() {
        return tally.andGates();
    }

    @Override
    public ProgramCosts costs() {
        return tally.costs(0, 0, 0, 0);
    }

    @Override
    public Secret[] module(OneHotModule m, Secret... args) {
        Secret[] out = OneHotScope.run(m, new PlainOneHot(this, m.name()), args);
        BitString[] in = new BitString[args.length];
        for (int i = 0; i < in.length; i++) {
            in[i] = bits(args[i]);
        }
        BitString[] expected = m.definition(in);
        for (int i = 0; i < out.length; i++) {
            if (!bits(out[i]).equals(expected[i])) {
                throw new ProtocolException("module " + m.name() + " does not compute its definition (HK21 Requirement 1): output " + i
                        + " is " + bits(out[i]) + " where the definition gives " + expected[i]);
            }
        }
        return out;
    }

    /** The masks modules sample here, drawn as a garbler would draw them. */
    java.util.random.RandomGenerator masks() {
        if (masks == null) {
            masks = new java.security.SecureRandom();
        }
        return masks;
    }

    /** One-hot material a real garbler would send. */
    void oneHotSent(long bytes) {
        tally.oneHot(bytes);
    }

    static Secret secret(BitString v) {
        Secret s = new Secret(v.width(), 1);
        for (int i = 0; i < v.width(); i++) {
            s.state[i] = v.get(i) ? 1 : 0;
        }
        return s;
    }

    static BitString bits(Secret s) {
        boolean[] b = new boolean[s.width()];
        for (int i = 0; i < b.length; i++) {
            b[i] = s.state[i] != 0;
        }
        return BitString.fromBits(b);
    }
}
