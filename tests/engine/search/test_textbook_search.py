"""Minimax (expectiminimax), alpha-beta and MCTS on textbook trees, held to a plain recursion written here.

The reference works on the nested lists the trees are generated from, not on the parsed tree, and numbers
nodes and leaves by its own walk (preorder, as the notation's), so it shares nothing with the engine.
"""

from __future__ import annotations

from fractions import Fraction
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import CHANCE
from engine.games.textbook import parse_tree
from engine.search.alphabeta import alphabeta
from engine.search.mcts import mcts
from engine.search.minimax import minimax
from engine.search.observer import EXACT, LOWER, UPPER

CLASSIC = "[[3,12,8],[2,4,6],[14,5,2]]"


class Recorder:
    """Every event of a search, and per node its window at entry and what it returned."""

    def __init__(self) -> None:
        self.entered: list[int] = []
        self.windows: list[tuple[float, float]] = []
        self.returned: dict[int, tuple[float, str]] = {}
        self.cuts: list[tuple[int, str, tuple[int, ...]]] = []
        self.stack: list[int] = []

    def enter(self, state: int, move: object, ply: int, alpha: float, beta: float) -> None:
        self.entered.append(state)
        self.windows.append((alpha, beta))
        self.stack.append(state)

    def leaf(self, kind: str) -> None:
        pass

    def cutoff(self, kind: str, value: float, bound: float, skipped: object) -> None:
        self.cuts.append((self.stack[-1], kind, tuple(skipped)))  # type: ignore[arg-type]

    def leave(self, value: float, bound: str) -> None:
        self.returned[self.stack.pop()] = (value, bound)


# -- the reference -----------------------------------------------------------------------------------

class Chance:
    """A chance node of a generated tree: ``(probability text, child)`` branches."""

    def __init__(self, branches: list[tuple[str, object]]) -> None:
        self.branches = branches


def notation(tree: object) -> str:
    """The generated tree in the notation."""
    if isinstance(tree, Chance):
        return "{" + ",".join(f"{p}:{notation(k)}" for p, k in tree.branches) + "}"
    if isinstance(tree, list):
        return "[" + ",".join(notation(k) for k in tree) + "]"
    return repr(tree)


class Reference:
    """Expectiminimax and fail-soft alpha-beta by plain recursion (MAX maximises, MIN minimises)."""

    def __init__(self, tree: object, root_max: bool) -> None:
        self.tree = tree
        self.root_max = root_max

    def values(self) -> list[float]:
        """The exact value of every node, by preorder number."""
        found: list[float] = []

        def walk(node: object, is_max: bool) -> float:
            index = len(found)
            found.append(0.0)
            if isinstance(node, Chance):
                value = sum(float(Fraction(p)) * walk(k, is_max) for p, k in node.branches)
            elif isinstance(node, list):
                kids = [walk(k, not is_max) for k in node]
                value = max(kids) if is_max else min(kids)
            else:
                value = node  # type: ignore[assignment]
            found[index] = value
            return value

        walk(self.tree, self.root_max)
        return found

    def alphabeta(self, reverse: bool = False) -> tuple[float, list[int], list[tuple[int, float, float]]]:
        """(value, leaves examined by left-to-right number, (node, alpha, beta) at each entry)."""
        leaves: list[int] = []
        entries: list[tuple[int, float, float]] = []
        numbers: dict[int, tuple[int, int]] = {}  # id(node) -> (preorder number, leaf number or -1)

        def number(node: object, counter: list[int]) -> None:
            numbers[id(node)] = (counter[0], counter[1] if not isinstance(node, list | Chance) else -1)
            counter[0] += 1
            if isinstance(node, Chance):
                for _, k in node.branches:
                    number(k, counter)
            elif isinstance(node, list):
                for k in node:
                    number(k, counter)
            else:
                counter[1] += 1

        def search(node: object, is_max: bool, alpha: float, beta: float) -> float:
            entries.append((numbers[id(node)][0], alpha, beta))
            if isinstance(node, Chance):
                return sum(float(Fraction(p)) * search(k, is_max, -inf, inf) for p, k in node.branches)
            if not isinstance(node, list):
                leaves.append(numbers[id(node)][1])
                return node  # type: ignore[return-value]
            kids = list(reversed(node)) if reverse else node
            best = -inf if is_max else inf
            for k in kids:
                value = search(k, not is_max, alpha, beta)
                if is_max:
                    best = max(best, value)
                    alpha = max(alpha, best)
                else:
                    best = min(best, value)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
            return best

        # leaves are numbers (ints, floats): make each a distinct object so that id() tells them apart
        self.tree = _boxed(self.tree)
        number(self.tree, [0, 0])
        value = search(self.tree, self.root_max, -inf, inf)
        self.tree = _unboxed(self.tree)
        return value, leaves, entries


