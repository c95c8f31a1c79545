"""Speed and strength figures of the ultimate bot.

    .venv/bin/python scripts/bench_bot.py speed  [--positions 30 --seconds 0.5]
    .venv/bin/python scripts/bench_bot.py smbot  [--positions 200 --seconds 0.1 0.3 1 --calls 1000 --load]
    .venv/bin/python scripts/bench_bot.py match  [--opponent proc:course:4 --seconds 0.3 --rounds 10 --openings 2]
    .venv/bin/python scripts/bench_bot.py arena  [--opponent course:5 --rounds 20 --seconds 0.5 --records DIR]
    .venv/bin/python scripts/bench_bot.py startup [--runs 21 --against ../old-checkout]

``speed``: search nodes per second on midgame positions (random games of
16-40 plies, seeded), in this process, of the Python search and of the C one. ``smbot``: the whole ``sm-bot`` process
timed from outside as a referee does (start-up, imports, search, exit) over
midgame positions, at each budget, optionally with a second CPU-bound process
running: wall-time quantiles, late answers, start-up (launch to search start,
from the time the bot reports), depths, bad answers. ``match``: our bot as a
fresh ``sm-bot`` process per move against an opponent run as a process
(``proc:course:4`` and ``proc:mcts`` are the built-ins served by ``sm-bot --serve``,
so they pay no start-up per move), through ``treeviz arena``: random two-ply
openings each played with both colours, the standings and the shares of points.
``arena``: in-process players, ``rounds`` x 2 games. ``startup``: ``python -X
importtime`` over the real ``sm-bot`` script, and launch-to-search; with ``--against DIR``,
the same for the checkout in DIR (its own ``.venv`` and build of the C search, e.g. a
``git worktree`` of the code before a change), the two measured alternately in one run.

``smbot`` and ``startup`` time a bare ``python -c pass`` (this interpreter, the same site as
``sm-bot``'s) alternately with the bot, so that start-up is read against the interpreter's own
on the same machine at the same moment; both print the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.games.ultimate import ULTIMATE  # noqa: E402

BIN = Path(sys.executable).parent


def midgame_positions(count: int, seed: int = 2026) -> list[int]:
    """``count`` unfinished positions after 16-40 random plies."""
    rng = random.Random(seed)
    out: list[int] = []
    while len(out) < count:
        state = ULTIMATE.initial()
        for _ in range(rng.randint(16, 40)):
            moves = ULTIMATE.legal_moves(state)
            if not moves:
                break
            state = ULTIMATE.play(state, rng.choice(moves))
        if not ULTIMATE.is_over(state) and len(ULTIMATE.legal_moves(state)) > 1:
            out.append(state)
    return out


def bench_speed(args: argparse.Namespace) -> None:
    from engine.bot.decision import QUIESCE_PLIES
    from engine.bot.iterative import think
    from engine.bot.native_search import native_engine
    from engine.evaluation.ultimate import DEFAULT_WEIGHTS, WIN, evaluate, scoring
    from engine.evaluation.ultimate_captures import captures

    native = native_engine(DEFAULT_WEIGHTS)
    searches = {"Python": lambda state: think(ULTIMATE, state, time.monotonic() + args.seconds, evaluate=evaluate,
                                              scoring=scoring, win=WIN, quiesce=captures,
                                              quiesce_plies=QUIESCE_PLIES)}
    if native is not None:  # the same search: the bot's quiescence, no contempt
        searches["C"] = lambda state: native.think(state, time.monotonic() + args.seconds, 0, native.table(22),
                                                   quiesce_plies=QUIESCE_PLIES)
    else:
        print("the C search is not built (scripts/build_native.sh): Python only")
    for name, run in searches.items():
        rates, depths, nodes_total, secs_total = [], [], 0, 0.0
        for state in midgame_positions(args.positions):
            d = run(state)
            rates.append(d.nodes_per_second)
            depths.append(d.depth)
            nodes_total += d.nodes
            secs_total += d.seconds
        print(f"{name} search speed over {args.positions} midgame positions, {args.seconds:g} s each: "
              f"{nodes_total / secs_total:,.0f} nodes/s overall; per position min {min(rates):,.0f}, "
              f"median {statistics.median(rates):,.0f}, max {max(rates):,.0f}; depth reached "
              f"min {min(depths)}, median {statistics.median(depths):g}, max {max(depths)}")


def smbot_call(fen: str, seconds: float, bot: Path = BIN / "sm-bot"
               ) -> tuple[float, float | None, subprocess.CompletedProcess[str]]:
    """One referee-style call: wall time around the whole ``sm-bot`` process, and its start-up (launch to
    search start, from the monotonic time the bot reports), or None when it did not report one."""
    began = time.monotonic()
    result = subprocess.run([str(bot), fen, f"{seconds:g}"], capture_output=True, text=True)
    wall = time.monotonic() - began
    found = re.search(r"search began at monotonic ([0-9.]+)", result.stderr)
    return wall, (float(found.group(1)) - began if found else None), result


def bare_python() -> float:
    """Wall time of a bare ``python -c pass`` (this interpreter): the floor of any Python program's start-up."""
    began = time.monotonic()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.monotonic() - began


