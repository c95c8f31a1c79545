"""The learned evaluation's training data file: one position a line, ``STATE LABEL RESULT``.

``STATE`` is the packed ultimate state in hexadecimal, ``LABEL`` the bot's search value (x's view,
classic-evaluation units), ``RESULT`` the game's end from x's view (1, 0, -1). Lines starting with
``#`` are comments (the file's first line says how it was made). Written by
engine/bot/training_data.py, read by engine/evaluation/net_training.py.
"""

from __future__ import annotations


def line(state: int, label: int, result: int) -> str:
    """One position's line."""
    return f"{state:x} {label} {result}\n"


def parse_line(text: str) -> tuple[int, int, int]:
    """``(state, label, result)`` of one line. :raises ValueError: not such a line."""
    fields = text.split()
    if len(fields) != 3:
        raise ValueError(f"expected 'state label result', got {text.strip()[:60]!r}")
    state, label, result = int(fields[0], 16), int(fields[1]), int(fields[2])
    if result not in (-1, 0, 1):
        raise ValueError(f"a result is -1, 0 or 1, not {result}")
    return state, label, result
