"""Where a worksheet's exercises come from: seeded random textbook trees, trees the user writes, positions of a real
game the user names, and positions of a game reached by seeded random play -- each made an :class:`Exercise` by
:func:`treeviz.exercises.model.exercise` (alpha-beta, in the asked move order).

The same arguments give the same exercises: each exercise draws its own seed from the worksheet's (``random.Random``
is the same on every machine), so exercise 3 of seed 0 is not exercise 2 of seed 1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from engine.errors import GameTooLongError, ParameterError
from engine.game import CHANCE, MAX_GAME_LENGTH, ChanceGame, Game
from engine.games.textbook import random_tree
from treeviz.exercises.model import Exercise, exercise
from treeviz.games.registry import adapter_named
from treeviz.games.start import Start, starting_point
from treeviz.trees.budget import NodeBudgetExceeded
from treeviz.trees.builder import OrderName

EXERCISE_BUDGET = 2_000
"""Nodes an exercise's whole tree may have: far more than a page holds (a worksheet refuses wider trees by their
layout), few enough that a position too big to print is given up at once."""
PLAYOUTS = 200
"""Random games tried before saying the game has too few different positions that fit."""


class ExerciseSourceError(ParameterError):
    """Exercises that cannot be made as asked (the message names the parameters)."""


@dataclass(frozen=True)
class RandomTrees:
    """What random textbook trees look like (:func:`engine.games.textbook.random_tree`)."""

    depth: int = 3
    branching: tuple[int, int] = (3, 3)
    """Children of each inner node: fewest, most."""
    low: int = 0
    high: int = 20
    root: str = "max"
    distinct: bool = False
    """Leaf values all different (no ties)."""


def exercise_seeds(seed: int, count: int) -> list[int]:
    """One seed per exercise, drawn from the worksheet's ``seed``."""
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(count)]


def random_tree_exercises(trees: RandomTrees, *, count: int, seed: int,
                          order: OrderName = "ascending") -> list[Exercise]:
    """``count`` random textbook trees shaped as ``trees`` says, searched by alpha-beta in ``order``.

    :raises ValueError: a shape :func:`engine.games.textbook.random_tree` refuses (depth below 1, branching below
        2, an empty value range, too few values for distinct leaves).
    """
    out = []
    for own in exercise_seeds(seed, count):
        tree = random_tree(trees.depth, trees.branching, low=trees.low, high=trees.high, seed=own,
                           ties=not trees.distinct, root=trees.root)
        out.append(exercise(starting_point(tree=tree), order=order, seed=own, node_budget=EXERCISE_BUDGET))
    return out


def tree_exercises(texts: Sequence[str], *, root: str = "max", order: OrderName = "ascending", seed: int = 0
                   ) -> list[Exercise]:
    """One exercise per textbook tree written in ``texts`` (:mod:`engine.games.textbook`'s notation).

    :raises engine.errors.TreeSyntaxError: a tree's mistake, with its place.
    :raises ExerciseSourceError: a tree far too big for a page.
    """
    seeds = exercise_seeds(seed, len(texts))
    return [_bounded(number, starting_point(tree=text, root=root), None, order, own)
            for number, (text, own) in enumerate(zip(texts, seeds, strict=True), 1)]


def position_exercises(positions: Sequence[str | None], *, game: str | None = None, moves: str | None = None,
                       depth: int | None = None, order: OrderName = "ascending", seed: int = 0) -> list[Exercise]:
    """One exercise per position: tic-tac-toe FENs, or with ``game`` positions in that game's notation (None: its
    start), ``moves`` played first; searched to the end of the game, or ``depth`` plies.

    :raises ValueError: what :func:`treeviz.games.start.starting_point` refuses (a bad FEN, game spec or move).
    :raises ExerciseSourceError: a position whose tree is far too big for a page.
    """
    seeds = exercise_seeds(seed, len(positions))
    loaded = game_object(game) if game is not None else None
    out = []
    for number, (position, own) in enumerate(zip(positions, seeds, strict=True), 1):
        start = starting_point(position, game=loaded, moves=moves) if loaded is not None else \
            starting_point(position, moves=moves)
        out.append(_bounded(number, start, depth, order, own))
    return out


