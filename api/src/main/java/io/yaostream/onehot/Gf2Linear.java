package io.yaostream.onehot;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.Secret;

/**
 * Linear maps over GF(2) on secrets inside a module: free with free XOR. Output bit r is the XOR of the input bits
 * {@code sources[r]}. Applied as a few whole-vector XORs rather than one XOR per term: layer t takes the t-th source
 * of every output bit (a public 0 where a bit has fewer), and the layers are XORed together.
 */
final class Gf2Linear {
    private Gf2Linear() {
    }

    static Secret apply(OneHotGates g, Secret x, int[][] sources) {
        int layers = 0;
        for (int[] s : sources) {
            layers = Math.max(layers, s.length);
        }
        Secret zero = zero(g);
        Secret sum = null;
        for (int t = 0; t < Math.max(1, layers); t++) {
            int[] from = new int[sources.length];
            for (int r = 0; r < from.length; r++) {
                from[r] = t < sources[r].length ? sources[r][t] : -1;
            }
            Secret layer = Secret.pick(x, from, zero);
            sum = sum == null ? layer : g.context().xor(sum, layer);
        }
        return sum;
    }

    /** A public 0 bit, free (the garbler's share of a public 0 is 0). */
    static Secret zero(OneHotGates g) {
        return g.constant(GarblerKnown.publicValue(BitString.zeros(1)));
    }

    /** {@code x} with the one-bit {@code bit} XORed into bit 0: free. */
    static Secret xorIntoBit0(OneHotGates g, Secret x, Secret bit) {
        Secret spread = x.width() == 1 ? bit : Secret.concat(bit, zero(g).repeat(x.width() - 1));
        return g.context().xor(x, spread);
    }
}
