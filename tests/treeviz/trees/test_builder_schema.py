"""The search tree graph against its contract (notes/tree_schema.md), its JSON, and the max-nodes cut."""

from __future__ import annotations

import json
from math import inf

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import TICTACTOE
from engine.evaluation import tictactoe as tictactoe_eval
from engine.games.ultimate import ULTIMATE
from tests import search_reference as ref
from treeviz.trees.builder import ORDERS, TreeBuilder, build_tree
from treeviz.trees.json_export import tree_to_json

GAME = TICTACTOE
SEEDS = ("1o11o1oxx x", "x21o11xo o")
POSITIONS = ref.reachable("x") + ref.reachable("o")
SMALL = [p for p in POSITIONS if ref.tree_size(p) <= 2000]
"""Positions whose full minimax tree is small enough to check node by node in a property test."""
MIDDLE = [p for p in SMALL if ref.tree_size(p) >= 30]
"""Small trees that still have a few levels to cut."""

GRAPH_KEYS = {"algorithm", "game", "root_fen", "value", "best_moves", "nodes", "depth", "scoring", "order",
              "shown", "hidden", "max_nodes", "pruned", "root", "path", "plies", "subtree_nodes", "subtree_value",
              "subtree_fen", "marked", "capped"}
NODE_KEYS = {"fen", "to_move", "depth", "value", "bound", "order", "pruned", "best", "alpha", "beta", "leaf",
             "outcome", "cut", "cut_value", "cut_bound", "pruned_children", "hidden", "cut_by", "parent_value",
             "parent_bound"}
EDGE_KEYS = {"move", "label", "pruned", "best"}
OUTCOME_VALUE = {"x": 1, "o": -1, "draw": 0}


def parent_of(G: nx.DiGraph, n: int) -> int | None:
    preds = list(G.predecessors(n))
    assert len(preds) <= 1
    return preds[0] if preds else None


def true_value(fen: str) -> int:
    """The exact minimax value of a position, from the independent oracle."""
    state = GAME.parse_fen(fen)
    return ref.value((GAME.cells(state), fen[-1]))


