"""How a figure marks the techniques of the bot's search where they acted (the node flags of
:mod:`treeviz.trees.bot_tree`): a short word in the board style, a letter in the compact style, a key entry.

A module of its own that imports nothing, so that the labels (:mod:`treeviz.draw.labels`) and the tree kinds
(:mod:`treeviz.draw.kinds`) can both read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TECHNIQUES: tuple[tuple[str, str, str, str], ...] = (
    ("table_move", "T", "TT move", "the table's move, tried first"),
    ("killer", "K", "killer", "a killer move, tried early"),
    ("reduction", "R", "reduced", "a late move searched a ply shallower"),
    ("research", "S", "re-search", "searched again"),
    ("quiescence", "Q", "quiescence", "a capture past the depth"),
    ("tt_hit", "H", "table hit", "answered from the table"),
)
"""Each node flag: its letter (compact style), its word (board style) and what it means (the key)."""
MARK_INK = "#7b2cbf"
"""The colour of the marks (the default theme; themes without colour write them in their ink)."""


def mark_words(node: Mapping[str, Any]) -> str:
    """``reduced · re-search``: the board style's line of the techniques that acted at ``node`` (empty: none)."""
    return " \u00b7 ".join(word for flag, _, word, _ in TECHNIQUES if node.get(flag))


def mark_letters(node: Mapping[str, Any]) -> str:
    """``RS``: the compact style's letters of the techniques that acted at ``node`` (empty: none)."""
    return "".join(letter for flag, letter, _, _ in TECHNIQUES if node.get(flag))


def key_words(letters: bool) -> str:
    """The key's entry: what each mark means, by letter (compact style) or by word (board style)."""
    return "; ".join(f"{letter if letters else word}: {meaning}" for _, letter, word, meaning in TECHNIQUES)


def key_entries(letters: bool) -> list[str]:
    """The key's entries one by one (a figure flows them into lines)."""
    return [f"{letter if letters else word}: {meaning}" for _, letter, word, meaning in TECHNIQUES]
