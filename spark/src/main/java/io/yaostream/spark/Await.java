package io.yaostream.spark;

import java.util.function.BooleanSupplier;

/** Waiting on a monitor until a condition holds or a time has passed; the one loop the link and the stage's watch share. */
final class Await {
    private Await() {
    }

    /**
     * Waits on {@code lock}, which the caller holds, until {@code done} holds or {@code millis} have passed (forever when
     * negative); an interrupt ends the wait and is kept.
     */
    static void until(Object lock, BooleanSupplier done, long millis) {
        long deadline = System.currentTimeMillis() + millis;
        try {
            while (!done.getAsBoolean()) {
                long left = deadline - System.currentTimeMillis();
                if (millis >= 0 && left <= 0) {
                    return;
                }
                lock.wait(millis < 0 ? 0 : left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
