"""``treeviz exercise``: printable alpha-beta worksheets and their answer keys, as PDF (or the LaTeX behind them).

The exercises come from seeded random textbook trees (the default), from trees the user writes (``--tree``,
``--tree-file``), or from positions of a game (tic-tac-toe FENs as arguments; ``--game`` with positions in its
notation, or random positions of it). :mod:`treeviz.exercises.worksheet` lays them out and
:mod:`treeviz.exercises.pdflatex` compiles them; the same options give the same files, byte for byte.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine.game import MAX_GAME_LENGTH
from treeviz.cli.common import fail, write_output
from treeviz.cli.position_options import read_tree_file
from treeviz.cli.search_options import max_game_length_option
from treeviz.cli.usage import Command, OneOf, OutputFile, Text, WholeNumber
from treeviz.trees.builder import ORDERS

if TYPE_CHECKING:
    from treeviz.trees.builder import OrderName

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
SUFFIXES = {".pdf": "pdf", ".tex": "tex"}
DEFAULT_COUNT = 4
DEFAULT_DEPTH = 3
DEFAULT_BRANCHING = (3, 3)
DEFAULT_RANGE = (0, 20)
MAX_COUNT = 100
"""Exercises in one worksheet at most (25 pages and more)."""
MAX_LEAVES = 120
"""A random tree with more leaves than this is refused before it is made: no page holds it legibly."""
_RANGE = re.compile(r"\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*")


class Span(click.ParamType):
    """``LOW..HIGH`` (whole numbers), or one number N for N..N; ``minimum``: the least LOW."""

    name = "span"

    def __init__(self, minimum: int | None = None, *, what: str = "LOW..HIGH") -> None:
        self.minimum = minimum
        self.what = what

    def describe(self) -> str:
        """``LOW..HIGH, whole numbers with LOW <= HIGH``."""
        least = f" >= {self.minimum}" if self.minimum is not None else ""
        return f"{self.what}, whole numbers{least} with LOW <= HIGH"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        text = str(value)
        match = _RANGE.fullmatch(text)
        if match is not None:
            low, high = int(match.group(1)), int(match.group(2))
        elif text.strip().lstrip("+-").isdigit():
            low = high = int(text)
        else:
            self.fail(f"must be {self.describe()}, got {text!r}", param, ctx)
        if low > high:
            self.fail(f"must be {self.describe()}, got {text!r}: the low end {low} is above the high end {high}",
                      param, ctx)
        if self.minimum is not None and low < self.minimum:
            self.fail(f"must be {self.describe()}, got {text!r}", param, ctx)
        return low, high


class Branching(Span):
    """``--branching``: children of each inner node, B (2 or more) or FEWEST..MOST (MOST 2 or more)."""

    def describe(self) -> str:
        """``B >= 2, or FEWEST..MOST with 1 <= FEWEST <= MOST and MOST >= 2 (whole numbers)``."""
        return "B >= 2, or FEWEST..MOST with 1 <= FEWEST <= MOST and MOST >= 2 (whole numbers)"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        text = str(value)
        match = _RANGE.fullmatch(text)
        try:
            fewest, most = (int(match.group(1)), int(match.group(2))) if match else (int(text), int(text))
        except ValueError:
            self.fail(f"must be {self.describe()}, got {text!r}", param, ctx)
        if fewest > most:
            self.fail(f"must be {self.describe()}, got {text!r}: the fewest {fewest} is above the most {most}", param,
                      ctx)
        if fewest < 1 or most < 2:
            self.fail(f"must be {self.describe()}, got {text!r}", param, ctx)
        return fewest, most


@click.command(cls=Command, context_settings=CONTEXT, usage="[OPTIONS] [POSITION...] -o SHEET [--key KEY]")
@click.argument("positions", nargs=-1, metavar="[POSITION...]")
@click.option("--count", type=WholeNumber(1, MAX_COUNT), default=None, metavar="N",
              help=f"Random exercises to make [default: {DEFAULT_COUNT}].")
@click.option("--depth", type=WholeNumber(1), default=None, metavar="D",
              help=f"Depth of the random trees [default: {DEFAULT_DEPTH}]; with --game or positions, a depth limit "
                   "for the search (the game's evaluation scores the positions there) [default: to the end].")
@click.option("--branching", type=Branching(), default=None, metavar="B|FEWEST..MOST",
              help=f"Children of each inner node of the random trees, or a range drawn from "
                   f"[default: {DEFAULT_BRANCHING[0]}].")
@click.option("--range", "values", type=Span(what="LOW..HIGH"), default=None, metavar="LOW..HIGH",
              help=f"Leaf values of the random trees, whole numbers [default: {DEFAULT_RANGE[0]}..{DEFAULT_RANGE[1]}].")
@click.option("--distinct", is_flag=True, default=False,
              help="All leaf values of a random tree different (no ties); --range must hold enough.")
@click.option("--seed", type=WholeNumber(), default=0, show_default=True, metavar="S",
              help="Random seed of the exercises: the same seed gives the same exercises (and the same files, "
                   "byte for byte).")
@click.option("--root", type=OneOf(["max", "min"]), default=None, help="Who moves at the trees' root [default: max].")
@click.option("--tree", "trees", type=Text(), multiple=True, metavar="TREE",
              help="An exercise of this textbook tree (tttree's notation: \"[[3,12,8],[2,4,6],[14,5,2]]\"); "
                   "repeat it for more.")
@click.option("--tree-file", type=Text(), default=None, metavar="FILE",
              help="Exercises of the trees in FILE, one a line ('#' starts a comment; '-': standard input).")
@click.option("--game", "game_spec", type=Text(), default=None, metavar="SPEC",
              help="Exercises of this game: tictactoe, openspiel:NAME(...) or path/file.py:Class; POSITIONs are in "
                   "its notation, and without any, --count random positions whose tree fits on the page.")
@click.option("--moves", type=Text(), default=None, metavar="LIST",
              help="Moves played first from each position (or from the game's start).")
@max_game_length_option("With --game and no positions: a random game")
@click.option("--order", type=OneOf(list(ORDERS)), default="ascending", show_default=True, metavar="ORDER",
              help=f"Move order of the search, and of the children as drawn (left to right): {', '.join(ORDERS)} "
                   "(best: the fewest leaves examined; worst: the most; random: shuffled by --seed).")
@click.option("--paper", type=OneOf(["a4", "letter"]), default="a4", show_default=True,
              help="Paper size (pages turn landscape when a tree needs it).")
@click.option("--per-page", type=WholeNumber(1), default=None, metavar="N",
              help="Exercises on each page [default: as many as fit].")
@click.option("-o", "--output", type=OutputFile(), required=True, metavar="SHEET",
              help="The worksheet: .pdf, or .tex for its LaTeX (TikZ).")
@click.option("--key", type=OutputFile(), default=None, metavar="KEY",
              help="The answer key: .pdf or .tex.")
def exercise_command(positions: tuple[str, ...], count: int | None, depth: int | None,
                     branching: tuple[int, int] | None, values: tuple[int, int] | None, distinct: bool, seed: int,
                     root: str | None, trees: tuple[str, ...], tree_file: str | None, game_spec: str | None,
                     moves: str | None, max_game_length: int | None, order: OrderName, paper: str,
                     per_page: int | None, output: Path, key: Path | None) -> None:
    """Write an alpha-beta worksheet (-o) and its answer key (--key): whole trees to search by hand.

    The sheet gives each tree with its leaf values, empty triangles for the values
    (MAX up, MIN down, chance circles) and room for alpha and beta beside each node;
    the key gives the values and bounds, alpha and beta as they changed, each cut
    and its comparison, the pruned edges crossed out, and the visit order. Random
    trees by default (--count, --depth, --branching, --range, --seed); or --tree,
    --tree-file; or tic-tac-toe FENs as POSITIONs, or --game.

    PDFs need pdflatex (Debian: texlive-latex-base, texlive-pictures,
    preview-latex-style); .tex files need nothing.
    """
    from treeviz.exercises import pdflatex, sources
    from treeviz.exercises.worksheet import SheetError, fits_page, worksheet_documents

    formats = {"-o": _format(output, "-o")}
    if key is not None:
        formats["--key"] = _format(key, "--key")
        if _same_file(output, key):
            fail(f"-o and --key name the same file {str(key)!r}: the sheet and its key go to two files")
    file_trees = _trees_in(tree_file) if tree_file is not None else []
    given_trees = list(trees) + file_trees
    source = "trees" if given_trees else "game" if game_spec is not None else "positions" if positions else "random"
    _check_combination(source, positions=positions, count=count, depth=depth, branching=branching, values=values,
                       distinct=distinct, root=root, moves=moves, trees=bool(trees), tree_file=tree_file is not None,
                       game=game_spec is not None, max_game_length=max_game_length)
    if "pdf" in formats.values():
        try:
            pdflatex.pdflatex_path()
        except pdflatex.LatexError as exc:
            fail(str(exc))
    what = {"random": "exercise", "trees": "tree", "positions": "position", "game": "position"}[source]
    try:
        if source == "random":
            exercises = _random_trees(count or DEFAULT_COUNT, depth, branching, values, distinct, seed, root, order)
        elif source == "trees":
            exercises = sources.tree_exercises(given_trees, root=root or "max", order=order, seed=seed)
        elif source == "game" and not positions:
            assert game_spec is not None  # the source is the game
            exercises = sources.random_position_exercises(
                game_spec, count=count or DEFAULT_COUNT, fits=lambda ex: fits_page(ex, paper), moves=moves,
                depth=depth, order=order, seed=seed, max_game_length=max_game_length or MAX_GAME_LENGTH)
        else:
            exercises = sources.position_exercises(list(positions), game=game_spec, moves=moves, depth=depth,
                                                   order=order, seed=seed)
        sheet = worksheet_documents(exercises, paper=paper, per_page=per_page, what=what,
                                    footer=_footer(source, count, depth, branching, values, distinct, seed, root,
                                                   order, paper, game_spec, len(exercises),
                                                   Given(trees, tree_file, file_trees, positions, moves, per_page)))
    except (SheetError, ValueError) as exc:
        fail(exc)
    documents = [(output, sheet.sheet, formats["-o"])]
    if key is not None:
        documents.append((key, sheet.key, formats["--key"]))
    pdfs = [text for _, text, fmt in documents if fmt == "pdf"]
    try:
        compiled = iter(pdflatex.compile_documents(pdfs)) if pdfs else iter(())
    except pdflatex.LatexError as exc:
        fail(str(exc))
    for path, text, fmt in documents:
        write_output(path, [next(compiled) if fmt == "pdf" else text])
    pages = f"{sheet.pages} page{'s' if sheet.pages != 1 else ''}"
    click.echo(f"{output}: {len(exercises)} exercise{'s' if len(exercises) != 1 else ''} on {pages}"
               f"{f'; {key}: the answer key' if key is not None else ''}")


def _format(path: Path, option: str) -> str:
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt is None:
        fail(f"{option} {str(path)!r}: a worksheet is written as .pdf or .tex (its LaTeX), not "
             f"{path.suffix or 'a file without a suffix'!s}")
    return fmt


def _same_file(a: Path, b: Path) -> bool:
    """Whether two output paths name one file (the same text, or links to one file)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _trees_in(name: str) -> list[str]:
    """The trees of a tree file, one a line (blank lines and ``#`` comments skipped)."""
    text = read_tree_file(name)
    trees = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            trees.append(line)
    if not trees:
        fail(f"--tree-file {name}: no tree in it (one a line; '#' starts a comment)")
    return trees