def check_schema(G: nx.DiGraph, game: object = GAME) -> None:
    """Everything the schema promises about a tree built with no max-nodes cut."""
    g = G.graph
    assert set(g) == GRAPH_KEYS
    entered = [n for n, d in G.nodes(data=True) if not d["pruned"]]
    stubs = [n for n, d in G.nodes(data=True) if d["pruned"]]
    assert sorted(entered) == list(range(g["nodes"]))
    assert sorted(stubs) == list(range(g["nodes"], g["nodes"] + len(stubs)))
    assert (g["shown"], g["hidden"], g["pruned"]) == (g["nodes"], 0, len(stubs))
    assert nx.is_arborescence(G) and G.in_degree(0) == 0
    root = G.nodes[0]
    assert (root["value"], root["fen"], root["depth"]) == (g["value"], g["root_fen"], 0)

    for n, d in G.nodes(data=True):
        assert set(d) == NODE_KEYS
        p = parent_of(G, n)
        if p is not None:
            e = G.edges[p, n]
            assert set(e) == EDGE_KEYS
            assert e["pruned"] == d["pruned"] and e["best"] == d["best"]
            assert e["label"] == game.move_name(e["move"])  # type: ignore[attr-defined]
            assert d["depth"] == G.nodes[p]["depth"] + 1
            assert d["fen"] == game.fen(game.play(game.parse_fen(G.nodes[p]["fen"]), e["move"]))  # type: ignore[attr-defined]
        state = game.parse_fen(d["fen"])  # type: ignore[attr-defined]
        assert d["to_move"] == "xo"[game.to_move(state)]  # type: ignore[attr-defined]
        result = game.outcome(state)  # type: ignore[attr-defined]
        assert d["outcome"] == {1: "x", -1: "o", 0: "draw", None: None}[result]
        kids = [c for c in G.successors(n) if not G.nodes[c]["pruned"]]
        stub_kids = [c for c in G.successors(n) if G.nodes[c]["pruned"]]
        if d["pruned"]:
            assert not list(G.successors(n))
            assert (d["value"], d["bound"], d["order"], d["alpha"], d["beta"]) == (None,) * 5
            assert not d["best"] and d["hidden"] == 0
            parent = G.nodes[p]
            assert parent["cut"] is not None
            assert (d["cut_by"], d["parent_value"], d["parent_bound"]) == (
                parent["cut"], parent["cut_value"], parent["cut_bound"])
            continue
        assert d["order"] == n
        assert d["alpha"] < d["beta"]
        assert d["hidden"] == 0
        assert d["pruned_children"] == len(stub_kids)
        assert (d["cut_by"], d["parent_value"], d["parent_bound"]) == (None, None, None)
        assert all(c > n for c in kids) and kids == sorted(kids)
        if d["leaf"] == "terminal":
            assert not kids and result is not None
            if g["scoring"] == "plain":
                assert d["value"] == OUTCOME_VALUE[d["outcome"]]
        elif d["leaf"] == "heuristic":
            assert not kids and d["depth"] == g["depth"]
        else:
            assert kids and d["leaf"] is None
        if d["cut"] is None:
            assert not stub_kids
            if kids:
                values = [G.nodes[c]["value"] for c in kids]
                if g["algorithm"] == "minimax":
                    assert d["value"] == (max(values) if d["to_move"] == "x" else min(values))
        else:
            assert stub_kids and g["algorithm"] == "alphabeta"
            if d["cut"] == "beta":
                assert d["to_move"] == "x" and d["cut_value"] >= d["cut_bound"] and d["bound"] == "lower"
            else:
                assert d["to_move"] == "o" and d["cut_value"] <= d["cut_bound"] and d["bound"] == "upper"
            assert d["cut_value"] == d["value"]

    # The principal variation: a path from the root, first child (visit order) with its parent's value.
    node = 0
    assert G.nodes[0]["best"]
    path = [0]
    while True:
        kids = [c for c in G.successors(node) if not G.nodes[c]["pruned"]]
        best = [c for c in kids if G.nodes[c]["best"]]
        if not kids:
            assert G.nodes[node]["leaf"] is not None
            break
        assert best == [next(c for c in kids if G.nodes[c]["value"] == G.nodes[node]["value"])]
        node = best[0]
        path.append(node)
    assert {n for n, d in G.nodes(data=True) if d["best"]} == set(path)
    assert {(u, v) for u, v, e in G.edges(data=True) if e["best"]} == set(zip(path, path[1:], strict=False))
    if g["best_moves"]:
        assert G.edges[0, path[1]]["move"] in g["best_moves"]


def check_values(G: nx.DiGraph) -> None:
    """Plain-scoring tic-tac-toe values, x's point of view, against the oracle (bounds where alpha-beta cut)."""
    for _, d in G.nodes(data=True):
        if d["pruned"]:
            continue
        true = true_value(d["fen"])
        if d["bound"] == "exact":
            assert d["value"] == true, d
        elif d["bound"] == "lower":
            assert true >= d["value"], d
        else:
            assert true <= d["value"], d


@pytest.mark.parametrize("fen", SEEDS)
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_seed_trees_follow_the_schema(fen: str, algorithm: str) -> None:
    G = build_tree(GAME, GAME.parse_fen(fen), algorithm=algorithm)
    check_schema(G)
    check_values(G)
    assert G.graph["value"] == true_value(fen)
    assert G.graph["algorithm"] == algorithm and G.graph["game"] == "tictactoe"
    if algorithm == "minimax":
        assert G.graph["pruned"] == 0


def test_seed_trees_exact_figures() -> None:
    """Node counts of the course's two positions (minimax counts are full tree sizes)."""
    counts = {}
    for fen in SEEDS:
        for algorithm in ("minimax", "alphabeta"):
            G = build_tree(GAME, GAME.parse_fen(fen), algorithm=algorithm)
            counts[fen, algorithm] = (G.graph["nodes"], G.graph["pruned"], G.graph["best_moves"])
    assert counts == {
        ("1o11o1oxx x", "minimax"): (49, 0, [2]),
        ("1o11o1oxx x", "alphabeta"): (35, 5, [2]),
        ("x21o11xo o", "minimax"): (238, 0, [2, 5]),
        ("x21o11xo o", "alphabeta"): (101, 21, [2]),
    }


