package io.yaostream.cli;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.ObjectName;

/**
 * Which of HotSpot's compilers a {@code run} or an application leaves to work. With the native kernel (and, for
 * {@code run}, a circuit held in memory), every AES and every gate is C code: the Java around it (a few calls per
 * circuit call, the program, the channel, Netty) runs as fast from C1's code as from C2's, but C2 spent 1 to 2 CPU
 * seconds per party compiling it, on a machine the two parties share. So such a command asks the JVM, through a
 * compiler directive (JEP 165, as {@code jcmd Compiler.directives_add} adds one), to leave every method to C1 from
 * here on. What C2 compiled already stays. {@code -Dyaostream.run.c2=true} keeps C2.
 *
 * <p>Measured two processes over loopback, alternated on a shared 2-core machine (docs/performance.md): mult64 at 10^8
 * AND gates at about twice the AND gates per second, 10^9 unchanged within the machine's noise; AES of 2,000 blocks
 * through the program model at half the CPU per AND gate.
 */
final class JitChoice {
    private static final String DIRECTIVE = "[{ match: \"*.*\", c2: { Exclude: true } }]";

    private JitChoice() {
    }

    /** Leaves every method to C1 from now on, unless {@code yaostream.run.c2} is true; false when it could not. */
    static boolean c1Only() {
        if (Boolean.getBoolean("yaostream.run.c2")) {
            return false;
        }
        Path file = null;
        try {
            file = Files.createTempFile("yaostream-jit", ".json");
            Files.writeString(file, DIRECTIVE);
            ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "compilerDirectivesAdd", new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            return true;
        } catch (Exception | LinkageError e) {
            return false; // a JVM without the command, or without the management module: it runs as it would anyway
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (java.io.IOException ignored) {
                    // a temporary file of a few bytes
                }
            }
        }
    }
}
