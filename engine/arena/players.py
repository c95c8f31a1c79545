"""Ultimate tic-tac-toe players for the arena and the CLI: one interface, built-ins and outside programs.

A player answers ``choose(state, seconds)`` with a move. Built-ins run in the
arena's process: ``random``, ``greedy`` (the move whose position evaluates best
one ply ahead, a win if there is one), ``seed:N`` (the course's bot: fixed-depth
negamax alpha-beta to N plies with its ``mscore`` evaluation, moves in ascending
order), ``bot`` / ``bot:S`` (our iterative-deepening search, thinking S
seconds, or a share of the limit) and ``mcts`` / ``mcts:S`` (Monte Carlo tree
search, the same time rules). Anything else is a command that speaks the
``sm-bot`` interface (FEN and seconds as its last two arguments, the move on
stdout); it runs as a subprocess, killed when the limit passes. ``serve:COMMAND``
and ``proc:SPEC`` are served players (:mod:`engine.arena.served_player`): one process
answers every move over stdin and stdout, so start-up is paid once.
"""

from __future__ import annotations

import math
import random
import re
import shlex
import subprocess
import time
from collections.abc import Sequence
from typing import Protocol

from engine.arena.processes import CRASH, GARBAGE, MOVE_RE, TIMEOUT, PlayerFault, kill_group, resolve_program
from engine.bot.decision import search as bot_search
from engine.bot.iterative import Decision
from engine.evaluation.ultimate import (
    CONTEMPT,
    DEFAULT_WEIGHTS,
    Evaluate,
    Weights,
    scoring,
    seed_evaluate,
    seed_scoring,
)
from engine.evaluation.ultimate import evaluate as default_evaluate
from engine.games.ultimate import ULTIMATE
from engine.search.alphabeta import alphabeta
from engine.search.deadline import BOT_MARGIN, BOT_SHARE, bot_deadline, no_collections  # noqa: F401 - re-exported
from engine.search.mcts import MctsResult, mcts
from engine.search.transposition import TranspositionTable

MCTS_C = math.sqrt(2)
"""The mcts player's exploration constant (see README: measured against others)."""


class Player(Protocol):
    """Something that picks a move in an ultimate position within ``seconds``."""

    name: str

    def choose(self, state: int, seconds: float) -> int:
        """A move for the side to move; may raise :class:`PlayerFault`."""
        ...


class RandomPlayer:
    """A uniformly random legal move (seeded, so games can be replayed)."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, state: int, seconds: float) -> int:
        """Any legal move."""
        return self.rng.choice(ULTIMATE.legal_moves(state))


class GreedyPlayer:
    """One ply ahead: a winning move if any, else the move whose position the evaluation likes best."""

    def __init__(self, seed: int | None = None, evaluate: Evaluate = default_evaluate, name: str = "greedy") -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.evaluate = evaluate

    def choose(self, state: int, seconds: float) -> int:
        """The best-looking move (ties broken at random)."""
        color = -1 if ULTIMATE.to_move(state) else 1
        best: list[int] = []
        best_value = None
        for move, child in ULTIMATE.successors(state):
            result = ULTIMATE.outcome(child)
            value = color * (scoring(result, child, ULTIMATE) if result is not None else self.evaluate(child))
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)


class SeedPlayer:
    """The course's bot: negamax alpha-beta to a fixed depth, ``mscore`` evaluation, ascending moves."""

    def __init__(self, depth: int, name: str | None = None) -> None:
        self.depth = depth
        self.name = name or f"seed:{depth}"

    def choose(self, state: int, seconds: float) -> int:
        """The first move the fixed-depth search proves best."""
        result = alphabeta(ULTIMATE, state, depth=self.depth, evaluate=seed_evaluate, scoring=seed_scoring)
        return result.best_moves[0] if result.best_moves else ULTIMATE.legal_moves(state)[0]


