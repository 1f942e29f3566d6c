package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.ProgramContext;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The n-bit XOR as a circuit, for {@link ProgramContext#xor} under a scheme without free XOR, where every XOR
 * gate is garbled. One per width, made once.
 */
public final class XorCircuits {
    private static final Map<Integer, CompiledCircuit> BY_WIDTH = new ConcurrentHashMap<>();

    private XorCircuits() {
    }

    public static CompiledCircuit of(int width) {
        return BY_WIDTH.computeIfAbsent(width, XorCircuits::build);
    }

    /** Inputs in slots 0..n-1 and n..2n-1; output i overwrites slot i. */
    private static CompiledCircuit build(int n) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(2 * n);
        int[] x = new int[n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = n + i;
        }
        b.input("x", Party.GARBLER, x).input("y", Party.GARBLER, y);
        for (int i = 0; i < n; i++) {
            b.gate(GateOp.XOR, x[i], y[i], x[i]);
        }
        return b.output("xor", Receiver.BOTH, x).build();
    }
}
