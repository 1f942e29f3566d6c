package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;

/**
 * A sub-circuit written inline with the builder DSL, for {@link Computation#apply}: a function from the
 * builder's wires to wires. It is compiled once per definition and input widths and cached, so calling it in a
 * loop of a million iterations compiles it once.
 *
 * <p>The definition is recognised by the lambda's or method reference's class (the same code site gives the
 * same class), so it must not capture variables: a lambda that reads a local variable or a field could build a
 * different circuit each time. Pass such a one with a key that names everything it depends on
 * ({@link Computation#apply(Object, SubCircuit.Unary, BitVector)} and its siblings).
 */
public final class SubCircuit {
    private SubCircuit() {
    }

    /** One input. */
    @FunctionalInterface
    public interface Unary {
        /**
         * Adds the sub-circuit's gates to {@code b}; returns its output wires.
         *
         * @param b the builder of the sub-circuit
         * @param x the input's wires, as wide as the value it is applied to
         * @return the output's wires
         */
        Bits build(CircuitBuilder b, Bits x);
    }

    /** Two inputs. */
    @FunctionalInterface
    public interface Binary {
        /**
         * Adds the sub-circuit's gates to {@code b}; returns its output wires.
         *
         * @param b the builder of the sub-circuit
         * @param x the first input's wires
         * @param y the second input's wires
         * @return the output's wires
         */
        Bits build(CircuitBuilder b, Bits x, Bits y);
    }

    /** Three inputs. */
    @FunctionalInterface
    public interface Ternary {
        /**
         * Adds the sub-circuit's gates to {@code b}; returns its output wires.
         *
         * @param b the builder of the sub-circuit
         * @param x the first input's wires
         * @param y the second input's wires
         * @param z the third input's wires
         * @return the output's wires
         */
        Bits build(CircuitBuilder b, Bits x, Bits y, Bits z);
    }

    /** Any number of inputs and outputs. */
    @FunctionalInterface
    public interface Many {
        /**
         * Adds the sub-circuit's gates to {@code b}; returns its outputs' wires.
         *
         * @param b the builder of the sub-circuit
         * @param inputs the inputs' wires, one entry per input in the order they were passed
         * @return the outputs' wires, one entry per output
         */
        Bits[] build(CircuitBuilder b, Bits[] inputs);
    }
}