@pytest.mark.slow
def test_empty_board_alphabeta_tree() -> None:
    G = build_tree(GAME, GAME.initial(), algorithm="alphabeta")
    assert G.graph["nodes"] == 18_297
    check_schema(G)
    check_values(G)


@pytest.mark.slow
def test_empty_board_full_minimax_tree() -> None:
    G = build_tree(GAME, GAME.initial())
    assert G.graph["nodes"] == G.number_of_nodes() == 549_946
    assert G.number_of_edges() == 549_945
    assert sum(1 for _, d in G.nodes(data=True) if d["leaf"] == "terminal") == 255_168
    data = json.loads(tree_to_json(G))
    assert len(data["nodes"]) == 549_946 and data["nodes"][0]["alpha"] is None


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MIDDLE), st.sampled_from(["minimax", "alphabeta"]), st.sampled_from(sorted(ORDERS)))
def test_random_trees_follow_the_schema(position: ref.Position, algorithm: str, order: str) -> None:
    G = build_tree(GAME, GAME.parse_fen(ref.to_fen(position)), algorithm=algorithm, order=order)
    check_schema(G)
    check_values(G)
    assert G.graph["order"] == order


def test_center_first_visits_the_centre_first() -> None:
    G = build_tree(GAME, GAME.initial(), algorithm="alphabeta", order="center-first")
    first = min(G.successors(0))
    assert G.edges[0, first]["move"] == 4
    assert G.graph["nodes"] < 18_297
    check_schema(G)


def test_finished_position_is_a_single_leaf() -> None:
    for algorithm in ("minimax", "alphabeta"):
        G = build_tree(GAME, GAME.parse_fen("xxxoo4 o"), algorithm=algorithm)
        assert G.number_of_nodes() == 1
        assert G.nodes[0]["leaf"] == "terminal" and G.nodes[0]["outcome"] == "x" and G.nodes[0]["best"]
        assert G.graph["value"] == 1 and G.graph["best_moves"] == []


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_depth_limited_tree_uses_the_open_lines_heuristic(algorithm: str) -> None:
    G = build_tree(GAME, GAME.initial(), algorithm=algorithm, depth=2)
    assert G.graph["scoring"] == "heuristic" and G.graph["depth"] == 2
    check_schema(G)
    frontier = [d for _, d in G.nodes(data=True) if d["leaf"] == "heuristic"]
    assert frontier and all(d["depth"] == 2 for d in frontier)
    for d in frontier:
        assert d["value"] == tictactoe_eval.evaluate(GAME.parse_fen(d["fen"]))
    assert G.graph["value"] == ref.depth_limited_value(("." * 9, "x"), 2, tictactoe_eval.WIN_VALUE)


def test_quick_scoring_tree() -> None:
    fen = "x21o11xo o"
    G = build_tree(GAME, GAME.parse_fen(fen), algorithm="alphabeta", scoring="quick")
    assert G.graph["scoring"] == "quick"
    assert G.graph["value"] == ref.quick_value(("x...o..xo", "o"))
    check_schema(G)


def test_bad_arguments_are_refused() -> None:
    start = GAME.initial()
    for kwargs, words in [({"algorithm": "negascout"}, "algorithm"), ({"order": "sideways"}, "order"),
                          ({"scoring": "fast"}, "scoring"), ({"max_nodes": -1}, "max_nodes"),
                          ({"depth": -1}, "depth")]:
        with pytest.raises(ValueError, match=words):
            build_tree(GAME, start, **kwargs)  # type: ignore[arg-type]


