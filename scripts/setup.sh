#!/usr/bin/env bash
# Installs everything treeviz needs on a fresh machine, into .venv beside this repo.
#   scripts/setup.sh          the package (Graphviz comes bundled in the pygraphviz wheel) and what the
#                             sample script needs: selenium, and Debian's chromium + chromium-driver for
#                             the screenshots of the interactive page; libcairo2-dev for pycairo (the `cairo` extra, the
#                             faster path to the compact/dot figures' PDF and PNG) and fonts-liberation; a small texlive
#                             (pdflatex, pgf/tikz, preview, Beamer) and poppler-utils to compile and check TikZ figures;
#                             gcc and libc6-dev, with which the package's install compiles the bot's C search;
#                             OpenSpiel (the `openspiel` extra), so that the samples include its Connect Four figures
#   scripts/setup.sh --test   the same plus the test tools (pytest, pytest-xdist, hypothesis, ruff, mypy, pexpect,
#                             build), tmux, Ray
#                             (the `cluster` extra, ~260 MB, for the tests of `treeviz arena --backend ray`),
#                             OpenSpiel (the `openspiel` extra, for the tests of its games), and the runtime
#                             dependencies' wheels in .venv/wheelhouse (for the test of the built wheel)
# Installing the Debian packages needs root or password-less sudo; without them the browser
# screenshots and tests say why they cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="samples,cairo,openspiel,gambit"
# libcairo2-dev and pkg-config: pycairo (the `cairo` extra) is built against them (so they come before pip below).
debs="chromium chromium-driver libcairo2-dev pkg-config fonts-liberation poppler-utils texlive-latex-base"
debs="$debs texlive-pictures preview-latex-style gcc libc6-dev"
debs="$debs texlive-latex-recommended"  # Beamer, for tttree --format beamer (slides of a search)
debs="$debs g++"  # pygambit (the `gambit` extra: Nash equilibria, samples/extensive) is compiled from its sdist
if [ "${1:-}" = "--test" ]; then
    extras="samples,test,cluster,openspiel,cairo,video,gambit,train"
    debs="$debs tmux"
fi

missing=""
for cmd in $debs; do
    case "$cmd" in
        chromium-driver) command -v chromedriver >/dev/null || missing="$missing $cmd" ;;
        libcairo2-dev) pkg-config --exists cairo 2>/dev/null || missing="$missing $cmd" ;;
        fonts-liberation) fc-list 2>/dev/null | grep "Liberation Sans" >/dev/null || missing="$missing $cmd" ;;
        poppler-utils) command -v pdftotext >/dev/null || missing="$missing $cmd" ;;
        texlive-latex-base) command -v pdflatex >/dev/null || missing="$missing $cmd" ;;
        texlive-pictures) kpsewhich tikz.sty >/dev/null 2>&1 || missing="$missing $cmd" ;;
        preview-latex-style) kpsewhich preview.sty >/dev/null 2>&1 || missing="$missing $cmd" ;;
        texlive-latex-recommended) kpsewhich beamer.cls >/dev/null 2>&1 || missing="$missing $cmd" ;;
        libc6-dev) [ -f /usr/include/stdlib.h ] || missing="$missing $cmd" ;;
        *) command -v "$cmd" >/dev/null || missing="$missing $cmd" ;;
    esac
done
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo -n"
    if command -v apt-get >/dev/null; then
        echo "setup: installing$missing (Debian packages)" >&2
        $sudo apt-get update -qq >/dev/null 2>&1 || true
        plain="" tex=""
        for deb in $missing; do
            case "$deb" in texlive-*|preview-latex-style) tex="$tex $deb" ;; *) plain="$plain $deb" ;; esac
        done
        # shellcheck disable=SC2086
        [ -z "$plain" ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $plain >/dev/null 2>&1 \
            || echo "setup: could not install$plain; the browser screenshots and tests will say so" >&2
        # texlive without its recommendations (hundreds of MB of documentation and fonts we do not use).
        # shellcheck disable=SC2086
        [ -z "$tex" ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $tex \
            >/dev/null 2>&1 || echo "setup: could not install$tex; the TikZ checks and tests will say so" >&2
    else
        echo "setup: no apt-get; install$missing yourself for the browser screenshots and tests" >&2
    fi
fi
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# compat mode: a plain path entry, not an import hook that costs every process ~15 ms (sm-bot's budget).
# The same install compiles the bot's C search in place (setup.py's optional extension).
.venv/bin/pip install -q -e ".[$extras]" --config-settings editable_mode=compat
ls engine/bot/native/ultimate_search*.so >/dev/null 2>&1 \
    || echo "setup: could not compile the bot's C search; it will search in Python (about thirty times slower)" >&2
if [ "${1:-}" = "--test" ]; then
    # tests/test_packaging.py installs the built wheel into a fresh venv without an index: the runtime
    # dependencies' wheels come from here (pyproject.toml's list, read so that it is never copied).
    .venv/bin/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' \
        > .venv/runtime-requirements.txt
    .venv/bin/pip download -q --only-binary=:all: -d .venv/wheelhouse -r .venv/runtime-requirements.txt \
        || echo "setup: could not fetch the runtime wheels into .venv/wheelhouse; the packaging test will say so" >&2
fi
# Byte-compiled now, so that a process started where PYTHONDONTWRITEBYTECODE is set (as on this kind of
# machine) does not compile every module at every start: sm-bot's start-up falls from ~90 ms to ~50 ms.
.venv/bin/python -m compileall -q engine treeviz
echo "setup: ready (.venv)" >&2
