"""The whole 549,946-node tree of the empty board through tttree, uncut, as DOT."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


@pytest.mark.slow
def test_max_nodes_0_writes_the_full_tree_as_dot(tmp_path: Path) -> None:
    target = tmp_path / "full.dot"
    result = subprocess.run([str(BIN / "tttree"), "9 x", "--max-nodes", "0", "-o", str(target)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # nothing left out, nothing to say
    nodes = edges = cut_boxes = 0
    with target.open(encoding="utf-8") as dot:
        first = dot.readline()
        for line in dot:
            if ' -> ' in line:
                edges += 1
            elif 'class="node"' in line or 'class="pv"' in line:
                nodes += 1
            elif 'class="hidden"' in line:
                cut_boxes += 1
    assert first == "digraph tree {\n" and line == "}\n"
    assert nodes == 549_946 and edges == 549_945 and cut_boxes == 0
