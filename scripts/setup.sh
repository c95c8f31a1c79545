#!/usr/bin/env bash
# Installs everything treeviz needs on a fresh machine, into .venv beside this repo.
#   scripts/setup.sh          the package (Graphviz comes bundled in the pygraphviz wheel) and what the
#                             sample script needs: selenium, and Debian's chromium + chromium-driver for
#                             the screenshots of the interactive page
#   scripts/setup.sh --test   the same plus the test tools (pytest, hypothesis, ruff, pexpect), tmux, and Ray
#                             (the `cluster` extra, ~260 MB, for the tests of `treeviz arena --backend ray`)
# Installing the Debian packages needs root or password-less sudo; without them the browser
# screenshots and tests say why they cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="samples"
debs="chromium chromium-driver"
if [ "${1:-}" = "--test" ]; then
    extras="samples,test,cluster"
    debs="$debs tmux"
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/pip install -q -e ".[$extras]"

missing=""
for cmd in $debs; do
    case "$cmd" in
        chromium-driver) command -v chromedriver >/dev/null || missing="$missing $cmd" ;;
        *) command -v "$cmd" >/dev/null || missing="$missing $cmd" ;;
    esac
done
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo -n"
    if command -v apt-get >/dev/null; then
        echo "setup: installing$missing (Debian packages)" >&2
        $sudo apt-get update -qq >/dev/null 2>&1 || true
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null 2>&1 \
            || echo "setup: could not install$missing; the browser screenshots and tests will say so" >&2
    else
        echo "setup: no apt-get; install$missing yourself for the browser screenshots and tests" >&2
    fi
fi
echo "setup: ready (.venv)" >&2
