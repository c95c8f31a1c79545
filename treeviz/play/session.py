"""The game loop shared by ``sm-refresh`` and ``treeviz play``: prompt, read, answer, move.

A :class:`GameSession` alternates between people typing moves and computer
players choosing them. Every line a person types is either a move, a command
(``help``, ``quit``) or a mistake; a mistake is answered with one precise
message and a new prompt, never an exception. End of input and Ctrl-C stop the
game cleanly with the FEN to resume from. After every move the session hands a
:class:`Position` to its listener (which writes the picture and the live page).

The rules come from the game objects (``engine.games.tictactoe``, ``engine.games.ultimate``);
a :class:`Variant` only adds what the terminal needs: drawing and move parsing.
"""

from __future__ import annotations

import enum
import re
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from engine.errors import IllegalMoveError, MoveSyntaxError
from engine.game import PLAYER_NAMES, Game, Player
from treeviz.play.terminal_board import big_board_lines, tictactoe_board_lines, ultimate_board_lines, where_to_play

if TYPE_CHECKING:
    from engine.games.tictactoe import TicTacToe
    from engine.games.ultimate import Ultimate

CLEAR_SCREEN = "\x1b[H\x1b[2J"
"""ANSI: cursor home, erase screen (used only when the output is a terminal)."""

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})


class Variant(Protocol):
    """What the terminal loop needs on top of a game's rules."""

    title: str

    @property
    def game(self) -> TicTacToe | Ultimate:
        """The game's rules."""
        ...

    def board_lines(self, state: Any, last: Any | None) -> list[str]:
        """The board as text lines; ``last`` is the move that led here, if known."""
        ...

    def parse_move(self, text: str, state: Any) -> Any:
        """The move ``text`` names; raises ``MoveSyntaxError`` or ``IllegalMoveError`` with the reason."""
        ...

    def move_name(self, move: Any) -> str:
        """How a move is written for people."""
        ...

    def turn_text(self, state: Any) -> str:
        """Whose turn it is and where they may play."""
        ...

    def input_hint(self, state: Any) -> str:
        """How to type a move here, in a few words."""
        ...

    def final_lines(self, state: Any) -> list[str]:
        """What to show besides the result when the game is over (the final big board)."""
        ...


# -- the two games ---------------------------------------------------------------------------------

class TicTacToeVariant:
    """Tic-tac-toe for people: cells typed 1-9 in reading order."""

    title = "tic-tac-toe"

    def __init__(self, game: TicTacToe | None = None) -> None:
        if game is None:
            from engine.games.tictactoe import TICTACTOE

            game = TICTACTOE
        self.game = game

    def board_lines(self, state: Any, last: Any | None) -> list[str]:
        return tictactoe_board_lines(self.game.cells(state), last)

    def parse_move(self, text: str, state: Any) -> int:
        """A cell typed ``1``-``9``; the API cell (0-8) it names."""
        word = text.strip()
        if not re.fullmatch(r"[+-]?\d+", word):
            raise MoveSyntaxError("not a move: type a cell number 1-9", word)
        number = int(word)
        if not 1 <= number <= 9:
            raise IllegalMoveError(f"cell {number} is out of range: cells are numbered 1-9", word)
        if self.game.outcome(state) is not None:
            raise IllegalMoveError("the game is over", word)
        stone = self.game.cells(state)[number - 1]
        if stone != ".":
            raise IllegalMoveError(f"cell {number} is already taken by {stone}", word)
        return number - 1

    def move_name(self, move: Any) -> str:
        return self.game.move_name(move)

    def turn_text(self, state: Any) -> str:
        return f"{PLAYER_NAMES[self.game.to_move(state)]} to move."

    def input_hint(self, state: Any) -> str:
        return "a free cell, 1-9"

    def final_lines(self, state: Any) -> list[str]:
        return []