def _check_combination(source: str, *, positions: tuple[str, ...], count: int | None, depth: int | None,
                       branching: Any, values: Any, distinct: bool, root: str | None, moves: str | None, trees: bool,
                       tree_file: bool, game: bool, max_game_length: int | None = None) -> None:
    """Refuse options that do not apply to where the exercises come from."""
    if source == "trees":
        if game:
            fail("--game and --tree (or --tree-file) both say what the exercises are: use one")
        if positions:
            fail(f"positions ({positions[0]!r}) and --tree (or --tree-file) both say what the exercises are: use one")
    random_only = [name for name, given in (("--branching", branching is not None), ("--range", values is not None),
                                            ("--distinct", distinct)) if given]
    if source != "random" and random_only:
        fail(f"{random_only[0]} shapes random trees: it does not apply to exercises of "
             f"{'given trees' if source == 'trees' else 'game positions'}")
    if source in ("trees", "positions") and count is not None:
        fail("--count makes random exercises: with --tree, --tree-file or positions there is one exercise each")
    if source == "game" and positions and count is not None:
        fail("--count makes random positions: with positions given there is one exercise each")
    if source == "trees" and depth is not None:
        fail("--depth shapes random trees: a tree given with --tree is searched whole")
    if source in ("game", "positions") and root is not None:
        fail("--root says who moves at a textbook tree's root: a game says it itself")
    if source in ("random", "trees") and moves is not None:
        fail("--moves plays moves in a game: use it with --game or positions")
    if max_game_length is not None and (source != "game" or positions):
        fail("--max-game-length bounds the random games that find positions: use it with --game and no positions")


