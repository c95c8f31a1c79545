"""A search's replay as LaTeX Beamer slides: one frame whose overlays are the replay's frames
(:mod:`treeviz.draw.replay`), the tree drawn once in TikZ at fixed coordinates.

Each frame's scene is written by the TikZ writer (:mod:`treeviz.draw.tikz`), item by item; a line that several
slides share is written once, so an edge that changes look three times during the search is three lines, whatever
the number of steps. Each line is typeset once, into a box (``\\tvbox``), and each slide places the boxes it shows
(``\\tvon{first}{last}{\\tvuse{k}}``), so pdflatex's TikZ work does not grow with the slides (176 slides: 23 s of
CPU instead of over 107 s). ``pdflatex`` makes one page per slide: the unsearched tree, then one per row of the
trace. The document needs Beamer (Debian's
texlive-latex-recommended) and TikZ (texlive-pictures); it carries ``\\pdfinfoomitdate`` and ``\\pdftrailerid{}``
so that its PDF is the same bytes on every run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import partial

from treeviz.draw.scene import Item, Scene, Segments, Shape
from treeviz.draw.tikz import picture_lines

_NAMES = re.compile(r" \((?:n|legend)\d+t?\)(?= at )")
_COLOUR = re.compile(r"\btv(\d+)\b")
_COMMENT = re.compile(r"; % [\w-]+$")
PREAMBLE = (
    "\\RequirePackage{fix-cm}\n"
    "\\documentclass[aspectratio=169]{beamer}\n"
    "\\pdfinfoomitdate=1\n\\pdftrailerid{}\n\\pdfsuppressptexinfo=-1\n"
    "\\usepackage{tikz}\n"
    "\\usetikzlibrary{shapes.geometric}\n"
    "\\setbeamertemplate{navigation symbols}{}\n"
    "\\setbeamersize{text margin left=0pt,text margin right=0pt}\n"
)
"""A 16:9 Beamer document (160 mm x 90 mm, the frames' size) with TikZ, reproducible."""
MACROS = (
    "\\makeatletter\\providecommand\\tvon[3]{\\ifnum\\beamer@slideinframe<#1\\relax\\else"
    "\\ifnum\\beamer@slideinframe>#2\\relax\\else#3\\fi\\fi}\\makeatother\n"
    "\\makeatletter\\@ifundefined{c@tvreplay}{\\newcounter{tvreplay}}{}\\makeatother\n"
    "\\providecommand\\tvbox[2]{\\expandafter\\newsavebox\\csname tvb\\arabic{tvreplay}.#1\\endcsname"
    "\\expandafter\\sbox\\csname tvb\\arabic{tvreplay}.#1\\endcsname"
    "{\\begin{tikzpicture}[x=1pt, y=-1pt, font=\\sffamily, overlay]#2\\end{tikzpicture}}}\n"
    "\\providecommand\\tvuse[1]{\\expandafter\\usebox\\csname tvb\\arabic{tvreplay}.#1\\endcsname}\n"
    "\\providecommand\\tvfit[2]{\\sbox0{#2}\\ifdim\\wd0>#1\\relax\\resizebox{#1}{!}{\\usebox0}"
    "\\else\\usebox0\\fi}\n"
    "\\providecommand\\tvstack[1]{\\vbox{\\offinterlineskip\\halign{\\hfil##\\hfil\\cr#1\\crcr}}}\n"
)
"""``\\tvon{first}{last}{...}``: what slides first to last show; ``\\tvbox{k}{...}`` typesets a line once into
box k, ``\\tvuse{k}`` places it; the TikZ writer's two helpers (:func:`treeviz.draw.tikz.iter_tikz`)."""
MAX_BOXES = 30_000
"""TeX has 32,768 box registers: past this many distinct lines, every slide typesets its lines itself."""


LAYERS = {"edges": 0, "nodes": 1, "labels": 2, "window": 3, "words": 4}
"""What is painted over what, whatever slide a line first appears on: edges, nodes (and a textbook leaf's value,
a name beside a node), the labels of moves, the windows, the title and the sentence."""


def _layer(item: Item) -> int:
    if isinstance(item, Segments):
        return LAYERS["edges"]
    if isinstance(item, Shape) or item.role in ("leaf", "caption", "node"):
        return LAYERS["nodes"]
    if item.role == "window":
        return LAYERS["window"]
    if item.role in ("title", "step", "sentence"):
        return LAYERS["words"]
    return LAYERS["labels"]


def _single_items(scene: Scene) -> Iterator[tuple[int, Item]]:
    """The scene's items one at a time (lines of edges one edge each), each with its layer."""
    for item in scene.items:
        layer = _layer(item)
        if isinstance(item, Segments) and len(item.coords) > 4:
            c = item.coords
            for k in range(0, len(c), 4):
                yield layer, Segments(item.stroke, c[k:k + 4], item.role)
        else:
            yield layer, item


def _spans(slides: list[int]) -> list[tuple[int, int]]:
    """The slide numbers (sorted) as runs ``(first, last)``."""
    out: list[tuple[int, int]] = []
    start = prev = slides[0]
    for s in slides[1:]:
        if s == prev + 1:
            prev = s
            continue
        out.append((start, prev))
        start = prev = s
    out.append((start, prev))
    return out


def overlay_picture(scenes: Iterable[Scene]) -> tuple[list[tuple[str, list[tuple[int, int]] | None]],
                                                      dict[str, str], int]:
    """The distinct TikZ lines of the scenes in painting order, each with the runs of slides that show it (None:
    every slide; scene k is slide k + 1), the colours (HTML hex -> name) and the number of slides."""
    colours: dict[str, str] = {}
    slides_of: dict[str, list[int]] = {}
    order: list[tuple[int, int, str]] = []
    total = 0
    written: dict[str, list[str]] = {}  # an item (its repr) -> its lines: most items recur on many slides

    def rename(match: re.Match[str], names: dict[str, str]) -> str:
        colour = names[match.group(0)]
        found = colours.get(colour)
        if found is None:
            found = colours[colour] = f"tvc{len(colours)}"
        return found

    for slide, scene in enumerate(scenes, start=1):
        total = slide
        for layer, item in _single_items(scene):
            key = repr(item)
            lines = written.get(key)
            if lines is None:
                drawn, local = picture_lines(Scene(scene.width, scene.height, [item]))
                names = {name: colour for colour, name in local.names.items()}
                renamed = partial(rename, names=names)
                # The first line is the bounding box (the picture's own), a shape's coordinate is never used.
                lines = written[key] = [_COLOUR.sub(renamed, _COMMENT.sub(";", _NAMES.sub("", line)))
                                        for line in drawn[1:] if not line.startswith("\\coordinate")]
            for line in lines:
                seen = slides_of.get(line)
                if seen is None:
                    slides_of[line] = [slide]
                    order.append((layer, len(order), line))
                elif seen[-1] != slide:
                    seen.append(slide)
    out: list[tuple[str, list[tuple[int, int]] | None]] = []
    for _, _, line in sorted(order):
        slides = slides_of[line]
        out.append((line, None if len(slides) == total else _spans(slides)))
    return out, colours, total


def iter_beamer(scenes: Iterable[Scene], *, title: str, body_only: bool = False) -> Iterator[str]:
    """The slides as LaTeX: a whole Beamer document, or with ``body_only`` the frame alone (its colours and
    helpers defined before it) to ``\\input`` in a lecture that loads tikz and ``\\usetikzlibrary{shapes.geometric}``
    (16:9 slides: the picture is 160 mm wide; other sizes scale it with ``\\resizebox``)."""
    scenes = list(scenes)
    width, height = scenes[0].width, scenes[0].height
    lines, colours, total = overlay_picture(scenes)
    if not body_only:
        yield f"% {title}: a treeviz replay; pdflatex this file (Beamer and TikZ).\n" + PREAMBLE
        yield "\\begin{document}\n"
    else:
        yield (f"% {title}: a treeviz replay, one Beamer frame of {len(scenes)} slides; \\input it in a 16:9 "
               "Beamer document that loads tikz and \\usetikzlibrary{shapes.geometric}.\n")
    yield MACROS
    yield "".join(f"\\definecolor{{{name}}}{{HTML}}{{{colour.lstrip('#').upper()}}}\n"
                  for colour, name in colours.items())
    # Each distinct line is typeset once, into a box of its own (a picture of zero size at the same origin as the
    # slide's), and each slide only places the boxes it shows: TikZ's work does not grow with the slides.
    boxed = len(lines) <= MAX_BOXES
    if boxed:
        yield "\\stepcounter{tvreplay}\n"  # its own boxes: several replays can go in one lecture
        for k, (line, _) in enumerate(lines):
            yield f"\\tvbox{{{k}}}{{{line}}}\n"
    yield "\\begin{frame}[plain]\n\\centering\n"
    yield ("\\resizebox{\\ifdim\\paperwidth<" + f"{width:.2f}pt" + "\\paperwidth\\else" + f" {width:.2f}pt" +
           "\\fi}{!}{%\n")
    yield "\\begin{tikzpicture}[x=1pt, y=-1pt, font=\\sffamily]\n"
    yield f"\\useasboundingbox (0,0) rectangle ({width:.2f},{height:.2f});\n"
    if boxed:
        yield "\\pgftext[left,base,at={\\pgfpointorigin}]{%\n"
    # \tvon, not Beamer's \only<...>: decoding an overlay specification on every slide for every line is slow.
    shown = [f"\\tvuse{{{k}}}" if boxed else line for k, (line, _) in enumerate(lines)]
    parts = [item if spans is None else "".join(f"\\tvon{{{a}}}{{{b}}}{{{item}}}" for a, b in spans)
             for item, (_, spans) in zip(shown, lines, strict=True)]
    for start in range(0, len(parts), 2048):
        yield ("%\n" if boxed else "\n").join(parts[start:start + 2048]) + ("%\n" if boxed else "\n")
    if boxed:
        yield "}\n"
    yield f"\\only<{total}>{{}}"  # how many slides the frame has
    yield "\\end{tikzpicture}}\n\\end{frame}\n"
    if not body_only:
        yield "\\end{document}\n"


__all__ = ["MACROS", "PREAMBLE", "iter_beamer", "overlay_picture"]
