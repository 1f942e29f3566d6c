package io.yaostream;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/** Both parties of a run in this process: the garbler's side on another thread, the evaluator's on this one. */
final class BothParties {
    private BothParties() {
    }

    /** What each side returned. */
    record Results<T>(T garbler, T evaluator) {
    }

    /**
     * Runs both sides and waits for both; a failure is the evaluator's if it failed, else the garbler's, raised once
     * both have ended (so the garbler has finished failing before the evaluator's failure is reported).
     */
    static <T> Results<T> run(Supplier<T> garblerSide, Supplier<T> evaluatorSide) {
        CompletableFuture<T> garbler = CompletableFuture.supplyAsync(garblerSide);
        T evaluator;
        try {
            evaluator = evaluatorSide.get();
        } catch (RuntimeException e) {
            garbler.handle((r, t) -> null).join();
            throw e;
        }
        try {
            return new Results<>(garbler.join(), evaluator);
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }
}
