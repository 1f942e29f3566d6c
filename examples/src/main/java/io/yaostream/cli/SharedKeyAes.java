package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.protocol.Program;
import io.yaostream.core.protocol.ProgramContext;
import io.yaostream.core.protocol.Secret;

import java.util.List;
import java.util.Optional;

/**
 * AES-128 under a key no party holds (MRZ15 §4.2): P1 gives K1, P2 gives K2, P3 the message; the key is K1 ⊕ K2
 * (free), the ciphertext is revealed to all three. {@code times} encryptions of the same message in one session.
 */
final class SharedKeyAes implements Program<List<Optional<BitString>>> {
    private final CompiledCircuit aes;
    private final long times;

    /** {@code aes}: the Bristol AES-128 (key group first, then the message). */
    SharedKeyAes(CompiledCircuit aes, long times) {
        this.aes = aes;
        this.times = times;
    }

    String name() {
        return "shared-key aes-128 x" + times;
    }

    @Override
    public List<Optional<BitString>> run(ProgramContext ctx) {
        Secret key = ctx.xor(ctx.input(1, 128), ctx.input(2, 128));
        Secret message = ctx.input(3, 128);
        Secret[] out = null;
        for (long r = 0; r < times; r++) {
            out = ctx.call(aes, key, message);
        }
        return List.of(ctx.reveal(out[0], Receiver.BOTH));
    }
}
