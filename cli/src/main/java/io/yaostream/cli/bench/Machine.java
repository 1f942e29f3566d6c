package io.yaostream.cli.bench;

import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The machine a bench ran on, for its report: CPU model, cores, the kernel a party picks here, Java. */
public record Machine(String cpu, int cores, String kernel, String kernelPath, String java) {
    /** This machine: the CPU model from {@code /proc/cpuinfo} (the architecture where there is none). */
    public static Machine here() {
        Kernel k = Kernels.create();
        return new Machine(cpuModel(), Runtime.getRuntime().availableProcessors(), k.name(), k.path(), System.getProperty("java.version"));
    }

    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu", cpu);
        m.put("cores", cores);
        m.put("kernel", kernel);
        m.put("kernelPath", kernelPath);
        m.put("java", java);
        m.put("version", Version.get());
        return m;
    }

    /** One line: {@code Intel(R) Xeon(R) Processor, 2 cores, native kernel (vaes512), Java 17.0.12}. */
    public String line() {
        return cpu + ", " + cores + " cores, " + kernel + " kernel (" + kernelPath + "), Java " + java;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the architecture below
        }
        return System.getProperty("os.arch");
    }
}
