package io.yaostream.core.threeparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.text.English;

/** P3's input shares on the wire: the bits packed LSB first into whole bytes, the padding bits zero. */
final class ThreeShares {
    private ThreeShares() {
    }

    static void write(Channel channel, BitString share) {
        byte[] b = new byte[(share.width() + 7) / 8];
        for (int i = 0; i < share.width(); i++) {
            if (share.get(i)) {
                b[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        ThreeFrames.send(channel, ThreeFrames.SHARE, b);
    }

    static BitString read(Channel channel, int width) {
        byte[] b = ThreeFrames.read(channel, (width + 7) / 8);
        boolean[] bits = new boolean[width];
        for (int i = 0; i < width; i++) {
            bits[i] = (b[i >>> 3] >>> (i & 7) & 1) != 0;
        }
        if (width % 8 != 0 && (b[b.length - 1] & 0xff) >>> (width % 8) != 0) {
            throw new PeerFault("P3 sent " + English.article(width) + " " + width + "-bit input share with padding bits set");
        }
        return BitString.fromBits(bits);
    }
}
