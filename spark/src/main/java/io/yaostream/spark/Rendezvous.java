package io.yaostream.spark;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Openings;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Where the two applications of one run meet: the garbler's driver listens on the one address the evaluator's side
 * knows. The evaluator's driver joins (the computation, the scheme and the number of shards must be the garbler's) and
 * keeps that connection as the drivers' link; each garbler task registers the address it listens on for its shard; each
 * evaluator task asks for its shard's address, waiting until it is registered, and then connects to that task directly.
 * A request for another run, or for a shard the run does not have, is refused in one line; so is a second
 * registration of a shard, and any request once the run has failed (naming why).
 *
 * <p>Each connection is read on a thread of its own and must say its whole request within the transport's greeting
 * timeout, however slowly it sends it; at most {@code 2K + 65} are read at once, the oldest cut to make room, so silent
 * or trickling connections cost only themselves. A join that disagrees (another computation, scheme or K) fails the
 * run at once only when it comes from the evaluator authenticated by its certificate ({@link Roles}); from anyone else
 * it is refused, with a notice, and the run goes on waiting, its timeout naming the last refusal. With roles, joins and
 * lookups are taken only from the evaluator's certificate and registrations only from the garbler's own (its tasks),
 * each refusal naming the certificate presented. Every wait is bounded by the transport's connect timeout.
 */
final class Rendezvous implements AutoCloseable {
    /**
     * Connections read side by side beyond the run's own (a registration and a lookup a shard, and the join, each
     * saying its request within the greeting timeout); beyond, a new one makes room by cutting the oldest.
     */
    private static final int SPARE_PENDING = 64;

    private final TransportOptions options;
    private final Expectation expected;
    private final long run;
    private final NettyTransport.Listener listener;
    private final CompletableFuture<Channel> peerDriver = new CompletableFuture<>();
    private final CompletableFuture<Address>[] shards;
    /** Who may ask what, or null where the transport does not authenticate the peer. */
    private final Roles roles;
    private final Thread acceptor;
    private final Openings openings;
    private volatile String failure;
    private volatile boolean closed;
    /** Whether the evaluator driver's connection went to the caller, who closes it. */
    private volatile boolean handedOver;

    /**
     * Who may ask what, where the transport authenticates connections: the evaluator (its driver joins, its tasks look
     * up) and the garbler itself (its tasks register), by their certificates.
     */
    record Roles(PeerCertificate garbler, PeerCertificate evaluator) {
        /** The listener's identity: it accepts either certificate, and each request is then checked against its role. */
        PeerIdentity listenerIdentity() {
            return new PeerIdentity("the evaluator or the garbler's own tasks", List.of(evaluator, garbler));
        }
    }

    /** What the evaluator's driver must say when it joins. */
    record Expectation(String computation, String scheme, int shards) {
    }

    /** Where a garbler task listens. */
    record Address(String host, int port) {
    }

    /**
     * Listens on {@code port} of {@code bindHost}; with {@code roles}, the options are given the listener identity of
     * both certificates here (they need TLS).
     */
    @SuppressWarnings("unchecked")
    Rendezvous(String bindHost, int port, TransportOptions options, Expectation expected, long run, Roles roles) {
        this.roles = roles;
        if (roles != null) {
            options = options.withPeer(roles.listenerIdentity());
        }
        this.options = options;
        this.expected = expected;
        this.run = run;
        this.shards = new CompletableFuture[expected.shards()];
        for (int i = 0; i < shards.length; i++) {
            shards[i] = new CompletableFuture<>();
        }
        this.listener = NettyTransport.listenForMany(bindHost, port, options, 2);
        this.openings = new Openings("send its whole request", 2 * expected.shards() + 1 + SPARE_PENDING, options.greetingTimeout(),
                line -> this.options.notices().accept("rendezvous: " + line), "yaostream-rendezvous-request");
        this.acceptor = new Thread(this::acceptAll, "yaostream-rendezvous");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.port();
    }

    String address() {
        return listener.address();
    }

