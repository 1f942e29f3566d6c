package io.yaostream.nativekernel;


import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.Locale;

/**
 * Loads the C kernel once per JVM; the CPU must have AES-NI. {@link #FAILURE} says why not when it cannot be used.
 *
 * <p>The shared library packed in the jar is written to a new directory only this user can enter (mode 700), to a
 * file only this user can read (mode 600); its bytes are read back and must have the resource's SHA-256 before
 * {@link System#load} takes them, and the file and its directory are deleted once loaded (the loaded library stays
 * mapped), so no other user can swap or read what this JVM runs, and nothing is left behind.
 */
final class NativeLibrary {
    static final String RESOURCE = "/native/linux-x86-64/libyaostream.so";
    /** Null when the library is loaded and usable, else a one-line reason. */
    static final String FAILURE = load();

    private NativeLibrary() {
    }

    private static String load() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            return "no native kernel for " + os + "/" + arch + " (Linux x86-64 only)";
        }
        byte[] library;
        try (InputStream lib = NativeLibrary.class.getResourceAsStream(RESOURCE)) {
            if (lib == null) {
                return "the jar holds no native library (built without gcc or with -Pno-native)";
            }
            library = lib.readAllBytes();
        } catch (IOException e) {
            return "cannot read the native library from the jar: " + e.getMessage();
        }
        Path dir = null;
        Path file = null;
        try {
            dir = Files.createTempDirectory("yaostream-native-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            file = dir.resolve("libyaostream.so");
            try (SeekableByteChannel out = Files.newByteChannel(file, EnumSet.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                ByteBuffer bytes = ByteBuffer.wrap(library);
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
            }
            if (!MessageDigest.isEqual(sha256(library), sha256(Files.readAllBytes(file)))) {
                return "the native library extracted to " + file + " differs from the jar's";
            }
            System.load(file.toAbsolutePath().toString());
        } catch (IOException | UnsupportedOperationException | UnsatisfiedLinkError e) {
            return "cannot load the native library: " + e.getMessage();
        } finally {
            delete(file);
            delete(dir);
        }
        if (!NativeBindings.cpuSupported()) {
            return "this CPU has no AES-NI";
        }
        String limit = System.getProperty(NativePath.PROPERTY);
        if (limit != null) {
            try {
                NativeBindings.setPathLimit(NativePath.fromKey(limit).ordinal());
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        NativeBindings.init();
        return null;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Deletes a file the loader made; should that fail, the JVM tries again as it exits. */
    private static void delete(Path path) {
        if (path == null) {
            return;
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            path.toFile().deleteOnExit();
        }
    }
}
