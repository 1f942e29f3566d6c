package io.yaostream.core.garble;

import io.yaostream.core.circuit.WireOrdering;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The garbling schemes by name; {@code half-gates} is the default. */
public final class Schemes {
    public static final String DEFAULT = "half-gates";
    private static final Map<String, GarblingScheme> BY_NAME = new LinkedHashMap<>();

    /** In GLNP15 Table 7's order, from the weakest assumption to the strongest. */
    static {
        String randomPermutation = "; fixed-key AES as a public random permutation";
        String circular = "; AES keyed by labels: related-key and circular security";
        String relatedKey = "; AES keyed by labels: related-key security, no circularity";
        String prf = "; AES a pseudorandom function (a standard assumption)";
        register(HalfGates.tmmo(), "row 11: AND 2, XOR free, TMMO hash" + randomPermutation + " (GKWY20 §7.4)");
        register(HalfGates.sigma(), "row 11: AND 2, XOR free, one-call hash π(σ(x) ⊕ t) ⊕ σ(x)" + randomPermutation
                + ", no proof as a tweakable hash");
        register(HalfGates.keyed(), "row 9: AND 2, XOR free" + circular);
        register(Grr3.scheme(), "row 10: AND 3 (4-3 GRR), XOR free" + randomPermutation);
        register(Grr3.keyed(), "rows 7-8: AND 3 (4-3 GRR), XOR free" + circular);
        register(PrfOnly.scheme(), "row 3: AND 2 + 4 bits (4-2 GRR), XOR 1" + prf);
        register(PairWalk.prfOnly("prf-only-naive", PairWalk.XorRule.ROWS, PairWalk.AndRule.ROWS),
                "row 1: AND 3, XOR 3 (4-3 GRR for every gate)" + prf);
        register(PairWalk.prfOnly("prf-only-and3", PairWalk.XorRule.ONE_CIPHERTEXT, PairWalk.AndRule.ROWS),
                "row 2: AND 3, XOR 1" + prf);
        register(PairWalk.flexor("flexor-monotone", WireOrdering.Heuristic.MONOTONE),
                "row 4: AND 3, XOR 0-2 (monotone ordering), 1 per input bit" + relatedKey);
        register(PairWalk.flexor("flexor-safemon1", WireOrdering.Heuristic.SAFE_MON1),
                "row 5: AND 2 + 4 bits, XOR 0-2 (SafeMon1), 1 per input bit" + relatedKey);
        register(PairWalk.flexor("flexor-safemon2", WireOrdering.Heuristic.SAFE_MON2),
                "row 6: AND 2 + 4 bits, XOR 0-2 (SafeMon2), 1 per input bit" + relatedKey);
    }

    private Schemes() {
    }

    private static void register(GarblingScheme s, String summary) {
        BY_NAME.put(s.name(), s.summary(summary));
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** The scheme called {@code name}; an IllegalArgumentException that lists the known ones otherwise. */
    public static GarblingScheme byName(String name) {
        GarblingScheme s = BY_NAME.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown scheme '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return s;
    }
}