    /**
     * The evaluator's driver, once it has joined with the expected computation, within the connect timeout: the
     * drivers' link, which the caller owns (and closes before this rendezvous).
     *
     * @throws ProtocolException if it joined with another computation, scheme or number of shards (it was told so)
     * @throws ChannelException if it did not join in time
     */
    Channel awaitPeerDriver() {
        long millis = options.connectTimeout().toMillis();
        try {
            Channel c = peerDriver.get(millis, TimeUnit.MILLISECONDS);
            handedOver = true;
            return c;
        } catch (TimeoutException e) {
            throw new ChannelException("no evaluator's driver joined at " + listener.address() + " within " + seconds(millis)
                    + openings.summary());
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChannelException("interrupted while waiting for the evaluator's driver at " + listener.address(), e);
        }
    }

    /** From now on every request is refused with {@code why}: the run has failed at this party. */
    void fail(String why) {
        failure = why;
        for (CompletableFuture<Address> s : shards) {
            s.completeExceptionally(new Wire.PeerRunFailed(why));
        }
    }

    private void acceptAll() {
        while (!closed) {
            Channel c;
            try {
                c = listener.acceptNext(100);
            } catch (ChannelException e) {
                if (!closed) {
                    peerDriver.completeExceptionally(e);
                }
                return;
            }
            if (c != null) {
                openings.take(c, this::serve);
            }
        }
    }

    /** Answers one connection's request; only the evaluator driver's connection stays open. */
    private void serve(Openings.Opening o) {
        Channel c = o.channel();
        boolean keep = false;
        try {
            int kind = Wire.readOpening(c);
            String wrong = wrongRole(kind, c.peerIdentity());
            if (wrong != null) {
                if (o.said()) {
                    options.notices().accept("rendezvous: refused " + wrong);
                    openings.refused(wrong);
                    Wire.refuse(c, wrong);
                }
                return;
            }
            if (kind == Wire.JOIN) {
                String computation = Wire.readString(c, "computation");
                String scheme = Wire.readString(c, "scheme");
                int k = Wire.readInt(c);
                keep = o.said() && join(c, computation, scheme, k);
            } else if (kind == Wire.REGISTER) {
                long r = Wire.readLong(c);
                int shard = Wire.readInt(c);
                String host = Wire.readString(c, "host");
                int port = Wire.readInt(c);
                if (o.said()) {
                    register(c, r, shard, host, port);
                }
            } else {
                long r = Wire.readLong(c);
                int shard = Wire.readInt(c);
                if (o.said()) {
                    lookup(c, r, shard);
                }
            }
        } catch (ProtocolException | ChannelException e) {
            if (!o.said()) {
                return; // cut at its deadline: the notice said so
            }
            options.notices().accept("rendezvous: dropped a request" + from(c) + ": " + e.getMessage());
            try {
                Wire.refuse(c, e.getMessage());
            } catch (ChannelException gone) {
                // the connection is gone already; the notice says why
            }
        } finally {
            if (!keep) {
                c.close();
            }
        }
    }

    /**
     * Why a request of {@code kind} is not taken from the certificate {@code presented}, or null: with roles, joins and
     * lookups come from the evaluator, registrations from the garbler's own tasks.
     */
    private String wrongRole(int kind, PeerCertificate presented) {
        if (roles == null) {
            return null;
        }
        String what = kind == Wire.JOIN ? "a join" : kind == Wire.REGISTER ? "a registration" : "a lookup";
        if (kind == Wire.REGISTER) {
            return roles.garbler().equals(presented) ? null : what + " from " + presented
                    + ": only the garbler's own tasks register, with its certificate " + roles.garbler();
        }
        return roles.evaluator().equals(presented) ? null : what + " from " + presented
                + ": only the evaluator joins and looks up, with its certificate " + roles.evaluator();
    }

    private static String from(Channel c) {
        return c.peerIdentity() == null ? "" : " from " + c.peerIdentity();
    }

