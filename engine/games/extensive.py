"""Extensive-form games as game theory writes them: any number of players, information sets, chance moves with
their probabilities, and a payoff vector (one number a player) at the end of each play.

Why a model of its own rather than a game behind :mod:`engine.game`'s protocol: that protocol is a two-player
zero-sum game of perfect information, one value per position seen from the first player, a state that says
everything. An extensive-form game needs what the protocol cannot say: who of *n* players moves, which nodes a
player cannot tell apart (an information set), and a payoff per player. So it is a tree, held whole: a list of
:class:`Node` in preorder (the order of Gambit's ``.efg`` files, :mod:`engine.games.efg`), each decision or
chance node pointing to its :class:`Infoset` (the player, the actions, at chance the probabilities), each node
possibly carrying an :class:`Outcome` (payoffs added along the play, as Gambit does). Numbers are exact
(:class:`fractions.Fraction`): ``1/3`` stays a third, Kuhn poker's value is exactly ``-1/18``.

Players are numbered 1..n as Gambit numbers them; 0 is chance. An information set is known by its player and
its number within that player (``(2, 1)``: the second player's first set); :attr:`Infoset.key` writes it
``2:1`` (``c:1`` at chance) for the graph and the page.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from engine.errors import ExtensiveGameError

CHANCE_PLAYER = 0
"""The player number of chance."""
NodeKind = Literal["p", "c", "t"]
"""Gambit's letters: a personal (decision) node, a chance node, a terminal node."""


@dataclass
class Outcome:
    """A payoff vector, one number a player, with Gambit's outcome number and optional name."""

    number: int
    name: str
    payoffs: tuple[Fraction, ...]


@dataclass
class Infoset:
    """The nodes a player cannot tell apart: the same actions at each; at chance, the same probabilities."""

    player: int
    number: int
    name: str
    actions: tuple[str, ...]
    probabilities: tuple[Fraction, ...] | None = None
    nodes: list[int] = field(default_factory=list)

    @property
    def key(self) -> str:
        """``2:1`` for the second player's first set, ``c:1`` for chance's."""
        return f"{'c' if self.player == CHANCE_PLAYER else self.player}:{self.number}"


@dataclass
class Node:
    """One node of the tree: ``p`` (a player decides), ``c`` (chance) or ``t`` (terminal)."""

    id: int
    kind: NodeKind
    label: str = ""
    infoset: Infoset | None = None
    outcome: Outcome | None = None
    children: list[int] = field(default_factory=list)
    parent: int | None = None
    depth: int = 0
    line: int = 0
    """The line of the ``.efg`` file it was read from (0: not read from a file), for messages."""

    @property
    def player(self) -> int | None:
        """The mover (0: chance), None at a terminal node."""
        return self.infoset.player if self.infoset is not None else None


