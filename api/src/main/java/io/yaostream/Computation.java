package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;

import java.math.BigInteger;

/**
 * What a {@link SecureProgram} works with: typed secret values from either party's inputs and from public
 * constants, whose operations run as cached sub-circuits on whichever back end the program runs on (garbler,
 * evaluator, plaintext or cost counter).
 *
 * <pre>{@code
 * SecureProgram<BigInteger> distance = c -> {
 *     BitVector a = c.garbler().bits(900);
 *     BitVector b = c.evaluator().bits(900);
 *     return a.xor(b).hammingWeight().reveal();
 * };
 * }</pre>
 *
 * <p>Each operation is a sub-circuit compiled once per operation and operand widths ({@link CircuitCache}) and
 * called on the operands: the ME-SFE model of cached sub-circuits, with the working set of each computed once at
 * compile time. {@link #apply} does the same for sub-circuits written inline with the builder DSL.
 */
public final class Computation {
    private final ProgramContext ctx;
    private Secret zeroBit;

    /** The computation over a back end's context; only {@link SecureProgram} makes one. */
    Computation(ProgramContext ctx) {
        this.ctx = ctx;
    }

    /**
     * The party this copy of the program runs as.
     *
     * @return this copy's role, garbler or evaluator
     */
    public Party party() {
        return Party.of(ctx.party());
    }

    /**
     * The back end the typed values run on: for the engine's programs ({@link EngineProgram}) and, through
     * {@link io.yaostream.internal.CoreBridge#context}, for back ends and tests.
     *
     * @return the context the typed values run on
     */
    ProgramContext context() {
        return ctx;
    }

    /**
     * What the program has cost so far: AND gates, bytes, OTs, calls, rounds.
     *
     * @return the costs so far, as this back end counts them
     */
    public Costs costs() {
        return Costs.of(ctx.costs());
    }

    // ---- inputs ----

    /**
     * The garbler's inputs: {@code c.garbler().uint(64)}.
     *
     * @return the garbler's inputs, taken in the order the program asks for them
     */
    public PartyInputs garbler() {
        return new PartyInputs(this, Party.GARBLER);
    }

    /**
     * The evaluator's inputs: {@code c.evaluator().uint(64)}.
     *
     * @return the evaluator's inputs, taken in the order the program asks for them
     */
    public PartyInputs evaluator() {
        return new PartyInputs(this, Party.EVALUATOR);
    }

    /**
     * Values shared by an earlier session ({@link SecretValue#share()}): {@code c.shared().uint(32)} takes the next
     * input of each party, its share, and XORs the two inside the circuit (free with free XOR; a garbled XOR under
     * {@code prf-only}). Each party feeds its own {@link Shared} in its inputs ({@link Inputs#of(Shared...)}), in
     * the order the program takes them among its other inputs.
     *
     * @return the shared values, taken in the order the program asks for them
     */
    public PartyInputs shared() {
        return new PartyInputs(this, null);
    }

    /** The next shared value of {@code width} bits: each party's share, XORed. */
    Secret shared(int width) {
        return ctx.xor(ctx.input(Party.GARBLER.core(), width), ctx.input(Party.EVALUATOR.core(), width));
    }

    /** The next {@code count} shared values of {@code width} bits, each party's shares in one exchange. */
    Secret[] shared(int width, int count) {
        Secret[] g = ctx.inputs(Party.GARBLER.core(), width, count);
        Secret[] e = ctx.inputs(Party.EVALUATOR.core(), width, count);
        Secret[] out = new Secret[count];
        for (int i = 0; i < count; i++) {
            out[i] = ctx.xor(g[i], e[i]);
        }
        return out;
    }

    /**
     * The owner's next input, an unsigned integer of {@code width} bits.
     *
     * @param owner the party whose input it is; the other party learns nothing of it
     * @param width bits of the input; the owner's feed must give a value of this width
     * @return the owner's next input
     */
    public UInt uint(Party owner, int width) {
        return new UInt(this, ctx.input(owner.core(), width));
    }

