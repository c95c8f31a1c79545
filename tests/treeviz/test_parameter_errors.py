"""Library errors name parameters and values, never command-line flags; the CLI says the same with its options,
translated in one place (issue 25, item 5: ``treeviz.cli.usage.FLAGS``)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import treeviz
from engine import TICTACTOE
from engine.errors import ParameterError
from treeviz.cli.usage import FLAGS, in_cli_words

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
FLAG = re.compile(r"(?:^|[\s(])--[a-z]")


def draw(**options: object) -> Callable[[], object]:
    return lambda: treeviz.search_tree("1o11o1oxx x").draw(str(options.pop("fmt", "svg")), **options)


CASES = [
    # (the call, what the library says, the same mistake on the command line, what the CLI says)
    (lambda: treeviz.search_tree("9 x", algorithm="mcts", depth=3),
     "depth=3 does not apply to algorithm='mcts'",
     ["tttree", "9 x", "--algo", "mcts", "--depth", "3"], "--depth 3 does not apply to --algo mcts"),
    (lambda: treeviz.search_tree("9 x", algorithm="mcts", merge="symmetry"),
     "merge='symmetry' folds minimax and alpha-beta trees; it does not apply to algorithm='mcts'",
     ["tttree", "9 x", "--algo", "mcts", "--merge", "symmetry"],
     "--merge symmetry folds minimax and alpha-beta trees; it does not apply to --algo mcts"),
    (lambda: treeviz.search_tree("999999999 00 x"), "needs a depth limit (depth N, e.g. 2)",
     ["tttree", "999999999 00 x"], "needs a depth limit (--depth N, e.g. 2)"),
    (lambda: treeviz.search_tree("1o11o1oxx x", path="1,,2"), "path='1,,2': expected moves separated by commas",
     ["tttree", "1o11o1oxx x", "--path", "1,,2", "--format", "svg"], "--path '1,,2': expected moves"),
    (draw(size="3"), "size='3': expected a width like 16cm",
     ["tttree", "1o11o1oxx x", "--size", "3", "--format", "svg"], "--size '3': expected a width like 16cm"),
    (draw(fmt="dot", size="10cm"), "size applies to png, svg, pdf and tex, not fmt='dot'",
     ["tttree", "1o11o1oxx x", "--size", "10cm"], "--size applies to png, svg, pdf and tex, not --format dot"),
    (draw(fmt="png", dpi=5), "dpi=5: expected a resolution from 10 to 2400",
     ["tttree", "1o11o1oxx x", "--dpi", "5", "--format", "png"], "--dpi 5: expected a resolution from 10 to 2400"),
    (lambda: treeviz.comparison("9 x", algorithms=["minimax"]), "algorithms=['minimax']: a comparison needs two",
     ["tttree", "9 x", "--compare", "minimax"], "--compare needs two or more searches"),
    (lambda: treeviz.search_tree("9 x", node_budget=100), "the most node_budget=100 allows",
     ["tttree", "9 x", "--node-budget", "100"], "the most --node-budget 100 allows"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("call", "library", "argv", "cli"), CASES, ids=[c[2][-2] + " " + c[2][-1] for c in CASES])
def test_the_library_names_parameters_and_the_cli_its_options(call: Callable[[], object], library: str,
                                                              argv: list[str], cli: str) -> None:
    with pytest.raises(ParameterError) as caught:
        call()
    assert library in str(caught.value)
    assert not FLAG.search(str(caught.value)), str(caught.value)
    done = subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and cli in lines[0], done.stderr


def test_build_tree_names_a_bad_order() -> None:
    with pytest.raises(ParameterError, match=r"order='sideways' is not a move order"):
        treeviz.build_tree(TICTACTOE, TICTACTOE.initial(), order="sideways")


def test_the_cli_translates_every_parameter_it_has_a_flag_for() -> None:
    error = ParameterError("{depth} and {algorithm} and {node_budget:name} and {fmt:bare}", depth=2,
                           algorithm="mcts", node_budget=None, fmt="png")
    assert str(error) == "depth=2 and algorithm='mcts' and node_budget and png"
    assert in_cli_words(error) == "--depth 2 and --algo mcts and --node-budget and png"
    assert all(flag.startswith("-") for flag in FLAGS.values())


def library_error_strings() -> list[tuple[str, int, str]]:
    """(file, line, text) of every string literal in a ``raise`` outside treeviz/cli (f-strings' literal parts)."""
    found = []
    for package in ("engine", "treeviz"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "cli" in path.relative_to(ROOT).parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Raise) and node.exc is not None:
                    for part in ast.walk(node.exc):
                        if isinstance(part, ast.Constant) and isinstance(part.value, str):
                            found.append((str(path.relative_to(ROOT)), node.lineno, part.value))
    return found


def test_no_library_error_speaks_in_command_line_flags() -> None:
    flagged = [f"{file}:{line}: {text!r}" for file, line, text in library_error_strings() if FLAG.search(text)]
    assert not flagged, "\n".join(flagged)
