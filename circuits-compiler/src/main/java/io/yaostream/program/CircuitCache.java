package io.yaostream.program;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
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
    private record Key(Object definition, List<Integer> widths) {
    }

    private CircuitCache() {
    }

    /**
     * The circuit {@code body} builds on inputs of {@code widths} bits, compiled once for {@code definition}
     * (equal definitions and widths must build equal circuits).
     */
    static CompiledCircuit get(Object definition, int[] widths, SubCircuit.Many body) {
        return get(definition, widths, body, Compiler.Options.DEFAULT);
    }

    /** {@link #get(Object, int[], SubCircuit.Many)} compiled with {@code options}. */
    static CompiledCircuit get(Object definition, int[] widths, SubCircuit.Many body, Compiler.Options options) {
        Key key = new Key(List.of(definition, options), Arrays.stream(widths).boxed().toList());
        CompiledCircuit c = CIRCUITS.get(key);
        if (c == null) {
            c = CIRCUITS.computeIfAbsent(key, k -> compile(widths, body, options));
        }
        return c;
    }

    /** The circuit {@code body} builds on fresh inputs of the given widths, every output read by both parties. */
    static CompiledCircuit compile(int[] widths, SubCircuit.Many body, Compiler.Options options) {
        CircuitBuilder b = new CircuitBuilder();
        Bits[] in = new Bits[widths.length];
        for (int i = 0; i < widths.length; i++) {
            in[i] = b.input("in" + i, Party.GARBLER, widths[i]);
        }
        Bits[] out = body.build(b, in);
        for (int i = 0; i < out.length; i++) {
            b.output("out" + i, Receiver.BOTH, out[i]);
        }
        return b.compile(options);
    }

    /** Distinct circuits compiled so far in this JVM. */
    public static int size() {
        return CIRCUITS.size();
    }

    /**
     * The cache key of a user's inline definition: a value object as it is, a lambda or method reference by its
     * class, which must not capture anything.
     */
    static Object keyOf(Object definition) {
        Class<?> type = definition.getClass();
        if (!type.isSynthetic() && !type.isHidden()) {
            return definition; // a class of the user's: its equals decides
        }
        for (Field f : type.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                throw new IllegalArgumentException("an inline sub-circuit captures variables (" + type.getName()
                        + "); pass it with a key naming what it depends on, e.g. apply(key, fn, ...)");
            }
        }
        return type;
    }
}