def test_ultimate_tree_under_a_depth_limit() -> None:
    state = ULTIMATE.parse_fen("999999999 00 x")
    G = build_tree(ULTIMATE, state, algorithm="alphabeta", depth=2, order="center-first")
    check_schema(G, ULTIMATE)
    assert G.graph["game"] == "ultimate" and G.graph["scoring"] == "heuristic"
    first = min(G.successors(0))
    assert G.edges[0, first]["label"] == "55"
    # Same root value whatever the search and the order. Minimax enters the root, 81 first moves and
    # the replies in the sub-board each one sends o to: 9 cells, or 8 when x played in that sub-board.
    M = build_tree(ULTIMATE, state, algorithm="minimax", depth=2)
    check_schema(M, ULTIMATE)
    A = build_tree(ULTIMATE, state, algorithm="alphabeta", depth=2)
    assert M.graph["nodes"] == 1 + 81 + 72 * 9 + 9 * 8
    assert M.graph["value"] == A.graph["value"] == G.graph["value"]
    assert A.graph["nodes"] < M.graph["nodes"]


# -- max-nodes -----------------------------------------------------------------

def entered_parents(G: nx.DiGraph) -> dict[int, int]:
    """Entered node -> its parent (-1 for the root)."""
    return {n: (parent_of(G, n) if n else -1) for n, d in G.nodes(data=True) if not d["pruned"]}  # type: ignore[misc]


def subtree_sizes(parents: dict[int, int]) -> dict[int, int]:
    """Entered nodes below and including each node (children have larger ids than parents)."""
    size = dict.fromkeys(parents, 1)
    for n in sorted(parents, reverse=True):
        if parents[n] >= 0:
            size[parents[n]] += size[n]
    return size


def stubs_by_parent(G: nx.DiGraph) -> dict[int, list[tuple[int, str]]]:
    """Parent -> (move, fen) of its stubs, in id order."""
    out: dict[int, list[tuple[int, str]]] = {}
    for n in sorted(G):
        if G.nodes[n]["pruned"]:
            p = parent_of(G, n)
            out.setdefault(p, []).append((G.edges[p, n]["move"], G.nodes[n]["fen"]))  # type: ignore[index]
    return out


def check_cut(C: nx.DiGraph, F: nx.DiGraph, cap: int) -> None:
    """``C`` is ``F`` cut to ``cap`` nodes: whole levels, then the principal variation."""
    assert C.number_of_nodes() <= cap
    g = C.graph
    assert nx.is_arborescence(C)
    c_parent, f_parent = entered_parents(C), entered_parents(F)
    assert g["shown"] == len(c_parent) and g["shown"] + g["hidden"] == g["nodes"] == F.graph["nodes"]
    assert g["max_nodes"] == cap and g["pruned"] == C.number_of_nodes() - len(c_parent)
    for key in ("value", "best_moves", "algorithm"):
        assert g[key] == F.graph[key]
    # Entered nodes keep their ids, parents and attributes; hidden counts what is left out below.
    full_size, shown_size = subtree_sizes(f_parent), subtree_sizes(c_parent)
    for n, p in c_parent.items():
        assert f_parent[n] == p
        d, f = C.nodes[n], F.nodes[n]
        assert {k: v for k, v in d.items() if k != "hidden"} == {k: v for k, v in f.items() if k != "hidden"}
        assert d["hidden"] == full_size[n] - shown_size[n]
    assert C.nodes[0]["hidden"] == g["hidden"]
    # The principal variation, or as much of it as fits, is shown.
    pv = sorted(n for n, d in F.nodes(data=True) if d["best"])
    shown_pv = [n for n in pv if n in c_parent]
    assert shown_pv == pv[:len(shown_pv)]
    assert len(shown_pv) == min(len(pv), cap)
    # Every other node shown lies in a complete level.
    complete = -1
    levels: dict[int, list[int]] = {}
    for n in f_parent:
        levels.setdefault(F.nodes[n]["depth"], []).append(n)
    for level in sorted(levels):
        if not all(n in c_parent for n in levels[level]):
            break
        complete = level
    assert all(C.nodes[n]["depth"] <= complete for n in c_parent if n not in pv)
    # Stubs: all of a parent's or none, with all its entered children shown.
    c_stubs, f_stubs = stubs_by_parent(C), stubs_by_parent(F)
    for p, stubs in c_stubs.items():
        assert stubs == f_stubs[p]
        assert all(c in c_parent for c in F.successors(p) if not F.nodes[c]["pruned"])
    assert sorted(n for n, d in C.nodes(data=True) if d["pruned"]) == list(
        range(g["nodes"], g["nodes"] + g["pruned"]))


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.sampled_from([*MIDDLE, ("." * 9, "x"), ("x...o..xo", "o")]),
       st.sampled_from(["minimax", "alphabeta"]), st.integers(min_value=1, max_value=120))
