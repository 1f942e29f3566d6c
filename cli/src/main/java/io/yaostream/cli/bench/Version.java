package io.yaostream.cli.bench;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The build's version, from the POM (a resource Maven fills in): what {@code --version} and every JSON say. */
public final class Version {
    private static final String VERSION = load();

    private Version() {
    }

    /** The version, e.g. {@code 0.1.0}, or {@code 0.1.0-SNAPSHOT} for a build between releases. */
    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the build");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** For picocli's {@code --version}. */
    public static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"yaostream " + get()};
        }
    }
}
