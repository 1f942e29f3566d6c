package io.yaostream.core.threeparty;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingException;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.PolynomialHash;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.protocol.PartyContext;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;

/**
 * One party of the three-party protocol of Mohassel, Rosulek and Zhang (CCS 2015): P1 and P2 garble the same circuit
 * from a seed P1 chose, P3 evaluates it once both garblers have vouched for every byte, and at most one party may
 * deviate: a deviating garbler is caught by the other's copy, a deviating P3 cannot forge an output label. No
 * oblivious transfer: P3's input reaches the circuit as XOR shares, each opened by one garbler like its own input.
 *
 * <p>The steps: the handshake on both links; P3 sends each garbler the commitments' reference string and a key of its
 * own for chunk digests, P1 sends P2 the seed; then the program, every input committed and opened as it is taken, the material streamed in chunks split
 * between the garblers ({@link SplitGarbledStream}); the outputs returned by P3 as labels; and a closing exchange.
 * Memory is the circuits' working sets and one chunk per stream, whatever the number of gates.
 */
public final class ThreePartySession {
    /**
     * What a finished session gives one party.
     *
     * @param party        this party's number
     * @param value        what the program returned here
     * @param costs        the session's costs as this party counted them (bytes over both links)
     * @param sentTo       bytes sent to party p at index p (this party's own index 0)
     * @param receivedFrom bytes received from party p at index p
     * @param seconds       from the handshake to the end of the closing exchange
     * @param setupSeconds  the handshake and the reference string and seed
     * @param onlineSeconds the program, until this party had its result
     * @param cpuSeconds    CPU time of the thread that ran the session (garbling or evaluating, hashing, its share of
     *                      sending and receiving; not the network threads'), NaN where the platform cannot tell
     */
    public record Result<R>(int party, R value, ProgramCosts costs, long[] sentTo, long[] receivedFrom, double seconds,
                            double setupSeconds, double onlineSeconds, double cpuSeconds) {
        public long bytesSent() {
            return sentTo[1] + sentTo[2] + sentTo[3];
        }

        public long bytesReceived() {
            return receivedFrom[1] + receivedFrom[2] + receivedFrom[3];
        }

        public long andGates() {
            return costs.andGates();
        }
    }
    private final ThreeLinks links;
    private final GarblingScheme scheme;
    private final Kernel kernel;
    private final String program;
    private final List<CompiledCircuit> circuits;
    private final SecureRandom secureRandom;
    private volatile PartyContext context;

    public ThreePartySession(ThreeLinks links, GarblingScheme scheme, Kernel kernel, String program, List<CompiledCircuit> circuits,
                      SecureRandom secureRandom) {
        this.links = links;
        this.scheme = scheme;
        this.kernel = kernel;
        this.program = program;
        this.circuits = circuits;
        this.secureRandom = secureRandom;
    }

