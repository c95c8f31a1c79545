"""Chance nodes in the board style, in MCTS trees and in merged DAGs (issue 22 items 1-3): the key names them, every
tree with chance nodes says so in its graph (``chance: true``, notes/tree_schema.md), the edges below them carry
and show their probability, a merged expectiminimax tree is titled so; and a game whose position text leaves out
something that counts is refused by --merge in words, not by an internal assertion."""

from __future__ import annotations

import math

import pytest

import treeviz
from engine.errors import ParameterError
from engine.game import CHANCE, FIRST, SECOND
from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command

CHANCE_TREE = "[{1/2: [3,12], 1/4: [2,4], 1/4: 5}, [4,6]]"


class TwoThrows:
    """Two coin throws adding 1 or 2 (so 1+2 and 2+1 meet at 3), then the first player adds 0 or 1 and the second
    takes 0 or 1 away: the total is the outcome."""

    name = "two throws"

    def initial(self):
        return (0, 0)

    def to_move(self, state):
        return CHANCE if state[1] < 2 else FIRST if state[1] == 2 else SECOND

    def legal_moves(self, state):
        return [] if state[1] == 4 else [1, 2] if state[1] < 2 else [0, 1]

    def chance_outcomes(self, state):
        return [(1, 0.25), (2, 0.75)]

    def play(self, state, move):
        total, step = state
        return (total + (move if step < 3 else -move), step + 1)

    def outcome(self, state):
        return state[0] if state[1] == 4 else None

    def fen(self, state):
        return f"{state[0]} {state[1]}"


class Forgetful:
    """Its position key says how far the game went, not which way (as OpenSpiel's text of Pig leaves out the turn):
    two positions keyed alike differ in value."""

    name = "forgetful"

    def initial(self):
        return (0, "")

    def to_move(self, state):
        return state[0] % 2

    def legal_moves(self, state):
        return ["a", "b"] if state[0] < 2 else []

    def play(self, state, move):
        return (state[0] + 1, state[1] + move)

    def outcome(self, state):
        return (1 if state[1].startswith("a") else -1) if state[0] == 2 else None

    def fen(self, state):
        return f"{state[0]} {state[1] or '-'}"

    def position_key(self, state):
        return str(state[0])


def keyed(dot: str) -> str:
    """The figure's key: the DOT's heading label."""
    return dot.split("label=<", 1)[1].split(">;\n", 1)[0]


@pytest.mark.parametrize("kind", [{}, {"algorithm": "alphabeta"}, {"algorithm": "mcts", "iterations": 200},
                                  {"merge": "transpositions"}], ids=["minimax", "alphabeta", "mcts", "dag"])
def test_a_chance_tree_in_board_style_has_chance_in_its_key_and_graph(kind: dict) -> None:
    tree = treeviz.search_tree(tree=CHANCE_TREE, **kind)
    assert tree.graph.graph["chance"] is True
    assert "chance (probabilities on its branches)" in keyed(tree.export("dot", style="board"))
    plain = treeviz.search_tree("1o11o1oxx x", **{k: v for k, v in kind.items() if k != "iterations"})
    assert "chance" not in plain.graph.graph and "chance" not in keyed(plain.export("dot"))


@pytest.mark.parametrize("kind", [{"algorithm": "mcts", "iterations": 300}, {"merge": "transpositions"}],
                         ids=["mcts", "dag"])
def test_edges_below_chance_nodes_carry_and_show_their_probability(kind: dict) -> None:
    tree = treeviz.search_tree(game=TwoThrows(), **kind)
    G = tree.graph
    below = [(u, e) for u, _, e in G.edges(data=True) if G.nodes[u]["to_move"] == "chance"]
    assert below and all("probability" in e for _, e in below)
    assert all("probability" not in e for u, _, e in G.edges(data=True) if G.nodes[u]["to_move"] != "chance")
    for u in {u for u, _ in below}:
        assert math.isclose(sum(e["probability"] for v, e in below if v == u), 1.0)
    dot = tree.export("dot")
    assert 'label="1 (1/4)"' in dot and 'label="2 (3/4)"' in dot


def test_a_merged_expectiminimax_tree_says_so_and_its_chance_nodes_fold() -> None:
    tree = treeviz.search_tree(game=TwoThrows(), merge="transpositions")
    g = tree.graph.graph
    assert g["tree_nodes"] > g["nodes"]  # 1+2 and 2+1 met
    assert math.isclose(g["value"], 0.25 * 0.25 * 2 + 2 * 0.25 * 0.75 * 3 + 0.75 * 0.75 * 4)
    assert "Expectiminimax tree of" in tree.export("dot")


def test_a_game_whose_text_merges_different_positions_is_refused_by_merge(capfd: pytest.CaptureFixture[str],
                                                                         tmp_path) -> None:
    with pytest.raises(ParameterError) as caught:
        treeviz.search_tree(game=Forgetful(), merge="transpositions")
    assert str(caught.value).startswith("merge='transpositions' cannot fold this game: positions it takes for one "
                                        "('1 a' and another) have different values (1 and -1)")
    games = tmp_path / "games.py"
    games.write_text("from tests.treeviz.test_chance_figures import Forgetful\n")
    target = tmp_path / "dag.png"
    with pytest.raises(SystemExit) as done:
        run(tree_command, ["--game", f"{games}:Forgetful", "--merge", "transpositions", "-o", str(target)],
            prog_name="tttree")
    out, err = capfd.readouterr()
    assert (done.value.code, out) == (2, "")
    assert err.startswith("error: --merge transpositions cannot fold this game") and err.count("\n") == 1
    assert not target.exists()
