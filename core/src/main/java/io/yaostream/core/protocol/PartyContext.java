package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.LinearForm;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.OneHotGate;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;

import java.util.List;


/**
 * What the garbler's and evaluator's contexts share: secrets are copies of slot labels, loaded into a
 * circuit's input slots before a call and saved from its output slots after it, so a cached circuit can be
 * called on any secrets. Between calls the low slots serve as scratch for inputs and reveals.
 */
public abstract class PartyContext implements ProgramContext {
    /**
     * Rounds every session has: the handshake, the base OTs' two messages to the garbler, the exchange that ends
     * the base OTs, the closing exchange.
     */
    public static final int FIXED_ROUNDS = 5;
    public static final int DIGEST_BYTES = 32;

    public final Channel channel;
    public final GarbledStream stream;
    public final CostTally tally;
    /**
     * Whether the scheme has free XOR: then a secret's state is XORed as it is (labels of 0, or active labels),
     * and the evaluator's OTs are correlated with the garbler's Δ.
     */
    public final boolean freeXor;
    public final GarblingScheme scheme;
    final Kernel kernel;
    private OneHotGate oneHotGate;
    private long[] oneHotCiphertexts = new long[0];
    /** Reveals to the garbler, each a wait for the evaluator's labels. */
    public long garblerReveals;
    private volatile long andGates;
    /** The state of a wire carrying a public 0, made on the first constant. */
    private Secret zero;

    PartyContext(Channel channel, GarblingScheme scheme, Kernel kernel, CostTally tally) {
        this(channel, new ChannelGarbledStream(channel), scheme, kernel, tally);
    }

    /** A back end whose garbled material goes through {@code stream} rather than straight through {@code channel}. */
    PartyContext(Channel channel, GarbledStream stream, GarblingScheme scheme, Kernel kernel, CostTally tally) {
        this.channel = channel;
        this.scheme = scheme;
        this.kernel = kernel;
        this.freeXor = scheme.freeXor();
        this.stream = stream;
        this.tally = tally;
    }

    abstract int slotWords();

    abstract void ensureSlots(int slots);

    /** Loads {@code count} bits of {@code s} from bit {@code bit} on into {@code slots[first ..]}. */
    abstract void loadSlots(int[] slots, int first, int count, Secret s, int bit);

    /** Saves {@code slots[first ..]} into {@code count} bits of {@code s} from bit {@code bit} on. */
    abstract void saveSlots(int[] slots, int first, int count, Secret s, int bit);

    /** Garbles or evaluates every gate of {@code c} over the loaded slots. */
    abstract void run(CompiledCircuit c);

    /** {@link #run} of {@code c} on each piece of {@code x} in a row, the results into {@code out} (see {@link #callEach}). */
    abstract void runEach(CompiledCircuit c, Secret x, Secret out, int pieces);

    /** Sends (garbler) or checks (evaluator) the digest of a circuit called for the first time. */
    public abstract void announce(CompiledCircuit c, byte[] digest);

    /** The state of a new wire carrying a public 0 (one label crosses, once per session). */
    abstract Secret newZero();

    /** Turns the state of one bit into that of its negation. */
    abstract void negate(long[] state, int pos);

    /** One evaluator input of {@code width} bits into {@code s}. */
    public abstract void evaluatorInput(int width, Secret s);

    /** The garbler's next {@code count} inputs of {@code width} bits each, side by side into {@code s}. */
    public abstract void garblerInputs(int width, int count, Secret s);

    /** At the evaluator: takes the next {@code count} values of {@code width} bits from its feed now (a bulk input). */
    public void reserveEvaluatorInputs(int width, int count) {
    }

    /** OTs extended so far and demand chunks of evaluator input, for {@link #costs()}. */
    public long ots() {
        return 0;
    }

    public long demandChunks() {
        return 0;
    }

    /** Reads whatever the peer sent ahead and this party has not read yet, before the closing exchange. */
    public void beforeClosing() {
    }

    @Override
    public final Secret input(Party owner, int width) {
        if (width < 0) {
            throw new IllegalArgumentException("input width " + width + " < 0");
        }
        Secret s = newSecret(width);
        if (owner == Party.GARBLER) {
            garblerInputs(width, 1, s);
        } else {
            evaluatorInput(width, s);
        }
        tally.input(owner == Party.EVALUATOR, width);
        return s;
    }

