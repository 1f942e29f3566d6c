#!/usr/bin/env bash
# Builds the C kernel into the module's classes (so it is packed in the jar) and runs its known-answer test,
# directly and under valgrind when it is installed. Called by Maven at process-classes:
#   build.sh TARGET_DIR SKIP JAVA_HOME
# Without Linux x86-64 or gcc, or with SKIP=true (-Pno-native), it builds nothing and the Java kernel is used.
set -euo pipefail
target="$1"
skip="${2:-false}"
java_home="${3:-${JAVA_HOME:-}}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ "$skip" = "true" ]; then
  echo "native: skipped on request (-Pno-native); the Java kernel will be used"
  exit 0
fi
if [ "$(uname -s)" != "Linux" ] || [ "$(uname -m)" != "x86_64" ]; then
  echo "native: no C kernel for $(uname -s)/$(uname -m); the Java kernel will be used"
  exit 0
fi
if ! command -v gcc >/dev/null 2>&1; then
  echo "native: gcc not found; the Java kernel will be used"
  exit 0
fi
if [ ! -f "$java_home/include/jni.h" ]; then
  echo "native: no JNI headers under $java_home/include (a JDK is needed); the Java kernel will be used"
  exit 0
fi

cflags=(-std=c11 -O3 -maes -msse4.1 -Wall -Wextra -Werror -fPIC)
out="$target/classes/native/linux-x86-64"
mkdir -p "$out"
gcc "${cflags[@]}" -shared -I"$java_home/include" -I"$java_home/include/linux" -I"$target/jni-headers" \
  -o "$out/libyaostream.so" "$here/src/main/c/yaostream_kernel.c" "$here/src/main/c/yaostream_halfgates.c" \
  "$here/src/main/c/yaostream_jni.c"
gcc "${cflags[@]}" -I"$here/src/main/c" -o "$target/kernel_test" \
  "$here/src/test/c/kernel_test.c" "$here/src/main/c/yaostream_kernel.c" "$here/src/main/c/yaostream_halfgates.c"
# Directly (the widest AES path this CPU has, VAES-512 where present), then under valgrind for memory errors
# (valgrind hides AVX-512, so it checks the 128-bit path).
"$target/kernel_test"
if command -v valgrind >/dev/null 2>&1; then
  valgrind --quiet --error-exitcode=1 --leak-check=full "$target/kernel_test"
fi
echo "native: built $out/libyaostream.so"
