#!/usr/bin/env bash
# The release bench as one archive that runs on another x86-64 Linux machine with nothing installed
# (no Swift, no HarfBuzz, no fonts): to measure how the frame scales past this machine's cores
# (issue 30: measured against predicted at 1, 2, 4, 8 and 16 threads).
#
#   Scripts/portable-bench.sh pack OUT.tar.xz   # here: the stripped bench, every shared library it
#                                               # loads (the text libraries, which it opens with
#                                               # dlopen, included), glibc's loader, DejaVu fonts
#   tar -xJf OUT.tar.xz && portable-bench/run.sh [DIR]   # there: the scaling run, results in DIR
#
# The bench runs through the packed loader (`ld-linux-x86-64.so.2 --library-path`), so the other
# machine's glibc and libraries, however old, are not used. It reads fonts at DejaVu's Debian path,
# so `run.sh` copies them there (it must run as root where they are missing).
set -euo pipefail
cd "$(dirname "$0")/.."

scaling_run() {
    cat <<'RUN'
#!/usr/bin/env bash
# Runs the layer scenes and then every scene at 1, 2, 4, 8 and 16 threads, with the model's
# predictions, into DIR (default: results).
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-results}
mkdir -p "$out" /usr/share/fonts/truetype/dejavu
cp -n "$here"/fonts/* /usr/share/fonts/truetype/dejavu/ 2>/dev/null
bench() { "$here/lib/ld-linux-x86-64.so.2" --library-path "$here/lib" "$here/bench" "$@"; }
{ nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Socket|L2|L3'; } | tee "$out/machine.txt"
threads="--threads 1 --threads 2 --threads 4 --threads 8 --threads 16"
bench measure --scene layer-tree --scene layer-content --scene layer-filters --scene particles --scene text \
    --scene lottie $threads --predict 2 --predict 4 --predict 8 --predict 16 --frames 40 --rounds 3 \
    --json "$out/layers.json" 2>&1 | tee "$out/layers.txt"
bench measure $threads --frames 20 --rounds 2 --json "$out/all.json" 2>&1 | tee "$out/all.txt"
RUN
}

case "${1:-}" in
pack)
    archive=${2:?usage: Scripts/portable-bench.sh pack OUT.tar.xz}
    bench=.build/release/bench
    [ -x "$bench" ] || { echo "portable-bench: build it first: swift build -c release --product bench"; exit 1; }
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    mkdir -p "$stage/portable-bench/lib" "$stage/portable-bench/fonts"
    objcopy --strip-debug "$bench" "$stage/portable-bench/bench"
    # What the loader maps at start, then the text libraries (dlopen'ed on first use) and theirs.
    libraries=$( (ldd "$bench"; for so in libharfbuzz.so.0 libfreetype.so.6 libfontconfig.so.1; do
        path=$(ldconfig -p | awk -v so="$so" '$1 == so && /x86-64/ { print $NF; exit }')
        [ -n "$path" ] && { echo "$so => $path"; ldd "$path"; }
    done) | awk '/=> \// { print $3 } $1 ~ /^\/.*ld-linux/ { print $1 }' | sort -u)
    for library in $libraries; do cp -L "$library" "$stage/portable-bench/lib/"; done
    cp /usr/share/fonts/truetype/dejavu/*.ttf "$stage/portable-bench/fonts/"
    scaling_run >"$stage/portable-bench/run.sh"
    chmod +x "$stage/portable-bench/run.sh"
    tar -C "$stage" -cJf "$archive" portable-bench
    echo "portable-bench: $archive ($(du -h "$archive" | cut -f1))"
    ;;
*)
    echo "usage: Scripts/portable-bench.sh pack OUT.tar.xz"
    exit 2
    ;;
esac
