"""``treeviz play``: a game against the computer in the terminal, with a live picture and page.

Shared with ``sm-refresh`` (which is this command fixed to ultimate tic-tac-toe):
the options, the choice of computer players, the files written after every move
(``g.dot``, ``g.png``, ``refresh.html``) and the optional local web server.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from engine.game import PLAYER_NAMES, O, Player, X
from treeviz.cli.common import fail
from treeviz.cli.usage import Command, Folder, OneOf, Seconds, Text, WholeNumber, deprecation_note, typed_option
from treeviz.play.session import (
    Choice,
    ComputerPlayer,
    Ending,
    GameSession,
    Position,
    TicTacToeVariant,
    UltimateVariant,
    Variant,
)

GAMES = ("ttt", "ultimate")
ENGINE_GAMES = {"ttt": "tictactoe", "ultimate": "ultimate"}
"""``--game`` words and the engine's names of the games (:func:`engine.arena.players.make_player`)."""
TICTACTOE_PLAYERS = ("minimax", "alphabeta", "strategy", "dfs", "bfs", "random")
ULTIMATE_PLAYERS = ("bot", "bot:S", "course", "course:N", "mcts", "mcts:S", "greedy", "random")
"""What --player takes for ultimate: our bot (a time per move, or a fixed --depth), the course's fixed-depth bot,
Monte Carlo tree search, one ply ahead (greedy), random moves -- the arena's built-ins, by the same factory."""
OLD_ULTIMATE_PLAYERS = {"alphabeta": "bot", "seed": "course"}
"""Old --player (--ai) words for ultimate, still read for one release."""
DEFAULT_PLAYER = {"ttt": "alphabeta", "ultimate": "bot"}
DEFAULT_SECONDS = 1.0
HUMAN_SIDES = ("x", "o", "none", "both")


@dataclass(frozen=True)
class PlaySettings:
    """Everything a game needs, as the options gave it."""

    game: str
    human: str
    ai: str | None
    seconds: float
    depth: int | None
    folder: Path
    fen: str | None
    png: bool
    serve: int | None
    seed: int | None
    clear: bool
    pause: float = 0.0


