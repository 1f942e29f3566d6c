package io.yaostream.core.circuit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A compiled sub-circuit: the unit the engines run and the slot-ID files store.
 *
 * <p>Wires live in S numbered slots. Input groups name the slots each party's bits are loaded into;
 * gates run in order, each reading its input slots and writing its output slot (which may be one of its
 * inputs: inputs are read first); output groups name the slots read at the end. Gate records are kept in
 * one flat array, four ints per gate: {@code op, in0, in1, out}, so running a circuit creates no object per
 * gate. AND batches are runs of consecutive non-linear gates that do not depend on each other, which a
 * kernel may process together.
 *
 * <p>Instances are immutable and always valid: {@link Builder} checks every gate as it is added.
 *
 * <p>A circuit too large to keep in memory ({@link #isStreamed()}, made by {@link Builder#buildStreamed}) holds its
 * header only (slots, groups, counts) and reads its gates from its file each time an engine walks it, in blocks
 * ({@link #openBlocks}); its records are checked as they are read. Engines that walk blocks of a circuit get them
 * as circuits of their own (no groups, only gates and AND batches), valid until the next block is read.
 */
public final class CompiledCircuit {
    /** Upper bound on S, so no file can make an engine allocate more than 1 GiB of 16-byte labels. */
    public static final int MAX_SLOTS = 1 << 26;
    /** Record layout: ints per gate. */
    public static final int GATE_STRIDE = 4;

    private final int slots;
    private final List<WireGroup<Party>> inputs;
    private final List<WireGroup<Receiver>> outputs;
    /** The gate records, or null when the circuit is read from its file ({@link #gateFile}). */
    private final int[] gates;
    private final int gateCount;
    private final int[] andBatches;
    private final int batchCount;
    private final GateFile gateFile;
    private final int blockGates;
    private final GateCounts counts;
    private final GateCounts sourceCounts;
    private final int[] inputSlots;
    private final int[] outputSlots;
    /** SHA-256 of the content, made on first use ({@link #digest()}). */
    private volatile byte[] digest;
    /** {@link #linearForm}, derived on first use; {@link #NOT_LINEAR} when the circuit has none. */
    private volatile Object linearForm;
    private static final Object NOT_LINEAR = new Object();
    /** {@link #wireOrdering}s derived so far, by heuristic. */
    private final java.util.Map<WireOrdering.Heuristic, WireOrdering> orderings = new java.util.EnumMap<>(WireOrdering.Heuristic.class);

    private CompiledCircuit(Builder b) {
        this.slots = b.slots;
        this.inputs = List.copyOf(b.inputs);
        this.outputs = List.copyOf(b.outputs);
        this.gateCount = b.gateCount;
        // Exactly filled records are taken as they are: a gate added to the builder afterwards grows it into a
        // new array first, so this circuit's records never change.
        this.gates = b.gates.length == b.gateCount * GATE_STRIDE ? b.gates : Arrays.copyOf(b.gates, b.gateCount * GATE_STRIDE);
        this.andBatches = Arrays.copyOf(b.batches, b.batchInts);
        this.batchCount = b.batchInts / 2;
        this.gateFile = null;
        this.blockGates = 0;
        this.counts = GateCounts.of(gates, gateCount);
        this.sourceCounts = b.sourceCounts != null ? b.sourceCounts : counts;
        this.inputSlots = concat(inputs);
        this.outputSlots = concat(outputs);
    }

    /** A circuit read from {@code file} as it is walked, with the header's counts (checked at the end of each walk). */
    private CompiledCircuit(Builder b, GateFile file, int gateCount, int batchCount, GateCounts counts, int blockGates) {
        this.slots = b.slots;
        this.inputs = List.copyOf(b.inputs);
        this.outputs = List.copyOf(b.outputs);
        this.gateCount = gateCount;
        this.gates = null;
        this.andBatches = null;
        this.batchCount = batchCount;
        this.gateFile = file;
        this.blockGates = blockGates;
        this.counts = counts;
        this.sourceCounts = b.sourceCounts != null ? b.sourceCounts : counts;
        this.inputSlots = concat(inputs);
        this.outputSlots = concat(outputs);
    }

    /** A block of a streamed circuit ({@link GateBlocks}): checked records in reused buffers, no groups. */
    private CompiledCircuit(int slots, int[] records, int gateCount, int[] batches, int batchCount, GateCounts counts) {
        this.slots = slots;
        this.inputs = List.of();
        this.outputs = List.of();
        this.gates = records;
        this.gateCount = gateCount;
        this.andBatches = batches;
        this.batchCount = batchCount;
        this.gateFile = null;
        this.blockGates = 0;
        this.counts = counts;
        this.sourceCounts = counts;
        this.inputSlots = new int[0];
        this.outputSlots = inputSlots;
    }

    static CompiledCircuit block(int slots, int[] records, int gateCount, int[] batches, int batchCount, GateCounts counts) {
        return new CompiledCircuit(slots, records, gateCount, batches, batchCount, counts);
    }

    /**
     * Whether the gates are read from the circuit's file each time it is walked (it was larger than the memory
     * budget it was loaded with) instead of held in memory. Such a circuit has no record views: walk its blocks.
     */
    public boolean isStreamed() {
        return gateFile != null;
    }

    /**
     * Starts a walk over the gates in blocks of about the size the circuit was loaded with; the caller closes it.
     * For a circuit held in memory, the one block is the circuit itself.
     *
     * @param wholeBatches whether a block may end only between AND batches (it then runs on to the end of the
     *                     batch it would cut); otherwise a batch may be split between two blocks
     */
    public GateBlocks openBlocks(boolean wholeBatches) {
        if (gateFile == null) {
            return GateBlocks.of(this);
        }
        return new GateBlocks(this, gateFile, blockGates, wholeBatches);
    }

    private int[] records() {
        if (gates == null) {
            throw new IllegalStateException("the circuit is read from its file as it is walked: walk its blocks (openBlocks)");
        }
        return gates;
    }

    private int[] batchRecords() {
        if (andBatches == null) {
            records();
        }
        return andBatches;
    }

    private static int[] concat(List<? extends WireGroup<?>> groups) {
        int[] all = new int[groups.stream().mapToInt(WireGroup::width).sum()];
        int k = 0;
        for (WireGroup<?> g : groups) {
            for (int i = 0; i < g.width(); i++) {
                all[k++] = g.slot(i);
            }
        }
        return all;
    }

    public int slots() {
        return slots;
    }

    public List<WireGroup<Party>> inputs() {
        return inputs;
    }

    public List<WireGroup<Receiver>> outputs() {
        return outputs;
    }

    public int gateCount() {
        return gateCount;
    }

    public int op(int gate) {
        return records()[gate * GATE_STRIDE];
    }

    public int in0(int gate) {
        return records()[gate * GATE_STRIDE + 1];
    }

    public int in1(int gate) {
        return records()[gate * GATE_STRIDE + 2];
    }

    public int out(int gate) {
        return records()[gate * GATE_STRIDE + 3];
    }

    /**
     * Engines read the records through this view instead of copying them; callers must not modify it. It may be
     * longer than {@code GATE_STRIDE * gateCount()} (a block's reused buffer). IllegalStateException for a
     * streamed circuit.
     */
    public int[] gateRecordsView() {
        return records();
    }

    /** Slots of all input bits, groups in order; engines read it instead of copying. Do not modify. */
    public int[] inputSlotsView() {
        return inputSlots;
    }

    /** Slots of all output bits, groups in order; engines read it instead of copying. Do not modify. */
    public int[] outputSlotsView() {
        return outputSlots;
    }

    /**
     * The AND batches as (start, length) pairs, for kernels that walk them; do not modify. It may be longer than
     * {@code 2 * andBatchCount()}. IllegalStateException for a streamed circuit.
     */
    public int[] andBatchesView() {
        return batchRecords();
    }

    public int andBatchCount() {
        return batchCount;
    }

    public int andBatchStart(int batch) {
        return batchRecords()[2 * batch];
    }

    public int andBatchLength(int batch) {
        return batchRecords()[2 * batch + 1];
    }

    /**
     * Bytes that {@code bitsPerAnd} extra bits per AND gate take when packed per AND batch: the sum over batches of
     * {@code ceil(length * bitsPerAnd / 8)}. A streamed circuit reads its batch records for it.
     */
    public long packedBatchBytes(int bitsPerAnd) {
        if (bitsPerAnd == 0) {
            return 0;
        }
        long bytes = 0;
        if (gateFile != null) {
            try (GateFile.Pass pass = gateFile.open()) {
                int[] batch = new int[2];
                for (int b = 0; b < batchCount; b++) {
                    pass.readBatch(batch);
                    bytes += ((long) batch[1] * bitsPerAnd + 7) / 8;
                }
            }
            return bytes;
        }
        for (int b = 0; b < batchCount; b++) {
            bytes += ((long) andBatches[2 * b + 1] * bitsPerAnd + 7) / 8;
        }
        return bytes;
    }

    /** Counts of the gates in this circuit, the ones that run. */
    public GateCounts counts() {
        return counts;
    }

    /**
     * Counts of the source the circuit was compiled from, as written there (for a Bristol file: its gate
     * lines by op, EQ counted as constants); the same as {@link #counts()} when there was no separate source.
     * Optimisation only ever lowers the AND count, so {@code counts().and() <= sourceCounts().and()}.
     */
    public GateCounts sourceCounts() {
        return sourceCounts;
    }

    /**
     * What this circuit computes when it has no AND gate: each output bit as a XOR of input bits (see {@link LinearForm}),
     * derived once. Null when it has AND gates, is streamed, or has a constant output.
     */
    public LinearForm linearForm() {
        Object f = linearForm;
        if (f == null) {
            LinearForm derived = LinearForm.derive(this);
            f = derived == null ? NOT_LINEAR : derived;
            linearForm = f;
        }
        return f == NOT_LINEAR ? null : (LinearForm) f;
    }

    /**
     * The wire ordering {@code h} gives this circuit (the fleXOR schemes'), derived on first use and kept. The circuit must
     * be held in memory: IllegalStateException for one read from its file as it is walked.
     */
    public WireOrdering wireOrdering(WireOrdering.Heuristic h) {
        synchronized (orderings) {
            return orderings.computeIfAbsent(h, k -> WireOrdering.derive(this, k));
        }
    }

    public int totalInputBits() {
        return inputSlots.length;
    }

    public int totalOutputBits() {
        return outputSlots.length;
    }

    /**
     * SHA-256 over everything that decides what the circuit computes and how it is garbled: slots, input and
     * output groups (names, owners, slots), gate records, AND batches and source counts. Equal circuits have equal
     * digests on every machine. Made once per instance, so a session can compare the circuits it calls cheaply.
     */
    public byte[] digest() {
        byte[] d = digest;
        if (d == null) {
            d = computeDigest();
            digest = d;
        }
        return d.clone();
    }

    private byte[] computeDigest() {
        java.security.MessageDigest sha;
        try {
            sha = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(1 << 16);
        java.util.function.IntConsumer put = v -> {
            if (buf.remaining() < 4) {
                sha.update(buf.array(), 0, buf.position());
                buf.clear();
            }
            buf.putInt(v);
        };
        put.accept(slots);
        for (List<? extends WireGroup<?>> groups : List.of(inputs, outputs)) {
            put.accept(groups.size());
            for (WireGroup<?> g : groups) {
                byte[] name = g.name().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                put.accept(name.length);
                for (byte c : name) {
                    put.accept(c);
                }
                put.accept(g.owner().ordinal());
                put.accept(g.width());
                for (int i = 0; i < g.width(); i++) {
                    put.accept(g.slot(i));
                }
            }
        }
        put.accept(gateCount);
        if (gateFile != null) {
            digestFromFile(put);
        } else {
            for (int i = 0; i < gateCount * GATE_STRIDE; i++) {
                put.accept(gates[i]);
            }
            put.accept(2 * batchCount);
            for (int i = 0; i < 2 * batchCount; i++) {
                put.accept(andBatches[i]);
            }
        }
        for (int v : new int[] {sourceCounts.gates(), sourceCounts.and(), sourceCounts.xor(), sourceCounts.inv(), sourceCounts.constants()}) {
            put.accept(v);
        }
        sha.update(buf.array(), 0, buf.position());
        return sha.digest();
    }

    /** The records and batches of a streamed circuit into the digest, as {@link #computeDigest} puts those in memory. */
    private void digestFromFile(java.util.function.IntConsumer put) {
        int chunk = Math.max(1, Math.min(blockGates, gateCount));
        int[] records = new int[chunk * GATE_STRIDE];
        try (GateFile.Pass pass = gateFile.open()) {
            for (int g = 0; g < gateCount; g += chunk) {
                int n = Math.min(chunk, gateCount - g);
                pass.readGates(records, 0, n);
                for (int i = 0; i < n * GATE_STRIDE; i++) {
                    put.accept(records[i]);
                }
            }
            put.accept(2 * batchCount);
            int[] batch = new int[2];
            for (int b = 0; b < batchCount; b++) {
                pass.readBatch(batch);
                put.accept(batch[0]);
                put.accept(batch[1]);
            }
        }
    }

    /**
     * Circuits held in memory are equal when their content is; a streamed circuit only to itself (comparing it
     * would read its file).
     */
    @Override
    public boolean equals(Object o) {
        if (gateFile != null || o instanceof CompiledCircuit c && c.gateFile != null) {
            return this == o;
        }
        return o instanceof CompiledCircuit c && slots == c.slots && gateCount == c.gateCount
                && inputs.equals(c.inputs) && outputs.equals(c.outputs) && sourceCounts.equals(c.sourceCounts)
                && Arrays.equals(gates, c.gates) && Arrays.equals(andBatches, c.andBatches);
    }

    @Override
    public int hashCode() {
        if (gateFile != null) {
            return System.identityHashCode(this);
        }
        return Objects.hash(slots, inputs, outputs, Arrays.hashCode(gates), Arrays.hashCode(andBatches));
    }

    @Override
    public String toString() {
        return "CompiledCircuit[slots=" + slots + ", " + counts + (gateFile != null ? ", read from its file" : "") + "]";
    }

    /**
     * Assembles a circuit and checks it as it goes: every problem is reported by the call that
     * introduces it, as an {@link IllegalArgumentException} whose message names the gate or group, so
     * readers can prefix the file position.
     *
     * <p>Order of calls: inputs, then gates (outputs and batches may be given any time before {@link #build}).
     */
    public static final class Builder {
        private final int slots;
        private final GateChecker checker;
        private final List<WireGroup<Party>> inputs = new ArrayList<>();
        private final List<WireGroup<Receiver>> outputs = new ArrayList<>();
        private int[] gates = new int[64 * GATE_STRIDE];
        private int gateCount;
        private int[] batches = new int[16];
        private int batchInts;
        private GateCounts sourceCounts;

        public Builder(int slots) {
            if (slots < 0 || slots > MAX_SLOTS) {
                throw new IllegalArgumentException("number of slots " + slots + " is outside 0.." + MAX_SLOTS);
            }
            this.slots = slots;
            this.checker = new GateChecker(slots);
        }

        public int slots() {
            return slots;
        }

        public int gateCount() {
            return gateCount;
        }

        /** Records the gate counts of the source this circuit was compiled from. */
        public Builder sourceCounts(GateCounts counts) {
            this.sourceCounts = counts;
            return this;
        }

        /** Op of the gate added last. */
        public int lastOp() {
            return gates[(gateCount - 1) * GATE_STRIDE];
        }

        public Builder input(String name, Party party, int[] groupSlots) {
            checkName(name);
            if (gateCount > 0) {
                throw new IllegalStateException("inputs must be declared before gates");
            }
            for (int s : groupSlots) {
                checker.input(s, () -> "input " + describe(name) + " bit");
            }
            inputs.add(new WireGroup<>(name, party, groupSlots));
            return this;
        }

        public Builder output(String name, Receiver receiver, int[] groupSlots) {
            checkName(name);
            for (int s : groupSlots) {
                checker.checkSlot(s, () -> "output " + describe(name) + " bit");
            }
            outputs.add(new WireGroup<>(name, receiver, groupSlots));
            return this;
        }

        /**
         * Room for {@code count} gates in all, when the caller knows how many it will add: the records then grow
         * once, to their final size, and the circuit takes them without a copy.
         */
        public Builder expectGates(int count) {
            if (count < 0) {
                throw new IllegalArgumentException("expected gate count " + count + " < 0");
            }
            long ints = (long) count * GATE_STRIDE;
            if (ints > gates.length && ints <= Integer.MAX_VALUE) {
                gates = Arrays.copyOf(gates, (int) ints);
            }
            return this;
        }

        /** Adds one gate; {@code in0}/{@code in1} are {@link GateOp#NO_SLOT} where the op reads fewer inputs. */
        public Builder gate(int op, int in0, int in1, int out) {
            checker.gate(gateCount, op, in0, in1, out);
            if (gateCount * GATE_STRIDE == gates.length) {
                gates = Arrays.copyOf(gates, gates.length * 2);
            }
            int base = gateCount * GATE_STRIDE;
            gates[base] = op;
            gates[base + 1] = in0;
            gates[base + 2] = in1;
            gates[base + 3] = out;
            gateCount++;
            return this;
        }

        /** Records gates {@code start .. start+length-1} as one batch of mutually independent AND gates. */
        public Builder andBatch(int start, int length) {
            if (batchInts == batches.length) {
                batches = Arrays.copyOf(batches, batches.length * 2);
            }
            batches[batchInts++] = start;
            batches[batchInts++] = length;
            return this;
        }

        /**
         * Checks the outputs and batches and returns the circuit. When no batch was given, the batches are
         * the maximal runs of consecutive AND gates that do not depend on each other, in gate order.
         */
        public CompiledCircuit build() {
            checker.outputsSet(outputs);
            if (sourceCounts != null && sourceCounts.and() < GateCounts.of(gates, gateCount).and()) {
                throw new IllegalArgumentException("source AND count " + sourceCounts.and() + " is below the circuit's "
                        + GateCounts.of(gates, gateCount).and() + ": compiling never adds AND gates");
            }
            if (batchInts == 0) {
                findBatchesInOrder();
            }
            checkBatches();
            return new CompiledCircuit(this);
        }

        private void findBatchesInOrder() {
            int[] writtenInRun = new int[slots];
            int run = 0; // runs are numbered from 1 so that 0 means "not written in any run"
            int runStart = -1;
            for (int g = 0; g < gateCount; g++) {
                int base = g * GATE_STRIDE;
                if (GateOp.kind(gates[base]) != GateOp.Kind.AND) {
                    if (runStart >= 0) {
                        andBatch(runStart, g - runStart);
                        runStart = -1;
                    }
                    continue;
                }
                boolean dependent = runStart >= 0
                        && (writtenInRun[gates[base + 1]] == run || writtenInRun[gates[base + 2]] == run);
                if (runStart < 0 || dependent) {
                    if (runStart >= 0) {
                        andBatch(runStart, g - runStart);
                    }
                    runStart = g;
                    run++;
                }
                writtenInRun[gates[base + 3]] = run;
            }
            if (runStart >= 0) {
                andBatch(runStart, gateCount - runStart);
            }
        }

        /** The batch records checked in gate order, as a streamed circuit's are ({@link BatchChecker}). */
        private void checkBatches() {
            BatchChecker check = new BatchChecker(slots, gateCount);
            int next = 0;
            for (int g = 0; g < gateCount; g++) {
                while (check.wantsBatch() && next < batchInts) {
                    check.batch(batches[next], batches[next + 1]);
                    next += 2;
                }
                int base = g * GATE_STRIDE;
                check.gate(g, gates[base], gates[base + 1], gates[base + 2], gates[base + 3]);
            }
            for (; next < batchInts; next += 2) {
                check.batch(batches[next], batches[next + 1]);
            }
            check.finish();
        }

        /**
         * A circuit whose {@code gateCount} gates and {@code batchCount} AND batches stay in {@code file}, with the
         * groups given to this builder (which must have no gates) and the counts its file's header claims. Its
         * records, outputs and counts are checked on every walk ({@link GateBlocks}), in blocks of {@code blockGates}.
         */
        public CompiledCircuit buildStreamed(GateFile file, int gateCount, int batchCount, GateCounts claimed, int blockGates) {
            if (this.gateCount > 0 || batchInts > 0) {
                throw new IllegalStateException("a streamed circuit's gates stay in its file");
            }
            if (gateCount < 0 || batchCount < 0 || claimed.gates() != gateCount
                    || (long) claimed.and() + claimed.xor() + claimed.inv() + claimed.constants() != gateCount
                    || claimed.and() < 0 || claimed.xor() < 0 || claimed.inv() < 0 || claimed.constants() < 0) {
                throw new IllegalArgumentException("header gate counts " + claimed + " do not add up");
            }
            if (sourceCounts != null && sourceCounts.and() < claimed.and()) {
                throw new IllegalArgumentException("source AND count " + sourceCounts.and() + " is below the circuit's "
                        + claimed.and() + ": compiling never adds AND gates");
            }
            if (batchCount == 0 && claimed.and() > 0) {
                throw new IllegalArgumentException("the file has AND gates but no AND batches, which only a circuit held"
                        + " in memory can find: compile it again (yaostream compile) to read it as it is walked");
            }
            return new CompiledCircuit(this, file, gateCount, batchCount, claimed, blockGates);
        }

        private static final java.util.regex.Pattern GROUP_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");

        private static void checkName(String name) {
            if (!GROUP_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("group name '" + (name.length() > 64 ? name.substring(0, 64) + "..." : name)
                        + "' must be 1 to 64 letters, digits, '_', '.' or '-'");
            }
        }

    }

    static String describe(String name) {
        return name.isEmpty() ? "group" : "'" + name + "'";
    }
}
