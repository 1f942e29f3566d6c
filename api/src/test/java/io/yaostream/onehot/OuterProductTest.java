package io.yaostream.onehot;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.Runs;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The chunked outer product (HK21 Fig. 8) against its definition, whole and below a diagonal, with its cost. */
class OuterProductTest {
    private static BitString random(Random rnd, int width) {
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(b);
    }

    private static SecureProgram<List<BitString>> program(int n, int m, OuterProduct.Module module, int reps) {
        return c -> {
            List<BitString> out = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                out.add(CoreBridge.bits(CoreBridge.module(c, module, c.bits(Party.GARBLER, n), c.bits(Party.EVALUATOR, m))[0].reveal()));
            }
            return out;
        };
    }

    @Test
    void agreesWithItsDefinitionOnEveryBackEndAndCostsWhatItsChunksCount() {
        Random rnd = new Random(31);
        int[][] cases = {{8, 8, 8, Integer.MAX_VALUE}, {8, 8, 4, Integer.MAX_VALUE}, {20, 13, 6, Integer.MAX_VALUE}, {32, 32, 6, 32},
                {9, 9, 1, Integer.MAX_VALUE}, {17, 5, 3, 9}};
        for (int[] t : cases) {
            int n = t[0];
            int m = t[1];
            OuterProduct.Module module = new OuterProduct.Module(t[2], t[3]);
            int reps = 3;
            List<BitString> as = new ArrayList<>();
            List<BitString> bs = new ArrayList<>();
            List<BitString> want = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                as.add(random(rnd, n));
                bs.add(random(rnd, m));
                want.add(module.definition(as.get(r), bs.get(r))[0]);
            }
            assertEquals(want, CoreBridge.engine(program(n, m, module, reps)).run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.of(as), InputFeed.of(bs))));
            for (String scheme : List.of("half-gates", "grr3")) {
                Runs.Both<List<BitString>> both = Runs.garbled(scheme, "outer", program(n, m, module, reps), () -> Inputs.bits(as.stream().map(CoreBridge::bits).toList()),
                        () -> Inputs.bits(bs.stream().map(CoreBridge::bits).toList()));
                assertEquals(want, both.evaluator().value(), module.name() + " " + scheme);
                assertEquals(want, both.garbler().value(), module.name() + " " + scheme);
                assertEquals(16 * reps * ModuleRuns.outerProduct(n, m, t[2], t[3]), both.evaluator().costs().tableBytes(), module.name());
            }
        }
        // HK21 §7.5: GF(2^8)'s 8 x 8 outer product is 896 bytes at k = 4 and 704 at k = 8.
        assertEquals(896, 16 * ModuleRuns.outerProduct(8, 8, 4, Integer.MAX_VALUE));
        assertEquals(704, 16 * ModuleRuns.outerProduct(8, 8, 8, Integer.MAX_VALUE));
    }
}
