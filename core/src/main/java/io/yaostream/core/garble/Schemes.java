package io.yaostream.core.garble;

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
        register(Grr3.keyed());
        register(PrfOnly.scheme());
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
