"""Train sm-bot's learned evaluation: positions from the bot's games labelled by its deeper search, a small
integer net fitted to them on the CPU (design: engine/evaluation/ultimate_net.py).

    nice -n 19 .venv/bin/python scripts/train_eval.py --games 1500 --depth 5 --seed 1 --jobs 2 \\
        --data train-data.txt -o engine/evaluation/ultimate_net.bin

Two steps, each written atomically (nothing half-written):

1. data (``--data FILE``): ``--games`` games from random openings, every position labelled by the C
   search to ``--depth`` plies (engine/bot/training_data.py), played by ``--jobs`` worker processes.
   A data file made with the same seed, games and depth is reused, so training again costs nothing here.
2. training: the net fitted with numpy (full-batch-free minibatch Adam on the sigmoid of the values, see
   engine/evaluation/net_training.py), ``--epochs`` passes, 10 % of the games held out to report the
   loss; the weights quantized to integers and written with their hash and this command (``-o``).

Everything follows from ``--seed``: the same command gives the same bytes. Progress and the time left go to
stderr. A ``--budget`` (minutes) too small for the data asked, or a disk too full for the files, stops with one
``error:`` line before anything is written.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.bot import training_data  # noqa: E402
from treeviz.files import OutputPathError, check_output_path, write_atomically, write_chunks_atomically  # noqa: E402

BYTES_PER_POSITION = 64
"""A data line's size, at most (what the disk check counts on)."""
POSITIONS_PER_GAME = 55


def fail(message: str) -> None:
    """One ``error:`` line and exit status 2."""
    sys.stderr.write(f"error: {message}\n")
    raise SystemExit(2)


def clock(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Meter:
    """``[done/total, H:MM:SS left]`` lines on stderr, at most one a second."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.began = time.monotonic()
        self.shown = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.shown < 1 and done < total:
            return
        self.shown = now
        left = (now - self.began) / done * (total - done) if done else 0.0
        sys.stderr.write(f"[{self.what} {done}/{total}, {clock(now - self.began)} spent, {clock(left)} left]\n")
        sys.stderr.flush()


def data_header(seed: int, games: int, depth: int) -> str:
    return f"# treeviz training data: seed {seed} games {games} depth {depth}\n"


def calibrate(depth: int, jobs: int) -> float:
    """Seconds a game of labels takes here (one game timed, shared among ``jobs`` workers)."""
    began = time.monotonic()
    training_data.game_positions(-1, 0, depth)
    return (time.monotonic() - began) / max(1, min(jobs, os.cpu_count() or 1))


def make_data(path: Path, seed: int, games: int, depth: int, jobs: int, budget: float | None) -> None:
    """Write (or reuse) the data file."""
    header = data_header(seed, games, depth)
    if path.exists():
        with path.open() as handle:
            if handle.readline() == header:
                sys.stderr.write(f"data: {path} already holds these games; reused\n")
                return
    free = shutil.disk_usage(path.parent if path.parent.exists() else Path.cwd()).free
    need = games * POSITIONS_PER_GAME * BYTES_PER_POSITION * 2
    if free < need:
        fail(f"{path}: {free // 2**20} MB free on its disk, the data need about {need // 2**20} MB")
    if budget is not None:
        per_game = calibrate(depth, jobs)
        estimate = per_game * games / 60
        if estimate > budget:
            fail(f"--budget {budget:g} minutes is too small: {games} games at depth {depth} take about "
                 f"{estimate:.0f} minutes here ({per_game:.2f} s a game); ask for fewer --games or a lower --depth")

    def chunks():  # type: ignore[no-untyped-def]
        yield header
        for positions in training_data.generate(seed, games, depth, jobs, Meter("games")):
            yield "".join(training_data.line(*p) for p in positions)

    try:
        write_chunks_atomically(path, chunks())
    except OutputPathError as exc:
        fail(str(exc))


def main(argv: list[str] | None = None) -> None:
    # SIGTERM unwinds like Ctrl-C, so the atomic writers remove their temporary files (nothing half-written)
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1500, help="games of training data (default 1500)")
    parser.add_argument("--depth", type=int, default=5, help="depth of the label searches (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes for the data")
    parser.add_argument("--data", type=Path, default=Path("train-data.txt"), help="the data file (made or reused)")
    parser.add_argument("--budget", type=float, help="minutes the data may take; refused at once if too few")
    parser.add_argument("--data-only", action="store_true", help="make the data file and stop")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--result-weight", type=float, default=0.0,
                        help="share of the game's result in the target (0: the search's label alone)")
    parser.add_argument("-o", "--output", type=Path, help="the weights file to write")
    args = parser.parse_args(argv)
    if args.games < 1 or args.depth < 1 or args.jobs < 1:
        fail("--games, --depth and --jobs must be at least 1")
    if not args.data_only and args.output is None:
        fail("-o WEIGHTS is needed (or --data-only)")
    if not args.data_only:
        try:
            check_output_path(args.output)
        except OutputPathError as exc:
            fail(str(exc))
    command = "scripts/train_eval.py " + " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    try:
        make_data(args.data, args.seed, args.games, args.depth, args.jobs, args.budget)
    except training_data.NoNativeSearch as exc:
        fail(str(exc))
    if args.data_only:
        return
    try:
        from engine.evaluation import net_training
    except ImportError as exc:
        fail(f"training needs numpy ({exc}): pip install numpy")
    try:
        net = net_training.train_file(args.data, seed=args.seed, epochs=args.epochs, command=command,
                                      result_weight=args.result_weight, progress=Meter("epochs"),
                                      report=lambda text: sys.stderr.write(text + "\n"))
    except net_training.TrainingError as exc:
        fail(str(exc))
    data = net.to_bytes()
    free = shutil.disk_usage(args.output.resolve().parent).free
    if free < 2 * len(data):
        fail(f"{args.output}: {free} bytes free on its disk, the weights need {len(data)}")
    try:
        write_atomically(args.output, data)
    except OutputPathError as exc:
        fail(str(exc))
    sys.stderr.write(f"wrote {args.output}: {len(data)} bytes, sha256 {net.digest()}\n")


if __name__ == "__main__":
    main()
