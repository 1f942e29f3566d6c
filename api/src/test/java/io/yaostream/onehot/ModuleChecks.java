package io.yaostream.onehot;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.BitVector;
import io.yaostream.Runs;
import io.yaostream.SecretValue;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.internal.CoreBridge;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Runs a module, or its standard baseline, on given arguments on the plaintext back end (which checks each call
 * against the definition) and through real half-gates and grr3 sessions, against the definition and at an exact
 * number of bytes. Argument i of a call is the garbler's input when i is even, the evaluator's when it is odd.
 */
final class ModuleChecks {
    static final List<String> SCHEMES = List.of("half-gates", "grr3");

    private ModuleChecks() {
    }

    static BitString random(Random rnd, int width) {
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(b);
    }

    /** The first output of {@code module} on each call's arguments: what the definition gives, on every back end. */
    static void agrees(OneHotModule module, List<BitString[]> calls, ToLongFunction<String> bytesPerCall) {
        agrees(module.name(), args -> CoreBridge.module(args[0].computation(), module, args)[0], module, calls, bytesPerCall);
    }

    /** {@code f} (a module or a standard circuit) on each call's arguments: the module's definition, at the bytes given. */
    static void agrees(String what, Function<SecretValue[], BitVector> f, OneHotModule definition, List<BitString[]> calls,
                       ToLongFunction<String> bytesPerCall) {
        List<BitString> want = new ArrayList<>();
        List<BitString> garbler = new ArrayList<>();
        List<BitString> evaluator = new ArrayList<>();
        for (BitString[] args : calls) {
            want.add(definition.definition(args)[0]);
            for (int i = 0; i < args.length; i++) {
                (i % 2 == 0 ? garbler : evaluator).add(args[i]);
            }
        }
        SecureProgram<List<BitString>> program = c -> {
            List<BitString> out = new ArrayList<>();
            for (BitString[] args : calls) {
                SecretValue[] in = new SecretValue[args.length];
                for (int i = 0; i < args.length; i++) {
                    in[i] = c.bits(i % 2 == 0 ? io.yaostream.Party.GARBLER : io.yaostream.Party.EVALUATOR, args[i].width());
                }
                out.add(CoreBridge.bits(f.apply(in).reveal()));
            }
            return out;
        };
        assertEquals(want, CoreBridge.engine(program).run(new PlainContext(Party.EVALUATOR, InputFeed.of(garbler), InputFeed.of(evaluator))), what + " plaintext");
        for (String scheme : SCHEMES) {
            Runs.Both<List<BitString>> both = Runs.garbled(scheme, "module", program, () -> Inputs.bits(garbler.stream().map(CoreBridge::bits).toList()),
                    () -> Inputs.bits(evaluator.stream().map(CoreBridge::bits).toList()));
            assertEquals(want, both.evaluator().value(), what + " " + scheme);
            assertEquals(want, both.garbler().value(), what + " " + scheme);
            assertEquals(calls.size() * bytesPerCall.applyAsLong(scheme), both.evaluator().costs().tableBytes(), what + " bytes, " + scheme);
        }
    }

    /** Ciphertexts of one whole outer product of an n-bit and an m-bit vector at chunk size k (HK21 Fig. 8). */
    static long outerProductCiphertexts(int n, int m, int k) {
        return side(n, m, k) + side(m, n, k);
    }

    /** One side: a chunk of each k rows, 2(size − 1) for its tree and one ciphertext per bit of the other vector. */
    private static long side(int rows, int width, int k) {
        long c = 0;
        for (int r0 = 0; r0 < rows; r0 += k) {
            c += 2L * (Math.min(k, rows - r0) - 1) + width;
        }
        return c;
    }

    /** Bytes of one AND gate's table: 2 ciphertexts with half-gates, 3 with grr3. */
    static long andBytes(String scheme) {
        return scheme.equals("grr3") ? 48 : 32;
    }
}
