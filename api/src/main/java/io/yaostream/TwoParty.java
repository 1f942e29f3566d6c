package io.yaostream;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.LinkPolicy;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.plain.CostContext;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.twoparty.GarblerOpening;
import io.yaostream.core.twoparty.HelloGate;
import io.yaostream.core.twoparty.KeptLink;
import io.yaostream.core.twoparty.YaoSession;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Runs a {@link SecureProgram} as one party over TCP in a few lines, with sensible defaults: the half-gates scheme,
 * the native kernel where it loads, a 30-second timeout, no TLS unless asked.
 *
 * <pre>{@code
 * boolean richer = TwoParty.garbler().listen(7000).run(program, Inputs.of(wealth, 64)).value();
 * boolean richer = TwoParty.evaluator().connect("localhost", 7000).run(program, Inputs.of(wealth, 64)).value();
 * }</pre>
 *
 * Both parties must run the same program under the same {@link #name} and scheme: the handshake checks. Each
 * setter returns a new configuration; an instance can run any number of sessions, one at a time.
 */
public final class TwoParty {
    private final Party role;
    private final String host;
    private final int port;
    private final boolean listen;
    private final String scheme;
    private final String kernel;
    private final TransportOptions transport;
    private final String name;
    private final List<CompiledCircuit> circuits;
    private final Consumer<LongSupplier> progress;
    private final Consumer<? super Result<?>> onResult;

    private TwoParty(Party role, String host, int port, boolean listen, String scheme, String kernel, TransportOptions transport,
                     String name, List<CompiledCircuit> circuits, Consumer<LongSupplier> progress, Consumer<? super Result<?>> onResult) {
        this.role = role;
        this.host = host;
        this.port = port;
        this.listen = listen;
        this.scheme = scheme;
        this.kernel = kernel;
        this.transport = transport;
        this.name = name;
        this.circuits = circuits;
        this.progress = progress;
        this.onResult = onResult;
    }

    /**
     * A party of role {@code role}; say where the peer is with {@link #listen} or {@link #connect}.
     *
     * @param role the role this party runs as
     * @return a configuration with the defaults, its peer not yet given
     */
    public static TwoParty as(Party role) {
        return new TwoParty(role, null, -1, false, Schemes.DEFAULT, null, TransportOptions.defaults(), "program", List.of(), session -> { }, r -> { });
    }

    /**
     * A party of role {@code role}: {@code garbler} or {@code evaluator}.
     *
     * @param role {@code garbler} or {@code evaluator}
     * @return a configuration with the defaults, its peer not yet given
     * @throws IllegalArgumentException for any other name
     */
    public static TwoParty as(String role) {
        return as(Party.fromKey(role));
    }

    /**
     * Whether this party garbles (and the other evaluates).
     *
     * @return true for the garbler, false for the evaluator
     */
    public boolean isGarbler() {
        return role == Party.GARBLER;
    }

    /**
     * The garbler: {@code as(Party.GARBLER)}.
     *
     * @return the garbler's configuration with the defaults
     */
    public static TwoParty garbler() {
        return as(Party.GARBLER);
    }

    /**
     * The evaluator: {@code as(Party.EVALUATOR)}.
     *
     * @return the evaluator's configuration with the defaults
     */
    public static TwoParty evaluator() {
        return as(Party.EVALUATOR);
    }

    /**
     * Waits for the peer on {@code port} of every interface; with port 0 the system chooses one, and the transport's
     * notices say which ({@code listening on 0.0.0.0:43817}). Connections that are not a yaostream peer (garbage,
     * HTTP, failed TLS, silence) are dropped with a notice while it waits.
     *
     * @param port the port to listen on, or 0 for one the system chooses
     * @return a new configuration; this one is unchanged
     */
    public TwoParty listen(int port) {
        return listen(null, port);
    }

    /**
     * Waits for the peer on {@code port} of the interface {@code bindAddress} (null: every interface), as
     * {@link #listen(int)}.
     *
     * @param bindAddress the host name or address of the interface, or null for every interface
     * @param port the port to listen on, or 0 for one the system chooses
     * @return a new configuration; this one is unchanged
     */
    public TwoParty listen(String bindAddress, int port) {
        return new TwoParty(role, bindAddress, port, true, scheme, kernel, transport, name, circuits, progress, onResult);
    }

    /**
     * Connects to the peer (retrying until the timeout, so either party may start first).
     *
     * @param host the peer's host name or address
     * @param port the port the peer listens on
     * @return a new configuration; this one is unchanged
     */
    public TwoParty connect(String host, int port) {
        return new TwoParty(role, host, port, false, scheme, kernel, transport, name, circuits, progress, onResult);
    }

    /**
     * The garbling scheme (see {@link Schemes#names()}); both parties must use the same.
     *
     * @param scheme one of {@link Schemes#names()}
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException for an unknown scheme
     */
    public TwoParty scheme(String scheme) {
        Schemes.byName(scheme);
        return new TwoParty(role, host, port, listen, scheme, kernel, transport, name, circuits, progress, onResult);
    }

    /**
     * {@code java} or {@code native}; by default native where it loads.
     *
     * @param kernel {@code java}, {@code native}, or {@code auto} for the best available
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException for an unknown kernel, or {@code native} where it cannot run (the reason in
     *     one line), before any connection
     */
    public TwoParty kernel(String kernel) {
        Kernels.check(kernel);
        return new TwoParty(role, host, port, listen, scheme, kernel, transport, name, circuits, progress, onResult);
    }

    /**
     * How long to wait for the peer to connect, send or take data.
     *
     * @param timeout the longest wait to connect and for each send or receive
     * @return a new configuration; this one is unchanged
     */
    public TwoParty timeout(Duration timeout) {
        return new TwoParty(role, host, port, listen, scheme, kernel, transport.withTimeout(timeout), name, circuits, progress, onResult);
    }

    /**
     * Mutual TLS: this party's certificate and PKCS#8 key, and the certificates that sign the peer's (all PEM).
     *
     * @param certificate this party's certificate chain
     * @param key the certificate's private key, unencrypted PKCS#8
     * @param trust the certificates that sign the peer's
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException if a path is null (the files are read when the run connects)
     */
    public TwoParty tls(Path certificate, Path key, Path trust) {
        return new TwoParty(role, host, port, listen, scheme, kernel, transport.withTls(new TlsFiles(certificate, key, trust)), name, circuits, progress, onResult);
    }

    /**
     * The certificate the peer must present. With {@link #tls}, the link is then bound to that peer: any other
     * certificate, even one the trust file signs, is refused in the TLS handshake (a listener drops that connection
     * and goes on waiting; a connecting party fails at once), naming the certificate presented. Without it, TLS
     * encrypts the link but accepts any certificate the trust file signs, and a notice says so.
     *
     * @param certificate the peer's certificate: a PEM file (its first certificate), or its SHA-256 fingerprint as
     *     {@code sha256:HEX}
     * @return a new configuration; this one is unchanged
     * @throws io.yaostream.core.net.ChannelException if the file cannot be read or holds no certificate, or the
     *     fingerprint is malformed
     */
    public TwoParty peerCertificate(String certificate) {
        PeerIdentity peer = PeerIdentity.of(role == Party.GARBLER ? "the evaluator" : "the garbler", PeerCertificate.parse(certificate));
        return new TwoParty(role, host, port, listen, scheme, kernel, transport.withPeer(peer), name, circuits, progress, onResult);
    }

    /**
     * Received data arrives as over a simulated line of this rate and one-way latency (on top of the real link), to
     * try a program over a wide-area link on one machine. Only this party's incoming direction is simulated; set it at
     * both parties for both directions.
     *
     * @param line {@code RATE[,LATENCY]}: {@code 100mbit,30ms}, {@code 1gbit,5ms}, {@code 10mbit} (no latency);
     *     {@code none} for the link as it is
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException if {@code line} is malformed (the message names the part and the accepted form)
     */
    public TwoParty simulatedNetwork(String line) {
        return transport(transport.withNetwork(SimulatedNetwork.parse(line)));
    }

    /**
     * Where the one-line notices of the transport go (a stranger's connection dropped, TLS without a named peer):
     * the {@code io.yaostream.net} logger by default.
     *
     * @param sink takes each notice, one line, from the transport's threads
     * @return a new configuration; this one is unchanged
     */
    public TwoParty notices(Consumer<String> sink) {
        return transport(transport.withNotices(java.util.Objects.requireNonNull(sink, "sink")));
    }

    /**
     * Every transport option at once (frame sizes, in-flight bytes, ...), for back ends and tests, through {@link
     * io.yaostream.internal.CoreBridge#transport(TwoParty, TransportOptions)}. A peer certificate named before
     * ({@link #peerCertificate}) stays unless {@code options} name another.
     */
    TwoParty transport(TransportOptions options) {
        // A peer certificate named before stays unless these options name another: replacing the timeout or the frame
        // sizes must not quietly unbind the link.
        TransportOptions o = options.peer() == null && transport.peer() != null ? options.withPeer(transport.peer()) : options;
        return new TwoParty(role, host, port, listen, scheme, kernel, o, name, circuits, progress, onResult);
    }

    /**
     * The program's name and parameters, which the handshake compares (e.g. {@code "hamming 900"}).
     *
     * @param name the program's name and parameters, the same at both parties
     * @return a new configuration; this one is unchanged
     */
    public TwoParty name(String name) {
        return new TwoParty(role, host, port, listen, scheme, kernel, transport, name, circuits, progress, onResult);
    }

    /**
     * Circuits known before the run, compared in the handshake (others are compared when first called): for the
     * command line's circuit runs, through {@link io.yaostream.internal.CoreBridge#circuits(TwoParty, List)}.
     */
    TwoParty circuits(List<CompiledCircuit> circuits) {
        return new TwoParty(role, host, port, listen, scheme, kernel, transport, name, List.copyOf(circuits), progress, onResult);
    }

    /**
     * Hands {@code observer}, as each session starts, a supplier of the AND gates it has run so far (safe to call from
     * another thread), for a progress line.
     *
     * @param observer called once per session, on the thread that runs it, before the handshake
     * @return this configuration with the observer; the default observes nothing
     */
    public TwoParty progress(Consumer<LongSupplier> observer) {
        return new TwoParty(role, host, port, listen, scheme, kernel, transport, name, circuits, observer, onResult);
    }

    /**
     * Hands {@code observer} each session's result as soon as this party knows it, before the closing exchange in which
     * both parties say they are done: {@link #run} returns only after that exchange, one more flight from the peer, and
     * the result's times stop before it. A command line prints its results here.
     *
     * @param observer called once per session, on the thread that runs it
     * @return this configuration with the observer; the default observes nothing
     */
    public TwoParty onResult(Consumer<? super Result<?>> observer) {
        return new TwoParty(role, host, port, listen, scheme, kernel, transport, name, circuits, progress, observer);
    }

    /**
     * Connects (or waits for the peer), runs the program with this party's inputs, and closes the connection.
     *
     * @param <R> the program's result
     * @param program the program, the same at both parties
     * @param inputs this party's inputs, in the order the program takes them
     * @return what the program returned at this party, with the session's costs and times
     * @throws IllegalStateException if neither {@link #listen} nor {@link #connect} was called
     * @throws IllegalArgumentException if a forced {@code native} kernel cannot run, before any connection
     * @throws io.yaostream.core.net.ChannelException if the peer cannot be reached in time, or the connection fails
     * @throws io.yaostream.core.program.ProtocolException if the handshake finds that the parties disagree (roles,
     *     scheme, name or circuits), or the inputs do not match what the program takes
     * @throws io.yaostream.core.ot.PeerFault if the peer sends what the protocol does not allow
     */
    public <R> Result<R> run(SecureProgram<R> program, Inputs inputs) {
        beforeConnecting();
        if (listen) {
            try (NettyTransport.Listener listener = listener()) {
                return runTaking(listener, program, inputs);
            }
        }
        return run(role, NettyTransport.connect(host, port, transport), program, inputs);
    }

    /**
     * Runs {@code sessions} whole sessions one after another, each on inputs taken anew from {@code inputs} (the
     * evaluator's by OT each time): a connecting party connects anew for each, a listening party keeps its port open
     * throughout and takes the peer of each session as it comes.
     *
     * @param <R> the program's result
     * @param sessions how many sessions, the same at both parties
     * @param program the program, the same at both parties and in every session
     * @param inputs this party's inputs for each session, asked for once per session
     * @return each session's result, in order
     * @throws IllegalStateException if neither {@link #listen} nor {@link #connect} was called
     * @throws IllegalArgumentException if {@code sessions} is below 1
     * @throws io.yaostream.core.net.ChannelException if the peer cannot be reached in time, or a connection fails
     * @throws io.yaostream.core.program.ProtocolException if the handshake finds that the parties disagree
     */
    public <R> List<Result<R>> runSessions(int sessions, SecureProgram<R> program, Supplier<Inputs> inputs) {
        if (sessions < 1) {
            throw new IllegalArgumentException("sessions: at least 1, got " + sessions);
        }
        beforeConnecting();
        List<Result<R>> results = new ArrayList<>();
        if (!listen) {
            for (int i = 0; i < sessions; i++) {
                results.add(run(role, NettyTransport.connect(host, port, transport), program, inputs.get()));
            }
            return results;
        }
        try (NettyTransport.Listener listener = NettyTransport.listenForMany(host, port, transport, 1)) {
            if (port == 0) {
                transport.notices().accept("listening on " + listener.address());
            }
            for (int i = 0; i < sessions; i++) {
                Setup setup = setup(role, name, true);
                Channel channel = take(listener, YaoSession.hello(role.core(), setup.config()), setup);
                try (channel) {
                    results.add(session(role, channel, program, inputs.get(), setup, true));
                }
            }
        }
        return results;
    }

    /**
     * Opens a link to the peer that is kept for many programs, run one after another with {@link Link#run}: one
     * connection, handshake and set of base OTs for all of them (see {@link Link}). A listening party takes the first
     * connection whose hello agrees, as {@link #run} does, and keeps its port until the link closes.
     *
     * @return the open link; close it when done
     * @throws IllegalStateException if neither {@link #listen} nor {@link #connect} was called
     * @throws io.yaostream.core.net.ChannelException if the peer cannot be reached in time, or the connection fails
     * @throws io.yaostream.core.program.ProtocolException if the handshake finds that the parties disagree (roles,
     *     scheme, name or circuits), or the peer runs a fresh session rather than a link
     */
    public Link open() {
        beforeConnecting();
        if (!listen) {
            return keptLink(role, NettyTransport.connect(host, port, transport), null, false, setup(role, name, false));
        }
        NettyTransport.Listener listener = listener();
        try {
            Setup setup = setup(role, name, true);
            Channel channel = take(listener, KeptLink.hello(role.core(), setup.config()), setup);
            listener.stopAccepting();
            return keptLink(role, channel, listener, true, setup);
        } catch (RuntimeException e) {
            listener.close();
            throw e;
        }
    }

    /**
     * Opens both ends of a kept link in this process over TCP loopback, as {@link #runBoth} runs both parties of one
     * session: for trying programs on a link and for benchmarks.
     *
     * @return the two ends, each running its party's side of every program
     */
    public Link.Pair openBoth() {
        Kernels.check(kernel == null ? System.getProperty(Kernels.PROPERTY) : kernel);
        try (NettyTransport.Listener listener = NettyTransport.listen("127.0.0.1", 0, transport)) {
            BothParties.Results<Link> r = BothParties.run(() -> keptLink(Party.GARBLER, listener.accept(), null, false, setup(Party.GARBLER, name, false)),
                    () -> keptLink(Party.EVALUATOR, NettyTransport.connect("127.0.0.1", listener.port(), transport), null, false,
                            setup(Party.EVALUATOR, name, false)));
            return new Link.Pair(r.garbler(), r.evaluator());
        }
    }

    /** Opens a kept link over {@code channel}, closing the channel (and {@code listener}, if any) when it cannot. */
    private Link keptLink(Party as, Channel channel, NettyTransport.Listener listener, boolean helloExchanged, Setup setup) {
        KeptLink link = new KeptLink(as.core(), channel, setup.config(), setup.random(), setup.opening());
        try {
            link.open(helloExchanged);
        } catch (RuntimeException e) {
            link.close();
            if (listener != null) {
                listener.close();
            }
            throw e;
        }
        return new Link(link, setup.config(), name, circuits, listener);
    }

    /**
     * What a session or link of this configuration runs with, made before its connection: its kernel and base OTs
     * (receiver-first, so the garbler's first base-OT message rides with its hello), its randomness, and for a listening
     * garbler that first message itself ({@link GarblerOpening}), which goes out with its hello on each connection.
     */
    private record Setup(YaoSession.Config config, AesCtrRandom random, GarblerOpening opening) {
    }

    private Setup setup(Party as, String sessionName, boolean listening) {
        Kernel k = kernel == null ? Kernels.create() : Kernels.create(kernel);
        YaoSession.Config config = YaoSession.Config.of(scheme, k, sessionName, circuits);
        AesCtrRandom random = AesCtrRandom.create(k, new SecureRandom());
        if (as == Party.GARBLER) {
            YaoSession.keyGarbler(config, random); // before its hello, which carries Kπ
        }
        return new Setup(config, random, listening && as == Party.GARBLER ? GarblerOpening.prepare(config, random) : null);
    }

    /** Takes the peer from {@code listener} by its hello ({@link HelloGate}), this party's hello sent with its opening, if any. */
    private Channel take(NettyTransport.Listener listener, Handshake.Hello hello, Setup setup) {
        HelloGate.Taken taken = HelloGate.take(listener, transport, hello, setup.opening() == null ? new byte[0] : setup.opening().message());
        if (hello.role() == io.yaostream.core.circuit.Party.EVALUATOR) {
            YaoSession.keyEvaluator(setup.config(), taken.hello()); // the garbler's Kπ, before anything is hashed
        }
        return taken.channel();
    }

    /**
     * What every way to reach the peer checks first, before the peer waits on this party: that it was told where the peer
     * is, that a kernel forced by name can run, and (with TLS but no peer certificate) says once that the peer is not
     * identified.
     */
    private void beforeConnecting() {
        if (host == null && !listen) {
            throw new IllegalStateException("say where the peer is: listen(port) or connect(host, port)");
        }
        Kernels.check(kernel == null ? System.getProperty(Kernels.PROPERTY) : kernel);
        noticeUnidentified();
    }

    /** With TLS but no peer certificate, says once that the peer is not identified. */
    private void noticeUnidentified() {
        if (transport.tls() != null && transport.peer() == null) {
            transport.notices().accept(LinkPolicy.UNIDENTIFIED);
        }
    }

    /** A listening party's port, for its one peer (the port it chose is said when asked for port 0). */
    private NettyTransport.Listener listener() {
        NettyTransport.Listener l = NettyTransport.listenForMany(host, port, transport, 1);
        if (port == 0) {
            transport.notices().accept("listening on " + l.address());
        }
        return l;
    }

    /**
     * Takes the peer from {@code listener}: the first connection whose hello agrees with this party's (strangers are
     * refused and the wait goes on, see {@link HelloGate}); then the listener stops accepting and the session runs.
     */
    private <R> Result<R> runTaking(NettyTransport.Listener listener, SecureProgram<R> program, Inputs inputs) {
        Setup setup = setup(role, name, true);
        Channel channel = take(listener, YaoSession.hello(role.core(), setup.config()), setup);
        listener.stopAccepting();
        try (channel) {
            return session(role, channel, program, inputs, setup, true);
        }
    }

    /**
     * Runs the program as {@code role} over an open channel, with this configuration's scheme, kernel, name and
     * circuits, and closes the channel.
     *
     * @param <R> the program's result
     * @param role the role to run as (this configuration's own is not used)
     * @param channel an open channel to the peer, closed when the run ends
     * @param program the program, the same at both parties
     * @param inputs this party's inputs, in the order the program takes them
     * @return what the program returned at this party, with the session's costs and times
     * @throws io.yaostream.core.net.ChannelException if the connection fails
     * @throws io.yaostream.core.program.ProtocolException if the handshake finds that the parties disagree (roles,
     *     scheme, name or circuits), or the inputs do not match what the program takes
     * @throws io.yaostream.core.ot.PeerFault if the peer sends what the protocol does not allow
     */
    <R> Result<R> run(Party role, Channel channel, SecureProgram<R> program, Inputs inputs) {
        try (channel) {
            return session(role, channel, program, inputs, name);
        }
    }

    /** One session over {@code channel} under the handshake name {@code sessionName}; the caller closes the channel. */
    <R> Result<R> session(Party role, Channel channel, SecureProgram<R> program, Inputs inputs, String sessionName) {
        return session(role, channel, program, inputs, setup(role, sessionName, false), false);
    }

    /** As above with its setup made; {@code helloExchanged} where a listening party took the channel by its hello ({@link HelloGate}). */
    private <R> Result<R> session(Party role, Channel channel, SecureProgram<R> program, Inputs inputs, Setup setup,
                                  boolean helloExchanged) {
        YaoSession session = new YaoSession(role.core(), channel, setup.config(), setup.random(), helloExchanged, setup.opening());
        progress.accept(session::andGatesSoFar);
        return Result.of(session.run(EngineProgram.of(program), inputs.feed(), r -> onResult.accept(Result.of(r, setup.config()))), setup.config());
    }

    /**
     * This party's side of one computation run as {@code count} shards: parallel sessions over slices of the inputs,
     * each its own connection to the address given here (all on one port), base OTs and Δ, whose results stay
     * secret until a combining session joins them (see {@link Shards}).
     *
     * @param count the number of shards, the same at both parties
     * @return the sharded run's configuration, with this one's scheme, kernel, timeout, TLS and name
     * @throws IllegalArgumentException if {@code count} is below 1 or above {@value io.yaostream.core.shard.ShardHello#MAX_SHARDS}
     */
    public Shards shards(int count) {
        return new Shards(this, count);
    }

    Party role() {
        return role;
    }

    /** Links for a sharded run to the peer this configuration names. */
    io.yaostream.core.shard.ShardLinks shardLinks(int count) {
        beforeConnecting();
        return listen ? io.yaostream.core.shard.ShardLinks.listening(host, port, transport, count)
                : io.yaostream.core.shard.ShardLinks.connecting(host, port, transport, count);
    }

    TransportOptions transportOptions() {
        return transport;
    }

    String name() {
        return name;
    }

    /**
     * What each party of a two-party run in one process got.
     *
     * @param <R> the program's result
     * @param garbler the garbler's result
     * @param evaluator the evaluator's result
     */
    public record Both<R>(Result<R> garbler, Result<R> evaluator) {
    }

    /**
     * Both parties in this process, connected over TCP loopback, with this configuration's scheme, kernel, name
     * and transport (its role and address are not used): for demonstrations, tests and benchmarks.
     *
     * @param <R> the program's result
     * @param program the program both parties run
     * @param garblerInputs the garbler's inputs
     * @param evaluatorInputs the evaluator's inputs
     * @return what each party got
     * @throws RuntimeException the evaluator's failure if it failed, else the garbler's, once both have ended
     */
    public <R> Both<R> runBoth(SecureProgram<R> program, Inputs garblerInputs, Inputs evaluatorInputs) {
        try (NettyTransport.Listener listener = NettyTransport.listen("127.0.0.1", 0, transport)) {
            BothParties.Results<Result<R>> r = BothParties.run(
                    () -> run(Party.GARBLER, listener.accept(), program, garblerInputs),
                    () -> run(Party.EVALUATOR, NettyTransport.connect("127.0.0.1", listener.port(), transport), program, evaluatorInputs));
            return new Both<>(r.garbler(), r.evaluator());
        }
    }

    /**
     * The program's cost under this configuration's scheme and name, counted without cryptography.
     *
     * @param <R> the program's result
     * @param program the program
     * @param garblerInputs the garbler's inputs, on which the program runs as it would for real
     * @param evaluatorInputs the evaluator's inputs
     * @return the costs a real run would report, as the evaluator counts them
     */
    public <R> Costs estimate(SecureProgram<R> program, Inputs garblerInputs, Inputs evaluatorInputs) {
        Kernel k = Kernels.create(Kernels.JAVA);
        CostContext ctx = new CostContext(io.yaostream.core.circuit.Party.EVALUATOR, Schemes.byName(scheme), new ReceiverFirstBaseOt(k), name, circuits, garblerInputs.feed(), evaluatorInputs.feed());
        EngineProgram.of(program).run(ctx);
        return Costs.of(ctx.costs());
    }

    /**
     * The program on plain values, as {@code viewer} sees it: for tests.
     *
     * @param <R> the program's result
     * @param program the program
     * @param viewer the party whose results the program returns (a value revealed to the other party only comes back
     *     empty)
     * @param garblerInputs the garbler's inputs
     * @param evaluatorInputs the evaluator's inputs
     * @return what the program returns at {@code viewer}
     */
    public static <R> R plain(SecureProgram<R> program, Party viewer, Inputs garblerInputs, Inputs evaluatorInputs) {
        return EngineProgram.of(program).run(new PlainContext(viewer.core(), garblerInputs.feed(), evaluatorInputs.feed()));
    }
}
