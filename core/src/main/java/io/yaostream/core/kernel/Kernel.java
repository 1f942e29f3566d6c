package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.curve.EdwardsArithmetic;

/**
 * The batch operations the garbling schemes and OT need, over blocks in the {@link Blocks} layout. Each call
 * handles many blocks so an implementation can pipeline AES; implementations must give bit-identical results.
 * Implementations are not thread-safe: use one per thread.
 *
 * <p>The free-XOR walks ({@link #garbleFreeXor}) run a whole range of a circuit's gates per call, free gates
 * included, as JustGarble does: per-gate work in the kernel's own language is what makes garbling run at AES speed.
 */
public interface Kernel {
    /**
     * The key π has in a kernel until {@link #setFixedKey} is called: the bytes 00 01 .. 0f, the Kπ of the older
     * known-answer vectors. A session never runs under it: the garbler derives its own Kπ and both parties set it.
     */
    long FIXED_KEY_LO = 0x0706050403020100L;
    long FIXED_KEY_HI = 0x0f0e0d0c0b0a0908L;

    /** A short name for reports ({@code java}, {@code native}). */
    String name();

    /** The code path the kernel runs on this machine, for reports (the native kernel's AES path, e.g. vaes-256). */
    default String path() {
        return name();
    }

    /**
     * Sets Kπ, the public key of π for every operation of this kernel that uses it ({@link #fixedKeyEncrypt}, the
     * correlation-robust hashes, the free-XOR walks, the one-hot leaves): a session's, set once as it starts
     * (docs/garbling-schemes.md §1.2). Any 128-bit key is legal.
     */
    void setFixedKey(long keyLo, long keyHi);

    /** The low 64 bits of this kernel's Kπ (bytes 0..7, little-endian). */
    long fixedKeyLo();

    /** The high 64 bits of this kernel's Kπ (bytes 8..15, little-endian). */
    long fixedKeyHi();

    /** {@code out[i] = π(in[i])} for {@code blocks} blocks: AES-128 under Kπ. {@code in} may equal {@code out}. */
    void fixedKeyEncrypt(long[] in, long[] out, int blocks);

    /**
     * Fixed-key AES on blocks that stay in registers, {@code passes} times over, with no load or store of a block
     * between rounds: the CPU's own AES throughput, the floor under {@link #fixedKeyEncrypt} (which reads and writes
     * memory), for benchmarks only. Returns the blocks encrypted, or 0 where the kernel has no such loop (the Java
     * kernel: the JVM gives no AES on registers).
     */
    default long fixedKeyRegisterLoop(long passes) {
        return 0;
    }

