package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Receiver;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The compiled sub-circuits of every program in this JVM, one per definition and input widths: compiled
 * (optimised, batched, slots allocated) on first use and shared afterwards, across calls, programs and
 * sessions. Compilation is deterministic, so both parties derive the same circuit from the same definition.
 */
public final class CircuitCache {
    private static final Map<Key, CompiledCircuit> CIRCUITS = new ConcurrentHashMap<>();

    /** What identifies a circuit: its definition's key and its input widths. */
    private record Key(Object definition, int[] widths) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && definition.equals(k.definition) && Arrays.equals(widths, k.widths);
        }

        @Override
        public int hashCode() {
            return 31 * definition.hashCode() + Arrays.hashCode(widths);
        }
    }

    private CircuitCache() {
    }

    /**
     * The circuit {@code body} builds on inputs of {@code widths} bits, compiled once for {@code definition}
     * (equal definitions and widths must build equal circuits). One-hot modules, whose bodies call standard
     * sub-circuits through {@link io.yaostream.core.program.ProgramContext#call}, reach it through {@link
     * io.yaostream.internal.CoreBridge#circuit}.
     *
     * @param definition names everything {@code body} depends on besides the widths, compared by {@code equals} and
     *     {@code hashCode}
     * @param widths bits of each input of the circuit, in order (copied)
     * @param body builds the circuit, compiled on the first request for this definition and these widths only
     * @return the compiled circuit, the same instance for equal definitions and widths
     */
    static CompiledCircuit get(Object definition, int[] widths, SubCircuit.Many body) {
        // A lookup keys on the caller's array, which it does not keep: a call of a cached circuit allocates no copy.
        CompiledCircuit c = CIRCUITS.get(new Key(definition, widths));
        if (c == null) {
            int[] copy = widths.clone();
            c = CIRCUITS.computeIfAbsent(new Key(definition, copy), k -> compile(copy, body));
        }
        return c;
    }

    /** The circuit {@code body} builds on fresh inputs of the given widths, every output read by both parties. */
    static CompiledCircuit compile(int[] widths, SubCircuit.Many body) {
        CircuitBuilder b = new CircuitBuilder();
        Bits[] in = new Bits[widths.length];
        for (int i = 0; i < widths.length; i++) {
            in[i] = b.input("in" + i, io.yaostream.core.circuit.Party.GARBLER, widths[i]);
        }
        Bits[] out = body.build(b, in);
        for (int i = 0; i < out.length; i++) {
            b.output("out" + i, Receiver.BOTH, out[i]);
        }
        return b.compile(Compiler.Options.DEFAULT);
    }

    /**
     * Distinct circuits compiled so far in this JVM.
     *
     * @return the number of circuits in the cache
     */
    public static int size() {
        return CIRCUITS.size();
    }

    /**
     * The cache key of a user's inline definition: a value object as it is, a lambda or method reference by its
     * class, which must not capture anything.
     */
    static Object keyOf(Object definition) {
        Object key = KEYS.get(definition.getClass());
        if (key == OWN_CLASS) {
            return definition; // a class of the user's: its equals decides
        }
        if (key == CAPTURING) {
            throw new IllegalArgumentException("an inline sub-circuit captures variables (" + definition.getClass().getName()
                    + "); pass it with a key naming what it depends on, e.g. apply(key, fn, ...)");
        }
        return key;
    }

    private static final Object OWN_CLASS = new Object();
    private static final Object CAPTURING = new Object();

    /**
     * Per class, looked up once: the class itself for a lambda or method reference that captures nothing,
     * {@link #CAPTURING} for one that captures (it has instance fields), {@link #OWN_CLASS} for a class of the user's.
     */
    private static final ClassValue<Object> KEYS = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            if (!type.isSynthetic() && !type.isHidden()) {
                return OWN_CLASS;
            }
            for (Field f : type.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    return CAPTURING;
                }
            }
            return type;
        }
    };
}