class BotPlayer:
    """Our bot: iterative deepening under a deadline, its transposition table kept from move to move.

    Draws are worth ``contempt`` less to it than to its opponent (:func:`engine.evaluation.ultimate.judges`);
    the values depend on the side it plays, so the table is cleared when that side changes.
    """

    def __init__(self, seconds: float | None = None, weights: Weights = DEFAULT_WEIGHTS,
                 name: str | None = None, contempt: int = CONTEMPT) -> None:
        self.seconds = seconds
        self.weights = weights
        self.contempt = contempt
        self.name = name or (f"bot:{seconds:g}" if seconds is not None else "bot")
        self.table = TranspositionTable(bits=19)
        self.side: int | None = None
        self.last: Decision | None = None

    def choose(self, state: int, seconds: float, started: float | None = None) -> int:
        """The move found in ``self.seconds`` or the limit ``seconds``, whichever is less, counted from
        ``started`` (a monotonic time; now if not given), stopping at :func:`bot_deadline`."""
        started = time.monotonic() if started is None else started
        budget = seconds if self.seconds is None else min(self.seconds, seconds)
        side = ULTIMATE.to_move(state)
        if side != self.side:
            self.table.clear()
            self.side = side
        self.last = bot_search(state, budget, started, table=self.table, weights=self.weights,
                               contempt=self.contempt)
        return self.last.move  # type: ignore[return-value]


def choose_within(player: Player, state: int, seconds: float, started: float) -> int:
    """``player``'s move for a budget of ``seconds`` that began at ``started`` (a monotonic time): our bot
    counts from ``started`` itself; any other player gets what is left of the budget."""
    if isinstance(player, BotPlayer):
        return player.choose(state, seconds, started=started)
    return player.choose(state, max(1e-3, seconds - (time.monotonic() - started)))


class MctsPlayer:
    """Monte Carlo tree search (:func:`engine.search.mcts.mcts`: UCT, random playouts, the solver) under a deadline.

    Thinks ``self.seconds`` or the move's limit, whichever is less, with the bot's
    safety share (:func:`bot_deadline`); always answers (one batch of iterations at
    least). Each move's search is seeded from the player's own seeded generator.
    """

    def __init__(self, seconds: float | None = None, seed: int | None = None, name: str | None = None,
                 c: float = MCTS_C, solver: bool = True) -> None:
        self.seconds = seconds
        self.c = c
        self.solver = solver
        self.rng = random.Random(seed)
        self.name = name or (f"mcts:{seconds:g}" if seconds is not None else "mcts")
        self.last: MctsResult | None = None
        ULTIMATE.random_playouts(random.Random(0))  # the playout tables, built before the first clock starts

    def choose(self, state: int, seconds: float) -> int:
        """The most-visited move after searching until the deadline."""
        started = time.monotonic()
        budget = seconds if self.seconds is None else min(self.seconds, seconds)
        moves = ULTIMATE.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        left = bot_deadline(budget, started) - time.monotonic()
        self.last = mcts(ULTIMATE, state, seconds=max(left, 1e-3), c=self.c, seed=self.rng.getrandbits(32),
                         solver=self.solver)
        return self.last.best_move  # type: ignore[return-value]


class ExternalPlayer:
    """A program speaking the ``sm-bot`` interface: ``command... FEN SECONDS``, the move on stdout."""

    def __init__(self, command: Sequence[str], name: str | None = None) -> None:
        if not command:
            raise ValueError("empty player command")
        self.command = [resolve_program(command[0]), *command[1:]]
        self.name = name or " ".join(command)

    def choose(self, state: int, seconds: float) -> int:
        """Run the program once; kill it (and its children) when ``seconds`` pass."""
        argv = [*self.command, ULTIMATE.fen(state), f"{seconds:g}"]
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError as exc:
            raise PlayerFault(CRASH, f"cannot start {argv[0]!r}: {exc.strerror or exc}") from exc
        try:
            out, _ = proc.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            kill_group(proc)
            raise PlayerFault(TIMEOUT, f"no answer within {seconds:g} s") from None
        if proc.returncode != 0:
            raise PlayerFault(CRASH, f"exit status {proc.returncode}")
        match = MOVE_RE.fullmatch(out)
        if not match:
            shown = out[:40].decode("utf-8", "replace")
            raise PlayerFault(GARBAGE, f"expected a move like 45 on stdout, got {shown!r}")
        return int(match.group(1))