def load_average() -> str:
    """The 1-minute load average and the cores, for the figures' context."""
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def cpu_load() -> subprocess.Popen[bytes]:
    """A second CPU-bound process (a busy loop), as a referee's machine running something else; it ends
    when this script does, however that ends (a killed benchmark had left one spinning for 40 minutes)."""
    loop = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(10 ** 6): pass"
    return subprocess.Popen([sys.executable, "-c", loop])


def bench_smbot(args: argparse.Namespace) -> None:
    positions = midgame_positions(args.positions, seed=args.seed)
    load = cpu_load() if args.load else None
    try:
        for seconds in args.seconds:
            walls: list[float] = []
            startups: list[float] = []
            bare: list[float] = []
            depths: list[int] = []
            bad = 0
            calls = args.calls or len(positions)
            before = load_average()
            for i in range(calls):
                state = positions[i % len(positions)]
                if i % 2:  # a bare interpreter beside every call, before it or after it in turn
                    bare.append(bare_python())
                wall, startup, result = smbot_call(ULTIMATE.fen(state), seconds)
                if not i % 2:
                    bare.append(bare_python())
                walls.append(wall)
                if startup is not None:
                    startups.append(startup)
                depth = re.search(r"depth (\d+)", result.stderr)
                depths.append(int(depth.group(1)) if depth else 0)
                ok = (result.returncode == 0 and re.fullmatch(r"[1-9][1-9]\n", result.stdout) is not None
                      and int(result.stdout) in ULTIMATE.legal_moves(state))
                bad += not ok
                if args.verbose:
                    print(f"{i:>4} {wall:.3f}s {result.stdout.strip()} {result.stderr.strip()}", file=sys.stderr,
                          flush=True)
            late = sum(w > seconds for w in walls)
            inside = sum(0.85 * seconds <= w <= seconds for w in walls)
            deep = sum(d >= 4 for d in depths)
            q = statistics.quantiles(walls, n=100)
            su = statistics.quantiles(startups, n=100) if len(startups) > 1 else [float("nan")] * 99
            print(f"sm-bot {seconds:g} s, {calls} calls over {len(positions)} midgame positions"
                  f"{' under a second CPU-bound process' if load else ''} ({before}; after: {load_average()}): "
                  f"wall (whole process) median {statistics.median(walls):.3f} s, p1 {q[0]:.3f}, p99 {q[98]:.3f}, "
                  f"max {max(walls):.3f}; late (> {seconds:g} s) {late}; within [0.85, 1] x budget {inside} "
                  f"({inside / calls:.1%}); start-up (launch to search) median {ms(statistics.median(startups))}, "
                  f"p95 {ms(su[94])}, max {ms(max(startups))}, against python -c pass median "
                  f"{ms(statistics.median(bare))} (difference of medians "
                  f"{ms(statistics.median(startups) - statistics.median(bare))}); depth median "
                  f"{statistics.median(depths):g}, min {min(depths)}; from depth >= 4: {deep} ({deep / calls:.1%}); "
                  f"bad answers {bad}", flush=True)
    finally:
        if load is not None:
            load.kill()
            load.wait()