    /**
     * The owner's next {@code count} inputs of {@code width} bits, in one exchange.
     *
     * @param owner the party whose input it is; the other party learns nothing of it
     * @param width bits of each input
     * @param count inputs to take
     * @return the owner's next {@code count} inputs, in feed order
     */
    public UInt[] uints(Party owner, int width, int count) {
        Secret[] s = ctx.inputs(owner.core(), width, count);
        UInt[] out = new UInt[count];
        for (int i = 0; i < count; i++) {
            out[i] = new UInt(this, s[i]);
        }
        return out;
    }

    /**
     * Party {@code party}'s next input of a three-party session (1 and 2 garble, 3 evaluates; see
     * {@link io.yaostream.ThreeParty}), an unsigned integer of {@code width} bits.
     *
     * @param party 1, 2 or 3
     * @param width bits of the input; the party's feed must give a value of this width
     * @return the party's next input
     * @throws io.yaostream.core.program.ProtocolException outside a three-party session, which alone numbers its
     *     parties
     */
    public UInt uint(int party, int width) {
        return new UInt(this, ctx.input(party, width));
    }

    /**
     * Party {@code party}'s next input of a three-party session, a vector of {@code width} bits.
     *
     * @param party 1, 2 or 3
     * @param width bits of the input; the party's feed must give a value of this width
     * @return the party's next input
     * @throws io.yaostream.core.program.ProtocolException outside a three-party session, which alone numbers its
     *     parties
     */
    public BitVector bits(int party, int width) {
        return new BitVector(this, ctx.input(party, width));
    }

    /**
     * The owner's next input, a two's complement integer of {@code width} bits.
     *
     * @param owner the party whose input it is; the other party learns nothing of it
     * @param width bits of the input, the sign bit included
     * @return the owner's next input
     */
    public SInt sint(Party owner, int width) {
        return new SInt(this, ctx.input(owner.core(), width));
    }

    /**
     * The owner's next input, a vector of {@code width} bits.
     *
     * @param owner the party whose input it is; the other party learns nothing of it
     * @param width bits of the input; the owner's feed must give a value of this width
     * @return the owner's next input
     */
    public BitVector bits(Party owner, int width) {
        return new BitVector(this, ctx.input(owner.core(), width));
    }

    /**
     * The owner's next input, one bit.
     *
     * @param owner the party whose input it is; the other party learns nothing of it
     * @return the owner's next input
     */
    public Bool bool(Party owner) {
        return new Bool(this, ctx.input(owner.core(), 1));
    }

    // ---- public constants ----

    /**
     * The public unsigned constant {@code value} in {@code width} bits. Free after the session's first constant.
     *
     * @param value the constant; a negative one is taken in two's complement
     * @param width bits of the constant
     * @return the constant as a secret value both parties know
     * @throws IllegalArgumentException if {@code value} does not fit in {@code width} bits
     */
    public UInt constant(long value, int width) {
        return new UInt(this, ctx.constant(BitString.of(value, width)));
    }

    /**
     * The public constant {@code value} (negative: two's complement) in {@code width} bits.
     *
     * @param value the constant
     * @param width bits of the constant
     * @return the constant as a secret value both parties know
     * @throws IllegalArgumentException if {@code value} does not fit in {@code width} bits
     */
    public UInt constant(BigInteger value, int width) {
        return new UInt(this, ctx.constant(BitString.of(value, width)));
    }

    /**
     * The public bits {@code value}.
     *
     * @param value the constant's bits
     * @return the bits as a secret value both parties know
     */
    public BitVector constant(io.yaostream.PlainBits value) {
        return new BitVector(this, ctx.constant(value.core()));
    }

    /**
     * The public bit {@code value}.
     *
     * @param value the constant
     * @return the bit as a secret value both parties know
     */
    public Bool constant(boolean value) {
        return new Bool(this, ctx.constant(BitString.zeros(1).with(0, value)));
    }

    // ---- sub-circuits ----

    /**
     * {@code fn} on {@code x}, as a cached sub-circuit (see {@link SubCircuit} on what may be inline).
     *
     * @param fn the sub-circuit, which must not capture variables
     * @param x the input
     * @return the output
     * @throws IllegalArgumentException if a value belongs to another computation, or {@code fn} captures variables
     */
    public BitVector apply(SubCircuit.Unary fn, SecretValue x) {
        return apply(CircuitCache.keyOf(fn), fn, x);
    }

