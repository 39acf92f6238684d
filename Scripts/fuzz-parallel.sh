#!/usr/bin/env bash
# Runs the fuzz targets on many workers and counts the executions, for the million-execution
# runs the issues ask of the fuzzers (README, "Fuzzing").
#
#   Scripts/fuzz-parallel.sh BIN_DIR [WORKERS] [RUNS_PER_WORKER] [SECONDS]
#
# BIN_DIR holds ImageFuzzer, ArchiveFuzzer, CAMLFuzzer, WallpaperFuzzer and LottieFuzzer (built as the README says, e.g. .build-fuzz/release).
# On a machine without the Swift toolchain, pack the stripped binaries with the libraries `ldd`
# lists under /opt/swift (and libjpeg, libpng, libz) into one folder, and point LD_LIBRARY_PATH at
# it. Each worker keeps its own corpus (/tmp/NAME-cK); crashes go to $OUT (or ./fuzz-out)/NAME.
set -u
bin=${1:?usage: fuzz-parallel.sh BIN_DIR [WORKERS] [RUNS_PER_WORKER] [SECONDS]}
workers=${2:-16}
runs=${3:-70000}
seconds=${4:-140}
out=${OUT:-fuzz-out}
cd "$(dirname "$0")/.."

mkdir -p /tmp/img-seeds /tmp/caar-seeds /tmp/caml-seeds /tmp/tendies-seeds /tmp/lottie-seeds
cp Tests/TesseraRasterTests/Images/* Tests/TesseraTestSupport/Fixtures/quadrants.jpg /tmp/img-seeds/
cp Tests/TesseraTestSupport/Fixtures/*.caar Fuzz/Seeds/*.caar /tmp/caar-seeds/
cp Tests/TesseraTestSupport/Fixtures/*.caml Fuzz/Seeds/*.caml /tmp/caml-seeds/
cp Fuzz/Seeds/*.tendies /tmp/tendies-seeds/
cp Fuzz/Seeds/*.json Fuzz/Seeds/*.lottie /tmp/lottie-seeds/

run() {   # NAME SEEDS
    local name=$1 seeds=$2 total=0
    mkdir -p "$out/$name"
    for i in $(seq 1 "$workers"); do
        mkdir -p "/tmp/$name-c$i"
        "$bin/$name" "/tmp/$name-c$i" "$seeds" -runs="$runs" -max_total_time="$seconds" -rss_limit_mb=4096 \
            -print_final_stats=1 -artifact_prefix="$out/$name/" > "/tmp/$name-$i.log" 2>&1 &
    done
    wait
    for i in $(seq 1 "$workers"); do
        n=$(grep -Eo 'stat::number_of_executed_units: [0-9]+' "/tmp/$name-$i.log" | grep -Eo '[0-9]+$' || echo 0)
        total=$((total + n))
    done
    echo "$name: $total executions on $workers workers; artifacts: $(ls "$out/$name" | wc -l)"
    grep -h "ERROR" /tmp/"$name"-*.log | sort | uniq -c | head -20
}

run ImageFuzzer /tmp/img-seeds
run ArchiveFuzzer /tmp/caar-seeds
run CAMLFuzzer /tmp/caml-seeds
run WallpaperFuzzer /tmp/tendies-seeds
run LottieFuzzer /tmp/lottie-seeds
