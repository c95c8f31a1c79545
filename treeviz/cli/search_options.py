"""The options that choose which searches a tree command draws: MCTS settings, DAG merges, comparison lists.

Shared by ``tttree`` / ``treeviz tree`` / ``treeviz compare`` and ``treeviz view``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import click

from engine.game import MAX_GAME_LENGTH
from treeviz.cli.common import fail
from treeviz.cli.usage import Number, OneOf, OneOrMoreOf, WholeNumber
from treeviz.tree import DEFAULT_COMPARE, DEFAULT_ITERATIONS, SEARCHES, Search
from treeviz.trees.builder import ORDER_HELP, ORDERS
from treeviz.trees.dag import MERGES

ALGO_HELP = ("minimax; alphabeta: negamax with alpha-beta pruning (fail-soft); mcts: Monte Carlo tree search "
             "(UCT, random playouts); bot: the bot's own search as sm-bot runs it, to --depth N (PVS, table, "
             "killers, history, late-move reductions, quiescence); "
             "pvs: principal variation search (NegaScout: null windows, re-searches); "
             "mtdf: MTD(f), null-window passes over a transposition table; id: iterative deepening (table move "
             "first, --aspiration windows).")


def compare_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--compare [LIST]``: alone, minimax and alpha-beta; with a list, those searches in that order."""
    return click.option(
        "--compare", "compare", is_flag=False, flag_value=",".join(DEFAULT_COMPARE), default=None,
        metavar="[LIST]",
        help=f"Several searches side by side in one figure, one panel each titled with its node count: "
             f"a comma-separated list of {', '.join(SEARCHES)} (two or more); alone: "
             f"{','.join(DEFAULT_COMPARE)}.")(command)


def search_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--merge``, ``--iterations``, ``--c``, ``--seed``, ``--solver``, ``--max-game-length``."""
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.option("--merge", type=OneOf(list(MERGES)), default=None,
                     help="Draw a minimax or alpha-beta tree as a DAG: one node per distinct position "
                          "(transpositions) or per position up to the board's 8 symmetries (symmetry)."),
        click.option("--iterations", type=WholeNumber(1), default=None, metavar="N",
                     help=f"MCTS: iterations to run [default: {DEFAULT_ITERATIONS:,}]."),
        click.option("--c", "c", type=Number(0, about="the UCB1 exploration constant"), default=None, metavar="C",
                     help="MCTS: UCB1 exploration constant, >= 0 [default: 1.41, i.e. sqrt 2]."),
        click.option("--seed", type=WholeNumber(), default=None, metavar="S",
                     help="Random seed of MCTS's playouts and of --order random; the same seed gives the same "
                          "tree [default: 0]."),
        click.option("--solver", is_flag=True, default=False,
                     help="MCTS: prove wins and losses as they are found (MCTS-solver) and back them up."),
        max_game_length_option("MCTS: a random playout"),
        click.option("--tt", "table", is_flag=True, default=False,
                     help="alphabeta, pvs, id: search over a transposition table (keyed as --merge transpositions "
                          "merges positions); a node the table answers is drawn as a table hit."),
        click.option("--guess", type=Number(about="MTD(f)'s first guess"), default=None, metavar="G",
                     help="mtdf: the first guess [default: the position's heuristic value in a depth-limited "
                          "search, else 0]."),
        click.option("--aspiration", type=Number(about="the aspiration window's half-width"), default=None,
                     metavar="W",
                     help="id: search each iteration inside [v-W, v+W] around the last value v; a value outside "
                          "it is searched again with the full window."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def max_game_length_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--max-game-length N``: how long ``what`` (a random playout, a random game) may last before the game is
    taken for one that never ends (one ``error:`` line)."""
    return click.option("--max-game-length", type=WholeNumber(1), default=None, metavar="N",
                        help=f"{what} longer than N moves stops with an error (a game that never ends) "
                             f"[default: {MAX_GAME_LENGTH:,}].")


def compare_list(value: str | bool | None) -> list[Search] | None:
    """The searches ``--compare`` names (None when it is not given); bad lists stop with ``error: ...``."""
    if value is None or value is False:
        return None
    if value is True:
        return list(DEFAULT_COMPARE)
    names = [part.strip() for part in str(value).split(",")]
    if any(not name for name in names):
        fail(f"--compare {value!r}: empty name in the list (expected e.g. minimax,alphabeta,mcts)")
    unknown = [name for name in names if name not in SEARCHES]
    if unknown:
        fail(f"--compare: unknown search {unknown[0]!r} (expected a comma-separated list of {', '.join(SEARCHES)})")
    if len(names) < 2:
        fail(f"--compare needs two or more searches, got only {names[0]!r}")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        fail(f"--compare lists {repeated[0]} twice")
    return cast("list[Search]", names)  # each one of SEARCHES (checked above)


def order_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--order NAME[,NAME...]``: the move order of the search, or several drawn side by side."""
    phrases = "; ".join(f"{name}: {phrase}" for name, phrase in ORDER_HELP.items())
    return click.option(
        "--order", type=OneOrMoreOf(list(ORDERS)), default=("ascending",), metavar="ORDER[,ORDER...]",
        help=f"Move order of the search ({phrases}). Several, comma-separated (best,worst): the same search under "
             "each, side by side, with the leaves each examines and, for a uniform tree, the Knuth-Moore minimum "
             "[default: ascending].")


def check_search_options(algorithms: Sequence[str], *, iterations: int | None, c: float | None, seed: int | None,
                         solver: bool, orders: Sequence[str] | None = None) -> None:
    """Refuse MCTS options given to other searches, before any search runs (the library cannot tell a default
    from a value given); every other combination is the library's to refuse. ``--seed`` also shuffles the
    ``random`` move order."""
    if "mcts" not in algorithms:
        seeded = "random" in (orders or [])
        given = [name for name, value in (("--iterations", iterations), ("--c", c), ("--seed", seed))
                 if value is not None and not (name == "--seed" and seeded)] + (["--solver"] if solver else [])
        if given:
            also = " or --order random" if given[0] == "--seed" else ""
            fail(f"{given[0]} is an MCTS option: use it with --algo mcts (or mcts in --compare){also}")
