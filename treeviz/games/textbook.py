"""Textbook trees (:mod:`engine.games.textbook`) as treeviz draws them: MAX and MIN, node names beside the nodes,
leaves that are values rather than won or lost games, probabilities on the branches of chance nodes, and the
textbook style (MAX as upward triangles, MIN downward, chance as circles) as their default look."""

from __future__ import annotations

import re
from typing import Any

from engine.games.textbook import ROOT_TEXT, TextbookTree
from treeviz.draw.labels import escape
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.adapter import GameAdapter, Picture, probability_words

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_']*")
"""A node name of the notation (a node without one has a path of digits, or ``root``, as its text)."""


def node_name(fen: str) -> str | None:
    """The name a textbook tree's notation gave the node whose text is ``fen`` (None: it has none)."""
    return fen if fen != ROOT_TEXT and _NAME.fullmatch(fen) else None


class TextbookAdapter(GameAdapter):
    """A textbook tree: players max and min, no board (a node shows its name, if it has one, and its value),
    moves known by their place among siblings."""

    game: TextbookTree
    players = TextbookTree.player_names
    _texts: list[str] | None = None
    default_style = "textbook"
    numbered_moves = True
    signed_values = False

    keys_are_states = True  # one state per position: DAGs merge by the state, without writing its text

    @property
    def title(self) -> str:
        return "textbook tree"

    def describe(self, state: Any) -> tuple[str, str, str | None]:
        """A node's text, who moves there, no outcome: the texts of the whole tree made in one pass the first
        time (a node's path is its parent's and its place: 100,000 leaves would otherwise walk up 100,000 paths)."""
        texts = self._texts
        if texts is None:
            texts = self._texts = self._all_texts()
        return texts[state], self.sides.of(self.game.to_move(state)), None

    def _all_texts(self) -> list[str]:
        """Every node's position text, by node number (as :meth:`engine.games.textbook.TextbookTree.fen`)."""
        tree = self.game
        paths = [ROOT_TEXT] * len(tree)
        for node, kids in enumerate(tree.children):  # preorder: a parent's path is made before its children's
            prefix = "" if node == 0 else paths[node] + "."
            for place, child in enumerate(kids, 1):
                paths[child] = f"{prefix}{place}"
        return [name if name is not None else path for name, path in zip(tree.names, paths, strict=True)]

    def outcome_name(self, value: float | None) -> str | None:
        """None: a leaf is worth its value, it is not a game someone won."""
        return None

    def value_meaning(self, value: float | None) -> str:
        """Nothing: a textbook value means itself."""
        return ""

    def edge_text(self, label: str, probability: float | None = None) -> str:
        """The probability on a chance node's branches (``1/2``), the child's place elsewhere."""
        return label if probability is None else probability_words(probability)

    def evaluation_refusal(self) -> str:
        """A textbook tree's inner nodes have no value of their own: there is nothing to cut a search at."""
        return ("a textbook tree has no evaluation of its inner nodes (only its leaves have values), so it cannot "
                "be searched to a depth limit: drop the depth limit, or give the values as leaves")

    def caption(self, fen: str) -> str | None:
        """The node's name (``B``), if the notation gave it one."""
        return node_name(fen)

    def picture_maker(self, theme: Theme = DEFAULT) -> Picture:
        """The node's name in bold, or nothing (board style: the value alone)."""
        def picture(fen: str, last: Any) -> str:
            name = node_name(fen)
            return "" if name is None else f'<FONT POINT-SIZE="12"><B>{escape(name)}</B></FONT>'
        return picture

    def page_board(self) -> dict[str, Any]:
        return {"kind": "textbook", "title": self.title, "players": list(self.sides.names)}

    def page_pictures(self, fens: Any) -> list[str] | None:
        """The names (or nothing) the page writes in its nodes."""
        return [node_name(fen) or "" for fen in fens]
