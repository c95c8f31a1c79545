"""Usage errors and help in the user's words: the parameter types, the command class and the error formatter.

Every command is a :class:`Command` and takes its values through the types here,
so a bad invocation is answered the same way everywhere: the option or argument
as the user typed it, what was expected and what was given (``SECONDS must be a
number of seconds > 0, got 'abc'``; ``unknown option --frob``), and ``--help``
shows no click type names (``INTEGER RANGE``, ``x>=0``). Old option spellings a
command renamed keep working for one release, with a note on stderr
(:data:`Command.renamed`).
"""

from __future__ import annotations

import difflib
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

NEGATIVE_NUMBER = re.compile(r"-(\d|\.\d|inf|nan)", re.IGNORECASE)
"""A token that is a value (``-1``, ``-0.5``), not an option."""


class ReaderGone(Exception):  # noqa: N818 - what happened, not an error of ours
    """The reader of the command's output went away (``| head``): raised instead of the broken pipe, which click
    would turn into exit status 1 itself."""


class Command(click.Command):
    """A click command whose parsing speaks the user's words.

    ``renamed`` maps old option spellings to their new ones (each used one is rewritten, with a
    deprecation note on stderr); ``usage`` replaces the usage line's arguments (``FEN SECONDS``).
    """

    def __init__(self, *args: Any, renamed: dict[str, str] | None = None, usage: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not any(p.name == "version" for p in self.params):
            from treeviz.cli.version import version_option

            self.params.append(version_option())  # every command says its version (before --help)
        self.renamed = dict(renamed or {})
        self.usage = usage

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Rename old spellings, refuse unknown options and extra arguments in our words, then parse."""
        ctx.meta["treeviz.argv"] = list(args)
        ctx.meta["treeviz.renamed"] = self.renamed
        args = self._modernised(ctx, list(args))
        self._refuse_unknown_options(ctx, args)
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            rest = super().parse_args(ctx, args)
        except click.UsageError as exc:
            if exc.ctx is None:
                exc.ctx = ctx  # the parser's errors come without it: the message needs the command's options
            raise
        ctx.allow_extra_args = allowed
        if rest and not allowed:
            shown = " ".join(repr(arg) for arg in rest)
            raise click.UsageError(f"unexpected extra argument{'s' if len(rest) > 1 else ''} {shown} "
                                   f"(see {ctx.command_path} --help)", ctx)
        return rest

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a broken pipe becomes :class:`ReaderGone`, for the runner to end quietly."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise ReaderGone() from exc

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line after the program's name: ``usage`` when given, else click's pieces."""
        if self.usage is not None:
            return [self.usage]
        return super().collect_usage_pieces(ctx)

    def _modernised(self, ctx: click.Context, args: list[str]) -> list[str]:
        """``args`` with every old spelling in :attr:`renamed` replaced by the new one, said on stderr once."""
        if not self.renamed:
            return args
        out: list[str] = []
        told: set[str] = set()
        for index, arg in enumerate(args):
            if arg == "--":
                return out + args[index:]
            name, eq, value = arg.partition("=")
            new = self.renamed.get(name)
            if new is not None and arg.startswith("-"):
                if name not in told:
                    told.add(name)
                    click.echo(f"note: {ctx.command_path} {name} is now {new}; the old spelling goes in the next "
                               "release", err=True)
                arg = new + eq + value
            out.append(arg)
        return out

    def _refuse_unknown_options(self, ctx: click.Context, args: list[str]) -> None:
        """``unknown option --frob`` even where negative numbers are let through as arguments."""
        takes_value: dict[str, bool] = {}
        for param in self.get_params(ctx):
            if isinstance(param, click.Option):
                for opt in (*param.opts, *param.secondary_opts):
                    takes_value[opt] = not (param.is_flag or param.count or param._flag_needs_value)
        skip = False
        for arg in args:
            if skip:
                skip = False
                continue
            if arg == "--":
                return
            if not arg.startswith("-") or arg == "-" or NEGATIVE_NUMBER.match(arg):
                continue
            name = arg.partition("=")[0]
            if name in takes_value:
                skip = takes_value[name] and "=" not in arg
                continue
            if not arg.startswith("--") and arg[:2] in takes_value:
                continue  # a short option with its value attached: -t0.5
            longs = [opt for opt in takes_value if opt.startswith("--")]
            raise click.NoSuchOption(name, possibilities=longs, ctx=ctx)


def usage_message(exc: click.UsageError) -> str:
    """The one-line message for a usage error: what the user typed and what was expected."""
    ctx = exc.ctx
    where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
    if isinstance(exc, click.NoSuchOption):
        near = difflib.get_close_matches(exc.option_name, exc.possibilities or [], n=1)
        hint = f": did you mean {near[0]}?" if near else where
        return f"unknown option {exc.option_name}{hint}"
    if isinstance(exc, click.MissingParameter):
        param = exc.param
        name = _shown_name(param, ctx) if param is not None else "a value"
        expected = _expected(param)
        return f"missing {name}{f', expected {expected}' if expected else ''}{where}"
    if isinstance(exc, click.BadOptionUsage):
        param = _option_named(ctx, exc.option_name)
        expected = _expected(param)
        return f"{exc.option_name} needs a value{f': {expected}' if expected else ''}"
    if isinstance(exc, click.BadParameter):
        shown = _shown_name(exc.param, ctx) if exc.param is not None else (exc.param_hint or "a value")
        message = exc.message
        return f"{shown} {message}" if message.startswith("must ") else f"{shown}: {message}"
    command = getattr(exc, "command_name", None)
    if command is not None and ctx is not None and isinstance(ctx.command, click.Group):
        commands = ", ".join(ctx.command.list_commands(ctx))
        return f"unknown command {command!r}: the commands are {commands}"
    return exc.format_message()


FLAGS: dict[str, str] = {
    "algorithm": "--algo", "algorithms": "--compare", "depth": "--depth", "scoring": "--scoring", "order": "--order",
    "max_nodes": "--max-nodes", "node_budget": "--node-budget", "merge": "--merge", "iterations": "--iterations",
    "c": "--c", "seed": "--seed", "solver": "--solver", "path": "--path", "plies": "--plies", "style": "--style",
    "size": "--size", "dpi": "--dpi", "theme": "--theme", "rankdir": "--rankdir", "fmt": "--format",
    "tex_body": "--tex-body", "title": "--title", "file": "-o", "max_positions": "--max-positions",
    "tree": "--tree", "root": "--root", "game": "--game", "moves": "--moves", "orders": "--order",
    "explain": "--explain",
    "branching": "--branching", "paper": "--paper", "per_page": "--per-page", "count": "--count",
    "quiz": "--quiz", "max_game_length": "--max-game-length",
    "table": "--tt", "guess": "--guess", "aspiration": "--aspiration",
    "show_pruned": "--show-pruned", "strategic": "--strategic",
    "fps": "--fps", "max_steps": "--max-steps",
}
"""The library's parameter names and the options that set them: the one place the CLI translates a
:class:`engine.errors.ParameterError` (``depth=3 does not apply to algorithm='mcts'``) into its own words
(``--depth 3 does not apply to --algo mcts``)."""


def in_cli_words(exc: Exception) -> str:
    """The message of a library error with its parameters written as this CLI's options and values."""
    from engine.errors import ParameterError

    if not isinstance(exc, ParameterError):
        return str(exc)

    def word(name: str, value: object, spec: str) -> str:
        flag = FLAGS.get(name)
        if spec == "bare":
            return str(value)
        if flag is None:
            return name if spec == "name" else f"{name}={value!r}"
        if spec == "name" or value is True:
            return flag
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10_000:
            value = f"{value:,}"
        return f"{flag} {value!r}" if spec == "quoted" else f"{flag} {value}"

    return exc.render(word)


def _shown_name(param: click.Parameter | None, ctx: click.Context | None) -> str:
    """The parameter as the user typed it (``-t`` or ``--limit``), or its metavar for an argument (``SECONDS``)."""
    if param is None:
        return "a value"
    if isinstance(param, click.Argument):
        return param.human_readable_name
    opts = [*param.opts, *param.secondary_opts]
    typed = ctx.meta.get("treeviz.argv", []) if ctx is not None else []
    renamed = ctx.meta.get("treeviz.renamed", {}) if ctx is not None else {}
    opts += [old for old, new in renamed.items() if new in opts]
    for arg in reversed(typed):
        for opt in opts:
            if arg == opt or arg.startswith(opt + "=") or (not opt.startswith("--") and arg.startswith(opt)):
                return opt
    return max(opts, key=len)


def _option_named(ctx: click.Context | None, name: str) -> click.Parameter | None:
    if ctx is None:
        return None
    for param in ctx.command.get_params(ctx):
        if isinstance(param, click.Option) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _expected(param: click.Parameter | None) -> str:
    """What ``param`` takes, in words (``a whole number >= 0``), when its type says it."""
    if param is None:
        return ""
    describe = getattr(param.type, "describe", None)
    return describe() if describe is not None else ""


def typed_option(name: str) -> str:
    """``name`` (an option's current spelling) as the user typed it in this command: its old spelling when that
    is what was typed, so messages speak the user's words."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return name
    typed = ctx.meta.get("treeviz.argv", [])
    olds = [old for old, new in ctx.meta.get("treeviz.renamed", {}).items() if new == name]
    for arg in reversed(typed):
        for spelling in (name, *olds):
            if arg == spelling or arg.startswith(spelling + "="):
                return spelling
    return name


def deprecation_note(old: str, new: str) -> None:
    """Say on stderr that ``old`` (a value's old spelling) is now ``new``."""
    click.echo(f"note: {old} is now {new}; the old spelling goes in the next release", err=True)


def note_old_player_spelling(spec: str) -> str:
    """``spec`` as given (so a championship recorded with it resumes), after a note when it uses an old word of
    the player language (``seed:4`` is now ``course:4``)."""
    from engine.arena.players import renamed_spec

    new = renamed_spec(spec)
    if new is not None:
        deprecation_note(f"player {spec}", new)
    return spec


class PathRefused(click.ClickException):
    """An output path that cannot be written, said as :class:`treeviz.files.OutputPathError` says it; exit 2."""

    exit_code = 2


# -- parameter types ------------------------------------------------------------------------------------------

class Seconds(click.ParamType):
    """A time in seconds, > 0 (or >= 0 with ``zero``), finite, at most ``maximum``."""

    name = "seconds"

    def __init__(self, *, zero: bool = False, minimum: float = 0.0, maximum: float = 86400.0) -> None:
        self.zero = zero
        self.minimum = minimum
        self.maximum = maximum

    def describe(self) -> str:
        """``a number of seconds > 0``."""
        low = f">= {self.minimum:g}" if self.zero or self.minimum > 0 else "> 0"
        return f"a number of seconds {low}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            seconds = float(str(value))
        except ValueError:
            seconds = math.nan
        low_ok = seconds >= self.minimum if (self.zero or self.minimum > 0) else seconds > 0
        if not (math.isfinite(seconds) and low_ok):
            self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)
        if seconds > self.maximum:
            self.fail(f"must be {self.describe()} and at most {self.maximum:,g} (a day), got {value!r}", param, ctx)
        return seconds


class WholeNumber(click.ParamType):
    """An integer within ``minimum``..``maximum`` (either may be None)."""

    name = "n"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def describe(self) -> str:
        """``0 or more (a whole number)``, ``a whole number from 0 to 20``."""
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"{self.minimum} or more (a whole number)"
        if self.maximum is not None:
            return f"{self.maximum} or less (a whole number)"
        return "a whole number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip().replace("_", ""))
            except ValueError:
                self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)
        if (self.minimum is not None and number < self.minimum) or (self.maximum is not None
                                                                     and number > self.maximum):
            self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)
        return number


