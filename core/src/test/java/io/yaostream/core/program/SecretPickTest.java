package io.yaostream.core.program;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link Secret#pick} against a bit-by-bit reference, for every state width the back ends use. */
class SecretPickTest {
    @Test
    void pickCopiesEachBitsStateFromItsSourceOrTheFill() {
        SplittableRandom r = new SplittableRandom(5);
        for (int words : new int[] {1, 2, 4}) {
            for (int run = 0; run < 50; run++) {
                int width = 1 + r.nextInt(200);
                Secret source = random(r, width, words);
                Secret fill = random(r, 1, words);
                int[] from = new int[r.nextInt(300)];
                for (int i = 0; i < from.length; i++) {
                    from[i] = r.nextInt(4) == 0 ? -1 : r.nextInt(width);
                }
                Secret picked = Secret.pick(source, from, fill);
                assertEquals(from.length, picked.width());
                long[] expected = new long[from.length * words];
                for (int i = 0; i < from.length; i++) {
                    for (int k = 0; k < words; k++) {
                        expected[i * words + k] = from[i] < 0 ? fill.state[k] : source.state[from[i] * words + k];
                    }
                }
                assertArrayEquals(expected, picked.state, words + " words a bit, run " + run);
            }
        }
    }

    @Test
    void aBitOutOfRangeOrAMissingFillIsRefused() {
        Secret s = new Secret(8, 2);
        assertThrows(IndexOutOfBoundsException.class, () -> Secret.pick(s, new int[] {0, 8}, new Secret(1, 2)));
        IndexOutOfBoundsException noFill = assertThrows(IndexOutOfBoundsException.class, () -> Secret.pick(s, new int[] {3, -1}, null));
        assertEquals("bit 1 takes bit -1 of an 8-bit secret with no fill", noFill.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Secret.pick(s, new int[] {0}, new Secret(1, 4)));
    }

    private static Secret random(SplittableRandom r, int width, int words) {
        Secret s = new Secret(width, words);
        for (int i = 0; i < s.state.length; i++) {
            s.state[i] = r.nextLong();
        }
        return s;
    }
}
