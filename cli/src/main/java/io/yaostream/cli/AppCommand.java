package io.yaostream.cli;

import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.Result;
import io.yaostream.cli.bench.Version;
import io.yaostream.SecureProgram;
import io.yaostream.Shared;
import io.yaostream.Sharded;
import io.yaostream.Shards;
import io.yaostream.TwoParty;
import io.yaostream.cli.bench.HeapPeak;
import io.yaostream.cli.bench.ProcessCpu;
import io.yaostream.Party;
import io.yaostream.core.program.InputFeed;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What every application command shares: one party over TCP ({@code --role} with {@code --listen} or
 * {@code --connect}) or both in this process ({@code --demo}), the scheme, kernel, timeout and TLS, and the
 * output: the result on one line (where this party learns it) and a summary on standard error, or one JSON
 * object. Every input is checked before any connection is made, so bad input moves no secret.
 *
 * @param <R> the program's result
 */
abstract class AppCommand<R> implements Callable<Integer> {
    @Option(names = "--role", paramLabel = "ROLE", description = "garbler or evaluator: run one party (with --listen or --connect).")
    String role;


    @Option(names = "--demo", description = "Run both parties in this process over TCP loopback.")
    boolean demo;

    @Mixin
    JsonOption json;

    @Mixin
    PeerOptions peer;

    @Mixin
    NetworkOptions network;

    @Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** The program, its handshake name and each party's inputs, checked; called before any connection. */
    record Plan<R>(SecureProgram<R> program, String name, Inputs garbler, Inputs evaluator) {
    }

    /**
     * How the application splits into {@code k} shards: the shards' programs and each party's inputs to them, and either
     * a combining program over the shares the shards end in ({@code sharing} and {@code combine}) or how the shards'
     * revealed results join into the unsharded one ({@code revealing} and {@code join}).
     */
    record ShardPlan<R>(String name, IntFunction<SecureProgram<Shared>> sharing, SecureProgram<R> combine,
                        IntFunction<SecureProgram<R>> revealing, Function<List<R>, R> join,
                        IntFunction<Inputs> garbler, IntFunction<Inputs> evaluator) {
        static <R> ShardPlan<R> combined(String name, IntFunction<SecureProgram<Shared>> shard, SecureProgram<R> combine,
                                         IntFunction<Inputs> garbler, IntFunction<Inputs> evaluator) {
            return new ShardPlan<>(name, shard, combine, null, null, garbler, evaluator);
        }

        static <R> ShardPlan<R> joined(String name, IntFunction<SecureProgram<R>> shard, Function<List<R>, R> join,
                                       IntFunction<Inputs> garbler, IntFunction<Inputs> evaluator) {
            return new ShardPlan<>(name, null, null, shard, join, garbler, evaluator);
        }

        /** This party's run over {@code shards}. */
        Sharded<R> run(Shards shards, Party role) {
            IntFunction<Inputs> mine = role == Party.GARBLER ? garbler : evaluator;
            if (combine != null) {
                return shards.run(sharing, mine, combine);
            }
            Sharded<List<R>> r = shards.run(revealing, mine);
            return joinedUp(r);
        }

        /** Both parties' runs in this process. */
        Shards.Both<R> runBoth(Shards shards) {
            if (combine != null) {
                return shards.runBoth(sharing, garbler, evaluator, combine);
            }
            Shards.Both<List<R>> both = shards.runBoth(revealing, garbler, evaluator);
            return new Shards.Both<>(joinedUp(both.garbler()), joinedUp(both.evaluator()));
        }

        private Sharded<R> joinedUp(Sharded<List<R>> r) {
            return new Sharded<>(join.apply(r.value()), r.shards(), r.combine(), r.seconds());
        }
    }

    /** The plan split into {@code k} shards, checked as {@link #plan} checks; only commands with {@code --shards} have one. */
    ShardPlan<R> shardPlan(Party role, int k) {
        throw new IllegalStateException(getClass().getSimpleName() + " has no --shards");
    }

    /** The command's {@code --shards}, or null where it has none. */
    ShardsOption shardsOption() {
        return null;
    }

    /**
     * Checks the application's options and this party's inputs ({@code role}; both parties' with {@code --demo},
     * where {@code role} is null) and returns the plan; a problem is a {@link UserError}.
     */
    abstract Plan<R> plan(Party role);

    /** The result as a user expects it, on one line (or one per block); null where this party learned nothing. */
    abstract String format(R result);

