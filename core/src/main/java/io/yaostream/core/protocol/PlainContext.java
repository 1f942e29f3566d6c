package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.plain.PlainEvaluator;

import java.util.Optional;

/** The plaintext back end: both parties' inputs in one place, circuits run by {@link PlainEvaluator}. For tests. */
public final class PlainContext implements ProgramContext {
    private final InputFeed garblerInputs;
    private final InputFeed evaluatorInputs;
    private final PlainEvaluator evaluator = new PlainEvaluator();
    private long andGates;

    public PlainContext(InputFeed garblerInputs, InputFeed evaluatorInputs) {
        this.garblerInputs = garblerInputs;
        this.evaluatorInputs = evaluatorInputs;
    }

    @Override
    public Secret input(Party owner, int width) {
        BitString v = (owner == Party.GARBLER ? garblerInputs : evaluatorInputs).next(width);
        Secret s = new Secret(width, 1);
        for (int i = 0; i < width; i++) {
            s.state[i] = v.get(i) ? 1 : 0;
        }
        return s;
    }

    @Override
    public Secret[] call(CompiledCircuit circuit, Secret... args) {
        Calls.checkArguments(circuit, args);
        BitString[] in = new BitString[args.length];
        for (int g = 0; g < args.length; g++) {
            in[g] = bits(args[g]);
        }
        BitString[] out = evaluator.evaluate(circuit, in);
        Secret[] result = new Secret[out.length];
        for (int g = 0; g < out.length; g++) {
            result[g] = new Secret(out[g].width(), 1);
            for (int i = 0; i < out[g].width(); i++) {
                result[g].state[i] = out[g].get(i) ? 1 : 0;
            }
        }
        andGates += circuit.counts().and();
        return result;
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        return Optional.of(bits(value));
    }

    @Override
    public long andGates() {
        return andGates;
    }

    private static BitString bits(Secret s) {
        boolean[] b = new boolean[s.width()];
        for (int i = 0; i < b.length; i++) {
            b[i] = s.state[i] != 0;
        }
        return BitString.fromBits(b);
    }
}
