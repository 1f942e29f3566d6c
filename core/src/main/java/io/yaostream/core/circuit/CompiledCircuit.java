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
 */
public final class CompiledCircuit {
    /** Upper bound on S, so no file can make an engine allocate more than 1 GiB of 16-byte labels. */
    public static final int MAX_SLOTS = 1 << 26;
    /** Record layout: ints per gate. */
    public static final int GATE_STRIDE = 4;

    private final int slots;
    private final List<WireGroup<Party>> inputs;
    private final List<WireGroup<Receiver>> outputs;
    private final int[] gates;
    private final int gateCount;
    private final int[] andBatches;
    private final GateCounts counts;
    private final GateCounts sourceCounts;
    private final int[] inputSlots;
    private final int[] outputSlots;
    /** SHA-256 of the content, made on first use ({@link #digest()}). */
    private volatile byte[] digest;

    private CompiledCircuit(Builder b) {
        this.slots = b.slots;
        this.inputs = List.copyOf(b.inputs);
        this.outputs = List.copyOf(b.outputs);
        this.gateCount = b.gateCount;
        this.gates = Arrays.copyOf(b.gates, b.gateCount * GATE_STRIDE);
        this.andBatches = Arrays.copyOf(b.batches, b.batchInts);
        this.counts = GateCounts.of(gates, gateCount);
        this.sourceCounts = b.sourceCounts != null ? b.sourceCounts : counts;
        this.inputSlots = concat(inputs);
        this.outputSlots = concat(outputs);
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
        return gates[gate * GATE_STRIDE];
    }

    public int in0(int gate) {
        return gates[gate * GATE_STRIDE + 1];
    }

    public int in1(int gate) {
        return gates[gate * GATE_STRIDE + 2];
    }

    public int out(int gate) {
        return gates[gate * GATE_STRIDE + 3];
    }

    /**
     * Engines read the records through this view instead of copying them; callers must not modify it.
     */
    public int[] gateRecordsView() {
        return gates;
    }

    /** Slots of all input bits, groups in order; engines read it instead of copying. Do not modify. */
    public int[] inputSlotsView() {
        return inputSlots;
    }

    /** Slots of all output bits, groups in order; engines read it instead of copying. Do not modify. */
    public int[] outputSlotsView() {
        return outputSlots;
    }

    /** The AND batches as (start, length) pairs, for kernels that walk them; do not modify. */
    public int[] andBatchesView() {
        return andBatches;
    }

    public int andBatchCount() {
        return andBatches.length / 2;
    }

    public int andBatchStart(int batch) {
        return andBatches[2 * batch];
    }