    /**
     * {@code out[i] = AES_{keys[i]}(in[i])} for {@code blocks} blocks, each under its own key, with the key
     * schedules computed together (GLNP15 §2.2). {@code in} may equal {@code out}.
     */
    void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks);

    /**
     * {@link #multiKeyEncrypt} with every key used twice and expanded once: keys {@code 2p} and {@code 2p + 1} (of
     * {@code 2 * pairs}) encrypt blocks {@code 4p .. 4p + 3} of {@code in}, in the order key 2p, key 2p + 1, key 2p,
     * key 2p + 1. A 4-3 or 4-2 garbled row needs each input label under two tweaks: half the key schedules. {@code in}
     * may equal {@code out}.
     */
    void multiKeyEncryptTwice(long[] keys, long[] in, long[] out, int pairs);

    /**
     * The pseudo-random generator: AES-128 in counter mode, {@code out[i] = AES_key((counter + i, 0))} for
     * {@code blocks} blocks, with {@code key} a secret block {@code (keyLo, keyHi)}.
     */
    void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks);

    /**
     * The first {@code count} blocks of {@code keys} (copied) as {@link CtrKeys}, for {@link #ctr} under the same
     * keys again and again. The default calls {@link #ctr} once per key; a kernel may expand the keys once.
     */
    default CtrKeys ctrKeys(long[] keys, int count) {
        return new CtrPerKey(this, keys, count);
    }

    /**
     * {@link PolynomialHash#hash}: the first {@code length} bytes of {@code data} with {@code index} under {@code key}, into
     * {@code out[0..1]}. The default runs the definition.
     */
    default void polynomialHash(PolynomialHash key, byte[] data, int length, long index, long[] out) {
        key.hash(data, length, index, out);
    }

    /**
     * {@link CorrelationRobustHash#hashRange}: {@code out[i] = H(in[i], (first + i, domain))} for {@code n}
     * blocks, OT extension's hash of its rows. {@code out} must not be {@code in}. The default runs the
     * definition around one {@link #fixedKeyEncrypt} call; a kernel may do the σ and tweak passes itself.
     */
    default void crHashRange(long[] in, long first, long domain, long[] out, int n) {
        CorrelationRobustHash.hashRange(this, in, first, domain, out, n);
    }

    /**
     * {@link CorrelationRobustHash#hashRangeWithOffset}: {@code out[2i] = H(in[i], t_i)} and
     * {@code out[2i + 1] = H(in[i] ⊕ (offsetLo, offsetHi), t_i)} with {@code t_i = (first + i, domain)}, the
     * IKNP sender's hashes. {@code out} must not be {@code in}.
     */
    default void crHashRangeWithOffset(long[] in, long offsetLo, long offsetHi, long first, long domain, long[] out, int n) {
        CorrelationRobustHash.hashRangeWithOffset(this, in, offsetLo, offsetHi, first, domain, out, n);
    }

    /**
     * {@link CorrelationRobustHash#hashExpand}: {@code out[i·m + j] = H(in[from + i], (first + i·m + j, domain))} for
     * {@code n} input blocks and {@code m} tweaks each, a one-hot gate's tree and leaf hashes. {@code out} must not be
     * {@code in}. The default runs the definition around one {@link #fixedKeyEncrypt} call.
     */
    default void crHashExpand(long[] in, int from, int n, int m, long first, long domain, long[] out) {
        CorrelationRobustHash.hashExpand(this, in, from, n, m, first, domain, out);
    }

    /**
     * {@link OneHotLeaves#hashAndFold}: a one-hot gate's leaf hashes, each XORed into its column's sum and into the
     * outputs the leaf's row of the truth table selects. The default runs the definition over {@link #crHashExpand};
     * every kernel refuses the arguments {@link OneHotLeaves#check} refuses.
     */
    default void oneHotLeaves(long[] seeds, int leaves, int m, long first, long domain, long[] rows, int r, int skip, long[] out,
                              long[] columns, long[] scratch) {
        OneHotLeaves.hashAndFold(this, seeds, leaves, m, first, domain, rows, r, skip, out, columns, scratch);
    }

    /**
     * Transposes a 128 x n bit matrix (IKNP's): row r, for r below 128, is n bits stored as n/64 longs at
     * {@code in[r * n/64 ...]}, column c in bit c % 64 of long c / 64. Block c of {@code out} gets column c:
     * its bit r is bit c of row r. {@code n} must be a multiple of 64.
     */
    void transpose128(long[] in, int n, long[] out);

    /**
     * A linear map over blocks (a circuit of XORs, {@code io.yaostream.core.circuit.LinearForm}, on the labels a party
     * holds): block j of {@code out}, for j below {@code outputs}, becomes the XOR of the blocks {@code in[terms[t]]}
     * for t from {@code termStarts[j]} to {@code termStarts[j + 1] - 1}. IllegalArgumentException when a term or a
     * start is out of its array's range.
     */
    default void xorTerms(int[] termStarts, int[] terms, int outputs, long[] in, long[] out) {
        LinearMaps.xorTerms(termStarts, terms, outputs, in, out);
    }

    /**
     * Garbles a free-XOR scheme's gates by {@code rule} (half-gates with any of its hashes, or GRR3; formulas in
     * {@code io.yaostream.core.garble.HalfGates} and {@code Grr3}) from {@code at} on: free gates set the label of 0
     * of their output slot in {@code zero} (one block per slot); AND gate number j (its gate index) writes its
     * {@link AndGateRule#tableBlocks} table blocks to the next blocks of {@code tables}, from block 0 on. Stops
     * before a constant gate (the caller gives it a fresh label), at the end of the circuit, or at the first AND
     * gate whose table would pass {@code capacity} blocks; moves {@code at} on and returns the table blocks written.
     */
    int garbleFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
                      long[] tables, int capacity);

    /**
     * {@link #garbleFreeXor} writing the tables into a direct buffer instead of an array: block j at byte
     * {@code 16 j} from the buffer's position, as the array's longs would be laid out little-endian. It lets the
     * tables go straight into a network buffer (DESIGN.md, data flow). The buffer's position is not moved;
     * {@code capacity} blocks must fit after it.
     */
    int garbleFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
                      java.nio.ByteBuffer tables, int capacity);

    /**
     * The evaluator's side of {@link #garbleFreeXor}: active labels in {@code label}, tables read from
     * {@code tables} (block 0 on, {@code blocks} of them). Stops before a constant gate (whose label the garbler
     * sends), at the end, or at the first AND gate with no whole table left; moves {@code at} on and returns the
     * table blocks used.
     */
    int evaluateFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks);

    /**
     * {@link #evaluateFreeXor} reading the tables from a direct buffer instead of an array: block j at byte
     * {@code position + 16j}, little-endian, so they are read where the garbler's kernel wrote them
     * ({@link io.yaostream.core.garble.GarbledStream#blocksInPlace}). The buffer's position is not moved;
     * {@code blocks} blocks must follow it.
     */
    int evaluateFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, java.nio.ByteBuffer tables,
                        int blocks);

    /**
     * {@link #garbleFreeXor} of all of {@code c}, a circuit with no constant gate held in memory, {@code pieces} times in
     * a row, as that many calls of it would: before piece k, its input slots ({@link CompiledCircuit#inputSlotsView})
     * take the labels of bits {@code k * inputs ..} of {@code in} (a block a bit from long {@code inPos}); after it, its
     * output slots' labels go to bits {@code k * outputs ..} of {@code out} (from long {@code outPos}). Gate indices run
     * on from {@code firstGateIndex}; the pieces' tables follow one another from the buffer's position, which is not
     * moved and must have room for all of them. One kernel call for the sixteen S-boxes of an AES round, say.
     */
    default void garbleFreeXorEach(AndGateRule rule, CompiledCircuit c, long firstGateIndex, long[] zero, long deltaLo,
                                   long deltaHi, java.nio.ByteBuffer tables, long[] in, int inPos, long[] out, int outPos,
                                   int pieces) {
        Pieces.garble(this, rule, c, firstGateIndex, zero, deltaLo, deltaHi, tables, in, inPos, out, outPos, pieces);
    }

    /**
     * Slots the label array of {@link #garbleFreeXorEach} and {@link #evaluateFreeXorEach} should hold for {@code pieces}
     * pieces of {@code c} in one call: more than {@code c.slots()} where the kernel walks pieces side by side.
     */
    default int eachSlots(CompiledCircuit c, int pieces) {
        return c.slots();
    }

    /** The evaluator's side of {@link #garbleFreeXorEach}: active labels in {@code label}, the tables read from the buffer. */
    default void evaluateFreeXorEach(AndGateRule rule, CompiledCircuit c, long firstGateIndex, long[] label,
                                     java.nio.ByteBuffer tables, long[] in, int inPos, long[] out, int outPos, int pieces) {
        Pieces.evaluate(this, rule, c, firstGateIndex, label, tables, in, inPos, out, outPos, pieces);
    }

    /**
     * prf-only's free gates (formulas in {@code io.yaostream.core.garble.PrfOnly}) from {@code at} up to the next AND
     * batch: {@code pair} holds both labels of every slot (the label of 0 at block 2s, of 1 at block 2s + 1); each
     * XOR or XNOR gate takes the next gate index and writes one ciphertext block to {@code tables}, from block 0 on;
     * copies and negations move labels. Stops before a constant gate, before an AND batch, at the end, or before an
     * XOR gate whose block would pass {@code capacity}; moves {@code at} on and returns the blocks written. Many
     * gates per call: the PRF calls of a group of XOR gates go through one multi-key encryption.
     */
    int garblePrfOnlyFree(CompiledCircuit c, GateCursor at, long[] pair, long[] tables, int capacity);

    /**
     * prf-only's AND batch that {@code at} stands at the start of, whole: gate k of the batch takes gate index
     * {@code at.gateIndex() + k}, writes two table blocks to {@code tables} from block 2k and four bits to
     * {@code nibbles} (gate k at bit 4(k % 2) of byte k / 2; an odd batch's last high bits zero), and takes the colour
     * of its output label of value 1 ⊕ γ from bit 0 of {@code colours[k]}. Moves {@code at} past the batch.
     */
    void garblePrfOnlyAnds(CompiledCircuit c, GateCursor at, long[] pair, byte[] colours, long[] tables, byte[] nibbles);

    /**
     * The evaluator's side of {@link #garblePrfOnlyFree}: active labels in {@code label}, one block of {@code tables}
     * per XOR gate; stops likewise, or before an XOR gate with no block left. Returns the blocks used.
     */
    int evaluatePrfOnlyFree(CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks);

    /**
     * The evaluator's side of {@link #garblePrfOnlyAnds}. Returns 0 and moves {@code at} past the batch; or, leaving
     * {@code at} where it is, -1 when an odd batch's padding bits are set, and 1 + k when the tables of gate k of the
     * batch have a colour bit set (garbled material altered either way).
     */
    int evaluatePrfOnlyAnds(CompiledCircuit c, GateCursor at, long[] label, long[] tables, byte[] nibbles);

    /**
     * The base OTs' scalar multiplications on edwards25519. Unlike the other operations, safe to use from several
     * threads at once.
     */
    EdwardsArithmetic edwards25519();
}
