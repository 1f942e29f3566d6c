package io.yaostream.core.garble;

/**
 * What garbling one call of a circuit costs under a scheme, in GLNP15's measures (§5.3, Tables 4, 5 and 7):
 * ciphertexts by the gates that send them, and the garbler's PRF calls at XOR gates. {@code inputCiphertexts} are
 * those the fleXOR schemes send to bring a call's input wires to its first offset (see {@code FleXor}); the paper's
 * counts have none, as its input labels are made with that offset.
 */
public record GarblingCost(long andGates, long xorGates, long andCiphertexts, long xorCiphertexts, long inputCiphertexts,
                           long xorPrfCalls) {
    /** All ciphertexts of one call: Table 7's measure, plus the input ciphertexts. */
    public long ciphertexts() {
        return andCiphertexts + xorCiphertexts + inputCiphertexts;
    }

    /** Ciphertexts per AND or XOR gate, Table 4's main figure. */
    public double perGate() {
        long gates = andGates + xorGates;
        return gates == 0 ? 0 : (double) ciphertexts() / gates;
    }

    /** Ciphertexts per XOR gate, Table 4's figure in parentheses. */
    public double perXor() {
        return xorGates == 0 ? 0 : (double) xorCiphertexts / xorGates;
    }

    /** The garbler's PRF (AES) calls per XOR gate, Table 5's figure. */
    public double prfPerXor() {
        return xorGates == 0 ? 0 : (double) xorPrfCalls / xorGates;
    }
}
