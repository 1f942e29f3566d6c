package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.LinearForm;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.text.English;

/** Checks and rules shared by every back end's {@link ProgramContext#call}. */
public final class Calls {
    private Calls() {
    }

    public static void checkArguments(CompiledCircuit c, Secret[] args) {
        if (args.length != c.inputs().size()) {
            throw new ProtocolException("circuit takes " + c.inputs().size() + " inputs, the program passed " + args.length);
        }
        for (int g = 0; g < args.length; g++) {
            if (args[g].width() != c.inputs().get(g).width()) {
                throw new ProtocolException("input " + (g + 1) + " of the circuit is " + c.inputs().get(g).width()
                        + " bits, the program passed " + args[g].width());
            }
        }
    }

    /**
     * The form in which a back end computes a call of {@code c} on the labels it holds, with no slot, gate walk or
     * material (a circuit of XORs under a free-XOR scheme), or null when the call runs on the engine. One rule for
     * the contexts that run calls and the tally that counts them.
     */
    public static LinearForm localForm(GarblingScheme scheme, CompiledCircuit c) {
        return scheme != null && scheme.freeXor() ? c.linearForm() : null;
    }

    public static void checkSameWidth(Secret a, Secret b) {
        if (a.width() != b.width()) {
            throw new ProtocolException("xor of " + English.article(a.width()) + " " + a.width() + "-bit and " + English.article(b.width()) + " " + b.width() + "-bit secret");
        }
    }
}
