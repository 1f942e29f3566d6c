package io.yaostream.core.circuit;

/**
 * Gate operation codes, as stored in a compiled circuit's gate records.
 *
 * <p>Codes 0..15 are two-input gates given by their truth table in the ME-SFE convention:
 * {@code out = (tt >> (3 - (2*L + R))) & 1}, so AND = 1, XOR = 6, XNOR = 9, OR = 7, NOR = 8.
 * {@link #INV} negates its single input; {@link #ZERO} and {@link #ONE} write a constant and read nothing.
 * A compiled circuit marks unused input fields with {@link #NO_SLOT}.
 */
public final class GateOp {
    public static final int AND = 1;
    public static final int XOR = 6;
    public static final int XNOR = 9;
    public static final int OR = 7;
    public static final int INV = 16;
    public static final int ZERO = 17;
    public static final int ONE = 18;
    /** Largest valid code. */
    public static final int MAX = ONE;
    /** The input field of a gate that has fewer than two inputs. */
    public static final int NO_SLOT = -1;

    /** How a gate costs in garbling; decides the gate counts a circuit reports. */
    public enum Kind {
        /** Non-linear: odd number of ones in the truth table (AND, OR, NAND, ...); costs ciphertexts. */
        AND,
        /** XOR or XNOR: free in free-XOR schemes. */
        XOR,
        /** A function of one input (NOT, or a two-input table that ignores one input): always free. */
        INV,
        /** A constant. */
        CONST
    }

    private GateOp() {
    }

    public static boolean isValid(int op) {
        return op >= 0 && op <= MAX;
    }

    public static boolean isBinary(int op) {
        return op >= 0 && op <= 15;
    }

    /** Number of slots the gate reads. */
    public static int arity(int op) {
        if (isBinary(op)) {
            return 2;
        }
        return op == INV ? 1 : 0;
    }

    /** {@link #kind} as a table, built once from {@link #classify}: the walks look up every gate's kind. */
    private static final Kind[] KINDS = new Kind[MAX + 1];

    static {
        for (int op = 0; op <= MAX; op++) {
            KINDS[op] = classify(op);
        }
    }

    public static Kind kind(int op) {
        if (!isValid(op)) {
            throw new IllegalArgumentException("not a gate op: " + op);
        }
        return KINDS[op];
    }

    private static Kind classify(int op) {
        if (op == INV) {
            return Kind.INV;
        }
        if (op == ZERO || op == ONE) {
            return Kind.CONST;
        }
        if (op == XOR || op == XNOR) {
            return Kind.XOR;
        }
        if ((Integer.bitCount(op) & 1) == 1) {
            return Kind.AND;
        }
        // Even tables that are not XOR/XNOR ignore an input (3, 5, 10, 12) or are constant (0, 15).
        return op == 0 || op == 15 ? Kind.CONST : Kind.INV;
    }

    /**
     * An AND-type table {@code tt} as AND(l ^ alpha, r ^ beta) ^ gamma: returns bits {@code alpha | beta << 1 | gamma << 2}.
     * Garbling schemes garble every AND-type gate as an AND with shifted labels, so they do the same work whatever the table.
     */
    public static int andForm(int tt) {
        boolean single = Integer.bitCount(tt) == 1;
        int minterm = single ? tt : (~tt & 15);
        int index = 3 - Integer.numberOfTrailingZeros(minterm); // 2*l + r where the minterm is true
        int alpha = ((index >> 1) & 1) ^ 1;
        int beta = (index & 1) ^ 1;
        int gamma = single ? 0 : 1;
        return alpha | beta << 1 | gamma << 2;
    }

    /** Whether a non-AND op reads its left input, its right input, negates, or is a constant: see {@link #freeForm}. */
    public static final int FREE_LEFT = 1;
    public static final int FREE_RIGHT = 2;
    public static final int FREE_NOT = 4;

    /**
     * Any non-AND gate as the XOR of some of its inputs, possibly negated: bits {@link #FREE_LEFT},
     * {@link #FREE_RIGHT}, {@link #FREE_NOT}. XOR = left|right, XNOR = left|right|not, INV = left|not,
     * ZERO = 0, ONE = not, and the two-input tables that ignore an input likewise. A form without
     * left or right is a constant.
     */
    public static int freeForm(int op) {
        return switch (op) {
            case XOR -> FREE_LEFT | FREE_RIGHT;
            case XNOR -> FREE_LEFT | FREE_RIGHT | FREE_NOT;
            case INV, 12 -> FREE_LEFT | FREE_NOT;
            case 3 -> FREE_LEFT;
            case 5 -> FREE_RIGHT;
            case 10 -> FREE_RIGHT | FREE_NOT;
            case ZERO, 0 -> 0;
            case ONE, 15 -> FREE_NOT;
            default -> throw new IllegalArgumentException("op " + op + " is not a free gate");
        };
    }

    /** Whether {@code op} writes a constant (reads no input): ZERO, ONE and the tables 0 and 15. */
    public static boolean isConstant(int op) {
        return op == ZERO || op == ONE || op == 0 || op == 15;
    }

    /** Value of a two-input table on input bits l and r. */
    public static int apply(int tt, int l, int r) {
        return (tt >> (3 - (2 * l + r))) & 1;
    }

    /** Name used in the text form for the ops that have no truth table. */
    public static String symbol(int op) {
        return switch (op) {
            case INV -> "INV";
            case ZERO -> "ZERO";
            case ONE -> "ONE";
            default -> Integer.toString(op);
        };
    }

    /** Inverse of {@link #symbol}; -1 when the token is not an op. */
    public static int parseSymbol(String token) {
        switch (token) {
            case "INV":
                return INV;
            case "ZERO":
                return ZERO;
            case "ONE":
                return ONE;
            default:
                if (token.length() == 1 && Character.isDigit(token.charAt(0))
                        || token.length() == 2 && token.charAt(0) == '1' && token.charAt(1) >= '0' && token.charAt(1) <= '5') {
                    return Integer.parseInt(token);
                }
                return -1;
        }
    }
}
