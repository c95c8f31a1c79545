"""Slides and videos of a search (issue 34, items 2-4 and 6): as many frames as the trace has rows plus one (the
unsearched tree), one layout in every frame, the same bytes every time, long replays refused."""

from __future__ import annotations

import builtins
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import treeviz
from treeviz.draw.animation import ExtraMissing
from treeviz.draw.lessons import LessonError, LessonOptions, parse_fps, parse_video_size, replay_of
from treeviz.draw.scene import Shape, Text

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
pytestmark = pytest.mark.slow


def classic() -> treeviz.Tree:
    return treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")


def test_the_gif_has_a_frame_per_row_and_one_more_and_is_the_same_bytes_each_time(tmp_path: Path) -> None:
    Image = pytest.importorskip("PIL.Image", reason="GIF output needs Pillow (pip install 'treeviz[video]')")
    tree = classic()
    rows = tree.trace()
    tree.save(tmp_path / "a.gif")
    tree.save(tmp_path / "b.gif")
    assert (tmp_path / "a.gif").read_bytes() == (tmp_path / "b.gif").read_bytes()
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == len(rows) + 1
        assert gif.size == (1280, 720)
        assert gif.info["duration"] == 670  # 1.5 frames a second, in the GIF's hundredths of a second


def test_the_mp4_has_a_frame_per_row_and_one_more(tmp_path: Path) -> None:
    imageio_ffmpeg = pytest.importorskip("imageio_ffmpeg",
                                         reason="MP4 output needs the video extra (pip install 'treeviz[video]')")
    tree = treeviz.search_tree(tree="[[3,5],[2,9]]", algorithm="alphabeta")
    rows = tree.trace()
    tree.save(tmp_path / "a.mp4", fps=4, size="640x360")
    frames, _seconds = imageio_ffmpeg.count_frames_and_secs(str(tmp_path / "a.mp4"))
    assert frames == len(rows) + 1


needs_pdflatex = pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdfinfo") is None,
                                    reason="pdflatex (with Beamer: texlive-latex-recommended) or pdfinfo is missing: "
                                           "scripts/setup.sh installs them")


@needs_pdflatex
def test_the_beamer_pdf_has_a_page_per_row_and_one_more(tmp_path: Path) -> None:
    from treeviz.exercises.pdflatex import compile_documents

    tree = classic()
    rows = tree.trace()
    tex = "".join(str(c) for c in tree.lesson("beamer"))
    (pdf,) = compile_documents([tex])
    (tmp_path / "s.pdf").write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(tmp_path / "s.pdf")], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages == len(rows) + 1 == 17
    assert compile_documents([tex]) == [pdf]  # reproducible


def test_the_beamer_body_is_the_frame_alone() -> None:
    body = "".join(str(c) for c in classic().lesson("beamer", tex_body=True))
    assert "\\begin{frame}" in body and "\\documentclass" not in body and "\\end{document}" not in body
    assert "\\only<17>{" in body  # the last slide: the search's value


def test_every_frame_has_the_same_layout() -> None:
    tree = classic()
    rows = tree.trace()
    replay = replay_of(tree.graph, rows, LessonOptions(), "t", "gif")
    scenes = list(replay.scenes())
    assert len(scenes) == len(rows) + 1
    places = [sorted((round(i.x, 3), round(i.y, 3)) for i in s.items if isinstance(i, Shape)) for s in scenes]
    leaves = [sorted((round(i.x, 3), round(i.y, 3)) for i in s.items if isinstance(i, Text) and i.role == "leaf")
              for s in scenes]
    assert all(p == places[0] for p in places) and len(places[0]) == 4  # the root, B, C and D
    assert all(v == leaves[0] for v in leaves) and len(leaves[0]) == 7
    assert {(s.width, s.height) for s in scenes} == {(scenes[0].width, scenes[0].height)}
    sentences = [[i.text for i in s.items if isinstance(i, Text) and i.role == "sentence"] for s in scenes]
    assert [" ".join(words) for words in sentences[1:]] == [r.text for r in rows]


def test_the_current_node_is_ringed_and_pruned_moves_grey_out_at_their_cut() -> None:
    tree = classic()
    rows = tree.trace()
    scenes = list(replay_of(tree.graph, rows, LessonOptions(), "t", "gif").scenes())
    cut = next(k for k, r in enumerate(rows, start=1) if r.event == "cut")
    pruned = [[i for i in s.items if isinstance(i, Text) and i.role == "pruned"] for s in scenes]
    assert all(not p for p in pruned[:cut]) and all(len(p) == 2 for p in pruned[cut:])
    current = [i for i in scenes[7].items if isinstance(i, Shape) and i.role == "current"]
    assert len(current) == 1  # step 7 enters C


def test_a_long_replay_is_refused_for_slides_and_videos_but_traced() -> None:
    tree = treeviz.search_tree("x21o11xo o", algorithm="alphabeta")
    steps = len(tree.trace())
    with pytest.raises(LessonError) as refused:
        tree.lesson("gif", max_steps=100)
    message = str(refused.value)
    assert f"{steps:,} steps" in message and "max_steps" in message and "plies" in message and "path" in message
    assert "depth" in message
    assert len(list(tree.lesson("trace"))[0].splitlines()) == steps + 1


@pytest.mark.parametrize("value", ["0", "-1", "abc", "nan", "inf", "61"])
def test_a_frame_rate_must_be_a_positive_number(value: str) -> None:
    with pytest.raises(LessonError, match="fps"):
        parse_fps(value)


def test_video_sizes_are_pixels() -> None:
    assert parse_video_size("1280x720") == (1280, 720)
    assert parse_video_size("641x361px") == (640, 360)
    assert parse_video_size("1920") == (1920, 1080)
    for bad in ("16cm", "10x10", "big"):
        with pytest.raises(LessonError, match="size"):
            parse_video_size(bad)


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def blocked(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith(("imageio_ffmpeg", "PIL")):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", blocked)
    tree = treeviz.search_tree(tree="[[3,5],[2,9]]", algorithm="alphabeta")
    with pytest.raises(ExtraMissing, match=r"treeviz\[video\]"):
        tree.lesson("mp4")
    with pytest.raises(ExtraMissing, match=r"treeviz\[video\]"):
        tree.lesson("gif")


def test_options_of_other_outputs_are_refused() -> None:
    tree = classic()
    with pytest.raises(ValueError, match="fps"):
        tree.lesson("beamer", fps=2)
    with pytest.raises(ValueError, match="style"):
        tree.lesson("gif", style="board")
    with pytest.raises(ValueError, match="tex_body"):
        tree.lesson("gif", tex_body=True)


@needs_pdflatex
def test_two_replays_go_in_one_lecture(tmp_path: Path) -> None:
    from treeviz.draw.beamer import PREAMBLE
    from treeviz.exercises.pdflatex import compile_documents

    first, second = classic(), treeviz.search_tree(tree="[[3,5],[2,9]]", algorithm="minimax")
    bodies = ["".join(str(c) for c in tree.lesson("beamer", tex_body=True)) for tree in (first, second)]
    (pdf,) = compile_documents([PREAMBLE + "\\begin{document}\n" + "".join(bodies) + "\\end{document}\n"])
    (tmp_path / "two.pdf").write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(tmp_path / "two.pdf")], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages == len(first.trace()) + 1 + len(second.trace()) + 1
