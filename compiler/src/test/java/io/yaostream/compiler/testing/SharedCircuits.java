package io.yaostream.compiler.testing;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.core.circuit.CompiledCircuit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Access to the repository's Bristol circuit files ({@code circuits/bristol}, located by the system property
 * {@code yaostream.circuits} that the Maven build sets) and the bit-order helpers their known answers need.
 */
public final class SharedCircuits {
    private static final Map<String, CompiledCircuit> LOADED = new ConcurrentHashMap<>();

    private SharedCircuits() {
    }

    /** The shared Bristol folder; fails the test with a clear message when it cannot be found. */
    public static Path bristolDir() {
        String circuits = System.getProperty("yaostream.circuits");
        if (circuits == null || circuits.isBlank()) {
            fail("system property yaostream.circuits is not set: run the tests through Maven, which sets it to the "
                    + "repository's circuits folder, or pass -Dyaostream.circuits=PATH");
        }
        Path dir = Path.of(circuits, "bristol");
        if (!Files.isDirectory(dir)) {
            fail("yaostream.circuits=" + circuits + " has no bristol folder (expected " + dir.toAbsolutePath() + ")");
        }
        return dir;
    }

    /** Names of all circuit files in the folder. */
    public static List<String> files() {
        try (Stream<Path> s = Files.list(bristolDir())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] bytes(String name) {
        try {
            return Files.readAllBytes(bristolDir().resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file compiled through {@link CircuitLoader} with the format guessed, cached for the test run. */
    public static CompiledCircuit load(String name) {
        return LOADED.computeIfAbsent(name, n -> CircuitLoader.load(bristolDir().resolve(n)));
    }

    /**
     * The README's inventory: file name -> {AND, XOR, INV, EQ, EQW, MAND} as counted from the gate lines.
     */
    public static Map<String, int[]> readmeCounts() {
        Map<String, int[]> counts = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(bristolDir().resolve("README.md"))) {
                String[] cells = line.split("\\|");
                if (cells.length > 10 && cells[1].strip().endsWith(".txt")) {
                    int[] c = new int[6];
                    for (int i = 0; i < 6; i++) {
                        c[i] = Integer.parseInt(cells[4 + i].strip());
                    }
                    counts.put(cells[1].strip(), c);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (counts.isEmpty()) {
            fail("no inventory table found in " + bristolDir().resolve("README.md"));
        }
        return counts;
    }

    // ---- values on lanes: bit k of a value of width w sits at lanes[offset + k] (lane j = bit j) ----

    /**
     * Stores {@code value} for input set {@code lane}. LSB-INT (msbFirst false): wire offset+k carries bit k
     * of the value. MSB-STR (msbFirst true): wire offset+k carries bit (width-1-k), i.e. the value's
     * big-endian bit string in order.
     */
    public static void put(long[] lanes, int offset, int width, int lane, BigInteger value, boolean msbFirst) {
        if (value.signum() < 0 || value.bitLength() > width) {
            throw new IllegalArgumentException(value + " does not fit in " + width + " bits");
        }
        for (int k = 0; k < width; k++) {
            int bit = msbFirst ? width - 1 - k : k;
            if (value.testBit(bit)) {
                lanes[offset + k] |= 1L << lane;
            } else {
                lanes[offset + k] &= ~(1L << lane);
            }
        }
    }

    public static BigInteger get(long[] lanes, int offset, int width, int lane, boolean msbFirst) {
        BigInteger v = BigInteger.ZERO;
        for (int k = 0; k < width; k++) {
            if ((lanes[offset + k] >>> lane & 1) != 0) {
                v = v.setBit(msbFirst ? width - 1 - k : k);
            }
        }
        return v;
    }

    public static void putLong(long[] lanes, int offset, int lane, long value) {
        put(lanes, offset, 64, lane, unsigned(value), false);
    }

    public static long getLong(long[] lanes, int offset, int lane) {
        return get(lanes, offset, 64, lane, false).longValue();
    }

    public static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    public static BigInteger hex(String hex) {
        return new BigInteger(hex, 16);
    }

    public static byte[] unhex(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    /** The big-endian integer of a byte string (how LSB-INT and MSB-STR values are written as hex). */
    public static BigInteger bytesValue(byte[] b) {
        return new BigInteger(1, b);
    }

    /** {@code value} as exactly {@code n} big-endian bytes. */
    public static byte[] toBytes(BigInteger value, int n) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[n];
        int copy = Math.min(raw.length, n);
        System.arraycopy(raw, raw.length - copy, out, n - copy, copy);
        return out;
    }
}
