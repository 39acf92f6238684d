#!/usr/bin/env bash
# Checks that `tessera render` streams: the peak resident memory of a 2,000-frame render to an
# animated PNG may exceed that of a 100-frame render by at most LIMIT_MB (8 by default). Frames
# held in memory would cost 2,000 × 204 × 204 × 4 bytes = 333 MB here.
# Usage: Scripts/check-render-memory.sh PATH/TO/tessera [LIMIT_MB]
set -euo pipefail
tessera=${1:?usage: $0 PATH/TO/tessera [LIMIT_MB]}
limit=${2:-8}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
peak_kb() {   # the peak resident memory of one render, in KiB (getrusage of the child)
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
        "$tessera" render marching-ants --frames "$1" -o "$out/ants.apng" --quiet --threads 2
}
short=$(peak_kb 100)
long=$(peak_kb 2000)
growth=$(( (long - short) / 1024 ))
echo "peak resident memory: 100 frames ${short} KiB, 2,000 frames ${long} KiB (+${growth} MB, limit ${limit} MB)"
[ "$growth" -le "$limit" ] || { echo "tessera render holds frames: memory grew by ${growth} MB"; exit 1; }