BUILTIN_RE = re.compile(r"(random|greedy|seed|bot|mcts)(?::(.*))?")
BUILTINS = "random, greedy, seed:N, bot, bot:S, mcts, mcts:S"


def builtin_spec(spec: str) -> tuple[str, int | float | None] | None:
    """A built-in spec's kind and parameter (None when it has none), checked but not built; None for a command.

    Separate from :func:`make_player` so ``proc:SPEC`` can check SPEC without building (and allocating) it.

    :raises ValueError: a built-in name with a bad parameter.
    """
    match = BUILTIN_RE.fullmatch(spec)
    if not match:
        return None
    kind, arg = match.groups()
    if arg is None:
        return kind, (3 if kind == "seed" else None)
    if kind == "seed":
        depth = _number(spec, arg, int)
        if not 1 <= depth <= 12:
            raise ValueError(f"player {spec!r}: depth must be 1-12")
        return kind, depth
    if kind in ("bot", "mcts"):
        secs = _number(spec, arg, float)
        if not (secs > 0 and (kind == "bot" or math.isfinite(secs))):
            raise ValueError(f"player {spec!r}: seconds must be more than 0")
        return kind, secs
    raise ValueError(f"player {spec!r}: {kind} takes no parameter")


def make_player(spec: str, *, seed: int | None = None) -> Player:
    """A player from its command-line spelling: ``random``, ``greedy``, ``seed:3``, ``bot``, ``bot:0.5``,
    ``mcts``, ``mcts:0.5``; ``proc:SPEC`` (built-in SPEC served by one ``sm-bot --serve`` process for all
    moves), ``serve:COMMAND`` (any command speaking that protocol); ``cmd:ANY COMMAND`` or any other command
    line (run as an external program once per move).

    :raises ValueError: a built-in name with a bad parameter, or an empty or unparsable command.
    """
    if spec.startswith(("proc:", "serve:")):
        return _served(spec, seed)
    parsed = builtin_spec(spec)
    if parsed is not None:
        kind, value = parsed
        if kind == "random":
            return RandomPlayer(seed)
        if kind == "greedy":
            return GreedyPlayer(seed)
        if kind == "seed":
            return SeedPlayer(int(value))  # type: ignore[arg-type]
        if kind == "bot":
            return BotPlayer(value)
        return MctsPlayer(value, seed=seed)
    command = spec[4:] if spec.startswith("cmd:") else spec
    return ExternalPlayer(_split(spec, command), name=spec)


def _served(spec: str, seed: int | None) -> Player:
    """``proc:SPEC`` or ``serve:COMMAND``: a :class:`engine.arena.served_player.ServedPlayer` (not started yet)."""
    from engine.arena.served_player import ServedPlayer  # only served specs need it (and its selectors)

    kind, _, rest = spec.partition(":")
    if kind == "serve":
        return ServedPlayer(_split(spec, rest), name=spec)
    if builtin_spec(rest) is None:
        raise ValueError(f"player {spec!r}: proc: takes a built-in player ({BUILTINS}), not {rest!r}")
    command = ["sm-bot", "--serve", "--player", rest]
    if seed is not None:
        command += ["--seed", str(seed)]
    return ServedPlayer(command, name=spec)


def _split(spec: str, command: str) -> list[str]:
    """A command line split like a shell would; ValueError when unparsable or empty."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ValueError(f"player {spec!r}: {exc}") from exc
    if not argv:
        raise ValueError(f"player {spec!r}: empty command")
    return argv


def _number(spec: str, text: str, kind: type) -> int | float:
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"player {spec!r}: {text!r} is not a valid {kind.__name__}") from None
