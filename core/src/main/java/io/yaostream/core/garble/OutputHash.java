package io.yaostream.core.garble;

import io.yaostream.core.kernel.Kernel;

/**
 * How a scheme hashes an output label for decoding. The garbler publishes the hashes of both labels of an
 * output wire; the evaluator hashes the label it holds and must find it among them. The hash hides the labels
 * (so, with free XOR, it does not reveal Δ), and a wrong label matches neither.
 */
enum OutputHash {
    /** Correlation-robust fixed-key hash, for the fixed-key schemes. */
    FIXED_KEY {
        @Override
        void hashOne(Kernel kernel, long lo, long hi, long index, long[] a, long[] b) {
            CorrelationRobustHash.prepare(lo, hi, index, CorrelationRobustHash.OUTPUT_DOMAIN, a, b, 0);
            CorrelationRobustHash.hash(kernel, b, a, 1);
        }
    },
    /** AES keyed by the label, for the schemes that assume only a PRF. */
    KEYED {
        @Override
        void hashOne(Kernel kernel, long lo, long hi, long index, long[] a, long[] b) {
            a[0] = lo;
            a[1] = hi;
            b[0] = index;
            b[1] = CorrelationRobustHash.OUTPUT_DOMAIN;
            kernel.multiKeyEncrypt(a, b, b, 1);
        }
    };

    /** Leaves the hash of label {@code (lo, hi)} for output {@code index} in block 0 of {@code b}; {@code a} is scratch. */
    abstract void hashOne(Kernel kernel, long lo, long hi, long index, long[] a, long[] b);

    /** Writes the hash into block {@code block} of {@code out}, using the two 1-block scratch arrays. */
    final void hash(Kernel kernel, long lo, long hi, long index, long[] a, long[] b, long[] out, int block) {
        hashOne(kernel, lo, hi, index, a, b);
        out[2 * block] = b[0];
        out[2 * block + 1] = b[1];
    }
}
