#!/bin/sh
# Instructions a random game through the arena (issue 23's measure):
# callgrind's count for GAMES games minus a one-game run, over GAMES - 1.
#
#   scripts/arena-instructions.sh BIN GAMES -- --game enkeshui --holes 8
#   scripts/arena-instructions.sh BIN 10000 -- --game bao
#
# The profile of the many-game run is kept (its path is printed) for
# `callgrind_annotate --inclusive=yes FILE`.
set -eu
[ $# -ge 3 ] && [ "$3" = "--" ] || { echo "usage: $0 BIN GAMES -- ARENA-OPTIONS" >&2; exit 2; }
bin=$1; games=$2; shift 3
dir=$(mktemp -d)
count() {
    name=$1; n=$2; shift 2
    valgrind --tool=callgrind --callgrind-out-file="$dir/$name" "$bin" arena \
        --a random --b random --games "$n" --seed 1 "$@" >/dev/null 2>"$dir/$name.err" ||
        { echo "the arena failed: $dir/$name.err" >&2; exit 1; }
    sed -n 's/^summary: //p' "$dir/$name"
}
one=$(count one 1 "$@")
many=$(count many "$games" "$@")
echo "$(( (many - one) / (games - 1) )) instructions a game ($games games: $many; one game: $one); profile $dir/many"
