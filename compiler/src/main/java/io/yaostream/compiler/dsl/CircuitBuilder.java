package io.yaostream.compiler.dsl;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.ir.Netlist;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.util.function.IntBinaryOperator;

/**
 * Builds a sub-circuit in Java and compiles it to the same {@link CompiledCircuit} format as the importers.
 *
 * <pre>{@code
 * CircuitBuilder b = new CircuitBuilder();
 * Bits x = b.input("x", Party.GARBLER, 900);
 * Bits y = b.input("y", Party.EVALUATOR, 900);
 * b.output("distance", Receiver.BOTH, b.hammingWeight(b.xor(x, y)));
 * CompiledCircuit c = b.compile();
 * }</pre>
 *
 * <p>Values are {@link Bit}s and {@link Bits} (unsigned, bit 0 least significant) made by this builder;
 * passing one from another builder, or vectors of different widths, throws {@link IllegalArgumentException}.
 * Costs are counted in AND gates, the only gates that cost ciphertexts: XOR and NOT are free. They are the
 * costs for independent inputs; constants and repeated operands fold away (for example {@code and(x, x)} is
 * {@code x}), so a circuit can only get cheaper. Results that no output uses are removed on compilation.
 *
 * <table>
 *   <caption>AND gates per operation on n-bit operands</caption>
 *   <tr><th>operation</th><th>ANDs</th></tr>
 *   <tr><td>{@code xor}, {@code not}, wiring ({@link Bits#slice}, ...)</td><td>0</td></tr>
 *   <tr><td>{@code and}, {@code or}, {@code mux}</td><td>n (1 per bit)</td></tr>
 *   <tr><td>{@code add} (mod 2^n), {@code subtract} (mod 2^n)</td><td>n - 1</td></tr>
 *   <tr><td>{@code addWithCarry} (n+1 bits)</td><td>n</td></tr>
 *   <tr><td>{@code lessThan}, {@code signedLessThan}</td><td>n</td></tr>
 *   <tr><td>{@code equal}</td><td>n - 1</td></tr>
 *   <tr><td>{@code min}, {@code max}</td><td>2n</td></tr>
 *   <tr><td>{@code multiply} (mod 2^n)</td><td>n(n+1)/2 + (n-1)(n-2)/2</td></tr>
 *   <tr><td>{@code multiplyFull} (n x m bits)</td><td>2nm - n</td></tr>
 *   <tr><td>{@code karatsuba} (2n bits)</td><td>16,492 for n = 128</td></tr>
 *   <tr><td>{@code hammingWeight}</td><td>n - popcount(n), e.g. 896 for n = 900</td></tr>
 * </table>
 *
 * <p>The builder may keep growing after {@link #compile()}; each call compiles everything declared so far.
 * Not thread-safe.
 */
public final class CircuitBuilder {
    private final Netlist net = new Netlist();
    private final Arithmetic arithmetic = new Arithmetic(net);
    private final Multiplication multiplication = new Multiplication(net, arithmetic);

    // ---- interface ----

    /** Declares an input group of {@code width} bits supplied by {@code party}; inputs come in declaration order. */
    public Bits input(String name, Party party, int width) {
        if (width < 1) {
            throw new IllegalArgumentException("input '" + name + "' must have at least one bit, not " + width);
        }
        return new Bits(this, net.input(name, party, width));
    }

    /** Declares an output group; outputs come in declaration order. */
    public void output(String name, Receiver receiver, Bits value) {
        check(value);
        net.output(name, receiver, value.literalsView());
    }

    /** Declares a one-bit output group. */
    public void output(String name, Receiver receiver, Bit value) {
        output(name, receiver, Bits.of(value));
    }

    public Bit constant(boolean value) {
        return bit(Netlist.constant(value));
    }

