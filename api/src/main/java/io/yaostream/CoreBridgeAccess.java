package io.yaostream;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.InputFeed;
import io.yaostream.internal.CoreBridge;

/** The API package's side of {@link CoreBridge}: its conversions stay package-private here. */
final class CoreBridgeAccess implements CoreBridge.Access {
    static {
        CoreBridge.install(new CoreBridgeAccess());
    }

    private CoreBridgeAccess() {
    }

    @Override
    public InputFeed feed(Inputs inputs) {
        return inputs.feed();
    }

    @Override
    public Inputs inputs(InputFeed feed) {
        return Inputs.from(feed);
    }

    @Override
    public BitString bits(Bits bits) {
        return bits.core();
    }

    @Override
    public Bits bits(BitString bits) {
        return Bits.of(bits);
    }
}
