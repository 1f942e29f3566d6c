package io.yaostream.cli.bench;

import java.util.Arrays;

/** Repeated measurements of one figure: the median, with the spread, as the bench report quotes them. */
public record Samples(double[] values) {
    public double median() {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    public double min() {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    public double max() {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
