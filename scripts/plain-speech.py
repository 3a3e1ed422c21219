#!/usr/bin/env python3
"""Seconds of speech per turn in the line mode (issue 38's measure).

    scripts/plain-speech.py BINARY [GAMES] [VERBOSITY]

Plays GAMES whole games (default 3) of each game as South against the
`easy` AI, taking the hint's decision each turn (game N opens with the
analysis's Nth best decision instead: the AI is deterministic), and times each turn from
the person's decision to the next prompt (the lines said in between, the
prompt included). With espeak-ng installed, each turn's lines are spoken
to a wave file at its default voice (175 words a minute) and timed;
without it, the seconds are estimated from the words at 175 a minute.
Prints the median and the 90th percentile per game, and checks every
line for the line mode's contract (no escape byte, at most 80 columns).
"""
import os, re, shutil, statistics, subprocess, sys, tempfile, wave

binary = sys.argv[1]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 3
verbosity = sys.argv[3] if len(sys.argv) > 3 else "normal"
espeak = shutil.which("espeak-ng")
dump = os.environ.get("PLAIN_SPEECH_DUMP")
GAMES = [("Enkeshui 2x8", ["enkeshui", "--race", "off"]),
         ("Bao", ["bao"]),
         ("En Gehé 2x40", ["en-gehe", "--holes", "40"])]

def seconds(text):
    if espeak:
        with tempfile.NamedTemporaryFile(suffix=".wav") as f:
            subprocess.run([espeak, "-w", f.name, text], check=True)
            with wave.open(f.name) as w:
                return w.getnframes() / w.getframerate()
    return len(text.split()) / 175 * 60

def is_prompt(line):
    return line.startswith("Your move") or line.startswith("Type review")

def play(args, tmp, game):
    env = dict(os.environ, XDG_DATA_HOME=tmp + "/data", XDG_CONFIG_HOME=tmp + "/cfg", HOME=tmp)
    p = subprocess.Popen([binary, *args, "--plain", "--north", "ai:easy", "--verbosity", verbosity],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=tmp,
                         text=True, bufsize=1)
    def read_until_prompt():
        said = []
        while True:
            line = p.stdout.readline()
            if not line:
                return said, None
            line = line.rstrip("\n")
            assert "\x1b" not in line and len(line) <= 80, repr(line)
            said.append(line)
            # A prompt may wrap: it ends with its line's full stop.
            if is_prompt(said[-1]) or any(is_prompt(l) for l in said[-3:]) and line.endswith("."):
                start = max(i for i, l in enumerate(said) if is_prompt(l))
                if said[-1].endswith(".") or said[-1].endswith(")."):
                    return said, said[start:]
    times = []
    _, prompt = read_until_prompt()
    if game > 0 and prompt:
        # Each game opens with another decision (the AI is deterministic):
        # the game-th best of the analysis.
        p.stdin.write("analysis\n")
        text = ""
        while not text.endswith("."):
            text += " " + p.stdout.readline().strip()
        items = text.split(":", 1)[1].split(";")
        m = re.match(r"\s*(inner |outer )?hole (\d+)", items[game % len(items)])
        token = (m.group(1) or " ")[0].strip() + m.group(2)
        p.stdin.write(token + "\n")
        _, prompt = read_until_prompt()
    while prompt and not prompt[0].startswith("Type review"):
        p.stdin.write("hint\n")
        hint = p.stdout.readline().strip()
        m = (re.search(r"\(([io]\d)\)", hint) or re.search(r"\b(cw|ccw)\b", hint)
             or re.search(r"hole (\d+)", hint))
        if not m:
            break
        p.stdin.write(m.group(1) + "\n")
        said, prompt = read_until_prompt()
        if prompt and prompt[0].startswith("Your move"):
            t = seconds(" ".join(said))
            times.append(t)
            if dump:
                print(f"--- {t:.1f} s", *said, sep="\n")
    p.stdin.close()
    p.wait()
    return times

print(f"verbosity {verbosity}, {'espeak-ng' if espeak else 'estimated at 175 words a minute'}")
for name, args in GAMES:
    times = []
    for game in range(games):
        with tempfile.TemporaryDirectory() as tmp:
            times += play(args, tmp, game)
    times.sort()
    print(f"{name}: {len(times)} turns, median {statistics.median(times):.1f} s, "
          f"90th percentile {times[int(len(times) * 0.9)]:.1f} s")
