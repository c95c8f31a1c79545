"""Textbook trees: the notation read and written back, its mistakes each with their own error, random trees."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import (
    EmptyNodeError,
    FenError,
    LeafValueError,
    NodeNameError,
    ProbabilityError,
    TreeSyntaxError,
    UnbalancedBracketError,
)
from engine.game import CHANCE, FIRST, SECOND
from engine.games.textbook import ROOT_TEXT, parse_tree, random_tree, tree_from_lists

CLASSIC = "[[3,12,8],[2,4,6],[14,5,2]]"


def shape(tree, node=0):
    """The subtree of ``node`` as nested lists of leaf values (chance nodes as dicts of probability texts)."""
    kids = tree.children[node]
    if not kids:
        return tree.values[node]
    if tree.chance[node]:
        return [(tree.probability_text(k), shape(tree, k)) for k in kids]
    return [shape(tree, k) for k in kids]


def test_the_classic_tree_reads_as_three_min_nodes_over_nine_leaves() -> None:
    tree = parse_tree(CLASSIC)
    assert shape(tree) == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert len(tree) == 13
    assert [tree.values[n] for n in tree.leaves] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.to_move(0) == FIRST
    assert [tree.to_move(k) for k in tree.children[0]] == [SECOND] * 3
    assert tree.player_names == ("max", "min")
    assert tree.outcome_range == (2, 14)


def test_plain_json_nested_lists_read_the_same() -> None:
    text = json.dumps([[3, 12, 8], [2, 4, 6], [14, 5, 2]], indent=2)
    assert "\n" in text
    assert shape(parse_tree(text)) == shape(parse_tree(CLASSIC))
    assert shape(tree_from_lists(json.loads(text))) == shape(parse_tree(CLASSIC))


def test_names_decimals_negatives_uneven_depths_and_comments() -> None:
    tree = parse_tree("A=[B=[E=3, 12, 8],  # B is a MIN node\n [2, -4.5, +6, .5, 1e1], 7]")
    assert shape(tree) == [[3, 12, 8], [2, -4.5, 6, 0.5, 10.0], 7]
    assert isinstance(tree.values[tree.parse_fen("1.1")], int)
    assert [tree.fen(n) for n in (0, 1, 2, 3)] == ["A", "B", "E", "1.2"]
    assert tree.node_name(1) == "B" and tree.node_name(3) is None
    assert tree.parse_fen("E") == 2 and tree.parse_fen("2.2") == tree.children[tree.children[0][1]][1]


def test_chance_nodes_pass_the_turn_across_them() -> None:
    # MAX at the root, a chance node, then MIN (the opponent of the decision node above the chance node)
    tree = parse_tree("[{1/3: [3, 5], 2/3: [1, 9]}, 4]")
    chance = tree.children[0][0]
    assert tree.to_move(chance) == CHANCE
    assert [tree.to_move(k) for k in tree.children[chance]] == [SECOND, SECOND]
    assert tree.chance_outcomes(chance) == tuple(zip(tree.children[chance], (1 / 3, 2 / 3), strict=True))
    assert [tree.probability_text(k) for k in tree.children[chance]] == ["1/3", "2/3"]
    assert tree.probability_text(tree.children[0][1]) is None
    # a chance root: its children belong to the root's player, MIN when told so
    tree = parse_tree("{0.25: 4, 0.75: [5, 1]}", root="min")
    assert tree.to_move(0) == CHANCE
    assert tree.to_move(tree.children[0][1]) == SECOND
    assert tree.to_move(tree.children[tree.children[0][1]][0]) == FIRST


def test_min_root() -> None:
    tree = parse_tree(CLASSIC, root="min")
    assert tree.to_move(0) == SECOND and tree.to_move(1) == FIRST
    with pytest.raises(ValueError, match="root must be 'max' or 'min', not 'sideways'"):
        parse_tree(CLASSIC, root="sideways")


def test_positions_read_back_for_every_node() -> None:
    tree = parse_tree("A=[B=[E=3,12,8],{1/2:[2,4],1/2:C=6},7]")
    for node in range(len(tree)):
        assert tree.parse_fen(tree.fen(node)) == node
    assert tree.parse_fen("1.1") == tree.parse_fen("E") and tree.parse_fen(ROOT_TEXT) == 0
    for bad in ("Z", "4", "1.4", "0", "1..2", ""):
        with pytest.raises(FenError):
            tree.parse_fen(bad)


@pytest.mark.parametrize(("text", "error", "words"), [
    ("", EmptyNodeError, "no tree"),
    ("   # only a comment", EmptyNodeError, "no tree"),
    ("[]", EmptyNodeError, "empty brackets []"),
    ("[[3,12],[]]", EmptyNodeError, "empty brackets []"),
    ("{}", EmptyNodeError, "empty brackets {}"),
    ("[3,,4]", EmptyNodeError, "missing before this comma"),
    ("[3,4,]", EmptyNodeError, "missing after the last comma"),
    ("[B=]", EmptyNodeError, "no node after it"),
    ("[3,4", UnbalancedBracketError, "never closed"),
    ("[[3,4],[5,6]", UnbalancedBracketError, "never closed"),
    ("[3,4]]", UnbalancedBracketError, "closes no bracket"),
    ("]", UnbalancedBracketError, "closes no bracket"),
    ("[3,4}", UnbalancedBracketError, "closes the '['"),
    ("[a,3]", LeafValueError, "not a number: 'a'"),
    ("[3,4x]", LeafValueError, "not a number: '4x'"),
    ("[3,true]", LeafValueError, "not a number: 'true'"),
    ("[3,1/2]", LeafValueError, "not a number: '1/2'"),
    ("[3,1e400]", LeafValueError, "too large for a number: '1e400'"),
    ("{1/2:3, 1/3:4}", ProbabilityError, "sum to 5/6, not 1"),
    ("{0.3:1, 0.3:2, 0.3:3}", ProbabilityError, "sum to 0.9, not 1"),
    ("{-1/2:3, 3/2:4}", ProbabilityError, "negative probability"),
    ("{1.5:3, -0.5:4}", ProbabilityError, "above 1"),
    ("{3, 4}", ProbabilityError, "needs its probability"),
    ("[1/2:3, 1/2:4]", ProbabilityError, "decision node"),
    ("{x:3, 1:4}", ProbabilityError, "not a number or a fraction"),
    ("{1/0:3}", ProbabilityError, "over zero"),
    ("{1/2:1/2:3, 1/2:4}", ProbabilityError, "two probabilities"),
    ("[B=3, B=4]", NodeNameError, "given twice"),
    ("[root=3]", NodeNameError, "kept for the root"),
    ("[B=C=3]", NodeNameError, "two names"),
    ("[3x=4]", NodeNameError, "is not a name"),
    ("[3 4]", TreeSyntaxError, "comma is missing"),
    ("[3]x", TreeSyntaxError, "after the end"),
    ("=3", TreeSyntaxError, "stray '='"),
])
def test_each_mistake_has_its_error(text: str, error: type[TreeSyntaxError], words: str) -> None:
    with pytest.raises(error, match=None) as caught:
        parse_tree(text)
    assert isinstance(caught.value, TreeSyntaxError) and isinstance(caught.value, ValueError)
    assert words in caught.value.reason
    assert caught.value.text == text
    assert "\n" not in str(caught.value)  # one line, for an "error: ..." line


def test_an_error_says_where() -> None:
    with pytest.raises(LeafValueError) as caught:
        parse_tree("[[3, 12],\n [2, oops]]")
    assert "line 2, column 6" in str(caught.value)
    with pytest.raises(UnbalancedBracketError) as caught:
        parse_tree("[[3,12],[2,4]")
    assert "column 1" in str(caught.value)


def test_an_error_in_a_long_text_quotes_only_a_piece_of_it() -> None:
    text = "[" + ",".join(["1"] * 20_000) + ",x]"
    with pytest.raises(LeafValueError) as caught:
        parse_tree(text)
    assert len(str(caught.value)) < 200


def test_deep_trees_read_and_write_without_recursion() -> None:
    text = "[" * 5000 + "1" + "]" * 5000
    tree = parse_tree(text)
    assert len(tree) == 5001 and tree.notation() == text


def test_tree_from_lists_rejects_what_is_no_tree() -> None:
    with pytest.raises(EmptyNodeError):
        tree_from_lists([[1, 2], []])
    with pytest.raises(LeafValueError):
        tree_from_lists([[1, "2"]])
    with pytest.raises(LeafValueError):
        tree_from_lists([[1, True]])
    with pytest.raises(LeafValueError, match="not a number: nan"):
        tree_from_lists(json.loads("[[1, NaN]]"))
    with pytest.raises(LeafValueError, match="not a number: inf"):
        tree_from_lists(json.loads("[[1, 1e400]]"))


# -- the notation written back ------------------------------------------------------------

@st.composite
def notations(draw: st.DrawFn, depth: int = 4) -> str:
    """Random trees in the notation: names, chance nodes, decimals, negatives, uneven depths."""
    counter = draw(st.integers(0, 10_000))
    names = iter(f"N{counter}_{i}" for i in range(10_000))

    def node(level: int) -> str:
        name = f"{next(names)}=" if draw(st.booleans()) and draw(st.booleans()) else ""
        if level == 0 or draw(st.integers(0, 3)) == 0:
            value = draw(st.one_of(st.integers(-50, 50), st.sampled_from([0.5, -2.25, 1e-3, 7.0])))
            return name + repr(value)
        count = draw(st.integers(1, 3))
        kids = [node(level - 1) for _ in range(count)]
        if draw(st.integers(0, 3)) == 0:
            probabilities = {1: ["1"], 2: ["1/4", "3/4"], 3: ["0.5", "1/6", "1/3"]}[count]
            return name + "{" + ", ".join(f"{p}: {k}" for p, k in zip(probabilities, kids, strict=True)) + "}"
        return name + "[" + ", ".join(kids) + "]"

    return node(depth)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(notations())
def test_the_notation_written_back_reads_as_the_same_tree(text: str) -> None:
    tree = parse_tree(text)
    again = parse_tree(tree.notation())
    assert again.notation() == tree.notation()
    assert shape(again) == shape(tree)
    assert again.names == tree.names
    assert [again.to_move(n) for n in range(len(again))] == [tree.to_move(n) for n in range(len(tree))]
    for node in range(len(tree)):
        assert tree.parse_fen(tree.fen(node)) == node


# -- random trees ----------------------------------------------------------------------------

def test_random_trees_are_uniform_seeded_and_in_range() -> None:
    tree = random_tree(3, 3, low=-5, high=5, seed=7)
    assert len(tree.leaves) == 27 and len(tree) == 1 + 3 + 9 + 27
    assert all(-5 <= tree.values[n] <= 5 for n in tree.leaves)
    assert all(tree.fen(n).count(".") == 2 for n in tree.leaves)  # every leaf three plies down
    assert random_tree(3, 3, low=-5, high=5, seed=7).notation() == tree.notation()
    assert random_tree(3, 3, low=-5, high=5, seed=8).notation() != tree.notation()
    assert shape(parse_tree(tree.notation())) == shape(tree)


def test_random_trees_with_a_branching_range_and_distinct_leaves() -> None:
    for seed in range(30):
        tree = random_tree(3, (1, 3), low=0, high=99, seed=seed, ties=False)
        assert all(1 <= len(k) <= 3 for k in tree.children if k)
        values = [tree.values[n] for n in tree.leaves]
        assert len(set(values)) == len(values)
    counts = {len(k) for seed in range(30) for k in random_tree(3, (1, 3), seed=seed).children if k}
    assert counts == {1, 2, 3}


def test_random_trees_with_ties_have_some() -> None:
    tree = random_tree(3, 3, low=0, high=3, seed=1)
    values = [tree.values[n] for n in tree.leaves]
    assert len(set(values)) < len(values)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"depth": 0, "branching": 2}, "depth must be 1 or more"),
    ({"depth": 2, "branching": 1}, "branching must be 2 or more"),
    ({"depth": 2, "branching": (3, 2)}, "branching must be 2 or more"),
    ({"depth": 2, "branching": 2, "low": 5, "high": 4}, "low 5 is above high 4"),
    ({"depth": 3, "branching": 3, "low": 0, "high": 9, "ties": False}, "need 27 numbers"),
    ({"depth": 2, "branching": 2, "root": "sideways"}, "root must be"),
])
def test_random_tree_arguments_are_checked(kwargs: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        random_tree(**kwargs)
