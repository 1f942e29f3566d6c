package io.yaostream.core.circuit;

import java.util.Arrays;
import java.util.Objects;

/**
 * A named group of bits of a sub-circuit's interface (one party's input value, or one output value).
 * Position i of {@code slots} holds bit i of the value, least significant first.
 *
 * @param name  a label for people (may be empty)
 * @param owner for an input group the {@link Party} that supplies it, for an output group the
 *              {@link Receiver} that learns it
 */
public record WireGroup<T extends Enum<T>>(String name, T owner, int[] slots) {

    public WireGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(owner, "owner");
        slots = slots.clone();
    }

    public int width() {
        return slots.length;
    }

    /** Slot of bit {@code i}. */
    public int slot(int i) {
        return slots[i];
    }

    @Override
    public int[] slots() {
        return slots.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WireGroup<?> g && name.equals(g.name) && owner.equals(g.owner) && Arrays.equals(slots, g.slots);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, owner, Arrays.hashCode(slots));
    }

    @Override
    public String toString() {
        return owner + " " + name + "[" + slots.length + "]";
    }
}
