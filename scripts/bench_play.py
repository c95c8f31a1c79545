"""How long a live game waits on treeviz: the files written after each move, and each 3x3 opponent's answer.

    .venv/bin/python scripts/bench_play.py

Prints, for an ultimate and a tic-tac-toe position, the time to write g.dot,
g.png and refresh.html (what happens after every move), then the time each
tic-tac-toe algorithm takes to answer from the empty board and from a
mid-game position.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena.tictactoe_players import AI_NAMES, tictactoe_player  # noqa: E402
from engine.games.tictactoe import TICTACTOE  # noqa: E402
from treeviz.play.board_picture import write_board_picture  # noqa: E402
from treeviz.play.live_page import write_live_page  # noqa: E402
from treeviz.play.session import GameSession, TicTacToeVariant, UltimateVariant  # noqa: E402


def best_of(repeats: int, action) -> float:  # noqa: ANN001 - any callable
    """The fastest of ``repeats`` runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench_files() -> None:
    print("files written after each move (best of 5):")
    with tempfile.TemporaryDirectory() as folder:
        for variant, moves in ((UltimateVariant(), [45, 53, 37, 71, 15, 55]), (TicTacToeVariant(), [4, 0, 8])):
            state = variant.game.initial()
            for move in moves:
                state = variant.game.play(state, move)
            session = GameSession(variant=variant, state=state, players={0: None, 1: None})
            position = session.position()
            game = variant.game
            dot = best_of(5, lambda g=game, s=state: write_board_picture(folder, g, s, caption="x", png=False))
            png = best_of(5, lambda g=game, s=state: write_board_picture(folder, g, s, caption="x", png=True))
            page = best_of(5, lambda p=position: write_live_page(folder, p))
            print(f"  {variant.title:22s} g.dot {dot:6.1f} ms   g.dot+g.png {png:6.1f} ms   "
                  f"refresh.html {page:5.2f} ms")


def bench_tictactoe_players() -> None:
    print("tic-tac-toe opponents, one answer (best of 3):")
    positions = {"empty board": TICTACTOE.initial(), "after 5 1": TICTACTOE.parse_fen("o3x4 x")}
    for ai in AI_NAMES:
        for depth in ((None, 2) if ai in ("minimax", "alphabeta") else (None,)):
            name = ai + (f" depth {depth}" if depth else "")
            times = []
            for state in positions.values():
                # a fresh player each time: no cache kept between answers
                times.append(best_of(3, lambda: tictactoe_player(ai, depth=depth, seed=1)(state)))  # noqa: B023
            cells = "   ".join(f"{label} {t:8.2f} ms" for label, t in zip(positions, times, strict=True))
            print(f"  {name:18s} {cells}")


if __name__ == "__main__":
    bench_files()
    bench_tictactoe_players()
