"""Bounded memory on any tree (issue 26, item 2): a node budget by default on every command that builds a tree,
a foreseen size refused at once, MemoryError said in one line."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

import treeviz
from tests.realtime import Stopwatch
from treeviz.cli.main import COMMANDS
from treeviz.trees.budget import DEFAULT_NODE_BUDGET, NodeBudgetExceeded

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # every test runs the commands as processes (about a second each here)
START = "999999999 00 x"
GIB2 = 2_000_000 * 1024
"""``ulimit -v 2000000``: 2,000,000 KiB of address space."""


def limited(kib_bytes: int):  # noqa: ANN202 - a preexec_fn
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (kib_bytes, kib_bytes))
    return apply


def run(*argv: str, cwd: Path, memory: int | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=120, cwd=cwd,
                          preexec_fn=limited(memory) if memory else None)


@pytest.mark.realtime
def test_a_hopeless_ultimate_depth_ends_at_once_under_a_memory_limit(tmp_path: Path) -> None:
    with Stopwatch() as watch:
        done = run("tttree", START, "--depth", "99", "-o", "deep.svg", cwd=tmp_path, memory=GIB2)
    assert watch.wall < watch.limit(60), watch
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --depth 99 would make"), done.stderr
    assert "--node-budget" in lines[0]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["tttree"], ["treeviz", "tree"], ["treeviz", "compare"],
                                     ["treeviz", "view", "--no-open", "-o", "page.html"]], ids=" ".join)
def test_past_the_budget_the_command_stops_naming_the_nodes_and_the_option(tmp_path: Path,
                                                                           command: list[str]) -> None:
    done = run(*command, "9 x", "--node-budget", "2000", "--format" if "view" not in command else "--order",
               "json" if "view" not in command else "ascending", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "error: the search entered 2,000 nodes, the most --node-budget 2000 allows, and stopped there before "
        "memory ran out: raise --node-budget (0: no budget) or search less (a smaller --depth, --algo alphabeta)"]
    assert list(tmp_path.iterdir()) == []


def test_every_command_that_builds_a_tree_says_its_budget_in_help() -> None:
    for argv in (["tttree"], ["treeviz", "tree"], ["treeviz", "compare"], ["treeviz", "view"]):
        done = subprocess.run([str(BIN / argv[0]), *argv[1:], "--help"], capture_output=True, text=True, timeout=60)
        assert "--node-budget" in done.stdout and f"{DEFAULT_NODE_BUDGET:,}" in done.stdout, argv
    assert {"tree", "compare", "view"} <= set(COMMANDS)


def test_an_mcts_tree_past_the_budget_is_refused_before_its_search(tmp_path: Path) -> None:
    done = run("tttree", "9 x", "--algo", "mcts", "--iterations", "5000", "--node-budget", "1000", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("error: --iterations 5000 makes up to one node an iteration")


def test_memory_running_out_is_one_error_line_and_exit_1(tmp_path: Path) -> None:
    # No budget, and 600 MB for the whole tic-tac-toe tree as JSON (it needs about 1.35 GB).
    done = run("tttree", "9 x", "--node-budget", "0", "--max-nodes", "0", "--format", "json", "-o", "full.json",
               cwd=tmp_path, memory=600_000 * 1024)
    assert done.returncode == 1, done.stderr[-2000:]
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: out of memory"), done.stderr[-2000:]
    assert list(tmp_path.iterdir()) == []


def test_the_api_names_the_parameters() -> None:
    with pytest.raises(NodeBudgetExceeded) as foreseen:
        treeviz.search_tree(START, depth=99)
    assert str(foreseen.value).startswith("depth=99 would make")
    assert f"node_budget={DEFAULT_NODE_BUDGET}" in str(foreseen.value) and "--" not in str(foreseen.value)
    assert foreseen.value.foreseen
    with pytest.raises(NodeBudgetExceeded) as stopped:
        treeviz.search_tree("9 x", node_budget=1000)
    assert stopped.value.nodes == 1000 and not stopped.value.foreseen
    assert "node_budget=1000" in str(stopped.value) and "--" not in str(stopped.value)


def test_the_default_budget_admits_the_whole_tictactoe_tree() -> None:
    assert DEFAULT_NODE_BUDGET > 549_946
    tree = treeviz.search_tree("9 x", algorithm="alphabeta")  # the full minimax tree runs in the slow CLI tests
    assert tree.graph.graph["nodes"] > 0
