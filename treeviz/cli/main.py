"""The ``treeviz`` umbrella command; each subcommand lives in its own module here.

Subcommands are imported only when used, so ``treeviz --help`` stays fast and a
module can be added without touching the others: add a line to ``COMMANDS``.
"""

from __future__ import annotations

import importlib
from typing import NoReturn

import click

from treeviz.cli.common import run

COMMANDS: dict[str, tuple[str, str]] = {
    # name: (module, attribute) -- the attribute is a click.Command
    "tree": ("treeviz.cli.tttree", "tree_command"),
    "compare": ("treeviz.cli.tttree", "compare_command"),
    "view": ("treeviz.cli.view", "view_command"),
    "count": ("treeviz.cli.count", "count_command"),
    "solve": ("treeviz.cli.solve", "solve_command"),
    "play": ("treeviz.cli.play", "play_command"),
    "bot": ("treeviz.cli.bot", "bot_command"),
    "mcts": ("treeviz.cli.mctsbot", "mcts_command"),
    "perft": ("treeviz.cli.perft", "perft_command"),
    "arena": ("treeviz.cli.arena", "arena_command"),
    "sprt": ("treeviz.cli.sprt", "sprt_command"),
    "report": ("treeviz.cli.report", "report_command"),
    "exercise": ("treeviz.cli.exercise", "exercise_command"),
}

SHORT_HELP: dict[str, str] = {
    "tree": "Search tree of a position (same as tttree).",
    "compare": "Minimax and alpha-beta trees side by side.",
    "view": "Write the interactive HTML page of a tree and open it.",
    "count": "Count finished games won by x, by o, and drawn.",
    "solve": "Game value, optimal moves and a winning strategy.",
    "play": "Play against the computer in the terminal.",
    "bot": "Best ultimate move within a time budget (same as sm-bot).",
    "mcts": "Ultimate move by Monte Carlo tree search within a time budget (same as sm-mcts).",
    "perft": "Number of move sequences of a given length.",
    "arena": "Run an ultimate tic-tac-toe championship between bots.",
    "sprt": "Is bot A stronger than bot B? A paired match decided by a sequential test.",
    "report": "Results page of a championship from its records.",
    "exercise": "Alpha-beta worksheets to print, with their answer keys.",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, attribute = COMMANDS[cmd_name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None
            raise
        command = getattr(module, attribute)
        command.name = cmd_name
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SHORT_HELP.get(name, "")) for name in COMMANDS]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="treeviz")
def cli() -> None:
    """Game trees made visible: build, draw, count, solve and play tic-tac-toe and ultimate tic-tac-toe."""


def main() -> NoReturn:
    """Console-script entry point."""
    run(cli, prog_name="treeviz")
