package io.yaostream;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.twoparty.KeptLink;
import io.yaostream.core.twoparty.YaoSession;

import java.util.List;

/**
 * A link kept open to the peer, over which programs run one after another: one connection, one handshake and one set
 * of base OTs for all of them, and OTs extended ahead while the link is idle. A program then costs its evaluator two
 * one-way latencies when it has inputs, one when only the garbler has, where a fresh session costs three.
 *
 * <pre>{@code
 * try (Link link = TwoParty.evaluator().connect("bank.example", 7000).open()) {
 *     for (long bid : bids) {
 *         boolean higher = link.run(millionaires, Inputs.of(bid, 64)).value();
 *     }
 * }
 * }</pre>
 *
 * Both parties run the same programs in the same order; each program's name (the configuration's, or one given to
 * {@link #run(String, Program, Inputs)}) and circuits are checked against the peer's with its first messages. A
 * program that fails ends the link at both parties, with one line saying why; open a new one to go on. Not for use by
 * two threads at once.
 */
public final class Link implements AutoCloseable {
    private final KeptLink link;
    private final String name;
    private final List<CompiledCircuit> circuits;
    /** A listening party's port, kept open while its connection is in use; null for a connecting party. */
    private final NettyTransport.Listener listener;
    /** The link's scheme and kernel, which each program's result names. */
    private final YaoSession.Config config;

    Link(KeptLink link, YaoSession.Config config, String name, List<CompiledCircuit> circuits, NettyTransport.Listener listener) {
        this.link = link;
        this.config = config;
        this.name = name;
        this.circuits = circuits;
        this.listener = listener;
    }

    /**
     * Runs the next program on the link under the configuration's name.
     *
     * @param <R> the program's result
     * @param program the program, the peer's next one too
     * @param inputs this party's inputs, in the order the program takes them
     * @return what the program returned here, with its own costs, times and flights
     * @throws IllegalStateException if the link has ended (a program failed, or it was closed)
     * @throws io.yaostream.core.net.ChannelException if the connection fails
     * @throws io.yaostream.core.program.ProtocolException if the peer runs another program, or the inputs do not match
     * @throws io.yaostream.core.ot.PeerFault if the peer sends what the protocol does not allow
     */
    public <R> Result<R> run(SecureProgram<R> program, Inputs inputs) {
        return run(name, program, inputs);
    }

    /**
     * Runs the next program on the link under {@code programName}, which the peer's must match.
     *
     * @param <R> the program's result
     * @param programName the program's name, at most 1,024 bytes of UTF-8
     * @param program the program, the peer's next one too
     * @param inputs this party's inputs, in the order the program takes them
     * @return what the program returned here, with its own costs, times and flights
     * @throws IllegalStateException if the link has ended (a program failed, or it was closed)
     */
    public <R> Result<R> run(String programName, SecureProgram<R> program, Inputs inputs) {
        return Result.of(link.run(programName, circuits, EngineProgram.of(program), inputs.feed()), config);
    }

    /**
     * The link's own set-up, in seconds: its handshake and base OTs (the connection's TCP and TLS set-up before them not
     * included).
     *
     * @return seconds
     */
    public double setupSeconds() {
        return link.setupSeconds();
    }

    /**
     * Programs run on the link so far.
     *
     * @return the count
     */
    public long programs() {
        return link.programs();
    }

    /**
     * Both ends of a kept link in one process ({@link TwoParty#openBoth}): each program runs at both parties at once,
     * the garbler's side on another thread.
     */
    public static final class Pair implements AutoCloseable {
        private final Link garbler;
        private final Link evaluator;

        Pair(Link garbler, Link evaluator) {
            this.garbler = garbler;
            this.evaluator = evaluator;
        }

        /**
         * Runs the next program at both ends.
         *
         * @param <R> the program's result
         * @param program the program
         * @param garblerInputs the garbler's inputs
         * @param evaluatorInputs the evaluator's inputs
         * @return each party's result
         */
        public <R> TwoParty.Both<R> run(SecureProgram<R> program, Inputs garblerInputs, Inputs evaluatorInputs) {
            BothParties.Results<Result<R>> r = BothParties.run(() -> garbler.run(program, garblerInputs),
                    () -> evaluator.run(program, evaluatorInputs));
            return new TwoParty.Both<>(r.garbler(), r.evaluator());
        }

        /** Closes both ends at once (closing is an exchange: each waits for the other's word). */
        @Override
        public void close() {
            BothParties.run(() -> {
                garbler.close();
                return null;
            }, () -> {
                evaluator.close();
                return null;
            });
        }
    }

    /** Ends the link: both parties say so and read what the other sent, then the connection closes. */
    @Override
    public void close() {
        try {
            link.close();
        } finally {
            if (listener != null) {
                listener.close();
            }
        }
    }
}
