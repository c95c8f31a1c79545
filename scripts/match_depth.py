"""The learned evaluation against the classic one at equal depth: a paired match that the machine's load cannot touch.

    nice -n 10 .venv/bin/python scripts/match_depth.py --depth 5 --pairs 200 --seed 1

Both sides are the bot's C search (iterative deepening, table, quiescence, contempt) stopped at ``--depth``
plies instead of a deadline, one with the learned net (``--weights``, the package's by default), one with the
classic evaluation, each with a fresh table every move: the games depend on the openings alone. Each random
opening (``--openings`` plies from ``--seed``) is played with both colours; the pentanomial counts, the Elo with
its 95 % interval and the SPRT's LLR (``--elo0``/``--elo1``, normalized) are printed, and the match stops when
the test decides. What it measures is the evaluation alone: a slower evaluation costs depth at a fixed time,
which ``treeviz sprt`` at a time control measures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.arena.championship import GameResult, play_game, random_opening  # noqa: E402
from engine.arena.paired import match_state  # noqa: E402
from engine.arena.sprt import Sprt  # noqa: E402
from engine.bot.decision import QUIESCE_PLIES  # noqa: E402
from engine.bot.native_search import native_engine  # noqa: E402
from engine.evaluation.ultimate_net import DEFAULT_FILE, Net, load_net  # noqa: E402
from engine.evaluation.ultimate_weights import DEFAULT_WEIGHTS, draw_shift  # noqa: E402
from engine.games.ultimate import ULTIMATE  # noqa: E402


class FixedDepth:
    """The C search to a fixed depth with the classic evaluation or a net."""

    def __init__(self, name: str, depth: int, net: Net | None) -> None:
        engine = native_engine(DEFAULT_WEIGHTS, net)
        if engine is None:
            raise SystemExit("error: the C search is not built (scripts/build_native.sh)")
        self.engine = engine
        self.name = name
        self.depth = depth

    def choose(self, state: int, seconds: float) -> int:
        decision = self.engine.think(state, time.monotonic() + 1e9, draw_shift(ULTIMATE.to_move(state)),
                                     self.engine.table(18), max_depth=self.depth, quiesce_plies=QUIESCE_PLIES)
        return decision.move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--openings", type=int, default=4, help="random plies of each opening")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weights", default=DEFAULT_FILE)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    args = parser.parse_args()
    learned = FixedDepth("learned", args.depth, load_net(args.weights))
    classic = FixedDepth("classic", args.depth, None)
    test = Sprt(args.elo0, args.elo1)
    games: list[GameResult] = []
    began = time.monotonic()
    state = None
    for pair in range(args.pairs):
        opening = random_opening(args.openings, random.Random(f"{args.seed}:{pair}"))
        for number, (x, o) in enumerate(((learned, classic), (classic, learned)), 2 * pair + 1):
            games.append(play_game(x, o, 1e9, start=opening, number=number, round=pair))  # type: ignore[arg-type]
        state = match_state(games, "learned", test)
        est = state.estimate
        assert est is not None
        sys.stderr.write(f"[{pair + 1}/{args.pairs} pairs, {time.monotonic() - began:.0f} s] "
                         f"{list(state.penta.counts)}: Elo {est.elo:+.1f} ({est.elo_low:+.1f} to {est.elo_high:+.1f}), "
                         f"LLR {state.llr:.2f}\n")
        if state.decision is not None:
            break
    assert state is not None and state.estimate is not None
    est = state.estimate
    print(f"learned vs classic at depth {args.depth}: {state.penta.pairs} pairs, "
          f"pentanomial {list(state.penta.counts)}, "
          f"score {est.score:.1%}, Elo {est.elo:+.1f} (95 %: {est.elo_low:+.1f} to {est.elo_high:+.1f}), "
          f"nElo {est.nelo:+.1f} +/- {est.nelo_error:.1f}, LLR {state.llr:.2f} [{args.elo0:g}, {args.elo1:g}]: "
          f"{state.decision or 'no decision'}")


if __name__ == "__main__":
    main()
