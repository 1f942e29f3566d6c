package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;

/**
 * A one-hot garbling module (Heath–Kolesnikov, CCS 2021, §5.2): a function computed with the one-hot gates of
 * {@link OneHotGates}, which only a module may use. A program calls it through {@link ProgramContext#module} like a
 * gate. Its two obligations (HK21 §5.3):
 * <ol>
 * <li>Correctness (Requirement 1): {@link #body} computes {@link #definition} for every input, whatever the masks,
 * so no mask can leave the module. The plaintext back end checks it on every call.</li>
 * <li>Reveal indistinguishability (Requirement 2): every value the body reveals ({@link OneHotGates#reveal}) is
 * distributed independently of the inputs, thanks to a mask the body samples.</li>
 * </ol>
 */
public interface OneHotModule {
    /** A name for messages, with the parameters (e.g. {@code "gf(2^8) inverse"}). */
    String name();

    /** Output widths, given the input widths. */
    int[] outputWidths(int... inputWidths);

    /** The module's gates: one secret per output. The same code runs on every back end. */
    Secret[] body(OneHotGates g, Secret... in);

    /** What the module computes, in plaintext. */
    BitString[] definition(BitString... in);
}
