package io.yaostream.core.testing;

import io.yaostream.core.format.CircuitFormatException;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Shared helpers for malformed-input tests: the error-message contract of {@link CircuitFormatException}
 * and a mutation fuzzer. (Published in core's test-jar and used by the compiler module's tests too.)
 *
 * <p>Contract: a message is one line, starts with the file name, then ':' and a line number (text formats)
 * or ': byte N' (binary formats), then ': ' and the problem.
 */
public final class Malformed {
    /** How a format locates problems. */
    public enum Where {
        LINE, BYTE,
        /** Either form: for readers that detect the format (text or binary) from the content. */
        EITHER
    }

    /** Reads a file and, if it is accepted, uses the result (e.g. evaluates it). */
    @FunctionalInterface
    public interface Reader {
        void read(byte[] data) throws Exception;
    }

    /** Time allowed for one parse of a small file; generous because the machine is shared. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static final String[] BIG_NUMBERS = {
        "99999999999", "2147483647", "2147483648", "4294967295", "4294967296", "-1", "-2147483648",
        "16777216", "1048576", "65536", "0", "1", "000000000000000000001"
    };
    private static final int[] SPECIAL_INTS = {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, 1, 2, 255, 65536, 1 << 26, 1 << 30};
    private static final byte[] SPECIAL_BYTES = {'\n', '\r', ' ', '\t', ',', ';', ':', '-', '+', '0', '1', '9', '/', '#', 0, 127, -1, -128};

    private Malformed() {
    }

    /**
     * Checks the message contract and that the message names the problem: it contains each of
     * {@code words} (case-insensitive). Returns the location number (line or byte).
     */
    public static long assertMessage(CircuitFormatException e, String fileName, Where where, String... words) {
        String m = e.getMessage();
        String v = contractViolation(m, fileName, where);
        if (v != null) {
            fail(v);
        }
        for (String w : words) {
            assertTrue(m.toLowerCase(Locale.ROOT).contains(w.toLowerCase(Locale.ROOT)),
                    () -> "message should mention '" + w + "': " + m);
        }
        return location(m, fileName, where);
    }

    /** Null when {@code m} follows the contract, else what is wrong with it. */
    public static String contractViolation(String m, String fileName, Where where) {
        if (m == null) {
            return "no message";
        }
        if (m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
            return "message is not a single line: " + escape(m);
        }
        if (!pattern(fileName, where).matcher(m).matches()) {
            String form = switch (where) {
                case LINE -> ":LINE: '";
                case BYTE -> ": byte N: '";
                case EITHER -> ":LINE: ' or ': byte N: '";
            };
            return "message does not start with '" + fileName + form + " and a problem: " + escape(m);
        }
        return null;
    }

    private static long location(String m, String fileName, Where where) {
        Matcher x = pattern(fileName, where).matcher(m);
        assertTrue(x.matches());
        return Long.parseLong(x.group(1));
    }

    private static Pattern pattern(String fileName, Where where) {
        String loc = switch (where) {
            case LINE -> ":([0-9]+): ";
            case BYTE -> ": byte ([0-9]+): ";
            case EITHER -> ":(?: byte )?([0-9]+): ";
        };
        return Pattern.compile(Pattern.quote(fileName) + loc + "(\\S.*)", Pattern.DOTALL);
    }

    /**
     * Reads {@code data} on a worker thread and waits at most {@link #TIMEOUT}: returns what the read threw,
     * or null, and fails the test if it hangs. This is what {@code assertTimeoutPreemptively} does, but the
     * worker thread is reused (a fuzz run reads thousands of files, and a new thread per case would cost
     * more than the reads).
     */
    public static Throwable guarded(Reader reader, byte[] data, String context) {
        return guarded(reader, data, context, TIMEOUT);
    }

