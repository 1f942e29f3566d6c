package io.yaostream.core.twoparty;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingException;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.protocol.PartyContext;

import java.security.SecureRandom;
import java.util.List;

/**
 * One party of Yao's semi-honest protocol over a channel: the handshake, the base OTs, then the program with
 * this party's back end, then a closing exchange that tells each side the other finished too. Garbled tables
 * stream through the channel as they are made, so memory is the circuits' working sets plus the channel's
 * bounded buffers, whatever the number of gates.
 *
 * <p>A failure of the channel is re-raised with how far the session got, and so is anything the peer sent that the
 * protocol does not allow, as a {@link PeerFault}: garbled material or labels that do not decode included.
 */
public final class YaoSession {
    /**
     * What a finished session gives this party.
     *
     * @param value        what the program returned here
     * @param costs        what the session cost, as this party counted it (bytes as its channel counted them, to the result:
     *                     the garbler may have its result before it reads the evaluator's last ahead chunk of corrections,
     *                     which the evaluator's count has)
     * @param seconds       from the handshake to this party's result (the closing exchange after it not counted)
     * @param setupSeconds  the handshake and the base OTs
     * @param onlineSeconds from the end of this party's own base OTs until it had its result: OT extension, inputs,
     *                      garbling, evaluation and outputs, as HS13 §4.2 times it. No barrier marks the end of the base
     *                      OTs at both parties together (it would cost a flight), so each party's online clock starts
     *                      when its own base OTs end. The closing exchange after it only lets both sides close cleanly.
     * @param flights       the one-way latencies this party waited for on the way to its result, counted by the channel
     *                      ({@link Channel#flights}): from the hellos in a fresh session, from the program's hello on a
     *                      kept link; -1 where the channel does not count them
     * @param connectSeconds the connection's own set-up before the session, TCP and TLS ({@link Channel#setupSeconds}); not
     *                      in {@code seconds}; 0 for a program on a kept link
     */
    public record Result<R>(R value, ProgramCosts costs, long bytesSent, long bytesReceived, double seconds, double setupSeconds,
                            double onlineSeconds, int flights, double connectSeconds) {
        public long andGates() {
            return costs.andGates();
        }

        public long calls() {
            return costs.calls();
        }
    }

    /**
     * What both parties must agree on.
     *
     * @param program  a name for the program and its parameters (e.g. {@code repeat 1000}), compared in the handshake
     * @param circuits sub-circuits known before the run, whose digest the handshake compares; circuits a program
     *                 builds as it runs are compared when first called (see {@link ProgramContext#call})
     */
    public record Config(GarblingScheme scheme, Kernel kernel, BaseOt baseOt, String program, List<CompiledCircuit> circuits) {
        /** A session of the scheme named {@code scheme} on {@code kernel}, with receiver-first base OTs (the default). */
        public static Config of(String scheme, Kernel kernel, String program, List<CompiledCircuit> circuits) {
            return new Config(Schemes.byName(scheme), kernel, new ReceiverFirstBaseOt(kernel),
                    program, circuits);
        }
    }

    private static final int END = 0x7e;

    private final Party role;
    private final Channel channel;
    private final Config config;
    private final AesCtrRandom random;
    private volatile PartyContext context;

    /** Whether the hellos were exchanged already, as a listening party does while it takes its peer ({@link HelloGate}). */
    private final boolean helloExchanged;
    /** A listening garbler's base-OT message sent with its hello, or null. */
    private final GarblerOpening opening;

    public YaoSession(Party role, Channel channel, Config config, AesCtrRandom random) {
        this(role, channel, config, random, false);
    }

    /** A session whose hellos were exchanged (and agree) already when {@code helloExchanged}. */
    public YaoSession(Party role, Channel channel, Config config, AesCtrRandom random, boolean helloExchanged) {
        this(role, channel, config, random, helloExchanged, null);
    }