    public int andBatchLength(int batch) {
        return andBatches[2 * batch + 1];
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
        for (int i = 0; i < gateCount * GATE_STRIDE; i++) {
            int v = gates[i];
            put.accept(v);
        }
        put.accept(andBatches.length);
        for (int v : andBatches) {
            put.accept(v);
        }
        for (int v : new int[] {sourceCounts.gates(), sourceCounts.and(), sourceCounts.xor(), sourceCounts.inv(), sourceCounts.constants()}) {
            put.accept(v);
        }
        sha.update(buf.array(), 0, buf.position());
        return sha.digest();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CompiledCircuit c && slots == c.slots && gateCount == c.gateCount
                && inputs.equals(c.inputs) && outputs.equals(c.outputs) && sourceCounts.equals(c.sourceCounts)
                && Arrays.equals(gates, c.gates) && Arrays.equals(andBatches, c.andBatches);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slots, inputs, outputs, Arrays.hashCode(gates), Arrays.hashCode(andBatches));
    }

    @Override
    public String toString() {
        return "CompiledCircuit[slots=" + slots + ", " + counts + "]";
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
        private final boolean[] isSet;
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
            this.isSet = new boolean[slots];
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
            for (int i = 0; i < groupSlots.length; i++) {
                int s = groupSlots[i];
                checkSlot(s, () -> "input " + describe(name) + " bit");
                if (isSet[s]) {
                    throw new IllegalArgumentException("input slot " + s + " is assigned twice");
                }
                isSet[s] = true;
            }
            inputs.add(new WireGroup<>(name, party, groupSlots));
            return this;
        }

        public Builder output(String name, Receiver receiver, int[] groupSlots) {
            checkName(name);
            for (int s : groupSlots) {
                checkSlot(s, () -> "output " + describe(name) + " bit");
            }
            outputs.add(new WireGroup<>(name, receiver, groupSlots));
            return this;
        }

        /** Adds one gate; {@code in0}/{@code in1} are {@link GateOp#NO_SLOT} where the op reads fewer inputs. */
        public Builder gate(int op, int in0, int in1, int out) {
            if (!GateOp.isValid(op)) {
                throw new IllegalArgumentException("unknown gate op " + op);
            }
            int arity = GateOp.arity(op);
            checkInput(arity >= 1, in0);
            checkInput(arity >= 2, in1);
            checkSlot(out, () -> "output");
            if (gateCount * GATE_STRIDE == gates.length) {
                gates = Arrays.copyOf(gates, gates.length * 2);
            }
            int base = gateCount * GATE_STRIDE;
            gates[base] = op;
            gates[base + 1] = in0;
            gates[base + 2] = in1;
            gates[base + 3] = out;
            gateCount++;
            isSet[out] = true;
            return this;
        }

        private void checkInput(boolean used, int slot) {
            if (!used) {
                if (slot != GateOp.NO_SLOT) {
                    throw new IllegalArgumentException("gate " + gateCount + " has an input its op does not read");
                }
                return;
            }
            checkSlot(slot, () -> "input");
            if (!isSet[slot]) {
                throw new IllegalArgumentException("gate " + gateCount + " reads slot " + slot + " before it is set");
            }
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
            for (WireGroup<Receiver> g : outputs) {
                for (int i = 0; i < g.width(); i++) {
                    if (!isSet[g.slot(i)]) {
                        throw new IllegalArgumentException("output " + describe(g.name()) + " bit " + i
                                + " reads slot " + g.slot(i) + ", which no input or gate sets");
                    }
                }
            }
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

        private void checkBatches() {
            int[] writtenBy = new int[slots];
            Arrays.fill(writtenBy, -1);
            int previousEnd = 0;
            for (int k = 0; k < batchInts; k += 2) {
                int start = batches[k];
                int length = batches[k + 1];
                int batch = k / 2;
                if (start < previousEnd || length < 1 || (long) start + length > gateCount) {
                    throw new IllegalArgumentException("AND batch " + batch + " (" + start + "+" + length
                            + ") overlaps another, is empty or runs past the " + gateCount + " gates");
                }
                for (int g = start; g < start + length; g++) {
                    int base = g * GATE_STRIDE;
                    if (GateOp.kind(gates[base]) != GateOp.Kind.AND) {
                        throw new IllegalArgumentException("AND batch " + batch + " contains gate " + g + ", which is not an AND gate");
                    }
                    for (int in = 1; in <= 2; in++) {
                        int w = writtenBy[gates[base + in]];
                        if (w >= start) {
                            throw new IllegalArgumentException("AND batch " + batch + ": gate " + g
                                    + " depends on gate " + w + " of the same batch");
                        }
                    }
                    writtenBy[gates[base + 3]] = g;
                }
                previousEnd = start + length;
            }
            int covered = 0;
            for (int k = 1; k < batchInts; k += 2) {
                covered += batches[k];
            }
            int andGates = GateCounts.of(gates, gateCount).and();
            if (covered != andGates) {
                throw new IllegalArgumentException("AND batches cover " + covered + " gates but the circuit has "
                        + andGates + " AND gates");
            }
        }

        private void checkSlot(int slot, java.util.function.Supplier<String> what) {
            if (slot < 0 || slot >= slots) {
                throw new IllegalArgumentException(what.get() + " slot " + slot + " is out of range 0.." + (slots - 1));
            }
        }

        private static final java.util.regex.Pattern GROUP_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");

        private static void checkName(String name) {
            if (!GROUP_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("group name '" + (name.length() > 64 ? name.substring(0, 64) + "..." : name)
                        + "' must be 1 to 64 letters, digits, '_', '.' or '-'");
            }
        }

        private static String describe(String name) {
            return name.isEmpty() ? "group" : "'" + name + "'";
        }
    }
}