class UltimateVariant:
    """Ultimate tic-tac-toe for people: ``45``, ``e5``, or the cell alone when the sub-board is forced."""

    title = "ultimate tic-tac-toe"

    def __init__(self, game: Ultimate | None = None) -> None:
        if game is None:
            from engine.games.ultimate import ULTIMATE

            game = ULTIMATE
        self.game = game

    def board_lines(self, state: Any, last: Any | None) -> list[str]:
        return ultimate_board_lines(self.game, state)

    def parse_move(self, text: str, state: Any) -> Any:
        try:
            return self.game.parse_move("".join(text.split()), state)  # "4 5" as well as "45"
        except IllegalMoveError as exc:
            taken = re.fullmatch(r"cell (\d) of sub-board (\d) is occupied", exc.reason)
            if taken is None:
                raise
            stone = self.game.cell(state, int(taken[2]), int(taken[1]))
            raise IllegalMoveError(f"{exc.reason} by {stone}", exc.move, exc.fen) from None

    def move_name(self, move: Any) -> str:
        return self.game.move_name(move)

    def turn_text(self, state: Any) -> str:
        return f"{PLAYER_NAMES[self.game.to_move(state)]} to move, {where_to_play(self.game, state)}."

    def input_hint(self, state: Any) -> str:
        forced = self.game.forced_sub(state)
        if forced is not None:
            return f"the cell 1-9 in sub-board {forced}, or {forced}5 / {'abcdefghi'[forced - 1]}5 style"
        return "sub-board and cell, e.g. 45 or e5"

    def final_lines(self, state: Any) -> list[str]:
        return ["Final big board:", *big_board_lines(self.game, state)]


# -- players ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """A computer's move and an optional note on how it was found (depth, nodes, value)."""

    move: Any
    note: str = ""


@dataclass(frozen=True)
class ComputerPlayer:
    """A named move chooser: ``choose(state) -> Choice``."""

    name: str
    choose: Callable[[Any], Choice]


# -- what listeners receive -------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    """A snapshot after a move (or at the start), for the picture and the live page."""

    variant: Variant
    state: Any
    fen: str
    start_fen: str
    moves: tuple[str, ...]
    """Moves played since ``start_fen``, as people write them."""
    first_player: Player
    """Who played ``moves[0]``."""
    last_move: Any | None
    status: str
    """One line: whose turn and where, or the result."""
    board_text: str
    over: bool


class Ending(enum.Enum):
    """How a session ended."""

    FINISHED = "finished"
    STOPPED = "stopped"
    """End of input, or ``quit``."""
    INTERRUPTED = "interrupted"
    """Ctrl-C."""


def result_text(game: Game, state: Any) -> str:
    """``x wins.``, ``o wins.`` or ``Draw.`` for a finished game."""
    outcome = game.outcome(state)
    assert outcome is not None, "a finished game"
    if outcome == 0:
        return "Draw."
    return f"{'x' if outcome > 0 else 'o'} wins."