    /**
     * A garbler's session whose hellos were exchanged already, its base OTs' first message with them ({@code opening},
     * made with the same {@code random}; null where there was none).
     */
    public YaoSession(Party role, Channel channel, Config config, AesCtrRandom random, boolean helloExchanged, GarblerOpening opening) {
        if (opening != null && (role != Party.GARBLER || !helloExchanged)) {
            throw new IllegalArgumentException("only a garbler whose hello went out with its opening has one");
        }
        this.role = role;
        this.channel = channel;
        this.config = config;
        this.random = random;
        this.helloExchanged = helloExchanged;
        this.opening = opening;
        if (role == Party.GARBLER) {
            keyGarbler(config, random);
        }
    }

    /** Domain of {@code R} whose index 0 is Kπ (docs/garbling-schemes.md §1.5). */
    static final int PERMUTATION_KEY_DOMAIN = 0x01;

    /**
     * Gives a garbler's kernel its session's Kπ = R(0x01, 0) from {@code random} (docs/garbling-schemes.md §1.2, §1.5),
     * which its hello then carries to the evaluator. The same generator gives the same key: a listening garbler calls
     * this before its hello goes out, its session again when it starts.
     */
    public static void keyGarbler(Config config, AesCtrRandom random) {
        long[] key = random.derive(PERMUTATION_KEY_DOMAIN, 0);
        config.kernel().setFixedKey(key[0], key[1]);
    }

    /** Gives an evaluator's kernel the Kπ of the garbler's hello {@code garblers}, before it hashes anything. */
    public static void keyEvaluator(Config config, Handshake.Hello garblers) {
        if (garblers.role() != Party.GARBLER) {
            throw new IllegalArgumentException("only a garbler's hello carries Kπ");
        }
        config.kernel().setFixedKey(garblers.keyLo(), garblers.keyHi());
    }

    /** This party's hello in a session of {@code config}: a garbler's carries its kernel's Kπ ({@link #keyGarbler}). */
    public static Handshake.Hello hello(Party role, Config config) {
        byte[] digest = Handshake.digest(config.circuits());
        if (role == Party.GARBLER) {
            Kernel k = config.kernel();
            return new Handshake.Hello(role, config.scheme().name(), config.program(), digest, k.fixedKeyLo(), k.fixedKeyHi());
        }
        return new Handshake.Hello(role, config.scheme().name(), config.program(), digest);
    }

    /** Reads the garbler's hello, checks it against this evaluator's and takes its Kπ. */
    static void readGarblerHello(Channel channel, Handshake.Hello mine, Config config) {
        Handshake.Hello theirs = Handshake.receive(channel);
        Handshake.check(mine, theirs);
        keyEvaluator(config, theirs);
    }

    /**
     * Sends this party's hello at the start of a session or a kept link. Both hellos go out at once, each with the first
     * base-OT message of its party where that party speaks first in the base OTs: with receiver-first base OTs the garbler
     * (their receiver) sends its points with its hello, else the evaluator sends its point A with its own. Each party reads
     * the other's hello before it reads anything else of the peer's and before it sends anything that depends on an
     * input: the evaluator as its base OTs' first read, a sender-first garbler here, and a receiver-first garbler once its
     * points are written, for which this returns true.
     */
    static boolean sendHello(Party role, Channel channel, Handshake.Hello mine, boolean receiverFirst) {
        Handshake.send(channel, mine);
        if (role == Party.GARBLER && !receiverFirst) {
            channel.flush();
            Handshake.check(mine, Handshake.receive(channel));
        } else if (role == Party.EVALUATOR && receiverFirst) {
            channel.flush();
        }
        return role == Party.GARBLER && receiverFirst;
    }

    /**
     * One session of {@code config} over {@code channel}, with randomness drawn from a {@link java.security.SecureRandom}, the
     * channel closed when it ends: for a back end that made its own channel (a Spark task, a combining session).
     */
    public static <R> Result<R> runOver(Party role, Channel channel, Config config, Program<R> program, InputFeed feed) {
        try (channel) {
            return new YaoSession(role, channel, config, AesCtrRandom.create(config.kernel(), new SecureRandom()))
                    .run(program, feed);
        }
    }

