"""Extensive-form games in every style (issue 35 item 6): ``--style compact`` draws small nodes (a dot in the
player's colour with the initial, chance an open circle, payoffs small) keeping every leaf's payoffs, every
information set's dashed line and the solution on the branches; ``--style board`` is the textbook drawing (these
games have no board picture); ``--style dot`` is refused."""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command
from treeviz.draw.extensive_dot import player_initial
from treeviz.draw.extensive_text import vector_text

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples" / "extensive"
SIGNALLING = str(SAMPLES / "signalling.efg")
KUHN = str(SAMPLES / "kuhn_poker.efg")
SVG = "{http://www.w3.org/2000/svg}"
needs_gambit = pytest.mark.skipif(importlib.util.find_spec("pygambit") is None,
                                  reason="pygambit is not installed (pip install 'treeviz[gambit]')")


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run tttree in-process; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return int(done.value.code or 0), out, err


def _graph(capfd: pytest.CaptureFixture[str], game: str, algo: list[str]) -> dict:
    code, out, err = tttree(capfd, "--game", game, *algo, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def _svg_groups(svg: str) -> dict[str, tuple[str, list[str], ET.Element]]:
    """Each ``<g>``'s title -> (class, its texts, the element)."""
    groups = {}
    for g in ET.fromstring(svg).iter(SVG + "g"):
        title = g.find(SVG + "title")
        if title is not None and title.text:
            groups[title.text] = (g.get("class", ""), [t.text or "" for t in g.iter(SVG + "text")], g)
    return groups


CASES = [pytest.param(SIGNALLING, [], id="signalling"),
         pytest.param(SIGNALLING, ["--algo", "nash"], id="signalling-nash", marks=needs_gambit),
         pytest.param(KUHN, ["--algo", "nash"], id="kuhn-nash", marks=needs_gambit)]


@pytest.mark.parametrize(("game", "algo"), CASES)
def test_compact_svg_holds_every_payoff_set_and_solution(capfd: pytest.CaptureFixture[str], tmp_path: Path,
                                                         game: str, algo: list[str]) -> None:
    data = _graph(capfd, game, algo)
    out = tmp_path / "g.svg"
    code, _, err = tttree(capfd, "--game", game, *algo, "--style", "compact", "-o", str(out))
    assert code == 0, err
    groups = _svg_groups(out.read_text(encoding="utf-8"))
    players = data["graph"]["players"]
    for node in data["nodes"]:
        texts = groups[f"n{node['id']}"][1]
        if node["kind"] == "terminal":
            assert texts == [vector_text(node["payoffs"])]
        elif node["kind"] == "chance":
            assert texts == []  # a small open circle
        else:
            assert texts == [player_initial(players, node["player"])]
    dashed = 0
    for entry in data["graph"]["infosets"]:
        for a, b in zip(entry["nodes"], entry["nodes"][1:], strict=False):
            cls, _, g = groups[f"n{a}:n->n{b}:n"]
            assert "infoset" in cls.split()
            assert any(p.get("stroke-dasharray") for p in g.iter(SVG + "path"))
            dashed += 1
    assert dashed == sum(len(e["nodes"]) - 1 for e in data["graph"]["infosets"]) > 0
    if algo:  # the equilibrium on the branches: thick certain moves, probabilities written otherwise
        kinds = {n["id"]: n["kind"] for n in data["nodes"]}
        thick = [g for title, (cls, _, g) in groups.items() if cls == "edge"
                 and any(p.get("stroke-width") == "3.2" for p in g.iter(SVG + "path"))]
        certain = [e for e in data["edges"] if kinds[e["source"]] != "chance"
                   and e.get("probability", 0) >= 1 - 1e-9]
        assert len(thick) == len(certain) > 0
        mixed = [e for e in data["edges"] if kinds[e["source"]] != "chance"
                 and 1e-9 < e.get("probability", 0) < 1 - 1e-9]
        labels = [t for title, (cls, texts, _) in groups.items() if cls == "edge" for t in texts]
        assert sum("[" in t for t in labels) == len(mixed)


@pytest.mark.parametrize(("game", "algo"), CASES)
def test_compact_png_is_written_and_smaller_than_textbook(capfd: pytest.CaptureFixture[str], tmp_path: Path,
                                                          game: str, algo: list[str]) -> None:
    sizes = []
    for style in ("compact", "textbook"):
        out = tmp_path / f"{style}.png"
        code, _, err = tttree(capfd, "--game", game, *algo, "--style", style, "-o", str(out))
        assert code == 0, err
        data = out.read_bytes()
        assert data.startswith(b"\x89PNG")
        sizes.append(int.from_bytes(data[16:20], "big") * int.from_bytes(data[20:24], "big"))
    assert sizes[0] < sizes[1]  # fewer pixels: the point of compact


def test_board_is_the_textbook_drawing(capfd: pytest.CaptureFixture[str]) -> None:
    outs = []
    for style in ("board", "textbook"):
        code, out, err = tttree(capfd, "--game", SIGNALLING, "--style", style, "--format", "dot")
        assert code == 0, err
        outs.append(out)
    assert outs[0] == outs[1] and "style=dashed" in outs[0]


def test_dot_style_is_refused(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "g.png"
    code, stdout, err = tttree(capfd, "--game", SIGNALLING, "--style", "dot", "-o", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    assert err.startswith("error: --style dot") and "compact" in err and err.count("\n") == 1


def test_initials_are_letters_unless_two_players_share_one() -> None:
    assert [player_initial(["Sender", "Receiver"], p) for p in ("Sender", "Receiver")] == ["S", "R"]
    assert [player_initial(["Player 1", "Player 2"], p) for p in ("Player 1", "Player 2")] == ["1", "2"]
    assert [player_initial(["Ann", "Bob", "al"], p) for p in ("Ann", "Bob", "al")] == ["1", "B", "3"]


def test_compact_tikz_names_movers_by_initial_and_packs_closer(capfd: pytest.CaptureFixture[str]) -> None:
    texts = {}
    for style in ("compact", "textbook"):
        code, out, err = tttree(capfd, "--game", SIGNALLING, "--style", style, "--format", "tex")
        assert code == 0, err
        texts[style] = out
    assert "{S};" in texts["compact"] and "{R};" in texts["compact"] and "{Sender};" not in texts["compact"]
    assert "{Sender};" in texts["textbook"]
    assert texts["compact"].count("dashed") == texts["textbook"].count("dashed") > 0
    assert "(3.50,-2.38)" in texts["compact"]  # a receiver's node, 0.7 of the textbook's spacing
    assert "(5.00,-3.40)" in texts["textbook"]