    /**
     * {@code fn} on {@code x}, cached under {@code key} and the width (for a definition that captures values).
     *
     * @param key names everything {@code fn} depends on, by {@code equals} and {@code hashCode}
     * @param fn the sub-circuit
     * @param x the input
     * @return the output
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    public BitVector apply(Object key, SubCircuit.Unary fn, SecretValue x) {
        return bits(op(new Definition(key, "unary"), (b, in) -> new Bits[] {fn.build(b, in[0])}, x)[0]);
    }

    /**
     * {@code fn} on {@code x} and {@code y}, compiled once per width and reused.
     *
     * @param fn the sub-circuit, which must not capture variables
     * @param x the first input
     * @param y the second input
     * @return the output
     * @throws IllegalArgumentException if a value belongs to another computation, or {@code fn} captures variables
     */
    public BitVector apply(SubCircuit.Binary fn, SecretValue x, SecretValue y) {
        return apply(CircuitCache.keyOf(fn), fn, x, y);
    }

    /**
     * {@code fn} on {@code x} and {@code y}, cached under {@code key} and the widths (for a definition that captures
     * values).
     *
     * @param key names everything {@code fn} depends on, by {@code equals} and {@code hashCode}
     * @param fn the sub-circuit
     * @param x the first input
     * @param y the second input
     * @return the output
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    public BitVector apply(Object key, SubCircuit.Binary fn, SecretValue x, SecretValue y) {
        return bits(op(new Definition(key, "binary"), (b, in) -> new Bits[] {fn.build(b, in[0], in[1])}, x, y)[0]);
    }

    /**
     * {@code fn} on three inputs, compiled once per width and reused.
     *
     * @param fn the sub-circuit, which must not capture variables
     * @param x the first input
     * @param y the second input
     * @param z the third input
     * @return the output
     * @throws IllegalArgumentException if a value belongs to another computation, or {@code fn} captures variables
     */
    public BitVector apply(SubCircuit.Ternary fn, SecretValue x, SecretValue y, SecretValue z) {
        return apply(CircuitCache.keyOf(fn), fn, x, y, z);
    }

    /**
     * {@code fn} on three inputs, cached under {@code key} and the widths (for a definition that captures values).
     *
     * @param key names everything {@code fn} depends on, by {@code equals} and {@code hashCode}
     * @param fn the sub-circuit
     * @param x the first input
     * @param y the second input
     * @param z the third input
     * @return the output
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    public BitVector apply(Object key, SubCircuit.Ternary fn, SecretValue x, SecretValue y, SecretValue z) {
        return bits(op(new Definition(key, "ternary"), (b, in) -> new Bits[] {fn.build(b, in[0], in[1], in[2])}, x, y, z)[0]);
    }

    /**
     * {@code fn} on any number of inputs, giving any number of outputs.
     *
     * @param fn the sub-circuit, which must not capture variables
     * @param in the inputs, in the order {@code fn} receives their wires
     * @return the outputs, in the order {@code fn} returns them
     * @throws IllegalArgumentException if a value belongs to another computation, or {@code fn} captures variables
     */
    public BitVector[] apply(SubCircuit.Many fn, SecretValue... in) {
        return apply(CircuitCache.keyOf(fn), fn, in);
    }

    /**
     * {@code fn} on each {@code width}-bit piece of {@code x}, the results side by side, the first piece's in the low
     * bits: AES's SubBytes is {@code applyEach(SBoxes::aes, 8, state)}. The same calls, gates and cost as applying
     * {@code fn} to each piece (it is one cached circuit, of {@code width} input bits); it runs them in one go,
     * without cutting {@code x} apart or joining the results.
     *
     * @param fn the sub-circuit, which must not capture variables
     * @param width bits of each piece: {@code fn}'s input width, a divisor of {@code x}'s
     * @param x the pieces, the first in the low bits
     * @return the outputs side by side
     * @throws IllegalArgumentException if {@code width} does not divide {@code x}'s width, {@code x} belongs to
     *     another computation, or {@code fn} captures variables
     */
    public BitVector applyEach(SubCircuit.Unary fn, int width, SecretValue x) {
        return applyEach(CircuitCache.keyOf(fn), fn, width, x);
    }

