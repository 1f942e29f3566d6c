package io.yaostream.examples;

import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.TwoParty;
import io.yaostream.UInt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.onehot.ModReduce;
import io.yaostream.onehot.Multiply;

import java.math.BigInteger;

/**
 * One-hot garbling in a program: (x · y mod 2^32) mod 65521 of the garbler's x and the evaluator's y, with HK21's
 * modules, beside the same with standard circuits. Run with two numbers: both parties run in this process and
 * print the result and what each way sent.
 */
public final class OneHotProduct {
    static final SecureProgram<BigInteger> ONE_HOT = c -> {
        UInt x = c.garbler().uint(32);
        UInt y = c.evaluator().uint(32);
        return ModReduce.of(Multiply.of(x, y, 6), 65521, 8).reveal();
    };

    static final SecureProgram<BigInteger> STANDARD = c -> {
        UInt x = c.garbler().uint(32);
        UInt y = c.evaluator().uint(32);
        return ModReduce.standard(x.multiply(y), 65521).reveal();
    };

    public static void main(String[] args) {
        long x = Long.parseLong(args[0]);
        long y = Long.parseLong(args[1]);
        TwoParty parties = TwoParty.garbler().name("one-hot product"); // half-gates: one-hot garbling needs it or grr3
        for (SecureProgram<BigInteger> program : java.util.List.of(ONE_HOT, STANDARD)) {
            TwoParty.Both<BigInteger> both = parties.runBoth(program, Inputs.of(x, 32), Inputs.of(y, 32));
            System.out.printf("%s: %s, %,d bytes of garbled material%n", program == ONE_HOT ? "one-hot " : "standard", both.evaluator().value(),
                    both.evaluator().costs().tableBytes());
        }
    }
}