def bench_arena(args: argparse.Namespace) -> None:
    from engine.arena.championship import run_championship
    from engine.arena.players import make_player

    bot = make_player(f"bot:{args.limit:g}")
    other = make_player(args.opponent, seed=args.seed)
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    champ = run_championship([bot, other], limit=args.limit, rounds=args.rounds, opening_plies=args.openings,
                             seed=args.seed, record_dir=args.records, write=lambda path, text: path.write_text(text),
                             progress=(lambda line: print(line, file=sys.stderr, flush=True)) if args.verbose else None)
    print(champ.table())
    s, o = champ.standings[bot.name], champ.standings[other.name]
    print(f"{bot.name} vs {other.name}, {len(champ.games)} games at {args.limit:g} s a move: "
          f"{s.points} points of {10 * s.games} possible ({s.share:.1%}); {s.points / (s.points + o.points):.1%} of "
          f"the points scored; won {s.wins}, drawn {s.draws}, lost {s.losses}, forfeits {s.forfeits}")


def bench_match(args: argparse.Namespace) -> None:
    """A referee's match through ``treeviz arena``: our bot as a fresh ``sm-bot`` process per move (wall clock
    around the whole process), the opponent as a process too, random two-ply openings, both colours."""
    import tempfile

    from engine.arena.championship import Championship
    from engine.arena.records import RECORDS_NAME, read_records

    with tempfile.TemporaryDirectory() as folder:
        records = Path(args.records) if args.records else Path(folder) / "records"
        command = [str(BIN / "treeviz"), "arena", args.bot, args.opponent, "--seconds", f"{args.limit:g}",
                   "--rounds", str(args.rounds), "--openings", str(args.openings), "--seed", str(args.seed),
                   "--records", str(records), "--jobs", str(args.jobs),
                   "--progress" if args.verbose else "--no-progress"]
        began = time.monotonic()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        took = time.monotonic() - began
        final = read_records(records / RECORDS_NAME)
    champ = Championship.from_games(final.names(), final.in_order())
    print(champ.table())
    bot, other = (champ.standings[name] for name in final.names())
    print(f"{bot.name} vs {other.name}, {bot.games} games at {args.limit:g} s a move ({args.rounds} openings of "
          f"{args.openings} random plies, each played with both colours; --jobs {args.jobs}; {took:.0f} s): "
          f"{bot.points} of {10 * bot.games} available points ({bot.share:.1%}), "
          f"{bot.points / max(1, bot.points + other.points):.1%} of all points scored; won {bot.wins}, drawn "
          f"{bot.draws}, lost {bot.losses}; forfeits: {bot.name} {bot.forfeits}, {other.name} {other.forfeits}; "
          f"slowest move {bot.name} {bot.slowest:.3f} s, {other.name} {other.slowest:.3f} s", flush=True)


def import_profile(python: Path, script: Path, fen: str, runs: int) -> tuple[float, dict[str, float], set[str]]:
    """``python -X importtime script FEN 0.1``, ``runs`` times: the median sum of the module bodies (ms), each
    module's median own time (ms), and the modules imported."""
    totals: list[float] = []
    modules: dict[str, list[int]] = {}
    for _ in range(runs):
        result = subprocess.run([str(python), "-X", "importtime", str(script), fen, "0.1"], capture_output=True,
                                text=True)
        total = 0
        for line in result.stderr.splitlines():
            found = re.match(r"import time:\s+(\d+) \|\s+\d+ \|(\s*)(\S+)", line)
            if found:
                total += int(found.group(1))
                modules.setdefault(found.group(3), []).append(int(found.group(1)))
        totals.append(total / 1000)
    return statistics.median(totals), {k: statistics.median(v) / 1000 for k, v in modules.items()}, set(modules)


