package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code run --repeat}'s program between two parties: calls that go several at a time through the circuit copied side
 * by side, and the rest one by one, give each party what the plaintext back end gives, with every AND gate counted.
 */
@Timeout(120)
class RepeatProgramTest {
    @Test
    void repetitionsTogetherAndAloneGiveThePlaintextResults() {
        Random rnd = new Random(21);
        for (int t = 0; t < 16; t++) {
            CompiledCircuit c = TestCircuits.random(rnd, 50 + rnd.nextInt(400));
            long times = 1 + rnd.nextInt(20); // below, at and beyond the copies that go together (at most 8)
            List<BitString> g = new ArrayList<>();
            List<BitString> e = new ArrayList<>();
            for (WireGroup<Party> in : c.inputs()) {
                (in.owner() == Party.GARBLER ? g : e).add(BitString.of(new BigInteger(in.width(), rnd), in.width()));
            }
            MemoryChannel[] ends = MemoryChannel.pair(30_000);
            List<CompletableFuture<YaoSession.Result<List<Optional<BitString>>>>> runs = new ArrayList<>();
            for (Party p : Party.values()) {
                JavaKernel k = new JavaKernel(); // a party's own: a kernel's scratch is not shared between threads
                YaoSession.Config config = new YaoSession.Config(Schemes.byName(Schemes.DEFAULT), k, new ReceiverFirstBaseOt(1, k),
                        "repeat", List.of(c));
                InputFeed feed = InputFeed.of(p == Party.GARBLER ? g : e);
                runs.add(CompletableFuture.supplyAsync(() -> new YaoSession(p, ends[p.ordinal()], config,
                        AesCtrRandom.forTesting(p.ordinal() + 1)).run(new RepeatProgram(c, times), feed)));
            }
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).exceptionally(x -> null).join();
            for (Party p : Party.values()) {
                if (runs.get(p.ordinal()).isCompletedExceptionally()) {
                    runs.get(p.ordinal()).exceptionally(x -> { x.printStackTrace(); return null; });
                }
            }
            for (Party p : Party.values()) {
                YaoSession.Result<List<Optional<BitString>>> r = runs.get(p.ordinal()).join();
                List<Optional<BitString>> plain = new RepeatProgram(c, 1).run(new PlainContext(p, InputFeed.of(g), InputFeed.of(e)));
                assertEquals(plain, r.value(), "circuit " + t + ", " + times + " times, at the " + p);
                assertEquals(times * c.counts().and(), r.andGates(), "circuit " + t + ": AND gates at the " + p);
            }
        }
    }
}
