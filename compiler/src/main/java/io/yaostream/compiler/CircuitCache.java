package io.yaostream.compiler;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles;
import io.yaostream.core.format.SlotBinaryFormat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;

/**
 * Compiled circuits kept on disk by content, so a Bristol or ME-SFE source is parsed and optimised once per machine
 * rather than at every run. An entry is the slot-ID binary file ({@link SlotBinaryFormat}) of the compiled circuit,
 * named by the SHA-256 of what decides it: {@link #FORMAT_VERSION}, a fingerprint of the classes that compile, the
 * source format, the compiler options and the source file's bytes. The same source under another name finds the same
 * entry; any change to the file finds another.
 *
 * <p>Entries are written to a temporary file in the cache directory and renamed into place, so a reader never sees
 * half an entry, and two processes that compile the same source at once both succeed (the last rename wins, with the
 * same bytes). An entry that does not read back (damaged, truncated, a checksum mismatch) is deleted and the source
 * compiled again. The directory's entries are kept under a total size ({@link #maxBytes()}): when a new entry would
 * pass it, the least recently used go first (a hit sets its entry's modification time). A cache that cannot be
 * written is a miss: the circuit is compiled as without a cache, with at most one notice.
 */
public final class CircuitCache {
    /**
     * Part of every key: bump it whenever the compiler's output for a given source can change (passes, scheduling,
     * slot allocation, the slot-ID format), so no older entry is read. The key also covers a fingerprint of the
     * compiler's jar (or classes), which catches changes nobody bumped for.
     */
    public static final int FORMAT_VERSION = 1;

    /** System property naming the cache directory, or {@code off}; read before {@value #DIR_ENV}. */
    public static final String DIR_PROPERTY = "yaostream.cache.dir";
    /** Environment variable naming the cache directory, or {@code off}. */
    public static final String DIR_ENV = "YAOSTREAM_CACHE_DIR";
    /** System property for the size cap in bytes; read before {@value #MAX_BYTES_ENV}. */
    public static final String MAX_BYTES_PROPERTY = "yaostream.cache.maxBytes";
    /** Environment variable for the size cap: bytes, or a number with K, M or G (powers of 1024). */
    public static final String MAX_BYTES_ENV = "YAOSTREAM_CACHE_MAX_BYTES";
    /** The size cap when none is set: 1 GiB. */
    public static final long DEFAULT_MAX_BYTES = 1L << 30;

    static final String ENTRY_SUFFIX = ".ysid";
    private static final String TEMP_SUFFIX = ".tmp";
    /** A temporary file older than this was left by a writer that died; eviction removes it. */
    private static final long STALE_TEMP_MILLIS = 60 * 60 * 1000L;
    private static final int HEAD_BYTES = 4096;

    private final Path dir;
    private final long maxBytes;
    private final Consumer<String> notices;
    private final AtomicBoolean noticed = new AtomicBoolean();

