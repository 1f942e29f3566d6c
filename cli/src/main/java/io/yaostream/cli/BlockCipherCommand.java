package io.yaostream.cli;

import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.Party;
import io.yaostream.core.program.InputFeed;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A block cipher application: the garbler's key (expanded by the garbler in plaintext), the evaluator's block
 * encrypted {@code --blocks} times in one session, the ciphertexts to the evaluator, one hex line each.
 */
abstract class BlockCipherCommand extends AppCommand<List<PlainBits>> {
    @Mixin
    InOption in;

    @Option(names = "--blocks", paramLabel = "N", defaultValue = "1",
            description = "Encrypt the block N times in one session, each garbled afresh (default: ${DEFAULT-VALUE}).")
    int blocks;

    /** The garbler's input: its round keys, from the key as written. */
    abstract PlainBits roundKeys(String keyHex);

    /** The evaluator's input, from the block as written. */
    abstract PlainBits block(String blockHex);

    abstract SecureProgram<List<PlainBits>> program(int blocks);

    abstract String name(int blocks);

    /** A ciphertext as the specification writes it. */
    abstract String hex(PlainBits ciphertext);

    @Mixin
    ShardsOption shards;

    @Override
    ShardsOption shardsOption() {
        return shards;
    }

    /** The blocks cut into k slices, one shard each; the evaluator gets every ciphertext, in order. */
    @Override
    final ShardPlan<List<PlainBits>> shardPlan(Party role, int k) {
        plan(role); // checks every option and input
        List<String> v = values(in.values(), role, role == null ? 2 : 1, role == null ? "key and block" : role == Party.GARBLER ? "key" : "block");
        return ShardPlan.joined(name(blocks), i -> program(size(k, i)),
                parts -> parts.stream().flatMap(List::stream).toList(),
                i -> role == Party.EVALUATOR ? Inputs.none() : Inputs.bits(roundKeys(v.get(0))),
                i -> role == Party.GARBLER ? Inputs.none() : Inputs.bits(Collections.nCopies(size(k, i), block(v.get(v.size() - 1)))));
    }

    /** Blocks in shard i of k: the first blocks % k shards one more. */
    private int size(int k, int i) {
        return blocks / k + (i < blocks % k ? 1 : 0);
    }

    @Override
    final Plan<List<PlainBits>> plan(Party role) {
        if (blocks < 1) {
            throw new UsageError("--blocks: must be at least 1, got " + blocks);
        }
        List<String> v = values(in.values(), role, role == null ? 2 : 1, role == null ? "key and block" : role == Party.GARBLER ? "key" : "block");
        Inputs g = role == Party.EVALUATOR ? Inputs.none() : Inputs.bits(roundKeys(v.get(0)));
        Inputs e = role == Party.GARBLER ? Inputs.none() : Inputs.bits(Collections.nCopies(blocks, block(v.get(v.size() - 1))));
        return new Plan<>(program(blocks), name(blocks), g, e);
    }

    @Override
    final String format(List<PlainBits> result) {
        return result.isEmpty() ? null : result.stream().map(this::hex).collect(Collectors.joining("\n"));
    }
}
