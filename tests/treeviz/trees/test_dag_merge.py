"""Merged DAGs (--merge transpositions|symmetry) against counts and values worked out independently.

The independent side here plays tic-tac-toe on 9-character strings and turns boards
with list slicing: it shares no code with engine/ (bitboards, symmetry tables) or
treeviz/trees/dag.py.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

from engine.games import symmetry
from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from treeviz.tree import search_tree
from treeviz.trees.dag import merge_tree, tree_to_dag_map
from treeviz.trees.json_export import tree_to_json

BIN = Path(sys.executable).parent
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


# -- an independent tic-tac-toe on strings -------------------------------------------

def winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def children(board: str, side: str) -> list[tuple[int, str]]:
    if winner(board) or "." not in board:
        return []
    return [(i, board[:i] + side + board[i + 1:]) for i in range(9) if board[i] == "."]


def rows(board: str) -> list[list[str]]:
    return [list(board[r * 3:r * 3 + 3]) for r in range(3)]


def flat(grid: list[list[str]]) -> str:
    return "".join("".join(row) for row in grid)


def turns(board: str) -> list[str]:
    """The 8 images of a board: 4 quarter turns of it and of its mirror image."""
    out = []
    for grid in (rows(board), [row[::-1] for row in rows(board)]):
        for _ in range(4):
            out.append(flat(grid))
            grid = [list(col) for col in zip(*grid[::-1], strict=True)]  # a quarter turn clockwise
    return out


def klass(board: str, side: str) -> tuple[str, str]:
    return min(turns(board)), side


def other(side: str) -> str:
    return "o" if side == "x" else "x"


def reachable(board: str = "." * 9, side: str = "x") -> set[tuple[str, str]]:
    seen: set[tuple[str, str]] = set()
    stack = [(board, side)]
    while stack:
        b, s = stack.pop()
        if (b, s) in seen:
            continue
        seen.add((b, s))
        stack.extend((child, other(s)) for _, child in children(b, s))
    return seen


@cache
def value(board: str, side: str) -> int:
    """Minimax value from x's point of view."""
    w = winner(board)
    if w:
        return 1 if w == "x" else -1
    if "." not in board:
        return 0
    values = [value(child, other(side)) for _, child in children(board, side)]
    return max(values) if side == "x" else min(values)


def fen_board(fen: str) -> tuple[str, str]:
    cells, side = fen.split(" ")
    return "".join("." * int(ch) if ch.isdigit() else ch for ch in cells), side


# -- fixtures -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def empty_board_tree() -> nx.DiGraph:
    return search_tree("9 x").graph


@pytest.fixture(scope="module")
def empty_board_alphabeta() -> nx.DiGraph:
    return search_tree("9 x", algorithm="alphabeta").graph


# -- counts -----------------------------------------------------------------------------

def test_independent_counts_are_the_known_ones() -> None:
    positions = reachable()
    assert len(positions) == 5478
    assert len({klass(b, s) for b, s in positions}) == 765


