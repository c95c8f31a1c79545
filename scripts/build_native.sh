#!/usr/bin/env bash
# Developer shortcut: after editing the C search (engine/bot/native/) or a Python value it mirrors, regenerate
# its interface header (engine/bot/native_interface.py) and recompile the library in place, as the package
# build does (setup.py's optional extension; `pip install .` and scripts/setup.sh compile it the same way).
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
"$python" -m engine.bot.native_interface
"$python" setup.py -q build_ext --inplace
echo "build_native: $(ls engine/bot/native/ultimate_search*.so | head -1)" >&2
