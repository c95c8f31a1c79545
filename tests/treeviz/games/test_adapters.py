"""Game adapters (treeviz/games): the built-in games found by name, by game and by position; a game of one's own
drawn through the generic adapter, its players named by the game and coloured by index."""

from __future__ import annotations

import pygraphviz
import pytest

from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from treeviz.draw.dot_writer import to_dot
from treeviz.draw.themes import DEFAULT
from treeviz.games.adapter import GameAdapter
from treeviz.games.registry import adapter_for, adapter_for_position, adapter_named
from treeviz.games.tictactoe import TicTacToeAdapter
from treeviz.games.ultimate import UltimateAdapter
from treeviz.pages.tree_page import tree_page
from treeviz.trees.builder import build_tree
from treeviz.trees.json_export import tree_to_json


class TakeAway:
    """Nim with one heap: take 1 or 2 stones; who takes the last stone wins. Players MAX and MIN."""

    name = "takeaway"
    player_names = ("MAX", "MIN")

    def initial(self) -> tuple[int, int]:
        return (4, 0)

    def parse_fen(self, text: str) -> tuple[int, int]:
        stones, side = text.split()
        return int(stones), ("MAX", "MIN").index(side)

    def fen(self, state: tuple[int, int]) -> str:
        return f"{state[0]} {('MAX', 'MIN')[state[1]]}"

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def legal_moves(self, state: tuple[int, int]) -> tuple[int, ...]:
        return tuple(m for m in (1, 2) if m <= state[0])

    def play(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        return state[0] - move, 1 - state[1]

    def successors(self, state: tuple[int, int]) -> list[tuple[int, tuple[int, int]]]:
        return [(m, self.play(state, m)) for m in self.legal_moves(state)]

    def outcome(self, state: tuple[int, int]) -> int | None:
        if state[0]:
            return None
        return -1 if state[1] == 0 else 1  # the player to move has no stone left to take: the other one won

    def move_name(self, move: int) -> str:
        return f"-{move}"


def test_the_built_in_games_have_their_own_adapters() -> None:
    assert isinstance(adapter_named("tictactoe"), TicTacToeAdapter)
    assert isinstance(adapter_named("ultimate"), UltimateAdapter)
    assert adapter_for(TICTACTOE).game is TICTACTOE and adapter_for(ULTIMATE).game is ULTIMATE
    assert adapter_for_position("999999999 00 x").game is ULTIMATE
    assert adapter_for_position("1o11o1oxx x").game is TICTACTOE
    assert adapter_named("ultimate").needs_depth and not adapter_named("tictactoe").needs_depth
    assert adapter_named("tictactoe").sides.names == ("x", "o")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        adapter_named("chess")


def test_a_game_of_ones_own_is_drawn_through_the_generic_adapter() -> None:
    game = TakeAway()
    adapter = adapter_for(game)
    assert type(adapter) is GameAdapter and adapter_named("takeaway") is adapter
    assert adapter.sides.names == ("MAX", "MIN")
    G = build_tree(game, game.initial(), algorithm="alphabeta")
    assert G.graph["value"] == 1  # 4 stones: take 1, leave a multiple of 3
    assert {d["to_move"] for _, d in G.nodes(data=True)} == {"MAX", "MIN"}
    assert {d["outcome"] for _, d in G.nodes(data=True)} - {None} == {"MAX", "MIN"}
    dot = to_dot(G)
    graph = pygraphviz.AGraph(string=dot)  # Graphviz reads it
    assert graph.number_of_nodes() == G.number_of_nodes()
    assert "MAX to move" in dot and "MIN to move" in dot and "values from MAX's point of view" in dot
    assert "(MAX wins)" in dot and "MIN wins" in dot
    root = graph.get_node("0").attr["label"]
    assert "4 MAX" in root and 'FACE="Courier"' in root  # the position's text in a monospace box
    # Colours by player index: MIN's nodes wear the second side's fill.
    min_node = next(n for n, d in G.nodes(data=True) if d["to_move"] == "MIN" and not d["pruned"])
    assert DEFAULT.side_fill[1] in graph.get_node(str(min_node)).attr["label"]
    assert '"to_move":"MIN"' in tree_to_json(G)
    page = tree_page(G)
    assert '"players":["MAX","MIN"]' in page and '"kind":"text"' in page
