package io.yaostream.core.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EnglishTest {
    @Test
    void theArticleFollowsTheSoundOfTheNumber() {
        for (long n : new long[] {8, 11, 18, 80, 89, 800, 8_000, 11_000, 18_500, 11_000_000, 8_192}) {
            assertEquals("an", English.article(n), Long.toString(n));
        }
        for (long n : new long[] {1, 7, 10, 12, 16, 64, 100, 110, 128, 180, 1_100, 1_800, 111_000, 128_000}) {
            assertEquals("a", English.article(n), Long.toString(n));
        }
    }
}
