package io.yaostream;

import io.yaostream.core.program.Secret;

/** Shifts by public amounts: only wiring, with public zero bits. */
final class Shifts {
    private Shifts() {
    }

    static Secret left(Computation c, Secret s, int k) {
        check(k);
        int n = s.width();
        if (k >= n) {
            return c.zeros(n);
        }
        return k == 0 ? s : Secret.concat(c.zeros(k), s.slice(0, n - k));
    }

    static Secret right(Computation c, Secret s, int k) {
        check(k);
        int n = s.width();
        if (k >= n) {
            return c.zeros(n);
        }
        return k == 0 ? s : Secret.concat(s.slice(k, n), c.zeros(k));
    }

    /** Down by {@code k}, copies of the sign bit coming in at the top. */
    static Secret arithmeticRight(Secret s, int k) {
        check(k);
        int n = s.width();
        Secret sign = s.bit(n - 1);
        if (k >= n) {
            return sign.repeat(n);
        }
        return k == 0 ? s : Secret.concat(s.slice(k, n), sign.repeat(k));
    }

    private static void check(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("shift by " + k + " < 0");
        }
    }
}
