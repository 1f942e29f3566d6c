package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateFile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The gate and AND batch records of a slot-ID binary file too large to hold in memory, read as an engine walks them:
 * each pass opens the file and reads the two regions side by side through small reused buffers, and checks the
 * body's CRC-32C when it is done ({@link Pass#verify}), from the header's CRC (made when the file was opened) and
 * those of the two regions.
 */
final class StreamedSlotFile implements GateFile {
    private static final int GATE_RECORD_BYTES = SlotBinaryFormat.GATE_RECORD_BYTES;
    private final Path path;
    private final String name;
    private final long batchesStart;
    private final long gatesStart;
    private final long bodyEnd;
    private final int headerCrc;
    private final int bufferGates;
    /** {@link Crc32c#zeros} of the batch region's and the gate region's lengths: the same every pass, so made once. */
    private final int[] afterBatches;
    private final int[] afterGates;

    /**
     * @param batchesStart file offset of the first AND batch record (the body before it has CRC {@code headerCrc})
     * @param gatesStart   file offset of the first gate record; they run to {@code bodyEnd}, the CRC follows
     */
    StreamedSlotFile(Path path, String name, long batchesStart, long gatesStart, long bodyEnd, int headerCrc, int bufferGates) {
        this.path = path;
        this.name = name;
        this.batchesStart = batchesStart;
        this.gatesStart = gatesStart;
        this.bodyEnd = bodyEnd;
        this.headerCrc = headerCrc;
        this.bufferGates = Math.max(1, bufferGates);
        this.afterBatches = Crc32c.zeros(gatesStart - batchesStart);
        this.afterGates = Crc32c.zeros(bodyEnd - gatesStart);
    }

    @Override
    public GateFile.Pass open() {
        try {
            return new Pass(FileChannel.open(path, StandardOpenOption.READ));
        } catch (IOException e) {
            throw error("cannot read: " + e.getMessage());
        }
    }

    @Override
    public RuntimeException error(String message) {
        return new CircuitFormatException(name + ": " + message);
    }

    /** One read of a region: a buffer refilled from the file, the CRC of what it has read. */
    private final class Region {
        private final FileChannel channel;
        private final ByteBuffer buf;
        private final CRC32C crc = new CRC32C();
        private final long end;
        private long pos;

        Region(FileChannel channel, long start, long end, int bufferBytes) {
            this.channel = channel;
            this.pos = start;
            this.end = end;
            this.buf = ByteBuffer.allocate((int) Math.max(1, Math.min(bufferBytes, end - start)));
            buf.limit(0);
        }

        /** The buffer with at least {@code bytes} unread bytes in it. */
        ByteBuffer need(int bytes) {
            if (buf.remaining() >= bytes) {
                return buf;
            }
            buf.compact();
            int from = buf.position();
            try {
                while (buf.hasRemaining() && pos < end) {
                    buf.limit((int) Math.min(buf.capacity(), buf.position() + (end - pos)));
                    int n = channel.read(buf, pos);
                    if (n < 0) {
                        throw error("byte " + pos + ": file ends early: it changed since it was opened");
                    }
                    pos += n;
                }
            } catch (IOException e) {
                throw error("cannot read: " + e.getMessage());
            }
            crc.update(buf.array(), from, buf.position() - from);
            buf.flip();
            if (buf.remaining() < bytes) {
                throw error("byte " + pos + ": records end early (truncated file)");
            }
            return buf;
        }

        boolean done() {
            return pos == end && !buf.hasRemaining();
        }
    }

    private final class Pass implements GateFile.Pass {
        private final FileChannel channel;
        private final Region gates;
        private final Region batches;

        Pass(FileChannel channel) {
            this.channel = channel;
            this.gates = new Region(channel, gatesStart, bodyEnd, bufferGates * GATE_RECORD_BYTES);
            this.batches = new Region(channel, batchesStart, gatesStart, 8 * Math.min(bufferGates, 8192));
        }

        @Override
        public void readGates(int[] dst, int at, int count) {
            int p = at * CompiledCircuit.GATE_STRIDE;
            while (count > 0) {
                // Every whole record the buffer holds.
                ByteBuffer b = gates.need(GATE_RECORD_BYTES);
                int k = Math.min(count, b.remaining() / GATE_RECORD_BYTES);
                SlotBinaryFormat.decodeGates(b.array(), b.arrayOffset() + b.position(), dst, p, k);
                p += k * CompiledCircuit.GATE_STRIDE;
                b.position(b.position() + k * GATE_RECORD_BYTES);
                count -= k;
            }
        }

        @Override
        public void readBatch(int[] dst) {
            ByteBuffer b = batches.need(8);
            dst[0] = b.getInt();
            dst[1] = b.getInt();
        }

        @Override
        public void verify() {
            if (!gates.done() || !batches.done()) {
                throw new IllegalStateException("verify before every record was read");
            }
            int headerAndBatches = Crc32c.combine(headerCrc, (int) batches.crc.getValue(), afterBatches);
            int body = Crc32c.combine(headerAndBatches, (int) gates.crc.getValue(), afterGates);
            ByteBuffer stored = ByteBuffer.allocate(4);
            try {
                while (stored.hasRemaining()) {
                    if (channel.read(stored, bodyEnd + stored.position()) < 0) {
                        throw error("byte " + bodyEnd + ": file ends early: it changed since it was opened");
                    }
                }
            } catch (IOException e) {
                throw error("cannot read: " + e.getMessage());
            }
            if (stored.getInt(0) != body) {
                throw error("byte " + bodyEnd + ": CRC-32C mismatch: the file is damaged or truncated"
                        + " (found at the end of the pass over its gates, before any output)");
            }
        }

        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing was written; a failed close of a read-only file loses nothing
            }
        }
    }
}