    @Override
    public final Integer call() {
        String scheme = peer.scheme.scheme().name();
        // Checks the name; with the native kernel the gates are C code, and the Java around them runs on C1's code.
        if (kernelOption.create().name().equals(io.yaostream.core.kernel.Kernels.NATIVE)) {
            JitChoice.c1Only();
        }
        if (demo) {
            if (role != null || peer.listenPort != null || peer.connectTo != null || peer.bind != null) {
                throw usage("--demo runs both parties: leave out --role, --listen, --bind and --connect");
            }
            TwoParty base = CoreBridge.transport(TwoParty.garbler().scheme(scheme), network.transport("demo", spec.commandLine().getErr()));
            if (kernelOption.kernel != null) {
                base = base.kernel(kernelOption.kernel);
            }
            if (sharded()) {
                return runBothSharded(base, shardPlan(null, shardsOption().count()));
            }
            Plan<R> plan = plan(null);
            AheadOfSession.start(plan.program());
            return runBoth(base, plan);
        }
        if (role == null) {
            throw usage("give --role garbler|evaluator with --listen PORT or --connect HOST:PORT, or --demo");
        }
        Party party;
        try {
            party = Party.fromKey(role);
        } catch (IllegalArgumentException e) {
            throw usage("--role: " + e.getMessage());
        }
        peer.checkOneSide();
        TwoParty me = CoreBridge.transport(TwoParty.as(party).scheme(scheme), network.twoParty(party, spec.commandLine().getErr()));
        if (peer.listens()) {
            me = me.listen(peer.bindAddress(), peer.listenPort());
        } else {
            HostPort address = peer.connectAddress();
            me = me.connect(address.host(), address.port());
        }
        if (kernelOption.kernel != null) {
            me = me.kernel(kernelOption.kernel);
        }
        if (sharded()) {
            ShardPlan<R> plan = shardPlan(party, shardsOption().count());
            HeapPeak.reset();
            ProcessCpu.mark();
            Sharded<R> r = plan.run(me.name(plan.name()).shards(shardsOption().count()), party);
            reportSharded(party.key(), Optional.ofNullable(r.value()).map(this::format), r, "on what it received");
            return 0;
        }
        Plan<R> plan = plan(party);
        AheadOfSession.start(plan.program());
        me = me.name(plan.name());
        HeapPeak.reset();
        ProcessCpu.mark();
        // The result is printed as soon as it is known; the closing exchange with the peer follows.
        me.onResult(any -> {
            @SuppressWarnings("unchecked")
            Result<R> r = (Result<R>) any;
            report(party.key(), Optional.ofNullable(r.value()).map(this::format), r, r.costs().bytes(), r.seconds(), r.setupSeconds(),
                    r.onlineSeconds(), "on what it received");
            spec.commandLine().getOut().flush();
        }).run(plan.program(), party == Party.GARBLER ? plan.garbler() : plan.evaluator());
        return 0;
    }

    private int runBoth(TwoParty base, Plan<R> plan) {
        HeapPeak.reset();
        ProcessCpu.mark();
        TwoParty.Both<R> both = base.name(plan.name()).runBoth(plan.program(), plan.garbler(), plan.evaluator());
        Optional<String> g = Optional.ofNullable(both.garbler().value()).map(this::format);
        Optional<String> e = Optional.ofNullable(both.evaluator().value()).map(this::format);
        if (g.isPresent() && e.isPresent() && !g.equals(e)) {
            throw new IllegalStateException("the parties learned different results: " + g.get() + " and " + e.get());
        }
        Result<R> longer = both.garbler().seconds() > both.evaluator().seconds() ? both.garbler() : both.evaluator();
        report("demo", e.isPresent() ? e : g, both.evaluator(), both.evaluator().costs().bytes(), longer.seconds(), longer.setupSeconds(),
                Math.max(both.garbler().onlineSeconds(), both.evaluator().onlineSeconds()), "each way");
        return 0;
    }

    private boolean sharded() {
        return shardsOption() != null && shardsOption().on();
    }

    private int runBothSharded(TwoParty base, ShardPlan<R> plan) {
        HeapPeak.reset();
        ProcessCpu.mark();
        Shards.Both<R> both = plan.runBoth(base.name(plan.name()).shards(shardsOption().count()));
        Optional<String> g = Optional.ofNullable(both.garbler().value()).map(this::format);
        Optional<String> e = Optional.ofNullable(both.evaluator().value()).map(this::format);
        if (g.isPresent() && e.isPresent() && !g.equals(e)) {
            throw new IllegalStateException("the parties learned different results: " + g.get() + " and " + e.get());
        }
        reportSharded("demo", e.isPresent() ? e : g, both.evaluator(), "each way");
        return 0;
    }

