package io.yaostream.core.protocol;

/**
 * A value inside a computation, as one back end holds it: the garbler's labels, the evaluator's active labels,
 * or plain bits. Programs only pass secrets between {@link ProgramContext#call} and
 * {@link ProgramContext#reveal}; the bits stay hidden until revealed.
 */
public final class Secret {
    private final int width;
    final int wordsPerBit;
    final long[] state;

    Secret(int width, int wordsPerBit) {
        this.width = width;
        this.wordsPerBit = wordsPerBit;
        this.state = new long[width * wordsPerBit];
    }

    /** Bits in the value. */
    public int width() {
        return width;
    }

    /** Longs of state of bit {@code i} start here. */
    int offset(int i) {
        return i * wordsPerBit;
    }
}
