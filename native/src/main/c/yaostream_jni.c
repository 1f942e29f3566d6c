/* JNI entry points of io.yaostream.nativekernel.NativeBindings. Java checks every length before calling;
 * arrays are pinned with GetPrimitiveArrayCritical, so nothing is copied or allocated per call. */
#include <jni.h>

#include "io_yaostream_nativekernel_NativeBindings.h"
#include "yaostream_kernel.h"

JNIEXPORT jboolean JNICALL Java_io_yaostream_nativekernel_NativeBindings_cpuSupported(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    return ys_cpu_supported() ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_setFixedKey(JNIEnv *env, jclass cls, jlong lo, jlong hi) {
    (void) env;
    (void) cls;
    jlong key[2] = {lo, hi};
    ys_set_fixed_key((const uint8_t *) key);
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
        jlongArray in, jlongArray out, jint blocks) {
    (void) cls;
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

JNIEXPORT void JNICALL Java_io_yaostream_nativekernel_NativeBindings_ctr(JNIEnv *env, jclass cls,
        jlong keyLo, jlong keyHi, jlong counter, jlongArray out, jint blocks) {
    (void) cls;
    jlong key[2] = {keyLo, keyHi};
    jlong *pout = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    ys_ctr((const uint8_t *) key, (uint64_t) counter, (uint8_t *) pout, (size_t) blocks);
    (*env)->ReleasePrimitiveArrayCritical(env, out, pout, 0);
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