    /** A sharded run's result and summary: the sessions' totals, and each shard's figures. */
    private void reportSharded(String who, Optional<String> text, Sharded<R> r, String covering) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long peak = HeapPeak.bytes();
        if (json.on) {
            Map<String, Object> m = Report.fields("role", who, "scheme", peer.scheme.scheme().name(), "result", text.orElse(null),
                    "and", r.andGates(), "bytes", r.bytes(), "seconds", r.seconds(), "cpuSeconds", ProcessCpu.secondsSinceMark(),
                    "cpu", ProcessCpu.sinceMark().fields(r.andGates()), "peakHeapBytes", peak, "network", network.simulatedNetwork().toString());
            m.putAll(ShardsOption.fields(r, false));
            m.put("version", Version.get());
            out.println(Json.write(m));
            return;
        }
        text.ifPresent(out::println);
        err.println(String.format("%s: %,d AND gates, %,d bytes, %.3f s, %s AND gates/s, peak heap %.1f MiB", who, r.andGates(), r.bytes(),
                r.seconds(), Report.rate(r.andGates(), r.seconds()), peak / 1048576.0) + ShardsOption.note(r)
                + Report.networkNote(network.simulatedNetwork(), covering));
    }

    /**
     * {@code text}: the result as {@link #format} wrote it, empty where this party learned nothing; {@code covering}:
     * which data a simulated network delayed.
     */
    private void report(String who, Optional<String> text, Result<R> r, long bytes, double seconds, double setupSeconds,
                        double online, String covering) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long peak = HeapPeak.bytes();
        if (json.on) {
            Map<String, Object> m = Report.fields("role", who, "scheme", peer.scheme.scheme().name(),
                    "result", text.orElse(null), "and", r.andGates(), "bytes", bytes, "workingSet", r.costs().workingSet(),
                    "baseOtSeconds", setupSeconds, "onlineSeconds", online, "seconds", seconds,
                    "cpuSeconds", ProcessCpu.secondsSinceMark(), "cpu", ProcessCpu.sinceMark().fields(r.andGates()), "peakHeapBytes", peak, "calls", r.calls(), "ots", r.costs().ots(),
                    "rounds", r.costs().rounds(), "flights", r.flights(), "connectSeconds", r.connectSeconds(),
                    "network", network.simulatedNetwork().toString(), "version", Version.get());
            out.println(Json.write(m));
            return;
        }
        text.ifPresent(out::println);
        err.println(String.format("%s: %,d AND gates in %,d calls (working set %,d), %,d bytes, base OTs %.3f s, online %.3f s, peak heap %.1f MiB",
                who, r.andGates(), r.calls(), r.costs().workingSet(), bytes, setupSeconds, online, peak / 1048576.0)
                + Report.networkNote(network.simulatedNetwork(), covering));
    }

    /** A mistake in the command line itself: exit status 2, as for picocli's own errors. */
    private picocli.CommandLine.ParameterException usage(String message) {
        return new picocli.CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** Each party's inputs: one hex value per party of {@code bits} bits, as {@link HexValues} reads them. */
    record Feeds(Inputs garbler, Inputs evaluator) {
    }

    /**
     * One value from this party ({@code role}), or from both with {@code --demo} ({@code role} null): the other
     * party's feed is empty.
     */
    static Feeds oneHexValueEach(List<String> in, Party role, int bits, String what) {
        if (role == null) {
            List<PlainBits> v = HexValues.parseNumbers(values(in, null, 2, what + "s"), bits, List.of("garbler", "evaluator"));
            return new Feeds(Inputs.bits(v.get(0)), Inputs.bits(v.get(1)));
        }
        Inputs mine = Inputs.bits(HexValues.parseNumbers(values(in, role, 1, what), bits, List.of(role.key())));
        return role == Party.GARBLER ? new Feeds(mine, Inputs.none()) : new Feeds(Inputs.none(), mine);
    }

    /** This party's {@code --in} values, or both parties' with {@code --demo}: checks their number. */
    static List<String> values(List<String> in, Party role, int expected, String what) {
        List<String> v = in == null ? List.of() : in;
        if (v.size() != expected) {
            throw new UsageError("--in: " + (role == null ? "--demo takes the garbler's then the evaluator's " + what
                    : "the " + role.key() + " gives its " + what) + ": expected " + expected + " value(s), got " + v.size());
        }
        return v;
    }
}
