"""Write engine/ultimate_eval_tables.bin: the bot's evaluation tables, precomputed.

    .venv/bin/python scripts/make_eval_tables.py [--check]

Run it after changing the evaluation's default weights or table code; the file is
part of the package (sm-bot loads it in a few ms instead of building the tables in
~0.1 s) and tests/test_eval_tables.py fails while it is out of date. ``--check``
only says whether the file is up to date (exit 1 if not).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ultimate_eval import TABLES_FILE, tables_file_bytes  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args()
    data = tables_file_bytes()
    target = Path(TABLES_FILE)
    current = target.read_bytes() if target.exists() else b""
    if args.check:
        fresh = current == data
        print(f"{target.name}: {'up to date' if fresh else 'OUT OF DATE: run scripts/make_eval_tables.py'}")
        return 0 if fresh else 1
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tables.")
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, target)
    print(f"{target.relative_to(ROOT)}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
