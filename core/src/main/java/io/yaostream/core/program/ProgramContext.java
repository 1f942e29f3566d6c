package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.util.Optional;

/**
 * What a {@link Program} can do: take inputs, call compiled sub-circuits on secrets, reveal results. One
 * implementation per back end: the garbler and the evaluator of a {@code YaoSession}, the plaintext
 * {@code PlainContext} and the counting {@code CostContext}; all behave alike, down to who learns what.
 */
public interface ProgramContext {
    /** The party this back end runs the program as (the plaintext and cost back ends run as a chosen one). */
    Party party();

    /**
     * The owner's next input of {@code width} bits. The owner takes it from its {@link InputFeed}; the other
     * party learns nothing of it. Inputs may be taken at any point of a run, so a long input can be fed a
     * block at a time; the evaluator's are sent ahead of the program where its feed can tell them
     * ({@link InputFeed#ahead()}), so taking them one at a time costs no round trip each.
     */
    Secret input(Party owner, int width);

    /**
     * The next input of {@code width} bits of party number {@code party} of a three-party session ({@code ThreeParty}):
     * 1 and 2 garble, 3 evaluates. There, {@link #input(Party, int)} of the garbler is party 1's and of the evaluator
     * party 3's, so a two-party program runs unchanged with party 2 garbling and giving no input. A two-party
     * session has no party numbers.
     */
    default Secret input(int party, int width) {
        throw new ProtocolException("input of party " + party + ": parties are numbered in three-party sessions only; a two-party"
                + " program names the owner of an input as the garbler or the evaluator");
    }

    /**
     * The owner's next {@code count} inputs of {@code width} bits each, in one exchange (for the evaluator: one
     * batch of oblivious transfers, not one per value).
     */
    Secret[] inputs(Party owner, int width, int count);

    /** A public constant as a secret, known to both parties (it costs no gate and, after the first, no byte). */
    Secret constant(BitString value);

    /**
     * {@code a XOR b}, bit by bit. With a free-XOR scheme each party combines what it holds, and nothing is sent
     * or garbled; otherwise it is a cached circuit of n garbled XOR gates.
     */
    Secret xor(Secret a, Secret b);

    /** {@code NOT a}: free in every scheme (the garbler swaps the meaning of its labels, the evaluator keeps its own). */
    Secret not(Secret a);

    /**
     * Runs {@code circuit} (a cached compiled sub-circuit, any number of times) on one secret per input
     * group, each as wide as its group; returns one secret per output group. The first call of a circuit in a
     * session sends its digest, which the evaluator checks against its own before evaluating it.
     */
    Secret[] call(CompiledCircuit circuit, Secret... args);

    /**
     * Runs {@code circuit}, of one input and one output group, on each piece of {@code x} as wide as its input, in
     * order; returns the outputs side by side, the first piece's in the low bits (AES's SubBytes: sixteen calls of
     * the S-box on the bytes of the state). The same calls, gates and material as calling it on each piece; a back
     * end may run them without cutting {@code x} apart or joining the results.
     */
    default Secret callEach(CompiledCircuit circuit, Secret x) {
        int piece = checkPieces(circuit, x);
        Secret[] out = new Secret[x.width() / piece];
        for (int k = 0; k < out.length; k++) {
            out[k] = call(circuit, x.slice(k * piece, (k + 1) * piece))[0];
        }
        return out.length == 0 ? x.slice(0, 0) : Secret.concat(out);
    }

    /**
     * Runs a one-hot garbling module (HK21) on {@code args}: its body on this back end, with gates no program outside
     * a module can use. Needs a scheme with one-hot garbling ({@link io.yaostream.core.garble.GarblingScheme#oneHot}).
     */
    Secret[] module(OneHotModule module, Secret... args);

    /** Reveals {@code value} to {@code to}: the bits at a party that receives them, empty at the other. */
    Optional<BitString> reveal(Secret value, Receiver to);

    /**
     * Ends {@code value} as a shared result: returns this party's share of its bits. The garbler's share is the colour
     * (permute) bit of each bit's label of 0, the evaluator's the colour bit of the label it holds, so the two XOR to the
     * value and each alone is uniformly random. No decoding information is sent: only the hashes of each bit's two
     * labels in colour order (32 bytes a bit, garbler to evaluator, no round trip), with which the evaluator checks that
     * its labels are the circuit's, so tampered material fails rather than becoming a wrong share. A later session
     * takes the shares as both parties' inputs and XORs them inside its circuit (see {@code Computation.shared()}). No
     * gate. Three-party sessions do not share.
     */
    default BitString share(Secret value) {
        throw new ProtocolException("shared results are for two-party sessions; this back end reveals only");
    }

    /** AND gates run so far (in calls that have completed). */
    long andGates();

    /** The costs so far, as this back end counts them. */
    ProgramCosts costs();

    /**
     * Checks a {@link #callEach}: a circuit of one input and one output group, a nonzero input width that divides
     * {@code x}'s. Returns the input width.
     */
    static int checkPieces(CompiledCircuit circuit, Secret x) {
        if (circuit.inputs().size() != 1 || circuit.outputs().size() != 1) {
            throw new ProtocolException("a circuit called on each piece of a value has one input and one output, not "
                    + circuit.inputs().size() + " and " + circuit.outputs().size());
        }
        int piece = circuit.inputs().get(0).width();
        if (piece == 0 || x.width() % piece != 0) {
            throw new ProtocolException("a " + x.width() + "-bit value does not cut into pieces of the circuit's " + piece
                    + "-bit input");
        }
        return piece;
    }

    /** Checks a party number: 1, 2 (garblers) or 3 (evaluator). */
    static void checkParty(int party) {
        if (party < 1 || party > 3) {
            throw new IllegalArgumentException("party " + party + ": a three-party session has parties 1, 2 (garblers) and 3 (evaluator)");
        }
    }
}
