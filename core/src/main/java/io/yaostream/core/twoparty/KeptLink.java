package io.yaostream.core.twoparty;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingException;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.protocol.PartyContext;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One party's end of a kept link: programs run one after another over one connection, one handshake and one set of
 * base OTs. The link keeps what a fresh session would make anew: the garbler's Δ, the cores' gate and output counters
 * (so no hash tweak serves twice on the link), the OT extension's state, and a pool of OTs extended ahead.
 *
 * <p>A program on the link, as each party sends it:
 * <ul>
 *   <li>the evaluator: the program's hello (its number on the link, name and circuits' digest) and an opening chunk of
 *       correction bits for every input its feed can tell ahead ({@link InputChunks}), before it reads anything; then
 *       the garbler's hello, checked, and the program; once done, a refill chunk that extends OTs for the next programs
 *       while the link is idle;</li>
 *   <li>the garbler: its hello, then the program at once, its own labels and tables streaming; it reads the evaluator's
 *       hello, checked, only before the first thing it reads in the program (the evaluator's corrections), so that a
 *       program without evaluator inputs waits for nothing.</li>
 * </ul>
 * So the evaluator has its result after 2 one-way latencies when it has inputs (its corrections out, the garbler's
 * labels and tables back) and after 1 when only the garbler has: what the protocol cannot do with fewer.
 *
 * <p>The garbler's labels and tables may go out before it has read the evaluator's hello. They are safe to send: the
 * evaluator checks the garbler's hello before it uses any of them, and the evaluator's corrections are one-time pads
 * of its inputs by random choice bits, which tell nothing to a garbler whatever program it runs.
 *
 * <p>A program that fails ends the link at both parties: this end tells the peer why ({@link Channel#abort}) and no
 * later program runs on it. {@link #close} ends the link cleanly: each party says so and reads what the other sent.
 * Not thread-safe: one program at a time.
 */
public final class KeptLink implements AutoCloseable {
    /** The hello's program name of a kept link, before the link's own name: a fresh session's peer differs at once. */
    public static final String PROGRAM_PREFIX = "kept link: ";
    private static final int PROGRAM = 'P';
    private static final int CLOSE = 'C';
    private static final int DIGEST_BYTES = 32;

    private final Party role;
    private final Channel channel;
    private final YaoSession.Config config;
    private final AesCtrRandom random;
    /** A listening garbler's base-OT message sent with its hello, or null. */
    private final GarblerOpening opening;
    private GarblerCore garblerCore;
    private GarblerInputs garblerInputs;
    private EvaluatorCore evaluatorCore;
    private EvaluatorInputs evaluatorInputs;
    /** The last program's back end: its one-hot gate's tweak counter runs on in the next. */
    private PartyContext last;
    private long programs;
    private double setupSeconds;
    /** Why the link ended, or null while it is open. */
    private String ended;
    private boolean opened;

    /** A link over {@code channel}; {@code config}'s program is the link's name (see {@link #hello}). */
    public KeptLink(Party role, Channel channel, YaoSession.Config config, AesCtrRandom random) {
        this(role, channel, config, random, null);
    }

    /**
     * A listening garbler's link whose base OTs' first message went out with its hello ({@code opening}, made with the same
     * {@code random}; null where there was none).
     */
    public KeptLink(Party role, Channel channel, YaoSession.Config config, AesCtrRandom random, GarblerOpening opening) {
        if (opening != null && role != Party.GARBLER) {
            throw new IllegalArgumentException("only a garbler has an opening");
        }
        this.role = role;
        this.channel = channel;
        this.config = linkConfig(config);
        this.random = random;
        this.opening = opening;
        if (role == Party.GARBLER) {
            YaoSession.keyGarbler(config, random); // one Kπ for the link, every program on it
        }
    }

    /** This party's hello for a kept link of {@code config}: its program name after {@link #PROGRAM_PREFIX}. */
    public static Handshake.Hello hello(Party role, YaoSession.Config config) {
        return YaoSession.hello(role, linkConfig(config));
    }

    private static YaoSession.Config linkConfig(YaoSession.Config c) {
        return new YaoSession.Config(c.scheme(), c.kernel(), c.baseOt(), PROGRAM_PREFIX + c.program(), c.circuits());
    }

    /**
     * The handshake and the base OTs, and the first batch of OTs extended ahead (the evaluator sends it after its base
     * OTs; the garbler reads it before its first program needs it). {@code helloExchanged} where a listening party took
     * the channel by its hello already.
     */
    public void open(boolean helloExchanged) {
        if (opened) {
            throw new IllegalStateException("the link is open already");
        }
        opened = true;
        long start = System.nanoTime();
        Handshake.Hello mine = YaoSession.hello(role, config); // config has the link's prefix already
        try {
            boolean checkAfterSetup = !helloExchanged && YaoSession.sendHello(role, channel, mine, config.baseOt().receiverFirst());
            if (role == Party.GARBLER) {
                garblerCore = opening != null ? opening.core : config.scheme().newGarbler(config.kernel(), random);
                garblerInputs = new GarblerInputs(channel, garblerCore, config.scheme().freeXor(), config.baseOt(), config.kernel(), random);
                garblerInputs.setup(opening);
                garblerInputs.startPooling();
                channel.flush();
                if (checkAfterSetup) {
                    Handshake.check(mine, Handshake.receive(channel));
                }
            } else {
                evaluatorCore = config.scheme().newEvaluator(config.kernel());
                evaluatorInputs = new EvaluatorInputs(channel, config.baseOt(), config.kernel(), random, InputFeed.of(), config.scheme().freeXor());
                Runnable peerHello = helloExchanged ? () -> { } : () -> YaoSession.readGarblerHello(channel, mine, config);
                evaluatorInputs.setup(peerHello);
                evaluatorInputs.startPooling();
            }
        } catch (RuntimeException e) {
            throw end(e, "; the link failed in its handshake and base OTs");
        }
        setupSeconds = (System.nanoTime() - start) / 1e9;
    }

    /** The handshake and base OTs' time, in seconds. */
    public double setupSeconds() {
        return setupSeconds;
    }

    /** Programs run on the link so far. */
    public long programs() {
        return programs;
    }

    /**
     * Runs the next program on the link with this party's inputs from {@code feed}. Both parties run the same programs in
     * the same order; {@code name} and {@code circuits} are checked against the peer's with the program's first
     * messages, and a mismatch ends the link at both parties.
     *
     * @return the program's result: its costs, times and flights its own (setup 0: the link's is {@link #setupSeconds})
     * @throws IllegalStateException if the link is not open, or has ended
     */
    public <R> YaoSession.Result<R> run(String name, List<CompiledCircuit> circuits, Program<R> program, InputFeed feed) {
        if (!opened) {
            throw new IllegalStateException("open the link before running programs on it");
        }
        if (ended != null) {
            throw new IllegalStateException("the link has ended: " + ended);
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > Handshake.MAX_TEXT) {
            throw new IllegalArgumentException("a program's name is at most " + Handshake.MAX_TEXT + " bytes of UTF-8");
        }
        long number = ++programs;
        byte[] digest = Handshake.digest(circuits);
        long start = System.nanoTime();
        long sentBefore = channel.bytesWritten();
        long readBefore = channel.bytesRead();
        channel.markFlights();
        CostTally tally = new CostTally(config.scheme(), circuits);
        PartyContext ctx;
        try {
            writeHello(number, name, digest);
            if (role == Party.GARBLER) {
                garblerInputs.startProgram(() -> readHello(number, name, digest));
                ctx = new GarblerContext(channel, config.scheme(), config.kernel(), random, garblerCore, garblerInputs, feed, tally);
            } else {
                evaluatorInputs.startProgram(feed);
                evaluatorInputs.opening(); // flushed: the garbler may wait for it
                readHello(number, name, digest);
                ctx = new EvaluatorContext(channel, config.scheme(), config.kernel(), evaluatorCore, evaluatorInputs, tally);
            }
        } catch (RuntimeException e) {
            throw end(e, " at the start of program " + number + " on the link");
        }
        if (last != null) {
            ctx.carryOn(last);
        }
        last = ctx;
        R value;
        long done;
        int flights;
        try {
            value = program.run(ctx);
            done = System.nanoTime();
            flights = channel.flights();
            if (role == Party.GARBLER) {
                garblerInputs.endProgram();
            } else {
                evaluatorInputs.refill();
            }
            channel.flush();
        } catch (GarblingException e) {
            throw end(new PeerFault("the peer's garbled material or labels do not decode: " + e.getMessage(), e), progress(number, ctx));
        } catch (RuntimeException e) {
            throw end(e, progress(number, ctx));
        }
        double seconds = (done - start) / 1e9;
        return new YaoSession.Result<>(value, ctx.costs(), channel.bytesWritten() - sentBefore, channel.bytesRead() - readBefore, seconds,
                0, seconds, flights, 0);
    }

    /**
     * Ends the link cleanly: this party says it closes, reads what the peer sent that it has not read yet, and waits for
     * the peer to say the same (so neither closes while the other still reads); then the channel closes. After a failed
     * program it only closes the channel.
     */
    @Override
    public void close() {
        try (channel) {
            if (!opened || ended != null) {
                return;
            }
            channel.write(new byte[] {CLOSE}, 0, 1);
            channel.flush();
            if (role == Party.GARBLER) {
                garblerInputs.drain();
            }
            int b = readByte();
            if (b == PROGRAM) {
                throw new ProtocolException("the peer began program " + (programs + 1) + " on the link while this party closed it after "
                        + programs + ": the parties run different numbers of programs");
            }
            if (b != CLOSE) {
                throw new PeerFault("the peer sent byte " + b + " where the link's end was due: it sent more data than this party's"
                        + " programs read (the programs differ, or the data was altered)");
            }
            ended = "it was closed";
        } catch (RuntimeException e) {
            throw end(e, " while closing the link after " + programs + " programs");
        }
    }

    /**
     * At the garbler, the link's tweak counters so far: gate indices, output indices, one-hot tweaks and OT indices. Each
     * program takes its tweaks from where the last one stopped (for tests, which record them).
     */
    long[] tweakCounters() {
        long oneHot = last == null || !last.hasOneHotGate() ? 0 : last.oneHotGate().tweaksUsed();
        return new long[] {garblerCore.gatesIndexed(), garblerCore.outputsIndexed(), oneHot, garblerInputs.otsIndexed()};
    }

    /** At the evaluator, once open: {@code tap} sees the correction bits of each chunk as they go out (for tests). */
    void tapCorrections(java.util.function.ObjIntConsumer<long[]> tap) {
        evaluatorInputs.correctionsSent = tap;
    }

    /** Marks the link ended by {@code e}, tells the peer why, and returns the error with where it happened. */
    private RuntimeException end(RuntimeException e, String where) {
        String reason = e.getMessage() + where;
        if (ended == null) {
            ended = reason;
        }
        channel.abort(reason);
        if (e instanceof PeerFault) {
            return new PeerFault(reason, e);
        }
        if (e instanceof ProtocolException) {
            return new ProtocolException(reason, e);
        }
        if (e instanceof ChannelException) {
            return new ChannelException(reason, e);
        }
        return e;
    }

    private static String progress(long number, PartyContext ctx) {
        return "; program " + number + " on the link had run " + String.format("%,d", ctx.andGates()) + " AND gates in "
                + String.format("%,d", ctx.calls()) + " circuit calls";
    }

    /** A program's hello: its mark, its number on the link, its name and the digest of the circuits it knows. */
    private void writeHello(long number, String name, byte[] digest) {
        byte[] text = name.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(1 + 8 + 2 + text.length + DIGEST_BYTES);
        b.put((byte) PROGRAM).putLong(number).putShort((short) text.length).put(text).put(digest);
        channel.write(b.array(), 0, b.position());
    }

    /** Reads the peer's hello of program {@code number} and checks that it runs the same program. */
    private void readHello(long number, String name, byte[] digest) {
        int mark = readByte();
        if (mark == CLOSE) {
            throw new ProtocolException("the peer closed the link after " + (number - 1) + " programs, where this party began program "
                    + number + ": the parties run different numbers of programs");
        }
        if (mark != PROGRAM) {
            throw new PeerFault("the peer sent byte " + mark + " where program " + number + "'s hello was due: it sent more data than"
                    + " this party's last program read (the programs differ, or the data was altered)");
        }
        long peerNumber = ByteBuffer.wrap(Handshake.read(channel, 8)).getLong();
        if (peerNumber != number) {
            throw new PeerFault("the peer's hello is for program " + peerNumber + " on the link where program " + number + " was due");
        }
        String peerName = Handshake.readText(channel, "program");
        byte[] peerDigest = Handshake.read(channel, DIGEST_BYTES);
        Handshake.checkProgram("the peer", name, peerName, digest, peerDigest); // the scheme is the link's, checked when it opened
    }

    private int readByte() {
        return Handshake.read(channel, 1)[0] & 0xff;
    }
}