class Leaf(float):
    """A leaf value as an object of its own (equal values stay distinct for ``id``)."""


def _boxed(node: object) -> object:
    if isinstance(node, Chance):
        return Chance([(p, _boxed(k)) for p, k in node.branches])
    if isinstance(node, list):
        return [_boxed(k) for k in node]
    return Leaf(node)  # type: ignore[arg-type]


def _unboxed(node: object) -> object:
    if isinstance(node, Chance):
        return Chance([(p, _unboxed(k)) for p, k in node.branches])
    if isinstance(node, list):
        return [_unboxed(k) for k in node]
    return float(node)  # type: ignore[arg-type]


PROBABILITIES = {1: [["1"]], 2: [["1/2", "1/2"], ["0.25", "0.75"], ["1/3", "2/3"]],
                 3: [["1/3", "1/3", "1/3"], ["0.5", "0.3", "0.2"], ["1/6", "1/2", "1/3"]],
                 4: [["0.25", "0.25", "0.25", "0.25"], ["0.1", "0.2", "0.3", "0.4"]]}


@st.composite
def trees(draw: st.DrawFn, chance: bool = True) -> object:
    """Random trees: ties, negative and decimal leaves, uneven depths, single children, chance nodes."""
    leaf = st.one_of(st.integers(-6, 6), st.sampled_from([0.5, -2.25, 3.75, -0.1]))

    def node(level: int) -> object:
        if level == 0 or (level < 4 and draw(st.integers(0, 4)) == 0):
            return draw(leaf)
        kids = [node(level - 1) for _ in range(draw(st.integers(1, 4)))]
        if chance and draw(st.integers(0, 4)) == 0:
            return Chance(list(zip(draw(st.sampled_from(PROBABILITIES[len(kids)])), kids, strict=True)))
        return kids

    return node(draw(st.integers(1, 5)))


# -- the classic tree ------------------------------------------------------------------------------------

def test_the_classic_tree_is_worth_3_and_alphabeta_skips_exactly_two_leaves() -> None:
    tree = parse_tree(CLASSIC)
    assert minimax(tree, 0).value == 3
    seen = Recorder()
    result = alphabeta(tree, 0, observer=seen)
    assert result.value == 3 and result.best_moves == [1]
    examined = [tree.values[n] for n in seen.entered if tree.values[n] is not None]
    assert examined == [3, 12, 8, 2, 14, 5, 2]  # the 4 and the 6 under the second MIN node are skipped
    second = tree.children[0][1]
    assert seen.cuts == [(second, "alpha", tuple(tree.children[second][1:]))]
    assert seen.returned[second] == (2, UPPER)  # "<= 2": MAX already has 3
    assert seen.returned[0] == (3, EXACT)
    assert result.nodes == 11 and minimax(tree, 0).nodes == 13


def test_the_classic_tree_with_a_min_root() -> None:
    tree = parse_tree(CLASSIC, root="min")
    assert minimax(tree, 0).value == alphabeta(tree, 0).value == 6


