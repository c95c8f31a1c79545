"""A game's DAG merges positions by the game's position text (issue 22 item 2): states that hold more than the
position (here, the moves played) are one node when the game writes them alike."""

from __future__ import annotations

import treeviz


class Tokens:
    """Two players each add 1 or 2 tokens to a pile until it reaches 4; the state keeps the moves played."""

    player_names = ("left", "right")

    def initial(self):
        return (0, 0, ())

    def to_move(self, s):
        return s[1]

    def legal_moves(self, s):
        return [m for m in (1, 2) if s[0] + m <= 4]

    def play(self, s, m):
        return (s[0] + m, 1 - s[1], s[2] + (m,))

    def outcome(self, s):
        return None if s[0] < 4 else (1 if s[1] == 1 else -1)

    def fen(self, s):
        return f"{s[0]} {'left' if s[1] == 0 else 'right'}"  # the position: pile and mover, not the history


class Histories(Tokens):
    """The same game written with its history: every state is a position of its own."""

    def fen(self, s):
        return f"{s[0]} {s[1]} {''.join(map(str, s[2]))}"


def test_transpositions_merge_by_the_position_text() -> None:
    tree = treeviz.search_tree(game=Tokens(), merge="transpositions")
    fens = sorted(d["fen"] for _, d in tree.graph.nodes(data=True))
    assert len(fens) == len(set(fens))
    whole = treeviz.search_tree(game=Tokens())
    assert tree.graph.number_of_nodes() < whole.graph.number_of_nodes()
    positions = {d["fen"] for _, d in whole.graph.nodes(data=True)}
    assert set(fens) == positions
    assert tree.graph.graph["value"] == whole.graph.graph["value"]


def test_a_text_that_holds_the_history_merges_nothing() -> None:
    tree = treeviz.search_tree(game=Histories(), merge="transpositions")
    whole = treeviz.search_tree(game=Histories())
    assert tree.graph.number_of_nodes() == whole.graph.number_of_nodes()
