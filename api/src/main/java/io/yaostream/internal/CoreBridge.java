package io.yaostream.internal;

import io.yaostream.BitVector;
import io.yaostream.PlainBits;
import io.yaostream.Computation;
import io.yaostream.Inputs;
import io.yaostream.SecretValue;
import io.yaostream.SecureProgram;
import io.yaostream.SubCircuit;
import io.yaostream.ThreeParty;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;

import java.util.List;
import java.util.Objects;

/**
 * The one door between the API's types and the engine's, for yaostream's own one-hot functions
 * ({@code io.yaostream.onehot}), command line, Spark back end, benches and tests. It is not part of the API: the
 * API's packages name no engine type in a public signature (a test keeps it so), this class does, and it may change
 * in any release. A program never needs it.
 *
 * <p>The API package installs the one {@link Access} when it loads, so the conversions stay package-private there.
 */
public final class CoreBridge {
    /** What the API package gives this door; implemented once, in {@code io.yaostream}. */
    public interface Access {
        /**
         * See {@link CoreBridge#feed}.
         *
         * @param inputs the inputs
         * @return their feed
         */
        InputFeed feed(Inputs inputs);

        /**
         * See {@link CoreBridge#inputs}.
         *
         * @param feed the feed
         * @return the feed as inputs
         */
        Inputs inputs(InputFeed feed);

        /**
         * See {@link CoreBridge#program}.
         *
         * @param program the engine's program
         * @param <R> the result
         * @return the program as the API runs it
         */
        <R> SecureProgram<R> program(Program<R> program);

        /**
         * See {@link CoreBridge#engine}.
         *
         * @param program a program
         * @param <R> the result
         * @return the program as the engine runs it
         */
        <R> Program<R> engine(SecureProgram<R> program);

        /**
         * See {@link CoreBridge#context}.
         *
         * @param c a computation
         * @return its context
         */
        ProgramContext context(Computation c);

        /**
         * See {@link CoreBridge#transport(TwoParty, TransportOptions)}.
         *
         * @param party a configuration
         * @param options the options
         * @return a new configuration
         */
        TwoParty transport(TwoParty party, TransportOptions options);

        /**
         * See {@link CoreBridge#transport(ThreeParty, TransportOptions)}.
         *
         * @param party a configuration
         * @param options the options
         * @return a new configuration
         */
        ThreeParty transport(ThreeParty party, TransportOptions options);

        /**
         * See {@link CoreBridge#circuits(TwoParty, List)}.
         *
         * @param party a configuration
         * @param circuits the circuits
         * @return a new configuration
         */
        TwoParty circuits(TwoParty party, List<CompiledCircuit> circuits);

        /**
         * See {@link CoreBridge#circuits(ThreeParty, List)}.
         *
         * @param party a configuration
         * @param circuits the circuits
         * @return a new configuration
         */
        ThreeParty circuits(ThreeParty party, List<CompiledCircuit> circuits);

        /**
         * See {@link CoreBridge#circuit}.
         *
         * @param definition what identifies the circuit besides the widths
         * @param widths the inputs' widths
         * @param body builds the circuit
         * @return the compiled circuit
         */
        CompiledCircuit circuit(Object definition, int[] widths, SubCircuit.Many body);

        /**
         * See {@link CoreBridge#module}.
         *
         * @param computation the computation the arguments belong to
         * @param module the module
         * @param args its inputs, in order
         * @return its outputs, in order
         */
        BitVector[] module(Computation computation, OneHotModule module, SecretValue... args);

        /**
         * See {@link CoreBridge#bits(PlainBits)}.
         *
         * @param bits the API's bits
         * @return the engine's bit string
         */
        BitString bits(PlainBits bits);

        /**
         * See {@link CoreBridge#bits(BitString)}.
         *
         * @param bits the engine's bit string
         * @return the API's bits
         */
        PlainBits bits(BitString bits);
    }

    private static volatile Access access;

    private CoreBridge() {
    }

    /**
     * Installs the API package's side of the door. Called once, by the API package as it loads.
     *
     * @param api the API package's conversions
     * @throws IllegalStateException if a side is installed already
     */
    public static synchronized void install(Access api) {
        if (access != null) {
            throw new IllegalStateException("the API's side of CoreBridge is installed already");
        }
        access = Objects.requireNonNull(api, "api");
    }

