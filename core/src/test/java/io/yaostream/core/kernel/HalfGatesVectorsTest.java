package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.yaostream.core.kernel.OneGateVectors.A0;
import static io.yaostream.core.kernel.OneGateVectors.B0;
import static io.yaostream.core.kernel.OneGateVectors.DELTA;
import static io.yaostream.core.kernel.OneGateVectors.assertEvaluatesEveryInput;
import static io.yaostream.core.kernel.OneGateVectors.block;
import static io.yaostream.core.kernel.OneGateVectors.hex;
import static io.yaostream.core.kernel.OneGateVectors.oneGate;
import static io.yaostream.core.kernel.OneGateVectors.zeroLabels;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java kernel's half-gates (TMMO) and half-gates-sigma against the known-answer vectors of docs/garbling-schemes.md
 * section 11, read from the document itself: each block names its scheme and Kπ (and the seed S that gives Kπ as
 * R(0x01, 0)), then per gate the hashes, the table and the output label of 0, and the output decoding hashes. A script
 * independent of the code computed them with another AES. The native kernel is held to the Java one bit for bit, on
 * every AES path, by its own tests.
 */
class HalfGatesVectorsTest {
    private static final Pattern HEADER = Pattern.compile(
            "^(half-gates|half-gates-sigma), Kπ = ([0-9a-f]{32})(?:, from S = ([0-9a-f]{32}))?:$");
    private static final Pattern GATE = Pattern.compile("^  (?:AND|OR) \\(tt=(\\d+)\\):");
    private static final Pattern VALUE = Pattern.compile("([A-Za-zπ0-9]+(?:\\([A-Za-z0-9,]+\\))?)=([0-9a-f]{32})");

    /** One block of the document: scheme, key, seed (or null), values per truth table (0: not of a gate). */
    private record Block(String scheme, String key, String seed, Map<Integer, Map<String, String>> values) {
    }

    private static List<Block> blocks() throws IOException {
        Path doc = Path.of("..", "docs", "garbling-schemes.md");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        String section = text.substring(text.indexOf("## 11. Known-answer vectors"), text.indexOf("## 12."));
        List<Block> blocks = new ArrayList<>();
        Block current = null;
        int tt = 0;
        for (String line : section.split("\n")) {
            Matcher h = HEADER.matcher(line);
            if (h.matches()) {
                current = new Block(h.group(1), h.group(2), h.group(3), new LinkedHashMap<>());
                blocks.add(current);
                tt = 0;
                continue;
            }
            if (current == null || !line.startsWith("  ")) {
                current = null;
                continue;
            }
            Matcher g = GATE.matcher(line);
            if (g.find()) {
                tt = Integer.parseInt(g.group(1));
            } else if (line.startsWith("  output:") || line.startsWith("  π(")) {
                tt = 0;
            }
            Matcher v = VALUE.matcher(line);
            while (v.find()) {
                current.values().computeIfAbsent(tt, k -> new LinkedHashMap<>()).put(v.group(1), v.group(2));
            }
        }
        return blocks;
    }

    @Test
    void theDocumentedBlocksAreAllChecked() throws IOException {
        List<Block> blocks = blocks();
        assertEquals(3, blocks.size(), "half-gates under two keys, half-gates-sigma under one");
        int checked = 0;
        for (Block b : blocks) {
            checked += check(b);
        }
        // TMMO under 000102..0f: π(A0), AND 7 and its 2 output hashes, OR 3; under S's key the same but π(A0); sigma: AND 7
        assertEquals(13 + 12 + 7, checked, "values checked");
    }

    /** Checks every value of a block; returns how many. */
    private static int check(Block b) {
        Kernel kernel = new JavaKernel();
        long[] key = block(b.key());
        if (b.seed() != null) {
            long[] derived = AesCtrRandom.fromKey(kernel, HexFormat.of().parseHex(b.seed())).derive(0x01, 0);
            assertEquals(b.key(), hex(derived[0], derived[1]), "Kπ = R(0x01, 0) of S");
        }
        kernel.setFixedKey(key[0], key[1]);
        AndGateRule rule = b.scheme().equals("half-gates") ? AndGateRule.HALF_GATES : AndGateRule.HALF_GATES_SIGMA;
        LabelHash hash = rule.hash();
        long[] delta = block(DELTA);
        int checked = 0;
        for (Map.Entry<Integer, Map<String, String>> e : b.values().entrySet()) {
            Map<String, String> v = e.getValue();
            if (e.getKey() == 0) {
                if (v.containsKey("π(A0)")) {
                    long[] out = new long[2];
                    kernel.fixedKeyEncrypt(block(A0), out, 1);
                    assertEquals(v.get("π(A0)"), hex(out[0], out[1]), "π(A0)");
                    checked++;
                }
                continue;
            }
            int tt = e.getKey();
            CompiledCircuit c = oneGate(tt);
            long[] zero = zeroLabels();
            long[] tables = new long[4];
            GateCursor at = new GateCursor();
            at.start(1);
            assertEquals(2, kernel.garbleFreeXor(rule, c, at, zero, delta[0], delta[1], tables, 2));
            assertEquals(v.get("TG"), hex(tables[0], tables[1]), b.scheme() + " tt " + tt + " TG");
            assertEquals(v.get("TE"), hex(tables[2], tables[3]), b.scheme() + " tt " + tt + " TE");
            assertEquals(v.get("C0"), hex(zero[4], zero[5]), b.scheme() + " tt " + tt + " C0");
            checked += 3;
            if (v.containsKey("H(A0,2)")) { // AND: the four hashes, of A0 ^ αΔ and B0 ^ βΔ with α = β = 0
                String[] names = {"H(A0,2)", "H(A1,2)", "H(B0,3)", "H(B1,3)"};
                long[] labels = new long[8];
                System.arraycopy(block(A0), 0, labels, 0, 2);
                System.arraycopy(block(A0), 0, labels, 2, 2);
                System.arraycopy(block(B0), 0, labels, 4, 2);
                System.arraycopy(block(B0), 0, labels, 6, 2);
                labels[2] ^= delta[0];
                labels[3] ^= delta[1];
                labels[6] ^= delta[0];
                labels[7] ^= delta[1];
                long[] out = new long[8];
                hash.hash(kernel, labels, new long[] {2, 2, 3, 3}, LabelHash.GATE_DOMAIN, out, new long[8], 4);
                for (int i = 0; i < 4; i++) {
                    assertEquals(v.get(names[i]), hex(out[2 * i], out[2 * i + 1]), b.scheme() + " " + names[i]);
                }
                checked += 4;
            }
            assertEvaluatesEveryInput(kernel, rule, c, tt, zero, delta, tables, b.scheme() + " tt " + tt + ", "); // from each pair of inputs
            if (tt == 1 && b.values().containsKey(0) && b.values().get(0).containsKey("Hout(C0,0)")) {
                Map<String, String> o = b.values().get(0);
                long[] labels = {zero[4], zero[5], zero[4] ^ delta[0], zero[5] ^ delta[1]};
                long[] out = new long[4];
                hash.hash(kernel, labels, new long[] {0, 0}, LabelHash.OUTPUT_DOMAIN, out, new long[4], 2);
                assertEquals(o.get("Hout(C0,0)"), hex(out[0], out[1]), b.scheme() + " Hout(C0, 0)");
                assertEquals(o.get("Hout(C1,0)"), hex(out[2], out[3]), b.scheme() + " Hout(C1, 0)");
                checked += 2;
            }
        }
        assertTrue(checked > 0, "a block with values");
        return checked;
    }
}
