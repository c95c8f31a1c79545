#!/usr/bin/env bash
# Compiles the bot's C search (engine/bot/native/ultimate_search.c) into engine/bot/native/ultimate_search.so,
# which engine/bot/native_search.py loads with ctypes. Plain C99 and the C library: gcc and libc6-dev only
# (setup.sh installs them). Written to a temporary file and renamed, so a running bot never sees half a library.
set -euo pipefail
cd "$(dirname "$0")/.."
src=engine/bot/native/ultimate_search.c
out=engine/bot/native/ultimate_search.so
tmp="$(mktemp "$out.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
${CC:-gcc} -std=gnu99 -O2 -Wall -Wextra -Werror -shared -fPIC -o "$tmp" "$src"
chmod 644 "$tmp"
mv -f "$tmp" "$out"
trap - EXIT
echo "build_native: $out" >&2
