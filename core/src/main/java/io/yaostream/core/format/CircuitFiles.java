package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.text.Printable;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/** Reading and writing compiled circuit files in any of the formats core knows, chosen by content. */
public final class CircuitFiles {
    /** Largest circuit file read (circuit files are read whole; this bounds the memory a file can take). */
    public static final long MAX_FILE_BYTES = 1L << 30;

    /**
     * The system property that sets the memory budget of a compiled circuit, in bytes: a slot-ID binary file whose
     * gates take more in memory (16 bytes a gate, 8 an AND batch) is read from its file as engines walk it.
     */
    public static final String MEMORY_BUDGET_PROPERTY = "yaostream.circuit.memoryBudget";
    /** The budget when the property is not set: 16 MiB (a million gates), at most an eighth of the heap. */
    public static final long DEFAULT_MEMORY_BUDGET = 16L << 20;

    /** The compiled-circuit formats. */
    public enum Format {
        SLOT_BINARY, SLOT_TEXT, MESFE_TEXT, MESFE_BINARY
    }

    private CircuitFiles() {
    }

    /** Reads a whole file, with one-line errors for the usual problems. */
    public static byte[] readBytes(Path path) {
        try {
            long size = Files.size(path);
            if (size > MAX_FILE_BYTES) {
                throw new CircuitFormatException(path + ": file is " + size + " bytes, more than the " + MAX_FILE_BYTES + " a circuit may have");
            }
            if (Files.isDirectory(path)) {
                throw new CircuitFormatException(path + ": is a directory, not a circuit file");
            }
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new CircuitFormatException(path + ": no such file");
        } catch (IOException e) {
            throw new CircuitFormatException(path + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * The memory budget of one compiled circuit: {@value #MEMORY_BUDGET_PROPERTY} when set (bytes, a plain number),
     * else {@link #DEFAULT_MEMORY_BUDGET} or an eighth of the maximum heap, whichever is less (loading a circuit
     * takes a few times its size for a moment).
     */
    public static long memoryBudget() {
        String value = System.getProperty(MEMORY_BUDGET_PROPERTY);
        if (value == null) {
            return Math.min(DEFAULT_MEMORY_BUDGET, Runtime.getRuntime().maxMemory() / 8);
        }
        try {
            long budget = Long.parseLong(value.trim());
            if (budget >= 0) {
                return budget;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new CircuitFormatException("-D" + MEMORY_BUDGET_PROPERTY + "=" + Printable.clip(value)
                + ": not a number of bytes (0 or more)");
    }

    /** Whether the file at {@code path} starts like a slot-ID binary file (false when it cannot be read). */
    public static boolean isSlotBinary(Path path) {
        byte[] head = new byte[SlotBinaryFormat.MAGIC.length];
        try (java.io.InputStream in = Files.newInputStream(path)) {
            return in.readNBytes(head, 0, head.length) == head.length && SlotBinaryFormat.looksLike(head);
        } catch (IOException e) {
            return false;
        }
    }

    /** The compiled format of {@code data}, or null when it is none of them (a source file, say). */
    public static Format detect(byte[] data, String fileName) {
        if (SlotBinaryFormat.looksLike(data)) {
            return Format.SLOT_BINARY;
        }
        if (SlotTextFormat.looksLike(data)) {
            return Format.SLOT_TEXT;
        }
        if (MesfeFormat.looksLikeText(data)) {
            return Format.MESFE_TEXT;
        }
        // .bmec has no magic: its first int32 is a small count, so its first byte is zero.
        if (fileName.toLowerCase(Locale.ROOT).endsWith(".bmec") || data.length >= 4 && data[0] == 0) {
            return Format.MESFE_BINARY;
        }
        return null;
    }

    public static CompiledCircuit read(byte[] data, String fileName, Format format) {
        return switch (format) {
            case SLOT_BINARY -> SlotBinaryFormat.read(data, fileName);
            case SLOT_TEXT -> SlotTextFormat.read(data, fileName);
            case MESFE_TEXT -> MesfeFormat.readText(data, fileName);
            case MESFE_BINARY -> MesfeFormat.readBinary(data, fileName);
        };
    }

    /** The format a file named {@code fileName} is written in: by extension, binary slot-ID otherwise. */
    public static Format formatForName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".mec")) {
            return Format.MESFE_TEXT;
        }
        if (n.endsWith(".bmec")) {
            return Format.MESFE_BINARY;
        }
        if (n.endsWith(".txt") || n.endsWith(".yst")) {
            return Format.SLOT_TEXT;
        }
        return Format.SLOT_BINARY;
    }

    public static void write(CompiledCircuit c, OutputStream out, Format format) throws IOException {
        switch (format) {
            case SLOT_BINARY -> SlotBinaryFormat.write(c, out);
            case MESFE_BINARY -> MesfeFormat.writeBinary(c, out);
            case SLOT_TEXT, MESFE_TEXT -> {
                BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
                if (format == Format.SLOT_TEXT) {
                    SlotTextFormat.write(c, w);
                } else {
                    MesfeFormat.writeText(c, w);
                }
                w.flush();
            }
        }
    }

    /**
     * Writes through a temporary file and a rename, so a failed write never leaves half a file behind. The file
     * gets the mode any new file gets (0644 under umask 022), not the owner-only mode of a temporary file.
     */
    public static void write(CompiledCircuit c, Path path, Format format) throws IOException {
        Path dir = path.toAbsolutePath().getParent();
        Path tmp = null;
        OutputStream stream = null;
        // Files.createTempFile would make the file 0600; a new file opened with CREATE_NEW takes the umask's mode.
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int attempt = 0; stream == null; attempt++) {
            tmp = dir.resolve("." + path.getFileName() + "." + Long.toUnsignedString(random.nextLong(), 36) + ".tmp");
            try {
                stream = Files.newOutputStream(tmp, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt == 9) {
                    throw e;
                }
            }
        }
        try {
            try (OutputStream out = new java.io.BufferedOutputStream(stream, 1 << 16)) {
                write(c, out, format);
            }
            Files.move(tmp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
