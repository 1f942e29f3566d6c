package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.protocol.InputFeed;
import io.yaostream.examples.Aes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

@Command(name = "aes", mixinStandardHelpOptions = true,
        description = {"AES-128 of the evaluator's block under the garbler's key (Boyar-Peralta S-box: 5,120 AND gates a block).",
                "The garbler expands its key in plaintext; the evaluator learns the ciphertext, in hex as FIPS-197 writes it."})
final class AesCommand extends AppCommand<List<BitString>> {
    @Option(names = "--in", paramLabel = "HEX", description = "The garbler's key or the evaluator's block, 32 hex digits as FIPS-197 writes them "
            + "(with --demo: the key, then the block).")
    List<String> in;

    @Option(names = "--blocks", paramLabel = "N", defaultValue = "1", description = "Encrypt the block N times in one session, each garbled afresh (default: ${DEFAULT-VALUE}).")
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
            g = InputFeed.of(Aes.toBits(Aes.expandKey(bytes(v.get(0), "key"))));
        }
        if (role != Party.GARBLER) {
            BitString block = Aes.toBits(bytes(v.get(v.size() - 1), "block"));
            e = InputFeed.of(java.util.Collections.nCopies(blocks, block));
        }
        return new Plan<>(Aes.program(blocks), Aes.name(blocks), g, e);
    }

    private static byte[] bytes(String hex, String what) {
        String h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
        if (h.length() != 32) {
            throw new UserError("--in (" + what + "): '" + clip(hex) + "' has " + h.length() + " hex digits, an AES-128 " + what + " takes 32");
        }
        try {
            return HexFormat.of().parseHex(h);
        } catch (IllegalArgumentException e) {
            throw new UserError("--in (" + what + "): '" + clip(hex) + "' is not hexadecimal");
        }
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    @Override
    String format(List<BitString> result) {
        if (result.isEmpty()) {
            return null;
        }
        return result.stream().map(b -> HexFormat.of().formatHex(Aes.toBytes(b))).collect(Collectors.joining("\n"));
    }
}
