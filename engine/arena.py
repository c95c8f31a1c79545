"""The course's championship (seed 002): every pair of players meets twice, x at home and o away.

Points per game: 10 for a win, 1 for a loss; a draw gives each side 1 plus the
sub-boards it won. A player that times out, plays an illegal move, crashes or
answers garbage forfeits: 0 points for it, 10 for its opponent, and the
championship goes on.

Time: every move is timed on the wall clock around the player's call. Outside
programs run as subprocesses and are killed at the limit; built-ins run in this
process (no start-up cost, nothing to kill: their searches stop on their own
deadline), and a built-in whose call took longer than the limit forfeits on
time exactly like a program would. So one limit is enforced for everybody.

``rounds`` repeats the double meeting; ``opening_plies`` starts each round's
two games from the same random opening (so deterministic players meet in
different positions, and each side gets the same opening with both colours).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from engine.players import CRASH, ILLEGAL, TIMEOUT, Player, PlayerFault
from engine.ultimate import ULTIMATE

WIN_POINTS = 10
LOSS_POINTS = 1
FORFEIT_POINTS = 0
DEFAULT_LIMIT = 6.0


@dataclass
class GameResult:
    """One game: who played x and o, how it ended, the points, and every position."""

    number: int
    x: str
    o: str
    winner: str | None
    """``"x"``, ``"o"``, or None for a draw."""
    reason: str
    """``"line"``, ``"draw"`` or the forfeit kind (timeout, illegal move, crash, garbage output)."""
    detail: str
    points: tuple[int, int]
    """(x's points, o's points)."""
    fens: list[str]
    moves: list[int]
    seconds: tuple[float, float]
    """Slowest move of x and of o (wall clock)."""


@dataclass
class Standing:
    """A player's championship line."""

    name: str
    points: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    slowest: float = 0.0

    @property
    def share(self) -> float:
        """Points as a share of the most possible (10 a game)."""
        return self.points / (WIN_POINTS * self.games) if self.games else 0.0


@dataclass
class Championship:
    """All games played and the standings."""

    games: list[GameResult] = field(default_factory=list)
    standings: dict[str, Standing] = field(default_factory=dict)

    def table(self) -> str:
        """The standings as a text table, best first."""
        rows = sorted(self.standings.values(), key=lambda s: (-s.points, s.name))
        width = max([len("player")] + [len(s.name) for s in rows])
        head = (f"{'rank':>4}  {'player':<{width}}  {'points':>6}  {'games':>5}  {'won':>4}  {'drawn':>5}  "
                f"{'lost':>4}  {'forfeits':>8}  {'share':>6}  {'slowest':>8}")
        lines = [head, "-" * len(head)]
        for rank, s in enumerate(rows, 1):
            lines.append(f"{rank:>4}  {s.name:<{width}}  {s.points:>6}  {s.games:>5}  {s.wins:>4}  {s.draws:>5}  "
                         f"{s.losses:>4}  {s.forfeits:>8}  {s.share:>6.1%}  {s.slowest:>7.3f}s")
        return "\n".join(lines)

    def head_to_head(self, a: str, b: str) -> tuple[int, int]:
        """Points ``a`` and ``b`` took from their games against each other."""
        pa = pb = 0
        for g in self.games:
            if (g.x, g.o) == (a, b):
                pa, pb = pa + g.points[0], pb + g.points[1]
            elif (g.x, g.o) == (b, a):
                pa, pb = pa + g.points[1], pb + g.points[0]
        return pa, pb


def draw_points(state: int) -> tuple[int, int]:
    """Points of a drawn game: 1 + sub-boards won, for x and for o."""
    x_won, o_won, _ = ULTIMATE.board_masks(state)
    return 1 + x_won.bit_count(), 1 + o_won.bit_count()


def random_opening(plies: int, rng: random.Random) -> int:
    """A position after ``plies`` random moves that does not end the game (fewer plies if it must)."""
    state = ULTIMATE.initial()
    for _ in range(plies):
        moves = [m for m in ULTIMATE.legal_moves(state) if not ULTIMATE.is_over(ULTIMATE.play(state, m))]
        if not moves:
            break
        state = ULTIMATE.play(state, rng.choice(moves))
    return state


