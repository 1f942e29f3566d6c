/**
 * The C kernel (AES-NI / VAES) reached over JNI, implementing core's kernel SPI; loaded through
 * ServiceLoader, with the pure-Java kernel as the fallback. The kernel SPI and this implementation arrive
 * with the garbling and native-kernel work; until then this module holds only its build and package.
 */
package io.yaostream.nativekernel;
