"""Colour-blind simulation and colour distance (issue 34, item 5): CIEDE2000 against its published test data,
the Machado simulation's fixed points, and the themes that claim to be colour-blind safe held to the threshold."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from treeviz.draw.colour_vision import (
    MACHADO,
    SAFE_DISTANCE,
    ciede2000,
    closest_pair,
    distance,
    hex_rgb,
    simulate,
    theme_meanings,
)
from treeviz.draw.themes import COLOURBLIND, DEFAULT, theme_named

ROOT = Path(__file__).resolve().parents[3]

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", table 1: pairs 1, 7, 17, 25, 34.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_the_published_test_pairs(lab1, lab2, expected) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize("vision", ["deuteranopia", "protanopia"])
def test_simulation_keeps_greys_and_confuses_red_with_green(vision: str) -> None:
    for grey in ("#000000", "#777777", "#ffffff"):
        assert simulate(hex_rgb(grey), vision) == pytest.approx(hex_rgb(grey), abs=2e-3)
    assert distance("#ff0000", "#ff0000", vision) == 0
    red, green = DEFAULT.stone_ink[1], DEFAULT.pv
    assert distance(red, green, vision) < distance(red, green, "normal") / 3


def test_the_default_theme_is_not_safe_but_the_colourblind_theme_is() -> None:
    assert min(closest_pair(g, "deuteranopia")[0] for g in theme_meanings(DEFAULT)) < SAFE_DISTANCE
    assert theme_named("colourblind") is COLOURBLIND
    for vision in MACHADO:
        for group in theme_meanings(COLOURBLIND):
            assert closest_pair(group, vision)[0] >= SAFE_DISTANCE, (vision, closest_pair(group, vision))


def test_the_check_script_passes_the_colourblind_theme_and_the_page() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "check_colour_blind.py")], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for name in ("--theme colourblind", "interactive page"):
        mine = [line for line in lines if line.startswith(name)]
        assert len(mine) == 3 and all(line.endswith("ok") for line in mine), mine


def test_the_check_script_fails_a_palette_under_its_threshold() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "check_colour_blind.py"), "--threshold", "30"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "error: interactive page, deuteranopia:" in done.stderr


def test_figures_draw_in_the_colourblind_theme() -> None:
    import treeviz

    tree = treeviz.search_tree(tree="[B=[3,12,8], C=[2,4,6], D=[14,5,2]]", algorithm="alphabeta")
    svg = "".join(tree.draw("svg", style="compact", theme="colourblind").chunks)
    assert COLOURBLIND.pv in svg.lower() and DEFAULT.pv not in svg.lower()
