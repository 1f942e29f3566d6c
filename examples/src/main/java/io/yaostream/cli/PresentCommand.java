package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.protocol.InputFeed;
import io.yaostream.examples.Present;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.stream.Collectors;

@Command(name = "present", mixinStandardHelpOptions = true,
        description = {"PRESENT-80 of the evaluator's 64-bit block under the garbler's 80-bit key (4-AND S-box: 1,984 AND gates a block).",
                "The garbler runs the key schedule in plaintext; the evaluator learns the ciphertext, in hex as the PRESENT paper writes it."})
final class PresentCommand extends AppCommand<List<BitString>> {
    @Option(names = "--in", paramLabel = "HEX", description = "The garbler's key (20 hex digits) or the evaluator's block (16 hex digits), "
            + "as numbers in hex (with --demo: the key, then the block).")
    List<String> in;

    @Option(names = "--blocks", paramLabel = "N", defaultValue = "1", description = "Encrypt the block N times in one session (default: ${DEFAULT-VALUE}).")
    int blocks;

    @Override
    Plan<List<BitString>> plan(Party role) {
        if (blocks < 1) {
            throw new UserError("--blocks: must be at least 1, got " + blocks);
        }
        List<String> v = values(in, role, role == null ? 2 : 1, role == null ? "key and block" : role == Party.GARBLER ? "key" : "block");
        InputFeed g = InputFeed.none();
        InputFeed e = InputFeed.none();
        if (role != Party.EVALUATOR) {
            BitString key = HexValues.parse(List.of(v.get(0)), 80, List.of("key")).get(0);
            g = InputFeed.of(Present.roundKeys(key.toBigInteger()));
        }
        if (role != Party.GARBLER) {
            e = InputFeed.of(java.util.Collections.nCopies(blocks, HexValues.parse(List.of(v.get(v.size() - 1)), 64, List.of("block")).get(0)));
        }
        return new Plan<>(Present.program(blocks), Present.name(blocks), g, e);
    }

    @Override
    String format(List<BitString> result) {
        return result.isEmpty() ? null : result.stream().map(b -> b.toHex(false)).collect(Collectors.joining("\n"));
    }
}