class Number(click.ParamType):
    """A finite real number >= ``minimum`` (None: any); ``about`` says what it is in messages."""

    name = "x"

    def __init__(self, minimum: float | None = None, *, about: str = "") -> None:
        self.minimum = minimum
        self.about = about

    def describe(self) -> str:
        """``a number >= 0 (the UCB1 exploration constant)``."""
        what = "a number" if self.minimum is None else f"a number >= {self.minimum:g}"
        return f"{what} ({self.about})" if self.about else what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(str(value))
            except ValueError:
                number = math.nan
        if not math.isfinite(number) or (self.minimum is not None and number < self.minimum):
            self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)
        return number


class OneOf(click.Choice):
    """One of a few words (click's Choice, with the message in our words)."""

    def describe(self) -> str:
        """``one of minimax, alphabeta, mcts``."""
        return "one of " + ", ".join(str(choice) for choice in self.choices)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)


class OneOrMoreOf(click.ParamType):
    """One of a few words, or several of them comma-separated (``best,worst``): a tuple of them, each once."""

    name = "list"

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = list(choices)

    def describe(self) -> str:
        """``one or more of best, worst, random (comma-separated)``."""
        return "one or more of " + ", ".join(self.choices) + " (comma-separated)"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        names = [part.strip() for part in str(value).split(",")]
        if any(not name for name in names):
            self.fail(f"must not have an empty name, got {value!r} (expected {self.describe()})", param, ctx)
        unknown = [name for name in names if name not in self.choices]
        if unknown:
            self.fail(f"must be {self.describe()}, got {unknown[0]!r}", param, ctx)
        repeated = [name for name in names if names.count(name) > 1]
        if repeated:
            self.fail(f"must name each once, got {repeated[0]} twice", param, ctx)
        return tuple(names)


