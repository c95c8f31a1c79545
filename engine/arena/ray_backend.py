"""Championship games as Ray tasks: on a local Ray instance, or on a running cluster (``--address``).

Each game is one task that reserves one CPU (``num_cpus=1``), so Ray never runs
more games on a machine than it has cores and no game's players are starved
by another's; a task whose worker dies is retried by Ray. Workers need this
package installed (``pip install 'treeviz[cluster]'`` on every node, same
version) and the programs of any outside players on their PATH.

Ray is an optional extra: it is imported only when this runner plays.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from engine.arena.championship import GameResult, GameTask, play_task

TASK_RETRIES = 3
"""Ray retries a game whose worker process died this many times."""


class RayMissing(RuntimeError):
    """Ray is not installed."""


class RayUnavailable(RuntimeError):
    """The Ray cluster could not be reached or started."""


def ray_module() -> Any:
    """The ``ray`` module. :raises RayMissing: not installed, with how to install it."""
    try:
        import ray
    except ImportError:
        raise RayMissing("the ray backend needs Ray: pip install 'treeviz[cluster]'") from None
    return ray


def _check_reachable(address: str) -> None:
    """Fail fast when nothing listens at ``host:port`` (Ray itself would keep retrying for minutes).

    :raises RayUnavailable: the address is malformed or refuses connections (checked before anything
        is played or written).
    """
    if address in ("auto", "local") or address.startswith("ray://"):
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise RayUnavailable(f"address={address!r}: expected HOST:PORT (e.g. 10.0.0.5:6379), auto or ray://...")
    try:
        with socket.create_connection((host, int(port)), timeout=10):
            pass
    except OSError as exc:
        raise RayUnavailable(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}") from None


class RayRunner:
    """Plays games as Ray tasks, at most ``jobs`` at once (None: as many as the cluster has CPUs).

    With no ``address`` a local Ray instance is started with ``jobs`` CPUs (default: this
    machine's) and shut down at the end; no dashboard, no usage statistics.
    """

    def __init__(self, address: str | None = None, jobs: int | None = None) -> None:
        self.address = address
        self.jobs = jobs
        self.ray = ray_module()
        if address is not None:
            _check_reachable(address)

    def _start(self) -> None:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR,
                                   "configure_logging": True}
        if self.address is None:
            # "local": a new private instance, even when a cluster started by `ray start` runs here
            options.update(address="local", num_cpus=self.jobs or os.cpu_count() or 1, include_dashboard=False)
        else:
            options["address"] = self.address
        try:
            self.ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"the Ray cluster at {self.address}" if self.address else "a local Ray instance"
            raise RayUnavailable(f"cannot reach {where}: {' '.join(str(exc).split())}") from None

    def play(self, tasks: Sequence[GameTask]) -> Iterator[GameResult]:
        # Ray prints its cluster's error reports (a worker that died...) on sys.stdout from a thread
        # of its own; stdout carries only the championship's result, so they go to stderr meanwhile.
        stdout, sys.stdout = sys.stdout, sys.stderr
        try:
            yield from self._play(tasks)
        finally:
            sys.stdout = stdout

    def _play(self, tasks: Sequence[GameTask]) -> Iterator[GameResult]:
        ray = self.ray
        self._start()
        remote = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(play_task)
        waiting = list(tasks)
        running: list[Any] = []
        limit = self.jobs if self.address is not None and self.jobs else len(waiting)
        try:
            while waiting or running:
                while waiting and len(running) < limit:
                    running.append(remote.remote(waiting.pop(0)))
                done, running = ray.wait(running, num_returns=1)
                yield ray.get(done[0])
        finally:
            for ref in running:
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # noqa: BLE001 - best effort: the task may have just finished
                    pass
            ray.shutdown()
