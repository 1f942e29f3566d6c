package io.yaostream.compiler;

import io.yaostream.compiler.bristol.BristolReader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Turns any circuit file into a compiled circuit: Bristol sources are compiled, compiled formats (slot-ID
 * binary or text, ME-SFE {@code .mec}/{@code .bmec}) are read as they are. This is what every command that
 * takes a circuit uses.
 */
public final class CircuitLoader {

    /** Source formats a user can name with {@code --from}. */
    public enum SourceFormat {
        BRISTOL("bristol"), BRISTOL_OLD("bristol-old"), MESFE("mesfe"), SLOT("slot");

        private final String key;

        SourceFormat(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static SourceFormat fromKey(String key) {
            for (SourceFormat f : values()) {
                if (f.key.equals(key.toLowerCase(Locale.ROOT))) {
                    return f;
                }
            }
            throw new IllegalArgumentException("unknown format '" + key + "' (expected bristol, bristol-old, mesfe or slot)");
        }
    }

    private CircuitLoader() {
    }

    /** Loads with the format guessed from the content. */
    public static CompiledCircuit load(Path path) {
        return load(path, null, Compiler.Options.DEFAULT);
    }

    /**
     * Loads with the memory budget of {@link CircuitFiles#memoryBudget()}: a compiled slot-ID binary file larger than
     * it is read from the file as engines walk it.
     *
     * @param from the format, or null to guess it from the content
     */
    public static CompiledCircuit load(Path path, SourceFormat from, Compiler.Options options) {
        return load(path, from, options, CircuitFiles.memoryBudget());
    }

    /**
     * @param from         the format, or null to guess it from the content
     * @param memoryBudget bytes of gate records above which a slot-ID binary file is read as it is walked
     *                     ({@link io.yaostream.core.format.SlotBinaryFormat#open}); {@code Long.MAX_VALUE} to hold any
     *                     circuit in memory (to rewrite it, say). Other formats are read whole and compiled in memory.
     */
    public static CompiledCircuit load(Path path, SourceFormat from, Compiler.Options options, long memoryBudget) {
        if ((from == null || from == SourceFormat.SLOT) && CircuitFiles.isSlotBinary(path)) {
            return io.yaostream.core.format.SlotBinaryFormat.open(path, memoryBudget);
        }
        return loadWhole(path, from, options, null);
    }

    /**
     * Loads through {@code cache} when it is not null ({@link CircuitCache#load}): a source compiled once is read
     * from its cache entry afterwards. A compiled slot-ID file is read as it is, as by
     * {@link #load(Path, SourceFormat, Compiler.Options, long)}.
     */
    public static CompiledCircuit load(Path path, SourceFormat from, Compiler.Options options, long memoryBudget, CircuitCache cache) {
        return cache == null ? load(path, from, options, memoryBudget) : cache.load(path, from, options, memoryBudget);
    }

    /**
     * Reads the whole file and loads it; {@code compiled}, when not null, is given the bytes and the circuit made from
     * them.
     */
    static CompiledCircuit loadWhole(Path path, SourceFormat from, Compiler.Options options,
                                     java.util.function.BiConsumer<byte[], CompiledCircuit> compiled) {
        try {
            byte[] data = CircuitFiles.readBytes(path);
            CompiledCircuit c = load(data, path.toString(), from, options);
            if (compiled != null) {
                compiled.accept(data, c);
            }
            return c;
        } catch (OutOfMemoryError e) {
            // Text and Bristol sources are parsed and compiled whole (the optimisation passes see the whole circuit);
            // only a compiled slot-ID binary file is read as it is walked. The allocation that failed was for this
            // circuit alone, so the heap is usable again once it is dropped.
            throw new io.yaostream.core.format.CircuitFormatException(path + ": not enough memory to read this "
                    + sizeOf(path) + "-byte source whole (max heap " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB): compile it once with a larger heap (JAVA_OPTS=-Xmx4g ./yaostream compile " + path
                    + " -o FILE.ysid) and use the compiled file, which is read as it is walked");
        }
    }

    private static long sizeOf(Path path) {
        try {
            return java.nio.file.Files.size(path);
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    public static CompiledCircuit load(byte[] data, String fileName, SourceFormat from, Compiler.Options options) {
        CircuitFiles.Format compiled = CircuitFiles.detect(data, fileName);
        if (from == null) {
            if (compiled != null) {
                return CircuitFiles.read(data, fileName, compiled);
            }
            return Compiler.compile(BristolReader.read(data, fileName, BristolReader.detect(data, fileName)), options);
        }
        return switch (from) {
            case BRISTOL -> Compiler.compile(BristolReader.read(data, fileName, BristolReader.Dialect.FASHION), options);
            case BRISTOL_OLD -> Compiler.compile(BristolReader.read(data, fileName, BristolReader.Dialect.OLD), options);
            case MESFE -> CircuitFiles.read(data, fileName, compiled == CircuitFiles.Format.MESFE_TEXT
                    ? CircuitFiles.Format.MESFE_TEXT : looksBinary(data) ? CircuitFiles.Format.MESFE_BINARY : CircuitFiles.Format.MESFE_TEXT);
            case SLOT -> CircuitFiles.read(data, fileName, slotFormatOf(data));
        };
    }

    private static boolean looksBinary(byte[] data) {
        return data.length > 0 && data[0] == 0;
    }

    private static CircuitFiles.Format slotFormatOf(byte[] data) {
        return io.yaostream.core.format.SlotBinaryFormat.looksLike(data) ? CircuitFiles.Format.SLOT_BINARY : CircuitFiles.Format.SLOT_TEXT;
    }
}
