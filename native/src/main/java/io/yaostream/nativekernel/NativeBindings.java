package io.yaostream.nativekernel;

/** The C kernel's JNI entry points (native/src/main/c/yaostream_jni.c). Callers check every length first. */
final class NativeBindings {
    private NativeBindings() {
    }

    static native boolean cpuSupported();

    static native void setFixedKey(long lo, long hi);

    static native void fixedKeyEncrypt(long[] in, long[] out, int blocks);

    static native void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks);

    static native void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks);

    static native void transpose128(long[] in, int n, long[] out);
}
