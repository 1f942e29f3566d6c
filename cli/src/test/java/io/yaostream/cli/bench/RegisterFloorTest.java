package io.yaostream.cli.bench;

import io.yaostream.core.kernel.Kernels;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CPU's own AES floor: measured by the native kernel's loop on registers, absent from the Java kernel. */
class RegisterFloorTest {
    @Test
    void theJavaKernelHasNoRegisterFloor() {
        assertNull(GarblingTiming.registerFloor(Kernels.create(Kernels.JAVA), 1));
    }

    @Test
    void theNativeKernelMeasuresAFiniteFloor() {
        Assumptions.assumeTrue(Kernels.nativeUnavailableReason() == null, "the native kernel cannot run here");
        Samples s = GarblingTiming.registerFloor(Kernels.create(Kernels.NATIVE), 3);
        double ns = s.median();
        assertTrue(Double.isFinite(ns) && ns > 0.01 && ns < 1000, "ns per block: " + ns);
    }
}
