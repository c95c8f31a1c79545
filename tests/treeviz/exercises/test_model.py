"""The exercise model -- the answer key of worksheets and quizzes -- held to a plain alpha-beta written here.

The reference works on nested lists (it shares nothing with the engine's searches): it records, for each node
it enters, the window at entry, every window after a child moved it, the value it returns, and the children it
skips. Trees are random by the hundred: ties, negative and decimal leaves, uneven depths, single-child nodes,
MAX or MIN at the root.
"""

from __future__ import annotations

import random
from math import inf

import pytest

from treeviz.exercises.model import exercise
from treeviz.games.start import starting_point

Path = tuple[int, ...]


def reference(tree: object, alpha: float, beta: float, maximizing: bool, path: Path,
              out: dict[Path, dict[str, object]]) -> float:
    """Fail-soft alpha-beta on nested lists; ``out[path]`` gets the node's windows, value, skipped children and the
    bound its children's values prove (``exact``, ``lower``: the true value is >= it, ``upper``: <=)."""
    record: dict[str, object] = {"windows": [(alpha, beta)], "skipped": [], "bound": "exact"}
    out[path] = record
    if not isinstance(tree, list):
        record["value"] = tree
        return tree  # type: ignore[return-value]
    best = -inf if maximizing else inf
    low, high = (-inf, -inf) if maximizing else (inf, inf)  # the interval the children's values prove
    for i, child in enumerate(tree):
        value = reference(child, alpha, beta, not maximizing, path + (i + 1,), out)
        bound = out[path + (i + 1,)]["bound"]
        child_low = value if bound in ("exact", "lower") else -inf
        child_high = value if bound in ("exact", "upper") else inf
        if maximizing:
            best = max(best, value)
            low, high = max(low, child_low), max(high, child_high)
            if best > alpha:
                alpha = best
                record["windows"].append((alpha, beta))  # type: ignore[attr-defined]
        else:
            best = min(best, value)
            low, high = min(low, child_low), min(high, child_high)
            if best < beta:
                beta = best
                record["windows"].append((alpha, beta))  # type: ignore[attr-defined]
        if alpha >= beta:
            record["skipped"] = [path + (j + 1,) for j in range(i + 1, len(tree))]
            if record["skipped"]:  # a move not searched could be better for the mover
                low, high = (low, inf) if maximizing else (-inf, high)
            break
    record["value"] = best
    record["bound"] = "exact" if low == best == high else "lower" if low == best else "upper"
    return best


def minimax_value(tree: object, maximizing: bool) -> float:
    if not isinstance(tree, list):
        return tree  # type: ignore[return-value]
    values = [minimax_value(c, not maximizing) for c in tree]
    return max(values) if maximizing else min(values)


def random_nested(rng: random.Random, depth: int) -> object:
    """A random tree: uneven depths, 1 to 4 children, integer, negative and decimal leaves with many ties."""
    if depth == 0 or (depth < 4 and rng.random() < 0.2):
        kind = rng.random()
        if kind < 0.7:
            return rng.randint(-5, 9)
        return rng.choice([-2.5, 0.5, 1.5, 3.25])
    return [random_nested(rng, depth - 1) for _ in range(rng.choice([1, 2, 2, 3, 3, 4]))]


def text(tree: object) -> str:
    return "[" + ",".join(text(c) for c in tree) + "]" if isinstance(tree, list) else repr(tree)


def paths_of(ex) -> dict[Path, object]:
    paths: dict[int, Path] = {}
    for node in ex.nodes:
        paths[node.id] = () if node.parent < 0 else paths[node.parent] + (node.place,)
    return {paths[node.id]: node for node in ex.nodes}