    private static Access api() {
        Access a = access;
        if (a == null) {
            try { // the installer's static initialiser calls install
                Class.forName("io.yaostream.CoreBridgeAccess", true, CoreBridge.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the API package is not on the class path", e);
            }
            a = access;
        }
        return a;
    }

    /**
     * The engine's feed of {@code inputs} for one run.
     *
     * @param inputs the inputs
     * @return a feed, fresh for inputs made of values
     */
    public static InputFeed feed(Inputs inputs) {
        return api().feed(inputs);
    }

    /**
     * Inputs from a feed made with the engine's own interface, for feeds that decide each value as the program takes
     * it. Nothing can follow them ({@link Inputs#and}).
     *
     * @param feed the feed
     * @return the feed as inputs
     */
    public static Inputs inputs(InputFeed feed) {
        return api().inputs(feed);
    }

    /**
     * A program written against the engine's context, to run through the API's run methods: the engine runs the
     * program itself, with no typed computation around it.
     *
     * @param program the engine's program
     * @param <R> the result
     * @return the program as the API's run methods take it
     */
    public static <R> SecureProgram<R> program(Program<R> program) {
        return api().program(program);
    }

    /**
     * What the engine runs for a program: the engine's own program if {@link #program} made it, else the typed
     * program over a fresh computation on the context it is given. For back ends that run a session themselves.
     *
     * @param program a program
     * @param <R> the result
     * @return the program as the engine's sessions and back ends take it
     */
    public static <R> Program<R> engine(SecureProgram<R> program) {
        return api().engine(program);
    }

    /**
     * The engine's context a computation runs on, for what the typed values do not cover.
     *
     * @param c a computation
     * @return the context its typed values run on
     */
    public static ProgramContext context(Computation c) {
        return api().context(c);
    }

    /**
     * Every transport option at once (frame sizes, in-flight bytes, notices, a simulated network, the peer's
     * identity). A peer certificate named before stays unless {@code options} name another.
     *
     * @param party a configuration
     * @param options every transport option, replacing the timeout and TLS set before
     * @return a new configuration; {@code party} is unchanged
     */
    public static TwoParty transport(TwoParty party, TransportOptions options) {
        return api().transport(party, options);
    }

    /**
     * Every transport option at once, for three parties.
     *
     * @param party a configuration
     * @param options every transport option, replacing the timeout and TLS set before
     * @return a new configuration; {@code party} is unchanged
     */
    public static ThreeParty transport(ThreeParty party, TransportOptions options) {
        return api().transport(party, options);
    }

    /**
     * Circuits known before the run, compared in the handshake (others are compared when first called).
     *
     * @param party a configuration
     * @param circuits the circuits, the same at both parties (copied)
     * @return a new configuration; {@code party} is unchanged
     */
    public static TwoParty circuits(TwoParty party, List<CompiledCircuit> circuits) {
        return api().circuits(party, circuits);
    }

    /**
     * Circuits known before the run, compared in the handshake, for three parties.
     *
     * @param party a configuration
     * @param circuits the circuits, the same at all three parties (copied)
     * @return a new configuration; {@code party} is unchanged
     */
    public static ThreeParty circuits(ThreeParty party, List<CompiledCircuit> circuits) {
        return api().circuits(party, circuits);
    }

    /**
     * The circuit {@code body} builds on inputs of {@code widths} bits, compiled once per JVM for {@code definition}
     * (the API's cache of sub-circuits): for one-hot modules, whose bodies call standard sub-circuits.
     *
     * @param definition names everything {@code body} depends on besides the widths, compared by {@code equals}
     * @param widths bits of each input, in order
     * @param body builds the circuit, on the first request only
     * @return the compiled circuit, the same instance for equal definitions and widths
     */
    public static CompiledCircuit circuit(Object definition, int[] widths, SubCircuit.Many body) {
        return api().circuit(definition, widths, body);
    }

    /**
     * A one-hot garbling module (HK21, {@link OneHotModule}) on {@code args}, one bit vector per output: how the
     * one-hot functions of {@code io.yaostream.onehot}, and tests of modules, run a module in a computation. Needs a
     * scheme with one-hot garbling (half-gates or grr3); the plaintext back end checks the module against its
     * definition on every call.
     *
     * @param computation the computation the arguments belong to
     * @param module the module, which fixes the widths it takes
     * @param args its inputs, in order
     * @return its outputs, in order
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    public static BitVector[] module(Computation computation, OneHotModule module, SecretValue... args) {
        return api().module(computation, module, args);
    }

    /**
     * The engine's bit string of the API's {@link PlainBits}: the same bits, with no copy.
     *
     * @param bits the API's bits
     * @return the engine's bit string
     */
    public static BitString bits(PlainBits bits) {
        return api().bits(bits);
    }

    /**
     * The API's {@link PlainBits} of an engine's bit string, for a value the engine gave (a reveal of a {@code Program}, a
     * plain evaluation) that goes on to the API ({@link Inputs#bits}, {@code Shared.of}).
     *
     * @param bits the engine's bit string
     * @return the same bits as the API's, with no copy
     */
    public static PlainBits bits(BitString bits) {
        return api().bits(bits);
    }
}