def test_max_nodes_cut(position: ref.Position, algorithm: str, cap: int) -> None:
    state = GAME.parse_fen(ref.to_fen(position))
    if ref.tree_size(position) > 2000:
        algorithm = "alphabeta"  # keep the full-tree comparison quick
    F = build_tree(GAME, state, algorithm=algorithm)
    C = build_tree(GAME, state, algorithm=algorithm, max_nodes=cap)
    check_cut(C, F, cap)


@pytest.mark.slow
def test_max_nodes_on_the_empty_board() -> None:
    C = build_tree(GAME, GAME.initial(), max_nodes=300)
    assert C.number_of_nodes() <= 300
    # Levels 0-2 (1 + 9 + 72 nodes) fit with the 7 deeper nodes of the 9-ply principal variation;
    # level 3 (504 nodes) does not.
    assert C.graph["shown"] == 1 + 9 + 72 + 7
    assert C.graph["hidden"] == 549_946 - C.graph["shown"]
    assert sum(1 for _, d in C.nodes(data=True) if d["best"]) == 10
    assert C.nodes[0]["hidden"] == C.graph["hidden"]
    assert sum(d["hidden"] for n, d in C.nodes(data=True) if C.nodes[n]["depth"] == 2) == C.graph["hidden"]


def test_tiny_cap_keeps_a_prefix_of_the_principal_variation() -> None:
    C = build_tree(GAME, GAME.initial(), algorithm="alphabeta", max_nodes=3)
    assert C.number_of_nodes() == 3
    assert all(d["best"] for _, d in C.nodes(data=True))
    assert [d["depth"] for _, d in sorted(C.nodes(data=True))] == [0, 1, 2]


# -- JSON, determinism, the bulk graph ----------------------------------------------

