package io.yaostream.core.kernel;

/** The Java kernel's {@link Kernel#xorTerms}, and the checks of its arguments every kernel makes. */
final class LinearMaps {
    private LinearMaps() {
    }

    static void xorTerms(int[] termStarts, int[] terms, int outputs, long[] in, long[] out) {
        checkShape(termStarts, terms, outputs, out);
        int inBlocks = in.length / 2;
        for (int j = 0; j < outputs; j++) {
            long lo = 0; // in registers: the terms' blocks XORed, then stored once
            long hi = 0;
            for (int t = termStarts[j]; t < termStarts[j + 1]; t++) {
                int b = terms[t];
                if (b < 0 || b >= inBlocks) {
                    throw new IllegalArgumentException("xorTerms: term " + t + " is block " + b + " of " + inBlocks);
                }
                lo ^= in[2 * b];
                hi ^= in[2 * b + 1];
            }
            out[2 * j] = lo;
            out[2 * j + 1] = hi;
        }
    }

    /** The starts rise from 0 within the terms, and {@code out} has room for the outputs. */
    static void checkShape(int[] termStarts, int[] terms, int outputs, long[] out) {
        if (outputs < 0 || termStarts.length <= outputs || out.length < 2L * outputs || (outputs > 0 && termStarts[0] != 0)) {
            throw new IllegalArgumentException("xorTerms: " + outputs + " outputs, " + termStarts.length + " starts, room for "
                    + out.length / 2 + " blocks");
        }
        for (int j = 0; j < outputs; j++) {
            if (termStarts[j + 1] < termStarts[j] || termStarts[j + 1] > terms.length) {
                throw new IllegalArgumentException("xorTerms: output " + j + "'s terms end at " + termStarts[j + 1] + " of " + terms.length);
            }
        }
    }
}
