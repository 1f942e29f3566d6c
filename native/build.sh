#!/usr/bin/env bash
# Builds the C kernel into the module's classes (so it is packed in the jar) and runs its known-answer test,
# directly, under valgrind when it is installed, and with AddressSanitizer where gcc supports it. Called by Maven at process-classes:
#   build.sh TARGET_DIR SKIP JAVA_HOME [SKIP_TESTS]
# SKIP_TESTS=true (Maven's -Dmaven.test.skip=true) builds the library only: the kernel's load-time self-test
# still compares it with the Java kernel before it is used.
# Without Linux x86-64 or gcc, or with SKIP=true (-Pno-native), it builds nothing and the Java kernel is used.
set -euo pipefail
target="$1"
skip="${2:-false}"
java_home="${3:-${JAVA_HOME:-}}"
skip_tests="${4:-false}"
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
# The kernel: every C file but the JNI entry points, which the known-answer test builds without.
sources=()
for file in "$here"/src/main/c/*.c; do
  [ "$(basename "$file")" = "yaostream_jni.c" ] || sources+=("$file")
done
mkdir -p "$out"
gcc "${cflags[@]}" -shared -I"$java_home/include" -I"$java_home/include/linux" -I"$target/jni-headers" \
  -o "$out/libyaostream.so" "${sources[@]}" \
  "$here/src/main/c/yaostream_jni.c"
if [ "$skip_tests" = "true" ]; then
  echo "native: built $out/libyaostream.so (known-answer test skipped: -Dmaven.test.skip=true)" > "$target/kernel_test.log"
  exit 0
fi
gcc "${cflags[@]}" -I"$here/src/main/c" -o "$target/kernel_test" \
  "$here/src/test/c/kernel_test.c" "${sources[@]}"
# The known-answer runs write to a log that is shown only when one fails, so a quiet build (mvn -q) stays quiet.
log="$target/kernel_test.log"
: > "$log"
run_logged() {
  if ! "$@" >> "$log" 2>&1; then
    cat "$log" >&2
    echo "native: the C kernel's known-answer test failed ($*); its output is above and in $log" >&2
    exit 1
  fi
}
# Directly (the widest AES path this CPU has, VAES-512 where present), then under valgrind for memory errors
# (valgrind hides AVX-512, so it checks the 128-bit path).
run_logged "$target/kernel_test"
if command -v valgrind >/dev/null 2>&1; then
  run_logged valgrind --quiet --error-exitcode=1 --leak-check=full "$target/kernel_test"
fi
# And with AddressSanitizer where gcc has it: it sees overruns of stack arrays on the VAES-512 path, which
# valgrind cannot run.
asan_flags=(-std=c11 -O1 -g -maes -msse4.1 -fsanitize=address -fno-omit-frame-pointer)
if echo 'int main(void) { return 0; }' | gcc "${asan_flags[@]}" -x c -o "$target/asan_probe" - 2>/dev/null; then
  gcc "${asan_flags[@]}" -I"$here/src/main/c" -o "$target/kernel_test_asan" \
    "$here/src/test/c/kernel_test.c" "${sources[@]}"
  run_logged "$target/kernel_test_asan"
else
  echo "native: gcc cannot build with AddressSanitizer here; that check is skipped" >> "$log"
fi
echo "native: built $out/libyaostream.so" >> "$log"
