"""The options that say what is searched, beside a tic-tac-toe or ultimate FEN: a textbook tree (``--tree``,
``--tree-file``, ``--root``), any game (``--game`` with the position argument in the game's own notation) and
moves played first (``--moves``).

Shared by ``tttree`` / ``treeviz tree`` / ``treeviz compare`` and ``treeviz view``; the values become the keyword
arguments of :func:`treeviz.search_tree` (:func:`start_arguments`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from treeviz.cli.common import fail
from treeviz.cli.usage import OneOf, Text
from treeviz.tree import Tree

TREE_HELP = ("A textbook tree by its leaf values, MAX at the root: \"[[3,12,8],[2,4,6],[14,5,2]]\"; names on any "
             "node (\"[B=[3,12,8],C=[2,4,6]]\"), chance nodes in braces with a probability per branch "
             "(\"{1/2: [3,12], 1/2: [2,4]}\"); JSON nested lists too. The position argument, if any, names the node "
             "to start from (B, or its path 2.1).")
GAME_HELP = ("Any game: your own (path/to/file.py:Class or module:Class, written against engine/game.py) or "
             "OpenSpiel's (openspiel:NAME or openspiel:NAME(param=value,...)); the position argument is then in the "
             "game's own notation [default: its start].")
MOVES_HELP = ("Moves to play first, from the position: comma-separated, as the game writes them (OpenSpiel: action "
              "numbers or names); quote a name holding a comma: '\"pile:1, take:1;\",2'.")


def position_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--tree``, ``--tree-file``, ``--root``, ``--game`` and ``--moves``."""
    options = [
        click.option("--tree", "tree_text", type=Text(), default=None, metavar="TREE", help=TREE_HELP),
        click.option("--tree-file", type=Text(), default=None, metavar="FILE",
                     help="The same as --tree, read from FILE ('-': standard input)."),
        click.option("--root", type=OneOf(["max", "min"]), default=None,
                     help="Who moves at a textbook tree's root [default: max]."),
        click.option("--game", "game_spec", type=Text(), default=None, metavar="SPEC", help=GAME_HELP),
        click.option("--moves", "start_moves", type=Text(), default=None, metavar="LIST", help=MOVES_HELP),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def start_arguments(position: str | None, *, tree_text: str | None, tree_file: str | None, root: str | None,
                    game_spec: str | None, moves: str | None, command: str = "tttree") -> dict[str, Any]:
    """The keyword arguments of :func:`treeviz.search_tree` that say what to search, checked; a combination that
    means nothing, or a tree file that cannot be read, stops with ``error: ...``."""
    if tree_text is not None and tree_file is not None:
        fail("--tree and --tree-file both give a textbook tree: use one")
    if game_spec is not None and (tree_text is not None or tree_file is not None):
        fail("--game and --tree (or --tree-file) both say what to search: use one")
    if root is not None and tree_text is None and tree_file is None:
        fail("--root says who moves at the root of a textbook tree: use it with --tree or --tree-file")
    tree = tree_text if tree_file is None else read_tree_file(tree_file)
    if tree is None and game_spec is None and position is None:
        fail(f"missing the position: {command} FEN, {command} --tree TREE or {command} --game SPEC [POSITION] "
             "(see --help)")
    return {"position": position, "tree": tree, "root": root or "max", "game": game_spec, "moves": moves}


def read_tree_file(name: str) -> str:
    """The text of a tree file (``-``: standard input)."""
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        fail(f"cannot read --tree-file {name}: not UTF-8 text")
    except OSError as exc:
        fail(f"cannot read --tree-file {name}: {exc.strerror or exc}")


def horizon_notes(tree: Tree) -> list[str]:
    """What the user should know about how the tree's depth-limited leaves were scored: a game without an
    evaluation (OpenSpiel's) scores them 0."""
    from treeviz.games.registry import adapter_named

    notes = []
    for G in tree.graphs:
        g = G.graph
        if g.get("depth") is not None and g.get("algorithm") in ("minimax", "alphabeta"):
            game = adapter_named(g.get("game")).game
            if getattr(game, "zero_evaluation", False):
                notes.append(f"{g.get('game')} has no evaluation function: the positions where the search stops "
                             f"at depth {g['depth']} score 0 (values are exact only where games end sooner)")
    return list(dict.fromkeys(notes))
