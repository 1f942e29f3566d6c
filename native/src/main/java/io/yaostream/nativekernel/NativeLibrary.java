package io.yaostream.nativekernel;

import io.yaostream.core.kernel.Kernel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the C kernel once per JVM: the shared library packed in the jar is copied to a temporary file and
 * loaded; the CPU must have AES-NI. {@link #FAILURE} says why not when it cannot be used.
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
        try (InputStream lib = NativeLibrary.class.getResourceAsStream(RESOURCE)) {
            if (lib == null) {
                return "the jar holds no native library (built without gcc or with -Pno-native)";
            }
            Path file = Files.createTempFile("libyaostream", ".so");
            file.toFile().deleteOnExit();
            Files.copy(lib, file, StandardCopyOption.REPLACE_EXISTING);
            System.load(file.toAbsolutePath().toString());
        } catch (IOException | UnsatisfiedLinkError e) {
            return "cannot load the native library: " + e.getMessage();
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
        NativeBindings.setFixedKey(Kernel.FIXED_KEY_LO, Kernel.FIXED_KEY_HI);
        return null;
    }
}
