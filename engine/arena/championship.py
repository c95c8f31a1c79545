"""The course's championship (seed 002): every pair of players meets twice, x at home and o away.

Points per game: 10 for a win, 1 for a loss; a draw gives each side 1 plus the
sub-boards it won. A player that times out, plays an illegal move, crashes or
answers garbage forfeits: 0 points for it, 10 for its opponent, and the
championship goes on.

Time: every move is timed on the wall clock around the player's call. Outside
programs run as subprocesses and are killed at the limit; built-ins run in the
process that plays the game (no start-up cost, nothing to kill: their searches
stop on their own deadline), and a built-in whose call took longer than the
limit forfeits on time exactly like a program would. So one limit is enforced
for everybody.

``rounds`` repeats the double meeting; ``opening_plies`` starts each round's
two games from the same random opening (so deterministic players meet in
different positions, and each side gets the same opening with both colours).

A :class:`Plan` (players as spelled, limit, rounds, openings, seed) fixes every
game as a :class:`GameTask` of plain data -- players, colours, opening, and the
players' seeds for that game alone -- so a game is the same whichever process or
machine plays it, in whatever order (:mod:`engine.arena.runner`,
:mod:`engine.arena.ray_backend`); :mod:`engine.arena.records` keeps the results.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from engine.arena.players import Player, make_player
from engine.arena.processes import CRASH, ILLEGAL, TIMEOUT, PlayerFault
from engine.games.ultimate import ULTIMATE

GAME = ULTIMATE
"""The game championships play (what their records' moves and openings are written in)."""
WIN_POINTS = 10
LOSS_POINTS = 1
FORFEIT_POINTS = 0
DEFAULT_LIMIT = 6.0
LINE = "line"
DRAW = "draw"


@dataclass
class GameResult:
    """One game: who played x and o, how it ended, the points, and every move with its time."""

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
    opening: str
    """FEN of the position the game started from."""
    moves: list[int]
    times: list[float]
    """Wall-clock seconds of each move in ``moves``."""
    forfeit_seconds: float | None = None
    """Seconds of the try that forfeited the game (None when it ended on the board)."""
    round: int = 0

    @property
    def first_side(self) -> int:
        """The side (0 = x, 1 = o) that made the first move of ``moves``."""
        return ULTIMATE.to_move(ULTIMATE.parse_fen(self.opening))

    @property
    def fens(self) -> list[str]:
        """Every position of the game, the opening first."""
        state = ULTIMATE.parse_fen(self.opening)
        fens = [self.opening]
        for move in self.moves:
            state = ULTIMATE.play(state, move)
            fens.append(ULTIMATE.fen(state))
        return fens

    @property
    def seconds(self) -> tuple[float, float]:
        """Slowest move (or forfeiting try) of x and of o, wall clock."""
        slowest = [0.0, 0.0]
        first = self.first_side
        for i, spent in enumerate(self.times):
            side = (first + i) % 2
            slowest[side] = max(slowest[side], spent)
        if self.forfeit_seconds is not None:
            side = (first + len(self.moves)) % 2
            slowest[side] = max(slowest[side], self.forfeit_seconds)
        return slowest[0], slowest[1]

    @property
    def forfeited_by(self) -> str | None:
        """The name of the player who forfeited, or None."""
        if self.reason in (LINE, DRAW):
            return None
        return self.o if self.winner == "x" else self.x


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

    @classmethod
    def from_games(cls, names: Sequence[str], games: Iterable[GameResult]) -> Championship:
        """The standings of ``games`` taken in game-number order (so finishing order never matters)."""
        champ = cls(standings={n: Standing(n) for n in names})
        for game in sorted(games, key=lambda g: g.number):
            champ.add(game)
        return champ

    def add(self, game: GameResult) -> None:
        """Count one more game."""
        self.games.append(game)
        slowest = game.seconds
        for side, name in enumerate((game.x, game.o)):
            st = self.standings.setdefault(name, Standing(name))
            st.games += 1
            st.points += game.points[side]
            st.slowest = max(st.slowest, slowest[side])
            if game.winner is None:
                st.draws += 1
            elif game.winner == "xo"[side]:
                st.wins += 1
            else:
                st.losses += 1
                if game.forfeited_by is not None:
                    st.forfeits += 1

    def table(self) -> str:
        """The standings as a text table, best first."""
        rows = self.ranking()
        width = max([len("player")] + [len(s.name) for s in rows])
        head = (f"{'rank':>4}  {'player':<{width}}  {'points':>6}  {'games':>5}  {'won':>4}  {'drawn':>5}  "
                f"{'lost':>4}  {'forfeits':>8}  {'share':>6}  {'slowest':>8}")
        lines = [head, "-" * len(head)]
        for rank, s in enumerate(rows, 1):
            lines.append(f"{rank:>4}  {s.name:<{width}}  {s.points:>6}  {s.games:>5}  {s.wins:>4}  {s.draws:>5}  "
                         f"{s.losses:>4}  {s.forfeits:>8}  {s.share:>6.1%}  {s.slowest:>7.3f}s")
        return "\n".join(lines)

    def ranking(self) -> list[Standing]:
        """Standings best first: most points, then name."""
        return sorted(self.standings.values(), key=lambda s: (-s.points, s.name))

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


def play_game(x: Player, o: Player, limit: float, *, start: int | None = None, number: int = 0,
              round: int = 0) -> GameResult:
    """Play one game to the end (or a forfeit) with ``limit`` seconds per move, timed on the wall clock."""
    state = ULTIMATE.initial() if start is None else start
    opening = ULTIMATE.fen(state)
    players = (x, o)
    moves: list[int] = []
    times: list[float] = []
    for player in players:
        prepare_player(player)
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
            if spent > limit:
                raise PlayerFault(TIMEOUT, f"answered after {spent:.3f} s (limit {limit:g} s)")
            reason = ULTIMATE.illegal_reason(state, move)
            if reason is not None:
                raise PlayerFault(ILLEGAL, f"{move!r}: {reason}")
        except PlayerFault as fault:
            points = (FORFEIT_POINTS, WIN_POINTS) if side == 0 else (WIN_POINTS, FORFEIT_POINTS)
            return GameResult(number, x.name, o.name, "xo"[1 - side], fault.kind,
                              f"{'xo'[side]} ({player.name}) {fault.detail}", points, opening, moves, times,
                              forfeit_seconds=time.monotonic() - began, round=round)
        state = ULTIMATE.play(state, move)
        moves.append(move)
        times.append(spent)
    result = ULTIMATE.outcome(state)
    if result == 1:
        winner, points, reason = "x", (WIN_POINTS, LOSS_POINTS), LINE
    elif result == -1:
        winner, points, reason = "o", (LOSS_POINTS, WIN_POINTS), LINE
    else:
        winner, points, reason = None, draw_points(state), DRAW
    detail = f"{winner} wins" if winner else "drawn"
    return GameResult(number, x.name, o.name, winner, reason, f"{detail} after {len(moves)} moves", points,
                      opening, moves, times, round=round)


def schedule(count: int, rounds: int) -> list[tuple[int, int, int]]:
    """``(round, home, away)`` for every pair, each round: home plays x, then the return game."""
    games = []
    for r in range(rounds):
        for a, b in combinations(range(count), 2):
            games.append((r, a, b))
            games.append((r, b, a))
    return games


def unique_names(names: Sequence[str]) -> list[str]:
    """Players' names made unique: a name met again gets ``#2``, ``#3``..."""
    unique: list[str] = []
    for i, name in enumerate(names):
        count = list(names[:i + 1]).count(name)
        unique.append(name if count == 1 else f"{name}#{count}")
    return unique


def game_seed(seed: int, number: int, index: int) -> int:
    """The seed of player ``index`` in game ``number``: a function of those alone, so any worker plays
    the same game whatever else it played before."""
    digest = hashlib.sha256(f"{seed}:{number}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class GameTask:
    """One scheduled game: everything a worker needs to play it, as plain data (it crosses processes)."""

    number: int
    round: int
    x_spec: str
    o_spec: str
    x_name: str
    o_name: str
    x_seed: int
    o_seed: int
    opening: str
    limit: float


@dataclass(frozen=True)
class Plan:
    """A championship's identity: players (as spelled), limit, rounds, openings, seed. It fixes every game,
    so any runner -- one process, a pool, a cluster -- plays the same games."""

    players: tuple[str, ...]
    names: tuple[str, ...]
    limit: float = DEFAULT_LIMIT
    rounds: int = 1
    openings: int = 0
    seed: int = 0

    def identity(self) -> dict[str, Any]:
        """What a records file stores to recognise its championship."""
        return {"players": list(self.players), "names": list(self.names), "limit": self.limit,
                "rounds": self.rounds, "openings": self.openings, "seed": self.seed}

    def tasks(self) -> list[GameTask]:
        """Every game in schedule order, numbered from 1; each round's opening from the seed."""
        openings = {r: ULTIMATE.fen(random_opening(self.openings, random.Random(f"{self.seed}:{r}")))
                    for r in range(self.rounds)}
        tasks = []
        for number, (r, home, away) in enumerate(schedule(len(self.players), self.rounds), 1):
            tasks.append(GameTask(number, r, self.players[home], self.players[away], self.names[home],
                                  self.names[away], game_seed(self.seed, number, home),
                                  game_seed(self.seed, number, away), openings[r], self.limit))
        return tasks


def play_task(task: GameTask) -> GameResult:
    """Play one scheduled game with players made afresh from their specs (and closed afterwards)."""
    players: list[Player] = []
    try:
        for spec, name, seed in ((task.x_spec, task.x_name, task.x_seed), (task.o_spec, task.o_name, task.o_seed)):
            player = make_player(spec, seed=seed)
            player.name = name
            players.append(player)
        return play_game(players[0], players[1], task.limit, start=ULTIMATE.parse_fen(task.opening),
                         number=task.number, round=task.round)
    finally:
        for player in players:
            close_player(player)


def prepare_player(player: Player) -> None:
    """Let a player get ready before its first clock starts (a served process loads its tables).

    A failure is not reported here: the player's next ``choose`` tries again and forfeits
    in the game, where a fault belongs to a side.
    """
    prepare = getattr(player, "prepare", None)
    if prepare is not None:
        try:
            prepare()
        except PlayerFault:
            pass


def close_player(player: Player) -> None:
    """End what a player holds (a served process), if it holds anything."""
    close = getattr(player, "close", None)
    if close is not None:
        close()


def record_name(game: GameResult) -> str:
    """The file name of a game record: number and players, file-system safe."""
    def safe(name: str) -> str:
        return re.sub(r"[^A-Za-z0-9.:_-]+", "_", name)[:40].replace(":", "-")

    return f"game{game.number:03d}_{safe(game.x)}_vs_{safe(game.o)}.txt"


def record_text(game: GameResult) -> str:
    """A game record as text: ``#`` header lines (players, result, moves), then every FEN, one a line."""
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
    """Play the whole championship in this process with these player objects (kept from game to game),
    and return the games and standings. For scripts that tune players; ``treeviz arena`` plays a
    :class:`Plan` through :mod:`engine.arena.runner` instead.

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
        game = play_game(x, o, limit, start=openings[r], number=number, round=r)
        champ.add(game)
        if record_dir is not None and write is not None:
            write(record_dir / record_name(game), record_text(game))
        if progress is not None:
            progress(f"game {number}/{len(games)}: {x.name} (x) vs {o.name} (o): {game.detail}; "
                     f"points {game.points[0]}-{game.points[1]}")
    return champ
