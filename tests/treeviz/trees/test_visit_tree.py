"""The tree of visits (treeviz.trees.visit_tree): every node carries the visit fields, the graph's counts are the
marked nodes', passes and iterations hang under one node standing for the whole search, the bold line goes
through the last of them, and the library refuses options a search does not take, naming the parameter."""

from __future__ import annotations

import pytest

from engine.errors import ParameterError
from engine.games.tictactoe import TICTACTOE
from treeviz.tree import search_tree
from treeviz.trees.visit_tree import VISIT_FIELDS, build_visit_tree

G2 = "x21o11xo o"


@pytest.mark.parametrize(("algorithm", "options"), [("pvs", {}), ("pvs", {"table": True}), ("mtdf", {}),
                                                     ("id", {}), ("id", {"table": True, "aspiration": 1}),
                                                     ("alphabeta", {"table": True})])
def test_every_node_has_the_visit_fields_and_the_counts_are_the_marked_nodes(algorithm: str, options: dict) -> None:
    G = build_visit_tree(TICTACTOE, TICTACTOE.parse_fen(G2), algorithm=algorithm, **options)  # type: ignore[arg-type]
    nodes = dict(G.nodes(data=True))
    assert all(set(VISIT_FIELDS) <= set(d) for d in nodes.values())
    entered = [d for d in nodes.values() if not d["pruned"]]
    assert len(entered) == G.graph["nodes"]
    assert G.graph["tt_hits"] == sum(d["tt_hit"] for d in entered)
    assert G.graph["passes"] == sum(d["pass"] is not None for d in entered)
    assert G.graph["iterations"] == len({d["iteration"] for d in entered if d["iteration"] is not None})
    assert G.graph["researches"] == sum(d["research"] for d in entered)
    assert sorted(n for n, d in nodes.items() if not d["pruned"]) == list(range(G.graph["nodes"]))  # preorder ids
    assert G.graph["value"] == -1


def test_passes_hang_under_the_search_node_and_the_bold_line_takes_the_last() -> None:
    G = search_tree(tree="[[2,7],[6,9],[1,8],[5,4]]", algorithm="mtdf").graph
    root = G.nodes[0]
    assert root["search_root"] and root["value"] == 6
    passes = sorted(G.succ[0])
    assert [G.nodes[p]["pass"] for p in passes] == [1, 2, 3]
    assert [G.edges[0, p]["label"] for p in passes] == ["pass-1", "pass-2", "pass-3"]
    assert [G.nodes[p]["gamma"] for p in passes] == [0, 3, 7]  # from the guess 0: fails high at 2, 6, then low at 7
    assert [G.nodes[p]["fail"] for p in passes] == ["high", "high", "low"]
    assert G.edges[0, passes[-1]]["best"] and not any(G.edges[0, p]["best"] for p in passes[:-1])


def test_a_table_hit_says_which_visit_stored_it() -> None:
    G = search_tree(tree="[[2,7],[6,9],[1,8],[5,4]]", algorithm="mtdf").graph
    hits = [n for n, d in G.nodes(data=True) if d["tt_hit"]]
    assert hits
    for n in hits:
        d = G.nodes[n]
        source = G.nodes[d["tt_from"]]
        assert source["fen"] == d["fen"] and d["tt_from"] < n and d["leaf"] == "table"
        assert d["note"].startswith("table ") and f"from #{d['tt_from']}" in d["note"]


@pytest.mark.parametrize(("kwargs", "parameter"), [
    ({"algorithm": "pvs", "guess": 1}, "guess"),
    ({"algorithm": "alphabeta", "aspiration": 1}, "aspiration"),
    ({"algorithm": "minimax", "table": True}, "table"),
    ({"algorithm": "mcts", "table": True}, "table"),
    ({"algorithm": "id", "aspiration": -1}, "aspiration"),
    ({"algorithm": "mtdf", "merge": "transpositions"}, "merge"),
])
def test_options_a_search_does_not_take_are_refused_by_name(kwargs: dict, parameter: str) -> None:
    with pytest.raises(ParameterError) as caught:
        search_tree(G2, **kwargs)
    assert parameter in caught.value.parameters
