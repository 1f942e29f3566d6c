package io.yaostream.core.format;

import java.nio.charset.StandardCharsets;

/**
 * Lines of an in-memory text file with their numbers, for parsers that report {@code file:line}.
 * Accepts LF and CRLF endings.
 */
public final class TextLines {
    private final byte[] data;
    private final String fileName;
    private int pos;
    private int lineNumber;

    public TextLines(byte[] data, String fileName) {
        this.data = data;
        this.fileName = fileName;
    }

    /** The next line, or null at the end of the file. */
    public String next() {
        if (pos >= data.length) {
            return null;
        }
        int start = pos;
        while (pos < data.length && data[pos] != '\n') {
            pos++;
        }
        int end = pos;
        if (pos < data.length) {
            pos++;
        }
        if (end > start && data[end - 1] == '\r') {
            end--;
        }
        lineNumber++;
        return new String(data, start, end - start, StandardCharsets.ISO_8859_1);
    }

    /** The next line that is not blank after removing what {@code commentStart} begins; null at the end. */
    public String nextContent(String commentStart) {
        String line;
        while ((line = next()) != null) {
            int c = commentStart == null ? -1 : line.indexOf(commentStart);
            if (c >= 0) {
                line = line.substring(0, c);
            }
            line = line.strip();
            if (!line.isEmpty()) {
                return line;
            }
        }
        return null;
    }

    public int lineNumber() {
        return lineNumber;
    }

    public String fileName() {
        return fileName;
    }

    /** An error located at the current line. */
    public CircuitFormatException error(String problem) {
        return new CircuitFormatException(fileName + ":" + lineNumber + ": " + problem);
    }

    /** An error located at the end of the file (something is missing). */
    public CircuitFormatException errorAtEnd(String problem) {
        return new CircuitFormatException(fileName + ":" + (lineNumber + 1) + ": " + problem + " (file ends here)");
    }
}