    /**
     * {@link #applyEach(SubCircuit.Unary, int, SecretValue)} cached under {@code key} (for a definition that captures
     * values).
     *
     * @param key names everything {@code fn} depends on, by {@code equals} and {@code hashCode}
     * @param fn the sub-circuit
     * @param width bits of each piece, a divisor of {@code x}'s width
     * @param x the pieces, the first in the low bits
     * @return the outputs side by side
     * @throws IllegalArgumentException if {@code width} does not divide {@code x}'s width, or {@code x} belongs to
     *     another computation
     */
    public BitVector applyEach(Object key, SubCircuit.Unary fn, int width, SecretValue x) {
        if (width <= 0 || x.width() % width != 0) {
            throw new IllegalArgumentException("applyEach: pieces of " + width + " bits do not cut a " + x.width() + "-bit value");
        }
        widths(new SecretValue[] {x}); // checks the computation
        CompiledCircuit c = CircuitCache.get(new Definition(key, "unary"), new int[] {width}, (b, in) -> new Bits[] {fn.build(b, in[0])});
        return bits(ctx.callEach(c, x.secret));
    }

    /**
     * {@code fn} on any number of inputs, cached under {@code key} and the widths (for a definition that captures
     * values).
     *
     * @param key names everything {@code fn} depends on, by {@code equals} and {@code hashCode}
     * @param fn the sub-circuit
     * @param in the inputs, in the order {@code fn} receives their wires
     * @return the outputs, in the order {@code fn} returns them
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    public BitVector[] apply(Object key, SubCircuit.Many fn, SecretValue... in) {
        Secret[] out = op(new Definition(key, "many"), fn, in);
        BitVector[] v = new BitVector[out.length];
        for (int i = 0; i < out.length; i++) {
            v[i] = bits(out[i]);
        }
        return v;
    }

    /**
     * A one-hot garbling module (HK21, {@link OneHotModule}) on {@code args}, one bit vector per output: for the
     * one-hot functions of {@code io.yaostream.onehot}, through {@link io.yaostream.internal.CoreBridge#module}.
     * Needs a scheme with one-hot garbling (half-gates or grr3); the plaintext back end checks the module against
     * its definition on every call.
     *
     * @param module the module, which fixes the widths it takes
     * @param args its inputs, in order
     * @return its outputs, in order
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    BitVector[] module(OneHotModule module, SecretValue... args) {
        widths(args);
        Secret[] out = ctx.module(module, secrets(args));
        BitVector[] v = new BitVector[out.length];
        for (int i = 0; i < out.length; i++) {
            v[i] = bits(out[i]);
        }
        return v;
    }

    /** A user's definition and the form of {@code apply} it came through: one key may serve forms of different arity. */
    private record Definition(Object key, String form) {
    }

    /**
     * Runs the sub-circuit {@code body} defines, compiled once for {@code definition} and the operands' widths.
     * {@code definition} must identify {@code body}: two bodies with equal definitions build the same circuit.
     */
    Secret[] op(Object definition, SubCircuit.Many body, SecretValue... args) {
        return run(CircuitCache.get(definition, widths(args), body), args);
    }

    private Secret[] run(CompiledCircuit c, SecretValue[] args) {
        return ctx.call(c, secrets(args));
    }

    private int[] widths(SecretValue[] args) {
        int[] widths = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            if (args[i].computation != this) {
                throw new IllegalArgumentException("a value of another computation was passed");
            }
            widths[i] = args[i].width();
        }
        return widths;
    }

    /** {@link #op} for a one-output operation. */
    Secret op1(Object definition, SubCircuit.Many body, SecretValue... args) {
        return op(definition, body, args)[0];
    }

    /** {@code width} public zero bits. */
    Secret zeros(int width) {
        return zero().repeat(width);
    }

    /** One public zero bit, made once per computation (wiring fills with it). */
    Secret zero() {
        if (zeroBit == null) {
            zeroBit = ctx.constant(BitString.zeros(1));
        }
        return zeroBit;
    }

    private BitVector bits(Secret s) {
        return new BitVector(this, s);
    }

    private static Secret[] secrets(SecretValue[] values) {
        Secret[] s = new Secret[values.length];
        for (int i = 0; i < values.length; i++) {
            s[i] = values[i].secret;
        }
        return s;
    }
}
