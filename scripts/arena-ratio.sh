#!/usr/bin/env bash
# The arena's random-against-random games per CPU-second against the engine
# bench's random playouts, run by run alternated (one bench batch of 2,000
# playouts, BENCH_ONCE=1, then one arena run), as medians (issue 12's ratio).
#
#   scripts/arena-ratio.sh "GAME WORDS" "BENCH NAME" GAMES [ROUNDS]
#   e.g. scripts/arena-ratio.sh "enkeshui --holes 8" "enkeshui 2x8" 2000 11
#
# Build both first: cargo build --release && cargo bench --bench engine --no-run
# (BENCH and BIN name other binaries.)
set -euo pipefail
words=$1 name=$2 games=$3 rounds=${4:-11}
bin=${BIN:-target/release/masai-mancala}
bench=${BENCH:-$(ls -t target/release/deps/engine-* | grep -v '\.d$' | head -1)}
for _ in $(seq "$rounds"); do
  BENCH_ONCE=1 "$bench" "$name" | awk '{print "bench", $5}'
  # shellcheck disable=SC2086 # the game's words are split on purpose
  "$bin" arena --game $words --a random --b random --games "$games" --seed 1 2>/dev/null |
    tail -1 | tr -d , | awk '{print "arena", $7}'
done | python3 -c '
import statistics, sys
runs = {"bench": [], "arena": []}
for line in sys.stdin:
    k, v = line.split()
    runs[k].append(float(v))
b, a = (statistics.median(runs[k]) for k in ("bench", "arena"))
rb, ra = (f"{min(runs[k]):,.0f}-{max(runs[k]):,.0f}" for k in ("bench", "arena"))
print(f"bench {b:,.0f} a CPU-s ({rb}), arena --games '"$games"' {a:,.0f} ({ra}): {a / b:.0%}")
'