def test_an_expectiminimax_tree() -> None:
    # MAX chooses between a coin flip over two MIN nodes and a sure 4: (1/2)(3) + (1/2)(6) = 4.5
    tree = parse_tree("[{1/2: [3, 12], 1/2: [6, 9]}, 4]")
    assert minimax(tree, 0).value == 4.5
    seen = Recorder()
    assert alphabeta(tree, 0, observer=seen).value == 4.5
    chance = tree.children[0][0]
    at_chance_children = [seen.windows[seen.entered.index(k)] for k in tree.children[chance]]
    assert at_chance_children == [(-inf, inf), (-inf, inf)]  # searched with the full window
    assert seen.returned[chance] == (4.5, EXACT)


def test_a_chance_root_has_no_best_move() -> None:
    tree = parse_tree("{0.25: [1, 5], 0.75: [2, 0]}")
    result = alphabeta(tree, 0)
    assert result.value == 0.25 * 5 + 0.75 * 2 and result.best_moves == []
    assert minimax(tree, 0).best_moves == []


# -- hundreds of random trees against the reference -----------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(trees(), st.booleans())
def test_values_and_examined_leaves_match_the_plain_recursion(generated: object, root_max: bool) -> None:
    tree = parse_tree(notation(generated), root="max" if root_max else "min")
    reference = Reference(generated, root_max)
    value, leaves, entries = reference.alphabeta()
    seen = Recorder()
    result = alphabeta(tree, 0, observer=seen)
    assert result.value == value
    assert [tree.leaves.index(n) for n in seen.entered if not tree.children[n]] == leaves
    assert [(n, *w) for n, w in zip(seen.entered, seen.windows, strict=True)] == entries
    exact = reference.values()
    assert minimax(tree, 0).value == exact[0] == value
    assert result.nodes == len(seen.entered) <= minimax(tree, 0).nodes


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(trees())
def test_every_reported_bound_holds(generated: object) -> None:
    tree = parse_tree(notation(generated))
    exact = Reference(generated, True).values()
    seen = Recorder()
    alphabeta(tree, 0, observer=seen)
    for node, (value, bound) in seen.returned.items():
        if bound == EXACT:
            assert value == exact[node]
        elif bound == LOWER:
            assert exact[node] >= value
        else:
            assert exact[node] <= value
        if tree.to_move(node) == CHANCE:
            assert bound == EXACT


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(trees())
def test_a_move_order_changes_the_visits_not_the_value(generated: object) -> None:
    tree = parse_tree(notation(generated))
    value, leaves, _ = Reference(generated, True).alphabeta(reverse=True)
    seen = Recorder()
    result = alphabeta(tree, 0, observer=seen, order=lambda s, moves: list(reversed(moves)))
    assert result.value == value
    decision_leaves = [tree.leaves.index(n) for n in seen.entered if not tree.children[n]]
    if not any(tree.chance):  # the order applies to decisions only: chance events keep the tree's order
        assert decision_leaves == leaves


@settings(max_examples=150, deadline=None)
@given(trees(chance=False))
def test_without_an_observer_the_same_value_and_nodes(generated: object) -> None:
    tree = parse_tree(notation(generated))
    assert alphabeta(tree, 0) == alphabeta(tree, 0, observer=Recorder())
    assert minimax(tree, 0) == minimax(tree, 0, observer=Recorder())


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(trees())
def test_the_mcts_solver_proves_the_expectiminimax_value(generated: object) -> None:
    tree = parse_tree(notation(generated))
    exact = Reference(generated, True).values()[0]
    # UCT spends its visits on the best moves, so a proof that needs every child may take long: what it
    # proves must be right; a broad search (a large c) proves the root within a few hundred visits a node
    for c, iterations in ((1.4, 40 * len(tree)), (30.0, 500 * len(tree))):
        result = mcts(tree, 0, iterations=iterations, seed=3, solver=True, c=c)
        if result.proven is not None:
            assert abs(result.proven - exact) < 1e-9
            break
    assert result.proven is not None


