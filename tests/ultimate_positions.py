"""Building ultimate FENs for tests from sub-boards written as 9-character strings."""

from __future__ import annotations


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