class OutputFile(click.ParamType):
    """A file to write, checked before any work (:func:`treeviz.files.check_output_path`)."""

    name = "file"

    def describe(self) -> str:
        """``a file to write``."""
        return "a file to write"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        from treeviz.files import OutputPathError, check_output_path

        try:
            check_output_path(str(value))
        except OutputPathError as exc:
            raise PathRefused(str(exc)) from None  # the library's words: the path as given and why
        return Path(value)


class Folder(click.ParamType):
    """A folder (made when missing); an existing file of that name is refused."""

    name = "folder"

    def describe(self) -> str:
        """``a folder``."""
        return "a folder"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        text = str(value)
        if text == "":
            self.fail("must name a folder, got ''", param, ctx)
        path = Path(text)
        if path.exists() and not path.is_dir():
            self.fail(f"must be a folder, but {text!r} is a file", param, ctx)
        return path


class Text(click.ParamType):
    """Any text, shown in help as ``metavar`` rather than click's ``TEXT``."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return str(value)


def binary_to_terminal(output: Path | None) -> bool:
    """Whether binary output for ``output`` (None: stdout) would land on a terminal."""
    if output is None:
        return sys.stdout.isatty()
    import os

    try:
        fd = os.open(output, os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return os.isatty(fd)
    finally:
        os.close(fd)


def shown_choices(choices: Sequence[str]) -> str:
    """``minimax, alphabeta or mcts``."""
    items = list(choices)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
