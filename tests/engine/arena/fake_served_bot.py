"""A fake ``sm-bot --serve`` for the served player's tests: ``python fake_served_bot.py MODE [LOG]``.

Speaks the serve protocol (``isready`` -> ``readyok``, ``FEN SECONDS`` -> the first legal
move, ``quit`` or EOF -> exit 0) and misbehaves as MODE says: good, slow (sleeps past any
limit, with a child process in its group), slow-once (slow on the first move of the first
process that uses LOG, good afterwards), crash (exits 3 on the first move), garbage,
error (an ``error:`` line), split (the answer in pieces), once (exits after its first
answer), slow-start (sleeps 1 s before reading ``isready``). LOG, when
given, gets one line per answer: ``PID`` (so tests can count answers per process).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from engine.games.ultimate import ULTIMATE


def main() -> int:
    """Serve until ``quit`` or EOF, misbehaving as the mode says."""
    mode = sys.argv[1]
    log = sys.argv[2] if len(sys.argv) > 2 else None
    if mode == "slow-start":
        time.sleep(1.0)
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        if line == "quit":
            return 0
        if line == "isready":
            print("readyok", flush=True)
            continue
        fen, _, seconds = line.rpartition(" ")
        if mode == "slow-once" and log is not None and not os.path.exists(log + ".slow"):
            open(log + ".slow", "w").close()  # the first process of this log is slow, later ones good
            mode = "slow"
        if mode == "slow":
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # a child in our group
            time.sleep(float(seconds) + 30)
        if mode == "crash":
            return 3
        if log is not None:
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(f"{os.getpid()}\n")
        if mode == "garbage":
            print("I think 5 5 is nice", flush=True)
            continue
        if mode == "error":
            print("error: not a FEN I like", flush=True)
            continue
        try:
            state = ULTIMATE.parse_fen(fen)
        except Exception as exc:  # noqa: BLE001 - the protocol reports every bad line the same way
            print(f"error: {exc}", flush=True)
            continue
        moves = ULTIMATE.legal_moves(state)
        answer = ULTIMATE.move_name(moves[0]) if moves else "error: the game is over"
        if mode == "split":  # the answer in two writes, the newline last
            print(answer[0], end="", flush=True)
            time.sleep(0.2)
            print(answer[1:], end="", flush=True)
            time.sleep(0.2)
        print(answer if mode != "split" else "", flush=True)
        if mode == "once":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
