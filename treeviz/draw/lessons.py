"""A search taught step by step, written out: the trace as CSV, the replay as Beamer slides, a GIF or an MP4.

All four come from one trace (:mod:`treeviz.draw.trace`); the slides and the videos from one replay
(:mod:`treeviz.draw.replay`): the same frames, as many (the unsearched tree, then one per step), the same layout in
every frame. The GIF is made by Pillow, the MP4 by imageio-ffmpeg (the ``video`` extra); both are painted by
cairo straight into pixels.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, get_args

import networkx as nx

from engine.errors import ParameterError
from treeviz.draw.animation import ExtraMissing
from treeviz.draw.replay import FRAME_WIDTH, Replay
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.draw.trace import TraceRow, check_traceable, search_trace, trace_csv
from treeviz.games.registry import adapter_named

LessonFormat = Literal["trace", "beamer", "gif", "mp4"]
LESSON_FORMATS: tuple[LessonFormat, ...] = get_args(LessonFormat)
"""The outputs that teach a search step by step."""
LESSON_SUFFIXES: dict[str, LessonFormat] = {".csv": "trace", ".gif": "gif", ".mp4": "mp4"}
"""Suffixes that name a lesson format (a single search's; Beamer slides are ``.tex`` files named by the format)."""
FRAME_FORMATS = frozenset({"beamer", "gif", "mp4"})
"""The ones made of the replay's frames (bounded by ``max_steps``)."""
VIDEO_FORMATS = frozenset({"gif", "mp4"})
DEFAULT_FPS = 1.5
"""Frames a second of the GIF and the MP4: time to read each step's sentence."""
MAX_FPS = 60.0
DEFAULT_MAX_STEPS = 1000
"""The most steps slides and videos take (a slide or a frame each); the trace has no limit."""
DEFAULT_VIDEO_SIZE = (1280, 720)
"""Pixels of a GIF's or MP4's frames."""
_PIXELS = re.compile(r"^\s*(\d+)\s*(?:px)?\s*(?:x\s*(\d+)\s*(?:px)?)?\s*$", re.IGNORECASE)


class LessonError(ParameterError):
    """A lesson output that cannot be made as asked (too many steps, a bad frame rate or size)."""


@dataclass(frozen=True)
class LessonOptions:
    """How slides and videos are drawn: style (textbook or compact), theme, frame size in pixels (videos),
    frames a second, the step limit, and the Beamer frame alone."""

    style: str | None = None
    theme: Theme = DEFAULT
    size: tuple[int, int] = DEFAULT_VIDEO_SIZE
    fps: float = DEFAULT_FPS
    max_steps: int = DEFAULT_MAX_STEPS
    tex_body: bool = False


def parse_fps(value: str | float) -> float:
    """A frame rate: a number above 0 and at most 60.

    :raises LessonError: anything else.
    """
    try:
        fps = float(value)
    except (TypeError, ValueError):
        raise LessonError("{fps}: expected a number of frames a second, e.g. 1.5", fps=value) from None
    if not (math.isfinite(fps) and 0 < fps <= MAX_FPS):
        raise LessonError(f"{{fps}}: expected a number of frames a second above 0 and at most {MAX_FPS:g}",
                          fps=value)
    return fps


def parse_video_size(text: str) -> tuple[int, int]:
    """``1280x720`` (or ``1280x720px``, or ``1280`` for 16:9) as even pixel counts from 160x90 to 3840x2160.

    :raises LessonError: anything else.
    """
    match = _PIXELS.match(text)
    if match is None:
        raise LessonError("{size}: a video's frames are sized in pixels, WIDTHxHEIGHT, e.g. 1280x720", size=text)
    width = int(match.group(1))
    height = int(match.group(2)) if match.group(2) else round(width * 9 / 16)
    if not (160 <= width <= 3840 and 90 <= height <= 2160):
        raise LessonError("{size}: frames from 160x90 to 3840x2160 pixels", size=text)
    return width - width % 2, height - height % 2  # MP4's colour sampling needs even sides


def lesson_style(G: nx.DiGraph, style: str | None) -> str:
    """The replay's style: textbook for textbook trees, compact for games (or as asked, one of the two).

    :raises LessonError: another style (board and dot are laid out otherwise, or too small to read).
    """
    if style is None:
        return "textbook" if adapter_named(G.graph.get("game")).default_style == "textbook" else "compact"
    if style not in ("textbook", "compact"):
        raise LessonError("{style:quoted}: slides and videos are drawn in the textbook or compact style (one layout "
                          "for every step)", style=style)
    return style


def check_steps(rows: list[TraceRow], max_steps: int) -> None:
    """:raises LessonError: more steps than slides and videos take."""
    if max_steps and len(rows) > max_steps:
        raise LessonError(f"the replay has {len(rows):,} steps, more than {{max_steps}} allows for slides and "
                          "videos: draw less ({path:name}, {plies:name}, {depth:name}) or raise {max_steps:name} "
                          "(the trace has no limit)", max_steps=max_steps, path=None, plies=None, depth=None)


def replay_of(G: nx.DiGraph, rows: list[TraceRow], options: LessonOptions, heading: str,
              fmt: str) -> Replay:
    """The replay's frames for ``fmt``: a 16:9 slide, or a video's frames at its aspect."""
    width, height = options.size if fmt in VIDEO_FORMATS else DEFAULT_VIDEO_SIZE
    return Replay(G, rows, style=lesson_style(G, options.style), title=heading, theme=options.theme,
                  width=FRAME_WIDTH, height=FRAME_WIDTH * height / width)


def lesson_chunks(graphs: list[nx.DiGraph], fmt: str, options: LessonOptions, heading: str) -> Iterator[str | bytes]:
    """``fmt`` of the one search in ``graphs``, as chunks to write. Checks come first: a generator's errors would
    come only once writing had started, so this is not one.

    :raises TraceError: a comparison, a merged DAG, a strategy tree.
    :raises LessonError: too many steps for slides or videos, another style than textbook or compact.
    :raises ExtraMissing: Pillow (GIF) or imageio-ffmpeg (MP4) is not installed.
    """
    G = check_traceable(graphs)
    rows = search_trace(G)
    if fmt == "trace":
        return iter([trace_csv(rows)])
    if fmt not in FRAME_FORMATS:
        raise LessonError(f"{{fmt}} is not a lesson format (expected one of {', '.join(LESSON_FORMATS)})", fmt=fmt)
    check_steps(rows, options.max_steps)
    replay = replay_of(G, rows, options, heading, fmt)
    if fmt == "beamer":
        from treeviz.draw.beamer import iter_beamer

        return iter_beamer(replay.scenes(), title=heading, body_only=options.tex_body)
    from treeviz.draw.animation import gif_bytes, mp4_bytes, require_mp4, require_pillow

    if fmt == "gif":
        require_pillow()
        return iter([gif_bytes(replay, options.size, options.fps)])
    require_mp4()
    return iter([mp4_bytes(replay, options.size, options.fps)])


__all__ = ["DEFAULT_FPS", "DEFAULT_MAX_STEPS", "DEFAULT_VIDEO_SIZE", "FRAME_FORMATS", "LESSON_FORMATS",
           "LESSON_SUFFIXES", "ExtraMissing", "LessonError", "LessonFormat", "LessonOptions", "check_steps",
           "lesson_chunks", "lesson_style", "parse_fps", "parse_video_size", "replay_of"]
