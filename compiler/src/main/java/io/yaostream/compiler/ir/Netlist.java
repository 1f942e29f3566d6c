package io.yaostream.compiler.ir;

import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The compiler's circuit representation: a DAG of XOR and AND nodes over inputs, addressed by literals.
 *
 * <p>A literal is {@code 2*node + inverted}. Node 0 is the constant false, so {@link #FALSE} = 0 and
 * {@link #TRUE} = 1. Inversions live on literals, never in nodes: NOT is free ({@link #not} flips a bit),
 * an XOR node takes its inputs uninverted (inversions move to its output literal), and an AND node absorbs
 * inverted inputs into its truth table. This is how the compiler folds NOT gates: after compilation a NOT
 * remains only where an output needs the inverted value.
 *
 * <p>Constants are propagated as gates are added ({@code x AND 0 = 0}, {@code x XOR 1 = NOT x},
 * {@code x AND x = x}, ...), so constants never reach a node. Nodes are numbered in creation order, which is
 * a topological order. Storage is flat int arrays: no object per gate.
 */
public final class Netlist {
    public static final int FALSE = 0;
    public static final int TRUE = 1;

    static final byte CONSTANT = 0;
    static final byte INPUT = 1;
    static final byte XOR_NODE = 2;
    static final byte AND_NODE = 3;

    private byte[] kind = new byte[1024];
    private int[] left = new int[1024];
    private int[] right = new int[1024];
    private int nodes = 1; // node 0: constant

    private final List<Group<Party>> inputs = new ArrayList<>();
    private final List<Group<Receiver>> outputs = new ArrayList<>();
    private GateCounts sourceCounts;

    /** A named group of literals of the interface; bit i first. */
    public record Group<T>(String name, T owner, int[] literals) {
    }

    // ---- interface ----

    /** Declares an input group of {@code width} fresh bits; returns their literals, bit 0 first. */
    public int[] input(String name, Party party, int width) {
        int[] lits = new int[width];
        for (int i = 0; i < width; i++) {
            lits[i] = newNode(INPUT, 0, 0);
        }
        inputs.add(new Group<>(name, party, lits));
        return lits.clone();
    }

    public void output(String name, Receiver receiver, int[] literals) {
        for (int lit : literals) {
            checkLiteral(lit);
        }
        outputs.add(new Group<>(name, receiver, literals.clone()));
    }

    public List<Group<Party>> inputs() {
        return List.copyOf(inputs);
    }

    public List<Group<Receiver>> outputs() {
        return List.copyOf(outputs);
    }

    /** Records the gate counts of the file this netlist was read from, for the compiled circuit to carry. */
    public void sourceCounts(GateCounts counts) {
        this.sourceCounts = counts;
    }

    /** Counts recorded by {@link #sourceCounts(GateCounts)}, or null. */
    public GateCounts sourceCounts() {
        return sourceCounts;
    }

    public int totalInputBits() {
        int n = 0;
        for (Group<Party> g : inputs) {
            n += g.literals().length;
        }
        return n;
    }

    // ---- gates ----

    public static int not(int lit) {
        return lit ^ 1;
    }

    public static int constant(boolean value) {
        return value ? TRUE : FALSE;
    }

    public int xor(int a, int b) {
        checkLiteral(a);
        checkLiteral(b);
        int inv = (a ^ b) & 1;
        int na = a >>> 1;
        int nb = b >>> 1;
        if (na == 0) {
            return b ^ (a & 1);
        }
        if (nb == 0) {
            return a ^ (b & 1);
        }
        if (na == nb) {
            return inv; // x ^ x = 0, x ^ ~x = 1
        }
        return newNode(XOR_NODE, Math.min(na, nb) << 1, Math.max(na, nb) << 1) | inv;
    }

    public int and(int a, int b) {
        checkLiteral(a);
        checkLiteral(b);
        if (a == FALSE || b == FALSE) {
            return FALSE;
        }
        if (a == TRUE) {
            return b;
        }
        if (b == TRUE) {
            return a;
        }
        if (a == b) {
            return a;
        }
        if ((a ^ b) == 1) {
            return FALSE; // x & ~x
        }
        return newNode(AND_NODE, Math.min(a, b), Math.max(a, b));
    }

    public int or(int a, int b) {
        return not(and(not(a), not(b)));
    }

    /** {@code sel ? whenTrue : whenFalse}, with one AND. */
    public int mux(int sel, int whenTrue, int whenFalse) {
        return xor(whenFalse, and(sel, xor(whenTrue, whenFalse)));
    }

    /**
     * A gate given by its ME-SFE truth table ({@code out = (tt >> (3 - (2*l + r))) & 1}), decomposed into
     * at most one XOR or AND node plus free inversions.
     */
    public int table(int tt, int l, int r) {
        if (!GateOp.isBinary(tt)) {
            throw new IllegalArgumentException("truth table " + tt + " is not 0..15");
        }
        switch (tt) {
            case 0: return FALSE;
            case 15: return TRUE;
            case 3: return l;
            case 12: return not(l);
            case 5: return r;
            case 10: return not(r);
            case 6: return xor(l, r);
            case 9: return not(xor(l, r));
            default:
                break;
        }
        boolean single = Integer.bitCount(tt) == 1;
        int minterm = single ? tt : (~tt & 15);
        int index = 3 - Integer.numberOfTrailingZeros(minterm); // = 2*l + r where the minterm is 1
        int lit = and(l ^ ((index >> 1) ^ 1), r ^ ((index & 1) ^ 1));
        return single ? lit : not(lit);
    }

    // ---- reading the graph (for the passes) ----

    public int nodeCount() {
        return nodes;
    }

    byte kind(int node) {
        return kind[node];
    }

    int left(int node) {
        return left[node];
    }

    int right(int node) {
        return right[node];
    }

    private int newNode(byte k, int l, int r) {
        if (nodes == kind.length) {
            int n = kind.length * 2;
            kind = Arrays.copyOf(kind, n);
            left = Arrays.copyOf(left, n);
            right = Arrays.copyOf(right, n);
        }
        kind[nodes] = k;
        left[nodes] = l;
        right[nodes] = r;
        return (nodes++) << 1;
    }

    private void checkLiteral(int lit) {
        if (lit < 0 || (lit >>> 1) >= nodes) {
            throw new IllegalArgumentException("literal " + lit + " does not belong to this netlist");
        }
    }
}
