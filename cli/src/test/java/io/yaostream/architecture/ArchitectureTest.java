package io.yaostream.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The architecture as a test over the compiled classes of every module but the JMH suites (which no module depends
 * on, and which depend on no command: Maven's module graph keeps that), tests left out: packages form no cycle, every dependency points down the layers below,
 * Netty is used only by the transport and JNI only by the native kernel.
 */
class ArchitectureTest {
    /**
     * The layers, bottom first. A package may use packages of its own layer and of the layers below it; the cycle
     * rule keeps the arrows within a layer one way.
     */
    static final List<Layer> LAYERS = List.of(
            new Layer("bytes and messages", "io.yaostream.core.bits", "io.yaostream.core.text"),
            new Layer("circuits, files, curve", "io.yaostream.core.circuit", "io.yaostream.core.format", "io.yaostream.core.curve"),
            new Layer("kernel SPI", "io.yaostream.core.kernel"),
            new Layer("compiler", "io.yaostream.compiler", "io.yaostream.compiler.ir", "io.yaostream.compiler.bristol",
                    "io.yaostream.compiler.dsl"),
            new Layer("garbling, transport, OT, native kernel", "io.yaostream.core.garble", "io.yaostream.core.net",
                    "io.yaostream.core.ot", "io.yaostream.nativekernel"),
            new Layer("program SPI", "io.yaostream.core.program"),
            new Layer("what the protocols share", "io.yaostream.core.protocol"),
            new Layer("one-hot garbling", "io.yaostream.core.onehot"),
            new Layer("protocols", "io.yaostream.core.twoparty", "io.yaostream.core.threeparty"),
            new Layer("sharded runs", "io.yaostream.core.shard"),
            new Layer("plaintext and cost back ends", "io.yaostream.core.plain"),
            new Layer("API", "io.yaostream", "io.yaostream.onehot", "io.yaostream.internal"),
            new Layer("fixtures of the demo and the benchmarks", "io.yaostream.fixtures"),
            new Layer("examples", "io.yaostream.examples"),
            new Layer("command line", "io.yaostream.cli", "io.yaostream.cli.bench"));

    record Layer(String name, String... packages) {
        boolean holds(String pkg) {
            return Set.of(packages).contains(pkg);
        }
    }

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        // The other modules come as jars or as class folders, depending on how far the build went; their test jars
        // ride along on this module's test class path and are left out like the test classes.
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/e2e/"))
                .importPackages("io.yaostream");
    }

    private static int layerOf(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).holds(pkg)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void everyPackageHasALayer() {
        Set<String> missing = new TreeSet<>();
        for (JavaClass c : classes) {
            if (layerOf(c.getPackageName()) < 0) {
                missing.add(c.getPackageName());
            }
        }
        assertEquals(Set.of(), missing, "packages with no layer in ArchitectureTest.LAYERS");
    }

    @Test
    void dependenciesPointDown() {
        Set<String> upward = new TreeSet<>();
        for (JavaClass c : classes) {
            int from = layerOf(c.getPackageName());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getBaseComponentType().getPackageName();
                int to = layerOf(target);
                if (to > from && from >= 0) {
                    upward.add(c.getPackageName() + " (" + LAYERS.get(from).name() + ") -> " + target + " ("
                            + LAYERS.get(to).name() + "): " + d.getDescription());
                }
            }
        }
        if (!upward.isEmpty()) {
            fail(upward.size() + " dependencies point up the layers:\n" + String.join("\n", upward));
        }
    }

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                // The API package and its door to the engine's types (internal.CoreBridge) are one unit: the door
                // converts API types and the API package installs its side, so the two name each other.
                String pkg = c.getPackageName();
                return SliceIdentifier.of(pkg.equals("io.yaostream.internal") ? "io.yaostream" : pkg);
            }

            @Override
            public String getDescription() {
                return "each package";
            }
        }).should().beFreeOfCycles().check(classes);
    }

    @Test
    void nettyOnlyInTheTransport() {
        noClasses().that().resideOutsideOfPackage("io.yaostream.core.net")
                .should().dependOnClassesThat().resideInAPackage("io.netty..")
                .because("Netty stays behind core.net's Channel, so the protocols can run over memory channels")
                .check(classes);
    }

    @Test
    void jniOnlyBehindTheKernelSpi() {
        methods().that().haveModifier(JavaModifier.NATIVE)
                .should().beDeclaredInClassesThat().resideInAPackage("io.yaostream.nativekernel")
                .because("the kernel SPI is the only door to C")
                .allowEmptyShould(false)
                .check(classes);
        noClasses().that().resideOutsideOfPackage("io.yaostream.nativekernel")
                .should().dependOnClassesThat().resideInAPackage("io.yaostream.nativekernel")
                .because("everything else reaches the C kernel through the kernel SPI (ServiceLoader)")
                .check(classes);
    }

    @Test
    void examplesUseTheApiAlone() {
        noClasses().that().resideInAPackage("io.yaostream.examples")
                .should().dependOnClassesThat().resideInAPackage("io.yaostream.internal")
                .because("a program needs no door to the engine's types; the examples show what a user writes")
                .check(classes);
    }

    /**
     * The packages a user imports: their public signatures name their own types, the JDK's and the builder DSL's
     * (io.yaostream.compiler.dsl, the language sub-circuits are written in), never a core type.
     */
    static final Set<String> API = Set.of("io.yaostream", "io.yaostream.onehot");

    @Test
    void apiSignaturesNameNoInternalType() {
        Set<String> leaks = new TreeSet<>();
        for (JavaClass c : classes) {
            if (!API.contains(c.getPackageName()) || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            for (JavaType t : c.getInterfaces()) {
                leak(leaks, c.getName() + " implements", t);
            }
            c.getSuperclass().ifPresent(t -> leak(leaks, c.getName() + " extends", t));
            for (JavaMember m : c.getMembers()) {
                if (!m.getModifiers().contains(JavaModifier.PUBLIC) && !m.getModifiers().contains(JavaModifier.PROTECTED)) {
                    continue;
                }
                String where = c.getSimpleName() + "." + m.getName();
                if (m instanceof JavaField f) {
                    leak(leaks, where, f.getType());
                } else if (m instanceof JavaCodeUnit u) {
                    leak(leaks, where + " returns", u.getReturnType());
                    for (JavaType p : u.getParameterTypes()) {
                        leak(leaks, where + " takes", p);
                    }
                    for (JavaClass e : u.getThrowsClause().getTypes()) {
                        leak(leaks, where + " throws", e);
                    }
                }
            }
        }
        if (!leaks.isEmpty()) {
            fail(leaks.size() + " API signatures name a core type (wrap it in an API type, keep the member out of the API, or"
                    + " give back ends and tests the door in io.yaostream.internal.CoreBridge):\n" + String.join("\n", leaks));
        }
    }

    private static void leak(Set<String> leaks, String where, JavaType type) {
        for (JavaClass raw : type.getAllInvolvedRawTypes()) {
            String pkg = raw.getBaseComponentType().getPackageName();
            if (pkg.startsWith("io.yaostream.core") || pkg.startsWith("io.yaostream.nativekernel")) {
                leaks.add(where + ": " + raw.getName());
            }
        }
    }
}