    /** {@link #guarded(Reader, byte[], String)} with another time limit. */
    public static synchronized Throwable guarded(Reader reader, byte[] data, String context, Duration timeout) {
        Future<Throwable> f = worker.submit(() -> {
            try {
                reader.read(data);
                return null;
            } catch (Throwable x) {
                return x;
            }
        });
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            worker.shutdownNow();
            worker = newWorker(); // the old one may never come back
            return fail("reading did not finish within " + timeout + context + ": " + escape(data));
        } catch (InterruptedException | ExecutionException e) {
            throw new AssertionError(e);
        }
    }

    private static ExecutorService worker = newWorker();

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "malformed-input-reader");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Asserts that reading {@code data} fails (within {@link #TIMEOUT}) with a contract-following message
     * that contains {@code words}; returns the location.
     */
    public static long assertRejected(Reader reader, byte[] data, String fileName, Where where, String... words) {
        Throwable t = guarded(reader, data, "");
        if (t == null) {
            fail("accepted a malformed file: " + escape(data));
        }
        if (!(t instanceof CircuitFormatException e)) {
            throw new AssertionError("expected CircuitFormatException for " + escape(data) + ", got " + t, t);
        }
        return assertMessage(e, fileName, where, words);
    }

    /** As {@link #assertRejected}, and the message points at {@code expectedLocation}. */
    public static void assertRejectedAt(Reader reader, byte[] data, String fileName, Where where, long expectedLocation,
                                        String... words) {
        long at = assertRejected(reader, data, fileName, where, words);
        assertEquals(expectedLocation, at, () -> "wrong " + (where == Where.LINE ? "line" : "byte") + " for " + escape(data));
    }

    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    // ---- editing text files by line number (1-based, as in the messages) ----

    public static String replaceLine(String text, int line, String with) {
        List<String> l = new java.util.ArrayList<>(List.of(text.split("\n", -1)));
        l.set(line - 1, with);
        return String.join("\n", l);
    }

    public static String deleteLine(String text, int line) {
        List<String> l = new java.util.ArrayList<>(List.of(text.split("\n", -1)));
        l.remove(line - 1);
        return String.join("\n", l);
    }

    /** Inserts {@code with} so that it becomes line {@code line}. */
    public static String insertLine(String text, int line, String with) {
        List<String> l = new java.util.ArrayList<>(List.of(text.split("\n", -1)));
        l.add(line - 1, with);
        return String.join("\n", l);
    }

    /**
     * Copies of {@code text} in which one number (a run of digits) on lines {@code fromLine..toLine} is
     * replaced by {@code replacement}; each entry is {line, modified text}.
     */
    public static List<Object[]> eachNumberReplaced(String text, int fromLine, int toLine, String replacement) {
        List<Object[]> out = new java.util.ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int ln = fromLine; ln <= toLine; ln++) {
            Matcher m = Pattern.compile("[0-9]+").matcher(lines[ln - 1]);
            while (m.find()) {
                String changed = lines[ln - 1].substring(0, m.start()) + replacement + lines[ln - 1].substring(m.end());
                out.add(new Object[] {ln, replaceLine(text, ln, changed)});
            }
        }
        return out;
    }

    /** Numbers no header field of a small file can hold: too large for an int, for the file, or negative. */
    public static final String[] HUGE_NUMBERS = {"99999999999", "2147483647", "4294967296", "-1"};

    /**
     * Each number on lines {@code fromLine..toLine} of {@code valid}, replaced by each of {@code values}, is
     * refused; with {@code nameTheNumber} the message must quote the value.
     */
    public static void assertNumbersRefused(Reader reader, String valid, int fromLine, int toLine, String fileName,
                                            Where where, boolean nameTheNumber, String... values) {
        for (String big : values) {
            for (Object[] c : eachNumberReplaced(valid, fromLine, toLine, big)) {
                byte[] data = ascii((String) c[1]);
                if (nameTheNumber) {
                    assertRejected(reader, data, fileName, where, big);
                } else {
                    assertRejected(reader, data, fileName, where);
                }
            }
        }
    }

    /** Every prefix of {@code valid} shorter than {@code shortestAccepted} bytes is refused. */
    public static void assertPrefixesRefused(Reader reader, byte[] valid, int shortestAccepted, String fileName, Where where) {
        for (int n = 0; n < shortestAccepted; n++) {
            assertRejected(reader, java.util.Arrays.copyOf(valid, n), fileName, where);
        }
    }

    /**
     * {@code count} random byte strings (up to 300 bytes, from {@code seed}) are refused, alone and, when
     * {@code validHead} is not null, after a valid header so that the body parser meets them.
     */
    public static void assertGarbageRefused(Reader reader, long seed, int count, byte[] validHead, String fileName, Where where) {
        Random rnd = new Random(seed);
        for (int i = 0; i < count; i++) {
            byte[] junk = new byte[1 + rnd.nextInt(300)];
            rnd.nextBytes(junk);
            if (junk[0] == 0) {
                junk[0] = 1; // a leading zero byte is how format detection recognises .bmec
            }
            assertRejected(reader, junk, fileName, where);
            if (validHead != null) {
                byte[] both = java.util.Arrays.copyOf(validHead, validHead.length + junk.length);
                System.arraycopy(junk, 0, both, validHead.length, junk.length);
                assertRejected(reader, both, fileName, where);
            }
        }
    }

    // ---- fuzzing ----

    /**
     * Mutation fuzzer: {@code iterations} times, mutates one of {@code seeds} (then, for about half the
     * cases, applies {@code fixup}, e.g. recomputing a checksum so the mutation reaches the parser) and reads
     * it. Each read must finish within {@link #TIMEOUT} and either succeed or throw a
     * {@link CircuitFormatException} that follows the message contract; anything else (other exceptions,
     * errors such as OutOfMemoryError) fails the test, naming the seed, iteration and input.
     *
     * @return how many mutants were accepted (so callers can check the fuzzer reaches past the header)
     */
    public static int fuzz(String fileName, Where where, List<byte[]> seeds, long seed, int iterations,
                           UnaryOperator<byte[]> fixup, Reader reader) {
        Random rnd = new Random(seed);
        int accepted = 0;
        for (int it = 0; it < iterations; it++) {
            byte[] data = mutate(seeds.get(rnd.nextInt(seeds.size())), rnd);
            if (fixup != null && rnd.nextBoolean()) {
                data = fixup.apply(data);
            }
            byte[] input = data;
            int iteration = it;
            Throwable t = guarded(reader, input, " (seed " + seed + ", iteration " + iteration + ")");
            if (t == null) {
                accepted++;
                continue;
            }
            String where0 = " (seed " + seed + ", iteration " + it + ") on " + escape(input);
            if (!(t instanceof CircuitFormatException)) {
                throw new AssertionError("unexpected " + t + where0, t);
            }
            String v = contractViolation(t.getMessage(), fileName, where);
            if (v != null) {
                fail(v + where0);
            }
        }
        return accepted;
    }

    /** One to three random mutations: byte-level, line-level and number-level. */
    public static byte[] mutate(byte[] seed, Random rnd) {
        byte[] d = seed;
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            d = mutateOnce(d, rnd);
        }
        return d;
    }

    private static byte[] mutateOnce(byte[] d, Random rnd) {
        if (d.length == 0) {
            return new byte[] {SPECIAL_BYTES[rnd.nextInt(SPECIAL_BYTES.length)]};
        }
        int p = rnd.nextInt(d.length);
        switch (rnd.nextInt(12)) {
            case 0: { // flip a bit
                byte[] r = d.clone();
                r[p] ^= (byte) (1 << rnd.nextInt(8));
                return r;
            }
            case 1: { // random byte
                byte[] r = d.clone();
                r[p] = (byte) rnd.nextInt(256);
                return r;
            }
            case 2: { // a byte that means something to some parser
                byte[] r = d.clone();
                r[p] = SPECIAL_BYTES[rnd.nextInt(SPECIAL_BYTES.length)];
                return r;
            }
            case 3: { // insert bytes
                byte[] ins = new byte[1 + rnd.nextInt(4)];
                for (int i = 0; i < ins.length; i++) {
                    ins[i] = rnd.nextBoolean() ? (byte) rnd.nextInt(256) : SPECIAL_BYTES[rnd.nextInt(SPECIAL_BYTES.length)];
                }
                return splice(d, p, p, ins);
            }
            case 4: // delete bytes
                return splice(d, p, Math.min(d.length, p + 1 + rnd.nextInt(8)), new byte[0]);
            case 5: // truncate
                return java.util.Arrays.copyOf(d, p);
            case 6: { // duplicate a line
                int[] line = lineAt(d, p);
                byte[] copy = java.util.Arrays.copyOfRange(d, line[0], line[1]);
                return splice(d, line[1], line[1], copy);
            }
            case 7: { // delete a line
                int[] line = lineAt(d, p);
                return splice(d, line[0], line[1], new byte[0]);
            }
            case 8: { // swap a line with the next one
                int[] a = lineAt(d, p);
                if (a[1] >= d.length) {
                    return d;
                }
                int[] b = lineAt(d, a[1]);
                byte[] first = java.util.Arrays.copyOfRange(d, a[0], a[1]);
                byte[] second = java.util.Arrays.copyOfRange(d, b[0], b[1]);
                byte[] both = new byte[first.length + second.length];
                System.arraycopy(second, 0, both, 0, second.length);
                System.arraycopy(first, 0, both, second.length, first.length);
                return splice(d, a[0], b[1], both);
            }
            case 9: { // replace a run of digits with a big, negative or boundary number
                int s = p;
                while (s < d.length && (d[s] < '0' || d[s] > '9')) {
                    s++;
                }
                if (s == d.length) {
                    return d;
                }
                int e = s;
                while (e < d.length && d[e] >= '0' && d[e] <= '9') {
                    e++;
                }
                return splice(d, s, e, ascii(BIG_NUMBERS[rnd.nextInt(BIG_NUMBERS.length)]));
            }
            case 10: { // overwrite four bytes with a special big-endian int32
                byte[] r = d.clone();
                int v = SPECIAL_INTS[rnd.nextInt(SPECIAL_INTS.length)];
                for (int i = 0; i < 4 && p + i < r.length; i++) {
                    r[p + i] = (byte) (v >>> (24 - 8 * i));
                }
                return r;
            }
            default: { // copy a chunk of the file to another place
                int from = rnd.nextInt(d.length);
                byte[] chunk = java.util.Arrays.copyOfRange(d, from, Math.min(d.length, from + 1 + rnd.nextInt(16)));
                return splice(d, p, p, chunk);
            }
        }
    }

    /** [start, end) of the line around position p, including its '\n'. */
    private static int[] lineAt(byte[] d, int p) {
        int s = p;
        while (s > 0 && d[s - 1] != '\n') {
            s--;
        }
        int e = p;
        while (e < d.length && d[e] != '\n') {
            e++;
        }
        return new int[] {s, Math.min(d.length, e + 1)};
    }

    private static byte[] splice(byte[] d, int from, int to, byte[] insert) {
        byte[] r = new byte[d.length - (to - from) + insert.length];
        System.arraycopy(d, 0, r, 0, from);
        System.arraycopy(insert, 0, r, from, insert.length);
        System.arraycopy(d, to, r, from + insert.length, d.length - to);
        return r;
    }

    /** Printable form of (the start of) an input, for failure messages. */
    public static String escape(byte[] data) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < Math.min(data.length, 400); i++) {
            int b = data[i] & 0xff;
            if (b == '\n') {
                sb.append("\\n");
            } else if (b >= 32 && b < 127 && b != '"' && b != '\\') {
                sb.append((char) b);
            } else {
                sb.append(String.format("\\x%02x", b));
            }
        }
        return sb.append(data.length > 400 ? "...\" (" + data.length + " bytes)" : "\"").toString();
    }

    public static String escape(String s) {
        return escape(s.getBytes(StandardCharsets.UTF_8));
    }
}
