"""``treeviz play``: a game against the computer in the terminal, with a live picture and page.

Shared with ``sm-refresh`` (which is this command fixed to ultimate tic-tac-toe):
the options, the choice of computer players, the files written after every move
(``g.dot``, ``g.png``, ``refresh.html``) and the optional local web server.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from engine.game import PLAYER_NAMES, O, Player, X
from treeviz.cli.common import fail
from treeviz.cli.usage import Command, Folder, OneOf, Seconds, Text, WholeNumber, typed_option
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
TICTACTOE_AIS = ("minimax", "alphabeta", "strategy", "dfs", "bfs", "random")
ULTIMATE_AIS = ("alphabeta", "seed", "greedy", "random")
"""Computer algorithms for ultimate: our alpha-beta bot (time limit or fixed depth), the course's fixed-depth
bot (seed), one ply ahead (greedy), random moves."""
DEPTH_AIS = {"ttt": ("minimax", "alphabeta"), "ultimate": ("alphabeta", "seed")}
"""The algorithms a --depth applies to."""
SEED_DEPTH = 3
DEFAULT_AI = {"ttt": "alphabeta", "ultimate": "alphabeta"}
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
    if game == "ultimate":
        ai_names = ULTIMATE_AIS
        ai_help = ("The computer's algorithm: alphabeta (our bot, --seconds or --depth), seed (the course's "
                   "fixed-depth bot, --depth, default 3), greedy (one ply ahead), random.  [default: alphabeta]")
    else:
        ai_names = tuple(sorted(set(TICTACTOE_AIS) | set(ULTIMATE_AIS)))
        ai_help = ("The computer's algorithm. Tic-tac-toe: minimax, alphabeta, strategy (the solved strategy), "
                   "dfs, bfs, random. Ultimate: alphabeta (the bot), seed (the course's fixed-depth bot), "
                   "greedy, random.  [default: alphabeta]")

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        options = [
            click.option("--human", type=OneOf(HUMAN_SIDES), default="x", show_default=True,
                         help="The side you play; 'none' to watch the computer play both sides, "
                              "'both' for two people."),
            click.option("--player", "ai", type=OneOf(ai_names), default=None, help=ai_help),
            click.option("--seconds", "-t", "seconds", type=Seconds(minimum=0.01), default=DEFAULT_SECONDS,
                         show_default=True, metavar="SECONDS",
                         help="Ultimate: the computer's time per move, in seconds (at least 0.01)."),
            click.option("--depth", type=WholeNumber(1), default=None, metavar="N",
                         help="Fixed search depth in plies instead of a time limit (minimax, alphabeta, seed)."),
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
    ai = options["ai"] or DEFAULT_AI[game]
    allowed = TICTACTOE_AIS if game == "ttt" else ULTIMATE_AIS
    if ai not in allowed:
        fail(f"{typed_option('--player')} {ai} is not available for {game}: choose one of {', '.join(allowed)}")
    depth = options["depth"]
    if depth is not None and ai not in DEPTH_AIS[game]:
        fail(f"--depth applies to {' and '.join(DEPTH_AIS[game])}, not to {typed_option('--player')} {ai}")
    return PlaySettings(
        game=game, human=options["human"], ai=ai, seconds=options["seconds"], depth=depth,
        folder=options["folder"], fen=options["fen"], png=not options["no_png"], serve=options["serve"],
        seed=options["seed"], clear=not options["no_clear"], pause=options["pause"],
    )


# -- computer players --------------------------------------------------------------------------------

def tictactoe_computer(settings: PlaySettings) -> ComputerPlayer:
    """A 3x3 opponent from :mod:`engine.arena.tictactoe_players`."""
    from engine.arena.tictactoe_players import tictactoe_player

    decide = tictactoe_player(settings.ai or "alphabeta", depth=settings.depth, seed=settings.seed)
    name = settings.ai or "alphabeta"
    if settings.depth is not None:
        name += f" depth {settings.depth}"

    def choose(state: Any) -> Choice:
        decision = decide(state)
        return Choice(decision.move, decision.note)

    return ComputerPlayer(name, choose)


def ultimate_computer(settings: PlaySettings) -> ComputerPlayer:
    """An ultimate opponent from :mod:`engine.arena.players`: the bot (time limit or fixed depth), seed, greedy,
    random."""
    from engine.arena import players

    ai = settings.ai or "alphabeta"
    if ai == "random":
        player: Any = players.RandomPlayer(settings.seed)
        return ComputerPlayer("random", lambda state: Choice(player.choose(state, settings.seconds)))
    if ai == "greedy":
        player = players.GreedyPlayer(settings.seed)
        return ComputerPlayer("greedy", lambda state: Choice(player.choose(state, settings.seconds)))
    if ai == "seed":
        depth = settings.depth or SEED_DEPTH
        player = players.SeedPlayer(depth)
        return ComputerPlayer(f"seed bot depth {depth}", lambda state: Choice(player.choose(state, settings.seconds)))
    if settings.depth is not None:
        return _fixed_depth_bot(settings.depth)
    bot = players.BotPlayer(settings.seconds)

    def choose(state: Any) -> Choice:
        move = bot.choose(state, settings.seconds)
        return Choice(move, _decision_note(bot.last))

    return ComputerPlayer(f"alphabeta {settings.seconds:g} s/move", choose)


def _fixed_depth_bot(depth: int) -> ComputerPlayer:
    """The bot's search (iterative deepening, same evaluation) stopped at ``depth`` plies instead of a deadline."""
    from math import inf

    from engine.bot.iterative import think
    from engine.evaluation.ultimate import WIN, evaluate, scoring
    from engine.games.ultimate import ULTIMATE
    from engine.search.transposition import TranspositionTable

    table = TranspositionTable()

    def choose(state: Any) -> Choice:
        decision = think(ULTIMATE, state, inf, evaluate=evaluate, scoring=scoring, win=WIN, max_depth=depth,
                         table=table)
        return Choice(decision.move, _decision_note(decision))

    return ComputerPlayer(f"alphabeta depth {depth}", choose)


def _decision_note(decision: Any) -> str:
    """``depth 7, 41,230 nodes, value +35`` from the bot's report."""
    if decision is None:
        return ""
    value = "solved " if decision.solved else ""
    return f"depth {decision.depth}, {decision.nodes:,} nodes, {value}value {decision.value:+g} for x"


def computer_sides(settings: PlaySettings) -> dict[Player, ComputerPlayer | None]:
    """Which side the computer plays (``None``: a person types the moves)."""
    make = tictactoe_computer if settings.game == "ttt" else ultimate_computer
    humans = {"x": {X}, "o": {O}, "none": set(), "both": {X, O}}[settings.human]
    return {side: None if side in humans else make(settings) for side in (X, O)}


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
