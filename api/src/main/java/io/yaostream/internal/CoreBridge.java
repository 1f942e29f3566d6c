package io.yaostream.internal;

import io.yaostream.Bits;
import io.yaostream.Inputs;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.InputFeed;

import java.util.Objects;

/**
 * The one door between the API's types and the engine's, for yaostream's own command line, Spark back end, benches
 * and tests. It is not part of the API: the API's packages name no engine type in a public signature (a test keeps
 * it so), this class does, and it may change in any release. A program never needs it.
 *
 * <p>The API package installs the one {@link Access} when it loads, so the conversions stay package-private there.
 */
public final class CoreBridge {
    /** What the API package gives this door; implemented once, in {@code io.yaostream}. */
    public interface Access {
        /**
         * See {@link CoreBridge#feed}.
         *
         * @param inputs the inputs
         * @return their feed
         */
        InputFeed feed(Inputs inputs);

        /**
         * See {@link CoreBridge#inputs}.
         *
         * @param feed the feed
         * @return the feed as inputs
         */
        Inputs inputs(InputFeed feed);

        /**
         * See {@link CoreBridge#bits(Bits)}.
         *
         * @param bits the API's bits
         * @return the engine's bit string
         */
        BitString bits(Bits bits);

        /**
         * See {@link CoreBridge#bits(BitString)}.
         *
         * @param bits the engine's bit string
         * @return the API's bits
         */
        Bits bits(BitString bits);
    }

    private static volatile Access access;

    private CoreBridge() {
    }

    /**
     * Installs the API package's side of the door. Called once, by the API package as it loads.
     *
     * @param api the API package's conversions
     * @throws IllegalStateException if a side is installed already
     */
    public static synchronized void install(Access api) {
        if (access != null) {
            throw new IllegalStateException("the API's side of CoreBridge is installed already");
        }
        access = Objects.requireNonNull(api, "api");
    }

    private static Access api() {
        Access a = access;
        if (a == null) {
            try { // the installer's static initialiser calls install
                Class.forName("io.yaostream.CoreBridgeAccess", true, CoreBridge.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the API package is not on the class path", e);
            }
            a = access;
        }
        return a;
    }

    /**
     * The engine's feed of {@code inputs} for one run.
     *
     * @param inputs the inputs
     * @return a feed, fresh for inputs made of values
     */
    public static InputFeed feed(Inputs inputs) {
        return api().feed(inputs);
    }

    /**
     * Inputs from a feed made with the engine's own interface, for feeds that decide each value as the program takes
     * it. Nothing can follow them ({@link Inputs#and}).
     *
     * @param feed the feed
     * @return the feed as inputs
     */
    public static Inputs inputs(InputFeed feed) {
        return api().inputs(feed);
    }

    /**
     * The engine's bit string of the API's {@link Bits}: the same bits, with no copy.
     *
     * @param bits the API's bits
     * @return the engine's bit string
     */
    public static BitString bits(Bits bits) {
        return api().bits(bits);
    }

    /**
     * The API's {@link Bits} of an engine's bit string, for a value the engine gave (a reveal of a {@code Program}, a
     * plain evaluation) that goes on to the API ({@link Inputs#bits}, {@code Shared.of}).
     *
     * @param bits the engine's bit string
     * @return the same bits as the API's, with no copy
     */
    public static Bits bits(BitString bits) {
        return api().bits(bits);
    }
}
