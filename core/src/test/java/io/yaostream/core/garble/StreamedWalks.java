package io.yaostream.core.garble;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.SlotBinaryFormat;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.plain.PlainEvaluator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks that walking a circuit read from its file, in blocks, is walking it in memory: the same garbled material
 * byte for byte (gate indices running on across blocks and calls), the same outputs. Shared by the core tests (Java
 * kernel) and the native kernel's.
 */
public final class StreamedWalks {
    private StreamedWalks() {
    }

    /** {@code c} written to a file in {@code dir} and opened with {@code budget} bytes, so it is streamed. */
    public static CompiledCircuit streamed(CompiledCircuit c, Path dir, long budget) {
        try {
            Path file = Files.createTempFile(dir, "streamed", ".ysid");
            try (OutputStream out = Files.newOutputStream(file)) {
                SlotBinaryFormat.write(c, out);
            }
            CompiledCircuit s = SlotBinaryFormat.open(file, budget);
            assertTrue(s.isStreamed() || c.gateCount() * 16L + c.andBatchCount() * 8L <= budget, "opened in memory: " + s);
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The garbler's material for two calls of {@code c} and its outputs' decoding, with every input labelled and
     * the garbler's randomness from {@code seed}.
     */
    public static byte[] material(GarblingScheme scheme, Kernel kernel, CompiledCircuit c, long seed) {
        long[] key = AesCtrRandom.forTesting(seed).derive(0x01, 0); // the Kπ a session's garbler derives from its generator
        kernel.setFixedKey(key[0], key[1]);
        GarblerCore g = scheme.newGarbler(kernel, AesCtrRandom.forTesting(seed));
        g.ensureSlots(c.slots());
        for (int slot : c.inputSlotsView()) {
            g.newInputLabels(slot);
        }
        MemoryGarbledStream stream = new MemoryGarbledStream();
        g.garble(c, stream);
        g.garble(c, stream);
        g.writeDecoding(c.outputSlotsView(), stream);
        byte[] bytes = new byte[(int) stream.bytesWritten()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) stream.readByte();
        }
        return bytes;
    }

    /**
     * The streamed circuit garbles to the same bytes as the one in memory, its evaluator reads the in-memory
     * garbler's material, and garbling and evaluating it in one process gives the plaintext result.
     */
    public static void assertSameAsInMemory(GarblingScheme scheme, Kernel kernel, CompiledCircuit memory,
                                            CompiledCircuit streamed, long seed) {
        String what = scheme.name() + " on " + kernel.name() + ", seed " + seed;
        assertArrayEquals(material(scheme, kernel, memory, seed), material(scheme, kernel, streamed, seed), what);
        BitString[] in = inputs(memory, new Random(seed));
        BitString[] expected = new PlainEvaluator().evaluate(memory, in);
        assertArrayEquals(expected, new PlainEvaluator().evaluate(streamed, in), what + ": plaintext");
        LocalGarbling local = new LocalGarbling(scheme, kernel, kernel, AesCtrRandom.forTesting(seed));
        LocalGarbling.Result r = local.run(streamed, in);
        assertArrayEquals(expected, r.outputs(), what + ": garbled");
        assertArrayEquals(expected, local.run(streamed, in).outputs(), what + ": garbled, second call");
        assertEquals(scheme.tableBytes(memory), r.tableBytes(), what + ": table bytes");
        assertEquals(scheme.tableBytes(memory), scheme.tableBytes(streamed), what + ": table bytes");
        // The evaluator walks the streamed circuit over material garbled from the circuit in memory.
        GarblerCore g = scheme.newGarbler(kernel, AesCtrRandom.forTesting(seed));
        EvaluatorCore e = scheme.newEvaluator(kernel);
        MemoryGarbledStream stream = new MemoryGarbledStream();
        LocalGarbling.encode(memory, in, g, e);
        g.garble(memory, stream);
        e.evaluate(streamed, stream);
        assertArrayEquals(expected, LocalGarbling.decode(memory, g, e, stream), what + ": evaluated from the file");
    }

    private static BitString[] inputs(CompiledCircuit c, Random rnd) {
        BitString[] in = new BitString[c.inputs().size()];
        for (int i = 0; i < in.length; i++) {
            boolean[] bits = new boolean[c.inputs().get(i).width()];
            for (int j = 0; j < bits.length; j++) {
                bits[j] = rnd.nextBoolean();
            }
            in[i] = BitString.fromBits(bits);
        }
        return in;
    }
}
