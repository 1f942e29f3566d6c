package io.yaostream.cli;

import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.Secret;
import io.yaostream.internal.CoreBridge;

/**
 * Work a one-shot command does while its JVM is still starting the session (the transport, the kernel, the peer's
 * connection, the base OTs): on a daemon thread, the program runs on the plaintext back end on zero inputs for its
 * first {@value #CALLS} sub-circuit calls, so the sub-circuits it calls first are compiled into the JVM's circuit cache
 * (which the session would otherwise do in its online phase) and the program's classes are loaded. It sees no input,
 * label, key or random value of the session: only the program, which both parties know, and zeros; compilation is
 * deterministic, so the cache holds what the session would have compiled. Where the session asks for a circuit the
 * thread is compiling, it waits for that one compilation instead of repeating it. Whatever the program does on zeros
 * (an error, a loop on a revealed value) ends with the thread, at most {@value #CALLS} calls in.
 */
final class AheadOfSession {
    /** Calls before the plaintext run stops: one AES block (160), enough to meet a small program's circuits. */
    static final int CALLS = 200;

    private AheadOfSession() {
    }

    /** Starts the run on a daemon thread and returns at once (with the thread, which no one needs to wait for). */
    static Thread start(SecureProgram<?> program) {
        Thread t = new Thread(() -> {
            try {
                CoreBridge.engine(program).run(new Capped());
            } catch (Throwable e) { // optional work; a daemon thread would print what it let through
                // Stopped at the cap, or the program failed on zeros: the session runs on its own either way.
            }
        }, "yaostream-ahead");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Ends the plaintext run at the cap. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /** The plaintext back end on zero inputs, stopped after {@value #CALLS} calls. */
    private static final class Capped extends PlainContext {
        private int calls;

        Capped() {
            super(Party.EVALUATOR, BitString::zeros, BitString::zeros);
        }

        @Override
        public Secret[] call(CompiledCircuit circuit, Secret... args) {
            if (++calls > CALLS) {
                throw new Stop();
            }
            return super.call(circuit, args);
        }
    }
}
