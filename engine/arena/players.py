"""Players for the arena and every command that takes an opponent: one interface, one spec language, one factory.

A player answers ``choose(state, seconds)`` with a move. :func:`make_player` builds one from its
spec. Ultimate built-ins run in the caller's process: ``random``, ``greedy`` (the move whose
position evaluates best one ply ahead, a win if there is one), ``course:N`` (the course's bot:
fixed-depth negamax alpha-beta to N plies with its ``mscore`` evaluation, moves in ascending
order; ``seed:N``, its old name, is still read), ``bot`` / ``bot:S`` (our iterative-deepening search,
thinking S seconds, or a share of the limit; with a ``depth``, to that depth instead) and ``mcts`` /
``mcts:S`` (Monte Carlo tree search, the same time rules). Tic-tac-toe's are the course's
algorithms (:mod:`engine.arena.tictactoe_players`: ``minimax``, ``alphabeta``, ``strategy``,
``dfs``, ``bfs``, ``random``). Anything else is a command that speaks the
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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine.arena.processes import (
    CRASH,
    GARBAGE,
    MOVE_RE,
    TIMEOUT,
    PlayerFault,
    cannot_run,
    kill_group,
    resolve_program,
)
from engine.bot.decision import search as bot_search
from engine.bot.result import Decision
from engine.errors import ParameterError
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

if TYPE_CHECKING:
    from engine.evaluation.ultimate_net import Net

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
    """The course's bot (``course:N``): negamax alpha-beta to a fixed depth, ``mscore`` evaluation, ascending
    moves."""

    def __init__(self, depth: int, name: str | None = None) -> None:
        self.depth = depth
        self.name = name or f"course:{depth}"

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
                 name: str | None = None, contempt: int = CONTEMPT, net: Net | None = None) -> None:
        self.seconds = seconds
        self.weights = weights
        self.contempt = contempt
        self.net = net
        """The learned evaluation (:mod:`engine.evaluation.ultimate_net`), or None for the classic one."""
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
                               contempt=self.contempt, net=self.net)
        return self.last.move


class DepthBotPlayer:
    """Our bot's search (iterative deepening, the same evaluation and table) stopped at ``depth`` plies instead of a
    deadline: ``bot`` with a depth, as ``sm-refresh --depth 6`` plays."""

    def __init__(self, depth: int, name: str | None = None) -> None:
        self.depth = depth
        self.name = name or f"bot depth {depth}"
        self.table = TranspositionTable()
        self.last: Decision | None = None

    def choose(self, state: int, seconds: float) -> int:
        """The move the search to ``depth`` plies prefers (``seconds`` is not looked at)."""
        from math import inf

        from engine.bot.iterative import think
        from engine.evaluation.ultimate import WIN, evaluate

        self.last = think(ULTIMATE, state, inf, evaluate=evaluate, scoring=scoring, win=WIN, max_depth=self.depth,
                          table=self.table)
        return self.last.move


class TicTacToePlayer:
    """A tic-tac-toe opponent of :mod:`engine.arena.tictactoe_players` behind the player interface; ``last_note``
    says how its last move was found."""

    def __init__(self, name: str, decide: Callable[[int], Any]) -> None:
        self.name = name
        self.decide = decide
        self.last_note = ""

    def choose(self, state: int, seconds: float) -> int:
        """The algorithm's cell for ``state`` (tic-tac-toe answers at once: ``seconds`` is not looked at)."""
        decision = self.decide(state)
        self.last_note = decision.note
        return int(decision.move)


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
        assert self.last.best_move is not None  # two moves or more, and a search makes one iteration at least
        return self.last.best_move


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


BUILTIN_RE = re.compile(r"(random|greedy|course|seed|bot|mcts)(?::(.*))?")
BUILTINS = "random, greedy, course:N, bot, bot:S, mcts, mcts:S"
GAMES = ("ultimate", "tictactoe")
"""The games :func:`make_player` has players for (``game=``)."""
DEPTH_PLAYERS = {"ultimate": ("bot", "course"), "tictactoe": ("minimax", "alphabeta")}
"""The players a ``depth`` applies to, by game."""
RENAMED_PLAYERS = {"seed": "course"}
"""Old words of the spec language, still read for one release: ``seed`` means a random seed everywhere
else, so the course's bot is ``course:N``."""


def renamed_spec(spec: str) -> str | None:
    """The current spelling of ``spec`` when it uses an old word (``seed:4`` -> ``course:4``, ``proc:seed:4`` ->
    ``proc:course:4``), else None; front ends say it as a deprecation note."""
    prefix, rest = ("proc:", spec[5:]) if spec.startswith("proc:") else ("", spec)
    kind, sep, arg = rest.partition(":")
    new = RENAMED_PLAYERS.get(kind)
    if new is None or BUILTIN_RE.fullmatch(rest) is None:
        return None
    return f"{prefix}{new}{sep}{arg}"


