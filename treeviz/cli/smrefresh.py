"""``sm-refresh``: play ultimate tic-tac-toe against the bot in the terminal, with a live page.

The terminal shows the big board and the nine sub-boards after every move;
``g.dot``, ``g.png`` and ``refresh.html`` in the output folder follow the game
for a browser. It is ``treeviz play --game ultimate`` under its course name.
"""

from __future__ import annotations

from typing import Any, NoReturn

import click

from treeviz.cli.common import run
from treeviz.cli.play import RENAMED, play_options, run_game, settings_from_options
from treeviz.cli.usage import Command


@click.command("sm-refresh", cls=Command, context_settings={"help_option_names": ["-h", "--help"]}, renamed=RENAMED)
@play_options("ultimate")
def smrefresh_command(**options: Any) -> None:
    """Play ultimate tic-tac-toe against the computer in the terminal.

    You play x (moving first) unless --human says otherwise. Type a move as
    45 (sub-board 4, cell 5), e5 (sub-board letter a-i, cell), or the cell
    alone when the sub-board is forced. After every move g.dot, g.png and
    refresh.html (a page that reloads itself: open it in a browser) are written
    in the output folder. End the input (Ctrl-D) or type quit to stop: the FEN
    to resume from with --fen is printed.
    """
    run_game(settings_from_options("ultimate", options), resume_command="sm-refresh")


def main() -> NoReturn:
    """Console-script entry point."""
    run(smrefresh_command, prog_name="sm-refresh")