@dataclass
class GameSession:
    """One game between people at the terminal and computer players.

    ``players`` maps each side to a :class:`ComputerPlayer`, or ``None`` for a
    person typing moves on ``stdin``.
    """

    variant: Variant
    state: Any
    players: Mapping[Player, ComputerPlayer | None]
    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    on_position: Callable[[Position], None] | None = None
    clear_screen: bool = False
    echo_input: bool = False
    """Write back what was read (when input comes from a file, so the transcript reads well)."""
    resume_hint: str = ""
    """The command to resume with, shown with the FEN when the game is stopped."""
    footer: str = ""
    """A line shown under every screen (where the live page is)."""
    pause: float = 0.0
    """Seconds to wait after each computer move, so people can follow a game between computers."""
    last_move: Any | None = None
    moves: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = self.variant.game
        self.start_fen = self.game.fen(self.state)
        self.first_player = self.game.to_move(self.state)
        self._previous_headline = ""
        if self.last_move is None and hasattr(self.game, "last_move"):
            self.last_move = self.game.last_move(self.state)

    # -- the loop ---------------------------------------------------------------------------------

    def run(self) -> Ending:
        """Play until the game ends or input stops; the final FEN is printed either way."""
        try:
            self._publish()
            self._show_screen()
            while self.game.outcome(self.state) is None:
                player = self.players.get(self.game.to_move(self.state))
                if player is None:
                    if not self._human_turn():
                        return self._stop(Ending.STOPPED)
                else:
                    self._computer_turn(player)
            self._announce_end()
            return Ending.FINISHED
        except KeyboardInterrupt:
            return self._stop(Ending.INTERRUPTED)

    def _human_turn(self) -> bool:
        """Read lines until one is a legal move, and play it; false at end of input or ``quit``."""
        side = PLAYER_NAMES[self.game.to_move(self.state)]
        while True:
            self._write(f"Your move ({side}; {self.variant.input_hint(self.state)}): ")
            line = self.stdin.readline()
            if not line:
                self._write("\n")
                return False
            text = line.strip()
            if self.echo_input:
                self._write(text + "\n")
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                return False
            if text.lower() in HELP_WORDS:
                self._say(self._help_text())
                continue
            try:
                move = self.variant.parse_move(text, self.state)
            except (MoveSyntaxError, IllegalMoveError) as exc:
                self._say(f"{text!r}: {exc.reason}. Try again.")
                continue
            self._play(move, f"{side} (you) played {self.variant.move_name(move)}.")
            return True

    def _computer_turn(self, player: ComputerPlayer) -> None:
        side = PLAYER_NAMES[self.game.to_move(self.state)]
        self._write(f"{side} ({player.name}) is thinking...\n")
        choice = player.choose(self.state)
        note = f" ({choice.note})" if choice.note else ""
        self._play(choice.move, f"{side} ({player.name}) played {self.variant.move_name(choice.move)}{note}.")
        if self.pause > 0 and self.game.outcome(self.state) is None:
            time.sleep(self.pause)

    def _play(self, move: Any, headline: str) -> None:
        self.state = self.game.play_checked(self.state, move)
        self.last_move = move
        self.moves.append(self.variant.move_name(move))
        self._publish()
        self._show_screen(headline)

    # -- output ----------------------------------------------------------------------------------

    def position(self) -> Position:
        """The current snapshot."""
        over = self.game.outcome(self.state) is not None
        status = ("Game over: " + result_text(self.game, self.state)) if over else self.variant.turn_text(self.state)
        return Position(
            variant=self.variant, state=self.state, fen=self.game.fen(self.state), start_fen=self.start_fen,
            moves=tuple(self.moves), first_player=self.first_player, last_move=self.last_move, status=status,
            board_text="\n".join(self.variant.board_lines(self.state, self.last_move)), over=over,
        )

    def _publish(self) -> None:
        if self.on_position is not None:
            self.on_position(self.position())

    def _show_screen(self, headline: str = "") -> None:
        position = self.position()
        parts = [CLEAR_SCREEN] if self.clear_screen else ["\n"]
        parts.append(f"{self.variant.title} -- {self._sides_text()}\n")
        if self.footer:
            parts.append(self.footer + "\n")
        parts.append("\n" + position.board_text + "\n\n")
        count = f" Moves played: {len(self.moves)}." if self.moves else ""
        if headline:
            if self.clear_screen and self._previous_headline:
                parts.append(self._previous_headline + "\n")  # the move before, wiped with the old screen
            parts.append(headline + count + "\n")
            self._previous_headline = headline
        elif self.last_move is not None:
            mover = PLAYER_NAMES[1 - self.game.to_move(self.state)]
            parts.append(f"Last move: {self.variant.move_name(self.last_move)} by {mover}.{count}\n")
        else:
            parts.append("No move yet.\n")
        if not position.over:
            parts.append(position.status + "\n")
        self._write("".join(parts))

    def _sides_text(self) -> str:
        names = []
        for side in (0, 1):
            player = self.players.get(side)
            names.append(f"{PLAYER_NAMES[side]}: {'you' if player is None else player.name}")
        return ", ".join(names)

    def _announce_end(self) -> None:
        lines = [f"Game over: {result_text(self.game, self.state)}", *self.variant.final_lines(self.state)]
        lines.append(f"Final position: {self.game.fen(self.state)}")
        self._say("\n".join(lines))

    def _stop(self, ending: Ending) -> Ending:
        why = "interrupted" if ending is Ending.INTERRUPTED else "stopped"
        hint = f"  (resume: {self.resume_hint} --fen '{self.game.fen(self.state)}')" if self.resume_hint else ""
        count = f"{len(self.moves)} move{'' if len(self.moves) == 1 else 's'}"
        self._say(f"\nGame {why} after {count}.{hint}\nFEN: {self.game.fen(self.state)}")
        return ending

    def _help_text(self) -> str:
        return (f"Type a move ({self.variant.input_hint(self.state)}), 'quit' to stop "
                f"(the FEN to resume from is printed), or end the input (Ctrl-D).")

    def _say(self, text: str) -> None:
        self._write(text + "\n")

    def _write(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()
