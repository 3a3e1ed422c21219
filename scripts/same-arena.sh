#!/bin/sh
# Do two builds play the same random games? Compares the arena's whole
# output for seed 1 (every game's progress line and the summary) but for
# the think-time and CPU lines, which are timings. Exit 0 when equal.
#
#   scripts/same-arena.sh OLD_BIN NEW_BIN GAMES -- --game en-gehe --holes 40
set -eu
[ $# -ge 4 ] && [ "$4" = "--" ] || { echo "usage: $0 OLD_BIN NEW_BIN GAMES -- ARENA-OPTIONS" >&2; exit 2; }
old=$1; new=$2; games=$3; shift 4
dir=$(mktemp -d)
for build in old new; do
    eval bin=\$$build
    "$bin" arena --a random --b random --games "$games" --seed 1 "$@" \
        >"$dir/$build.out" 2>"$dir/$build.err" || { echo "the $build build failed: $dir/$build.err" >&2; exit 2; }
    grep -v '^think time\|^CPU:' "$dir/$build.out" >"$dir/$build.summary" || true
done
if cmp -s "$dir/old.err" "$dir/new.err" && cmp -s "$dir/old.summary" "$dir/new.summary"; then
    echo "same ($games games)"
    rm -rf "$dir"
else
    echo "different: see $dir" >&2
    diff "$dir/old.err" "$dir/new.err" | head >&2 || true
    exit 1
fi
