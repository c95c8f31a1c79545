"""MCTS trees (tttree --algo mcts): the graph rebuilt from the engine's events, its drawing, JSON and cut.

Expected numbers are worked out here from the iteration log and the tree's shape, or from
an exact minimax search, not from the builder's own bookkeeping.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from engine.games.tictactoe import TICTACTOE
from engine.search.mcts import mcts
from treeviz.draw.mcts_dot import edge_width
from treeviz.tree import search_tree
from treeviz.trees.mcts import build_mcts_tree

BIN = Path(sys.executable).parent
POSITION = "x21o11xo o"


@pytest.fixture(scope="module")
def tree200() -> nx.DiGraph:
    return search_tree(POSITION, algorithm="mcts", iterations=200).graph


def test_root_visits_equal_the_iterations_and_visits_add_up(tree200) -> None:
    G = tree200
    assert G.graph["algorithm"] == "mcts" and G.graph["iterations"] == 200
    assert G.nodes[0]["visits"] == G.graph["root_visits"] == 200
    for n, a in G.nodes(data=True):
        below = sum(G.nodes[c]["visits"] for c in G.succ[n])
        assert a["visits"] >= below
        if a["outcome"] is None and a["proven"] is None:
            assert a["visits"] == below + (1 if n else 0)  # only the iteration that created it ended there
        assert -1 <= a["mean"] <= 1
        assert a["mean"] == pytest.approx(a["total"] / a["visits"])
        assert a["value"] == a["mean"]


def test_iteration_log_replays_to_the_same_numbers(tree200) -> None:
    G = tree200
    leaves, results = G.graph["iteration_leaf"], G.graph["iteration_result"]
    assert len(leaves) == len(results) == 200
    visits = dict.fromkeys(G, 0)
    totals = dict.fromkeys(G, 0.0)
    for t, (leaf, result) in enumerate(zip(leaves, results, strict=True), start=1):
        if G.nodes[leaf]["iteration"] == t:
            assert visits[leaf] == 0  # created by this very iteration
        for a in [leaf, *nx.ancestors(G, leaf)]:
            visits[a] += 1
            totals[a] += result
    assert visits == {n: a["visits"] for n, a in G.nodes(data=True)}
    assert totals == {n: a["total"] for n, a in G.nodes(data=True)}
    assert sorted(a["iteration"] for _, a in G.nodes(data=True))[1:] == \
        sorted(t for t, leaf in enumerate(leaves, start=1) if G.nodes[leaf]["iteration"] == t)


def test_ucb_is_the_parents_movers_score(tree200) -> None:
    G = tree200
    c = G.graph["c"]
    assert c == pytest.approx(math.sqrt(2))
    assert G.nodes[0]["ucb"] is None
    for p, n in G.edges:
        a, parent = G.nodes[n], G.nodes[p]
        sign = 1 if parent["to_move"] == "x" else -1
        expected = sign * a["total"] / a["visits"] + c * math.sqrt(math.log(parent["visits"]) / a["visits"])
        assert a["ucb"] == pytest.approx(expected)


def test_principal_variation_is_the_engines_most_visited_chain(tree200) -> None:
    G = tree200
    result = mcts(TICTACTOE, TICTACTOE.parse_fen(POSITION), iterations=200, seed=0)
    assert G.graph["best_moves"] == [result.best_move]
    assert G.graph["principal_variation"] == result.principal_variation
    node, chain = 0, []
    while True:
        best = [c for c in G.succ[node] if G.nodes[c]["best"]]
        if not best:
            break
        assert len(best) == 1
        (child,) = best
        assert G.nodes[child]["visits"] == max(G.nodes[c]["visits"] for c in G.succ[node])
        assert G.edges[node, child]["best"]
        chain.append(G.edges[node, child]["move"])
        node = child
    assert chain == result.principal_variation
    assert G.graph["nodes"] == result.nodes == G.number_of_nodes()


def test_same_seed_same_tree_other_seed_other_tree() -> None:
    def text(seed: int) -> str:
        return search_tree(POSITION, algorithm="mcts", iterations=150, seed=seed).json()

    assert text(4) == text(4)
    assert text(4) != text(5)


def test_solver_proofs_are_the_exact_values() -> None:
    G = search_tree(POSITION, algorithm="mcts", iterations=400, solver=True).graph
    exact = {a["fen"]: a["value"] for _, a in search_tree(POSITION).graph.nodes(data=True)}
    proven = [(n, a) for n, a in G.nodes(data=True) if a["proven"] is not None]
    assert proven
    for _, a in proven:
        assert a["proven"] == exact[a["fen"]]
        assert a["value"] == a["proven"]
    assert G.graph["proven"] == G.graph["value"] == -1
    proofs = G.graph["proofs"]
    assert {(node, value) for _, node, value in proofs} == {(n, a["proven"]) for n, a in proven}
    assert all(G.nodes[node]["iteration"] <= t for t, node, _ in proofs)  # proved no earlier than created


def test_max_nodes_keeps_the_most_visited_subtree(tree200) -> None:
    full = tree200
    G = search_tree(POSITION, algorithm="mcts", iterations=200, max_nodes=25).graph
    assert G.number_of_nodes() == 25 and G.graph["hidden"] == full.number_of_nodes() - 25
    assert nx.is_arborescence(G)
    kept_least = min(full.nodes[n]["visits"] for n in G if not full.nodes[n]["best"])
    dropped_most = max(full.nodes[n]["visits"] for n in full if n not in G)
    assert kept_least >= dropped_most
    assert {n for n, a in full.nodes(data=True) if a["best"]} <= set(G)
    for n in G:
        assert G.nodes[n]["hidden"] == sum(1 for d in nx.descendants(full, n) if d not in G)
    # The log counts a playout below the cut at its nearest drawn ancestor: visits still add up.
    counts = dict.fromkeys(G, 0)
    for leaf in G.graph["iteration_leaf"]:
        assert leaf in G
        for a in [leaf, *nx.ancestors(G, leaf)]:
            counts[a] += 1
    assert counts == {n: full.nodes[n]["visits"] for n in G}


def test_ultimate_tree_from_the_start() -> None:
    from engine.games.ultimate import ULTIMATE

    G = build_mcts_tree(ULTIMATE, ULTIMATE.initial(), iterations=300, seed=1)
    assert G.nodes[0]["visits"] == 300 and G.graph["game"] == "ultimate"
    assert all(len(a["fen"].split(" ")) == 3 for _, a in G.nodes(data=True))
    assert G.number_of_nodes() == 301  # no finished game this early: every iteration adds a node


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["dot", "png", "svg", "pdf", "json", "html"])
def test_mcts_tree_in_every_format(tmp_path: Path, tree200, fmt: str) -> None:
    out = tmp_path / f"mcts.{fmt}"
    done = subprocess.run([str(BIN / "tttree"), POSITION, "--algo", "mcts", "--iterations", "200", "-o", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    G = tree200
    if fmt == "dot":
        text = data.decode()
        assert f"MCTS tree of {POSITION} after 200 iterations" in text
        assert text.count("->") == G.number_of_edges()
        for p, n in G.edges:  # width from the visits, the most-visited line in green
            width = edge_width(G.nodes[n]["visits"], 200)
            assert f"{p} -> {n} [label" in text
            line = next(line for line in text.splitlines() if line.strip().startswith(f"{p} -> {n} ["))
            assert f"penwidth={width}" in line
            assert ("#0a7d32" in line) == G.nodes[n]["best"]
        assert f"<B>n {G.nodes[0]['visits']}</B>" in text
        assert "most-visited line (the search's answer)" in text and "edge width: visits" in text  # the key
    elif fmt == "json":
        data = json.loads(data)
        assert data["graph"]["algorithm"] == "mcts" and data["graph"]["iterations"] == 200
        nodes = {n["id"]: n for n in data["nodes"]}
        for n, a in G.nodes(data=True):
            assert {k: nodes[n][k] for k in ("visits", "mean", "ucb", "total", "proven")} == \
                {k: a[k] for k in ("visits", "mean", "ucb", "total", "proven")}
    elif fmt in ("png", "pdf"):
        assert data.startswith(b"\x89PNG" if fmt == "png" else b"%PDF")
    elif fmt == "svg":
        assert b"<svg" in data
    else:
        assert b'"kind":"mcts"' in data


BAD = [
    (["--algo", "mcts", "--iterations", "0"], "--iterations"),
    (["--algo", "mcts", "--iterations", "-5"], "--iterations"),
    (["--algo", "mcts", "--iterations", "many"], "--iterations"),
    (["--algo", "mcts", "--iterations", "2.5"], "--iterations"),
    (["--algo", "mcts", "--c", "-1"], "--c"),
    (["--algo", "mcts", "--c", "nan"], "--c"),
    (["--algo", "mcts", "--c", "big"], "--c"),
    (["--algo", "mcts", "--seed", "x"], "--seed"),
    (["--algo", "mcts", "--merge", "symmetry"], "--merge"),
    (["--compare", "minimax,mcts", "--merge", "transpositions"], "--merge"),
    (["--merge", "foo"], "--merge"),
    (["--compare", "minimax,foo"], "foo"),
    (["--compare", "minimax"], "two or more"),
    (["--compare", "mcts,mcts"], "twice"),
    (["--iterations", "100"], "--iterations"),
    (["--algo", "mcts", "--depth", "2"], "--depth"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "named"), BAD)
def test_bad_input_is_one_error_line_and_nothing_written(tmp_path: Path, args: list[str], named: str) -> None:
    out = tmp_path / "tree.png"
    done = subprocess.run([str(BIN / "tttree"), POSITION, *args, "-o", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0], done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_view_writes_the_mcts_and_dag_pages(tmp_path: Path) -> None:
    for args, kind in ((["--algo", "mcts", "--iterations", "50"], "mcts"), (["--merge", "symmetry"], "dag"),
                       (["--compare", "minimax,alphabeta,mcts", "--iterations", "30"], "mcts")):
        out = tmp_path / f"{kind}.html"
        done = subprocess.run([str(BIN / "treeviz"), "view", POSITION, *args, "-o", str(out), "--no-open"],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str(out)
        assert f'"kind":"{kind}"' in out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_compare_list_through_the_command_line() -> None:
    done = subprocess.run([str(BIN / "tttree"), POSITION, "--compare", "minimax,alphabeta,mcts", "--iterations", "200",
                           "--format", "json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["minimax", "alphabeta", "mcts"]
    assert [data[k]["graph"]["nodes"] for k in data] == [238, 101, data["mcts"]["graph"]["nodes"]]
    assert data["mcts"]["graph"]["iterations"] == 200
    dot = subprocess.run([str(BIN / "tttree"), POSITION, "--compare", "mcts,minimax", "--iterations", "200"],
                         capture_output=True, text=True, check=False).stdout
    nodes = data["mcts"]["graph"]["nodes"]
    assert dot.index(f"MCTS: {nodes} nodes, 200 iterations") < dot.index("Minimax: 238 nodes")  # in the order asked
    assert "principal variation (best play); MCTS: most-visited line" in dot
    # "--compare" alone still means minimax and alpha-beta, before or after the position.
    for args in ([POSITION, "--compare"], ["--compare", POSITION]):
        out = subprocess.run([str(BIN / "tttree"), *args], capture_output=True, text=True, check=False).stdout
        assert "Minimax: 238 nodes" in out and "Alpha-beta: 101 nodes" in out and "MCTS" not in out


@pytest.mark.slow
@pytest.mark.parametrize(("args", "check"), [
    (["--style", "compact", "--format", "svg"], lambda out: "n 200" in out and "q " in out),
    (["--style", "dot", "--format", "svg"], lambda out: out.startswith("<?xml") or "<svg" in out),
    (["--format", "tex"], lambda out: "\\begin{tikzpicture}" in out and "n 200" in out),
    (["--theme", "print"], lambda out: "#1f4e9c" not in out and "#c23b22" not in out and "<B>n 200</B>" in out),
])
def test_mcts_tree_in_the_figure_styles(args: list[str], check) -> None:
    done = subprocess.run([str(BIN / "tttree"), POSITION, "--algo", "mcts", "--iterations", "200", *args],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert check(done.stdout)


@pytest.mark.parametrize(("args", "named"), [
    (["--algo", "mcts", "--plies", "2"], "--plies"),
    (["--algo", "mcts", "--path", "3"], "--path"),
    (["--merge", "symmetry", "--style", "compact", "-o", "x.png"], "board style"),
    (["--merge", "symmetry", "--format", "tex"], "TikZ"),
])
def test_figure_options_that_do_not_fit_these_searches(tmp_path: Path, args: list[str], named: str) -> None:
    done = subprocess.run([str(BIN / "tttree"), POSITION, *args], capture_output=True, text=True, check=False,
                          cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0], done.stderr
    assert list(tmp_path.iterdir()) == []