def play_options(game: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options ``treeviz play`` (``game`` None: both games) and ``sm-refresh`` (``"ultimate"``) share."""
    ultimate = ("bot (ours: --seconds a move, or --depth), course:N (the course's fixed-depth bot, depth 3 by "
                "default), mcts or mcts:S (Monte Carlo tree search), greedy (one ply ahead), random")
    if game == "ultimate":
        player_help = f"The computer, as the arena names players: {ultimate}.  [default: bot]"
    else:
        player_help = ("The computer. Tic-tac-toe: minimax, alphabeta, strategy (the solved strategy), dfs, bfs, "
                       f"random [default: alphabeta]. Ultimate, as the arena names players: {ultimate} "
                       "[default: bot].")

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        options = [
            click.option("--human", type=OneOf(HUMAN_SIDES), default="x", show_default=True,
                         help="The side you play; 'none' to watch the computer play both sides, "
                              "'both' for two people."),
            click.option("--player", "ai", type=Text(), metavar="SPEC", default=None, help=player_help),
            click.option("--seconds", "-t", "seconds", type=Seconds(minimum=0.01), default=DEFAULT_SECONDS,
                         show_default=True, metavar="SECONDS",
                         help="Ultimate: the computer's time per move, in seconds (at least 0.01)."),
            click.option("--depth", type=WholeNumber(1), default=None, metavar="N",
                         help="Fixed search depth in plies instead of a time limit (tic-tac-toe: minimax, alphabeta; "
                              "ultimate: bot, course)."),
            click.option("-o", "--output", "folder", type=Folder(),
                         default=Path("."), show_default=True, help="Folder for g.dot, g.png and refresh.html."),
            click.option("--fen", type=Text(), metavar="FEN", default=None,
                         help="Start from this position (the FEN printed when a game stops)."),
            click.option("--no-png", "no_png", is_flag=True,
                         help="Do not draw g.png (g.dot and refresh.html still kept)."),
            click.option("--port", "serve", type=WholeNumber(0, 65535), default=None, metavar="PORT",
                         help="Also serve the folder on http://127.0.0.1:PORT/ (0: any free port)."),
            click.option("--seed", type=WholeNumber(), default=None, metavar="N",
                         help="Random seed of the random and greedy players."),
            click.option("--no-clear", "no_clear", is_flag=True, help="Do not clear the terminal between moves."),
            click.option("--pause", type=Seconds(zero=True), default=0.0, metavar="SECONDS",
                         help="Wait after each computer move (to follow a game between computers)."),
        ]
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


def settings_from_options(game: str, options: dict[str, Any]) -> PlaySettings:
    """Check option combinations for ``game`` and gather them (bad combinations are ``error:`` exit 2)."""
    from engine.arena.players import DEPTH_PLAYERS, builtin_spec

    ai = options["ai"] or DEFAULT_PLAYER[game]
    typed = typed_option("--player")
    if game == "ultimate" and ai.partition(":")[0] in OLD_ULTIMATE_PLAYERS:
        old = ai
        word, sep, rest = ai.partition(":")
        ai = OLD_ULTIMATE_PLAYERS[word] + sep + rest
        deprecation_note(f"{typed} {old}", f"--player {ai}")
    try:
        known = ai in TICTACTOE_PLAYERS if game == "ttt" else builtin_spec(ai) is not None
    except ValueError as exc:
        fail(exc)
    if not known:
        allowed = TICTACTOE_PLAYERS if game == "ttt" else ULTIMATE_PLAYERS
        fail(f"{typed} {ai} is not available for {game}: choose one of {', '.join(allowed)}")
    depth = options["depth"]
    takes_depth = DEPTH_PLAYERS[ENGINE_GAMES[game]]
    if depth is not None and (ai not in takes_depth):
        fail(f"--depth applies to {' and '.join(takes_depth)}, not to {typed} {ai}")
    return PlaySettings(
        game=game, human=options["human"], ai=ai, seconds=options["seconds"], depth=depth,
        folder=options["folder"], fen=options["fen"], png=not options["no_png"], serve=options["serve"],
        seed=options["seed"], clear=not options["no_clear"], pause=options["pause"],
    )


# -- computer players --------------------------------------------------------------------------------

def computer(settings: PlaySettings) -> ComputerPlayer:
    """The computer ``--player`` names, built by the engine's one player factory (as the arena's players)."""
    from engine.arena.players import choose_within, make_player

    try:
        player = make_player(settings.ai or DEFAULT_PLAYER[settings.game], game=ENGINE_GAMES[settings.game],
                             seed=settings.seed, depth=settings.depth)
    except ValueError as exc:
        fail(exc)
    timed = settings.game == "ultimate" and settings.depth is None and player.name.startswith(("bot", "mcts"))
    name = f"{player.name} {settings.seconds:g} s/move" if timed and ":" not in player.name else player.name

    def choose(state: Any) -> Choice:
        move = choose_within(player, state, settings.seconds, time.monotonic())
        return Choice(move, _decision_note(player))

    return ComputerPlayer(name, choose)


def _decision_note(player: Any) -> str:
    """How the player's last move was found: ``depth 7, 41,230 nodes, value +35 for x`` from our bot, the
    tic-tac-toe algorithms' own words; nothing from the others."""
    from engine.bot.result import Decision

    note = getattr(player, "last_note", None)
    if note is not None:
        return str(note)
    decision = getattr(player, "last", None)
    if not isinstance(decision, Decision):
        return ""
    value = "solved " if decision.solved else ""
    return f"depth {decision.depth}, {decision.nodes:,} nodes, {value}value {decision.value:+g} for x"


def computer_sides(settings: PlaySettings) -> dict[Player, ComputerPlayer | None]:
    """Which side the computer plays (``None``: a person types the moves)."""
    humans = {"x": {X}, "o": {O}, "none": set(), "both": {X, O}}[settings.human]
    return {side: None if side in humans else computer(settings) for side in (X, O)}


# -- files written after every move -------------------------------------------------------------------