@pytest.mark.slow
def test_json_node_counts_from_the_empty_board(empty_board_tree) -> None:
    positions = reachable()
    # Transpositions: the JSON of the merged graph, one node per distinct position, each drawn as itself.
    data = json.loads(tree_to_json(merge_tree(empty_board_tree, "transpositions")))
    assert len(data["nodes"]) == data["graph"]["nodes"] == len(positions)
    assert {fen_board(n["fen"]) for n in data["nodes"]} == positions
    assert data["graph"]["tree_nodes"] == 549_946
    # Symmetry, through the command line: one node per class.
    done = subprocess.run([str(BIN / "tttree"), "9 x", "--merge", "symmetry", "--format", "json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    classes = {klass(b, s) for b, s in positions}
    assert len(data["nodes"]) == data["graph"]["nodes"] == len(classes)
    drawn = [fen_board(n["fen"]) for n in data["nodes"]]
    assert {klass(b, s) for b, s in drawn} == classes  # one drawn board per class, no class twice
    assert sum(n["merged"] for n in data["nodes"]) == 549_946


@pytest.mark.slow
def test_edges_are_every_move(empty_board_tree) -> None:
    D = merge_tree(empty_board_tree, "transpositions")
    pairs = {(b, s, i) for b, s in reachable() for i, _ in children(b, s)}
    assert D.number_of_edges() == len(pairs) == 16167
    S = merge_tree(empty_board_tree, "symmetry")
    class_edges = {(klass(b, s), klass(child, other(s))) for b, s in reachable() for _, child in children(b, s)}
    assert S.number_of_edges() == len(class_edges)
    for u in S:
        board, side = fen_board(S.nodes[u]["fen"])
        moves_out = []
        for v in S.succ[u]:
            e = S.edges[u, v]
            assert e["label"] == ",".join(str(m + 1) for m in e["moves"])
            for m in e["moves"]:
                assert board[m] == "."
                child = board[:m] + side + board[m + 1:]
                assert klass(child, other(side)) == klass(*fen_board(S.nodes[v]["fen"]))
            moves_out += e["moves"]
        # Every move of the drawn (canonical) board is on exactly one edge.
        assert sorted(moves_out) == [i for i, _ in children(board, side)]


@pytest.mark.slow
def test_symmetry_draws_the_canonical_board_of_each_class(empty_board_tree) -> None:
    S = merge_tree(empty_board_tree, "symmetry")
    for _, a in S.nodes(data=True):
        board, side = fen_board(a["fen"])
        state = TICTACTOE.parse_fen(a["fen"])
        assert symmetry.canonical(TICTACTOE, state)[0] == state
        assert klass(board, side) in {klass(b, side) for b in turns(board)}


# -- values node for node ------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("how", ["transpositions", "symmetry"])
def test_minimax_values_equal_the_tree_node_for_node(empty_board_tree, how: str) -> None:
    G = empty_board_tree
    D = merge_tree(G, how)
    where = tree_to_dag_map(G, D)
    assert len(where) == G.number_of_nodes()
    for n, a in G.nodes(data=True):
        d = D.nodes[where[n]]
        assert (d["value"], d["bound"]) == (a["value"], "exact")
    for _, a in D.nodes(data=True):
        assert a["value"] == value(*fen_board(a["fen"]))  # and the independent minimax agrees
    # Each class stands for as many tree nodes as map onto it.
    counts: dict[int, int] = {}
    for c in where.values():
        counts[c] = counts.get(c, 0) + 1
    assert counts == {c: a["merged"] for c, a in D.nodes(data=True)}


@pytest.mark.slow
@pytest.mark.parametrize("how", ["transpositions", "symmetry"])
def test_alphabeta_results_are_kept_and_combined_consistently(empty_board_alphabeta, how: str) -> None:
    G = empty_board_alphabeta
    D = merge_tree(G, how)
    where = tree_to_dag_map(G, D)
    assert D.graph["nodes"] == len({where[n] for n, a in G.nodes(data=True) if not a["pruned"]})
    for n, a in G.nodes(data=True):
        d = D.nodes[where[n]]
        if a["pruned"]:
            continue
        assert [a["value"], a["bound"]] in d["results"]
        low = -2 if d["low"] is None else d["low"]
        high = 2 if d["high"] is None else d["high"]
        # The merged interval is within what this visit proved, and holds the true value.
        if a["bound"] in ("exact", "lower"):
            assert low >= a["value"]
        if a["bound"] in ("exact", "upper"):
            assert high <= a["value"]
        assert low <= value(*fen_board(d["fen"])) <= high
        if d["bound"] == "exact":
            assert d["value"] == value(*fen_board(d["fen"]))
    assert D.nodes[0]["value"] == 0 and D.nodes[0]["bound"] == "exact"


def test_pruned_moves_into_searched_positions_are_dashed_edges_not_stubs(empty_board_alphabeta) -> None:
    D = merge_tree(empty_board_alphabeta, "transpositions")
    pruned_edges = [(u, v) for u, v, e in D.edges(data=True) if e["pruned"]]
    assert pruned_edges
    assert any(not D.nodes[v]["pruned"] for _, v in pruned_edges)  # a transposition was searched elsewhere
    for _, a in D.nodes(data=True):
        if a["pruned"]:  # reached only by pruned moves
            assert all(D.edges[u, v]["pruned"] for u, v in D.in_edges(_))


@pytest.mark.slow
@pytest.mark.parametrize(("fen", "depth", "algorithm"), [
    ("x21o11xo o", None, "minimax"), ("x21o11xo o", None, "alphabeta"), ("9 x", None, "alphabeta"),
    ("999999999 00 x", 2, "minimax"), ("999999999 00 x", 2, "alphabeta"),
])
def test_merging_the_records_gives_the_same_dag_as_merging_the_tree(fen: str, depth: int | None,
                                                                    algorithm: str) -> None:
    from treeviz.tree import game_for_fen
    from treeviz.trees.builder import build_tree, record_search
    from treeviz.trees.dag import merge_records

    game = game_for_fen(fen)
    state = game.parse_fen(fen)
    G = build_tree(game, state, algorithm=algorithm, depth=depth)
    for how in ("transpositions", "symmetry"):
        for cap in (0, 40):
            recorder, attrs, _ = record_search(game, state, algorithm=algorithm, depth=depth)
            fast = merge_records(recorder, game, how, graph_attrs=attrs, max_nodes=cap)
            assert tree_to_json(fast) == tree_to_json(merge_tree(G, how, max_nodes=cap))


# -- the cut -----------------------------------------------------------------------------

@pytest.mark.slow
def test_max_nodes_keeps_whole_plies_and_counts_what_is_below(empty_board_tree) -> None:
    full = merge_tree(empty_board_tree, "transpositions")
    D = merge_tree(empty_board_tree, "transpositions", max_nodes=1000)
    assert D.number_of_nodes() <= 1000
    last = max(a["depth"] for _, a in D.nodes(data=True) if not a["best"])
    assert last == 3  # 1 + 9 + 72 + 252 positions fit in 1,000, with ply 4's 756 they would not
    for ply in range(last + 1):  # whole plies, then only the principal variation
        assert sum(1 for _, a in D.nodes(data=True) if a["depth"] == ply) == \
            sum(1 for _, a in full.nodes(data=True) if a["depth"] == ply)
    assert D.graph["hidden"] == 5478 - D.number_of_nodes()
    for n in random.Random(3).sample(sorted(D), 40):
        undrawn = {d for d in nx.descendants(full, n) if d not in D}
        assert D.nodes[n]["hidden"] == len(undrawn)


# -- engine/games/symmetry.py -------------------------------------------------------------------

@pytest.mark.slow
def test_symmetries_commute_with_play_in_both_games() -> None:
    rng = random.Random(11)
    for game in (TICTACTOE, ULTIMATE):
        for _ in range(60):
            state = game.initial()
            while game.outcome(state) is None:
                moves = list(game.legal_moves(state))
                for k in range(8):
                    image = symmetry.image(game, state, k)
                    assert sorted(symmetry.map_move(game, m, k) for m in moves) == sorted(game.legal_moves(image))
                    m = rng.choice(moves)
                    assert symmetry.image(game, game.play(state, m), k) == \
                        game.play(image, symmetry.map_move(game, m, k))
                    undone = symmetry.image(game, image, symmetry.INVERSE[k])
                    assert undone == state
                representative, k = symmetry.canonical(game, state)
                assert representative == symmetry.image(game, state, k)
                assert representative == min(symmetry.image(game, state, j) for j in range(8))
                state = game.play(state, rng.choice(moves))


def test_tictactoe_images_match_string_turns() -> None:
    for board, side in random.Random(5).sample(sorted(reachable()), 200):
        fen = TICTACTOE.fen(TICTACTOE.parse_fen(_fen(board, side)))
        state = TICTACTOE.parse_fen(fen)
        images = {fen_board(TICTACTOE.fen(symmetry.image(TICTACTOE, state, k)))[0] for k in range(8)}
        assert images == set(turns(board))


def _fen(board: str, side: str) -> str:
    return "".join("1" if ch == "." else ch for ch in board) + " " + side


def _ultimate_turns(fen: str) -> set[str]:
    """Every image of an ultimate FEN, worked out on strings (sub-boards and cells turned alike)."""
    cells = "".join("." * int(ch) if ch.isdigit() else ch for ch in fen.split(" ")[0])
    last, side = fen.split(" ")[1:]
    out = set()
    for k in range(8):
        where = [turns("".join(chr(65 + i) for i in range(9)))[k].index(chr(65 + i)) for i in range(9)]
        image = ["."] * 81
        for i, ch in enumerate(cells):
            image[9 * where[i // 9] + where[i % 9]] = ch
        moved = "00" if last == "00" else f"{where[int(last[0]) - 1] + 1}{where[int(last[1]) - 1] + 1}"
        out.add("".join(image) + " " + moved + " " + side)
    return out


def _cells_form(fen: str) -> str:
    board, last, side = fen.split(" ")
    return "".join("." * int(ch) if ch.isdigit() else ch for ch in board) + " " + last + " " + side


@pytest.mark.slow
def test_ultimate_symmetry_dag_counts_classes_and_keeps_values() -> None:
    G = search_tree("999999999 00 x", depth=2).graph
    D = merge_tree(G, "symmetry")
    classes = {min(_ultimate_turns(a["fen"])) for _, a in G.nodes(data=True)}
    assert D.graph["nodes"] == len(classes) == 118
    where = tree_to_dag_map(G, D)
    for n, a in G.nodes(data=True):
        d = D.nodes[where[n]]
        assert d["value"] == a["value"]
        assert _cells_form(d["fen"]) in _ultimate_turns(a["fen"])


# -- every format ---------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["dot", "png", "svg", "pdf", "json", "html"])
def test_dag_in_every_format(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"dag.{fmt}"
    done = subprocess.run([str(BIN / "tttree"), "xox1o2x1 o", "--merge", "symmetry", "-o", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    D = search_tree("xox1o2x1 o", merge="symmetry").graph
    assert D.graph["nodes"] == 18 and D.graph["tree_nodes"] == 61
    if fmt == "dot":
        text = data.decode()
        assert "symmetries merged<BR/>18 positions (61 tree nodes)" in text
        assert text.count("->") == D.number_of_edges()
        for u, v, e in D.edges(data=True):
            assert f'{u} -> {v} [label' in text and e["label"] in text
    elif fmt == "json":
        back = nx.node_link_graph(json.loads(data), edges="edges")
        assert sorted(back.edges) == sorted(D.edges)
        assert all(back.nodes[n]["value"] == D.nodes[n]["value"] for n in D)
    elif fmt == "png":
        assert data.startswith(b"\x89PNG")
    elif fmt == "pdf":
        assert data.startswith(b"%PDF")
    elif fmt == "svg":
        assert b"<svg" in data and data.count(b'class="node pv"') + data.count(b'class="node node"') == 18
    else:
        assert b'"kind":"dag"' in data
