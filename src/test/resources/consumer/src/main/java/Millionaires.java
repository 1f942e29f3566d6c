import io.yaostream.SecureProgram;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.program.InputFeed;

/** Yao's millionaires: which of two parties is richer, and nothing else. */
public final class Millionaires {
    static final SecureProgram<Boolean> RICHER = c -> c.uint(Party.GARBLER, 64).greaterThan(c.uint(Party.EVALUATOR, 64)).reveal();

    public static void main(String[] args) {           // garbler 7000 5000000   |   evaluator 7000 3000000
        Party me = Party.fromKey(args[0]);
        TwoParty party = TwoParty.as(me).name("millionaires");
        int port = Integer.parseInt(args[1]);
        party = me == Party.GARBLER ? party.listen(port) : party.connect("localhost", port);
        boolean garblerRicher = party.run(RICHER, InputFeed.of(BitString.of(Long.parseLong(args[2]), 64))).value();
        System.out.println(garblerRicher ? "the garbler is richer" : "the evaluator is at least as rich");
    }
}
