package io.yaostream.cli;

import io.yaostream.PlainBits;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.text.Printable;
import io.yaostream.examples.Aes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.HexFormat;
import java.util.List;

@Command(name = "aes", mixinStandardHelpOptions = true,
        description = {"AES-128 of the evaluator's block under the garbler's key (Boyar-Peralta S-box: 5,120 AND gates a block).",
                "The garbler expands its key in plaintext; the evaluator learns the ciphertext, in hex as FIPS-197 writes it "
                        + "(key and block: 32 hex digits each).",
                "With --sbox one-hot the S-box is HK21's one-hot garbling module instead (929 bytes an S-box against 1,024, "
                        + "with half-gates or grr3)."})
final class AesCommand extends BlockCipherCommand {
    @Option(names = "--sbox", paramLabel = "bp10|one-hot", defaultValue = "bp10",
            description = "The S-box: bp10, Boyar-Peralta's 32 AND gates, or one-hot, HK21's one-hot garbling module, which needs "
                    + "--scheme half-gates or grr3 (default: ${DEFAULT-VALUE}).")
    String sbox;

    @Override
    PlainBits roundKeys(String keyHex) {
        return Aes.toBits(Aes.expandKey(bytes(keyHex, "key")));
    }

    @Override
    PlainBits block(String blockHex) {
        return Aes.toBits(bytes(blockHex, "block"));
    }

    @Override
    SecureProgram<List<PlainBits>> program(int blocks) {
        return Aes.program(blocks, sBox());
    }

    @Override
    String name(int blocks) {
        return Aes.name(blocks, sBox());
    }

    /** The S-box asked for, checked against the scheme: the one-hot module needs one-hot garbling. */
    private Aes.SBox sBox() {
        Aes.SBox s;
        try {
            s = Aes.SBox.fromKey(sbox);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--sbox: " + e.getMessage());
        }
        if (s == Aes.SBox.ONE_HOT && !peer.scheme.scheme().oneHot()) {
            throw new UsageError("--sbox one-hot needs one-hot garbling, which runs with --scheme half-gates or grr3, not " + peer.scheme.scheme().name());
        }
        return s;
    }

    @Override
    String hex(PlainBits ciphertext) {
        return HexFormat.of().formatHex(Aes.toBytes(ciphertext));
    }

    private static byte[] bytes(String hex, String what) {
        String h = BitString.withoutHexPrefix(hex);
        String shown = Printable.clip(hex);
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