@dataclass
class ExtensiveGame:
    """A finite extensive-form game: players, the tree in preorder (node 0 the root), infosets and outcomes."""

    title: str
    players: tuple[str, ...]
    nodes: list[Node]
    infosets: dict[tuple[int, int], Infoset]
    outcomes: dict[int, Outcome]
    comment: str = ""

    def __post_init__(self) -> None:
        self._payoffs: list[tuple[Fraction, ...]] | None = None

    @property
    def root(self) -> Node:
        """Node 0."""
        return self.nodes[0]

    def player_name(self, player: int) -> str:
        """The player's name (``chance`` for 0, ``Player k`` when the game gives none)."""
        if player == CHANCE_PLAYER:
            return "chance"
        name = self.players[player - 1]
        return name or f"Player {player}"

    def children(self, node: Node) -> Iterator[tuple[int, str, Node]]:
        """``(index, action, child)`` for each action at ``node``, in the game's order."""
        assert node.infoset is not None
        for index, (action, child) in enumerate(zip(node.infoset.actions, node.children, strict=True)):
            yield index, action, self.nodes[child]

    def payoffs(self, node: Node) -> tuple[Fraction, ...]:
        """The payoffs collected from the root down to ``node`` (the sum of the outcomes on the way): at a terminal
        node, what each player gets when play ends there."""
        if self._payoffs is None:
            zero = tuple(Fraction(0) for _ in self.players)
            sums: list[tuple[Fraction, ...]] = []
            for n in self.nodes:
                base = sums[n.parent] if n.parent is not None else zero
                if n.outcome is not None:
                    base = tuple(a + b for a, b in zip(base, n.outcome.payoffs, strict=True))
                sums.append(base)
            self._payoffs = sums
        return self._payoffs[node.id]

    @property
    def perfect_information(self) -> bool:
        """Every information set of a player holds one node."""
        return all(len(s.nodes) == 1 for s in self.infosets.values() if s.player != CHANCE_PLAYER)

    def leaves(self) -> list[Node]:
        """The terminal nodes, left to right."""
        return [n for n in self.nodes if n.kind == "t"]

    def player_infosets(self, player: int) -> list[Infoset]:
        """``player``'s information sets, by number."""
        return sorted((s for s in self.infosets.values() if s.player == player), key=lambda s: s.number)

    def imperfect_recall(self) -> str | None:
        """Why the game has imperfect recall (None if every player remembers what they knew and did).

        Perfect recall: the nodes of one set are reached by the same sequence of the mover's own sets and actions.
        A player moving twice in one set on one path breaks it, and so does forgetting an earlier choice.
        """
        seen: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}
        own: list[dict[int, tuple[tuple[int, int, int], ...]]] = []
        for node in self.nodes:
            mine = own[node.parent] if node.parent is not None else {}
            if node.parent is not None:
                parent = self.nodes[node.parent]
                assert parent.infoset is not None
                if parent.infoset.player != CHANCE_PLAYER:
                    step = (parent.infoset.player, parent.infoset.number, parent.children.index(node.id))
                    mine = {**mine, parent.infoset.player: mine.get(parent.infoset.player, ()) + (step,)}
            own.append(mine)
            infoset = node.infoset
            if infoset is None or infoset.player == CHANCE_PLAYER:
                continue
            sequence = mine.get(infoset.player, ())
            name = f"{self.player_name(infoset.player)}'s information set {infoset.number}"
            if any(step[:2] == (infoset.player, infoset.number) for step in sequence):
                return f"{name} is reached twice on one play (the player moves twice in one set)"
            key = (infoset.player, infoset.number)
            if key in seen and seen[key] != sequence:
                return f"{name} holds nodes the player reaches by different choices of their own (they forget)"
            seen[key] = sequence
        return None

    def chance_probability(self, node: Node) -> Fraction:
        """The probability that chance alone leads to ``node`` (every player's moves taken)."""
        p = Fraction(1)
        while node.parent is not None:
            parent = self.nodes[node.parent]
            assert parent.infoset is not None
            if parent.infoset.probabilities is not None:
                p *= parent.infoset.probabilities[parent.children.index(node.id)]
            node = parent
        return p


def check_game(game: ExtensiveGame) -> None:
    """Check the rules of a game built in code or read from a file: every chance set's probabilities are
    non-negative and sum to 1, the nodes of a set belong to one player and have the set's number of actions,
    every payoff vector has one number a player.

    :raises ExtensiveGameError: the first rule broken, naming the node (and its file line when it has one).
    """
    n = len(game.players)
    if n < 1:
        raise ExtensiveGameError("the game has no players")
    for node in game.nodes:
        where = _where(node)
        if node.outcome is not None and len(node.outcome.payoffs) != n:
            raise ExtensiveGameError(f"{where}: outcome {node.outcome.number} has {len(node.outcome.payoffs)} "
                                     f"payoffs for {n} players (one number a player)")
        if node.kind == "t":
            if node.children:
                raise ExtensiveGameError(f"{where}: a terminal node has children")
            continue
        infoset = node.infoset
        if infoset is None:
            raise ExtensiveGameError(f"{where}: a {'chance' if node.kind == 'c' else 'decision'} node without an "
                                     "information set")
        if (node.kind == "c") != (infoset.player == CHANCE_PLAYER):
            raise ExtensiveGameError(f"{where}: information set {infoset.key} belongs to "
                                     f"{game.player_name(infoset.player)}, not to this node's mover")
        if not 0 <= infoset.player <= n:
            raise ExtensiveGameError(f"{where}: player {infoset.player} does not exist (the game has {n})")
        if len(node.children) != len(infoset.actions):
            raise ExtensiveGameError(f"{where}: {len(node.children)} children but information set {infoset.key} "
                                     f"has {len(infoset.actions)} actions")
        if not infoset.actions:
            raise ExtensiveGameError(f"{where}: a node with no actions must be terminal (t)")
        if infoset.probabilities is not None:
            check_probabilities(infoset.probabilities, where)