def bench_startup(args: argparse.Namespace) -> None:
    """Where ``sm-bot``'s start-up goes: ``python -X importtime`` over the real script (the sum of every
    module's own import time, and the largest), then launch-to-search as a referee sees it, beside a bare
    ``python -c pass``; with ``--against DIR``, the checkout in DIR measured alternately with this one."""
    positions = [ULTIMATE.fen(state) for state in midgame_positions(args.runs, seed=args.seed)]
    bots = {"this checkout": (Path(sys.executable), BIN / "sm-bot")}
    if args.against is not None:
        venv = args.against.resolve() / ".venv" / "bin"
        bots[f"{args.against}"] = (venv / "python", venv / "sm-bot")
    print(load_average())
    bare_modules = import_profile(Path(sys.executable), Path("-c"), "pass", 1)[2]
    for name, (python, script) in bots.items():
        total, own, modules = import_profile(python, script, positions[0], args.runs)
        top = sorted(((t, k) for k, t in own.items()), reverse=True)[:args.top]
        extra = sorted(modules - bare_modules)
        print(f"{name}: sm-bot imports (python -X importtime, median of {args.runs} runs): {total:.1f} ms of module "
              f"bodies over {len(modules)} modules, {len(extra)} more than python -c pass; largest: "
              + ", ".join(f"{k} {t:.1f} ms" for t, k in top))
        print(f"  beyond python -c pass: {' '.join(extra)}")
    startups: dict[str, list[float]] = {name: [] for name in bots}
    bare: list[float] = []
    order = list(bots)
    for i in range(args.runs):
        for name in order if i % 2 else order[::-1]:  # each first in turn
            startup = smbot_call(positions[i], 0.1, bots[name][1])[1]
            if startup is not None:
                startups[name].append(startup)
        bare.append(bare_python())
    base = statistics.median(bare)
    print(f"launch to search start (wall, from the caller's clock), {args.runs} calls each, alternately, over "
          f"{args.runs} midgame positions at 0.1 s; python -c pass median {ms(base)}, min {ms(min(bare))}:")
    for name, values in startups.items():
        print(f"  {name}: median {ms(statistics.median(values))} ({ms(statistics.median(values) - base)} more than "
              f"python -c pass), min {ms(min(values))}, max {ms(max(values))}")
    if len(bots) == 2:
        this, other = (statistics.median(v) for v in startups.values())
        print(f"  this checkout minus {order[1]}: {ms(this - other)} (medians)")
    print(load_average())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("speed")
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--seconds", type=float, default=0.5)
    p.set_defaults(run=bench_speed)
    p = sub.add_parser("smbot")
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--seconds", type=float, nargs="+", default=[1.0])
    p.add_argument("--calls", type=int, default=0, help="calls per budget (default: one per position)")
    p.add_argument("--load", action="store_true", help="run a second CPU-bound process meanwhile")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(run=bench_smbot)
    p = sub.add_parser("arena")
    p.add_argument("--opponent", default="course:5")
    p.add_argument("--rounds", type=int, default=20)
    p.add_argument("--seconds", dest="limit", type=float, default=0.5)
    p.add_argument("--openings", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--records", type=Path, help="write every game's record (FENs) into this directory")
    p.set_defaults(run=bench_arena)
    p = sub.add_parser("match")
    p.add_argument("--opponent", default="proc:course:4")
    p.add_argument("--bot", default="sm-bot")
    p.add_argument("--seconds", dest="limit", type=float, default=0.3)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--openings", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--records", help="keep the records in this folder (default: a temporary one)")
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(run=bench_match)
    p = sub.add_parser("startup")
    p.add_argument("--runs", type=int, default=21)
    p.add_argument("--top", type=int, default=8)
    p.add_argument("--against", type=Path, default=None, metavar="DIR",
                   help="also the checkout in DIR (with its own .venv), alternately with this one")
    p.add_argument("--seed", type=int, default=2026)
    p.set_defaults(run=bench_startup)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