    public <R> Result<R> run(Program<R> prog, InputFeed feed) {
        long start = System.nanoTime();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0;
        int me = links.me();
        ThreeHandshake.Hello hello = new ThreeHandshake.Hello(me, scheme.name(), program, Handshake.digest(circuits));
        ThreeHandshake.exchange(links, hello);
        CostTally tally = new CostTally(scheme, circuits);
        PartyContext ctx;
        ThreeGarblerContext garbler = null;
        ThreeEvaluatorContext evaluator = null;
        if (me == 3) {
            byte[] crs = new byte[ThreeFrames.CRS_BYTES];
            secureRandom.nextBytes(crs);
            PolynomialHash[] keys = new PolynomialHash[3];
            for (int p = 1; p <= 2; p++) {
                byte[] key = new byte[ThreeFrames.KEY_BYTES];
                secureRandom.nextBytes(key); // each garbler's own, never seen by the other
                keys[p] = PolynomialHash.fromBytes(key);
                byte[] body = Arrays.copyOf(crs, crs.length + key.length);
                System.arraycopy(key, 0, body, crs.length, key.length);
                ThreeFrames.send(links.to(p), ThreeFrames.CRS, body);
                links.to(p).flush();
            }
            ThreeHashes hashes = new ThreeHashes(crs, kernel);
            evaluator = new ThreeEvaluatorContext(links, new CheckedGarbledStream(links.to(1), links.to(2), hashes, keys[1], keys[2]), hashes,
                    scheme, kernel, AesCtrRandom.create(kernel, secureRandom), feed, tally);
            ctx = evaluator;
        } else {
            byte[] seed;
            if (me == 1) {
                seed = new byte[ThreeFrames.SEED_BYTES];
                secureRandom.nextBytes(seed);
                ThreeFrames.send(links.to(2), ThreeFrames.SEED, seed);
                links.to(2).flush();
            } else {
                ThreeFrames.expect(links.to(1), ThreeFrames.SEED, 1, "the garbling seed");
                seed = ThreeFrames.read(links.to(1), ThreeFrames.SEED_BYTES);
            }
            long[] piKey = permutationKey(kernel, seed);
            kernel.setFixedKey(piKey[0], piKey[1]);
            ThreeFrames.expect(links.to(3), ThreeFrames.CRS, 3, "the commitments' reference string");
            ThreeHashes hashes = new ThreeHashes(ThreeFrames.read(links.to(3), ThreeFrames.CRS_BYTES), kernel);
            PolynomialHash digestKey = PolynomialHash.fromBytes(ThreeFrames.read(links.to(3), ThreeFrames.KEY_BYTES));
            garbler = new ThreeGarblerContext(links, new SplitGarbledStream(links.to(3), me, hashes, digestKey), hashes, seed, scheme, kernel,
                    feed, tally);
            ctx = garbler;
        }
        long setup = System.nanoTime();
        context = ctx;
        R value;
        long done;
        try {
            if (evaluator != null) {
                evaluator.takePermutationKey(); // before anything P3 hashes
            }
            value = prog.run(ctx);
            done = System.nanoTime();
            if (garbler != null) {
                garbler.finish();
            } else {
                evaluator.finish();
            }
        } catch (ChannelException e) {
            String reason = links.firstGone(e.getMessage());
            try {
                links.abort(reason); // the other peer, if it is still there, learns whom this party blames
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw new ChannelException(reason + progress(ctx), e);
        } catch (GarblingException e) {
            // Only P3 decodes, and only material both garblers vouched for: both would have to be corrupt.
            throw new PeerFault("the garblers' material or labels do not decode: " + e.getMessage() + progress(ctx), e);
        } catch (PeerFault e) {
            throw new PeerFault(e.getMessage() + progress(ctx), e);
        }
        long end = System.nanoTime();
        long[] sentTo = new long[4];
        long[] receivedFrom = new long[4];
        for (int other : ThreeLinks.others(me)) {
            sentTo[other] = links.to(other).bytesWritten();
            receivedFrom[other] = links.to(other).bytesRead();
        }
        double cpu = threads.isCurrentThreadCpuTimeSupported() ? (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9 : Double.NaN;
        return new Result<>(me, value, ctx.costs(), sentTo, receivedFrom, (end - start) / 1e9, (setup - start) / 1e9,
                (done - setup) / 1e9, cpu);
    }

    /**
     * Kπ = R(0x01, 0) of the garblers' generator, the one {@link ThreeGarblerContext} garbles from
     * (docs/garbling-schemes.md §1.5): both garblers get it from the seed, P3 from the material's first block.
     */
    static long[] permutationKey(Kernel kernel, byte[] seed) {
        return AesCtrRandom.fromKey(kernel, ThreeHashes.derive(seed, ThreeGarblerContext.GARBLING)).derive(0x01, 0);
    }

    private static String progress(PartyContext ctx) {
        return "; the session had run " + String.format("%,d", ctx.andGates()) + " AND gates in " + String.format("%,d", ctx.calls())
                + " circuit calls";
    }

    public long andGatesSoFar() {
        PartyContext ctx = context;
        return ctx == null ? 0 : ctx.andGates();
    }
}
