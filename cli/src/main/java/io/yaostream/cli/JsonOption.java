package io.yaostream.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json}: one JSON object on standard output instead of text. Its help lists the command's fields: the
 * applications' below, every other command's as the resource bundle's {@code json} under its name
 * ({@code Help.properties}).
 */
final class JsonOption {
    @Option(names = "--json", descriptionKey = "json",
            description = "Print JSON: result, and, bytes, workingSet, baseOtSeconds, onlineSeconds, seconds, cpuSeconds, "
                    + "cpu {seconds, userSeconds, systemSeconds, nsPerAnd, userNsPerAnd, systemNsPerAnd}, peakHeapBytes, network.")
    boolean on;
}