    /**
     * A join that says {@code computation}, {@code scheme} and {@code k}: the evaluator's driver if they are this run's.
     * One that disagrees is told so; it fails the run at once only if the transport authenticated it as the evaluator,
     * else it is a stray and the run waits on.
     */
    private boolean join(Channel c, String computation, String scheme, int k) {
        String differs = !computation.equals(expected.computation())
                ? "the garbler runs \"" + expected.computation() + "\", the evaluator \"" + computation + "\""
                : !scheme.equals(expected.scheme()) ? "the garbler runs the scheme " + expected.scheme() + ", the evaluator " + scheme
                : k != expected.shards() ? "the garbler runs " + expected.shards() + " shards, the evaluator " + k
                : null;
        if (differs != null) {
            if (c.peerIdentity() != null) {
                Wire.refuse(c, differs);
                peerDriver.completeExceptionally(new ProtocolException(differs));
            } else {
                options.notices().accept("rendezvous: refused a join: " + differs + "; waiting on for the evaluator's driver");
                openings.refused(differs);
                Wire.refuse(c, differs);
            }
            return false;
        }
        synchronized (peerDriver) {
            if (peerDriver.isDone() || failure != null) {
                Wire.refuse(c, failure != null ? "the garbler's run failed: " + failure : "the garbler's run has an evaluator already");
                return false;
            }
            Wire.writeByte(c, Wire.OK);
            Wire.writeLong(c, run);
            c.flush();
            peerDriver.complete(c);
            return true;
        }
    }

    private void register(Channel c, long r, int shard, String host, int port) {
        if (failure != null) {
            Wire.runFailed(c, failure);
            return;
        }
        String wrong = check(r, shard);
        if (wrong == null && (port < 1 || port > 65535)) {
            wrong = "port " + port + " is not a port";
        }
        if (wrong == null && !shards[shard].complete(new Address(host, port))) {
            if (shards[shard].isCompletedExceptionally()) {
                Wire.runFailed(c, failure);
                return;
            }
            wrong = "shard " + shard + " is registered already";
        }
        answer(c, wrong, "registration of shard " + shard);
        if (wrong == null) {
            c.flush();
        }
    }

    private void lookup(Channel c, long r, int shard) {
        if (failure != null) {
            Wire.runFailed(c, failure);
            return;
        }
        String wrong = check(r, shard);
        if (wrong != null) {
            answer(c, wrong, "lookup of shard " + shard);
            return;
        }
        // Three quarters of the timeout, so the answer reaches the asker before its own read times out.
        long millis = options.connectTimeout().toMillis() * 3 / 4;
        Address a;
        try {
            a = shards[shard].get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer(c, "the garbler's shard " + shard + " did not register within " + seconds(millis), "lookup of shard " + shard);
            return;
        } catch (ExecutionException e) {
            Wire.runFailed(c, failure != null ? failure : e.getCause().getMessage());
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Wire.writeByte(c, Wire.OK);
        Wire.writeString(c, a.host());
        Wire.writeInt(c, a.port());
        c.flush();
    }

    /** Why a request for shard {@code shard} of run {@code r} is wrong, or null. */
    private String check(long r, int shard) {
        if (r != run) {
            return "run " + Long.toHexString(r) + " is not the garbler's run (a task of another run, or of a run that has ended)";
        }
        if (shard < 0 || shard >= shards.length) {
            return "the run has shards 0 to " + (shards.length - 1) + ", not " + shard;
        }
        return null;
    }

    private void answer(Channel c, String wrong, String what) {
        if (wrong != null) {
            options.notices().accept("rendezvous: refused a " + what + ": " + wrong);
            Wire.refuse(c, wrong);
        } else {
            Wire.writeByte(c, Wire.OK);
        }
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        fail(failure != null ? failure : "the garbler's driver stopped its rendezvous");
        if (!peerDriver.completeExceptionally(new ChannelException("the rendezvous at " + listener.address() + " closed"))
                && !peerDriver.isCompletedExceptionally() && !handedOver) {
            peerDriver.join().close(); // joined after this party stopped waiting: nobody else will close it
        }
        try {
            acceptor.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        openings.close();
        listener.close();
    }
}