def builtin_spec(spec: str) -> tuple[str, int | float | None] | None:
    """A built-in spec's kind and parameter (None when it has none), checked but not built; None for a command.

    Separate from :func:`make_player` so ``proc:SPEC`` can check SPEC without building (and allocating) it.

    :raises ValueError: a built-in name with a bad parameter.
    """
    match = BUILTIN_RE.fullmatch(spec)
    if not match:
        return None
    kind, arg = match.groups()
    kind = RENAMED_PLAYERS.get(kind, kind)
    if arg is None:
        return kind, (3 if kind == "course" else None)
    if kind == "course":
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


def make_player(spec: str, *, seed: int | None = None, game: str = "ultimate", depth: int | None = None) -> Player:
    """The one factory of players, from the spec language every command shares.

    Ultimate (``game="ultimate"``): ``random``, ``greedy``, ``course:3``, ``bot``, ``bot:0.5``, ``mcts``,
    ``mcts:0.5``; ``proc:SPEC`` (built-in SPEC served by one ``sm-bot --serve`` process for all moves),
    ``serve:COMMAND`` (any command speaking that protocol); ``cmd:ANY COMMAND`` or any other command line
    (run as an external program once per move). Tic-tac-toe (``game="tictactoe"``): ``minimax``,
    ``alphabeta``, ``strategy``, ``dfs``, ``bfs``, ``random``. ``seed`` seeds the random players; ``depth``
    fixes the search depth of the players :data:`DEPTH_PLAYERS` names.

    :raises ValueError: an unknown game or tic-tac-toe player, a built-in name with a bad parameter, an empty
        or unparsable command, a depth for a player without one (an :class:`engine.errors.ParameterError`).
    """
    if game not in GAMES:
        raise ParameterError(f"{{game}} is not a game with players (expected {' or '.join(GAMES)})", game=game)
    if depth is not None and depth < 1:
        raise ParameterError("{depth} must be 1 or more", depth=depth)
    if game == "tictactoe":
        return _tictactoe_player(spec, seed, depth)
    if spec.startswith(("proc:", "serve:")):
        if depth is not None:
            raise _no_depth(spec, depth, game)
        return _served(spec, seed)
    parsed = builtin_spec(spec)
    if parsed is not None:
        kind, value = parsed
        if depth is not None and (kind not in DEPTH_PLAYERS[game] or (kind == "course" and ":" in spec)):
            raise _no_depth(spec, depth, game)
        if kind == "random":
            return RandomPlayer(seed)
        if kind == "greedy":
            return GreedyPlayer(seed)
        if kind == "course":
            assert isinstance(value, int)  # builtin_spec gives the course player its depth
            depth = depth or value
            return SeedPlayer(depth, name=f"{spec.partition(':')[0]}:{depth}")
        if kind == "bot":
            return DepthBotPlayer(depth) if depth is not None else BotPlayer(value)
        return MctsPlayer(value, seed=seed)
    if depth is not None:
        raise _no_depth(spec, depth, game)
    command = spec[4:] if spec.startswith("cmd:") else spec
    return ExternalPlayer(_split(spec, command), name=spec)


def unrunnable(player: Player) -> str | None:
    """Why ``player``, a program run once per move or served (``serve:COMMAND``), cannot run (its program or script
    missing, not executable: :func:`engine.arena.processes.cannot_run`); None for a built-in or a runnable one."""
    command = getattr(player, "command", None)
    return cannot_run(command) if command else None


def _tictactoe_player(spec: str, seed: int | None, depth: int | None) -> Player:
    """A tic-tac-toe opponent (:func:`engine.arena.tictactoe_players.tictactoe_player`) as a player."""
    from engine.arena.tictactoe_players import AI_NAMES, tictactoe_player

    if spec not in AI_NAMES:
        raise ParameterError(f"{{spec}} is not a tic-tac-toe player (expected one of {', '.join(AI_NAMES)})",
                             spec=spec)
    if depth is not None and spec not in DEPTH_PLAYERS["tictactoe"]:
        raise _no_depth(spec, depth, "tictactoe")
    name = spec if depth is None else f"{spec} depth {depth}"
    return TicTacToePlayer(name, tictactoe_player(spec, depth=depth, seed=seed))


def _no_depth(spec: str, depth: int, game: str) -> ParameterError:
    takes = " and ".join(DEPTH_PLAYERS[game])
    return ParameterError(f"{{depth}} applies to {takes}, not to {{spec}}", depth=depth, spec=spec)


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
        what = "a whole number of plies" if kind is int else "a number of seconds"
        raise ValueError(f"player {spec!r}: expected {what}, got {text!r}") from None
