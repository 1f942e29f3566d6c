package io.yaostream.compiler;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.WireOrdering;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

class WireOrderingTest {
    @Test
    void aesCounts() {
        for (String name : new String[] {"AES-non-expanded.txt", "sha-256.txt"}) {
            for (Compiler.Options opt : new Compiler.Options[] {Compiler.Options.DEFAULT, Compiler.Options.IN_ORDER, new Compiler.Options(4096, false)}) {
                CompiledCircuit c = CircuitLoader.load(Path.of("../circuits/bristol/" + name), CircuitLoader.SourceFormat.BRISTOL_OLD, opt);
                for (WireOrdering.Heuristic h : WireOrdering.Heuristic.values()) {
                    WireOrdering o = c.wireOrdering(h);
                    System.out.println(name + " " + opt + " " + h + " xor ct " + o.xorTranslations() + " classes " + o.classes() + " and " + c.counts().and() + " xor " + c.counts().xor());
                }
            }
        }
    }
}
