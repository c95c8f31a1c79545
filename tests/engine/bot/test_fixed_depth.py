"""The bot's search to a fixed depth (engine/bot/fixed_depth.py) against the C search sm-bot runs, and what it
reports to an observer (engine/search/marks.py)."""

from __future__ import annotations

import time

import pytest

from engine.bot.decision import QUIESCE_PLIES
from engine.bot.fixed_depth import TABLE_BITS, bot_search, bot_settings
from engine.bot.native_search import NativeEngine, native_engine
from engine.evaluation.ultimate import CONTEMPT, DEFAULT_WEIGHTS, draw_shift
from engine.games.ultimate import ULTIMATE
from engine.search.marks import MARKS, QUIESCENCE, REDUCTION, RESEARCH
from tests.ultimate_positions import random_positions
from treeviz.trees.bot_tree import build_bot_tree


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    built = native_engine(DEFAULT_WEIGHTS)
    assert built is not None, "the C search is not built: run scripts/build_native.sh (setup.sh does)"
    return built


def c_search(engine: NativeEngine, state: int, depth: int):  # noqa: ANN201 - a Decision
    """sm-bot's search (engine.bot.decision.search's call into C) stopped at ``depth`` instead of a deadline."""
    draw = draw_shift(ULTIMATE.to_move(state), CONTEMPT)
    return engine.think(state, time.monotonic() + 3600, draw, engine.table(TABLE_BITS), max_depth=depth,
                        quiesce_plies=QUIESCE_PLIES)


def varied_positions() -> list[int]:
    """200 distinct positions of seeded random games: openings, middle games (forced and free moves), endings."""
    found = (random_positions(60, seed=101, plies=(0, 8)) + random_positions(100, seed=102, plies=(8, 40))
             + random_positions(50, seed=103, plies=(40, 70)))
    return list(dict.fromkeys(found))[:200]


@pytest.mark.slow
def test_the_python_twin_and_its_tree_pick_the_move_sm_bot_picks_with_its_value_and_nodes(engine: NativeEngine) -> None:
    positions = varied_positions()
    assert len(set(positions)) == 200
    for i, state in enumerate(positions):
        depth = 1 + i % 4
        run = bot_search(ULTIMATE, state, depth, bot_settings(ULTIMATE, state))
        native = c_search(engine, state, depth)
        assert (run.move, run.result.value, run.depth, run.nodes, run.table_hits) == (
            native.move, native.value, native.depth, native.nodes, native.table_hits), ULTIMATE.fen(state)
        drawn = build_bot_tree(ULTIMATE, state, depth=depth).graph  # what tttree --algo bot draws
        assert (drawn["best_moves"], drawn["value"], drawn["depth"], drawn["search_nodes"], drawn["table_hits"]) == (
            [native.move], native.value, native.depth, native.nodes, native.table_hits), ULTIMATE.fen(state)


class Recorder:
    """Every event, with the marks, as (event, details) in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, tuple]] = []
        self.depths: list[int] = []

    def enter(self, state: object, move: object, ply: int, alpha: float, beta: float) -> None:
        self.events.append(("enter", (move, ply)))
        self.depths.append(ply)

    def leaf(self, kind: str) -> None:
        self.events.append(("leaf", (kind,)))

    def cutoff(self, kind: str, value: float, bound: float, skipped: object) -> None:
        self.events.append(("cutoff", (kind,)))

    def leave(self, value: float, bound: str) -> None:
        self.events.append(("leave", (value, bound)))

    def mark(self, kind: str) -> None:
        assert self.events[-1][0] == "enter", "a mark follows the enter of its node"
        self.events.append(("mark", (kind,)))


def test_an_observer_changes_nothing_and_hears_every_node_and_technique(engine: NativeEngine) -> None:
    seen = {kind: 0 for kind in MARKS}
    for state in random_positions(12, seed=7, plies=(10, 50)):
        recorders: list[Recorder] = []
        settings = bot_settings(ULTIMATE, state)
        watched = bot_search(ULTIMATE, state, 3, settings, observe=lambda d, kept=recorders: kept.append(Recorder())
                             or kept[-1])
        alone = bot_search(ULTIMATE, state, 3, settings)
        assert (watched.move, watched.result.value, watched.nodes) == (alone.move, alone.result.value, alone.nodes)
        last = recorders[-1]
        assert len(last.depths) == watched.result.nodes  # quiescence nodes are entered nodes too
        for i, (event, details) in enumerate(last.events):
            if event == "mark":
                seen[details[0]] += 1
                move, ply = last.events[i - 1][1]
                if details[0] == QUIESCENCE:
                    assert ply > watched.depth  # past the depth limit
        assert max(last.depths) <= watched.depth + QUIESCE_PLIES
    assert all(seen[kind] for kind in (QUIESCENCE, RESEARCH, REDUCTION)), seen


def test_a_finished_game_or_no_depth_is_refused() -> None:
    state = random_positions(1, seed=3)[0]
    with pytest.raises(ValueError, match="depth of 1 or more"):
        bot_search(ULTIMATE, state, 0, bot_settings(ULTIMATE, state))