    /** Runs {@code program} with this party's inputs from {@code feed}. */
    public <R> Result<R> run(Program<R> program, InputFeed feed) {
        return run(program, feed, r -> { });
    }

    /**
     * Runs {@code program} with this party's inputs from {@code feed}; {@code onResult} gets the result as soon as it is
     * known, before the closing exchange, so a caller can print it without waiting for that flight. The result's times
     * stop there too.
     */
    public <R> Result<R> run(Program<R> program, InputFeed feed, java.util.function.Consumer<? super Result<R>> onResult) {
        long start = System.nanoTime();
        Handshake.Hello mine = hello(role, config);
        boolean checkAfterSetup = !helloExchanged && sendHello(role, channel, mine, config.baseOt().receiverFirst());
        Runnable peerHello = helloExchanged || role == Party.GARBLER ? () -> { } : () -> readGarblerHello(channel, mine, config);
        CostTally tally = new CostTally(config.scheme(), config.circuits());
        PartyContext ctx;
        R value;
        try {
            if (role == Party.GARBLER) {
                GarblerCore core = opening != null ? opening.core : config.scheme().newGarbler(config.kernel(), random);
                GarblerContext g = new GarblerContext(channel, config.scheme(), config.kernel(), random, config.baseOt(), core, feed, tally);
                g.setup(opening);
                if (checkAfterSetup) {
                    Handshake.check(mine, Handshake.receive(channel)); // its points went out with its hello, unanswered yet
                }
                ctx = g;
            } else {
                EvaluatorContext e = new EvaluatorContext(channel, config.scheme(), config.kernel(), random, config.baseOt(), feed, tally);
                e.setup(peerHello);
                ctx = e;
            }
        } catch (ChannelException e) {
            throw new ChannelException(e.getMessage() + "; the session failed in the base OTs", e);
        }
        long setup = System.nanoTime();
        Result<R> result;
        context = ctx;
        try {
            value = program.run(ctx);
            long done = System.nanoTime();
            result = new Result<>(value, ctx.costs(), channel.bytesWritten(), channel.bytesRead(), (done - start) / 1e9, (setup - start) / 1e9,
                    (done - setup) / 1e9, channel.flights(), channel.setupSeconds());
            onResult.accept(result);
            finish(ctx);
        } catch (ChannelException e) {
            throw new ChannelException(e.getMessage() + progress(ctx), e);
        } catch (GarblingException e) {
            // Tables, labels and decoding values all come from the peer, so material that does not decode is its fault.
            throw new PeerFault("the peer's garbled material or labels do not decode: " + e.getMessage() + progress(ctx), e);
        } catch (PeerFault e) {
            throw new PeerFault(e.getMessage() + progress(ctx), e);
        }
        return result;
    }

    private static String progress(PartyContext ctx) {
        return "; the session had run " + String.format("%,d", ctx.andGates()) + " AND gates in " + String.format("%,d", ctx.calls())
                + " circuit calls";
    }

    /** AND gates run so far (for progress reports from another thread). */
    public long andGatesSoFar() {
        PartyContext ctx = context;
        return ctx == null ? 0 : ctx.andGates();
    }

    /** Each side says it is done and waits for the other, so neither closes while the other still reads. */
    private void finish(PartyContext ctx) {
        channel.write(new byte[] {END}, 0, 1);
        channel.flush();
        ctx.beforeClosing();
        int b = readByte();
        if (b != END) {
            throw new PeerFault("the peer sent byte " + b + " where the end of its program was due: it sent more data than this"
                    + " party's program reads (the programs differ, or the data was altered)");
        }
    }

    private int readByte() {
        byte[] b = new byte[1];
        channel.readFully(b, 0, 1);
        return b[0] & 0xff;
    }
}
