#!/bin/sh
# What loading and listing records of the largest size cost (docs/performance.md,
# "Records at the size limit"): writes COUNT records of 4 MiB into a fresh folder
# (examples/long-record.rs), then times, with the peak memory, loading one
# (`replay --check`) and listing the folder as the Load screen does, and
# `resume` without a file (which lists the data folder, then loads the newest).
#
#   scripts/long-records.sh [COUNT] [BIN]   (default 20, target/release/masai-mancala)
set -eu
count=${1:-20}
target=${CARGO_TARGET_DIR:-target}
bin=${2:-$target/release/masai-mancala}
cargo build --release --quiet --example long-record
[ -x "$bin" ] || cargo build --release --quiet
data=$(mktemp -d)
dir=$data/masai-mancala
"$target/release/examples/long-record" "$dir" "$count" | tail -1
measure() { # LABEL COMMAND...: wall time and peak memory
    label=$1; shift
    /usr/bin/time -f "$label: %e s, max RSS %M KB" "$@" >/dev/null 2>"$data/time" || true
    tail -1 "$data/time"
}
measure "load one (replay --check)" "$bin" replay --check "$dir/game-long-01.json"
measure "list $count (the Load screen's list)" "$target/release/examples/long-record" --list "$dir"
measure "resume without a file" env XDG_DATA_HOME="$data" "$bin" resume --plain </dev/null
rm -rf "$data"
