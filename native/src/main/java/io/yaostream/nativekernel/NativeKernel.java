package io.yaostream.nativekernel;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.curve.EdwardsArithmetic;
import io.yaostream.core.kernel.AndGateRule;
import io.yaostream.core.kernel.CtrKeys;
import io.yaostream.core.kernel.GateCursor;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.kernel.OneHotLeaves;
import io.yaostream.core.kernel.PolynomialHash;

import java.nio.ByteBuffer;

/**
 * The C kernel (AES-NI) behind core's kernel SPI: one JNI call per batch, arrays used in place. Results are
 * bit-identical to {@link io.yaostream.core.kernel.JavaKernel}; the provider checks that before handing one out.
 */
public final class NativeKernel implements Kernel {
    /** {gate, batch} of a walk, passed to and from C. */
    private final int[] cursor = new int[2];
    /** This kernel's Kπ, passed to every C entry that uses π. */
    private long keyLo = FIXED_KEY_LO;
    private long keyHi = FIXED_KEY_HI;

    NativeKernel() {
    }

    @Override
    public void setFixedKey(long keyLo, long keyHi) {
        this.keyLo = keyLo;
        this.keyHi = keyHi;
    }

    @Override
    public long fixedKeyLo() {
        return keyLo;
    }

    @Override
    public long fixedKeyHi() {
        return keyHi;
    }

    @Override
    public String path() {
        return NativePath.current().label();
    }

    @Override
    public String name() {
        return "native";
    }

    @Override
    public EdwardsArithmetic edwards25519() {
        return NativeEdwardsArithmetic.INSTANCE;
    }

    @Override
    public void fixedKeyEncrypt(long[] in, long[] out, int blocks) {
        checkBlocks(blocks, in);
        checkBlocks(blocks, out);
        NativeBindings.fixedKeyEncrypt(keyLo, keyHi, in, out, blocks);
    }

    @Override
    public long fixedKeyRegisterLoop(long passes) {
        if (passes < 0) {
            throw new IllegalArgumentException("passes must not be negative, got " + passes);
        }
        return NativeBindings.fixedKeyRegisterLoop(keyLo, keyHi, passes);
    }

