/* JNI entry points of io.yaostream.nativekernel.NativeBindings. Java checks every length before calling;
 * arrays are pinned with GetPrimitiveArrayCritical, so nothing is copied or allocated per call. */
#include <jni.h>
#include <string.h>

#include "io_yaostream_nativekernel_NativeBindings.h"
#include "yaostream_gates.h"
#include "yaostream_kernel.h"

JNIEXPORT jboolean JNICALL Java_io_yaostream_nativekernel_NativeBindings_cpuSupported(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    return ys_cpu_supported() ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_init(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    ys_init();
}

/* Every entry that uses pi takes its kernel's key (keyLo, keyHi) and makes it this thread's (ys_use_fixed_key). */
#define USE_KEY(keyLo, keyHi)                                         \
    do {                                                              \
        jlong key_[2] = {(keyLo), (keyHi)};                           \
        ys_use_fixed_key((const uint8_t *) key_);                     \
    } while (0)

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_path(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    return ys_path();
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_cpuPath(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    return ys_cpu_path();
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_setPathLimit(JNIEnv *env, jclass cls, jint limit) {
    (void) env;
    (void) cls;
    ys_set_path_limit(limit);
}

/* The C walks' gate-form table (yaostream_gates.h), one byte per op, for GateTableTest to compare with GateOp. */
JNIEXPORT jbyteArray JNICALL Java_io_yaostream_nativekernel_NativeBindings_gateForms(JNIEnv *env, jclass cls) {
    (void) cls;
    jbyteArray forms = (*env)->NewByteArray(env, (jsize) sizeof FORM);
    if (forms != NULL) {
        (*env)->SetByteArrayRegion(env, forms, 0, (jsize) sizeof FORM, (const jbyte *) FORM);
    }
    return forms;
}

/* Pins in and out (once when they are the same array). */
#define PIN2(in, out, pin, pout)                                              \
    jlong *pin = (*env)->GetPrimitiveArrayCritical(env, in, NULL);            \
    jlong *pout = (*env)->IsSameObject(env, in, out) ? pin                    \
                                                     : (*env)->GetPrimitiveArrayCritical(env, out, NULL)
#define UNPIN2(in, out, pin, pout)                                            \
    if (pout != pin) (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0); \
    (*env)->ReleasePrimitiveArrayCritical(env, in, pin, 0)

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_fixedKeyEncrypt(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlongArray in, jlongArray out, jint blocks) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    PIN2(in, out, pin, pout);
    ys_fixed_key_encrypt((const uint8_t *) pin, (uint8_t *) pout, (size_t) blocks);
    UNPIN2(in, out, pin, pout);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_multiKeyEncrypt(JNIEnv *env, jclass cls,
        jlongArray keys, jlongArray in, jlongArray out, jint blocks) {
    (void) cls;
    jlong *pkeys = (*env)->GetPrimitiveArrayCritical(env, keys, NULL);
    PIN2(in, out, pin, pout);
    ys_multi_key_encrypt((const uint8_t *) pkeys, (const uint8_t *) pin, (uint8_t *) pout, (size_t) blocks);
    UNPIN2(in, out, pin, pout);
    (*env)->ReleasePrimitiveArrayCritical(env, keys, pkeys, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_multiKeyEncryptTwice(JNIEnv *env, jclass cls,
        jlongArray keys, jlongArray in, jlongArray out, jint pairs) {
    (void) cls;
    jlong *pkeys = (*env)->GetPrimitiveArrayCritical(env, keys, NULL);
    PIN2(in, out, pin, pout);
    ys_multi_key_encrypt_twice((const uint8_t *) pkeys, (const uint8_t *) pin, (uint8_t *) pout, (size_t) pairs);
    UNPIN2(in, out, pin, pout);
    (*env)->ReleasePrimitiveArrayCritical(env, keys, pkeys, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_ctr(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlong counter, jlongArray out, jint blocks) {
    (void) cls;
    jlong key[2] = {keyLo, keyHi};
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_ctr((const uint8_t *) key, (uint64_t) counter, (uint8_t *) pout, (size_t) blocks);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_expandKeys(JNIEnv *env, jclass cls,
        jlongArray keys, jint n, jlongArray schedules) {
    (void) cls;
    jlong *pkeys = (*env)->GetPrimitiveArrayCritical(env, keys, NULL);
    jlong *pschedules = (*env)->GetPrimitiveArrayCritical(env, schedules, NULL);
    ys_expand_keys((const uint8_t *) pkeys, (size_t) n, (uint8_t *) pschedules);
    (*env)->ReleasePrimitiveArrayCritical(env, schedules, pschedules, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, keys, pkeys, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_ctrKeys(JNIEnv *env, jclass cls,
        jlongArray schedules, jint n, jlong counter, jlongArray out, jint blocks) {
    (void) cls;
    jlong *pschedules = (*env)->GetPrimitiveArrayCritical(env, schedules, NULL);
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_ctr_keys((const uint8_t *) pschedules, (size_t) n, (uint64_t) counter, (uint8_t *) pout, (size_t) blocks);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, schedules, pschedules, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_hashRange(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlongArray in, jlong first, jlong domain, jboolean withOffset, jlong offsetLo, jlong offsetHi, jlongArray out,
        jint n) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    jlong offset[2] = {offsetLo, offsetHi};
    jlong *pin = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_cr_hash_range((const uint8_t *) pin, (uint64_t) first, (uint64_t) domain,
                     withOffset ? (const uint8_t *) offset : NULL, (uint8_t *) pout, (size_t) n);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, pin, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_hashExpand(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlongArray in, jint from, jint n, jint m, jlong first, jlong domain, jlongArray out) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    jlong *pin = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_cr_hash_expand((const uint8_t *) (pin + 2 * (size_t) from), (size_t) n, (size_t) m, (uint64_t) first,
                      (uint64_t) domain, (uint8_t *) pout);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, pin, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_oneHotLeaves(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlongArray seeds, jint leaves, jint m, jlong first, jlong domain, jlongArray rows, jint r, jint skip,
        jlongArray out, jlongArray columns) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    jlong *pseeds = (*env)->GetPrimitiveArrayCritical(env, seeds, NULL);
    jlong *prows = (*env)->GetPrimitiveArrayCritical(env, rows, NULL);
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    jlong *pcolumns = (*env)->GetPrimitiveArrayCritical(env, columns, NULL);
    ys_one_hot_leaves((const uint8_t *) pseeds, (size_t) leaves, (size_t) m, (uint64_t) first, (uint64_t) domain,
                      (const uint64_t *) prows, (size_t) r, (int64_t) skip, (uint8_t *) pout, (uint8_t *) pcolumns);
    (*env)->ReleasePrimitiveArrayCritical(env, columns, pcolumns, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, rows, prows, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, seeds, pseeds, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_polynomialHash(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jbyteArray data, jint length, jlong index, jlongArray out) {
    (void) cls;
    jlong result[2];
    jbyte *pdata = (*env)->GetPrimitiveArrayCritical(env, data, NULL);
    ys_poly_hash((uint64_t) keyLo, (uint64_t) keyHi, (const uint8_t *) pdata, (size_t) length, (uint64_t) index, (uint8_t *) result);
    (*env)->ReleasePrimitiveArrayCritical(env, data, pdata, JNI_ABORT);
    (*env)->SetLongArrayRegion(env, out, 0, 2, result);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_transpose128(JNIEnv *env, jclass cls,
        jlongArray in, jint n, jlongArray out) {
    (void) cls;
    jlong *pin = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_transpose128((const uint8_t *) pin, (size_t) n, (uint8_t *) pout);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, pin, JNI_ABORT);
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_xorTerms(JNIEnv *env, jclass cls,
        jintArray termStarts, jintArray terms, jint outputs, jlongArray in, jlongArray out) {
    (void) cls;
    jint startCount = (*env)->GetArrayLength(env, termStarts);
    jint termCount = (*env)->GetArrayLength(env, terms);
    jint inBlocks = (*env)->GetArrayLength(env, in) / 2;
    jint outBlocks = (*env)->GetArrayLength(env, out) / 2;
    jint *pstarts = (*env)->GetPrimitiveArrayCritical(env, termStarts, NULL);
    jint *pterms = (*env)->GetPrimitiveArrayCritical(env, terms, NULL);
    jlong *pin = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    int r = ys_xor_terms((const int32_t *) pstarts, startCount, (const int32_t *) pterms, termCount, outputs,
                         (const uint8_t *) pin, inBlocks, (uint8_t *) pout, outBlocks);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, pin, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, terms, pterms, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, termStarts, pstarts, JNI_ABORT);
    return r;
}

/* The walk over a circuit's records and batches (pinned by the caller); cursor = {gate, batch}, in and out. */
#define WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex)                       \
    jint pos[2];                                                                                  \
    (*env)->GetIntArrayRegion(env, cursor, 0, 2, pos);                                            \
    jint *precords = (*env)->GetPrimitiveArrayCritical(env, records, NULL);                       \
    jint *pbatches = (*env)->GetPrimitiveArrayCritical(env, batches, NULL);                       \
    ys_walk walk = {(const int32_t *) precords, gates, (const int32_t *) pbatches, batchCount,    \
                    pos[0], pos[1], (uint64_t) gateIndex}
#define WALK_END(records, batches, cursor)                                                        \
    (*env)->ReleasePrimitiveArrayCritical(env, batches, pbatches, JNI_ABORT);                     \
    (*env)->ReleasePrimitiveArrayCritical(env, records, precords, JNI_ABORT);                     \
    pos[0] = walk.gate;                                                                           \
    pos[1] = walk.batch;                                                                          \
    (*env)->SetIntArrayRegion(env, cursor, 0, 2, pos)

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_garbleFreeXor(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jint rule, jintArray records, jint gates, jintArray batches, jint batchCount, jintArray cursor, jlong gateIndex,
        jlongArray zero, jlong deltaLo, jlong deltaHi, jlongArray tables, jint capacity) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    jlong delta[2] = {deltaLo, deltaHi};
    WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex);
    jlong *pzero = (*env)->GetPrimitiveArrayCritical(env, zero, NULL);
    jlong *ptables = (*env)->GetPrimitiveArrayCritical(env, tables, NULL);
    size_t written = ys_free_xor_garble(&walk, rule, (uint8_t *) pzero, (const uint8_t *) delta, (uint8_t *) ptables,
                                        (size_t) capacity);
    (*env)->ReleasePrimitiveArrayCritical(env, tables, ptables, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, zero, pzero, 0);
    WALK_END(records, batches, cursor);
    return (jint) written;
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_evaluateFreeXor(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jint rule, jintArray records, jint gates, jintArray batches, jint batchCount, jintArray cursor, jlong gateIndex,
        jlongArray label, jlongArray tables, jint blocks) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex);
    jlong *plabel = (*env)->GetPrimitiveArrayCritical(env, label, NULL);
    jlong *ptables = (*env)->GetPrimitiveArrayCritical(env, tables, NULL);
    size_t used = ys_free_xor_evaluate(&walk, rule, (uint8_t *) plabel, (const uint8_t *) ptables, (size_t) blocks);
    (*env)->ReleasePrimitiveArrayCritical(env, tables, ptables, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, label, plabel, 0);
    WALK_END(records, batches, cursor);
    return (jint) used;
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_evaluateFreeXorDirect(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jint rule, jintArray records, jint gates, jintArray batches, jint batchCount, jintArray cursor, jlong gateIndex,
        jlongArray label, jobject tables, jint offset, jint blocks) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    const uint8_t *ptables = (const uint8_t *) (*env)->GetDirectBufferAddress(env, tables) + offset;
    WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex);
    jlong *plabel = (*env)->GetPrimitiveArrayCritical(env, label, NULL);
    size_t used = ys_free_xor_evaluate(&walk, rule, (uint8_t *) plabel, ptables, (size_t) blocks);
    (*env)->ReleasePrimitiveArrayCritical(env, label, plabel, 0);
    WALK_END(records, batches, cursor);
    return (jint) used;
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_edwardsMultiplyPoints(JNIEnv *env, jclass cls,
        jbyteArray points, jint from, jint to, jbyteArray digits, jbyteArray step, jint m, jbyteArray out,
        jint outOffset) {
    (void) cls;
    jbyte s[YS_ED25519_POINT_BYTES];
    jbyte k[YS_ED25519_DIGITS];
    (*env)->GetByteArrayRegion(env, step, 0, YS_ED25519_POINT_BYTES, s);
    (*env)->GetByteArrayRegion(env, digits, 0, YS_ED25519_DIGITS, k);
    jbyte *ppoints = (*env)->GetPrimitiveArrayCritical(env, points, NULL);
    jbyte *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_ed25519_multiply_points((const uint8_t *) ppoints + (size_t) from * YS_ED25519_POINT_BYTES, (size_t) (to - from),
                               (const int8_t *) k, (const uint8_t *) s, (size_t) m, (uint8_t *) pout + outOffset);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, points, ppoints, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_edwardsTable(JNIEnv *env, jclass cls,
        jbyteArray point, jlongArray table) {
    (void) cls;
    jbyte p[YS_ED25519_POINT_BYTES];
    (*env)->GetByteArrayRegion(env, point, 0, YS_ED25519_POINT_BYTES, p);
    jlong *ptable = (*env)->GetPrimitiveArrayCritical(env, table, NULL);
    ys_ed25519_table((const uint8_t *) p, (uint64_t *) ptable);
    (*env)->ReleasePrimitiveArrayCritical(env, table, ptable, 0);
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_edwardsMultiplyTable(JNIEnv *env, jclass cls,
        jlongArray table, jbyteArray digits, jint from, jint to, jbyteArray out, jint outOffset) {
    (void) cls;
    jlong *ptable = (*env)->GetPrimitiveArrayCritical(env, table, NULL);
    jbyte *pdigits = (*env)->GetPrimitiveArrayCritical(env, digits, NULL);
    jbyte *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_ed25519_multiply_table((const uint64_t *) ptable, (const int8_t *) pdigits + (size_t) from * YS_ED25519_DIGITS,
                              (size_t) (to - from), (uint8_t *) pout + outOffset);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, digits, pdigits, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, table, ptable, JNI_ABORT);
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_garbleFreeXorDirect(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jint rule, jintArray records, jint gates, jintArray batches, jint batchCount, jintArray cursor, jlong gateIndex,
        jlongArray zero, jlong deltaLo, jlong deltaHi, jobject tables, jint offset, jint capacity) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    jlong delta[2] = {deltaLo, deltaHi};
    uint8_t *ptables = (uint8_t *) (*env)->GetDirectBufferAddress(env, tables) + offset;
    WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex);
    jlong *pzero = (*env)->GetPrimitiveArrayCritical(env, zero, NULL);
    size_t written = ys_free_xor_garble(&walk, rule, (uint8_t *) pzero, (const uint8_t *) delta, ptables,
                                        (size_t) capacity);
    (*env)->ReleasePrimitiveArrayCritical(env, zero, pzero, 0);
    WALK_END(records, batches, cursor);
    return (jint) written;
}

/* A piece's input labels (a block a bit, from `from`) into its input slots of `labels`. */
static void piece_inputs(uint8_t *labels, const jint *slots, jint n, const uint8_t *from) {
    for (jint i = 0; i < n; i++) {
        memcpy(labels + 16 * (size_t) slots[i], from + 16 * (size_t) i, 16);
    }
}

/* A piece's output slots' labels from `labels` to `to`, a block a bit. */
static void piece_outputs(const uint8_t *labels, const jint *slots, jint n, uint8_t *to) {
    for (jint i = 0; i < n; i++) {
        memcpy(to + 16 * (size_t) i, labels + 16 * (size_t) slots[i], 16);
    }
}

/* Pieces of a circuit without constant gates (core's Kernel.garbleFreeXorEach): before piece k its input slots take
 * the labels of bits k*ins.. of in, after it its output slots' labels go to bits k*outs.. of out; every piece walks
 * the whole circuit, gate indices running on. Where the circuit suits it (ys_lockstep_suits) and the label array
 * holds every piece's slots side by side (the caller's choice), the pieces go in lockstep; otherwise one after
 * another in the first `slots`. The caller (NativeKernel) has checked every length. Returns 0, or -1 when a walk
 * stopped short (which the checks rule out). */
static int each_piece(JNIEnv *env, int garble, jint rule, jintArray records, jint gates, jintArray batches,
        jint batchCount, jlong gateIndex, jlongArray labels, jint slots, const uint8_t *delta, uint8_t *tables,
        jint perPiece, jintArray inSlots, jlongArray in, jint inPos, jintArray outSlots, jlongArray out, jint outPos,
        jint pieces) {
    jint ins = (*env)->GetArrayLength(env, inSlots);
    jint outs = (*env)->GetArrayLength(env, outSlots);
    int64_t room = (*env)->GetArrayLength(env, labels) / 2;
    jint *precords = (*env)->GetPrimitiveArrayCritical(env, records, NULL);
    jint *pbatches = (*env)->GetPrimitiveArrayCritical(env, batches, NULL);
    jint *pin_slots = (*env)->GetPrimitiveArrayCritical(env, inSlots, NULL);
    jint *pout_slots = (*env)->GetPrimitiveArrayCritical(env, outSlots, NULL);
    uint8_t *plabels = (*env)->GetPrimitiveArrayCritical(env, labels, NULL);
    const uint8_t *pin = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    uint8_t *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_walk walk = {(const int32_t *) precords, gates, (const int32_t *) pbatches, batchCount, 0, 0, (uint64_t) gateIndex};
    int result = 0;
    if (pieces > 1 && room >= (int64_t) slots * pieces && ys_lockstep_suits(rule, &walk)) {
        /* Piece p in slots p * slots ..; afterwards the first slots as the last piece left them, as a call a piece
         * leaves them. */
        size_t stride = 16 * (size_t) slots;
        for (jint p = 0; p < pieces; p++) {
            piece_inputs(plabels + stride * (size_t) p, pin_slots, ins,
                         pin + 8 * (size_t) inPos + 16 * (size_t) p * (size_t) ins);
        }
        result = garble ? ys_free_xor_garble_lockstep(&walk, rule, plabels, slots, pieces, delta, tables)
                        : ys_free_xor_evaluate_lockstep(&walk, rule, plabels, slots, pieces, tables);
        for (jint p = 0; p < pieces; p++) {
            piece_outputs(plabels + stride * (size_t) p, pout_slots, outs,
                          pout + 8 * (size_t) outPos + 16 * (size_t) p * (size_t) outs);
        }
        memcpy(plabels, plabels + stride * (size_t) (pieces - 1), stride);
    } else {
        for (jint p = 0; p < pieces && result == 0; p++) {
            piece_inputs(plabels, pin_slots, ins, pin + 8 * (size_t) inPos + 16 * (size_t) p * (size_t) ins);
            walk.gate = 0;
            walk.batch = 0;
            uint8_t *piece = tables + 16 * (size_t) p * (size_t) perPiece;
            size_t blocks = garble ? ys_free_xor_garble(&walk, rule, plabels, delta, piece, (size_t) perPiece)
                                   : ys_free_xor_evaluate(&walk, rule, plabels, piece, (size_t) perPiece);
            if (blocks != (size_t) perPiece || walk.gate != gates) {
                result = -1;
            }
            piece_outputs(plabels, pout_slots, outs,
                          pout + 8 * (size_t) outPos + 16 * (size_t) p * (size_t) outs);
        }
    }
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, (void *) pin, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, labels, plabels, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, outSlots, pout_slots, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, inSlots, pin_slots, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, batches, pbatches, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, records, precords, JNI_ABORT);
    return result;
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_garbleFreeXorEach(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jint rule, jintArray records, jint gates, jintArray batches, jint batchCount, jlong gateIndex, jlongArray zero,
        jint slots, jlong deltaLo, jlong deltaHi, jobject tables, jint offset, jint perPiece, jintArray inSlots, jlongArray in,
        jint inPos, jintArray outSlots, jlongArray out, jint outPos, jint pieces) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    jlong delta[2] = {deltaLo, deltaHi};
    uint8_t *ptables = (uint8_t *) (*env)->GetDirectBufferAddress(env, tables) + offset;
    return each_piece(env, 1, rule, records, gates, batches, batchCount, gateIndex, zero, slots, (const uint8_t *) delta, ptables,
                      perPiece, inSlots, in, inPos, outSlots, out, outPos, pieces);
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_evaluateFreeXorEach(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jint rule, jintArray records, jint gates, jintArray batches, jint batchCount, jlong gateIndex, jlongArray label,
        jint slots, jobject tables, jint offset, jint perPiece, jintArray inSlots, jlongArray in, jint inPos, jintArray outSlots,
        jlongArray out, jint outPos, jint pieces) {
    (void) cls;
    USE_KEY(keyLo, keyHi);
    uint8_t *ptables = (uint8_t *) (*env)->GetDirectBufferAddress(env, tables) + offset;
    return each_piece(env, 0, rule, records, gates, batches, batchCount, gateIndex, label, slots, NULL, ptables, perPiece,
                      inSlots, in, inPos, outSlots, out, outPos, pieces);
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_garblePrfOnlyFree(JNIEnv *env, jclass cls,
        jintArray records, jint gates, jintArray batches, jint batchCount, jintArray cursor, jlong gateIndex,
        jlongArray pair, jlongArray tables, jint capacity) {
    (void) cls;
    WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex);
    jlong *ppair = (*env)->GetPrimitiveArrayCritical(env, pair, NULL);
    jlong *ptables = (*env)->GetPrimitiveArrayCritical(env, tables, NULL);
    size_t written = ys_prf_only_garble_free(&walk, (uint8_t *) ppair, (uint8_t *) ptables, (size_t) capacity);
    (*env)->ReleasePrimitiveArrayCritical(env, tables, ptables, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, pair, ppair, 0);
    WALK_END(records, batches, cursor);
    return (jint) written;
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_garblePrfOnlyAnds(JNIEnv *env, jclass cls,
        jintArray records, jint first, jint n, jlong gateIndex, jlongArray pair, jbyteArray colours, jlongArray tables,
        jbyteArray nibbles) {
    (void) cls;
    jint *precords = (*env)->GetPrimitiveArrayCritical(env, records, NULL);
    jlong *ppair = (*env)->GetPrimitiveArrayCritical(env, pair, NULL);
    jbyte *pcolours = (*env)->GetPrimitiveArrayCritical(env, colours, NULL);
    jlong *ptables = (*env)->GetPrimitiveArrayCritical(env, tables, NULL);
    jbyte *pnibbles = (*env)->GetPrimitiveArrayCritical(env, nibbles, NULL);
    ys_prf_only_garble_ands((const int32_t *) precords, first, n, (uint64_t) gateIndex, (uint8_t *) ppair,
                            (const uint8_t *) pcolours, (uint8_t *) ptables, (uint8_t *) pnibbles);
    (*env)->ReleasePrimitiveArrayCritical(env, nibbles, pnibbles, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, tables, ptables, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, colours, pcolours, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, pair, ppair, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, records, precords, JNI_ABORT);
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_evaluatePrfOnlyFree(JNIEnv *env, jclass cls,
        jintArray records, jint gates, jintArray batches, jint batchCount, jintArray cursor, jlong gateIndex,
        jlongArray label, jlongArray tables, jint blocks) {
    (void) cls;
    WALK_BEGIN(records, gates, batches, batchCount, cursor, gateIndex);
    jlong *plabel = (*env)->GetPrimitiveArrayCritical(env, label, NULL);
    jlong *ptables = (*env)->GetPrimitiveArrayCritical(env, tables, NULL);
    size_t used = ys_prf_only_evaluate_free(&walk, (uint8_t *) plabel, (const uint8_t *) ptables, (size_t) blocks);
    (*env)->ReleasePrimitiveArrayCritical(env, tables, ptables, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, label, plabel, 0);
    WALK_END(records, batches, cursor);
    return (jint) used;
}

JNIEXPORT jint JNICALL Java_io_yaostream_nativekernel_NativeBindings_evaluatePrfOnlyAnds(JNIEnv *env, jclass cls,
        jintArray records, jint first, jint n, jlong gateIndex, jlongArray label, jlongArray tables,
        jbyteArray nibbles) {
    (void) cls;
    jint *precords = (*env)->GetPrimitiveArrayCritical(env, records, NULL);
    jlong *plabel = (*env)->GetPrimitiveArrayCritical(env, label, NULL);
    jlong *ptables = (*env)->GetPrimitiveArrayCritical(env, tables, NULL);
    jbyte *pnibbles = (*env)->GetPrimitiveArrayCritical(env, nibbles, NULL);
    int result = ys_prf_only_evaluate_ands((const int32_t *) precords, first, n, (uint64_t) gateIndex,
                                           (uint8_t *) plabel, (const uint8_t *) ptables, (const uint8_t *) pnibbles);
    (*env)->ReleasePrimitiveArrayCritical(env, nibbles, pnibbles, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, tables, ptables, JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, label, plabel, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, records, precords, JNI_ABORT);
    return (jint) result;
}

JNIEXPORT jlong JNICALL Java_io_yaostream_nativekernel_NativeBindings_fixedKeyRegisterLoop(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlong passes) {
    (void) env;
    (void) cls;
    USE_KEY(keyLo, keyHi);
    return (jlong) ys_fixed_key_register_loop(passes < 0 ? 0 : (uint64_t) passes);
}
