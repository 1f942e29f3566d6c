package io.yaostream.cli;

/** The peer's address as {@code --connect} takes it. */
record HostPort(String host, int port) {
    /**
     * {@code HOST:PORT} (the last colon splits, so IPv6 literals work, bracketed or not), or null when it is not
     * one.
     */
    static HostPort parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty()) {
            return null;
        }
        try {
            int port = Integer.parseInt(text.substring(colon + 1));
            return port >= 1 && port <= 65535 ? new HostPort(host, port) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
