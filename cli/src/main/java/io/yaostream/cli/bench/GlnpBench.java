package io.yaostream.cli.bench;

import io.yaostream.core.circuit.Party;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * GLNP15's Table 6 on this machine: full semi-honest executions as a user runs them, the garbler and the evaluator each
 * a {@code run} process of its own, over TCP loopback with a simulated link on top. One pair of processes per scheme,
 * circuit and link runs {@code warmup + runs} sessions ({@code run --sessions}), each a whole execution: connection,
 * handshake, base OTs, the evaluator's inputs by OT extension, garbling and evaluation, outputs to both parties.
 */
public final class GlnpBench {
    /**
     * A link the executions run over.
     *
     * @param name    the name {@code --networks} takes; {@code va-va} and {@code va-ire} are the paper's settings
     * @param network the {@code --network} both parties get, each delaying what it receives
     * @param why     what it stands for, for the legend
     */
    public record Link(String name, String network, String why) {
    }

    /**
     * The links. VA-VA: c4.8xlarge has 10 Gbit/s networking, and a round trip within a data centre is well under a
     * millisecond. VA-IRE: us-east-1 to eu-west-1 is about 75 ms a round trip; 300 Mbit/s is the slope of the paper's
     * own SHA-256 VA-IRE times over its rows' ciphertexts (25 ms per MB, 320 Mbit/s, rounded down; the same fit of the
     * VA-IRE times less the VA-VA ones, which takes the computation out, gives 600 Mbit/s).
     */
    public static final List<Link> LINKS = List.of(
            new Link("loopback", "none", "TCP loopback of this machine as it is"),
            new Link("va-va", "10gbit,250us", "one data centre: c4.8xlarge's 10 Gbit/s, a 0.5 ms round trip"),
            new Link("va-ire", "300mbit,37.5ms", "Virginia-Ireland: a 75 ms round trip; 300 Mbit/s, the slope of the paper's SHA-256 "
                    + "VA-IRE times over its rows' ciphertexts (25 ms per MB)"));

    private GlnpBench() {
    }

    /** The link called {@code name}; an IllegalArgumentException naming the known ones otherwise. */
    public static Link link(String name) {
        for (Link l : LINKS) {
            if (l.name().equals(name)) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown network '" + name + "' (known: "
                + String.join(", ", LINKS.stream().map(Link::name).toList()) + ")");
    }

    /**
     * The ms of each of {@code runs} executions of {@code c} under {@code scheme} over {@code link}, after {@code warmup}
     * untimed ones in the same processes: per execution the slower party's session, from the handshake to its result, as
     * {@code run} reports it; with {@code kept}, the executions are programs on one kept link ({@code run --link}). Every execution's outputs are checked against {@code c.expected()}.
     *
     * @throws IllegalStateException if a party fails or gives other outputs, with one line naming the run
     */
    public static Samples time(GlnpCircuits.Circuit c, String scheme, Link link, int warmup, int runs, String heap, int timeoutSeconds,
                               boolean kept) {
        int sessions = warmup + runs;
        int port = PartyProcess.freePorts(1)[0];
        List<String> both = new java.util.ArrayList<>(List.of("run", "--circuit", c.file().toString(), "--scheme", scheme, "--network",
                link.network(), "--sessions", Integer.toString(sessions), "--timeout", Integer.toString(timeoutSeconds), "--json"));
        if (kept) {
            both.add("--link");
        }
        CompletableFuture<String> garbler = PartyProcess.start(heap, PartyProcess.withInputs(both, c.zeros(Party.GARBLER), "--role", "garbler", "--listen",
                Integer.toString(port), "--bind", "127.0.0.1"), "the garbler");
        CompletableFuture<String> evaluator = PartyProcess.start(heap, PartyProcess.withInputs(both, c.zeros(Party.EVALUATOR), "--role", "evaluator", "--connect",
                "127.0.0.1:" + port), "the evaluator");
        String name = scheme + " on " + c.name() + " over " + link.name();
        String[] out = PartyProcess.outputs(garbler, evaluator, 60L + 10L * sessions, name);
        double[] ms = new double[runs];
        List<String> g = sessionSeconds(out[0], sessions);
        List<String> e = sessionSeconds(out[1], sessions);
        for (int i = 0; i < runs; i++) {
            ms[i] = 1000 * Math.max(Double.parseDouble(g.get(warmup + i)), Double.parseDouble(e.get(warmup + i)));
        }
        for (int p = 0; p < 2; p++) {
            List<String> result = PartyProcess.array(out[p], "result");
            if (!result.equals(c.expected())) {
                throw new IllegalStateException(name + ": the " + (p == 0 ? "garbler" : "evaluator") + " got " + result + ", not "
                        + c.expected() + " (the plaintext evaluation)");
            }
        }
        return new Samples(ms);
    }

    /** Each session's seconds as a party printed them: {@code run} gives {@code sessionSeconds} from two sessions on. */
    private static List<String> sessionSeconds(String json, int sessions) {
        return sessions == 1 ? List.of(PartyProcess.field(json, "seconds")) : PartyProcess.array(json, "sessionSeconds");
    }
}
