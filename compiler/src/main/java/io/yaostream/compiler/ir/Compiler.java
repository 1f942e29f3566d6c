package io.yaostream.compiler.ir;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compiles a {@link Netlist} into a {@link CompiledCircuit}: dead-gate removal, ordering with AND batches,
 * and slot allocation. (Constant propagation and NOT folding already happened as the netlist was built.)
 *
 * <p>Ordering starts from a topological order (the netlist's own, a depth-first one or a level one; see
 * {@link #run}) and defers each AND gate until a later gate needs its value, so mutually independent AND gates come out next to each other, where the kernel can pipeline
 * them. Free gates that depend on deferred AND gates are deferred with them. A batch is also closed when
 * it reaches {@link Options#maxBatch()} gates, which bounds how long deferral keeps values alive.
 * Deferral can cost slots, so the compiler also builds the unbatched order and compares (see {@link #run}).
 *
 * <p>Slot allocation walks the final order once: inputs take slots 0..n-1; before a gate's output is
 * placed, the slots of the values it reads for the last time are freed, and the output takes a free slot
 * (so it may reuse its own input's slot), or a new one. Output values are never freed. The number of slots
 * used is the peak number of live values, the working set S. Everything is deterministic.
 */
public final class Compiler {

    /**
     * @param maxBatch largest AND batch ({@link #UNLIMITED} for no limit); 0 turns batching off: every AND gate
     *                 is a batch of its own and gates keep the order's sequence (no deferral)
     * @param reorder  whether orders other than the netlist's own may be tried
     */
    public record Options(int maxBatch, boolean reorder) {
        /** {@code maxBatch} for batches of any length. */
        public static final int UNLIMITED = Integer.MAX_VALUE;
        /** {@code maxBatch} that turns batching off. */
        public static final int OFF = 0;
        public static final Options DEFAULT = new Options(4096);
        /** The netlist's order exactly, no batching: what an in-order slot allocator reaches. */
        public static final Options IN_ORDER = new Options(OFF, false);

        public Options {
            if (maxBatch < 0) {
                throw new IllegalArgumentException("maxBatch " + maxBatch + " < 0");
            }
        }

        public Options(int maxBatch) {
            this(maxBatch, true);
        }
    }

    private final Netlist net;
    private final Options options;

    // The emitted gate sequence, over value ids: node ids, then one id per extra output gate.
    private int[] seqOp;
    private int[] seqA;
    private int[] seqB;
    private int[] seqOut;
    private int length;
    private int values;
    // The AND batches as the scheduler closes them: (first position, length) pairs in the emitted sequence.
    // They are handed to the circuit as they are: the Builder's default would merge consecutive batches and
    // so exceed maxBatch.
    private int[] batches = new int[16];
    private int batchInts;

    private Compiler(Netlist net, Options options) {
        this.net = net;
        this.options = options;
    }

    public static CompiledCircuit compile(Netlist net) {
        return compile(net, Options.DEFAULT);
    }

    public static CompiledCircuit compile(Netlist net, Options options) {
        return new Compiler(net, options).run();
    }

    /**
     * Builds every candidate (the source order and, with {@code reorder}, a depth-first and a level order;
     * each with and without batching) and keeps the one with the fewest AND batches among those whose working
     * set is within {@link #SLOT_TOLERANCE_DIVISOR 1/8} of the smallest, then the smallest working set, then the
     * earliest candidate. A few more slots cost a few hundred bytes of labels; far fewer batches let the kernel
     * pipeline AES across many gates (aes_128: 912 slots in 60 batches instead of 908 slots in 2,403 batches).
     * No candidate with more slots than the unbatched source order (what an in-order allocator reaches) is kept.
     */
    private CompiledCircuit run() {
        boolean[] live = markLive();
        List<int[]> orders = new ArrayList<>();
        orders.add(sourceOrder(live));
        if (options.reorder()) {
            orders.add(depthFirstOrder(live));
            orders.add(levelOrder(live));
        }
        boolean[] defers = options.maxBatch() == Options.OFF ? new boolean[] {false} : new boolean[] {false, true};
        // Only the candidate that wins among those built so far is held: a candidate's circuit is as large as the
        // result, and holding all six at once more than doubled the heap that compiling a large circuit needs.
        // Should a later candidate shrink the allowance below the held one's working set, the winner is built again
        // (building is deterministic).
        int count = orders.size() * defers.length;
        int[] slots = new int[count];
        int[] batchCounts = new int[count];
        CompiledCircuit held = null;
        int heldIndex = -1;
        for (int i = 0; i < count; i++) {
            CompiledCircuit c = build(orders.get(i / defers.length), defers[i % defers.length]);
            slots[i] = c.slots();
            batchCounts[i] = c.andBatchCount();
            if (best(slots, batchCounts, i + 1) == i) {
                held = c;
                heldIndex = i;
            }
        }
        releaseSequence();
        int winner = best(slots, batchCounts, count);
        if (winner != heldIndex) {
            held = null; // not needed: let it go before the winner is built again
            held = build(orders.get(winner / defers.length), defers[winner % defers.length]);
            releaseSequence();
        }
        return held;
    }

    /**
     * Of the first {@code n} candidates: the fewest AND batches among those whose working set is within
     * 1/{@link #SLOT_TOLERANCE_DIVISOR} of the smallest and no larger than the first's, then the smallest working
     * set, then the earliest.
     */
    private static int best(int[] slots, int[] batchCounts, int n) {
        int smallest = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            smallest = Math.min(smallest, slots[i]);
        }
        int allowed = Math.min(slots[0], smallest + smallest / SLOT_TOLERANCE_DIVISOR);
        int best = -1;
        for (int i = 0; i < n; i++) {
            if (slots[i] > allowed) {
                continue;
            }
            if (best < 0 || batchCounts[i] < batchCounts[best]
                    || batchCounts[i] == batchCounts[best] && slots[i] < slots[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Drops the emitted sequence of the last candidate: the circuit holds what it needs. */
    private void releaseSequence() {
        seqOp = null;
        seqA = null;
        seqB = null;
        seqOut = null;
    }

    /** A candidate may use up to 1/{@value} more slots than the smallest working set if it has fewer batches. */
    static final int SLOT_TOLERANCE_DIVISOR = 8;

    private CompiledCircuit build(int[] order, boolean defer) {
        int capacity = net.nodeCount() + outputBits() + 2; // gates, plus an INV or constant per output bit
        seqOp = new int[capacity];
        seqA = new int[capacity];
        seqB = new int[capacity];
        seqOut = new int[capacity];
        length = 0;
        batchInts = 0;
        values = net.nodeCount();
        schedule(order, defer);
        int[][] outputValues = emitOutputGates();
        return allocate(outputValues);
    }

    /** The live gates in the order they were added to the netlist. */
    private int[] sourceOrder(boolean[] live) {
        int[] order = new int[net.nodeCount()];
        int n = 0;
        for (int node = 1; node < net.nodeCount(); node++) {
            if (live[node] && isGate(node)) {
                order[n++] = node;
            }
        }
        return Arrays.copyOf(order, n);
    }

    /**
     * Live gates by depth (longest path from an input), source order within a depth: round by round on
     * layered circuits such as block ciphers, where neither the source nor a depth-first walk stays local.
     */
    private int[] levelOrder(boolean[] live) {
        int[] depth = depths();
        int[] source = sourceOrder(live);
        int maxDepth = 0;
        for (int node : source) {
            maxDepth = Math.max(maxDepth, depth[node]);
        }
        // Counting sort by depth keeps the source order inside each depth.
        int[] start = new int[maxDepth + 2];
        for (int node : source) {
            start[depth[node] + 1]++;
        }
        for (int d = 1; d < start.length; d++) {
            start[d] += start[d - 1];
        }
        int[] order = new int[source.length];
        for (int node : source) {
            order[start[depth[node]]++] = node;
        }
        return order;
    }

    /** Longest path from an input to each node, in gates. */
    private int[] depths() {
        int[] depth = new int[net.nodeCount()];
        for (int node = 1; node < depth.length; node++) {
            if (isGate(node)) {
                depth[node] = 1 + Math.max(depth[net.left(node) >>> 1], depth[net.right(node) >>> 1]);
            }
        }
        return depth;
    }

    /**
     * Live gates in depth-first post-order from the outputs, the deeper input first: each value is computed
     * close to where it is used, which keeps few values alive on circuits whose source computes far ahead
     * (a multiplier's partial products, say).
     */
    private int[] depthFirstOrder(boolean[] live) {
        int nodes = net.nodeCount();
        int[] depth = depths();
        int[] order = new int[nodes];
        int n = 0;
        byte[] state = new byte[nodes]; // 0 new, 1 children pushed, 2 emitted
        int[] stack = new int[2 * nodes + 1];
        for (Netlist.Group<Receiver> g : net.outputs()) {
            for (int lit : g.literals()) {
                int sp = 0;
                stack[sp++] = lit >>> 1;
                while (sp > 0) {
                    int node = stack[sp - 1];
                    if (!isGate(node) || state[node] == 2) {
                        sp--;
                    } else if (state[node] == 1) {
                        sp--;
                        state[node] = 2;
                        order[n++] = node;
                    } else {
                        state[node] = 1;
                        int a = net.left(node) >>> 1;
                        int b = net.right(node) >>> 1;
                        // Pushed last is visited first: the deeper input.
                        boolean aFirst = depth[a] >= depth[b];
                        stack[sp++] = aFirst ? b : a;
                        stack[sp++] = aFirst ? a : b;
                    }
                }
            }
        }
        return Arrays.copyOf(order, n);
    }

    private int outputBits() {
        int n = 0;
        for (Netlist.Group<Receiver> g : net.outputs()) {
            n += g.literals().length;
        }
        return n;
    }

    /** Dead-gate removal: a node is live when an output needs it. Nodes are topologically numbered. */
    private boolean[] markLive() {
        boolean[] live = new boolean[net.nodeCount()];
        for (Netlist.Group<Receiver> g : net.outputs()) {
            for (int lit : g.literals()) {
                live[lit >>> 1] = true;
            }
        }
        for (int n = net.nodeCount() - 1; n > 0; n--) {
            if (live[n] && isGate(n)) {
                live[net.left(n) >>> 1] = true;
                live[net.right(n) >>> 1] = true;
            }
        }
        return live;
    }

    private boolean isGate(int node) {
        byte k = net.kind(node);
        return k == Netlist.XOR_NODE || k == Netlist.AND_NODE;
    }

    /**
     * Emits the gates of {@code order} and records the AND batches. With {@code defer}, an AND gate waits
     * in the open batch until a later gate needs its value, and free gates that need waiting values wait with
     * it; without, gates keep their order and a batch is a run of consecutive independent AND gates. Either
     * way a batch closes at {@link Options#maxBatch()} gates; with batching off, at every AND gate.
     */
    private void schedule(int[] order, boolean defer) {
        int n = net.nodeCount();
        int cap = options.maxBatch() == Options.OFF ? 1 : options.maxBatch();
        int[] pendingAnds = new int[Math.min(cap, n)];
        int pending = 0;
        int[] deferred = new int[n];
        int deferredCount = 0;
        int[] hotEpoch = new int[n]; // node waits in the open batch when hotEpoch == epoch
        int epoch = 1;
        for (int node : order) {
            boolean dependsOnBatch = hotEpoch[net.left(node) >>> 1] == epoch || hotEpoch[net.right(node) >>> 1] == epoch;
            boolean isAnd = net.kind(node) == Netlist.AND_NODE;
            if (!isAnd && defer) {
                if (dependsOnBatch) {
                    deferred[deferredCount++] = node;
                    hotEpoch[node] = epoch;
                } else {
                    emitNode(node);
                }
                continue;
            }
            if (!isAnd || dependsOnBatch || pending == cap) {
                emitBatch(pendingAnds, pending);
                for (int i = 0; i < deferredCount; i++) {
                    emitNode(deferred[i]);
                }
                pending = 0;
                deferredCount = 0;
                epoch++;
            }
            if (isAnd) {
                pendingAnds[pending++] = node;
                hotEpoch[node] = epoch;
            } else {
                emitNode(node);
            }
        }
        emitBatch(pendingAnds, pending);
        for (int i = 0; i < deferredCount; i++) {
            emitNode(deferred[i]);
        }
    }

    private void emitBatch(int[] ands, int count) {
        if (count == 0) {
            return;
        }
        if (batchInts == batches.length) {
            batches = Arrays.copyOf(batches, batchInts * 2);
        }
        batches[batchInts++] = length;
        batches[batchInts++] = count;
        for (int i = 0; i < count; i++) {
            emitNode(ands[i]);
        }
    }

    private void emitNode(int node) {
        int l = net.left(node);
        int r = net.right(node);
        int op;
        if (net.kind(node) == Netlist.XOR_NODE) {
            op = GateOp.XOR;
        } else {
            // AND of (possibly inverted) inputs: the single minterm where both literals are true.
            int index = 2 * (1 ^ (l & 1)) + (1 ^ (r & 1));
            op = 1 << (3 - index);
        }
        append(op, l >>> 1, r >>> 1, node);
    }

    private void append(int op, int a, int b, int out) {
        seqOp[length] = op;
        seqA[length] = a;
        seqB[length] = b;
        seqOut[length] = out;
        length++;
    }

    /** Gives every output literal a value: the node itself, an INV gate for an inverted one, or a constant gate. */
    private int[][] emitOutputGates() {
        int[] invertedValue = new int[net.nodeCount()];
        Arrays.fill(invertedValue, -1);
        int[] constantValue = {-1, -1};
        List<Netlist.Group<Receiver>> outputs = net.outputs();
        int[][] result = new int[outputs.size()][];
        for (int gi = 0; gi < result.length; gi++) {
            int[] lits = outputs.get(gi).literals();
            int[] vals = new int[lits.length];
            for (int i = 0; i < lits.length; i++) {
                int node = lits[i] >>> 1;
                int inv = lits[i] & 1;
                if (node == 0) {
                    if (constantValue[inv] < 0) {
                        constantValue[inv] = values++;
                        append(inv == 1 ? GateOp.ONE : GateOp.ZERO, -1, -1, constantValue[inv]);
                    }
                    vals[i] = constantValue[inv];
                } else if (inv == 0) {
                    vals[i] = node;
                } else {
                    if (invertedValue[node] < 0) {
                        invertedValue[node] = values++;
                        append(GateOp.INV, node, -1, invertedValue[node]);
                    }
                    vals[i] = invertedValue[node];
                }
            }
            result[gi] = vals;
        }
        return result;
    }

    private CompiledCircuit allocate(int[][] outputValues) {
        final int forever = Integer.MAX_VALUE;
        int[] lastUse = new int[values];
        Arrays.fill(lastUse, -1);
        for (int p = 0; p < length; p++) {
            if (seqA[p] >= 0) {
                lastUse[seqA[p]] = p;
            }
            if (seqB[p] >= 0) {
                lastUse[seqB[p]] = p;
            }
        }
        for (int[] vals : outputValues) {
            for (int v : vals) {
                lastUse[v] = forever;
            }
        }

        int[] slotOf = new int[values];
        int[] free = new int[values + 1];
        int freeCount = 0;
        int next = 0;
        for (Netlist.Group<Party> g : net.inputs()) {
            for (int lit : g.literals()) {
                slotOf[lit >>> 1] = next++;
            }
        }
        // Inputs nobody reads give their slots back at once; the lowest slot is reused first.
        List<Netlist.Group<Party>> inputs = net.inputs();
        for (int gi = inputs.size() - 1; gi >= 0; gi--) {
            int[] lits = inputs.get(gi).literals();
            for (int i = lits.length - 1; i >= 0; i--) {
                if (lastUse[lits[i] >>> 1] < 0) {
                    free[freeCount++] = slotOf[lits[i] >>> 1];
                }
            }
        }

        // The gates go straight into a builder sized once, with no intermediate copy of the records; the builder
        // needs the slot count first, so a first pass only counts (the assignment is the same both times).
        int[] freeAtStart = Arrays.copyOf(free, freeCount);
        int slotCount = assignSlots(lastUse, slotOf, free, freeCount, next, null);
        System.arraycopy(freeAtStart, 0, free, 0, freeAtStart.length);
        CompiledCircuit.Builder builder = new CompiledCircuit.Builder(slotCount);
        if (net.sourceCounts() != null) {
            builder.sourceCounts(net.sourceCounts());
        }
        for (Netlist.Group<Party> g : net.inputs()) {
            builder.input(g.name(), g.owner(), slotsOf(g.literals(), slotOf));
        }
        builder.expectGates(length);
        assignSlots(lastUse, slotOf, free, freeAtStart.length, next, builder);
        List<Netlist.Group<Receiver>> outputGroups = net.outputs();
        for (int gi = 0; gi < outputValues.length; gi++) {
            Netlist.Group<Receiver> g = outputGroups.get(gi);
            int[] slots = new int[outputValues[gi].length];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = slotOf[outputValues[gi][i]];
            }
            builder.output(g.name(), g.owner(), slots);
        }
        for (int k = 0; k < batchInts; k += 2) {
            builder.andBatch(batches[k], batches[k + 1]);
        }
        return builder.build();
    }

    /**
     * Gives each gate of the sequence its output slot, the lowest freed slot first, and adds it to {@code builder}
     * (null: only count); returns the slots used in all.
     */
    private int assignSlots(int[] lastUse, int[] slotOf, int[] free, int freeCount, int next, CompiledCircuit.Builder builder) {
        for (int p = 0; p < length; p++) {
            int a = seqA[p];
            int b = seqB[p];
            if (a >= 0 && lastUse[a] == p) {
                free[freeCount++] = slotOf[a];
            }
            if (b >= 0 && b != a && lastUse[b] == p) {
                free[freeCount++] = slotOf[b];
            }
            int out = freeCount > 0 ? free[--freeCount] : next++;
            slotOf[seqOut[p]] = out;
            if (builder != null) {
                builder.gate(seqOp[p], a >= 0 ? slotOf[a] : GateOp.NO_SLOT, b >= 0 ? slotOf[b] : GateOp.NO_SLOT, out);
            }
        }
        return next;
    }

    private static int[] slotsOf(int[] literals, int[] slotOf) {
        int[] slots = new int[literals.length];
        for (int i = 0; i < literals.length; i++) {
            slots[i] = slotOf[literals[i] >>> 1];
        }
        return slots;
    }
}
