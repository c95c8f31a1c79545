"""Speed of Monte Carlo tree search (UCT, random playouts) on ultimate tic-tac-toe.

    .venv/bin/python scripts/bench_mcts.py [--iterations 20000 --positions 10 --repeats 3 --bot-seconds 1]
    .venv/bin/python scripts/bench_mcts.py --baseline      # also the generic path (before/after figures)

Prints, with the machine's load: UCT iterations per second from the start and from
``--positions`` midgame positions (random games of 16-40 plies, seeded), each the best
of ``--repeats`` runs of ``--iterations`` iterations in this process; random playouts per
second alone; and the alpha-beta bot's nodes per second (``engine.bot.iterative.think``,
``--bot-seconds`` per position) on the same positions, with the ratio of the two.
``--baseline`` also times the same UCT through the game protocol only (generic playouts,
a full UCB1 scan at every node; the start and 3 midgame positions, once): what a
plain Python UCT does.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine.search.mcts as mcts_module  # noqa: E402
from engine.games.ultimate import ULTIMATE  # noqa: E402
from engine.search.mcts import generic_playouts, mcts  # noqa: E402
from scripts.bench_bot import midgame_positions  # noqa: E402 - the bot's positions, for the ratio


def load() -> str:
    """The machine's load averages (1, 5, 15 min), for the record."""
    try:
        return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        return "load average unknown"


class _PlainGame:
    """Ultimate behind the bare protocol (no ``random_playouts``): what any game gets."""

    def __getattr__(self, name: str):
        if name == "random_playouts":
            raise AttributeError(name)
        return getattr(ULTIMATE, name)


def uct_rate(state: int, iterations: int, repeats: int, game=ULTIMATE) -> float:
    """Best iterations per second over ``repeats`` searches (seeds 1, 2, ...)."""
    best = 0.0
    for seed in range(1, repeats + 1):
        result = mcts(game, state, iterations=iterations, seed=seed)
        best = max(best, result.iterations / result.seconds)
    return best


def playout_rate(states: list[int], count: int, fast: bool) -> float:
    """Random playouts per second from ``states`` in turn."""
    rng = random.Random(1)
    playout = ULTIMATE.random_playouts(rng) if fast else generic_playouts(ULTIMATE, rng)
    playout(states[0])  # tables built before timing
    began = time.perf_counter()
    for i in range(count):
        playout(states[i % len(states)])
    return count / (time.perf_counter() - began)


def progress(text: str) -> None:
    if sys.stderr.isatty():
        print(f"\r{text:<60}", end="", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bot-seconds", type=float, default=1.0)
    parser.add_argument("--baseline", action="store_true", help="also time the generic path")
    args = parser.parse_args()

    print(f"python {sys.version.split()[0]}; {load()} at start")
    ULTIMATE.random_playouts(random.Random(0))  # build the playout tables outside the timings
    positions = midgame_positions(args.positions)

    progress("UCT from the start")
    start_rate = uct_rate(ULTIMATE.initial(), args.iterations, args.repeats)
    rates = []
    for i, state in enumerate(positions, 1):
        progress(f"UCT midgame position {i}/{len(positions)}")
        rates.append(uct_rate(state, args.iterations, args.repeats))
    progress("playouts")
    fast_playouts = playout_rate([ULTIMATE.initial()], 20000, fast=True)
    print(f"UCT, {args.iterations:,} iterations, best of {args.repeats}: start {start_rate:,.0f} iterations/s; "
          f"{len(positions)} midgame positions: min {min(rates):,.0f}, median {statistics.median(rates):,.0f}, "
          f"max {max(rates):,.0f} iterations/s")
    print(f"random playouts alone from the start: {fast_playouts:,.0f} /s")

    from engine.bot.iterative import think
    from engine.evaluation.ultimate import WIN, evaluate, scoring

    bot_rates = []
    for i, state in enumerate(positions, 1):
        progress(f"alpha-beta midgame position {i}/{len(positions)}")
        decision = think(ULTIMATE, state, time.monotonic() + args.bot_seconds, evaluate=evaluate,
                         scoring=scoring, win=WIN)
        bot_rates.append(decision.nodes_per_second)
    bot = statistics.median(bot_rates)
    print(f"alpha-beta bot (engine.bot.iterative.think, {args.bot_seconds:g} s) on the same positions: median "
          f"{bot:,.0f} nodes/s; UCT iterations / bot nodes: {statistics.median(rates) / bot:.3f} "
          f"(each UCT iteration plays a whole random game: ~{statistics.median(rates) / bot * 100:.0f} % of a "
          f"node's rate)")

    if args.baseline:
        plain = _PlainGame()
        saved = mcts_module.WIDE
        mcts_module.WIDE = 10 ** 9
        try:
            progress("baseline UCT from the start")
            base_start = uct_rate(ULTIMATE.initial(), args.iterations, 1, game=plain)
            base_mid = []
            for i, state in enumerate(positions[:3], 1):
                progress(f"baseline UCT midgame position {i}/3")
                base_mid.append(uct_rate(state, args.iterations, 1, game=plain))
        finally:
            mcts_module.WIDE = saved
        slow_playouts = playout_rate([ULTIMATE.initial()], 2000, fast=False)
        print(f"baseline, the same UCT through the game protocol only (generic playouts, a full UCB1 scan at "
              f"every node), {args.iterations:,} iterations once: start {base_start:,.0f} iterations/s, "
              f"first 3 midgame positions median {statistics.median(base_mid):,.0f}; generic playouts "
              f"{slow_playouts:,.0f} /s")
    progress("")
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"{load()} at end")


if __name__ == "__main__":
    main()