@pytest.mark.parametrize("seed", range(300))
def test_the_key_agrees_with_a_plain_alpha_beta(seed: int) -> None:
    rng = random.Random(seed)
    tree = random_nested(rng, rng.randint(1, 5))
    if not isinstance(tree, list):
        tree = [tree]
    root = rng.choice(["max", "min"])
    out: dict[Path, dict[str, object]] = {}
    value = reference(tree, -inf, inf, root == "max", (), out)
    ex = exercise(starting_point(tree=text(tree), root=root))
    nodes = paths_of(ex)
    assert ex.value == minimax_value(tree, root == "max")
    assert nodes[()].value == value
    examined = {p for p, n in nodes.items() if n.examined}
    assert examined == set(out), text(tree)
    for path, record in out.items():
        node = nodes[path]
        assert node.value == record["value"], (text(tree), path)
        assert node.windows == record["windows"], (text(tree), path)
        assert [p for p in nodes if nodes[p].pruned and p[:-1] == path] == record["skipped"], (text(tree), path)
        assert node.bound == record["bound"], (text(tree), path)
        if node.bound == "exact":
            assert node.value == minimax_value(_subtree(tree, path), _maximizing(root, path))
    leaves_examined = [p for p in out if not isinstance(_subtree(tree, p), list)]
    assert ex.leaves_examined == len(leaves_examined)
    for path, node in nodes.items():
        if path not in out:
            assert node.pruned != node.below_pruned
            assert node.reason.startswith("pruned (" if node.pruned else "not reached")


def _subtree(tree: object, path: Path) -> object:
    for place in path:
        tree = tree[place - 1]  # type: ignore[index]
    return tree


def _maximizing(root: str, path: Path) -> bool:
    return (root == "max") == (len(path) % 2 == 0)


def test_the_classic_tree() -> None:
    ex = exercise(starting_point(tree="[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"))
    by_name = {n.caption: n for n in ex.nodes if n.caption}
    assert ex.value == 3 and ex.leaves_examined == 7 and ex.examined == 11
    assert [n.leaf_value for n in ex.pruned_moves] == [4, 6]
    c = by_name["C"]
    assert ex.value_text(c) == "\u2264 2"
    assert c.cut is not None and c.cut["kind"] == "alpha" and c.cut["value"] == 2 and c.cut["bound"] == 3
    assert [ex.window_text(w) for w in c.windows] == ["[3, +\u221e]", "[3, 2]"]
    assert ex.pruned_moves[0].reason.startswith("pruned (\u03b1-cut: 2 \u2264 \u03b1=3): after move 1 returned 2")
    assert ex.nodes[by_name["D"].children[1]].reason == \
        "searched: when move 2 was reached \u03b1 = 3 < \u03b2 = 14, so the window was still open"


def test_a_tie_cuts_and_says_so() -> None:
    ex = exercise(starting_point(tree="[[3,5],[3,9]]"))
    pruned = ex.pruned_moves
    assert [n.leaf_value for n in pruned] == [9]
    assert "a tie is enough" in pruned[0].reason


def test_minimax_examines_everything_and_chance_nodes_search_every_branch() -> None:
    ex = exercise(starting_point(tree="[B={1/2: [3,12], 1/2: [2,4]}, C={1/3: [14,5], 2/3: [6,1]}]"),
                  algorithm="alphabeta")
    chance_children = [n for n in ex.nodes if n.probability is not None]
    assert [n.probability for n in chance_children] == ["1/2", "1/2", "1/3", "2/3"]
    assert all(n.examined for n in chance_children)
    assert ex.value == pytest.approx(2.5)
    whole = exercise(starting_point(tree="[[3,12,8],[2,4,6],[14,5,2]]"), algorithm="minimax")
    assert whole.examined == len(whole.nodes) == 13 and not whole.pruned_moves


def test_a_game_position_exercise() -> None:
    ex = exercise(starting_point("1o11o1oxx x"))
    assert ex.value == 0 and len(ex.nodes) == 49 and ex.examined == 35
    assert len(ex.pruned_moves) == 5
    assert ex.players == ("x", "o")
    assert all(n.leaf_kind == "terminal" for n in ex.leaves)
