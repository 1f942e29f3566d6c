package io.yaostream.cli;

import io.yaostream.Party;
import io.yaostream.examples.Hamming;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.math.BigInteger;

@Command(name = "hamming", mixinStandardHelpOptions = true,
        description = {"Hamming distance of two bit strings, one from each party, with the Boyar-Peralta counting circuit "
                + "(L - h(L) AND gates).", "Both parties learn the distance, printed in decimal."})
final class HammingCommand extends AppCommand<BigInteger> {
    @Option(names = "--bits", paramLabel = "L", defaultValue = "900", description = "String length in bits (default: ${DEFAULT-VALUE}).")
    int bits;

    @Mixin
    InOption in;

    @Override
    Plan<BigInteger> plan(Party role) {
        HexValues.checkBits(bits, 1 << 24);
        Feeds f = oneHexValueEach(in.values(), role, bits, "string");
        return new Plan<>(Hamming.program(bits), Hamming.name(bits), f.garbler(), f.evaluator());
    }

    @Override
    String format(BigInteger result) {
        return result.toString();
    }
}