def play_game(x: Player, o: Player, limit: float, *, start: int | None = None, number: int = 0) -> GameResult:
    """Play one game to the end (or a forfeit) with ``limit`` seconds per move."""
    state = ULTIMATE.initial() if start is None else start
    players = (x, o)
    fens = [ULTIMATE.fen(state)]
    moves: list[int] = []
    slowest = [0.0, 0.0]
    while not ULTIMATE.is_over(state):
        side = ULTIMATE.to_move(state)
        player = players[side]
        began = time.monotonic()
        try:
            try:
                move = player.choose(state, limit)
            except PlayerFault:
                raise
            except Exception as exc:  # noqa: BLE001 - a built-in that breaks forfeits like a program would
                raise PlayerFault(CRASH, f"{type(exc).__name__}: {exc}") from exc
            spent = time.monotonic() - began
            slowest[side] = max(slowest[side], spent)
            if spent > limit:
                raise PlayerFault(TIMEOUT, f"answered after {spent:.3f} s (limit {limit:g} s)")
            reason = ULTIMATE.illegal_reason(state, move)
            if reason is not None:
                raise PlayerFault(ILLEGAL, f"{move!r}: {reason}")
        except PlayerFault as fault:
            slowest[side] = max(slowest[side], time.monotonic() - began)
            points = (FORFEIT_POINTS, WIN_POINTS) if side == 0 else (WIN_POINTS, FORFEIT_POINTS)
            return GameResult(number, x.name, o.name, "xo"[1 - side], fault.kind,
                              f"{'xo'[side]} ({player.name}) {fault.detail}", points, fens, moves,
                              (slowest[0], slowest[1]))
        state = ULTIMATE.play(state, move)
        moves.append(move)
        fens.append(ULTIMATE.fen(state))
    result = ULTIMATE.outcome(state)
    if result == 1:
        winner, points, reason = "x", (WIN_POINTS, LOSS_POINTS), "line"
    elif result == -1:
        winner, points, reason = "o", (LOSS_POINTS, WIN_POINTS), "line"
    else:
        winner, points, reason = None, draw_points(state), "draw"
    detail = f"{winner} wins" if winner else "drawn"
    return GameResult(number, x.name, o.name, winner, reason, f"{detail} after {len(moves)} moves", points,
                      fens, moves, (slowest[0], slowest[1]))


def schedule(count: int, rounds: int) -> list[tuple[int, int, int]]:
    """``(round, home, away)`` for every pair, each round: home plays x, then the return game."""
    games = []
    for r in range(rounds):
        for a, b in combinations(range(count), 2):
            games.append((r, a, b))
            games.append((r, b, a))
    return games


def record_name(game: GameResult) -> str:
    """The file name of a game record: number and players, file-system safe."""
    def safe(name: str) -> str:
        return re.sub(r"[^A-Za-z0-9.:_-]+", "_", name)[:40].replace(":", "-")

    return f"game{game.number:03d}_{safe(game.x)}_vs_{safe(game.o)}.txt"


def record_text(game: GameResult) -> str:
    """A game record: ``#`` header lines (players, result, moves), then every FEN, one a line."""
    head = [f"# x: {game.x}", f"# o: {game.o}",
            f"# result: {game.winner or 'draw'} ({game.reason}) - {game.detail}",
            f"# points: x {game.points[0]}, o {game.points[1]}",
            f"# moves: {' '.join(ULTIMATE.move_name(m) for m in game.moves)}"]
    return "\n".join(head + game.fens) + "\n"


def run_championship(
    players: Sequence[Player],
    *,
    limit: float = DEFAULT_LIMIT,
    rounds: int = 1,
    opening_plies: int = 0,
    seed: int = 0,
    record_dir: Path | None = None,
    write: Callable[[Path, str], None] | None = None,
    progress: Callable[[str], None] | None = None,
) -> Championship:
    """Play the whole championship and return the games and standings.

    :raises ValueError: two players with the same name, or fewer than two players.
    """
    names = [p.name for p in players]
    if len(players) < 2:
        raise ValueError("a championship needs at least two players")
    if len(set(names)) != len(names):
        raise ValueError(f"two players have the same name: {sorted(n for n in names if names.count(n) > 1)[0]!r}")
    champ = Championship(standings={n: Standing(n) for n in names})
    games = schedule(len(players), rounds)
    openings = {r: random_opening(opening_plies, random.Random(f"{seed}:{r}")) for r in range(rounds)}
    for number, (r, home, away) in enumerate(games, 1):
        x, o = players[home], players[away]
        game = play_game(x, o, limit, start=openings[r], number=number)
        champ.games.append(game)
        for side, name in enumerate((x.name, o.name)):
            st = champ.standings[name]
            st.games += 1
            st.points += game.points[side]
            st.slowest = max(st.slowest, game.seconds[side])
            if game.winner is None:
                st.draws += 1
            elif game.winner == "xo"[side]:
                st.wins += 1
            else:
                st.losses += 1
                if game.reason not in ("line", "draw"):
                    st.forfeits += 1
        if record_dir is not None and write is not None:
            write(record_dir / record_name(game), record_text(game))
        if progress is not None:
            progress(f"game {number}/{len(games)}: {x.name} (x) vs {o.name} (o): {game.detail}; "
                     f"points {game.points[0]}-{game.points[1]}")
    return champ
