"""Ultimate positions for tests: FENs from sub-boards written as 9-character strings, and positions of
random games."""

from __future__ import annotations

import random

from engine.games.ultimate import ULTIMATE


def board_fen(subs: dict[int, str], last: str, side: str) -> str:
    """The canonical FEN of the board whose sub-board ``n`` reads ``subs[n]`` (``x``/``o``/``.``; absent = empty)."""
    cells = "".join(subs.get(n, "." * 9) for n in range(1, 10))
    assert len(cells) == 81, cells
    out, run = [], 0
    for ch in cells:
        if ch == ".":
            run += 1
            continue
        out.append("9" * (run // 9) + (str(run % 9) if run % 9 else ""))
        out.append(ch)
        run = 0
    out.append("9" * (run // 9) + (str(run % 9) if run % 9 else ""))
    return f"{''.join(out)} {last} {side}"


def random_positions(count: int, seed: int, plies: tuple[int, int] = (0, 60)) -> list[int]:
    """Unfinished positions reached by seeded random play, ``randrange(*plies)`` moves in (fewer when the game
    ends first)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = ULTIMATE.initial()
        for _ in range(rng.randrange(*plies)):
            moves = ULTIMATE.legal_moves(state)
            if not moves:
                break
            state = ULTIMATE.play(state, rng.choice(moves))
        if not ULTIMATE.is_over(state):
            out.append(state)
    return out
