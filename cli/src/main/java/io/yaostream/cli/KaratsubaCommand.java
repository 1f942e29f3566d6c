package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.examples.Karatsuba;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.math.BigInteger;

@Command(name = "karatsuba", mixinStandardHelpOptions = true,
        description = {"Product of two numbers, one from each party, by Karatsuba-Ofman multiplication down to a schoolbook base.",
                "Both parties learn the product, printed in hex (2N bits)."})
final class KaratsubaCommand extends AppCommand<BigInteger> {
    @Option(names = "--bits", paramLabel = "N", defaultValue = "128", description = "Width of each factor (default: ${DEFAULT-VALUE}).")
    int bits;

    @Mixin
    InOption in;

    @Override
    Plan<BigInteger> plan(Party role) {
        HexValues.checkBits(bits, 4096);
        Feeds f = oneHexValueEach(in.values(), role, bits, "factor");
        return new Plan<>(Karatsuba.program(bits), Karatsuba.name(bits), f.garbler(), f.evaluator());
    }

    @Override
    String format(BigInteger result) {
        return BitString.of(result, 2 * bits).toHex(false);
    }
}
