package io.yaostream.core.twoparty;

import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.OtExtensionSender;

/**
 * A garbler's first base-OT message, made before its connection is taken: a listening garbler sends it with its hello
 * to each connection it reads a hello from ({@link HelloGate}), so that the evaluator it takes can answer at once and
 * the session keeps its 3 flights. It fixes what the message depends on: the garbler's core (its Δ) and the OT
 * extension's secret (Δ with free XOR, else a random one). The message is the same for every connection; it is
 * uniform whatever the secret, and only the taken connection's answer is ever read.
 */
public final class GarblerOpening {
    final GarblerCore core;
    final long secretLo;
    final long secretHi;
    final BaseOt.Prepared baseOts;

    private GarblerOpening(GarblerCore core, long secretLo, long secretHi, BaseOt.Prepared baseOts) {
        this.core = core;
        this.secretLo = secretLo;
        this.secretHi = secretHi;
        this.baseOts = baseOts;
    }

    /** The opening of a garbler of {@code config}, or null where its base OTs' sender speaks first (nothing to send early). */
    public static GarblerOpening prepare(YaoSession.Config config, AesCtrRandom random) {
        if (!config.baseOt().receiverFirst()) {
            return null;
        }
        GarblerCore core = config.scheme().newGarbler(config.kernel(), random);
        long[] s = GarblerInputs.secret(core, config.scheme().freeXor(), random);
        return new GarblerOpening(core, s[0], s[1], OtExtensionSender.prepareBaseOts(config.baseOt(), s[0], s[1]));
    }

    /** The bytes to send after the hello. */
    public byte[] message() {
        return baseOts.message();
    }
}
