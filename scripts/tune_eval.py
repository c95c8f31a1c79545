"""Choose the evaluation's weights by playing them against each other in the arena.

Each candidate (the current weights with one or two changed) plays the
baseline: ``--rounds`` rounds, each from its own random opening and played
with both colours, with the course's scoring (10 a win, 1 a loss, 1 + sub-boards
won a draw). Both sides search the same way: to a fixed depth by default, so
the comparison measures the evaluation alone and does not depend on the load
of the machine; ``--seconds`` uses timed searches instead. Prints one line per
candidate: its share of the points played for, wins/draws/losses.

    .venv/bin/python scripts/tune_eval.py --rounds 20 --depth 5

Results that chose the current weights (candidate's share of the points scored
against the baseline; 40-60 games each; 50 % is a tie; about +-6 % is noise):

- baseline without relevance weighting, depth 5, 20 rounds: free_move 80 50.7 %,
  free_move 10 44.7 %, threat 50 44.9 %, threat 5 49.1 %, won 200 44.7 %,
  won 60 45.9 %, big_two 300 41.4 %, big_two 60 43.3 % -- no single weight
  change beat the baseline, so those weights stayed.
- relevance weighting (each side's sub-board potential times the big-board
  lines still open to it) against the same baseline: depth 5: relevance 4
  49.8 %, relevance 3 41.8 %, relevance 6 57.0 % (20 rounds), 61.3 % and 52.3 %
  (30 rounds, two other opening sets), relevance 8 60.8 %; depth 6: 50.9 %;
  timed 0.1 s a move 51.9 %, 0.2 s a move 50.4 % (the evaluation is slower, so
  the depth gain is partly eaten by speed). Pooled: 53 % -> relevance 6 adopted.
- on top of relevance 6, depth 5, 30 rounds: free_move 80 42.8 %, won 200
  46.6 %, big_two 300 45.4 %, two 20 51.6 % (noise) -- kept as they are.

- big-board lines by chances (``chance``: per line, the product of a side's
  chances of winning its three sub-boards), on top of the weights above,
  depth 5 unless said, 20 rounds then 60 rounds (about +-4.5 % noise):
  chance 250 49.3 %, 500 61.9 %, 1000 69.7 %, 2000 73.7 %; 60 rounds: 2000
  65.1 %, 4000 67.5 %, 8000 65.9 %, 16000 67.7 %; depth 6: 2000 56.6 %, 4000
  60.9 %, 8000 63.4 %. Against chance 4000 (base 4, two 5, one 1): 8000 53.6 %,
  chance_base 2 57.7 %, chance_base 7 42.8 %, chance_two 3 38.1 %, chance_two
  8 42.8 %, chance_one 0 48.4 %, chance_one 2 41.5 %, big_two 0 51.8 %,
  big_one 0 50.5 %, won 50 51.5 %, relevance 10 52.3 %. Against chance 4000
  base 2: chance_base 0 48.5 %, 1 54.5 %, chance_two 4 45.3 %, 6 51.5 %,
  chance 2000 54.3 %, 8000 46.9 %, big_two 0 53.3 %, won 50 53.6 %; depth 6:
  chance_base 4 50.0 %, 1 49.9 %. Adopted chance 4000, base 2, two 5, one 1;
  timed at 0.1 s a move against the weights before it (30 rounds): 79.8 %,
  46-12-2.
- ``chance_sent`` (the side to move's chance where it is sent and can win the
  sub-board at once, to damp the odd/even swing of the values): depth 5 20
  53.4 %, 16 50.8 %, 12 49.6 %; depth 6 20 50.9 %, 12 50.1 % -- noise, taken out.
- ``chance_vs`` (a side's chance of an open sub-board lowered by the
  opponent's two-stone lines there): depth 5 2 49.0 %, 4 37.9 %, 6 39.2 %;
  0.1 s a move 2 41.9 %, 4 26.6 % -- worse, taken out.
- ``dead_subs`` (an open sub-board where a side has no line left blocks that
  side's big lines, so dead draws are seen earlier): depth 5 44.9 %, 0.1 s a
  move 48.4 % -- not better, taken out.
- a one-ply "capture" extension at depth-limited leaves (when the side to move
  can win the sub-board it is sent to, the leaf is worth the best of its value
  and the values after those winning moves; a prototype outside the package):
  depth 5 46.7 % (120 games), 30 ms a move 46.8 % (60 games) -- not kept.
- the other weights again on top of the chances (depth 5, 60 rounds):
  free_move 80 48.7 %, 10 46.6 %, threat 50 51.8 %, 5 49.8 %, won 200 46.0 %,
  big_two 300 46.6 %, two 20 49.5 %, 5 52.9 %, one 5 58.3 %, relevance 3
  53.2 %, 10 43.0 %, cells x2 53.1 %, flat places 50.4 %. one 5 again: depth 5
  56.7 % (one 3 48.5 %, one 8 48.5 %, one 5 relevance 4 49.0 %), depth 6 49.7 %,
  timed 0.1 s 43.6 % and 45.6 % (30 rounds each) -- not taken, nothing changed.

Against UCT, the opponent that matters most (issue 12): our bot in-process at 0.06 s a move with a
fresh transposition table each move (what a one-shot ``sm-bot`` process searches at 0.1 s) against
``MctsPlayer`` at 0.1 s, 50 rounds (100 games) per opening seed, share of all points scored:

- before: 74.7 % (seed 3), 77.1 % (4), 73.7 % (5); 34 losses in 300 games.
- a win of the game in one scored as that win (exact): 85.4 %, 76.6 %, 79.1 %; 18 losses -- adopted.
- then threat 40: 83.9 % (3), 79.7 % (5); free_move 60: 80.6 %, 81.8 % -- noise, unchanged.
- quiescence of sub-board captures (two plies): 81.9 % (3), 79.0 % (4), 82.7 % (5), 82.0 % (6);
  mean 81.4 % against about 80 % -- within the noise, kept.
- then chance_rival (a side's chance weighed against the rival's in the same sub-board): 65.5 % (4),
  63.9 % (6) -- much worse, taken out. chance 2000: 78.6 %, 78.2 %; chance 9000: 83.3 %, 78.9 %;
  big_two 300: 82.6 %, 80.1 %; chance 6000: 81.8 % (3), 81.8 % (4), 86.3 % (5), 85.1 % (6), mean
  83.8 % against 81.4 %, 13 losses against 21 in 400 games -- adopted.
- sub-board chances learned from 400 such games (how often a side went on to win an open sub-board,
  by its own and its rival's two- and one-stone lines, smoothed toward a logistic fit), in place of
  chance_base/two/one: chance 6000 66.5 %, chance 2500 73.8 % (seed 3, against 81.8 %) -- taken out.
- Texel tuning of every weight on the outcomes of those 400 games (15,671 positions; squared error of
  a logistic of the value against the result, held-out 0.1319 -> 0.1222 after 4 sweeps, 0.1209 after
  10): 75.5 % and 70.2 % (seed 3) -- values that predict outcomes better played worse; not taken.
  (These two matches, and the drawish one below, ran while a busy loop left over from a killed
  benchmark held a core: three CPU-bound processes on two cores, both players slowed alike.)

At 1 s a move (issue 12's 85 % not reached: 76.5 % one-shot, 80.0 % and 72.9 % on the openings of
``--seed`` 1 and 2), in-process (our bot 0.92 s a move, fresh table, against ``MctsPlayer`` at 1 s,
the same openings, 20 games each): contempt 300 (was 50) 73.8 %, 71.6 %; contempt 300 plus a
sixteenth of it for each big-board line closed to a side (lines dying count against the bot before
the dead draw) 77.7 %, 72.6 % -- noise, taken out. A 3 s search over the 1 s games' records finds the
draws forced 15-20 plies before the end, a few moves after the bot valued its position at +200 to
+400: UCT's defence neutralises midgame leads the evaluation counts on.

Search, not weights (the bot against itself without the change, timed, 30 or
20 rounds from random 4-ply openings): late move reductions (moves from the
sixth on searched one ply shallower first, in full only when they beat alpha)
at 0.15 s a move 60.8 % and 54.8 % (from the fourth: 49.6 %, from the ninth:
50.5 %), at 0.5 s a move 51.3 % and 58.2 % -- 56.6 % over 200 games, adopted
(``engine.bot.iterative.think``'s ``reduce_late=5``; the depth-limited matches
above search without it). More time for the in-process bot (0.44 s of 0.5 s,
new iterations up to 60 % of it) against the usual 0.30 s: 50.8 % and 52.8 %
(40 games each), not taken.

Draws (not weights of :class:`Weights`; chosen in the arena at 0.5 s a move,
``bench_bot.py arena --rounds 20``, bot won-drawn-lost of 40 games): the bot
had drawn against greedy (39-1-0 with --seed 1; that game did not recur, the
bot's play depends on timing). Two flaws in how draws were judged: a draw
scored 0 whatever the tie-break, and a big board with every line blocked still
looked like a lead until the last sub-board closed. Now a finished draw scores the
championship's tie-break (``DRAW_SUB`` = 10 per sub-board won more), a side
with no free big-board line is held to the draw's value (a dead draw is seen
as soon as the last line closes), and the bot's own side values a draw
``CONTEMPT`` = 50 less (:func:`engine.evaluation.ultimate.judges`). Tie-break and
bound alone: greedy --seed 1 38-2-0, --seed 2 40-0-0, seed:5 --seed 5
36-2-2, seed:6 --seed 6 36-3-1 (before any change, seed:6 --seed 6 37-2-1).
With contempt 50: greedy --seed 1 40-0-0, --seed 2 39-1-0 (396/400), random
--seed 1 40-0-0, seed:5 --seed 5 38-2-0 (392/400), seed:6 --seed 6 38-0-2
(382/400). The draw left against greedy (--seed 2, game 19) was already a
forced draw 7 plies before the bot's search saw it (a 14-ply search finds it
there, the 0.3 s one reaches 9); greedy --seed 3 39-1-0 (the bot's +250 at
ply 30 was level by a 9-ply search), --seed 4 40-0-0: what remains is the
evaluation overrating some midgame positions beyond the search's depth.
Tried then (with a temporary weight, not kept): a won sub-board worth ``won``
times the big lines still open through it for its owner (x0.3 / x0.4 a line)
instead of its place: 48.2 % / 51.0 % (depth 5, 30 rounds), 52.0 % / 51.4 %
(depth 6, 60 rounds, --seed 12); threat 50 50.2 %, big_two 300 50.0 % (depth
6, 60 rounds) -- all noise, nothing changed.
More time for the in-process bot (tried, not kept): ``BotPlayer``'s deadline at
85 % of the limit less 20 ms (0.405 s of 0.5 s instead of 0.30 s) and no new
iteration after 75 % of that (about 60 % of the limit instead of 0.15 s); sm-bot
unchanged. Slowest move 0.407-0.408 s, no forfeits. Greedy --seed 2 38-2-0
(390/400), --seed 3 39-0-1 (391/400) twice (the same loss, game 31: the bot's
+207 at ply 22 by a 2.5 s search, a forced loss by ply 30), --seed 5 40-0-0;
seed:6 --seed 6 37-2-1 (382/400, 95.5 %, as before). Control run right after,
two at a time as well, with the current code: greedy --seed 2 40-0-0, --seed 3 40-0-0 (slowest
0.302 s). Not better (worse on these seeds, within the timing noise), so the
deadline stays where it was.
The search in C (engine/bot/native/ultimate_search.c, 2026-11-24): the same search node for node, 4-6
million nodes a second instead of ~150,000, 12-13 plies at 1 s instead of 9. Against ``proc:mcts``
at 1 s (``bench_bot.py match``, one-shot, openings ``--seed`` 1-4, 20 games each): 88.4, 78.0, 86.6,
82.0 % of the points, 83.8 % over the 80 (Python: 75.1 %). Tried then, not kept: no late move
reductions (seeds 1-2: 87.6, 80.8 %, no better); UCT in C (about 260,000 iterations a second, six times
the Python UCT's; --seed 2 in-process: 72.7 %, 10-10-0, below the alpha-beta's 78-81 %). Kept: four
plies of quiescence and contempt 100 (seeds 1-4: 90.9, 82.1, 83.3, 84.3 %, 85.2 % over the 80,
66-14-0); seeds 3-4 alone, run after the choice was made on seeds 1-2, gave 83.8 %: the gain is
within the noise of 80 games (about 4 points).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena.championship import run_championship  # noqa: E402
from engine.arena.players import BotPlayer  # noqa: E402
from engine.bot.iterative import think  # noqa: E402
from engine.evaluation.ultimate import DEFAULT_WEIGHTS, WIN, Weights, make_evaluate, scoring  # noqa: E402
from engine.games.ultimate import ULTIMATE  # noqa: E402
from engine.search.transposition import TranspositionTable  # noqa: E402

CANDIDATES: dict[str, dict[str, int]] = {
    "relevance 4": {"relevance": 4},
    "relevance 3": {"relevance": 3},
    "relevance 6": {"relevance": 6},
    "relevance 8": {"relevance": 8},
    "relevance 6 free 60": {"relevance": 6, "free_move": 60},
    "free_move 80": {"free_move": 80},
    "free_move 10": {"free_move": 10},
    "threat 50": {"threat": 50},
    "threat 5": {"threat": 5},
    "won 200": {"won": 200},
    "won 60": {"won": 60},
    "big_two 300": {"big_two": 300},
    "big_two 60": {"big_two": 60},
    "big_one 60": {"big_one": 60},
    "two 20": {"two": 20},
    "two 5": {"two": 5},
    "one 5": {"one": 5},
    "one 3": {"one": 3},
    "one 8": {"one": 8},
    "one 5 relevance 4": {"one": 5, "relevance": 4},
    "cells x2": {"centre": 6, "corner": 4, "side": 2},
    "flat places": {"place_centre": 10, "place_corner": 10, "place_side": 10},
    "strong centre": {"place_centre": 20, "place_corner": 13, "place_side": 10},
    "chance 250": {"chance": 250},
    "chance 500": {"chance": 500},
    "chance 1000": {"chance": 1000},
    "chance 2000": {"chance": 2000},
    "chance 4000": {"chance": 4000},
    "chance 8000": {"chance": 8000},
    "chance 16000": {"chance": 16000},
    "chance_base 2": {"chance_base": 2},
    "chance_base 7": {"chance_base": 7},
    "chance_base 0": {"chance_base": 0},
    "chance 4000 base 2": {"chance": 4000, "chance_base": 2},
    "chance_base 4": {"chance_base": 4},
    "chance_base 1": {"chance_base": 1},
    "chance_two 4": {"chance_two": 4},
    "chance_two 6": {"chance_two": 6},
    "chance_two 3": {"chance_two": 3},
    "chance_two 8": {"chance_two": 8},
    "chance_one 0": {"chance_one": 0},
    "chance_one 2": {"chance_one": 2},
    "big_two 0": {"big_two": 0},
    "big_one 0": {"big_one": 0},
    "won 50": {"won": 50},
    "relevance 0": {"relevance": 0},
    "relevance 10": {"relevance": 10},
}


class DepthBot:
    """Our search to a fixed depth (no clock), with one set of weights."""

    def __init__(self, name: str, weights: Weights, depth: int) -> None:
        self.name = name
        self.evaluate = make_evaluate(weights)
        self.depth = depth
        self.table = TranspositionTable(bits=18)

    def choose(self, state: int, seconds: float) -> int:
        return think(ULTIMATE, state, float("inf"), evaluate=self.evaluate, scoring=scoring, win=WIN,
                     max_depth=self.depth, table=self.table, reduce_late=0).move  # type: ignore[return-value]


def match(weights: Weights, base: Weights, *, rounds: int, depth: int | None, seconds: float | None,
          seed: int) -> tuple[int, int, str]:
    """Points of the candidate and of the baseline, and its won/drawn/lost line."""
    if depth is not None:
        cand, ref = DepthBot("candidate", weights, depth), DepthBot("baseline", base, depth)
        limit = 3600.0
    else:
        cand = BotPlayer(seconds, weights=weights, name="candidate")
        ref = BotPlayer(seconds, weights=base, name="baseline")
        limit = 2 * seconds  # type: ignore[operator]
    champ = run_championship([cand, ref], limit=limit, rounds=rounds, opening_plies=4, seed=seed)
    s = champ.standings["candidate"]
    return s.points, champ.standings["baseline"].points, f"{s.wins}-{s.draws}-{s.losses}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=None, help="timed searches instead of a fixed depth")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--only", nargs="*", help="candidate names to try (default: all)")
    parser.add_argument("--base", nargs="*", default=[], help="baseline changes as name=value")
    args = parser.parse_args()
    base = DEFAULT_WEIGHTS.with_(**{k: int(v) for k, v in (item.split("=") for item in args.base)})
    depth = None if args.seconds else args.depth
    how = f"{args.seconds:g} s a move" if args.seconds else f"depth {args.depth}"
    print(f"baseline {base.as_dict()}; {args.rounds} rounds x 2 games, {how}, openings of 4 random plies")
    for name, change in CANDIDATES.items():
        if args.only and name not in args.only:
            continue
        began = time.monotonic()
        mine, theirs, wdl = match(base.with_(**change), base, rounds=args.rounds, depth=depth,
                                  seconds=args.seconds, seed=args.seed)
        share = mine / (mine + theirs)
        print(f"{name:<16} points {mine:>4}-{theirs:<4} share {share:6.1%}  w-d-l {wdl:<8} "
              f"({time.monotonic() - began:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
