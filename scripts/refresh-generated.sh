#!/usr/bin/env bash
# Refresh the generated parts of the docs after a key binding or an option changes:
# the man pages and docs/guide.md's key table (both checked by the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --quiet --release -- man --out man
out=$(cargo test --quiet --release --test help the_guide_key_table_is_the_binding_table 2>&1 || true)
python3 - "$out" <<'PY'
import sys, re
out = sys.argv[1]
if "it should be:\n" not in out:
    sys.exit(0)  # already the binding table
table = out.split("it should be:\n", 1)[1]
table = "\n".join(l for l in table.split("\n") if l.startswith("|")) + "\n"
p = "docs/guide.md"
s = open(p).read()
open_tag = "<!-- keys: made from src/keys/table.rs -->\n"
a = s.index(open_tag) + len(open_tag)
b = s.index("<!-- /keys -->")
open(p, "w").write(s[:a] + table + s[b:])
PY
