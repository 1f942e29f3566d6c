package io.yaostream.cli;

import io.yaostream.ThreeParty;
import io.yaostream.Result;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.threeparty.ThreePartyCircuit;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What {@code run3} and {@code demo3} share: which input groups a party owns, and the report of one party's result. */
final class ThreePartyOptions {
    private ThreePartyOptions() {
    }

    /** The circuit's input groups, checked to be at most three (group g belongs to party g). */
    static void checkGroups(CompiledCircuit c) {
        if (c.inputs().size() > 3) {
            throw new UserError("the circuit has " + c.inputs().size() + " input groups; three parties own at most three (group g belongs"
                    + " to party g)");
        }
    }

    /** Party {@code party}'s input values from {@code values} (one per group it owns: none or one). */
    static List<BitString> owned(CompiledCircuit c, int party, List<String> values, boolean msbFirst) {
        checkGroups(c);
        List<WireGroup<Party>> owned = new ArrayList<>();
        for (int g = 0; g < c.inputs().size(); g++) {
            if (ThreePartyCircuit.owner(g) == party) {
                owned.add(c.inputs().get(g));
            }
        }
        return InOption.parse(values == null ? List.of() : values, owned, msbFirst, "P" + party + " owns " + owned.size()
                + " input group(s) of the circuit (group g belongs to party g)");
    }

    /** The JSON fields of {@code run} for one party, plus its bytes to each other party. */
    static Map<String, Object> fields(ThreeParty.Result<?> r, String scheme, String kernel, String network) {
        Map<String, Object> m = Report.fields("party", r.party(), "scheme", scheme, "kernel", kernel, "network", network);
        Map<String, Object> to = new java.util.LinkedHashMap<>();
        for (int p = 1; p <= 3; p++) {
            if (p != r.party()) {
                to.put("P" + p, r.sentTo()[p]);
            }
        }
        m.put("bytesTo", to);
        return m;
    }

    @SuppressWarnings("unchecked")
    static Optional<BitString>[] results(List<Optional<BitString>> value) {
        return value.toArray(new Optional[0]);
    }

    /** One party's summary line ({@code P2: ... bytes sent (to P1 ..., to P3 ...)}). */
    static String summary(ThreeParty.Result<?> r, long peakHeap) {
        StringBuilder to = new StringBuilder();
        for (int p = 1; p <= 3; p++) {
            if (p != r.party()) {
                to.append(to.length() == 0 ? " (" : ", ").append(String.format("to P%d %,d", p, r.sentTo()[p]));
            }
        }
        return Report.summary("P" + r.party(), r.andGates(), r.bytesSent(), r.seconds(), peakHeap) + to + ")";
    }

    static void printResults(PrintWriter out, Optional<BitString>[] results, boolean msbFirst) {
        for (Optional<BitString> r : results) {
            out.println(r.map(b -> b.toHex(msbFirst)).orElse("(none)"));
        }
    }
}
