"""The championship's records: a JSON-lines file, one line per finished game, that survives crashes.

The first line names the championship (players, limit, rounds, openings, seed:
what fixes every game), each later line is one game (players, colours, opening,
every move and its time, result, reason, points), appended as the game ends.
Every line goes out in a single ``os.write`` of the complete line followed by
``fsync``, with Ctrl-C held back meanwhile, so a recorded game stays recorded
whatever happens to the process afterwards. A line cut short (the process
killed in the middle of a write, a full disk) or any line that is not a valid
game is reported with its line number and skipped when reading; nothing else
is lost, and the next append starts on a fresh line.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.arena.championship import DRAW, FORFEIT_POINTS, LINE, LOSS_POINTS, WIN_POINTS, GameResult, Plan, draw_points
from engine.games.ultimate import ULTIMATE

RECORDS_NAME = "games.jsonl"
"""The records file's name inside a records folder."""
FORMAT = 1
"""Version of the line layout, stored in the header."""
IDENTITY_KEYS = ("players", "limit", "rounds", "openings", "seed")
"""The settings a resumed championship must share with its records."""


class RecordsError(ValueError):
    """Records that cannot be continued: no readable header, or another championship's."""


@dataclass(frozen=True)
class BadLine:
    """A line of the records file that was skipped, and why."""

    number: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.number}: {self.reason}"


@dataclass
class Records:
    """What a records file holds: the championship's identity, its games by number, the skipped lines."""

    path: Path
    identity: dict[str, Any] | None = None
    games: dict[int, GameResult] = field(default_factory=dict)
    bad: list[BadLine] = field(default_factory=list)
    ends_cleanly: bool = True
    """False when the file's last line has no end (the next append must start a new line)."""

    def in_order(self) -> list[GameResult]:
        """The games in game-number order."""
        return [self.games[n] for n in sorted(self.games)]

    def names(self) -> list[str]:
        """The players' names: from the header, else in order of first appearance in the games."""
        if self.identity is not None:
            return list(self.identity["names"])
        names: list[str] = []
        for game in self.in_order():
            for name in (game.x, game.o):
                if name not in names:
                    names.append(name)
        return names


def records_path(location: Path) -> Path:
    """The records file of a folder, or the file itself."""
    return location / RECORDS_NAME if location.is_dir() else location


# -- lines <-> games ---------------------------------------------------------------------------------


def header_line(plan: Plan) -> dict[str, Any]:
    """The first line: the championship's identity and its number of games."""
    return {"championship": {"format": FORMAT, **plan.identity(), "games": len(plan.tasks())}}


def game_line(game: GameResult) -> dict[str, Any]:
    """One game as a JSON object (times rounded to 0.1 ms)."""
    return {
        "game": game.number,
        "round": game.round,
        "x": game.x,
        "o": game.o,
        "opening": game.opening,
        "moves": [ULTIMATE.move_name(m) for m in game.moves],
        "seconds": [round(t, 4) for t in game.times],
        "forfeit_seconds": None if game.forfeit_seconds is None else round(game.forfeit_seconds, 4),
        "result": game.winner or "draw",
        "reason": game.reason,
        "detail": game.detail,
        "points": list(game.points),
    }