def test_mcts_samples_chance_events_by_their_probabilities() -> None:
    tree = parse_tree("{0.1: [1, 2], 0.9: [3, 4]}")
    result = mcts(tree, 0, iterations=2000, seed=5)
    visits = {move: n for move, n, _, _ in result.root_stats}
    share = visits[tree.children[0][1]] / 2000
    assert 0.85 < share < 0.95
    assert result.best_move is None  # no one chooses at a chance root


# -- exact where the values the search returned prove it -------------------------------------------------

def test_a_node_searched_to_its_last_child_is_exact_in_the_classic_tree() -> None:
    # D = [14, 5, 2]: every child searched, 2 the smallest and exact, 14 and 5 exact: D is 2, not "<= 2"
    # (AIMA's figure 5.5 shows D = 2), although 2 falls at MAX's alpha of 3
    tree = parse_tree(CLASSIC)
    seen = Recorder()
    alphabeta(tree, 0, observer=seen)
    c, d = tree.children[0][1], tree.children[0][2]
    assert seen.returned[c] == (2, UPPER)  # its 4 and 6 were skipped: only a bound
    assert seen.returned[d] == (2, EXACT)


def test_a_node_failing_low_over_exact_children_is_exact() -> None:
    # the MAX node over 1, 3, 5 is searched with alpha = 6 and fails low; all three examined: it is 5
    tree = parse_tree("[[6],[[1,3,5]]]")
    seen = Recorder()
    alphabeta(tree, 0, observer=seen)
    low = tree.children[tree.children[0][1]][0]
    assert seen.windows[seen.entered.index(low)][0] == 6
    assert seen.returned[low] == (5, EXACT)


def proven_intervals(tree: object, seen: Recorder) -> dict[int, tuple[float, float]]:
    """Per entered node, the interval its true value is proved to lie in by what the search saw.

    An independent recursion over the tree and the set of nodes the search entered (not over the bounds
    it reported): a leaf it examined is worth its value; a node it did not enter proves nothing
    (-inf, +inf); a MAX node lies between the largest low end and the largest high end of its children,
    a MIN node between the smallest ones, a chance node between the expectations of its children's ends.
    """
    entered = set(seen.entered)
    found: dict[int, tuple[float, float]] = {}

    def walk(node: int) -> tuple[float, float]:
        kids = tree.children[node]  # type: ignore[attr-defined]
        if node not in entered:
            interval = (-inf, inf)
        elif not kids:
            value = tree.values[node]  # type: ignore[attr-defined]
            interval = (value, value)
        else:
            ends = [walk(k) for k in kids]
            if tree.to_move(node) == CHANCE:  # type: ignore[attr-defined]
                chances = tree.probabilities[node]  # type: ignore[attr-defined]
                interval = (sum(p * lo for p, (lo, _) in zip(chances, ends, strict=True)),
                            sum(p * hi for p, (_, hi) in zip(chances, ends, strict=True)))
            else:
                pick = max if tree.to_move(node) == 0 else min  # type: ignore[attr-defined]
                interval = (pick(lo for lo, _ in ends), pick(hi for _, hi in ends))
        if node in entered:
            found[node] = interval
        return interval

    walk(0)
    return found


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(trees(), st.booleans())
def test_a_bound_is_exact_exactly_where_what_the_search_saw_proves_it(generated: object, root_max: bool) -> None:
    tree = parse_tree(notation(generated), root="max" if root_max else "min")
    true = Reference(generated, root_max).values()
    seen = Recorder()
    alphabeta(tree, 0, observer=seen)
    proved = proven_intervals(tree, seen)
    for node, (value, bound) in seen.returned.items():
        low, high = proved[node]
        if bound == EXACT:
            assert value == true[node] == low == high, (node, value, low, high)
        elif bound == LOWER:
            assert true[node] >= value == low < high, (node, value, low, high)
        else:
            assert bound == UPPER
            assert true[node] <= value == high and low < high, (node, value, low, high)
