"""The words and colours an extensive-form game's figure uses (:mod:`treeviz.draw.extensive_dot`,
:mod:`treeviz.draw.extensive_tikz`, the page): numbers as fractions where they are simple ones, payoff vectors,
each player's colour, what is written on a branch."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

PLAYER_COLOURS = ("#1f5fbf", "#c0392b", "#1e8449", "#8e44ad", "#d35400", "#117a8b", "#7d6608", "#6c3483")
"""Player 1, 2, ... (cycled past eight)."""
PRINT_COLOURS = ("#000000",)
CHANCE_COLOUR = "#666666"
INFOSET_COLOUR = "#333333"
SOLUTION_COLOUR = "#000000"
ZERO_COLOUR = "#b0b0b0"
"""A branch the solution never takes."""


def number_text(value: float | int | Fraction) -> str:
    """``3``, ``-1/18``, ``0.25``, ``0.333`` (a fraction with a denominator up to 100 when it is one)."""
    if isinstance(value, Fraction):
        exact = value
    else:
        exact = Fraction(value).limit_denominator(100)
        if abs(float(exact) - value) > 1e-9:
            text = f"{value:.3f}".rstrip("0").rstrip(".")
            return "0" if text in ("-0", "") else text
    if exact.denominator == 1:
        return str(exact.numerator)
    d = exact.denominator
    if all(d % p for p in (3, 7, 11, 13)) and 1000 % d == 0:
        return f"{float(exact):g}"
    return f"{exact.numerator}/{exact.denominator}"


def vector_text(values: list[Any]) -> str:
    """``(3, 1)``."""
    return "(" + ", ".join(number_text(v) for v in values) + ")"


def player_colour(players: list[str], name: str, theme: str = "default") -> str:
    """The colour of ``name`` (a player or ``chance``)."""
    if theme == "print":
        return "#000000" if name != "chance" else "#555555"
    if name == "chance" or name not in players:
        return CHANCE_COLOUR
    return PLAYER_COLOURS[players.index(name) % len(PLAYER_COLOURS)]


def short_player(players: list[str], name: str) -> str:
    """What a node shows of its mover: the name when short, else the player's number (``1``); ``c`` for chance."""
    if name == "chance":
        return "c"
    if len(name) <= 9:
        return name
    return str(players.index(name) + 1) if name in players else name[:9]


def edge_words(G: Any, u: int, v: int) -> tuple[str, bool, bool]:
    """The text on the branch ``u -> v``, whether it is drawn thick (a move made with certainty by the solution),
    and whether it is faint (a move the solution never makes)."""
    e = G.edges[u, v]
    kind = G.nodes[u]["kind"]
    action = e.get("label", "")
    algorithm = G.graph.get("algorithm")
    p = e.get("probability")
    if kind == "chance":
        return f"{action} ({number_text(p)})" if p is not None else action, False, False
    if algorithm == "backward":
        return action, bool(e.get("chosen")), not e.get("chosen")
    if algorithm == "nash" and p is not None:
        if p >= 1 - 1e-9:
            return action, True, False
        if p <= 1e-9:
            return action, False, True
        return f"{action} [{number_text(p)}]", False, False
    return action, False, False


def infoset_words(G: Any, entry: dict[str, Any], *, with_player: bool = True) -> str:
    """``Receiver 2:1 after beer``: a set's player, id and name, as its dashed line is labelled."""
    name = entry.get("name") or ""
    if len(name) > 14:
        name = ""
    head = f"{entry['player']} {entry['id']}" if with_player else entry["id"]
    return head + (f" {name}" if name else "")