    /**
     * The inputs side by side as one wide input, cut apart again: one exchange, and for the evaluator one set
     * of chunks, whatever the count.
     */
    @Override
    public final Secret[] inputs(Party owner, int width, int count) {
        if (width < 0 || count < 0) {
            throw new IllegalArgumentException("inputs of " + count + " x " + width + " bits");
        }
        Secret[] out = new Secret[count];
        if (owner == Party.EVALUATOR) {
            reserveEvaluatorInputs(width, count);
            for (int i = 0; i < count; i++) {
                out[i] = input(owner, width); // the chunks cover many values at once: see InputChunks
            }
            return out;
        }
        Secret all = newSecret(Math.multiplyExact(width, count));
        garblerInputs(width, count, all);
        tally.input(false, all.width());
        for (int i = 0; i < count; i++) {
            out[i] = all.slice(i * width, (i + 1) * width);
        }
        return out;
    }

    /**
     * A three-party back end's {@link ProgramContext#input(int, int)}: party 1's input is the garbler's, party 3's the
     * evaluator's, party 2's goes to {@link #secondGarblerInput}.
     */
    public final Secret partyInput(int party, int width) {
        ProgramContext.checkParty(party);
        if (party == 1) {
            return input(Party.GARBLER, width);
        }
        if (party == 3) {
            return input(Party.EVALUATOR, width);
        }
        if (width < 0) {
            throw new IllegalArgumentException("input width " + width + " < 0");
        }
        Secret s = newSecret(width);
        secondGarblerInput(s);
        tally.input(false, width);
        return s;
    }

    /** Party 2's next input into {@code s} (three-party back ends only). */
    public void secondGarblerInput(Secret s) {
        throw new ProtocolException("party 2's input: this is a two-party session");
    }

    @Override
    public final Secret constant(BitString value) {
        if (zero == null) {
            zero = newZero();
        }
        Secret s = zero.repeat(value.width());
        for (int i = 0; i < value.width(); i++) {
            if (value.get(i)) {
                negate(s.state, s.offset(i));
            }
        }
        return s;
    }


    @Override
    public final Secret xor(Secret a, Secret b) {
        Calls.checkSameWidth(a, b);
        if (!freeXor) {
            return call(XorCircuits.of(a.width()), a, b)[0];
        }
        Secret s = newSecret(a.width());
        for (int i = 0; i < s.state.length; i++) {
            s.state[i] = a.state[i] ^ b.state[i];
        }
        return s;
    }

    @Override
    public final Secret not(Secret a) {
        Secret s = a.slice(0, a.width());
        for (int i = 0; i < s.width(); i++) {
            negate(s.state, s.offset(i));
        }
        return s;
    }

    @Override
    public final Secret[] call(CompiledCircuit circuit, Secret... args) {
        Calls.checkArguments(circuit, args);
        if (tally.call(circuit)) {
            announce(circuit, circuit.digest());
        }
        LinearForm linear = Calls.localForm(scheme, circuit);
        if (linear != null) {
            return callLinear(circuit, linear, args);
        }
        ensureSlots(circuit.slots());
        int[] inputSlots = circuit.inputSlotsView();
        for (int g = 0, first = 0; g < args.length; first += args[g].width(), g++) {
            loadSlots(inputSlots, first, args[g].width(), args[g], 0);
        }
        run(circuit);
        List<? extends WireGroup<?>> outputs = circuit.outputs();
        int[] outputSlots = circuit.outputSlotsView();
        Secret[] out = new Secret[outputs.size()];
        for (int g = 0, first = 0; g < out.length; first += out[g].width(), g++) {
            out[g] = newSecret(outputs.get(g).width());
            saveSlots(outputSlots, first, out[g].width(), out[g], 0);
        }
        andGates += circuit.counts().and();
        return out;
    }

