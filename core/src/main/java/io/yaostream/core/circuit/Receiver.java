package io.yaostream.core.circuit;

/** Who learns an output group. */
public enum Receiver {
    GARBLER,
    EVALUATOR,
    BOTH;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Receiver fromKey(String key) {
        for (Receiver r : values()) {
            if (r.key().equals(key)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown receiver '" + key + "' (expected garbler, evaluator or both)");
    }
}