def strict_loads(text: str) -> dict:
    def refuse(name: str) -> None:
        raise AssertionError(f"non-standard JSON constant {name}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_json_is_strict_node_link_data(algorithm: str) -> None:
    G = build_tree(GAME, GAME.parse_fen("x21o11xo o"), algorithm=algorithm)
    data = strict_loads(tree_to_json(G))
    expected = nx.node_link_data(G, edges="edges")
    for item in expected["nodes"]:
        for key in ("alpha", "beta"):
            if item[key] in (inf, -inf):
                item[key] = None
    assert data == expected
    assert data["graph"]["nodes"] == G.graph["nodes"]
    assert data["nodes"][0]["alpha"] is None and data["nodes"][0]["beta"] is None
    back = nx.node_link_graph(data, edges="edges")
    assert sorted(back.edges) == sorted(G.edges)
    assert list(data["nodes"][0])[-1] == "id" and list(data["edges"][0])[-2:] == ["source", "target"]


@pytest.mark.slow
def test_json_nulls_only_unbounded_window_sides() -> None:
    G = build_tree(GAME, GAME.initial(), algorithm="alphabeta")
    data = strict_loads(tree_to_json(G))
    by_id = {item["id"]: item for item in data["nodes"]}
    for n, d in G.nodes(data=True):
        for key in ("alpha", "beta"):
            got = by_id[n][key]
            assert got == (None if d[key] in (inf, -inf) else d[key])


def test_json_of_other_graphs() -> None:
    """Any graph gives its node-link data: undirected, string ids, multigraph edge keys."""
    U = nx.path_graph(["a", "b", "c"])
    assert strict_loads(tree_to_json(U)) == nx.node_link_data(U, edges="edges")
    M = nx.MultiDiGraph()
    M.add_edge(0, 1, w=-inf)
    M.add_edge(0, 1, w=2)
    data = strict_loads(tree_to_json(M))
    assert [(e["key"], e["w"]) for e in data["edges"]] == [(0, None), (1, 2)]


def test_json_refuses_nan() -> None:
    G = nx.DiGraph(algorithm="minimax")
    G.add_node(0, value=float("nan"))
    with pytest.raises(ValueError):
        tree_to_json(G)


def test_json_writes_infinity_anywhere_as_null() -> None:
    G = nx.DiGraph(value=inf, window=[-inf, 1.5])
    G.add_node(0, score=-inf, extra={"a": inf})
    G.add_node(1)
    G.add_edge(0, 1, weight=inf)
    data = strict_loads(tree_to_json(G))
    assert data["graph"] == {"value": None, "window": [None, 1.5]}
    assert data["nodes"][0] == {"score": None, "extra": {"a": None}, "id": 0}
    assert data["edges"][0]["weight"] is None


@pytest.mark.parametrize("kwargs", [{}, {"algorithm": "alphabeta"}, {"algorithm": "alphabeta", "max_nodes": 40},
                                    {"depth": 3}, {"order": "center-first", "algorithm": "alphabeta"}])
def test_same_input_same_bytes(kwargs: dict) -> None:
    fen = "x21o11xo o"
    one = tree_to_json(build_tree(GAME, GAME.parse_fen(fen), **kwargs))
    two = tree_to_json(build_tree(GAME, GAME.parse_fen("x3o2xo o"), **kwargs))
    assert one == two


def test_bulk_graph_equals_one_built_through_the_public_api() -> None:
    G = build_tree(GAME, GAME.parse_fen("x21o11xo o"), algorithm="alphabeta")
    H = nx.DiGraph(**G.graph)
    H.add_nodes_from(G.nodes(data=True))
    H.add_edges_from(G.edges(data=True))
    assert nx.utils.graphs_equal(G, H)
    for u, v in G.edges:
        assert G.pred[v][u] is G.succ[u][v]
    # The graph stays a normal, mutable networkx graph.
    G.add_edge(0, 10_000)
    assert 10_000 in G and G.in_degree(10_000) == 1


def test_recorder_events_in_order() -> None:
    rec = TreeBuilder()
    rec.enter(1, None, 0, -inf, inf)
    rec.enter(2, 5, 1, -inf, inf)
    rec.leaf("terminal")
    rec.leave(1, "exact")
    rec.cutoff("beta", 1, 0, [6, 7])
    rec.leave(1, "lower")
    assert [e[:4] for e in rec.entries] == [(-1, None, 1, 0), (0, 5, 2, 1)]
    assert rec.results == [(1, "lower"), (1, "exact")]
    assert rec.leaves == {1: "terminal"}
    assert rec.cuts == [(0, "beta", 1, 0, (6, 7))]


@pytest.mark.slow
def test_same_bytes_across_processes() -> None:
    """No hash-order dependence: two interpreters with different hash seeds write the same JSON."""
    import hashlib
    import os
    import subprocess
    import sys

    code = ("import hashlib; from engine import TICTACTOE as G; from treeviz.trees.builder import build_tree; "
            "from treeviz.trees.json_export import tree_to_json; "
            "t = build_tree(G, G.parse_fen('x21o11xo o'), algorithm='alphabeta', max_nodes=60); "
            "print(hashlib.sha256(tree_to_json(t).encode()).hexdigest())")
    digests = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip()
        for seed in ("1", "2")
    }
    G = build_tree(GAME, GAME.parse_fen("x21o11xo o"), algorithm="alphabeta", max_nodes=60)
    assert digests == {hashlib.sha256(tree_to_json(G).encode()).hexdigest()}