    /** The unsigned constant {@code value} in {@code width} (0 to 64) bits; it must fit. */
    public Bits constant(long value, int width) {
        if (width < 0 || width > 64 || (width < 64 && value >>> width != 0)) {
            throw new IllegalArgumentException("constant " + Long.toUnsignedString(value) + " does not fit in "
                    + width + " bits (widths 0 to 64)");
        }
        int[] lits = new int[width];
        for (int i = 0; i < width; i++) {
            lits[i] = Netlist.constant((value >>> i & 1) != 0);
        }
        return new Bits(this, lits);
    }

    /** Compiles with {@link Compiler.Options#DEFAULT}. */
    public CompiledCircuit compile() {
        return Compiler.compile(net);
    }

    public CompiledCircuit compile(Compiler.Options options) {
        return Compiler.compile(net, options);
    }

    // ---- single bits ----

    /** Free. */
    public Bit not(Bit x) {
        check(x);
        return bit(Netlist.not(x.literal()));
    }

    /** Free. */
    public Bit xor(Bit x, Bit y) {
        return apply(net::xor, x, y);
    }

    /** One AND. */
    public Bit and(Bit x, Bit y) {
        return apply(net::and, x, y);
    }

    /** One AND (De Morgan; the inversions are free). */
    public Bit or(Bit x, Bit y) {
        return apply(net::or, x, y);
    }

    /** {@code sel ? ifTrue : ifFalse}: one AND. */
    public Bit mux(Bit sel, Bit ifTrue, Bit ifFalse) {
        check(sel);
        return apply((t, f) -> net.mux(sel.literal(), t, f), ifTrue, ifFalse);
    }

    // ---- vectors, bitwise ----

    /** Free. */
    public Bits not(Bits x) {
        check(x);
        return bits(Arithmetic.not(x.literalsView()));
    }

    /** Free. */
    public Bits xor(Bits x, Bits y) {
        return bitwise(net::xor, x, y);
    }

    /** n ANDs. */
    public Bits and(Bits x, Bits y) {
        return bitwise(net::and, x, y);
    }

    /** n ANDs. */
    public Bits or(Bits x, Bits y) {
        return bitwise(net::or, x, y);
    }

    /** {@code sel ? ifTrue : ifFalse}: n ANDs, one per bit. */
    public Bits mux(Bit sel, Bits ifTrue, Bits ifFalse) {
        check(sel);
        return bitwise((t, f) -> net.mux(sel.literal(), t, f), ifTrue, ifFalse);
    }

    // ---- unsigned arithmetic and comparison ----

    /** {@code (x + y) mod 2^n}: n-1 ANDs. */
    public Bits add(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(arithmetic.add(x.literalsView(), y.literalsView(), Netlist.FALSE, false));
    }

    /** {@code x + y} in n+1 bits (the top bit is the carry out): n ANDs. */
    public Bits addWithCarry(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(arithmetic.add(x.literalsView(), y.literalsView(), Netlist.FALSE, true));
    }

    /** {@code (x - y) mod 2^n} (two's complement wrap-around): n-1 ANDs. */
    public Bits subtract(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(arithmetic.subtract(x.literalsView(), y.literalsView()));
    }

    /** {@code (x * y) mod 2^n}, schoolbook on the low bits only: n(n+1)/2 + (n-1)(n-2)/2 ANDs (993 for n = 32). */
    public Bits multiply(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(multiplication.low(x.literalsView(), y.literalsView()));
    }

    /** The full product of an n-bit and an m-bit value, n+m bits, schoolbook: 2nm - n ANDs. */
    public Bits multiplyFull(Bits x, Bits y) {
        check(x);
        check(y);
        return bits(multiplication.full(x.literalsView(), y.literalsView()));
    }

    /** The full 2n-bit product by Karatsuba-Ofman down to schoolbook leaves: 16,492 ANDs for n = 128. */
    public Bits karatsuba(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(multiplication.karatsuba(x.literalsView(), y.literalsView()));
    }

    /** Unsigned {@code x < y}: n ANDs. */
    public Bit lessThan(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bit(arithmetic.lessThan(x.literalsView(), y.literalsView()));
    }

