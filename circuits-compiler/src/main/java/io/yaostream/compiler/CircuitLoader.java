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
     * @param from the format, or null to guess it from the content
     */
    public static CompiledCircuit load(Path path, SourceFormat from, Compiler.Options options) {
        byte[] data = CircuitFiles.readBytes(path);
        return load(data, path.toString(), from, options);
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