def _field(obj: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise ValueError(f"no {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ValueError(f"{key!r} is {value!r}")
    return value


def game_from_line(obj: Any) -> GameResult:
    """A game back from its JSON object, its moves replayed and its result checked against the board.

    :raises ValueError: a missing or wrong field, an illegal move, a result the moves do not give.
    """
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    number = _field(obj, "game", int)
    if number < 1:
        raise ValueError(f"game number {number}")
    x, o = _field(obj, "x", str), _field(obj, "o", str)
    opening = _field(obj, "opening", str)
    try:
        state = ULTIMATE.parse_fen(opening)
    except ValueError as exc:
        raise ValueError(f"opening: {exc}") from None
    names = _field(obj, "moves", list)
    times = _field(obj, "seconds", list)
    if len(times) != len(names) or not all(isinstance(t, int | float) and t >= 0 for t in times):
        raise ValueError("'seconds' must give one time per move")
    moves: list[int] = []
    for ply, name in enumerate(names, 1):
        if not (isinstance(name, str) and name.isdigit()):
            raise ValueError(f"move {ply} {name!r}: not a move")
        move = int(name)
        reason = ULTIMATE.illegal_reason(state, move)
        if reason is not None:
            raise ValueError(f"move {ply} {name!r}: {reason}")
        state = ULTIMATE.play(state, move)
        moves.append(move)
    forfeit = obj.get("forfeit_seconds")
    if forfeit is not None and (not isinstance(forfeit, int | float) or forfeit < 0):
        raise ValueError(f"'forfeit_seconds' is {forfeit!r}")
    result = _field(obj, "result", str)
    reason = _field(obj, "reason", str)
    points = _field(obj, "points", list)
    if len(points) != 2 or not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
        raise ValueError(f"'points' is {points!r}")
    if result not in ("x", "o", "draw"):
        raise ValueError(f"'result' is {result!r}")
    winner = None if result == "draw" else result
    if reason in (LINE, DRAW):
        outcome = ULTIMATE.outcome(state)
        if outcome is None:
            raise ValueError(f"result {result!r} but the game is not over after its moves")
        if {1: "x", -1: "o", 0: "draw"}[outcome] != result:
            raise ValueError(f"result {result!r} but the moves give {({1: 'x', -1: 'o', 0: 'draw'})[outcome]!r}")
        expected = draw_points(state) if winner is None else (WIN_POINTS, LOSS_POINTS) if winner == "x" \
            else (LOSS_POINTS, WIN_POINTS)
    elif ULTIMATE.is_over(state) or winner is None:
        raise ValueError(f"forfeit ({reason}) in a finished game or without a winner")
    else:
        expected = (WIN_POINTS, FORFEIT_POINTS) if winner == "x" else (FORFEIT_POINTS, WIN_POINTS)
    if tuple(points) != expected:
        raise ValueError(f"points {points} but a {result} by {reason} gives {list(expected)}")
    return GameResult(number, x, o, winner, reason, str(obj.get("detail", "")), (points[0], points[1]), opening,
                      moves, [float(t) for t in times], None if forfeit is None else float(forfeit),
                      round=obj.get("round", 0) if isinstance(obj.get("round"), int) else 0)


def _identity(obj: Any) -> dict[str, Any]:
    """The header's identity. :raises ValueError: not a header."""
    if not isinstance(obj, dict) or not isinstance(obj.get("championship"), dict):
        raise ValueError("not a championship header")
    head = obj["championship"]
    if head.get("format", FORMAT) != FORMAT:
        raise ValueError(f"records of format {head.get('format')!r}; this treeviz reads format {FORMAT}")
    for key in (*IDENTITY_KEYS, "names"):
        if key not in head:
            raise ValueError(f"championship header without {key!r}")
    if not isinstance(head["players"], list) or not isinstance(head["names"], list) \
            or len(head["players"]) != len(head["names"]):
        raise ValueError("championship header: 'players' and 'names' must be lists of the same length")
    return head


def read_records(path: Path) -> Records:
    """Read a records file, skipping (and listing) every line that is not a valid header or game.

    :raises OSError: the file cannot be read.
    """
    data = path.read_bytes()
    records = Records(path, ends_cleanly=not data or data.endswith(b"\n"))
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    where: dict[int, int] = {}
    for index, raw in enumerate(lines, 1):
        truncated = index == len(lines) and not records.ends_cleanly
        if not raw.strip():
            if truncated:
                records.bad.append(BadLine(index, "cut short (the file ends inside it)"))
            continue
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            kind = "cut short (the file ends inside it)" if truncated else "not JSON"
            records.bad.append(BadLine(index, f"{kind}: {str(exc).splitlines()[0][:80]}"))
            continue
        if isinstance(obj, dict) and "championship" in obj:
            try:
                identity = _identity(obj)
            except ValueError as exc:
                records.bad.append(BadLine(index, str(exc)))
                continue
            if records.identity is None and index == 1:
                records.identity = identity
            else:
                records.bad.append(BadLine(index, "a second championship header"))
            continue
        try:
            game = game_from_line(obj)
        except ValueError as exc:
            records.bad.append(BadLine(index, f"not a valid game: {exc}"))
            continue
        problem = _misfit(records.identity, game)
        if problem:
            records.bad.append(BadLine(index, problem))
        elif game.number in records.games:
            records.bad.append(BadLine(index, f"game {game.number} again (first on line {where[game.number]}); "
                                              "the first kept"))
        else:
            records.games[game.number] = game
            where[game.number] = index
    return records


def _misfit(identity: dict[str, Any] | None, game: GameResult) -> str | None:
    """Why a valid game does not belong to the championship of the header (None when it does)."""
    if identity is None:
        return None
    total = identity.get("games")
    if isinstance(total, int) and game.number > total:
        return f"game {game.number}, but the championship has {total} games"
    if game.x not in identity["names"] or game.o not in identity["names"]:
        return f"game {game.number} between {game.x!r} and {game.o!r}, who are not in this championship"
    return None


def identity_mismatch(identity: dict[str, Any], plan: Plan) -> str | None:
    """The first setting in which the records' championship differs from ``plan`` (None when it is the same)."""
    wanted = plan.identity()
    for key in IDENTITY_KEYS:
        have = identity.get(key)
        if have != wanted[key]:
            def show(value: Any) -> str:
                return " ".join(value) if isinstance(value, list) else f"{value:g}" if isinstance(value, float) \
                    else str(value)
            return f"{key} {show(have)} in the records, {show(wanted[key])} asked for"
    return None


# -- writing -------------------------------------------------------------------------------------------


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is done (they are delivered right after)."""
    held = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class RecordsWriter:
    """Appends whole lines to a records file: one ``os.write`` per line, then ``fsync``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    @classmethod
    def create(cls, path: Path, plan: Plan) -> RecordsWriter:
        """A new records file holding only the header (written to a temporary file, then renamed)."""
        tmp = path.with_name(f".{path.name}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, _encode(header_line(plan)))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        _sync_folder(path.parent)
        return cls(path)

    @classmethod
    def reopen(cls, records: Records) -> RecordsWriter:
        """Append to an existing file; a last line cut short is ended first so the next game starts clean."""
        writer = cls(records.path)
        if not records.ends_cleanly:
            writer._write(b"\n")
        return writer

    def append(self, game: GameResult) -> None:
        """Record one game for good."""
        self._write(_encode(game_line(game)))

    def _write(self, data: bytes) -> None:
        with _signals_held():
            size = os.fstat(self.fd).st_size
            written = os.write(self.fd, data)
            if written != len(data):
                os.ftruncate(self.fd, size)
                raise OSError(f"only {written} of {len(data)} bytes written to {self.path} (disk full?)")
            os.fsync(self.fd)

    def close(self) -> None:
        """Close the file (every line is already on disk)."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> RecordsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _encode(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
