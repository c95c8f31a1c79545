"""Write the precomputed tables shipped in the package, so that sm-bot does not build them at every start.

    .venv/bin/python scripts/make_tables.py [--check]

- engine/evaluation/ultimate_eval_tables.bin: the evaluation's six per-sub-board tables for the default weights
  (building them takes ~0.1 s; reading the file, half a millisecond);
- engine/games/ultimate_tables.bin: the largest move-generation tables (marshal; a quarter of the time).

Run it after changing the evaluation's default weights or the code of these tables; the
tests (tests/engine/test_precomputed_tables.py) fail while a file is out of date, and the code
falls back to computing the tables when a file is missing or made for other weights.
``--check`` only says whether the files are up to date (exit 1 if not).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.evaluation import ultimate as ultimate_eval  # noqa: E402
from engine.games import ultimate  # noqa: E402

FILES = {Path(ultimate_eval.TABLES_FILE): ultimate_eval.tables_file_bytes,
         Path(ultimate.TABLES_FILE): ultimate.tables_file_bytes}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = parser.parse_args()
    stale = 0
    for target, contents in FILES.items():
        data = contents()
        current = target.read_bytes() if target.exists() else b""
        if args.check:
            fresh = current == data
            stale += not fresh
            print(f"{target.name}: {'up to date' if fresh else 'OUT OF DATE: run scripts/make_tables.py'}")
            continue
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tables.")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
        print(f"{target.relative_to(ROOT)}: {len(data):,} bytes")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
