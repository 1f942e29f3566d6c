package io.yaostream.nativekernel;

/** The C kernel's JNI entry points (native/src/main/c/yaostream_jni.c). Callers check every length first. */
final class NativeBindings {
    private NativeBindings() {
    }

    static native boolean cpuSupported();

    /** Picks the widest AES path the CPU has (at most the limit), once as the library loads. */
    static native void init();

    /** The AES path in use: 0 AES-NI 128-bit, 1 VAES-256, 2 VAES-512 ({@link NativePath}). */
    static native int path();

    /** The widest path this CPU has. */
    static native int cpuPath();

    /** Uses no path wider than {@code limit}. Not while a kernel call runs. */
    static native void setPathLimit(int limit);

    /** The C walks' gate-form table (yaostream_gates.h's FORM), one byte per op 0..GateOp.MAX. */
    static native byte[] gateForms();

    /*
     * Every entry that uses π takes its kernel's key (keyLo, keyHi) first: C keeps the expanded key per thread and
     * expands again only when the key differs.
     */

    static native void fixedKeyEncrypt(long keyLo, long keyHi, long[] in, long[] out, int blocks);

    /**
     * Fixed-key AES on blocks kept in registers, {@code passes} times over, on the path in use; returns the blocks
     * encrypted (yaostream_floor.c).
     */
    static native long fixedKeyRegisterLoop(long keyLo, long keyHi, long passes);

    static native void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks);

    /** Kernel.multiKeyEncryptTwice: {@code 2 * pairs} keys, {@code 4 * pairs} blocks, lengths checked by the caller. */
    static native void multiKeyEncryptTwice(long[] keys, long[] in, long[] out, int pairs);

    static native void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks);

    /** Expands n keys (blocks of {@code keys}) into {@link NativeCtrKeys#SCHEDULE_LONGS} longs each. */
    static native void expandKeys(long[] keys, int n, long[] schedules);

    /** ys_ctr_keys: {@code blocks} counter blocks from {@code counter} under each of n expanded keys. */
    static native void ctrKeys(long[] schedules, int n, long counter, long[] out, int blocks);

    /** ys_cr_hash_range: Kernel.crHashRange, or with {@code withOffset} Kernel.crHashRangeWithOffset. */
    static native void hashRange(long keyLo, long keyHi, long[] in, long first, long domain, boolean withOffset, long offsetLo, long offsetHi,
                                 long[] out, int n);

    /** ys_cr_hash_expand: Kernel.crHashExpand on blocks {@code from}..{@code from + n - 1} of {@code in}. */
    static native void hashExpand(long keyLo, long keyHi, long[] in, int from, int n, int m, long first, long domain, long[] out);

    /** ys_one_hot_leaves: Kernel.oneHotLeaves, which needs no scratch in C. */
    static native void oneHotLeaves(long keyLo, long keyHi, long[] seeds, int leaves, int m, long first, long domain, long[] rows, int r, int skip,
                                    long[] out, long[] columns);

    static native void transpose128(long[] in, int n, long[] out);

    /**
     * Kernel.garbleFreeXorEach, every length checked by the caller; 0, or -1 when a piece's walk stopped short. The
     * pieces go in lockstep where the circuit suits it and {@code zero} holds {@code slots} slots for each piece.
     */
    static native int garbleFreeXorEach(long keyLo, long keyHi, int rule, int[] records, int gates, int[] batches, int batchCount, long gateIndex,
                                        long[] zero, int slots, long deltaLo, long deltaHi, java.nio.ByteBuffer tables, int offset,
                                        int perPiece, int[] inSlots, long[] in, int inPos, int[] outSlots, long[] out,
                                        int outPos, int pieces);

    /** Kernel.evaluateFreeXorEach, every length checked by the caller; 0, or -1 when a piece's walk stopped short. */
    static native int evaluateFreeXorEach(long keyLo, long keyHi, int rule, int[] records, int gates, int[] batches, int batchCount, long gateIndex,
                                          long[] label, int slots, java.nio.ByteBuffer tables, int offset, int perPiece, int[] inSlots,
                                          long[] in, int inPos, int[] outSlots, long[] out, int outPos, int pieces);

    /** 0, or -1 (nothing written past a check) when a start or a term is out of its array's range. */
    static native int xorTerms(int[] termStarts, int[] terms, int outputs, long[] in, long[] out);

    /** ys_poly_hash: Kernel.polynomialHash. */
    static native void polynomialHash(long keyLo, long keyHi, byte[] data, int length, long index, long[] out);

    /** Kernel.garbleFreeXor; {@code cursor} = {gate, batch} in and out, {@code rule} an AndGateRule ordinal. */
    static native int garbleFreeXor(long keyLo, long keyHi, int rule, int[] records, int gates, int[] batches, int batchCount, int[] cursor,
                                    long gateIndex, long[] zero, long deltaLo, long deltaHi, long[] tables, int capacity);

    /** Kernel.garbleFreeXor into a direct buffer, from byte {@code offset} of it. */
    static native int garbleFreeXorDirect(long keyLo, long keyHi, int rule, int[] records, int gates, int[] batches, int batchCount, int[] cursor,
                                          long gateIndex, long[] zero, long deltaLo, long deltaHi,
                                          java.nio.ByteBuffer tables, int offset, int capacity);

    /** Kernel.evaluateFreeXor, likewise. */
    static native int evaluateFreeXor(long keyLo, long keyHi, int rule, int[] records, int gates, int[] batches, int batchCount, int[] cursor,
                                      long gateIndex, long[] label, long[] tables, int blocks);

    /** Kernel.evaluateFreeXor from a direct buffer, from byte {@code offset} of it. */
    static native int evaluateFreeXorDirect(long keyLo, long keyHi, int rule, int[] records, int gates, int[] batches, int batchCount,
                                            int[] cursor, long gateIndex, long[] label, java.nio.ByteBuffer tables,
                                            int offset, int blocks);

    /** Kernel.garblePrfOnlyFree; {@code cursor} = {gate, batch} in and out. */
    static native int garblePrfOnlyFree(int[] records, int gates, int[] batches, int batchCount, int[] cursor,
                                        long gateIndex, long[] pair, long[] tables, int capacity);

    /** Kernel.garblePrfOnlyAnds on the {@code n} gates from {@code first}. */
    static native void garblePrfOnlyAnds(int[] records, int first, int n, long gateIndex, long[] pair, byte[] colours,
                                         long[] tables, byte[] nibbles);

    /** Kernel.evaluatePrfOnlyFree, likewise. */
    static native int evaluatePrfOnlyFree(int[] records, int gates, int[] batches, int batchCount, int[] cursor,
                                          long gateIndex, long[] label, long[] tables, int blocks);

    /** Kernel.evaluatePrfOnlyAnds on the {@code n} gates from {@code first}. */
    static native int evaluatePrfOnlyAnds(int[] records, int first, int n, long gateIndex, long[] label, long[] tables,
                                          byte[] nibbles);

    /** ys_ed25519_multiply_points on points [from, to) of {@code points}, out from byte {@code outOffset}. */
    static native void edwardsMultiplyPoints(byte[] points, int from, int to, byte[] digits, byte[] step, int steps,
                                             byte[] out, int outOffset);

    /** ys_ed25519_table into {@code table} (YS_ED25519_TABLE_WORDS longs). */
    static native void edwardsTable(byte[] point, long[] table);

    /** ys_ed25519_multiply_table on the scalars [from, to) of {@code digits}, out from byte {@code outOffset}. */
    static native void edwardsMultiplyTable(long[] table, byte[] digits, int from, int to, byte[] out, int outOffset);
}
