#!/usr/bin/env python3
"""Prints docs/ai.md's calibration table from arena JSON lines.

    scripts/calibration-table.py calibration/enkeshui-2x8.jsonl
"""
import json
import sys

print("| A | B | games | A's wins-draws-losses | A's score | Elo A-B (95%) | mean turns | A's think time mean / max |")
print("|---|---|---|---|---|---|---|---|")
for line in open(sys.argv[1]):
    d = json.loads(line)
    t = d["think_ms"]["a"]
    print(
        f"| {d['a']} | {d['b']} | {d['games']} | {d['wins']}-{d['draws']}-{d['losses']} "
        f"| {100 * d['score']:.1f}% | {d['elo']:+.0f} ± {d['elo_error']:.0f} "
        f"| {d['mean_turns']:.0f} | {t['mean']:.1f} / {t['max']:.0f} ms |"
    )