def _random_trees(count: int, depth: int | None, branching: tuple[int, int] | None, values: tuple[int, int] | None,
                  distinct: bool, seed: int, root: str | None, order: OrderName) -> list[Any]:
    from treeviz.exercises.sources import RandomTrees, random_tree_exercises

    depth = depth or DEFAULT_DEPTH
    fewest, most = branching or DEFAULT_BRANCHING
    low, high = values or DEFAULT_RANGE
    if fewest ** depth > MAX_LEAVES or most ** depth > 100 * MAX_LEAVES:
        shown = f"{fewest}" if fewest == most else f"{fewest}..{most}"
        fail(f"--depth {depth} with --branching {shown} makes trees of "
             f"{'up to ' if fewest != most else ''}{most ** depth:,} leaves, too wide for any page (a page holds "
             f"about {MAX_LEAVES} at most): ask for a smaller --depth or --branching")
    if distinct and high - low + 1 < fewest ** depth:
        fail(f"--distinct needs {fewest ** depth} different leaf values (a tree of depth {depth} and branching "
             f"{fewest}), but --range {low}..{high} holds only {high - low + 1}: widen --range or leave out "
             "--distinct")
    shape = RandomTrees(depth=depth, branching=(fewest, most), low=low, high=high, root=root or "max",
                        distinct=distinct)
    try:
        return random_tree_exercises(shape, count=count, seed=seed, order=order)
    except ValueError as exc:
        if distinct and "distinct" in str(exc):
            fail(f"--distinct: {exc} (--range {low}..{high}): widen --range or leave out --distinct")
        raise


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


