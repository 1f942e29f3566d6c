package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.examples.Aes;
import io.yaostream.program.SecureProgram;
import picocli.CommandLine.Command;

import java.util.HexFormat;
import java.util.List;

@Command(name = "aes", mixinStandardHelpOptions = true,
        description = {"AES-128 of the evaluator's block under the garbler's key (Boyar-Peralta S-box: 5,120 AND gates a block).",
                "The garbler expands its key in plaintext; the evaluator learns the ciphertext, in hex as FIPS-197 writes it "
                        + "(key and block: 32 hex digits each)."})
final class AesCommand extends BlockCipherCommand {
    @Override
    BitString roundKeys(String keyHex) {
        return Aes.toBits(Aes.expandKey(bytes(keyHex, "key")));
    }

    @Override
    BitString block(String blockHex) {
        return Aes.toBits(bytes(blockHex, "block"));
    }

    @Override
    SecureProgram<List<BitString>> program(int blocks) {
        return Aes.program(blocks);
    }

    @Override
    String name(int blocks) {
        return Aes.name(blocks);
    }

    @Override
    String hex(BitString ciphertext) {
        return HexFormat.of().formatHex(Aes.toBytes(ciphertext));
    }

    private static byte[] bytes(String hex, String what) {
        String h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
        String shown = hex.length() > 40 ? hex.substring(0, 40) + "..." : hex;
        if (h.length() != 32) {
            throw new UserError("--in (" + what + "): '" + shown + "' has " + h.length() + " hex digits, an AES-128 " + what + " takes 32");
        }
        try {
            return HexFormat.of().parseHex(h);
        } catch (IllegalArgumentException e) {
            throw new UserError("--in (" + what + "): '" + shown + "' is not hexadecimal");
        }
    }
}
