import io.yaostream.*;

/** Yao's millionaires: which of two parties is richer, and nothing else. */
public final class Millionaires {
    static final SecureProgram<Boolean> RICHER =
            c -> c.garbler().uint(64).greaterThan(c.evaluator().uint(64)).reveal();

    public static void main(String[] args) {           // garbler 7000 5000000   |   evaluator 7000 3000000
        TwoParty party = TwoParty.as(args[0]).name("millionaires");
        int port = Integer.parseInt(args[1]);
        party = party.isGarbler() ? party.listen(port) : party.connect("localhost", port);
        boolean garblerRicher = party.run(RICHER, Inputs.of(Long.parseLong(args[2]), 64)).value();
        System.out.println(garblerRicher ? "the garbler is richer" : "the evaluator is at least as rich");
    }
}
