package io.yaostream.core.circuit;

/** The two parties of a Yao session. The garbler creates the garbled circuit; the evaluator evaluates it. */
public enum Party {
    GARBLER,
    EVALUATOR;

    /** The lower-case name used in files, JSON and on the command line. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Party fromKey(String key) {
        for (Party p : values()) {
            if (p.key().equals(key)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown party '" + key + "' (expected garbler or evaluator)");
    }
}
