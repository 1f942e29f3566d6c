package io.yaostream.cli;

import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.Schemes;

import java.util.Iterator;

/** The garbling scheme names, for picocli's completion candidates and for parsing {@code --scheme}. */
final class SchemeNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return Schemes.names().iterator();
    }

    static GarblingScheme parse(String name) {
        try {
            return Schemes.byName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--scheme: " + e.getMessage());
        }
    }
}
