#!/usr/bin/env bash
# Installs everything treeviz needs on a fresh machine, into .venv beside this repo.
#   scripts/setup.sh          Python packages (Graphviz comes bundled in the pygraphviz wheel)
#   scripts/setup.sh --test   the same plus test tools and, for the browser tests,
#                             Debian's chromium and chromium-driver (needs root or sudo)
set -euo pipefail
cd "$(dirname "$0")/.."
want_test=0
[ "${1:-}" = "--test" ] && want_test=1

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
if [ "$want_test" = 1 ]; then
    .venv/bin/pip install -q -e ".[test]"
else
    .venv/bin/pip install -q -e .
fi

if [ "$want_test" = 1 ] && { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; }; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo -n"
    if command -v apt-get >/dev/null; then
        echo "setup: installing chromium and chromium-driver for the browser tests" >&2
        $sudo apt-get update -qq >/dev/null 2>&1 || true
        $sudo apt-get install -y -qq chromium chromium-driver tmux >/dev/null 2>&1 \
            || echo "setup: could not install chromium; browser tests will say why they skip" >&2
    fi
fi
echo "setup: ready (.venv)" >&2
