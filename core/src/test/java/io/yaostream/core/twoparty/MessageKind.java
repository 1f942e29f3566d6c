package io.yaostream.core.twoparty;

import io.yaostream.core.protocol.GarblingContext;
import io.yaostream.core.protocol.Handshake;

import java.util.List;

/**
 * The part of the two-party protocol a write of one party belongs to, told from the code that makes the write
 * (its call stack), so a fuzz test can aim its mutations at one kind of message whatever its size and position.
 */
public enum MessageKind {
    /** The handshake: magic, version, role, scheme, program, circuit digest. */
    HELLO,
    /** Base OT message 1 (the sender's point A) or 2 (the receiver's points B). */
    BASE_OT_POINTS,
    /** Base OT message 3: the sender's encrypted message tuples. */
    BASE_OT_PADS,
    /** A stand-in base OT of the fuzz test (never mutated: the real one is fuzzed on its own). */
    BASE_OT_STAND_IN,
    /** One-byte markers (end of the base OTs, end of the program) and the digest of a circuit called first. */
    CONTROL,
    /** The evaluator's input chunk headers ({@code n << 32 | m}). */
    CHUNK_HEADERS,
    /** OT extension: the evaluator's u columns. */
    OT_EXTENSION,
    /** The evaluator's packed correction bits d = b xor c. */
    CORRECTIONS,
    /** The garbler's input labels, the label of the constant 0, and masked evaluator labels (schemes without free XOR). */
    LABELS,
    /** Garbled tables. */
    TABLES,
    /** Output decoding values (garbler) and active output labels sent back (evaluator). */
    OUTPUTS;

    /** Tells the kind of a write apart from the methods on its stack; {@link Classifier} keeps the one state needed. */
    public static final class Classifier {
        /** A chunk is a header, maybe u columns, then corrections, all written by {@code EvaluatorInputs.sendChunk}. */
        private boolean headerWritten;

        public MessageKind classify(boolean longs, List<String> frames) {
            if (has(frames, "Handshake.")) {
                return HELLO;
            }
            if (has(frames, "EcBaseOt.receiveInTwo") || has(frames, "ReceiverFirstBaseOt.receiveInTwo")) {
                return BASE_OT_POINTS;
            }
            if (has(frames, "EcBaseOt.send") || has(frames, "ReceiverFirstBaseOt.send")) {
                return longs ? BASE_OT_PADS : BASE_OT_POINTS;
            }
            if (has(frames, "PlainBaseOtForTests.")) {
                return BASE_OT_STAND_IN;
            }
            if (has(frames, "OtExtensionReceiver.")) {
                return OT_EXTENSION;
            }
            if (has(frames, "EvaluatorInputs.sendChunk")) {
                headerWritten = !headerWritten;
                return headerWritten ? CHUNK_HEADERS : CORRECTIONS;
            }
            if (has(frames, "GarblerInputs.")) {
                return LABELS;
            }
            if (has(frames, "YaoSession.finish") || has(frames, "GarblerContext.announce")) {
                return CONTROL;
            }
            if (has(frames, "GarblerContext.garblerInputs") || has(frames, "GarblingContext.newZero")) {
                return LABELS;
            }
            if (has(frames, "GarblerContext.reveal") || has(frames, "EvaluatorContext.reveal")) {
                return OUTPUTS;
            }
            if (has(frames, "GarblingContext.run")) {
                return TABLES;
            }
            throw new AssertionError("a write of no known protocol message: " + frames);
        }

        /** Whether a frame ({@code SimpleClass.method}) is {@code pattern}, or of its class when it ends with a dot. */
        private static boolean has(List<String> frames, String pattern) {
            for (String f : frames) {
                if (pattern.endsWith(".") ? f.startsWith(pattern) : f.equals(pattern)) {
                    return true;
                }
            }
            return false;
        }
    }
}