    /**
     * Two's complement {@code x < y} (n >= 1): n ANDs. Flipping both sign bits (free) maps signed order onto
     * unsigned order.
     */
    public Bit signedLessThan(Bits x, Bits y) {
        checkSameWidth(x, y);
        if (x.width() == 0) {
            throw new IllegalArgumentException("a signed comparison needs at least one bit");
        }
        return bit(arithmetic.lessThan(flipTop(x.literalsView()), flipTop(y.literalsView())));
    }

    /** The smaller of two unsigned values: 2n ANDs (see {@link Arithmetic#minOrMax} for why it needs few slots). */
    public Bits min(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(arithmetic.minOrMax(x.literalsView(), y.literalsView(), false));
    }

    /**
     * The smaller of each pair {@code (x[j], y[j])} of unsigned values, all of one width: 2n ANDs a pair, as {@link #min}
     * each, built bit by bit across the pairs. One comparison alone is a chain of n ANDs, each waiting on the one
     * before; here bit i's ANDs of all the pairs are independent and come together, so the compiler can batch them and
     * the kernel pipeline them. It does where the working set allows: batching keeps two temporaries a pair alive at
     * once, and the compiler never takes more slots than the gates in their own order need (see the minimum example's
     * fold, which starts with one pair and widens as values are freed).
     */
    public Bits[] minEach(Bits[] x, Bits[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("minEach: " + x.length + " values against " + y.length);
        }
        int[][] xs = new int[x.length][];
        int[][] ys = new int[y.length][];
        for (int j = 0; j < x.length; j++) {
            checkSameWidth(x[j], y[j]);
            checkSameWidth(x[0], x[j]);
            xs[j] = x[j].literalsView();
            ys[j] = y[j].literalsView();
        }
        int[][] out = arithmetic.minOrMaxEach(xs, ys, false);
        Bits[] min = new Bits[out.length];
        for (int j = 0; j < out.length; j++) {
            min[j] = bits(out[j]);
        }
        return min;
    }

    /** The larger of two unsigned values: 2n ANDs. */
    public Bits max(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bits(arithmetic.minOrMax(x.literalsView(), y.literalsView(), true));
    }

    /** {@code x == y}: n-1 ANDs. */
    public Bit equal(Bits x, Bits y) {
        checkSameWidth(x, y);
        return bit(arithmetic.equal(x.literalsView(), y.literalsView()));
    }

    /**
     * The number of set bits of {@code x}, unsigned in ceil(log2(n+1)) bits (10 bits for n = 900):
     * n - popcount(n) ANDs, from a tree of one-AND full adders and half adders.
     */
    public Bits hammingWeight(Bits x) {
        check(x);
        return bits(arithmetic.hammingWeight(x.literalsView()));
    }

    // ---- helpers ----

    void check(Bit x) {
        if (x.owner() != this) {
            throw new IllegalArgumentException("bit belongs to another CircuitBuilder");
        }
    }

    void check(Bits x) {
        if (x.owner() != this) {
            throw new IllegalArgumentException("vector belongs to another CircuitBuilder");
        }
    }

    private void checkSameWidth(Bits x, Bits y) {
        check(x);
        check(y);
        if (x.width() != y.width()) {
            throw new IllegalArgumentException("operand widths differ: " + x.width() + " and " + y.width() + " bits");
        }
    }

    private Bit apply(IntBinaryOperator gate, Bit x, Bit y) {
        check(x);
        check(y);
        return bit(gate.applyAsInt(x.literal(), y.literal()));
    }

    private Bits bitwise(IntBinaryOperator gate, Bits x, Bits y) {
        checkSameWidth(x, y);
        int[] a = x.literalsView();
        int[] b = y.literalsView();
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = gate.applyAsInt(a[i], b[i]);
        }
        return bits(out);
    }

    private static int[] flipTop(int[] lits) {
        int[] out = lits.clone();
        out[out.length - 1] = Netlist.not(out[out.length - 1]);
        return out;
    }

    private Bit bit(int literal) {
        return new Bit(this, literal);
    }

    private Bits bits(int[] literals) {
        return new Bits(this, literals);
    }
}
