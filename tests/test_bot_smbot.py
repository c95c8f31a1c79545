"""The ``sm-bot`` contract: the move alone on stdout, a report on stderr, exit 2 on bad input, on time."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.ultimate import ULTIMATE

BIN = Path(sys.executable).parent
MIDGAME = "1o5x4xx3x9oo8o5o994x3o1x3x3o 88 x"


def finished_game_fen(seed: int = 5) -> str:
    """The last position of a seeded random game."""
    import random

    rng = random.Random(seed)
    state = ULTIMATE.initial()
    while not ULTIMATE.is_over(state):
        state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
    return ULTIMATE.fen(state)


FINISHED = finished_game_fen()


def sm_bot(*args: str, tool: str = "sm-bot") -> tuple[subprocess.CompletedProcess[str], float]:
    began = time.monotonic()
    result = subprocess.run([str(BIN / tool), *args], capture_output=True, text=True, timeout=60)
    return result, time.monotonic() - began


@pytest.mark.parametrize("fen", ["999999999 00 x", MIDGAME, "3ox96x1o94x5o92o5xx3o96 14 x"])
def test_prints_exactly_a_legal_move_within_the_budget(fen: str) -> None:
    result, wall = sm_bot(fen, "1")
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"[1-9][1-9]\n", result.stdout)
    assert int(result.stdout) in ULTIMATE.legal_moves(ULTIMATE.parse_fen(fen))
    assert wall < 1.0
    for word in ("depth", "nodes", "nodes/s", "table hits", "score"):
        assert word in result.stderr


def test_treeviz_bot_is_the_same_command() -> None:
    result, _ = sm_bot("bot", MIDGAME, "0.5", tool="treeviz")
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) in ULTIMATE.legal_moves(ULTIMATE.parse_fen(MIDGAME))


@pytest.mark.parametrize("args, words", [
    (("999999999 00 y", "1"), "side to move"),
    (("999999999 00", "1"), "3 fields"),
    (("not a fen", "1"), "error"),
    ((FINISHED, "1"), "over"),
    (("999999999 00 x", "0"), "SECONDS"),
    (("999999999 00 x", "-1"), "SECONDS"),
    (("999999999 00 x", "soon"), "SECONDS"),
    (("999999999 00 x", "nan"), "SECONDS"),
    (("999999999 00 x",), "SECONDS"),
])
def test_bad_input_is_a_one_line_error_with_exit_2(args: tuple[str, ...], words: str) -> None:
    result, _ = sm_bot(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert words in lines[0]
