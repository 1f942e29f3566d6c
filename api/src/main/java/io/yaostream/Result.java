package io.yaostream;

import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.twoparty.YaoSession;

/**
 * What one two-party session (or one program on a {@link Link}) gave this party: the program's value, what it cost,
 * how long it took, and what ran it.
 *
 * @param <R>            the program's result
 * @param value          what the program returned at this party
 * @param costs          what the program cost, as this party counted it
 * @param bytesSent      bytes this party sent
 * @param bytesReceived  bytes this party received
 * @param seconds        from the session's start to this party's result (the closing exchange not included)
 * @param setupSeconds   the handshake and base OTs (zero for a program on a kept link)
 * @param onlineSeconds  from the end of the set-up to the result
 * @param flights        one-way latencies on the longest chain of messages behind the result (see {@link Link})
 * @param connectSeconds the connection's own TCP and TLS set-up, timed apart
 * @param scheme         the garbling scheme's name, as {@link TwoParty#scheme} takes it
 * @param kernel         the kernel that ran: {@code native} or {@code java}
 * @param kernelPath     the kernel's code path on this machine: the native kernel's AES path ({@code vaes-512},
 *                       {@code vaes-256}, {@code aes-ni}), or {@code java}
 */
public record Result<R>(R value, Costs costs, long bytesSent, long bytesReceived, double seconds, double setupSeconds,
                        double onlineSeconds, int flights, double connectSeconds, String scheme, String kernel, String kernelPath) {

    static <R> Result<R> of(YaoSession.Result<R> r, String scheme, Kernel kernel) {
        return new Result<>(r.value(), Costs.of(r.costs()), r.bytesSent(), r.bytesReceived(), r.seconds(), r.setupSeconds(),
                r.onlineSeconds(), r.flights(), r.connectSeconds(), scheme, kernel.name(), kernel.path());
    }

    static <R> Result<R> of(YaoSession.Result<R> r, YaoSession.Config config) {
        return of(r, config.scheme().name(), config.kernel());
    }

    /**
     * AND gates garbled and evaluated.
     *
     * @return {@code costs().andGates()}
     */
    public long andGates() {
        return costs.andGates();
    }

    /**
     * Sub-circuit calls.
     *
     * @return {@code costs().calls()}
     */
    public long calls() {
        return costs.calls();
    }
}
