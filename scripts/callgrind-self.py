#!/usr/bin/env python3
"""Self instructions by function as the binary lays them out, from a callgrind
profile taken with --dump-instr=yes. The engine inlines deeply, so callgrind's
own report names source files, not the functions that run; this one adds up
each instruction's count under the symbol whose range holds it.

  valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=P \\
      target/release/masai-mancala arena --a random --b random --games 2000 --seed 1 --game bao
  scripts/callgrind-self.py P target/release/masai-mancala 2000          # top functions, a game each
  scripts/callgrind-self.py P target/release/masai-mancala 2000 0x1fa6a0 # one function's instructions
"""
import bisect
import collections
import signal
import subprocess
import sys

# A closed pipe (`| head`) ends the listing quietly.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def instruction_counts(path):
    """Self count of each instruction address (calls' inclusive lines left out)."""
    counts = collections.Counter()
    addr, after_call, two_positions = 0, False, False
    with open(path) as f:
        for line in f:
            if line.startswith("positions:"):
                two_positions = len(line.split()) == 3
                continue
            if not line.strip() or line[0].isalpha():
                after_call = line.startswith("calls=")
                continue
            parts = line.split()
            a = parts[0]
            if a.startswith("0x"):
                addr = int(a, 16)
            elif a[0] in "+-":
                step = int(a[1:], 16) if a[1:].startswith("0x") else int(a[1:])
                addr += step if a[0] == "+" else -step
            elif a != "*":
                continue
            costs = parts[2:] if two_positions else parts[1:]
            if after_call:
                # The line after `calls=` is the call's inclusive cost.
                after_call = False
                continue
            if costs:
                counts[addr] += int(costs[0])
    return counts


def symbols(binary):
    """(start, size, name) of every sized symbol, by start."""
    out = subprocess.run(["nm", "-C", "-S", binary], capture_output=True, text=True, check=True)
    table = []
    for line in out.stdout.splitlines():
        fields = line.split(" ", 3)
        if len(fields) == 4:
            try:
                table.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
            except ValueError:
                pass
    return sorted(table)


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    profile, binary, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    counts = instruction_counts(profile)
    table = symbols(binary)
    starts = [s for s, _, _ in table]
    if len(sys.argv) == 5:
        start = int(sys.argv[4], 16)
        size = next((z for s, z, _ in table if s == start), None)
        if size is None:
            sys.exit(f"no symbol starts at {sys.argv[4]}")
        asm = subprocess.run(
            ["objdump", "-d", "--no-show-raw-insn", f"--start-address={start:#x}",
             f"--stop-address={start + size:#x}", binary],
            capture_output=True, text=True, check=True).stdout
        for line in asm.splitlines():
            head = line.split(":", 1)[0].strip()
            try:
                at = int(head, 16)
            except ValueError:
                continue
            print(f"{counts.get(at, 0) / runs:10.2f} {line}")
        return
    by_function = collections.Counter()
    for at, c in counts.items():
        i = bisect.bisect_right(starts, at) - 1
        if i >= 0 and at < table[i][0] + table[i][1]:
            by_function[(table[i][2], table[i][0])] += c
        else:
            by_function[("?", 0)] += c
    for (name, start), c in by_function.most_common(30):
        print(f"{c / runs:12.1f} {start:#10x} {name[:110]}")


if __name__ == "__main__":
    main()
