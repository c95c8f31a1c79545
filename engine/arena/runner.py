"""Where a championship's games are played: in this process, or N at once in a pool of worker processes.

A runner takes the games still to play (:class:`engine.arena.championship.GameTask`, plain
data) and yields each :class:`engine.arena.championship.GameResult` as soon as its game ends,
in whatever order they end; the caller records them. Every game is played whole
by one worker with players made afresh from their specs and seeds
(:func:`engine.arena.championship.play_task`), so where or in what order a game is played
never changes it. :mod:`engine.arena.ray_backend` plays the same tasks on a Ray cluster.

Stopping: when the caller stops iterating (Ctrl-C, an error), the games still
running are abandoned -- their workers are terminated, the players' processes
killed -- and no result of theirs is yielded; they are replayed by a resume.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from engine.arena.championship import GameResult, GameTask, play_task

POOL_RESTARTS = 3
"""How many times a pool whose worker died (killed, out of memory) is restarted before giving up."""


class WorkerLost(RuntimeError):
    """Workers kept dying: the games they were playing could not be finished."""


class Runner(Protocol):
    """Plays games and yields their results as they end."""

    def play(self, tasks: Sequence[GameTask]) -> Iterator[GameResult]:
        """Each task's result, in the order the games end."""
        ...


def cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class InProcess:
    """One game at a time, in this process (``--jobs 1``): no start-up cost at all."""

    def play(self, tasks: Sequence[GameTask]) -> Iterator[GameResult]:
        for task in tasks:
            yield play_task(task)


def _worker_started(parent: int) -> None:
    """In each pool worker: Ctrl-C is the arena's business, SIGTERM unwinds (players get closed), and
    the worker gets SIGTERM when the arena dies, even by SIGKILL (Linux), so no game goes on unwatched."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    _die_with_parent()
    if os.getppid() != parent:  # the arena died before the request took effect
        raise SystemExit(1)


def _die_with_parent() -> None:
    """Ask Linux to send this process SIGTERM when its parent dies (``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # pragma: no cover - no libc to ask
        pass


class ProcessPool:
    """``jobs`` games at once, each in its own worker process (a worker plays one whole game at a time).

    A worker that dies (killed, out of memory) breaks the pool: the games it and the
    others were playing are started again in a new pool, up to :data:`POOL_RESTARTS` times.
    """

    def __init__(self, jobs: int, on_restart: Callable[[str], None] | None = None) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self.on_restart = on_restart

    def play(self, tasks: Sequence[GameTask]) -> Iterator[GameResult]:
        remaining = {task.number: task for task in tasks}
        restarts = 0
        while remaining:
            pool = ProcessPoolExecutor(max_workers=min(self.jobs, len(remaining)), initializer=_worker_started,
                                       initargs=(os.getpid(),))
            futures: dict[Future[GameResult], int] = {}
            broken = False
            try:
                for number in sorted(remaining):
                    futures[pool.submit(play_task, remaining[number])] = number
                pending = set(futures)
                while pending and not broken:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in sorted(done, key=futures.__getitem__):
                        try:
                            game = future.result()
                        except BrokenProcessPool:
                            broken = True
                            continue
                        del remaining[futures[future]]
                        yield game
            finally:
                if remaining:
                    _abandon(pool)
                else:
                    pool.shutdown()
            if broken:
                restarts += 1
                if restarts > POOL_RESTARTS:
                    raise WorkerLost(f"game workers died {restarts} times; {len(remaining)} games not played")
                if self.on_restart is not None:
                    self.on_restart(f"a game worker died; {len(remaining)} unfinished games start again")


def _abandon(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: queued games cancelled, running ones' workers terminated (their players closed)."""
    pool.shutdown(wait=False, cancel_futures=True)
    workers = [p for p in multiprocessing.active_children()]
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
        if worker.is_alive():
            worker.kill()
            worker.join()


def local_runner(jobs: int, on_restart: Callable[[str], None] | None = None) -> Runner:
    """The runner for ``--jobs``: this process for 1, a pool of worker processes for more."""
    return InProcess() if jobs == 1 else ProcessPool(jobs, on_restart)