def check_probabilities(probabilities: Sequence[Fraction], where: str) -> None:
    """Chance probabilities: none negative, summing to exactly 1.

    :raises ExtensiveGameError: naming ``where`` and the sum.
    """
    if any(p < 0 for p in probabilities):
        raise ExtensiveGameError(f"{where}: a negative chance probability")
    total = sum(probabilities, Fraction(0))
    if total != 1:
        raise ExtensiveGameError(f"{where}: chance probabilities sum to {format_number(total)}, not 1")


def _where(node: Node) -> str:
    return f"line {node.line}" if node.line else f"node {node.id}"


def format_number(value: Fraction) -> str:
    """A number as people and Gambit write it: ``3``, ``-0.25``, ``1/3`` (decimal when it is one exactly)."""
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        digits = 0
        scaled = value
        while scaled.denominator != 1:
            scaled *= 10
            digits += 1
        sign = "-" if scaled < 0 else ""
        text = str(abs(scaled.numerator)).rjust(digits + 1, "0")
        return f"{sign}{text[:-digits]}.{text[-digits:]}"
    return f"{value.numerator}/{value.denominator}"


class GameBuilder:
    """Build an :class:`ExtensiveGame` node by node in preorder (what the ``.efg`` reader and the OpenSpiel converter
    do): :meth:`decision`, :meth:`chance` and :meth:`terminal` add a node under the one waiting for a child."""

    def __init__(self, title: str, players: Sequence[str], comment: str = "") -> None:
        self.game = ExtensiveGame(title, tuple(players), [], {}, {}, comment)
        self._open: list[Node] = []

    def _add(self, kind: NodeKind, label: str, infoset: Infoset | None, outcome: Outcome | None, line: int) -> Node:
        game = self.game
        if game.nodes and not self._open:
            raise ExtensiveGameError(f"{'line ' + str(line) if line else 'node ' + str(len(game.nodes))}: the tree "
                                     "is already complete; this node has no parent")
        parent = self._open[-1] if self._open else None
        node = Node(len(game.nodes), kind, label, infoset, outcome, [], parent.id if parent else None,
                    parent.depth + 1 if parent else 0, line)
        game.nodes.append(node)
        if parent is not None:
            parent.children.append(node.id)
            assert parent.infoset is not None
            if len(parent.children) == len(parent.infoset.actions):
                self._open.pop()
        if infoset is not None:
            infoset.nodes.append(node.id)
            if infoset.actions:
                self._open.append(node)
        return node

    def infoset(self, player: int, number: int, name: str | None, actions: Sequence[str] | None,
                probabilities: Sequence[Fraction] | None = None, *, line: int = 0) -> Infoset:
        """The set ``(player, number)``, made at its first mention (which must give its actions); a later mention
        that gives a name or actions must agree with the first.

        :raises ExtensiveGameError: a new set without actions, or a mention that disagrees.
        """
        where = f"line {line}" if line else f"node {len(self.game.nodes)}"
        key = (player, number)
        known = self.game.infosets.get(key)
        label = f"{'chance' if player == CHANCE_PLAYER else 'player ' + str(player)}'s information set {number}"
        if known is None:
            if actions is None:
                raise ExtensiveGameError(f"{where}: {label} is new here, so its actions must be listed")
            if probabilities is not None:
                check_probabilities(probabilities, where)
            known = Infoset(player, number, name or "", tuple(actions),
                            tuple(probabilities) if probabilities is not None else None)
            self.game.infosets[key] = known
            return known
        if actions is not None and tuple(actions) != known.actions:
            count = (f"{len(actions)} actions, not the {len(known.actions)} it has" if len(actions) !=
                     len(known.actions) else f"actions {list(actions)}, not {list(known.actions)}")
            raise ExtensiveGameError(f"{where}: {label} is given {count} at node {known.nodes[0]}")
        if probabilities is not None and tuple(probabilities) != known.probabilities:
            raise ExtensiveGameError(f"{where}: {label} is given other probabilities than at node {known.nodes[0]}")
        if name and known.name and name != known.name:
            raise ExtensiveGameError(f"{where}: {label} is named {name!r} here and {known.name!r} before")
        if name and not known.name:
            known.name = name
        return known

    def outcome(self, number: int, name: str | None, payoffs: Sequence[Fraction] | None, *,
                line: int = 0) -> Outcome | None:
        """Outcome ``number`` (None for 0, Gambit's "no outcome"), made at its first mention (which must give the
        payoffs), checked against it at later ones."""
        if number == 0:
            return None
        where = f"line {line}" if line else f"node {len(self.game.nodes)}"
        known = self.game.outcomes.get(number)
        n = len(self.game.players)
        if payoffs is not None and len(payoffs) != n:
            raise ExtensiveGameError(f"{where}: outcome {number} has {len(payoffs)} payoffs for {n} players "
                                     "(one number a player)")
        if known is None:
            if payoffs is None:
                raise ExtensiveGameError(f"{where}: outcome {number} is new here, so its payoffs must be listed")
            known = Outcome(number, name or "", tuple(payoffs))
            self.game.outcomes[number] = known
        elif payoffs is not None and tuple(payoffs) != known.payoffs:
            raise ExtensiveGameError(f"{where}: outcome {number} is given other payoffs than before")
        return known

    def decision(self, player: int, infoset: Infoset, *, label: str = "", outcome: Outcome | None = None,
                 line: int = 0) -> Node:
        """A node where ``player`` (1..n) chooses among ``infoset``'s actions."""
        n = len(self.game.players)
        if not 1 <= player <= n:
            raise ExtensiveGameError(f"{'line ' + str(line) if line else 'node ' + str(len(self.game.nodes))}: "
                                     f"player {player} does not exist (players are 1 to {n})")
        if infoset.player != player:
            raise ExtensiveGameError(f"node {len(self.game.nodes)}: information set {infoset.key} belongs to "
                                     f"player {infoset.player}, not {player}")
        return self._add("p", label, infoset, outcome, line)

    def chance(self, infoset: Infoset, *, label: str = "", outcome: Outcome | None = None, line: int = 0) -> Node:
        """A chance node drawing one of ``infoset``'s actions with its probability."""
        return self._add("c", label, infoset, outcome, line)

    def terminal(self, *, label: str = "", outcome: Outcome | None = None, line: int = 0) -> Node:
        """A leaf."""
        return self._add("t", label, None, outcome, line)

    def finish(self, *, line: int = 0) -> ExtensiveGame:
        """The game, checked whole (:func:`check_game`).

        :raises ExtensiveGameError: the tree is unfinished (a node still waits for children), or a rule is broken.
        """
        if not self.game.nodes:
            raise ExtensiveGameError(f"{'line ' + str(line) + ': ' if line else ''}the game has no nodes")
        if self._open:
            node = self._open[-1]
            assert node.infoset is not None
            missing = len(node.infoset.actions) - len(node.children)
            raise ExtensiveGameError(f"{'line ' + str(line) + ': ' if line else ''}the tree ends early: "
                                     f"{_where(node)} still needs {missing} more child node(s)")
        check_game(self.game)
        return self.game
