package io.yaostream.spark;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The spark module's place in the layers (the command line's architecture test does not see it, as the command line
 * does not depend on Spark): it sits on the API, never on the command line; Netty stays in the transport; the library
 * never depends on its example application; its packages form no cycle.
 */
class SparkLayersTest {
    private static final JavaClasses CLASSES = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.yaostream.spark");

    @Test
    void sparkSitsOnTheApiAndTheTransportAlone() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.yaostream.cli..", "io.yaostream.nativekernel..")
                .because("the spark module uses the API and the kernel SPI, not the command line or the C kernel directly").check(CLASSES);
        noClasses().should().dependOnClassesThat().resideInAPackage("io.netty..")
                .because("Netty stays behind core.net's Channel").check(CLASSES);
        noClasses().that().resideInAPackage("io.yaostream.spark").should().dependOnClassesThat().resideInAPackage("io.yaostream.spark.example")
                .because("the example application uses the library, not the other way").check(CLASSES);
        slices().matching("io.yaostream.(spark..)").should().beFreeOfCycles().check(CLASSES);
    }
}
