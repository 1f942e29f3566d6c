package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.net.Channel;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** Runs one program as both parties on two threads over a pair of connected channels, collecting each side's reveals. */
public final class TwoParties {
    /** What each party revealed, in order, and its session figures. */
    public record Outcome(List<Optional<BitString>> garbler, List<Optional<BitString>> evaluator,
                   YaoSession.Result<?> garblerResult, YaoSession.Result<?> evaluatorResult) {
    }

    private TwoParties() {
    }

    /** {@code program} gets the list its reveals go to. Failures of either side are rethrown (the garbler's first, the evaluator's suppressed in it). */
    public static Outcome run(Channel[] ends, YaoSession.Config garblerConfig, YaoSession.Config evaluatorConfig,
                       Function<List<Optional<BitString>>, Program<?>> program, InputFeed garblerFeed, InputFeed evaluatorFeed) {
        List<Optional<BitString>> g = new ArrayList<>();
        List<Optional<BitString>> e = new ArrayList<>();
        CompletableFuture<YaoSession.Result<?>> garbler = CompletableFuture.supplyAsync(() -> {
            try {
                YaoSession.Result<?> r = new YaoSession(Party.GARBLER, ends[0], garblerConfig, AesCtrRandom.forTesting(1)).run(program.apply(g), garblerFeed);
                return r;
            } finally {
                ends[0].close();
            }
        });
        YaoSession.Result<?> er = null;
        RuntimeException evaluatorFailure = null;
        try {
            er = new YaoSession(Party.EVALUATOR, ends[1], evaluatorConfig, AesCtrRandom.forTesting(2)).run(program.apply(e), evaluatorFeed);
        } catch (RuntimeException ex) {
            evaluatorFailure = ex;
        } finally {
            ends[1].close();
        }
        YaoSession.Result<?> gr;
        try {
            gr = garbler.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException ex) {
            RuntimeException garblerFailure = (RuntimeException) ex.getCause();
            if (evaluatorFailure != null) {
                garblerFailure.addSuppressed(evaluatorFailure); // often the cause: the garbler only saw her hang up
            }
            throw garblerFailure;
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
        if (evaluatorFailure != null) {
            throw evaluatorFailure;
        }
        return new Outcome(g, e, gr, er);
    }
}