    @Override
    public void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks) {
        checkBlocks(blocks, keys);
        checkBlocks(blocks, in);
        checkBlocks(blocks, out);
        NativeBindings.multiKeyEncrypt(keys, in, out, blocks);
    }

    @Override
    public void multiKeyEncryptTwice(long[] keys, long[] in, long[] out, int pairs) {
        checkBlocks(2 * pairs, keys);
        checkBlocks(4 * pairs, in);
        checkBlocks(4 * pairs, out);
        NativeBindings.multiKeyEncryptTwice(keys, in, out, pairs);
    }

    @Override
    public void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks) {
        checkBlocks(blocks, out);
        NativeBindings.ctr(keyLo, keyHi, counter, out, blocks);
    }

    @Override
    public CtrKeys ctrKeys(long[] keys, int count) {
        return new NativeCtrKeys(keys, count);
    }

    @Override
    public void crHashRange(long[] in, long first, long domain, long[] out, int n) {
        checkBlocks(n, in);
        checkBlocks(n, out);
        checkDistinct(in, out);
        NativeBindings.hashRange(keyLo, keyHi, in, first, domain, false, 0, 0, out, n);
    }

    @Override
    public void crHashRangeWithOffset(long[] in, long offsetLo, long offsetHi, long first, long domain, long[] out, int n) {
        checkBlocks(n, in);
        checkBlocks(2 * n, out);
        checkDistinct(in, out);
        NativeBindings.hashRange(keyLo, keyHi, in, first, domain, true, offsetLo, offsetHi, out, n);
    }

    @Override
    public void crHashExpand(long[] in, int from, int n, int m, long first, long domain, long[] out) {
        if (from < 0 || n < 0 || m < 0) {
            throw new IllegalArgumentException("hash expansion: negative from " + from + ", n " + n + " or m " + m);
        }
        if (in.length < 2L * ((long) from + n)) {
            throw new IllegalArgumentException("array of " + in.length + " longs is too short for blocks up to " + (from + (long) n));
        }
        if (out.length < 2L * n * m) {
            throw new IllegalArgumentException("array of " + out.length + " longs is too short for " + (long) n * m + " blocks");
        }
        checkDistinct(in, out);
        NativeBindings.hashExpand(keyLo, keyHi, in, from, n, m, first, domain, out);
    }

    @Override
    public void oneHotLeaves(long[] seeds, int leaves, int m, long first, long domain, long[] rows, int r, int skip,
                             long[] out, long[] columns, long[] scratch) {
        // The same checks as the Java definition's (lengths, distinct arrays, rows below 2^r): C trusts them. C hashes
        // into a fixed scratch of its own, so scratch is only checked.
        OneHotLeaves.check(seeds, leaves, m, rows, r, out, columns, scratch);
        NativeBindings.oneHotLeaves(keyLo, keyHi, seeds, leaves, m, first, domain, rows, r, skip, out, columns);
    }

    private static void checkDistinct(long[] in, long[] out) {
        if (in == out) {
            throw new IllegalArgumentException("the hash's output must not be its input");
        }
    }

    @Override
    public void polynomialHash(PolynomialHash key, byte[] data, int length, long index, long[] out) {
        if (length < 0 || length > data.length || out.length < 2) {
            throw new IllegalArgumentException("polynomialHash: " + length + " bytes of " + data.length + ", output of " + out.length);
        }
        NativeBindings.polynomialHash(key.keyLo(), key.keyHi(), data, length, index, out);
    }

    /**
     * Room for every piece's slots side by side, up to {@link #LOCKSTEP_SLOTS}: the C kernel then takes each AND batch
     * from all the pieces at once where the circuit's batches are narrow (an S-box's, a comparison's carry chain).
     */
    @Override
    public int eachSlots(CompiledCircuit c, int pieces) {
        long all = (long) c.slots() * pieces;
        return pieces > 1 && all <= LOCKSTEP_SLOTS ? (int) all : c.slots();
    }

    /** The most slots pieces in lockstep take together (1 MiB of labels). */
    static final int LOCKSTEP_SLOTS = 1 << 16;

    /** One kernel call for all the pieces; {@link io.yaostream.core.kernel.Kernel}'s checks first. */
    @Override
    public void garbleFreeXorEach(AndGateRule rule, CompiledCircuit c, long firstGateIndex, long[] zero, long deltaLo,
                                  long deltaHi, ByteBuffer tables, long[] in, int inPos, long[] out, int outPos, int pieces) {
        int perPiece = Kernels.checkPieces(rule, c, zero, tables, in, inPos, out, outPos, pieces);
        if (NativeBindings.garbleFreeXorEach(keyLo, keyHi, rule.ordinal(), c.gateRecordsView(), c.gateCount(), c.andBatchesView(),
                c.andBatchCount(), firstGateIndex, zero, c.slots(), deltaLo, deltaHi, tables, tables.position(), perPiece,
                c.inputSlotsView(), in, inPos, c.outputSlotsView(), out, outPos, pieces) != 0) {
            throw new IllegalStateException("a piece's walk stopped short of the circuit's end");
        }
    }

    @Override
    public void evaluateFreeXorEach(AndGateRule rule, CompiledCircuit c, long firstGateIndex, long[] label, ByteBuffer tables,
                                    long[] in, int inPos, long[] out, int outPos, int pieces) {
        int perPiece = Kernels.checkPieces(rule, c, label, tables, in, inPos, out, outPos, pieces);
        if (NativeBindings.evaluateFreeXorEach(keyLo, keyHi, rule.ordinal(), c.gateRecordsView(), c.gateCount(), c.andBatchesView(),
                c.andBatchCount(), firstGateIndex, label, c.slots(), tables, tables.position(), perPiece, c.inputSlotsView(), in, inPos,
                c.outputSlotsView(), out, outPos, pieces) != 0) {
            throw new IllegalStateException("a piece's walk stopped short of the circuit's end");
        }
    }

    /** Every start and term is checked in C as it is read, against the arrays' lengths. */
    @Override
    public void xorTerms(int[] termStarts, int[] terms, int outputs, long[] in, long[] out) {
        if (NativeBindings.xorTerms(termStarts, terms, outputs, in, out) != 0) {
            throw new IllegalArgumentException("xorTerms: a term or a start is out of its array's range");
        }
    }

    @Override
    public void transpose128(long[] in, int n, long[] out) {
        if (n < 0 || n % 64 != 0) {
            throw new IllegalArgumentException("transpose128: " + n + " columns is not a multiple of 64");
        }
        if (in.length < 2L * n || out.length < 2L * n) {
            throw new IllegalArgumentException("transpose128: arrays too short for " + n + " columns");
        }
        NativeBindings.transpose128(in, n, out);
    }

    @Override
    public int garbleFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
                               long[] tables, int capacity) {
        checkWalk(c, at, zero);
        checkBlocks(capacity, tables);
        int blocks = NativeBindings.garbleFreeXor(keyLo, keyHi, rule.ordinal(), c.gateRecordsView(), c.gateCount(), c.andBatchesView(),
                c.andBatchCount(), cursor, at.gateIndex(), zero, deltaLo, deltaHi, tables, capacity);
        at.moveTo(cursor[0], cursor[1], at.gateIndex() + blocks / rule.tableBlocks());
        return blocks;
    }

    @Override
    public int garbleFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
                               ByteBuffer tables, int capacity) {
        checkWalk(c, at, zero);
        checkDirect(tables, capacity);
        int blocks = NativeBindings.garbleFreeXorDirect(keyLo, keyHi, rule.ordinal(), c.gateRecordsView(), c.gateCount(),
                c.andBatchesView(), c.andBatchCount(), cursor, at.gateIndex(), zero, deltaLo, deltaHi, tables,
                tables.position(), capacity);
        at.moveTo(cursor[0], cursor[1], at.gateIndex() + blocks / rule.tableBlocks());
        return blocks;
    }

    @Override
    public int evaluateFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, ByteBuffer tables,
                                 int blocks) {
        checkWalk(c, at, label);
        checkDirect(tables, blocks);
        int used = NativeBindings.evaluateFreeXorDirect(keyLo, keyHi, rule.ordinal(), c.gateRecordsView(), c.gateCount(),
                c.andBatchesView(), c.andBatchCount(), cursor, at.gateIndex(), label, tables, tables.position(), blocks);
        at.moveTo(cursor[0], cursor[1], at.gateIndex() + used / rule.tableBlocks());
        return used;
    }

    @Override
    public int evaluateFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        checkWalk(c, at, label);
        checkBlocks(blocks, tables);
        int used = NativeBindings.evaluateFreeXor(keyLo, keyHi, rule.ordinal(), c.gateRecordsView(), c.gateCount(), c.andBatchesView(),
                c.andBatchCount(), cursor, at.gateIndex(), label, tables, blocks);
        at.moveTo(cursor[0], cursor[1], at.gateIndex() + used / rule.tableBlocks());
        return used;
    }

    @Override
    public int garblePrfOnlyFree(CompiledCircuit c, GateCursor at, long[] pair, long[] tables, int capacity) {
        checkWalk(c, at, pair, 2);
        checkBlocks(capacity, tables);
        int blocks = NativeBindings.garblePrfOnlyFree(c.gateRecordsView(), c.gateCount(), c.andBatchesView(),
                c.andBatchCount(), cursor, at.gateIndex(), pair, tables, capacity);
        at.moveTo(cursor[0], cursor[1], at.gateIndex() + blocks); // one block and one gate index per XOR gate
        return blocks;
    }

    @Override
    public void garblePrfOnlyAnds(CompiledCircuit c, GateCursor at, long[] pair, byte[] colours, long[] tables,
                                  byte[] nibbles) {
        int n = checkAnds(c, at, pair, 2, tables, nibbles);
        if (colours.length < n) {
            throw new IllegalArgumentException(colours.length + " colours for a batch of " + n + " AND gates");
        }
        NativeBindings.garblePrfOnlyAnds(c.gateRecordsView(), at.gate(), n, at.gateIndex(), pair, colours, tables, nibbles);
        at.moveTo(at.gate() + n, at.batch() + 1, at.gateIndex() + n);
    }

    @Override
    public int evaluatePrfOnlyFree(CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        checkWalk(c, at, label);
        checkBlocks(blocks, tables);
        int used = NativeBindings.evaluatePrfOnlyFree(c.gateRecordsView(), c.gateCount(), c.andBatchesView(),
                c.andBatchCount(), cursor, at.gateIndex(), label, tables, blocks);
        at.moveTo(cursor[0], cursor[1], at.gateIndex() + used);
        return used;
    }

    @Override
    public int evaluatePrfOnlyAnds(CompiledCircuit c, GateCursor at, long[] label, long[] tables, byte[] nibbles) {
        int n = checkAnds(c, at, label, 1, tables, nibbles);
        int result = NativeBindings.evaluatePrfOnlyAnds(c.gateRecordsView(), at.gate(), n, at.gateIndex(), label, tables,
                nibbles);
        if (result == 0) {
            at.moveTo(at.gate() + n, at.batch() + 1, at.gateIndex() + n);
        }
        return result;
    }

    /** What the C code trusts of an AND batch call: its start, the labels, two table blocks and half a byte per gate. */
    private static int checkAnds(CompiledCircuit c, GateCursor at, long[] labels, int blocksPerSlot, long[] tables,
                                 byte[] nibbles) {
        int n = at.batchStartingHere(c);
        checkBlocks(blocksPerSlot * c.slots(), labels);
        checkBlocks(2 * n, tables);
        if (nibbles.length < (n + 1) / 2) {
            throw new IllegalArgumentException(nibbles.length + " nibble bytes for a batch of " + n + " AND gates");
        }
        return n;
    }

    /** {@link #checkWalk(CompiledCircuit, GateCursor, long[])} with {@code blocksPerSlot} label blocks per slot. */
    private void checkWalk(CompiledCircuit c, GateCursor at, long[] labels, int blocksPerSlot) {
        checkWalk(c, at, labels);
        checkBlocks(blocksPerSlot * c.slots(), labels);
    }

    /**
     * What the C walk trusts: a position inside the circuit and a label for every slot (the circuit's own slot
     * numbers are checked when it is built). Stores {gate, batch} in {@link #cursor}.
     */
    private void checkWalk(CompiledCircuit c, GateCursor at, long[] labels) {
        if (at.gate() < 0 || at.gate() > c.gateCount() || at.batch() < 0 || at.batch() > c.andBatchCount()) {
            throw new IllegalArgumentException("walk position gate " + at.gate() + ", batch " + at.batch() + " is outside the circuit");
        }
        checkBlocks(c.slots(), labels);
        cursor[0] = at.gate();
        cursor[1] = at.batch();
    }

    /** The C code trusts its lengths: a table buffer must be direct and hold the blocks asked for. */
    private static void checkDirect(ByteBuffer tables, int blocks) {
        if (!tables.isDirect() || blocks < 0 || tables.remaining() < 16L * blocks) {
            throw new IllegalArgumentException("tables must be a direct buffer with room for " + blocks + " blocks");
        }
    }

    /**
     * The C code trusts its lengths: an array must hold the blocks asked for. One array per call, not varargs: a
     * varargs array was allocated on every kernel call (JMH -prof gc showed it on grr3's evaluator).
     */
    private static void checkBlocks(int blocks, long[] array) {
        if (blocks < 0) {
            throw new IllegalArgumentException("negative block count " + blocks);
        }
        if (array.length < 2L * blocks) {
            throw new IllegalArgumentException("array of " + array.length + " longs is too short for " + blocks + " blocks");
        }
    }
}
