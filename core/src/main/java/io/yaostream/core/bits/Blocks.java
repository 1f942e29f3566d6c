package io.yaostream.core.bits;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * 128-bit blocks (labels, AES blocks) as pairs of longs in flat {@code long[]} arrays: block i is
 * {@code (a[2i], a[2i+1])} = (low, high). Its 16 bytes are the two longs little-endian, low first, so bit 0
 * of the block (the point-and-permute colour of a label) is bit 0 of byte 0 and of {@code a[2i]}.
 */
public final class Blocks {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Blocks() {
    }

    /** Copies {@code blocks} blocks from longs to bytes. */
    public static void toBytes(long[] src, int srcBlock, byte[] dst, int dstOffset, int blocks) {
        for (int i = 0; i < 2 * blocks; i++) {
            LONGS.set(dst, dstOffset + 8 * i, src[2 * srcBlock + i]);
        }
    }

    /** Copies {@code blocks} blocks from bytes to longs. */
    public static void fromBytes(byte[] src, int srcOffset, long[] dst, int dstBlock, int blocks) {
        for (int i = 0; i < 2 * blocks; i++) {
            dst[2 * dstBlock + i] = (long) LONGS.get(src, srcOffset + 8 * i);
        }
    }

    /**
     * Copies {@code blocks} blocks from longs into {@code dst} from byte {@code dstOffset}: little-endian whatever
     * the buffer's own order, and without moving its position or making a view of it.
     */
    public static void toBuffer(long[] src, int srcBlock, ByteBuffer dst, int dstOffset, int blocks) {
        for (int i = 0; i < 2 * blocks; i++) {
            BUFFER_LONGS.set(dst, dstOffset + 8 * i, src[2 * srcBlock + i]);
        }
    }

    /** Copies {@code blocks} blocks from {@code src}, from byte {@code srcOffset}, to longs; as {@link #toBuffer}. */
    public static void fromBuffer(ByteBuffer src, int srcOffset, long[] dst, int dstBlock, int blocks) {
        for (int i = 0; i < 2 * blocks; i++) {
            dst[2 * dstBlock + i] = (long) BUFFER_LONGS.get(src, srcOffset + 8 * i);
        }
    }

    public static long getLong(byte[] src, int offset) {
        return (long) LONGS.get(src, offset);
    }

    public static void putLong(byte[] dst, int offset, long v) {
        LONGS.set(dst, offset, v);
    }
}
