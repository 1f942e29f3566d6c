package io.yaostream.core.garble;

import io.yaostream.core.circuit.WireOrdering;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The garbling schemes by name; {@code half-gates} is the default. */
public final class Schemes {
    public static final String DEFAULT = "half-gates";
    private static final Map<String, GarblingScheme> BY_NAME = new LinkedHashMap<>();

    static {
        register(HalfGates.fixedKey());
        register(HalfGates.keyed());
        register(Grr3.scheme());
        register(PrfOnly.scheme());
        register(PairWalk.prfOnly("prf-only-naive", PairWalk.XorRule.ROWS, PairWalk.AndRule.ROWS));
        register(PairWalk.prfOnly("prf-only-and3", PairWalk.XorRule.ONE_CIPHERTEXT, PairWalk.AndRule.ROWS));
        register(PairWalk.flexor("flexor-monotone", WireOrdering.Heuristic.MONOTONE));
        register(PairWalk.flexor("flexor-safemon1", WireOrdering.Heuristic.SAFE_MON1));
        register(PairWalk.flexor("flexor-safemon2", WireOrdering.Heuristic.SAFE_MON2));
    }

    private Schemes() {
    }

    private static void register(GarblingScheme s) {
        BY_NAME.put(s.name(), s);
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
