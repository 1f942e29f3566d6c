package io.yaostream;

import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.twoparty.YaoSession;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Runs a program as both parties on two threads over an in-memory channel pair, with the Java kernel. */
public final class Runs {
    public record Both<R>(YaoSession.Result<R> garbler, YaoSession.Result<R> evaluator) {
    }

    private Runs() {
    }

    public static <R> Both<R> garbled(String scheme, String name, SecureProgram<R> secure, Supplier<Inputs> garbler, Supplier<Inputs> evaluator) {
        Program<R> program = EngineProgram.of(secure);
        MemoryChannel[] ends = MemoryChannel.pair(30_000);
        CompletableFuture<YaoSession.Result<R>> g = CompletableFuture.supplyAsync(() -> {
            try (MemoryChannel end = ends[0]) {
                return new YaoSession(Party.GARBLER, ends[0], config(scheme, name), AesCtrRandom.forTesting(1)).run(program, garbler.get().feed());
            }
        });
        YaoSession.Result<R> e;
        try (MemoryChannel end = ends[1]) {
            e = new YaoSession(Party.EVALUATOR, ends[1], config(scheme, name), AesCtrRandom.forTesting(2)).run(program, evaluator.get().feed());
        }
        try {
            return new Both<>(g.get(120, TimeUnit.SECONDS), e);
        } catch (java.util.concurrent.ExecutionException ex) {
            throw (RuntimeException) ex.getCause();
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
    }

    private static YaoSession.Config config(String scheme, String name) {
        return new YaoSession.Config(Schemes.byName(scheme), new JavaKernel(), new EcBaseOt(1, new JavaKernel()), name, List.of());
    }
}
