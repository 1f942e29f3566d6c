package io.yaostream.cli.bench;

import java.util.List;

/**
 * The figures of Gueron, Lindell, Nof and Pinkas, "Fast Garbling of Circuits Under Standard Assumptions" (CCS 2015;
 * GLNP15), that {@code bench glnp} prints beside ours: Table 7 (ciphertexts of the garbled circuit, rows 1 to 11),
 * Table 4 (ciphertexts per gate, and per XOR gate), Table 5 (the garbler's PRF calls per XOR gate), both for rows 3 to
 * 6 only, and Table 6 (milliseconds for a full semi-honest execution, a mean of 20, for the rows 1, 2, 3, 7, 8, 9, 10
 * and 11 of Table 7; the fleXOR rows 4 to 6 were not timed). Circuits: AES and SHA-256 (Min-Cut left out: we have no
 * such circuit). Machines: Amazon c4.8xlarge (Xeon E5-2666 v3, Haswell), in one data centre (VA-VA, Virginia) and
 * from Virginia to Ireland (VA-IRE).
 */
public final class GlnpPaper {
    /** A row of Table 7: its number, our scheme, the paper's description of it. */
    public record Row(int number, String scheme, String paperScheme) {
    }

    /** The rows of Table 7, with the names of our schemes. Rows 7 and 8 are one scheme here (see {@code bench glnp}). */
    public static final List<Row> ROWS = List.of(
            new Row(1, "prf-only-naive", "Pipe-garbl; XOR-3; AND-3 (naive)"),
            new Row(2, "prf-only-and3", "Pipe-garbl+KS; XOR-1; AND-3"),
            new Row(3, "prf-only", "Pipe-garbl+KS; XOR-1; AND-2"),
            new Row(4, "flexor-monotone", "Monotone"),
            new Row(5, "flexor-safemon1", "SafeMon1"),
            new Row(6, "flexor-safemon2", "SafeMon2"),
            new Row(7, "grr3-keyed", "Pipe-garbl; free-XOR; AND-3"),
            new Row(8, "grr3-keyed", "Pipe-garbl+KS; free-XOR; AND-3"),
            new Row(9, "half-gates-keyed", "Pipe-garbl+KS; free-XOR; HalfGates"),
            new Row(10, "grr3", "Fixed-key; free-XOR; AND-3"),
            new Row(11, "half-gates", "Fixed-key; free-XOR; HalfGates"));

    /** The paper's circuits, in the order of the arrays below. */
    public static final List<String> CIRCUITS = List.of("aes", "sha-256");
    /** The paper's two settings, in the order of {@link #MS}'s second index. */
    public static final List<String> SETTINGS = List.of("va-va", "va-ire");

    /** §5.3 and §6: the circuits' AND and XOR gates, and the evaluator's input bits (the OTs of a run). */
    private static final long[] AND = {6_800, 90_825};
    private static final long[] XOR = {25_124, 42_029};
    private static final int[] OT_BITS = {128, 256};

    /** Table 7, ciphertexts; [circuit][row - 1]. */
    private static final long[][] CIPHERTEXTS = {
            {95_772, 45_524, 38_724, 24_262, 29_689, 37_989, 20_400, 20_400, 13_600, 20_400, 13_600},
            {398_562, 314_504, 223_679, 300_250, 217_881, 203_266, 272_475, 272_475, 181_650, 272_475, 181_650}};

    /** The rows of Tables 4 and 5 (PRF only, Monotone, SafeMon1, SafeMon2). */
    private static final int FIRST_HEURISTIC_ROW = 3;
    /** Table 4, ciphertexts per gate; [circuit][row - 3]. */
    private static final double[][] PER_GATE = {{1.21, 0.76, 0.93, 1.19}, {1.68, 2.26, 1.64, 1.53}};
    /** Table 4, in parentheses: ciphertexts per XOR gate; [circuit][row - 3]. */
    private static final double[][] PER_XOR = {{1, 0.15, 0.64, 0.97}, {1, 0.76, 0.97, 0.86}};
    /** Table 5, the garbler's PRF calls per XOR gate; [circuit][row - 3]. */
    private static final double[][] PRF_PER_XOR = {{3, 0.31, 1.29, 1.96}, {3, 1.55, 1.95, 1.73}};

    /** The rows of Table 7 that Table 6 times, in its order. */
    private static final int[] TIMED_ROWS = {1, 2, 3, 7, 8, 9, 10, 11};
    /** Table 6, ms per execution; [circuit][setting][index in {@link #TIMED_ROWS}]. */
    private static final int[][][] MS = {
            {{20, 16, 16, 16, 16, 16, 16, 16}, {203, 200, 200, 198, 198, 196, 196, 195}},
            {{68, 54, 50, 45, 36, 27, 27, 20}, {303, 236, 229, 222, 221, 206, 214, 199}}};

    private GlnpPaper() {
    }

    public static long and(String circuit) {
        return AND[index(circuit)];
    }

    public static long xor(String circuit) {
        return XOR[index(circuit)];
    }

    public static int otBits(String circuit) {
        return OT_BITS[index(circuit)];
    }

    public static long ciphertexts(String circuit, int row) {
        return CIPHERTEXTS[index(circuit)][row - 1];
    }

    /** Table 4's ciphertexts per gate, or null for a row it does not have. */
    public static Double perGate(String circuit, int row) {
        return heuristic(PER_GATE, circuit, row);
    }

    /** Table 4's ciphertexts per XOR gate, or null for a row it does not have. */
    public static Double perXor(String circuit, int row) {
        return heuristic(PER_XOR, circuit, row);
    }

    /** Table 5's PRF calls per XOR gate, or null for a row it does not have. */
    public static Double prfPerXor(String circuit, int row) {
        return heuristic(PRF_PER_XOR, circuit, row);
    }

    /** Table 6's ms in {@code setting} ({@code va-va} or {@code va-ire}), or null for a row or setting it does not have. */
    public static Integer ms(String circuit, String setting, int row) {
        int s = SETTINGS.indexOf(setting);
        for (int i = 0; i < TIMED_ROWS.length && s >= 0; i++) {
            if (TIMED_ROWS[i] == row) {
                return MS[index(circuit)][s][i];
            }
        }
        return null;
    }

    private static Double heuristic(double[][] table, String circuit, int row) {
        int i = row - FIRST_HEURISTIC_ROW;
        return i < 0 || i >= table[0].length ? null : table[index(circuit)][i];
    }

    private static int index(String circuit) {
        int i = CIRCUITS.indexOf(circuit);
        if (i < 0) {
            throw new IllegalArgumentException("GLNP15 has no circuit '" + circuit + "' (it has " + String.join(", ", CIRCUITS) + ")");
        }
        return i;
    }
}
