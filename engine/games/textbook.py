"""Textbook game trees: a tree given by its leaf values, played as a game by every search.

The notation, typed on a command line or kept in a file (plain JSON nested lists of numbers are
a special case of it)::

    [[3,12,8],[2,4,6],[14,5,2]]              the classic tree: MAX at the root, three MIN nodes
    [B=[3,12,8], C=[2,4,6], D=[14,5,2]]      the same, the MIN nodes named B, C, D
    A=[B=[E=3,12,8], [2,-4.5,6], 7]          names on any node; decimals, negatives; uneven depth
    [{1/2: [3,12], 1/2: [2,4]}, [4, 6]]      a chance node: braces, a probability before each branch
    {0.25: 4, 0.75: [5, 1]}                  a chance node at the root

Grammar (blanks anywhere between symbols; ``#`` starts a comment to the end of its line)::

    node        = [NAME "="] ( NUMBER | "[" node {"," node} "]" | "{" PROB ":" node {"," PROB ":" node} "}" )
    NAME        = a letter, then letters, digits, "_" or "'"     (each name once; not "root")
    NUMBER      = an integer or decimal, optionally signed and with an exponent: 3, -2, 0.5, -.5, 1e3
    PROB        = NUMBER or NUMBER/NUMBER (a fraction: 1/3)      (each >= 0; a node's sum exactly 1)

Who moves: the root is MAX unless ``root="min"``; decision levels alternate and chance levels do
not count, so a decision node belongs to the opponent of the nearest decision node above it (to
the root's player when only chance nodes are above it): MAX, chance, MIN, chance, MAX...
Values are from MAX's point of view (MAX is the first player, whoever moves at the root).

As a game (:class:`TextbookTree`): a state is a node's number (preorder, the root 0), a move the
number of the child it leads to, named on edges by its place among its siblings (1, 2, ...); a
node's position text is its name, or the path of those places from the root (``2.1``; ``root``).
:func:`random_tree` makes seeded random trees for exercises.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, cast

from engine.errors import (
    EmptyNodeError,
    FenError,
    IllegalMoveError,
    LeafValueError,
    NodeNameError,
    ProbabilityError,
    TreeSyntaxError,
    UnbalancedBracketError,
)
from engine.game import CHANCE, FIRST, SECOND, Player

Node = int
"""A node of the tree: its number in preorder (the root is 0). States and moves are nodes."""

Root = Literal["max", "min"]
ROOT_PLAYERS: dict[Root, Player] = {"max": FIRST, "min": SECOND}
"""``root=`` values: who moves at the root (MAX is always the first player, values are MAX's)."""
ROOT_TEXT = "root"
"""The position text of an unnamed root."""

_TOKEN = re.compile(r"""
      (?P<blank>\s+|\#[^\n]*)
    | (?P<open>[\[{])
    | (?P<close>[\]}])
    | (?P<comma>,)
    | (?P<word>[^\s\[\]{},:=\#]+)\s*(?P<mark>[:=])?
    | (?P<stray>[:=])
""", re.VERBOSE)
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_INTEGER = re.compile(r"[+-]?\d+")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_']*")
_CLOSER = {"[": "]", "{": "}"}


class TextbookTree:
    """A game tree given by its leaf values: MAX and MIN nodes, chance nodes, leaves (see the module docstring).

    Build one with :func:`parse_tree`, :func:`tree_from_lists` or :func:`random_tree`. Arrays by node number:
    ``children``, ``values`` (a leaf's value, None inside), ``turns`` (who moves, or would: the player by
    alternation), ``chance`` (True at chance nodes), ``probabilities`` (a chance node's, in child order),
    ``names``.
    """

    name = "textbook"
    player_names = ("max", "min")

    def __init__(self, children: list[tuple[Node, ...]], values: list[float | None], chance: list[bool],
                 probabilities: list[tuple[Fraction, ...] | None], names: list[str | None],
                 probability_texts: list[tuple[str, ...] | None] | None = None, root: str = "max") -> None:
        if root not in ROOT_PLAYERS:
            raise ValueError(f"root must be 'max' or 'min', not {root!r}")
        self.root = root
        self.children = children
        self.values = values
        self.chance = chance
        self.names = names
        self.exact_probabilities = probabilities
        """A chance node's probabilities as fractions (exact sums), None elsewhere."""
        self.probabilities: list[tuple[float, ...] | None] = [
            None if p is None else tuple(float(q) for q in p) for p in probabilities]
        self.probability_texts = probability_texts or [
            None if p is None else tuple(_fraction_text(q) for q in p) for p in probabilities]
        n = len(children)
        parent = [-1] * n
        place = [0] * n
        turns = [FIRST] * n
        turns[0] = ROOT_PLAYERS[root]
        for node in range(n):  # preorder: a parent comes before its children
            below = turns[node] if chance[node] else 1 - turns[node]
            for i, child in enumerate(children[node]):
                parent[child] = node
                place[child] = i + 1
                turns[child] = below
        self.parent = parent
        self.place = place
        """A node's place among its siblings, from 1 (the root: 0)."""
        self.turns = turns
        self._to_move = [CHANCE if c else t for c, t in zip(chance, turns, strict=True)]
        self._successors = [tuple((c, c) for c in kids) for kids in children]
        self._chance_outcomes = [() if p is None else tuple(zip(children[i], p, strict=True))
                                 for i, p in enumerate(self.probabilities)]
        self._by_name = {name: i for i, name in enumerate(names) if name is not None}
        self.alternating = not any(chance)
        """MAX and MIN take turns when there is no chance node (unobserved searches take their fast path)."""
        leaf_values = [v for v in values if v is not None]
        self.outcome_range = (min(leaf_values), max(leaf_values))
        """The lowest and the highest leaf value."""

    def __len__(self) -> int:
        """The number of nodes, leaves included."""
        return len(self.children)

    @property
    def leaves(self) -> list[Node]:
        """The leaves, left to right."""
        return [i for i, v in enumerate(self.values) if v is not None]

    # -- the game protocol -------------------------------------------------------

    def initial(self) -> Node:
        """The root."""
        return 0

    def to_move(self, state: Node) -> Player:
        """MAX (0), MIN (1) or CHANCE; at a leaf, the player who would move there."""
        return self._to_move[state]

    def legal_moves(self, state: Node) -> tuple[Node, ...]:
        """The children, left to right (none at a leaf)."""
        return self.children[state]

    def play(self, state: Node, move: Node) -> Node:
        """The child ``move`` (a move is the child it leads to)."""
        return move

    def play_checked(self, state: Node, move: Node) -> Node:
        """:meth:`play`, after checking that ``move`` is a child of ``state``."""
        if move not in self.children[state]:
            raise IllegalMoveError("not a child of this node", move, self.fen(state))
        return move

    def successors(self, state: Node) -> tuple[tuple[Node, Node], ...]:
        """``(child, child)`` per child, left to right."""
        return self._successors[state]

    def outcome(self, state: Node) -> float | None:
        """A leaf's value (MAX's point of view), None inside the tree."""
        return self.values[state]

    def chance_outcomes(self, state: Node) -> tuple[tuple[Node, float], ...]:
        """``(child, probability)`` at a chance node, left to right."""
        return self._chance_outcomes[state]

    def fen(self, state: Node) -> str:
        """The node's name, else its path of sibling places from the root (``2.1``; ``root`` for the root)."""
        name = self.names[state]
        if name is not None:
            return name
        if state == 0:
            return ROOT_TEXT
        places = []
        while state > 0:
            places.append(str(self.place[state]))
            state = self.parent[state]
        return ".".join(reversed(places))

    def parse_fen(self, fen: str) -> Node:
        """The node of a name, a path like ``2.1`` (places from 1), or ``root``.

        :raises FenError: no node has that name or path.
        """
        text = fen.strip()
        if text in self._by_name:
            return self._by_name[text]
        if text == ROOT_TEXT:
            return 0
        if not re.fullmatch(r"[1-9][0-9]*(\.[1-9][0-9]*)*", text):
            raise FenError("no node of this name, nor a path of child numbers like 2.1", fen)
        node = 0
        for part in text.split("."):
            kids = self.children[node]
            if int(part) > len(kids):
                raise FenError(f"the path leaves the tree: node {self.fen(node)!r} has {len(kids)} children", fen)
            node = kids[int(part) - 1]
        return node

    def move_name(self, move: Node) -> str:
        """The child's place among its siblings, from 1."""
        return str(self.place[move])

    # -- for figures ---------------------------------------------------------------

    def node_name(self, state: Node) -> str | None:
        """The name the notation gave the node, if any."""
        return self.names[state]

    def probability_text(self, move: Node) -> str | None:
        """The probability of the branch to ``move`` as written (``1/3``), None under a decision node."""
        parent = self.parent[move]
        texts = self.probability_texts[parent] if parent >= 0 else None
        return None if texts is None else texts[self.place[move] - 1]

    def notation(self, state: Node = 0) -> str:
        """The subtree of ``state`` in the notation (names, probabilities as written); parses back to it."""
        parts: list[str] = []
        todo: list[Node | str] = [state]  # nodes to write, and closing brackets and commas
        while todo:
            item = todo.pop()
            if isinstance(item, str):
                parts.append(item)
                continue
            node = item
            parent = self.parent[node] if node != state else -1
            texts = self.probability_texts[parent] if parent >= 0 else None
            if texts is not None:
                parts.append(f"{texts[self.place[node] - 1]}:")
            if self.names[node] is not None:
                parts.append(f"{self.names[node]}=")
            kids = self.children[node]
            if not kids:
                parts.append(_number_text(cast(float, self.values[node])))  # a leaf: it has its value
                continue
            parts.append("{" if self.chance[node] else "[")
            todo.append("}" if self.chance[node] else "]")
            for i, child in enumerate(reversed(kids)):
                todo.append(child)
                if i < len(kids) - 1:
                    todo.append(",")
        return "".join(parts)


def _number_text(value: float) -> str:
    """A leaf value as the notation writes it (integers without a point)."""
    if isinstance(value, int):
        return str(value)
    return repr(value)


def _fraction_text(value: Fraction) -> str:
    """A probability as the shortest exact text: ``1/3``, ``0.25``, ``1``."""
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:  # a finite decimal
        digits = 0
        while (value * 10 ** digits).denominator != 1:
            digits += 1
        return f"{float(value):.{digits}f}"
    return f"{value.numerator}/{value.denominator}"


# -- reading the notation ------------------------------------------------------------

def parse_tree(text: str, *, root: str = "max") -> TextbookTree:
    """The tree written in ``text`` (see the module docstring); ``root`` is ``"max"`` or ``"min"``.

    :raises UnbalancedBracketError, EmptyNodeError, LeafValueError, ProbabilityError, NodeNameError:
        the mistake, with its place in the text (all are :class:`engine.errors.TreeSyntaxError`).
    :raises ValueError: ``root`` neither ``"max"`` nor ``"min"``.
    """
    if root not in ROOT_PLAYERS:
        raise ValueError(f"root must be 'max' or 'min', not {root!r}")
    children: list[list[Node]] = []
    values: list[float | None] = []
    chance: list[bool] = []
    names: list[str | None] = []
    probs: list[Fraction | None] = []
    prob_texts: list[str | None] = []
    opened: list[tuple[Node, str, int]] = []  # (node, bracket, position) of the brackets not yet closed
    expect_node = True  # a node must come next (at the start, after "[", "{" or ",")
    done = False
    name: str | None = None
    prob: tuple[Fraction, str] | None = None
    prefix_at = -1  # where the name or probability of the coming node began

    def new_node(position: int) -> Node:
        nonlocal name, prob
        node = len(children)
        if opened:
            parent, bracket, _ = opened[-1]
            if bracket == "{" and prob is None:
                raise ProbabilityError("a branch of a chance node needs its probability first, as 1/2: node",
                                       text, position)
            if bracket == "[" and prob is not None:
                raise ProbabilityError("a probability on a branch of a decision node (only chance nodes, "
                                       "written in braces, have them)", text, prefix_at)
            children[parent].append(node)
        elif prob is not None:
            raise ProbabilityError("a probability before the root (probabilities go on the branches of "
                                   "a chance node)", text, prefix_at)
        children.append([])
        values.append(None)
        chance.append(False)
        names.append(name)
        probs.append(prob[0] if prob is not None else None)
        prob_texts.append(prob[1] if prob is not None else None)
        name = prob = None
        return node

    for match in _TOKEN.finditer(text):
        kind = match.lastgroup if match.group("word") is None else "word"
        at = match.start()
        if kind == "blank":
            continue
        if done:
            if kind == "close":
                raise UnbalancedBracketError(f"{match.group('close')!r} closes no bracket", text, at)
            raise TreeSyntaxError("text after the end of the tree", text, at)
        if kind in ("open", "word") and not expect_node:
            raise TreeSyntaxError("a comma is missing between two nodes", text, at)
        if kind == "open":
            node = new_node(at)
            bracket = match.group("open")
            chance[node] = bracket == "{"
            opened.append((node, bracket, at))
        elif kind == "word":
            word, mark = match.group("word"), match.group("mark")
            if mark == "=":
                if name is not None:
                    raise NodeNameError("two names for one node", text, at)
                if not _NAME.fullmatch(word):
                    raise NodeNameError(f"{word!r} is not a name (a letter, then letters, digits, _ or ')",
                                        text, at)
                if word == ROOT_TEXT:
                    raise NodeNameError(f"the name {ROOT_TEXT!r} is kept for the root's position", text, at)
                if word in names:
                    raise NodeNameError(f"the name {word!r} is given twice", text, at)
                name = word
                prefix_at = at
            elif mark == ":":
                if name is not None:
                    raise ProbabilityError("the probability comes before the node's name (1/2: B=[...])",
                                           text, at)
                if prob is not None:
                    raise ProbabilityError("two probabilities for one branch", text, at)
                prob = (_probability(word, text, at), word)
                prefix_at = at
            else:
                if not _NUMBER.fullmatch(word):
                    raise LeafValueError(f"a leaf that is not a number: {word!r}", text, at)
                value = int(word) if _INTEGER.fullmatch(word) else float(word)
                if not math.isfinite(value):
                    raise LeafValueError(f"a leaf too large for a number: {word!r}", text, at)
                node = new_node(at)
                values[node] = value
                expect_node = False
                done = not opened
        elif kind == "comma":
            if expect_node:
                raise EmptyNodeError("a node is missing before this comma", text, at)
            if not opened:
                raise TreeSyntaxError("a comma outside brackets", text, at)
            expect_node = True
        elif kind == "close":
            bracket = match.group("close")
            if not opened:
                raise UnbalancedBracketError(f"{bracket!r} closes no bracket", text, at)
            node, opener, opened_at = opened[-1]
            if _CLOSER[opener] != bracket:
                raise UnbalancedBracketError(
                    f"{bracket!r} closes the {opener!r} opened at column {opened_at + 1}", text, at)
            if expect_node:
                if name is not None or prob is not None:
                    raise EmptyNodeError("a name or probability with no node after it", text, at)
                if children[node]:
                    raise EmptyNodeError("a node is missing after the last comma", text, at)
                raise EmptyNodeError(f"empty brackets {opener}{bracket}: a node needs at least one child",
                                     text, opened_at)
            opened.pop()
            expect_node = False
            done = not opened
        else:
            raise TreeSyntaxError(f"a stray {match.group('stray')!r} (a name is followed by =, a probability "
                                  "by :)", text, at)
    if opened:
        _, opener, opened_at = opened[-1]
        raise UnbalancedBracketError(f"the {opener!r} here is never closed", text, opened_at)
    if not children:
        raise EmptyNodeError("no tree: the text holds no node", text, 0)
    if name is not None or prob is not None:
        raise EmptyNodeError("a name or probability with no node after it", text, prefix_at)
    return _finish(text, children, values, chance, names, probs, prob_texts, root)


def _probability(word: str, text: str, at: int) -> Fraction:
    """A probability's value, exactly (``1/3``, ``0.25``)."""
    top, _, bottom = word.partition("/")
    if not _NUMBER.fullmatch(top) or (bottom and not _NUMBER.fullmatch(bottom)):
        raise ProbabilityError(f"a probability that is not a number or a fraction: {word!r}", text, at)
    if bottom and Fraction(bottom) == 0:
        raise ProbabilityError(f"a fraction over zero: {word!r}", text, at)
    value = Fraction(top) / Fraction(bottom) if bottom else Fraction(top)
    if value < 0:
        raise ProbabilityError(f"a negative probability: {word!r}", text, at)
    if value > 1:
        raise ProbabilityError(f"a probability above 1: {word!r}", text, at)
    return value


def _finish(text: str, children: list[list[Node]], values: list[float | None], chance: list[bool],
            names: list[str | None], probs: list[Fraction | None], prob_texts: list[str | None],
            root: str) -> TextbookTree:
    """Check each chance node's probabilities and make the tree."""
    node_probs: list[tuple[Fraction, ...] | None] = [None] * len(children)
    node_texts: list[tuple[str, ...] | None] = [None] * len(children)
    for node, kids in enumerate(children):
        if chance[node]:
            # Each child of a chance node was given its probability (the parser refuses one without).
            p = cast("tuple[Fraction, ...]", tuple(probs[k] for k in kids))
            total = sum(p, Fraction(0))
            if total != 1:
                raise ProbabilityError(f"the probabilities of a chance node sum to {_sum_text(total)}, not 1",
                                       text, _position_of(text, node))
            node_probs[node] = p
            node_texts[node] = cast("tuple[str, ...]", tuple(prob_texts[k] for k in kids))
    return TextbookTree([tuple(k) for k in children], values, chance, node_probs, names, node_texts, root=root)


def _sum_text(total: Fraction) -> str:
    """A sum of probabilities for a message: a fraction when it is one, else a decimal."""
    return _fraction_text(total) if total.denominator < 1000 else f"{float(total):.6g}"


def _position_of(text: str, node: Node) -> int:
    """Where node number ``node`` (preorder) starts in ``text``, for messages."""
    count = -1
    pending = -1
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup if match.group("word") is None else "word"
        if kind == "word" and match.group("mark"):
            if pending < 0:
                pending = match.start()
            continue
        if kind == "open" or (kind == "word" and not match.group("mark")):
            count += 1
            if count == node:
                return pending if pending >= 0 else match.start()
        if kind != "blank":
            pending = -1
    return 0


def tree_from_lists(nested: Sequence | float, *, root: str = "max") -> TextbookTree:
    """A tree from nested lists of numbers (``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``), as JSON would give it.

    :raises EmptyNodeError: an empty list. :raises LeafValueError: an item neither a list nor a number.
    """
    children: list[list[Node]] = []
    values: list[float | None] = []
    stack: list[tuple[object, int]] = [(nested, -1)]
    while stack:
        item, parent = stack.pop()
        node = len(children)
        if parent >= 0:
            children[parent].append(node)
        children.append([])
        values.append(None)
        if (isinstance(item, bool) or not isinstance(item, int | float | list | tuple)
                or (isinstance(item, float) and not math.isfinite(item))):
            raise LeafValueError(f"a leaf that is not a number: {item!r}", repr(nested), 0)
        if isinstance(item, list | tuple):
            if not item:
                raise EmptyNodeError("an empty list: a node needs at least one child", repr(nested), 0)
            stack.extend((child, node) for child in reversed(item))
        else:
            values[node] = item
    n = len(children)
    return TextbookTree([tuple(k) for k in children], values, [False] * n, [None] * n, [None] * n, root=root)


# -- random trees ------------------------------------------------------------------------

def random_tree(depth: int, branching: int | tuple[int, int], *, low: int = 0, high: int = 20,
                seed: int | None = None, ties: bool = True, root: str = "max") -> TextbookTree:
    """A random tree with every leaf ``depth`` plies below the root, for exercises (the same seed, the same tree).

    Each inner node gets ``branching`` children, or with a pair ``(fewest, most)`` a number drawn between them;
    leaf values are integers from ``low`` to ``high``; ``ties=False`` makes them all different (the range must
    hold enough values).

    :raises ValueError: ``depth`` below 1, a branching below 1 (or a most below 2, or fewest above most),
        ``low`` above ``high``, too few values for distinct leaves, ``root`` not max or min.
    """
    fewest, most = (branching, branching) if isinstance(branching, int) else branching
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be 1 or more, not {depth!r}")
    if fewest < 1 or most < 2 or fewest > most:
        raise ValueError(f"branching must be 2 or more (or a range fewest..most with 1 <= fewest <= most, "
                         f"most >= 2), not {branching!r}")
    if low > high:
        raise ValueError(f"the value range is empty: low {low} is above high {high}")
    if root not in ROOT_PLAYERS:
        raise ValueError(f"root must be 'max' or 'min', not {root!r}")
    rng = random.Random(seed)
    children: list[list[Node]] = [[]]
    level = [0]
    for _ in range(depth):
        below = []
        for node in level:
            for _ in range(rng.randint(fewest, most)):
                child = len(children)
                children.append([])
                children[node].append(child)
                below.append(child)
        level = below
    # renumber in preorder (the levels were numbered breadth first)
    order: list[Node] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(children[node]))
    number = {old: new for new, old in enumerate(order)}
    kids = [tuple(number[c] for c in children[old]) for old in order]
    leaves = sum(1 for k in kids if not k)
    if ties:
        drawn = [rng.randint(low, high) for _ in range(leaves)]
    else:
        if high - low + 1 < leaves:
            raise ValueError(f"distinct leaf values need {leaves} numbers, but {low}..{high} holds only "
                             f"{high - low + 1}")
        drawn = rng.sample(range(low, high + 1), leaves)
    values: list[float | None] = [None] * len(kids)
    leaf_values = iter(drawn)
    for node, k in enumerate(kids):
        if not k:
            values[node] = next(leaf_values)
    n = len(kids)
    return TextbookTree(kids, values, [False] * n, [None] * n, [None] * n, root=root)