FOOTER_FILE_TREES = 80
"""The trees of a ``--tree-file`` are written into the footer's command when they take this many characters at most;
beyond, the footer names the file."""


@dataclass(frozen=True)
class Given:
    """What the user gave besides the options of random trees, for the footer's command: ``--tree`` texts, the tree
    file (its name and trees), positions, moves played first and ``--per-page``."""

    trees: tuple[str, ...] = ()
    tree_file: str | None = None
    file_trees: list[str] = field(default_factory=list)
    positions: tuple[str, ...] = ()
    moves: str | None = None
    per_page: int | None = None


def shell_word(text: str) -> str:
    """``text`` as one word of a shell command: bare when it can be, else in double quotes (straight on the printed
    page too), else in single quotes."""
    if text and re.fullmatch(r"[\w@%+=:,./-]+", text):
        return text
    if not re.search(r"[\"$`\\!]", text):
        return f'"{text}"'
    return shlex.quote(text)


def _footer(source: str, count: int | None, depth: int | None, branching: tuple[int, int] | None,
            values: tuple[int, int] | None, distinct: bool, seed: int, root: str | None, order: str, paper: str,
            game: str | None, made: int, given: Given = Given()) -> str:
    """How the worksheet was made, at the foot of each page: the command that makes it again (with ``-o`` and
    ``--key`` to choose): given trees inline, those of a file too when they are short (else the file named),
    positions, the game and the moves played first."""
    words = ["treeviz exercise"]
    if source == "random":
        fewest, most = branching or DEFAULT_BRANCHING
        low, high = values or DEFAULT_RANGE
        words += [f"--count {made}", f"--depth {depth or DEFAULT_DEPTH}",
                  f"--branching {fewest if fewest == most else f'{fewest}..{most}'}", f"--range {low}..{high}"]
        if distinct:
            words.append("--distinct")
    elif source == "trees":
        words += [f"--tree {shell_word(tree)}" for tree in given.trees]
        inline = [f"--tree {shell_word(tree)}" for tree in given.file_trees]
        if given.tree_file is not None:
            short = sum(len(word) for word in inline) <= FOOTER_FILE_TREES or given.tree_file == "-"
            words += inline if short else [f"--tree-file {shell_word(given.tree_file)}"]
    else:
        if game is not None:
            words.append(f"--game {shell_word(game)}")
        if count is not None:
            words.append(f"--count {made}")
        words += [shell_word(position) for position in given.positions]
        if given.moves is not None:
            words.append(f"--moves {shell_word(given.moves)}")
        if depth is not None:
            words.append(f"--depth {depth}")
    if source == "random" or count is not None or order == "random":
        words.append(f"--seed {seed}")
    if root == "min":
        words.append("--root min")
    if order != "ascending":
        words.append(f"--order {order}")
    if paper != "a4":
        words.append(f"--paper {paper}")
    if given.per_page is not None:
        words.append(f"--per-page {given.per_page}")
    return " ".join(words)