class LiveFiles:
    """Writes g.dot, g.png and refresh.html for every position; a drawing failure only turns pictures off."""

    def __init__(self, folder: Path, *, png: bool) -> None:
        self.folder = folder
        self.png = png
        self._warned: set[str] = set()

    def __call__(self, position: Position) -> None:
        from treeviz.draw.graphviz import RenderError
        from treeviz.play.board_picture import write_board_picture
        from treeviz.play.live_page import write_live_page

        try:
            try:
                write_board_picture(self.folder, position.variant.game, position.state, last=position.last_move,
                                    caption=_caption(position), png=self.png)
            except RenderError as exc:
                self._warn(f"could not draw {self.folder / 'g.png'}: {exc}; going on without pictures")
                self.png = False
                write_board_picture(self.folder, position.variant.game, position.state, last=position.last_move,
                                    caption=_caption(position), png=False)
            write_live_page(self.folder, position, picture=self.png)
        except OSError as exc:
            # The game matters more than its files: say so once and play on.
            self._warn(f"could not write into {str(self.folder)!r}: {exc.strerror or exc}; the game goes on")

    def _warn(self, message: str) -> None:
        if message.split(":")[0] not in self._warned:
            self._warned.add(message.split(":")[0])
            click.echo(f"warning: {message}", err=True)


def _caption(position: Position) -> str:
    moves = len(position.moves)
    if position.last_move is not None:
        mover = PLAYER_NAMES[1 - position.variant.game.to_move(position.state)]
        last = f"Last move {position.variant.move_name(position.last_move)} by {mover}"
    else:
        last = "No move yet"
    played = f" - {moves} move{'' if moves == 1 else 's'} played" if moves else ""
    return f"{position.status}\n{last}{played}"


# -- the whole game ---------------------------------------------------------------------------------------

def variant_for(game: str) -> Variant:
    """The terminal front-end of ``game`` (``ttt`` or ``ultimate``)."""
    return TicTacToeVariant() if game == "ttt" else UltimateVariant()


def run_game(settings: PlaySettings, *, resume_command: str) -> Ending:
    """Set up the folder, the players and the optional server, then play; Ctrl-C exits with status 130."""
    variant = variant_for(settings.game)
    state = variant.game.initial() if settings.fen is None else variant.game.parse_fen(settings.fen)
    try:
        settings.folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the output folder {str(settings.folder)!r}: {exc.strerror}")
    players = computer_sides(settings)
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # odd bytes typed are a bad move, not a crash
    server = None
    page = (settings.folder / "refresh.html").resolve()
    footer = f"Live page: {page.as_uri()}"
    if settings.serve is not None:
        from treeviz.play.live_server import LiveServer

        try:
            server = LiveServer(settings.folder, settings.serve)
        except OSError as exc:
            fail(f"cannot serve on 127.0.0.1 port {settings.serve}: {exc.strerror or exc}")
        footer = f"Live page: {server.url('refresh.html')}  (also {page.as_uri()})"
    session = GameSession(
        variant=variant, state=state, players=players,
        on_position=LiveFiles(settings.folder, png=settings.png),
        clear_screen=settings.clear and sys.stdout.isatty(),
        echo_input=not sys.stdin.isatty(),
        resume_hint=resume_command,
        footer=footer,
        pause=settings.pause,
    )
    try:
        ending = session.run()
    finally:
        if server is not None:
            server.stop()
    if ending is Ending.INTERRUPTED:
        raise click.Abort()
    return ending


RENAMED = {"--ai": "--player", "--time": "--seconds", "--serve": "--port"}
"""Old spellings of the play options (one release with a note): one word for a thing across every command."""


@click.command("play", cls=Command, context_settings={"help_option_names": ["-h", "--help"]}, renamed=RENAMED)
@click.option("--game", type=OneOf(GAMES), default="ttt", show_default=True,
              help="ttt: 3x3 tic-tac-toe; ultimate: ultimate tic-tac-toe (same as sm-refresh).")
@play_options()
def play_command(game: str, **options: Any) -> None:
    """Play against the computer in the terminal.

    Type moves at the prompt (tic-tac-toe: a cell 1-9; ultimate: 45, e5, or the
    cell alone when the sub-board is forced). After every move g.dot, g.png and
    refresh.html (a page that reloads itself) are written in the output folder.
    End the input (Ctrl-D) or type quit to stop: the FEN to resume from with
    --fen is printed.
    """
    settings = settings_from_options(game, options)
    command = "treeviz play --game ttt" if game == "ttt" else "treeviz play --game ultimate"
    run_game(settings, resume_command=command)
