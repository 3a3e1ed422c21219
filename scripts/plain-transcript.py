#!/usr/bin/env python3
"""A line-mode transcript as docs/plain-mode.md shows it: the program's
lines with each typed line ("> ...") where it was read.

    scripts/plain-transcript.py BINARY 'ARGS' 'LINE1' 'LINE2' ...

Runs the program once per prefix of the lines (it must be deterministic:
AI seats at easy, --race off or hot seat) in a fresh data folder; what a
prefix adds before the save line at the end of input is what was said
before the next line was read. The last run's lines come whole. PT_CWD:
the folder to run in (a record to replay there).
"""
import os, shlex, subprocess, sys, tempfile

binary, args, lines = sys.argv[1], shlex.split(sys.argv[2]), sys.argv[3:]

def run(k):
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, XDG_DATA_HOME=d + "/data", XDG_CONFIG_HOME=d + "/cfg", HOME=d)
        text = "".join(l + "\n" for l in lines[:k])
        out = subprocess.run([binary] + args, input=text.encode(), capture_output=True,
                             env=env, cwd=os.environ.get("PT_CWD", d)).stdout.decode()
    return out.splitlines()

def said(out):
    # The lines said at the end of input (the save) are not said yet.
    while out and (out[-1].startswith("Saved in") or out[-1].startswith("/")):
        out = out[:-1]
    return out

shown = []
prev = []
for k in range(len(lines)):
    now = said(run(k))
    shown += now[len(prev):]
    shown.append("> " + lines[k])
    prev = now
final = run(len(lines))
shown += final[len(prev):]
print("\n".join(shown))
