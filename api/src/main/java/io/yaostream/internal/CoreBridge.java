package io.yaostream.internal;

import io.yaostream.BitVector;
import io.yaostream.Computation;
import io.yaostream.Inputs;
import io.yaostream.SecretValue;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.OneHotModule;

import java.util.Objects;

/**
 * The one door between the API's types and the engine's, for yaostream's own one-hot functions
 * ({@code io.yaostream.onehot}), command line, Spark back end, benches and tests. It is not part of the API: the
 * API's packages name no engine type in a public signature (a test keeps it so), this class does, and it may change
 * in any release. A program never needs it.
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
         * See {@link CoreBridge#module}.
         *
         * @param computation the computation the arguments belong to
         * @param module the module
         * @param args its inputs, in order
         * @return its outputs, in order
         */
        BitVector[] module(Computation computation, OneHotModule module, SecretValue... args);
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
     * A one-hot garbling module (HK21, {@link OneHotModule}) on {@code args}, one bit vector per output: how the
     * one-hot functions of {@code io.yaostream.onehot}, and tests of modules, run a module in a computation. Needs a
     * scheme with one-hot garbling (half-gates or grr3); the plaintext back end checks the module against its
     * definition on every call.
     *
     * @param computation the computation the arguments belong to
     * @param module the module, which fixes the widths it takes
     * @param args its inputs, in order
     * @return its outputs, in order
     * @throws IllegalArgumentException if a value belongs to another computation
     */
    public static BitVector[] module(Computation computation, OneHotModule module, SecretValue... args) {
        return api().module(computation, module, args);
    }
}
