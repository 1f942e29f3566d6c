package io.yaostream;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.net.LinkPolicy;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.threeparty.ThreeLinks;
import io.yaostream.core.threeparty.ThreePartySession;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Runs a {@link SecureProgram} as one of three parties of an honest-majority session secure against one malicious party
 * (MRZ15, see {@link ThreePartySession}): parties 1 and 2 garble, party 3 evaluates. Inputs are taken with
 * {@link ProgramContext#input(int, int)}, or with the two-party {@code input(GARBLER | EVALUATOR, ...)} for parties 1
 * and 3; a reveal to the garbler reaches parties 1 and 2, to both reaches all three.
 *
 * <pre>{@code
 * ThreeParty.Result<List<Optional<BitString>>> r = ThreeParty.as(2).run(addresses, program, Inputs.bits(myValue));
 * }</pre>
 *
 * Over TCP, party i listens on the i-th address for the party before it in the ring 1, 2, 3 and connects to the party
 * after it (1 to 2, 2 to 3, 3 to 1), so each link is one connection and any start order works within the timeout.
 * Defaults as in {@link TwoParty}: half-gates, the native kernel where it loads, 30 s timeout, no TLS unless asked.
 * Between machines the protocol needs private links bound to their parties: {@link #tls} encrypts them, and
 * {@link #peerCertificate} for both other parties binds each link to the certificate of the party at its other end
 * (checked in the TLS handshake at both ends, and against the party number of the hello). A run across machines without
 * bound links is refused unless {@link #insecureLinks} says otherwise.
 */
public final class ThreeParty {
    /**
     * How one party of {@link #runAll} ended: a result, or the exception it failed with.
     *
     * @param <R> the program's result
     * @param party the party's number, 1 to 3
     * @param result its result, or null if it failed
     * @param failure the exception it failed with (an {@code Error} wrapped in an {@code IllegalStateException}), or
     *     null
     */
    public record Outcome<R>(int party, Result<R> result, RuntimeException failure) {
    }

    /**
     * What a three-party session gave one party.
     *
     * @param <R>           the program's result
     * @param party         the party's number, 1 to 3
     * @param value         what the program returned at this party
     * @param costs         what the program cost, as this party counted it
     * @param sentTo        bytes sent to each party, by number (index 0 unused)
     * @param receivedFrom  bytes received from each party, by number (index 0 unused)
     * @param seconds       from the handshake to the end of the closing exchange
     * @param setupSeconds  the handshake and the reference string and seed
     * @param onlineSeconds the program, until this party had its result
     * @param cpuSeconds    CPU time of the thread that ran the session, NaN where the platform cannot tell
     * @param scheme        the garbling scheme's name
     * @param kernel        the kernel that ran: {@code native} or {@code java}
     * @param kernelPath    the kernel's code path on this machine ({@code vaes-512}, {@code vaes-256}, {@code aes-ni} or
     *                      {@code java})
     */
    public record Result<R>(int party, R value, Costs costs, long[] sentTo, long[] receivedFrom, double seconds, double setupSeconds,
                            double onlineSeconds, double cpuSeconds, String scheme, String kernel, String kernelPath) {
        static <R> Result<R> of(ThreePartySession.Result<R> r, String scheme, Kernel kernel) {
            return new Result<>(r.party(), r.value(), Costs.of(r.costs()), r.sentTo(), r.receivedFrom(), r.seconds(), r.setupSeconds(),
                    r.onlineSeconds(), r.cpuSeconds(), scheme, kernel.name(), kernel.path());
        }

        /**
         * Bytes this party sent to the two others.
         *
         * @return the sum of {@link #sentTo}
         */
        public long bytesSent() {
            return sentTo[1] + sentTo[2] + sentTo[3];
        }

        /**
         * Bytes this party received from the two others.
         *
         * @return the sum of {@link #receivedFrom}
         */
        public long bytesReceived() {
            return receivedFrom[1] + receivedFrom[2] + receivedFrom[3];
        }

        /**
         * AND gates garbled and evaluated.
         *
         * @return {@code costs().andGates()}
         */
        public long andGates() {
            return costs.andGates();
        }
    }

    private final int party;
    private final String scheme;
    private final String kernel;
    private final TransportOptions transport;
    private final String name;
    private final List<CompiledCircuit> circuits;
    private final String bind;
    private final Consumer<LongSupplier> progress;
    /** Each other party's certificate (a PEM file or {@code sha256:HEX}), by party number. */
    private final Map<Integer, String> peers;
    private final boolean insecureLinks;

    private ThreeParty(int party, String scheme, String kernel, TransportOptions transport, String name, List<CompiledCircuit> circuits,
                       String bind, Consumer<LongSupplier> progress, Map<Integer, String> peers, boolean insecureLinks) {
        this.peers = peers;
        this.insecureLinks = insecureLinks;
        this.party = party;
        this.scheme = scheme;
        this.kernel = kernel;
        this.transport = transport;
        this.name = name;
        this.circuits = circuits;
        this.bind = bind;
        this.progress = progress;
    }

    /**
     * Hands {@code observer}, as each session starts, a supplier of the AND gates it has run so far (safe to call from
     * another thread), for a progress line.
     *
     * @param observer takes each session's counter of AND gates as the session starts
     * @return a new configuration; this one is unchanged
     */
    public ThreeParty progress(Consumer<LongSupplier> observer) {
        return new ThreeParty(party, scheme, kernel, transport, name, circuits, bind, observer, peers, insecureLinks);
    }

    /**
     * Party {@code party} (1, 2: garblers; 3: evaluator).
     *
     * @param party 1 or 2 to garble, 3 to evaluate
     * @return a configuration with the defaults
     * @throws IllegalArgumentException for any other number
     */
    public static ThreeParty as(int party) {
        ProgramContext.checkParty(party);
        return new ThreeParty(party, Schemes.DEFAULT, null, TransportOptions.defaults(), "program", List.of(), null, session -> { }, Map.of(), false);
    }


    /**
     * The garbling scheme (see {@code Schemes.names()}); all three parties must use the same.
     *
     * @param scheme one of {@code Schemes.names()}
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException for an unknown scheme
     */
    public ThreeParty scheme(String scheme) {
        Schemes.byName(scheme);
        return new ThreeParty(party, scheme, kernel, transport, name, circuits, bind, progress, peers, insecureLinks);
    }

    /**
     * {@code java} or {@code native}; the garblers may differ (both kernels garble bit for bit alike).
     *
     * @param kernel {@code java}, {@code native}, or {@code auto} for the best available
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException for an unknown kernel, or {@code native} where it cannot run (the reason in
     *     one line), before any connection
     */
    public ThreeParty kernel(String kernel) {
        Kernels.check(kernel);
        return new ThreeParty(party, scheme, kernel, transport, name, circuits, bind, progress, peers, insecureLinks);
    }

    /**
     * How long to wait for a peer to connect, send or take data.
     *
     * @param timeout the longest wait to connect and for each send or receive
     * @return a new configuration; this one is unchanged
     */
    public ThreeParty timeout(Duration timeout) {
        return new ThreeParty(party, scheme, kernel, transport.withTimeout(timeout), name, circuits, bind, progress, peers, insecureLinks);
    }

    /**
     * Mutual TLS on every link: this party's certificate and PKCS#8 key, and the certificates that sign the others'.
     *
     * @param certificate this party's certificate chain (PEM)
     * @param key the certificate's private key, unencrypted PKCS#8 (PEM)
     * @param trust the certificates that sign the other two parties' (PEM)
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException if a path is null (the files are read when the run connects)
     */
    public ThreeParty tls(Path certificate, Path key, Path trust) {
        return transport(transport.withTls(new TlsFiles(certificate, key, trust)));
    }

    /**
     * The certificate party {@code party} must present: with {@link #tls}, each link is then bound to its party, and a
     * connection that presents another certificate (another party's included) is refused in the TLS handshake. Name
     * both other parties; their certificates must differ from each other and from this party's. Security against one
     * malicious party needs the links bound: without them, one party can connect as another and play both garblers.
     *
     * @param party the other party's number, 1 to 3
     * @param certificate its certificate: a PEM file, or its SHA-256 fingerprint as {@code sha256:HEX}
     * @return a new configuration; this one is unchanged
     * @throws IllegalArgumentException for this party's own number or one outside 1 to 3 (the certificate is read when
     *     the run connects)
     */
    public ThreeParty peerCertificate(int party, String certificate) {
        ProgramContext.checkParty(party);
        if (party == this.party) {
            throw new IllegalArgumentException("P" + party + " names the certificates of the other parties, not its own");
        }
        Map<Integer, String> m = new TreeMap<>(peers);
        m.put(party, java.util.Objects.requireNonNull(certificate, "certificate"));
        return new ThreeParty(this.party, scheme, kernel, transport, name, circuits, bind, progress, Map.copyOf(m), insecureLinks);
    }

    /**
     * Runs across machines without links bound to the parties (no TLS, or TLS without {@link #peerCertificate}): the
     * links are then not authenticated, any party can pose as another, and the protocol's security against a malicious
     * party does not hold. Without this, such a run is refused before it connects; parties that all run on this machine
     * (loopback addresses) need neither.
     *
     * @return a new configuration; this one is unchanged
     */
    public ThreeParty insecureLinks() {
        return new ThreeParty(party, scheme, kernel, transport, name, circuits, bind, progress, peers, true);
    }

    /**
     * Every transport option at once (timeout, TLS, limits), replacing the timeout and TLS set before: for back ends
     * and tests, through {@link io.yaostream.internal.CoreBridge#transport(ThreeParty, TransportOptions)}.
     */
    ThreeParty transport(TransportOptions options) {
        return new ThreeParty(party, scheme, kernel, options, name, circuits, bind, progress, peers, insecureLinks);
    }

    /**
     * The program's name and parameters, compared in the handshake.
     *
     * @param name the program's name and parameters, the same at all three parties
     * @return a new configuration; this one is unchanged
     */
    public ThreeParty name(String name) {
        return new ThreeParty(party, scheme, kernel, transport, name, circuits, bind, progress, peers, insecureLinks);
    }

    /**
     * Circuits known before the run, compared in the handshake: for the command line's circuit runs, through {@link
     * io.yaostream.internal.CoreBridge#circuits(ThreeParty, List)}.
     */
    ThreeParty circuits(List<CompiledCircuit> circuits) {
        return new ThreeParty(party, scheme, kernel, transport, name, List.copyOf(circuits), bind, progress, peers, insecureLinks);
    }

    /**
     * The interface to listen on (null, the default: every interface).
     *
     * @param address the host name or address of the interface, or null for every interface
     * @return a new configuration; this one is unchanged
     */
    public ThreeParty bind(String address) {
        return new ThreeParty(party, scheme, kernel, transport, name, circuits, address, progress, peers, insecureLinks);
    }


    /**
     * Connects to the other two ({@code addresses}: of P1, P2, P3; this party listens on the port of its own), runs the
     * program with this party's inputs, and closes the links.
     *
     * @param <R> the program's result
     * @param addresses the addresses of parties 1, 2 and 3, in that order; this party listens on the port of its own
     *     (0: one the system chooses, which a notice gives)
     * @param program the program, the same at all three parties
     * @param inputs this party's inputs, in the order the program takes them
     * @return what the program returned at this party, with the session's costs and times
     * @throws IllegalArgumentException if there are not three addresses, or a forced {@code native} kernel cannot run,
     *     before any connection
     * @throws io.yaostream.core.net.ChannelException if a peer cannot be reached in time, or a link fails
     * @throws io.yaostream.core.program.ProtocolException if the handshake finds that the parties disagree, or the
     *     inputs do not match what the program takes
     * @throws io.yaostream.core.ot.PeerFault if a peer sends what the protocol does not allow
     */
    public <R> Result<R> run(List<InetSocketAddress> addresses, SecureProgram<R> program, Inputs inputs) {
        if (addresses.size() != 3) {
            throw new IllegalArgumentException("a three-party session needs the addresses of P1, P2 and P3, got " + addresses.size());
        }
        InetSocketAddress own = addresses.get(party - 1);
        InetSocketAddress next = addresses.get(ThreeLinks.next(party) - 1);
        Kernels.check(kernel == null ? System.getProperty(Kernels.PROPERTY) : kernel); // before the peers wait on us
        boolean local = local(addresses);
        PeerCertificate[] identities = identities(local, true);
        // Parties that all run here listen on loopback only, where no other machine can reach them.
        String listenOn = bind == null && local ? own.getHostString() : bind;
        try (NettyTransport.Listener listener = NettyTransport.listen(listenOn, own.getPort(),
                ThreeLinks.toParty(transport, identities, ThreeLinks.previous(party)))) {
            if (own.getPort() == 0) {
                transport.notices().accept("listening on " + listener.address());
            }
            return run(ThreeLinks.connect(party, listener, next.getHostString(), next.getPort(), transport, identities), program, inputs);
        }
    }

    /**
     * Checks, before anything connects, that a run to {@code addresses} may go ahead: the links bound to the parties
     * ({@link #tls} and {@link #peerCertificate} for both other parties, distinct), or all parties on this machine, or
     * {@link #insecureLinks}. {@link #run(List, Program, Inputs)} checks the same.
     *
     * @param addresses the addresses of parties 1, 2 and 3
     * @throws IllegalArgumentException saying what is missing, in one line
     * @throws io.yaostream.core.net.ChannelException if a certificate or TLS file cannot be read
     */
    public void checkLinks(List<InetSocketAddress> addresses) {
        identities(local(addresses), false);
    }

    /** Whether no other machine can take part: every party at a loopback address, and this one listening on loopback. */
    private boolean local(List<InetSocketAddress> addresses) {
        return addresses.stream().allMatch(a -> LinkPolicy.isLoopback(a.getHostString())) && (bind == null || LinkPolicy.isLoopback(bind));
    }

    /**
     * Each other party's certificate, by party number, checked; or null where the links are not bound, which is refused
     * across machines unless {@link #insecureLinks} says so, and said in a notice otherwise.
     */
    private PeerCertificate[] identities(boolean local, boolean notify) {
        if (!peers.isEmpty() && transport.tls() == null) {
            throw new IllegalArgumentException("the other parties' certificates are checked by TLS: give this party's TLS files too");
        }
        if (transport.tls() != null && peers.size() == 2) {
            PeerCertificate[] identities = new PeerCertificate[4];
            peers.forEach((p, c) -> identities[p] = PeerCertificate.parse(c));
            ThreeLinks.checkIdentities(party, identities, transport.tls().ownCertificate());
            return identities;
        }
        if (peers.size() == 1) {
            int missing = 6 - party - peers.keySet().iterator().next();
            throw new IllegalArgumentException("P" + party + " names P" + peers.keySet().iterator().next() + "'s certificate but not P" + missing
                    + "'s: name both other parties'");
        }
        if (!local && !insecureLinks) {
            throw new IllegalArgumentException(LinkPolicy.UNBOUND_ACROSS_MACHINES);
        }
        if (notify && transport.tls() != null) {
            transport.notices().accept(LinkPolicy.UNIDENTIFIED);
        } else if (notify && !local) {
            transport.notices().accept(LinkPolicy.PLAIN_INSECURE);
        }
        return null;
    }

    /**
     * Runs the program as this party over open links (see {@link ThreeLinks#inMemory} for tests), and closes them.
     *
     * @param <R> the program's result
     * @param links this party's links to the other two, closed when the run ends
     * @param program the program, the same at all three parties
     * @param inputs this party's inputs, in the order the program takes them
     * @return what the program returned at this party, with the session's costs and times
     * @throws IllegalArgumentException if the links are another party's
     * @throws io.yaostream.core.net.ChannelException if a peer cannot be reached in time, or a link fails
     * @throws io.yaostream.core.program.ProtocolException if the handshake finds that the parties disagree, or the
     *     inputs do not match what the program takes
     * @throws io.yaostream.core.ot.PeerFault if a peer sends what the protocol does not allow
     */
    <R> Result<R> run(ThreeLinks links, SecureProgram<R> program, Inputs inputs) {
        if (links.me() != party) {
            throw new IllegalArgumentException("links of party " + links.me() + " given to party " + party);
        }
        try (links) {
            Kernel k = kernel == null ? Kernels.create() : Kernels.create(kernel);
            ThreePartySession session = new ThreePartySession(links, Schemes.byName(scheme), k, name, circuits, new SecureRandom());
            progress.accept(session::andGatesSoFar);
            return Result.of(session.run(EngineProgram.of(program), inputs.feed()), scheme, k);
        }
    }

    /**
     * All three parties in this process over TCP loopback, with this configuration's scheme, kernel, name and transport
     * (its party number and bind address are not used): for demonstrations, tests and benchmarks. Waits for all three.
     *
     * @param <R> the program's result
     * @param program the program all three run
     * @param inputs the parties' inputs, index p - 1 for party p
     * @return how each party ended, party 1 first
     * @throws IllegalArgumentException if there are not three input feeds
     */
    public <R> List<Outcome<R>> runAll(SecureProgram<R> program, List<Inputs> inputs) {
        List<NettyTransport.Listener> listeners = new ArrayList<>();
        try {
            for (int p = 1; p <= 3; p++) {
                listeners.add(NettyTransport.listen("127.0.0.1", 0, transport));
            }
            List<Supplier<ThreeLinks>> links = new ArrayList<>();
            for (int p = 1; p <= 3; p++) {
                int me = p;
                int port = listeners.get(ThreeLinks.next(p) - 1).port();
                links.add(() -> ThreeLinks.connect(me, listeners.get(me - 1), "127.0.0.1", port, transport, null));
            }
            return runAll(links, program, inputs);
        } finally {
            listeners.forEach(NettyTransport.Listener::close);
        }
    }

    /**
     * All three parties in this process over the links given (e.g. {@link ThreeLinks#inMemory}). Waits for all three.
     *
     * @param <R> the program's result
     * @param links the parties' links, index p - 1 for party p
     * @param program the program all three run
     * @param inputs the parties' inputs, index p - 1 for party p
     * @return how each party ended, party 1 first
     * @throws IllegalArgumentException if there are not three input feeds
     */
    <R> List<Outcome<R>> runAll(ThreeLinks[] links, SecureProgram<R> program, List<Inputs> inputs) {
        List<Supplier<ThreeLinks>> given = new ArrayList<>();
        for (ThreeLinks l : links) {
            given.add(() -> l);
        }
        return runAll(given, program, inputs);
    }

    private <R> List<Outcome<R>> runAll(List<Supplier<ThreeLinks>> links, SecureProgram<R> program, List<Inputs> inputs) {
        if (inputs.size() != 3) {
            throw new IllegalArgumentException("three input feeds, one per party, got " + inputs.size());
        }
        List<CompletableFuture<Outcome<R>>> futures = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            int me = p;
            CompletableFuture<Outcome<R>> f = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    f.complete(new Outcome<>(me, new ThreeParty(me, scheme, kernel, transport, name, circuits, null, progress, peers, insecureLinks)
                            .run(links.get(me - 1).get(), program, inputs.get(me - 1)), null));
                } catch (RuntimeException e) {
                    f.complete(new Outcome<>(me, null, e));
                } catch (Error e) {
                    f.complete(new Outcome<>(me, null, new IllegalStateException(e.toString(), e)));
                }
            }, "yaostream-3pc-party-" + me);
            t.start();
            futures.add(f);
        }
        List<Outcome<R>> out = new ArrayList<>();
        for (CompletableFuture<Outcome<R>> f : futures) {
            out.add(f.join());
        }
        return out;
    }
}