    /**
     * @param dir      the directory of the entries (made when the first entry is written)
     * @param maxBytes the most the entries may take together
     * @param notices  where the one notice about a cache that cannot be used goes (a line, no newline)
     */
    public CircuitCache(Path dir, long maxBytes, Consumer<String> notices) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes " + maxBytes + " < 0");
        }
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.notices = notices;
    }

    /**
     * The user's cache, from the system properties and environment, or null when it is turned off
     * ({@code off} as the directory, or a cap of 0).
     */
    public static CircuitCache userCache(Consumer<String> notices) {
        return configured(System::getProperty, System::getenv, notices);
    }

    /**
     * The cache that these properties and environment variables configure, or null when turned off. The directory:
     * {@value #DIR_PROPERTY}, else {@value #DIR_ENV}, else {@code $XDG_CACHE_HOME/yaostream/circuits} (when absolute),
     * else {@code ~/.cache/yaostream/circuits}. The cap: {@value #MAX_BYTES_PROPERTY}, else {@value #MAX_BYTES_ENV},
     * else {@link #DEFAULT_MAX_BYTES}; a value that is not a size is reported once and the default used.
     */
    public static CircuitCache configured(UnaryOperator<String> properties, UnaryOperator<String> environment, Consumer<String> notices) {
        Path dir = directory(properties, environment);
        if (dir == null) {
            return null;
        }
        long max = DEFAULT_MAX_BYTES;
        String name = MAX_BYTES_PROPERTY;
        String value = properties.apply(MAX_BYTES_PROPERTY);
        if (value == null || value.isBlank()) {
            name = MAX_BYTES_ENV;
            value = environment.apply(MAX_BYTES_ENV);
        }
        if (value != null && !value.isBlank()) {
            long parsed = parseSize(value);
            if (parsed < 0) {
                notices.accept("yaostream: " + name + "=" + value.strip() + " is not a size (bytes, or a number with K, M or G);"
                        + " the circuit cache keeps up to " + DEFAULT_MAX_BYTES + " bytes");
            } else {
                max = parsed;
            }
        }
        return max == 0 ? null : new CircuitCache(dir, max, notices);
    }

    /** The configured directory (see {@link #configured}), or null when the cache is turned off. */
    static Path directory(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        for (String given : new String[] {properties.apply(DIR_PROPERTY), environment.apply(DIR_ENV)}) {
            if (given != null && !given.isBlank()) {
                return given.strip().equalsIgnoreCase("off") ? null : Path.of(given.strip());
            }
        }
        String xdg = environment.apply("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "yaostream", "circuits");
        }
        return Path.of(properties.apply("user.home"), ".cache", "yaostream", "circuits");
    }

    /** A size: bytes, or a number with K, M or G (powers of 1024); -1 when it is not one. */
    static long parseSize(String value) {
        String v = value.strip().toUpperCase(Locale.ROOT);
        if (v.endsWith("IB")) {
            v = v.substring(0, v.length() - 2);
        } else if (v.endsWith("B")) {
            v = v.substring(0, v.length() - 1);
        }
        int shift = 0;
        if (!v.isEmpty()) {
            switch (v.charAt(v.length() - 1)) {
                case 'K' -> shift = 10;
                case 'M' -> shift = 20;
                case 'G' -> shift = 30;
                case 'T' -> shift = 40;
                default -> shift = -1;
            }
            if (shift >= 0) {
                v = v.substring(0, v.length() - 1).strip();
            } else {
                shift = 0;
            }
        }
        try {
            long n = Long.parseLong(v);
            if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
                return -1;
            }
            return n << shift;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public Path directory() {
        return dir;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /**
     * Loads a circuit file as {@link CircuitLoader#load(Path, CircuitLoader.SourceFormat, Compiler.Options, long)}
     * does, through the cache: a compiled slot-ID file is read as it is, a source is read from its entry when there is
     * one (a slot-ID binary file, read as it is walked when above {@code memoryBudget}), else compiled and kept.
     */
    public CompiledCircuit load(Path path, CircuitLoader.SourceFormat from, Compiler.Options options, long memoryBudget) {
        String kind = from == CircuitLoader.SourceFormat.SLOT ? null : sourceKind(path, from);
        if (kind == null) {
            return CircuitLoader.load(path, from, options, memoryBudget); // compiled already, or unreadable: its usual errors
        }
        byte[] key;
        String stamp;
        try {
            stamp = stamp(path);
            key = keyOf(path, kind, options);
        } catch (IOException | RuntimeException e) {
            return CircuitLoader.load(path, from, options, memoryBudget);
        }
        CompiledCircuit hit = get(key, memoryBudget);
        if (hit != null) {
            return hit;
        }
        // Kept under the key of the bytes compiled: hashed again should the file have changed since it was hashed.
        return CircuitLoader.loadWhole(path, from, options, (data, c) -> {
            String now;
            try {
                now = stamp(path);
            } catch (IOException e) {
                now = null;
            }
            put(stamp.equals(now) && data.length == sizeIn(stamp) ? key : key(data, kind, options), c);
        });
    }

    /** A file's size and modification time, which change with any write to it. */
    private static String stamp(Path path) throws IOException {
        java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class);
        return a.size() + " " + a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    private static long sizeIn(String stamp) {
        return Long.parseLong(stamp.substring(0, stamp.indexOf(' ')));
    }

    /**
     * What kind of source the file is, as far as it decides the compiled circuit beside its bytes: null for a compiled
     * slot-ID file (never cached) or a file that cannot be read (whose error the loader reports).
     */
    private static String sourceKind(Path path, CircuitLoader.SourceFormat from) {
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            if (Files.size(path) > CircuitFiles.MAX_FILE_BYTES) {
                return null;
            }
            head = in.readNBytes(HEAD_BYTES);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (from != null) {
            return from.key(); // bristol, bristol-old, mesfe: the loader decides the rest by content
        }
        CircuitFiles.Format compiled = CircuitFiles.detect(head, path.toString());
        if (compiled == null) {
            return "bristol-guessed"; // the dialect is guessed from the content
        }
        return switch (compiled) {
            case SLOT_BINARY, SLOT_TEXT -> null;
            case MESFE_TEXT -> "mesfe-text";
            case MESFE_BINARY -> "mesfe-binary";
        };
    }

    /** The entry for this key read back, or null (none, or one that does not read back, which is then removed). */
    CompiledCircuit get(byte[] key, long memoryBudget) {
        Path entry = entryPath(key);
        if (!Files.isRegularFile(entry)) {
            return null;
        }
        try {
            CompiledCircuit c = SlotBinaryFormat.open(entry, memoryBudget);
            if (c.isStreamed()) {
                verifyChecksum(entry); // a streamed circuit's checksum is otherwise checked only at the end of a walk
            }
            try {
                Files.setLastModifiedTime(entry, FileTime.fromMillis(System.currentTimeMillis()));
            } catch (IOException e) {
                // a read-only cache still serves its entries; only the eviction order suffers
            }
            return c;
        } catch (RuntimeException e) {
            try {
                Files.deleteIfExists(entry);
            } catch (IOException ignored) {
                // compiled again either way; a later writer replaces it
            }
            return null;
        }
    }

    /** Checks a slot-ID binary file's CRC-32C against its body, reading it once from start to end. */
    private static void verifyChecksum(Path entry) {
        try (FileChannel ch = FileChannel.open(entry, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < 12) {
                throw new IllegalStateException("truncated");
            }
            long bodyEnd = size - 4;
            CRC32C crc = new CRC32C();
            ByteBuffer buf = ByteBuffer.allocate(1 << 20);
            long pos = 8;
            while (pos < bodyEnd) {
                buf.clear().limit((int) Math.min(buf.capacity(), bodyEnd - pos));
                int n = ch.read(buf, pos);
                if (n < 0) {
                    throw new IllegalStateException("truncated");
                }
                crc.update(buf.array(), 0, n);
                pos += n;
            }
            ByteBuffer stored = ByteBuffer.allocate(4);
            while (stored.hasRemaining()) {
                if (ch.read(stored, bodyEnd + stored.position()) < 0) {
                    throw new IllegalStateException("truncated");
                }
            }
            if (stored.getInt(0) != (int) crc.getValue()) {
                throw new IllegalStateException("checksum mismatch");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Keeps {@code c} as the entry of {@code key}: written to a temporary file beside it, forced to disk and renamed
     * into place, after older entries are evicted to make room. Never throws: a cache that cannot be written is noted
     * once.
     */
    void put(byte[] key, CompiledCircuit c) {
        Path entry = entryPath(key);
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = createTemp(entry);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream out = new java.io.BufferedOutputStream(java.nio.channels.Channels.newOutputStream(ch), 1 << 16);
                SlotBinaryFormat.write(c, out);
                out.flush();
                try {
                    ch.force(true);
                } catch (IOException e) {
                    // not every file system can; the rename still makes the entry whole or absent
                }
            }
            long size = Files.size(tmp);
            if (size > maxBytes) {
                notice("the compiled circuit (" + size + " bytes) is larger than the circuit cache's cap (" + maxBytes
                        + " bytes, " + MAX_BYTES_ENV + "); it is not kept");
                return;
            }
            evict(size, entry);
            try {
                Files.move(tmp, entry, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                // Without an atomic rename nothing is kept (AtomicMoveNotSupportedException): no half entry is in place.
                if (!Files.isRegularFile(entry)) { // else another process put the same entry in place first
                    throw e;
                }
            }
        } catch (IOException | RuntimeException e) {
            notice("cannot write the circuit cache " + dir + " (" + reason(e) + "); compiling without it (" + DIR_ENV
                    + "=off turns it off)");
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // removed as stale by a later eviction
                }
            }
        }
    }

    private Path createTemp(Path entry) throws IOException {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + entry.getFileName() + "." + Long.toUnsignedString(random.nextLong(), 36) + TEMP_SUFFIX);
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 9) {
                    throw e;
                }
            }
        }
    }

    private static String reason(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private void notice(String message) {
        if (noticed.compareAndSet(false, true)) {
            notices.accept(message.startsWith("yaostream:") ? message : "yaostream: " + message);
        }
    }

    /** One entry as eviction sees it. */
    record Entry(Path path, long size, long lastUsed) {
    }

    /** The entries, least recently used first; stale temporary files are removed on the way. */
    List<Entry> entries() throws IOException {
        List<Entry> entries = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return entries;
        }
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                try {
                    if (name.endsWith(ENTRY_SUFFIX)) {
                        entries.add(new Entry(p, Files.size(p), Files.getLastModifiedTime(p).toMillis()));
                    } else if (name.startsWith(".") && name.endsWith(TEMP_SUFFIX)
                            && now - Files.getLastModifiedTime(p).toMillis() > STALE_TEMP_MILLIS) {
                        Files.deleteIfExists(p);
                    }
                } catch (NoSuchFileException e) {
                    // removed by another process meanwhile
                }
            }
        }
        entries.sort(java.util.Comparator.comparingLong(Entry::lastUsed).thenComparing(e -> e.path().toString()));
        return entries;
    }

    /** Removes the least recently used entries until {@code incoming} more bytes fit under the cap. */
    private void evict(long incoming, Path replacing) throws IOException {
        List<Entry> entries = entries();
        long total = 0;
        for (Entry e : entries) {
            if (!e.path().equals(replacing)) {
                total += e.size();
            }
        }
        for (Entry e : entries) {
            if (total + incoming <= maxBytes) {
                break;
            }
            if (e.path().equals(replacing)) {
                continue;
            }
            try {
                Files.deleteIfExists(e.path());
            } catch (IOException ignored) {
                // another process's eviction, or a file we cannot remove: counted as gone either way
            }
            total -= e.size();
        }
    }

    /**
     * Removes every entry, and the temporary files that writers which died left; returns the bytes of the entries
     * removed. A temporary file being written now is left to its writer.
     */
    public long clear() throws IOException {
        long removed = 0;
        for (Entry e : entries()) {
            try {
                Files.delete(e.path());
                removed += e.size();
            } catch (NoSuchFileException ignored) {
                // gone already
            }
        }
        return removed;
    }

    /** The number of entries and the bytes they take. */
    public long[] usage() throws IOException {
        long n = 0;
        long bytes = 0;
        for (Entry e : entries()) {
            n++;
            bytes += e.size();
        }
        return new long[] {n, bytes};
    }

    Path entryPath(byte[] key) {
        return dir.resolve(HexFormat.of().formatHex(key) + ENTRY_SUFFIX);
    }

    /** The key of a source file, its bytes read as they stream. */
    static byte[] keyOf(Path path, String kind, Compiler.Options options) throws IOException {
        MessageDigest sha = keyPrefix(kind, options);
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(path)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return sha.digest();
    }

    /** The key of a source's bytes. */
    static byte[] key(byte[] data, String kind, Compiler.Options options) {
        MessageDigest sha = keyPrefix(kind, options);
        sha.update(data);
        return sha.digest();
    }

    private static MessageDigest keyPrefix(String kind, Compiler.Options options) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        String prefix = "yaostream circuit cache " + FORMAT_VERSION + "\ncode " + CodeFingerprint.VALUE + "\nslot-id "
                + SlotBinaryFormat.VERSION + "\nsource " + kind + "\nmax-batch " + options.maxBatch() + "\nreorder "
                + options.reorder() + "\n\n";
        sha.update(prefix.getBytes(StandardCharsets.UTF_8));
        return sha;
    }

    /**
     * A fingerprint of the code that turns a source into a compiled circuit and writes it: the jars of the compiler
     * module and of core (the shaded jar for the command) by path, size and modification time, or, for class
     * directories (a build's tests), the compiler's and core's circuit and format classes by content. A rebuild keys
     * every source anew. "unknown" where the classes come from neither a jar nor a directory.
     */
    static final class CodeFingerprint {
        static final String VALUE = compute();

        private CodeFingerprint() {
        }

        private static String compute() {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                java.util.Set<Path> seen = new java.util.HashSet<>();
                for (Class<?> c : new Class<?>[] {CircuitLoader.class, CompiledCircuit.class}) {
                    java.security.CodeSource source = c.getProtectionDomain().getCodeSource();
                    if (source == null || source.getLocation() == null) {
                        return "unknown";
                    }
                    Path location = Path.of(source.getLocation().toURI());
                    if (!seen.add(location)) {
                        continue;
                    }
                    List<String> prefixes = List.of("io/yaostream/compiler/", "io/yaostream/core/circuit/", "io/yaostream/core/format/");
                    if (Files.isDirectory(location)) {
                        List<Path> files = new ArrayList<>();
                        for (String prefix : prefixes) {
                            Path sub = location.resolve(prefix);
                            if (Files.isDirectory(sub)) {
                                try (java.util.stream.Stream<Path> walk = Files.walk(sub)) {
                                    walk.filter(Files::isRegularFile).forEach(files::add);
                                }
                            }
                        }
                        files.sort(null);
                        for (Path f : files) {
                            sha.update(location.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                            sha.update(Files.readAllBytes(f));
                        }
                    } else {
                        // A jar is known by its name, size and time: nothing of it read, a stat call. A rebuilt jar keys
                        // every source anew; the entries of the old one are evicted as they fall out of use.
                        sha.update((location.toAbsolutePath() + " " + Files.size(location) + " "
                                + Files.getLastModifiedTime(location).toMillis() + "\n").getBytes(StandardCharsets.UTF_8));
                    }
                }
                return HexFormat.of().formatHex(sha.digest());
            } catch (Exception | LinkageError e) {
                return "unknown";
            }
        }
    }
}
