package io.yaostream;

import io.yaostream.core.kernel.KernelProvider;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Asking for a kernel that cannot run fails where the party is configured, in one line, before any connection. */
class KernelChoiceTest {
    /** Sees every class but no kernel provider: as if yaostream-native were not on the class path. */
    private static final class WithoutProviders extends ClassLoader {
        WithoutProviders(ClassLoader parent) {
            super(parent);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            return name.equals("META-INF/services/" + KernelProvider.class.getName())
                    ? Collections.emptyEnumeration() : super.getResources(name);
        }
    }

    private static <T> T withoutNativeJar(Supplier<T> action) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(new WithoutProviders(before));
        try {
            return action.get();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    @Test
    void nativeWithoutTheNativeJarFailsWhenConfigured() {
        String expected = "the native kernel is not on the class path: add io.yaostream:yaostream-native";
        IllegalArgumentException two = withoutNativeJar(() ->
                assertThrows(IllegalArgumentException.class, () -> TwoParty.garbler().kernel("native")));
        assertEquals(expected, two.getMessage());
        IllegalArgumentException three = withoutNativeJar(() ->
                assertThrows(IllegalArgumentException.class, () -> ThreeParty.as(1).kernel("native")));
        assertEquals(expected, three.getMessage());
    }

    @Test
    void javaAndAutoNeedNoNativeJar() {
        withoutNativeJar(() -> TwoParty.garbler().kernel("java").kernel("auto").kernel(null));
    }

    @Test
    void anUnknownKernelFailsWhenConfigured() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TwoParty.evaluator().kernel("gpu"));
        assertEquals("unknown kernel 'gpu' (expected java, native or auto)", e.getMessage());
    }
}
