#!/usr/bin/env bash
# Calibration of the AI levels: every level against the level below, against
# `random` and against `greedy`, colours alternated, one JSON summary per line.
#
#   scripts/calibrate.sh OUT.jsonl [GAMES] -- GAME FLAGS...
#   e.g. scripts/calibrate.sh calibration/enkeshui-2x8.jsonl 200 -- --game enkeshui --holes 8
#
# Levels search a fixed number of nodes, so results do not depend on the
# machine or its load; JOBS (default 2) games run at once. Progress goes to
# standard error; pairs already in OUT are skipped, so a run can be resumed.
set -euo pipefail
out=$1; shift
games=200
if [[ $1 != -- ]]; then games=$1; shift; fi
shift # --
bin=${BIN:-target/release/masai-mancala}
jobs=${JOBS:-2}
pairs=${PAIRS:-"easy:random easy:greedy medium:easy medium:random medium:greedy hard:medium hard:random hard:greedy expert:hard expert:random expert:greedy"}
mkdir -p "$(dirname "$out")"
for pair in $pairs; do
  a=${pair%%:*}; b=${pair##*:}
  if [[ -f $out ]] && grep -q "\"a\":\"$a\",\"b\":\"$b\"" "$out"; then continue; fi
  echo "== $a vs $b ($games games) $*" >&2
  "$bin" arena "$@" --a "$a" --b "$b" --games "$games" --seed 1 --jobs "$jobs" --json >>"$out"
done
