package io.yaostream.cli;

import io.yaostream.PlainBits;
import io.yaostream.SecureProgram;
import io.yaostream.examples.Present;
import picocli.CommandLine.Command;

import java.util.List;

@Command(name = "present", mixinStandardHelpOptions = true,
        description = {"PRESENT-80 of the evaluator's 64-bit block under the garbler's 80-bit key (4-AND S-box: 1,984 AND gates a block).",
                "The garbler runs the key schedule in plaintext; the evaluator learns the ciphertext, in hex as the PRESENT paper "
                        + "writes it (key: 20 hex digits, block: 16)."})
final class PresentCommand extends BlockCipherCommand {
    @Override
    PlainBits roundKeys(String keyHex) {
        return Present.roundKeys(HexValues.parse(List.of(keyHex), 80, List.of("key")).get(0).toBigInteger());
    }

    @Override
    PlainBits block(String blockHex) {
        return HexValues.parse(List.of(blockHex), 64, List.of("block")).get(0);
    }

    @Override
    SecureProgram<List<PlainBits>> program(int blocks) {
        return Present.program(blocks);
    }

    @Override
    String name(int blocks) {
        return Present.name(blocks);
    }

    @Override
    String hex(PlainBits ciphertext) {
        return ciphertext.toHex();
    }
}
