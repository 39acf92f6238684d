#!/usr/bin/env bash
# Compiles every C file of the kernels (Sources/CTesseraSIMD) for AArch64 Linux, without linking:
# the baseline level there is NEON, through SIMDe and the vector types. Uses the toolchain's clang
# (a cross compiler for every target it knows) and Debian's libc6-dev-arm64-cross headers.
# Usage: Scripts/check-aarch64.sh [clang]   (default: clang on the PATH)
set -euo pipefail
cd "$(dirname "$0")/.."

clang=${1:-clang}
sysroot=/usr/aarch64-linux-gnu
[ -f "$sysroot/include/stdio.h" ] || { echo "check-aarch64: $sysroot has no C headers (apt-get install libc6-dev-arm64-cross)"; exit 1; }

# SIMDe is header-only and the same for every architecture: its folder alone, beside the sysroot's
# headers (all of /usr/include would bring the host's).
simde=$(mktemp -d)
trap 'rm -rf "$simde"' EXIT
ln -s /usr/include/simde "$simde/simde"

target=Sources/CTesseraSIMD
failed=0
count=0
while IFS= read -r file; do
    count=$((count + 1))
    if ! "$clang" --target=aarch64-linux-gnu --sysroot="$sysroot" -isystem "$simde" -I "$target/include" -I "$target" \
        -std=gnu11 -O2 -Wall -Werror -c "$file" -o /dev/null; then
        echo "check-aarch64: $file does not compile for aarch64"
        failed=1
    fi
done < <(find "$target" -name '*.c' | sort)
[ "$failed" -eq 0 ] || exit 1
echo "check-aarch64: $count files compile for aarch64-linux-gnu"