    /**
     * A call of a circuit of XORs under free XOR, on the labels this party holds: each output bit's state is the XOR of
     * its input bits' states (labels of 0 at the garbler, active labels at the evaluator), negated where the form says.
     * The same labels the engine would give, with no slot, gate or material; {@link CostTally} counts it so.
     */
    private Secret[] callLinear(CompiledCircuit circuit, LinearForm form, Secret[] args) {
        int words = slotWords(); // a free-XOR state is one label a bit, a block: what the kernel's linear map takes
        long[] in = args.length == 1 ? args[0].state : Secret.concat(args).state; // input bits numbered as the form's
        List<? extends WireGroup<?>> outputs = circuit.outputs();
        Secret all = newSecret(form.outputBits());
        kernel.xorTerms(form.termStartsView(), form.termsView(), form.outputBits(), in, all.state);
        for (int j = 0; j < form.outputBits(); j++) {
            if (form.negated(j)) {
                negate(all.state, j * words);
            }
        }
        if (outputs.size() == 1) {
            return new Secret[] {all};
        }
        Secret[] out = new Secret[outputs.size()];
        for (int g = 0, bit = 0; g < out.length; bit += out[g].width(), g++) {
            out[g] = all.slice(bit, bit + outputs.get(g).width());
        }
        return out;
    }

    /**
     * The calls in a row, each piece's labels loaded from {@code x} and its results saved into one new secret; the
     * core runs them in one kernel call where it can.
     */
    @Override
    public final Secret callEach(CompiledCircuit circuit, Secret x) {
        if (Calls.localForm(scheme, circuit) != null) {
            return ProgramContext.super.callEach(circuit, x); // no slots to load: each call is a pass over the labels
        }
        int piece = ProgramContext.checkPieces(circuit, x);
        int pieces = x.width() / piece;
        Secret out = newSecret(pieces * circuit.outputs().get(0).width());
        for (int k = 0; k < pieces; k++) {
            if (tally.call(circuit)) {
                announce(circuit, circuit.digest()); // before any piece's tables, as the first of separate calls would
            }
        }
        runEach(circuit, x, out, pieces);
        andGates += (long) pieces * circuit.counts().and();
        return out;
    }

    @Override
    public final Secret[] module(OneHotModule m, Secret... args) {
        if (!scheme.oneHot()) {
            throw new ProtocolException("module " + m.name() + " needs one-hot garbling, which runs with the free-XOR schemes over the"
                    + " fixed-key hash (half-gates, grr3); this session uses " + scheme.name());
        }
        return OneHotScope.run(m, oneHotScope(m.name()), args);
    }

    /** This back end's one-hot gates for one call of a module. */
    public OneHotScope oneHotScope(String module) {
        throw new ProtocolException("module " + module + ": one-hot garbling runs in two-party sessions only");
    }

    /**
     * On a kept link, carries on from the link's previous program: its one-hot gate, whose tweak counter runs on, so no
     * tweak serves twice on the link (the cores' gate and output counters run on by themselves).
     */
    public final void carryOn(PartyContext previous) {
        oneHotGate = previous.oneHotGate;
    }

    /** Whether a one-hot gate was made (a module ran). */
    public final boolean hasOneHotGate() {
        return oneHotGate != null;
    }

    /** The session's one-hot gate (its tweak counter runs on across modules). */
    public final OneHotGate oneHotGate() {
        if (oneHotGate == null) {
            oneHotGate = new OneHotGate(kernel);
        }
        return oneHotGate;
    }

    /** Room for {@code blocks} ciphertext blocks of a one-hot gate, reused. */
    public final long[] oneHotCiphertexts(int blocks) {
        if (oneHotCiphertexts.length < 2 * blocks) {
            oneHotCiphertexts = new long[2 * blocks];
        }
        return oneHotCiphertexts;
    }

    /** Loads the bits of {@code value} into slots 0 .. width-1 (between calls, so no live slot is overwritten). */
    public final int[] loadIntoFirstSlots(Secret value) {
        ensureSlots(value.width());
        int[] slots = new int[value.width()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = i;
        }
        loadSlots(slots, 0, slots.length, value, 0);
        return slots;
    }

    public Secret newSecret(int width) {
        return new Secret(width, slotWords());
    }

    @Override
    public final long andGates() {
        return andGates;
    }

    public final long calls() {
        return tally.calls;
    }

    /** Bytes this party has sent, over all its links. */
    public long bytesSent() {
        return channel.bytesWritten();
    }

    /** Bytes this party has received, over all its links. */
    public long bytesReceived() {
        return channel.bytesRead();
    }

    @Override
    public final ProgramCosts costs() {
        boolean garbler = party() == Party.GARBLER;
        long sent = bytesSent();
        long received = bytesReceived();
        return tally.costs(ots(), garbler ? sent : received, garbler ? received : sent,
                FIXED_ROUNDS + demandChunks() + garblerReveals);
    }
}
