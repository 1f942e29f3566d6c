package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.BaseOt;

import java.util.List;

/**
 * One party of Yao's semi-honest protocol over a channel: the handshake, then the program with this party's
 * back end, then a closing exchange that tells each side the other finished too. Garbled tables stream
 * through the channel as they are made, so memory is the circuits' working sets plus the channel's bounded
 * buffers, whatever the number of gates.
 *
 * <p>A failure of the channel is re-raised with how far the session got.
 */
public final class YaoSession {
    /** Figures of a finished session, from this party's side. */
    public record Result(long andGates, long calls, long bytesSent, long bytesReceived, double seconds) {
    }

    /**
     * What both parties must agree on.
     *
     * @param program  a name for the program and its parameters (e.g. {@code repeat 1000}), compared in the handshake
     * @param circuits the sub-circuits the program calls, whose digest is compared in the handshake
     */
    public record Config(GarblingScheme scheme, Kernel kernel, BaseOt baseOt, String program, List<CompiledCircuit> circuits) {
    }

    private static final int END = 0x7e;

    private final Party role;
    private final Channel channel;
    private final Config config;
    private final AesCtrRandom random;
    private volatile PartyContext context;

    public YaoSession(Party role, Channel channel, Config config, AesCtrRandom random) {
        this.role = role;
        this.channel = channel;
        this.config = config;
        this.random = random;
    }

    /** Runs {@code program} with this party's inputs from {@code feed}. */
    public Result run(Program program, InputFeed feed) {
        long start = System.nanoTime();
        Handshake.exchange(channel, new Handshake.Hello(role, config.scheme().name(), config.program(), Handshake.digest(config.circuits())));
        PartyContext ctx = role == Party.GARBLER
                ? new GarblerContext(channel, config.scheme(), config.kernel(), random, config.baseOt(), feed)
                : new EvaluatorContext(channel, config.scheme(), config.kernel(), random, config.baseOt(), feed);
        context = ctx;
        try {
            program.run(ctx);
            finish();
        } catch (ChannelException e) {
            throw new ChannelException(e.getMessage() + "; the session had run " + String.format("%,d", ctx.andGates())
                    + " AND gates in " + String.format("%,d", ctx.calls()) + " circuit calls", e);
        }
        return new Result(ctx.andGates(), ctx.calls(), channel.bytesWritten(), channel.bytesRead(), (System.nanoTime() - start) / 1e9);
    }

    /** AND gates run so far (for progress reports from another thread). */
    public long andGatesSoFar() {
        PartyContext ctx = context;
        return ctx == null ? 0 : ctx.andGates();
    }

    /** Each side says it is done and waits for the other, so neither closes while the other still reads. */
    private void finish() {
        channel.write(new byte[] {END}, 0, 1);
        channel.flush();
        byte[] b = new byte[1];
        channel.readFully(b, 0, 1);
        if ((b[0] & 0xff) != END) {
            throw new ProtocolException("the peer sent more data than this party's program expects: the programs differ");
        }
    }
}