def _bounded(number: int, start: Start, depth: int | None, order: OrderName, seed: int) -> Exercise:
    """The exercise of ``start``, refused when its tree is far too big for a page."""
    try:
        return exercise(start, depth=depth, order=order, seed=seed, node_budget=EXERCISE_BUDGET)
    except NodeBudgetExceeded:
        raise ExerciseSourceError(f"exercise {number} ({start.words}) has a tree of more than {EXERCISE_BUDGET:,} "
                                  "nodes, far too big for a page: give a smaller tree, a position nearer the end, or a "
                                  "smaller {depth:name}", depth=depth) from None


def game_object(spec: str) -> Any:
    """The game a ``--game`` spec names: a built-in game by its name (``tictactoe``), else what
    :func:`engine.games.loading.load_game` loads (``openspiel:nim``, ``examples/nim.py:Nim``).

    :raises ValueError: the spec names no game (:func:`engine.games.loading.load_game`'s errors).
    """
    from engine.games.loading import load_game

    if ":" not in spec:
        try:
            return adapter_named(spec.replace("-", "")).game
        except ValueError:
            pass
    return load_game(spec)


def random_position_exercises(game: str, *, count: int, fits: Callable[[Exercise], bool], moves: str | None = None,
                              depth: int | None = None, order: OrderName = "ascending",
                              seed: int = 0, max_game_length: int = MAX_GAME_LENGTH) -> list[Exercise]:
    """``count`` different positions of ``game`` reached by seeded random play from its start (after ``moves``):
    along each random game, the first position not used yet whose whole tree (to ``depth``, if given) ``fits``
    (a page), with a choice at its root -- for tic-tac-toe, a position with few empty cells.

    :raises ExerciseSourceError: fewer than ``count`` such positions found in :data:`PLAYOUTS` random games.
    :raises engine.errors.GameTooLongError: a random game past ``max_game_length`` moves (a game that never ends).
    """
    loaded = game_object(game)
    start = starting_point(game=loaded, moves=moves)
    rng = random.Random(seed)
    used: set[Hashable] = set()
    out: list[Exercise] = []
    for _ in range(PLAYOUTS):
        if len(out) == count:
            break
        line = _random_game(loaded, start.state, rng, max_game_length)
        found = _first_new_fitting(start, line, used, fits, depth, order, rng.getrandbits(32))
        if found is not None:
            out.append(found)
    if len(out) < count:
        raise ExerciseSourceError(f"only {len(out)} different positions of {{game:bare}} with a tree that fits on the "
                                  f"page turned up in {PLAYOUTS} random games: ask for {{count:name}} {len(out)} or "
                                  f"fewer", game=start.adapter.title, count=count)
    return out


def _random_game(game: Game, state: Hashable, rng: random.Random, max_game_length: int) -> list[Hashable]:
    """The positions of one random game from ``state`` to its end (chance events drawn by their probabilities).

    :raises engine.errors.GameTooLongError: the game goes on past ``max_game_length`` moves.
    """
    line = [state]
    while game.outcome(state) is None:
        if len(line) > max_game_length:
            raise GameTooLongError("a random game", game.fen(line[0]), max_game_length)
        if game.to_move(state) == CHANCE:
            outcomes = list(cast(ChanceGame, game).chance_outcomes(state))
            move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            move = rng.choice(list(game.legal_moves(state)))
        state = game.play(state, move)
        line.append(state)
    return line


def _first_new_fitting(start: Start, line: list[Hashable], used: set[Hashable], fits: Callable[[Exercise], bool],
                       depth: int | None, order: OrderName, seed: int) -> Exercise | None:
    """The exercise of the first position of ``line`` not in ``used`` with a choice at its root whose tree fits."""
    game = start.game
    adapter = start.adapter
    for state in line:
        if game.outcome(state) is not None or game.to_move(state) == CHANCE or len(list(game.legal_moves(state))) < 2:
            continue
        key = adapter.position_key(state)
        if key in used:
            continue
        here = Start(game, state, adapter.position_words(game.fen(state)))
        try:
            found = exercise(here, depth=depth, order=order, seed=seed, node_budget=EXERCISE_BUDGET)
        except NodeBudgetExceeded:
            continue
        if fits(found):
            used.add(key)
            return found
    return None


__all__ = ["EXERCISE_BUDGET", "ExerciseSourceError", "PLAYOUTS", "RandomTrees", "exercise_seeds", "game_object",
           "position_exercises", "random_position_exercises", "random_tree_exercises", "tree_exercises"]
