"""A :class:`~treeviz.draw.scene.Scene` as a TikZ picture for LaTeX: a standalone document for pdflatex, or
only the ``tikzpicture`` for ``\\input`` into a paper.

The coordinates are the scene's (the same layout the SVG and PDF show), in
points with y pointing down (``y=-1pt``). Each drawn node is one ``\\node``
holding its text (visit order, value), so the values are real text in the
PDF; edges of one look are drawn together. Colours are defined once by name.
The standalone preamble needs only what Debian's texlive-latex-base,
texlive-pictures and preview-latex-style provide (``preview`` crops the page to
the picture, as the ``standalone`` class would).
"""

from __future__ import annotations

from collections.abc import Iterator

from treeviz.draw.scene import Marks, Scene, Segments, Shape, Stroke, Text, text_centre, triangle
from treeviz.draw.text_metrics import text_width

MAX_TEX_NODES = 30_000
# What a standalone figure (and a worksheet's pages) needs: TikZ with its geometric shapes, each picture cropped
# to its own page by preview, fix-cm for any font size.
PREAMBLE = (
    "\\documentclass{article}\n"
    "\\usepackage{fix-cm}\n"
    "\\usepackage{tikz}\n"
    "\\usetikzlibrary{shapes.geometric}\n"
    "\\usepackage[active,tightpage]{preview}\n"
    "\\PreviewEnvironment{tikzpicture}\n"
    "\\setlength\\PreviewBorder{0pt}\n"
    "\\pagestyle{empty}\n"
)
"""TeX keeps a whole picture in its memory (pdflatex's default main memory, 5,000,000 words): past about this many
nodes it runs out. Bigger trees go to PDF and ``\\includegraphics``."""

_SEGMENTS_PER_DRAW = 200
_SPECIAL = {
    "\\": r"\textbackslash{}", "#": r"\#", "$": r"\$", "%": r"\%", "&": r"\&", "_": r"\_", "{": r"\{",
    "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "\u2212": "$-$", "\u2265": r"$\geq$", "\u2264": r"$\leq$", "\u03b1": r"$\alpha$", "\u03b2": r"$\beta$",
    "\u221e": r"$\infty$", "\u2026": r"\dots{}", "\u2009": r"\,", "\u00d7": r"$\times$", "\u2192": r"$\to$",
    "<": r"\textless{}", ">": r"\textgreater{}",
}


def tex_escape(text: str) -> str:
    """Plain text (with the figures' few symbols: − ≥ ≤ α β ∞ …) as LaTeX that pdflatex typesets."""
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class _Colours:
    """Colour names for the picture, defined in order of first use."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def __call__(self, colour: str) -> str:
        name = self.names.get(colour)
        if name is None:
            name = f"tv{len(self.names)}"
            self.names[colour] = name
        return name

    def definitions(self) -> str:
        return "".join(f"\\definecolor{{{name}}}{{HTML}}{{{colour.lstrip('#').upper()}}}\n"
                       for colour, name in self.names.items())


def _font(size: float, bold: bool = False) -> str:
    return f"\\sffamily\\fontsize{{{_n(size)}}}{{{_n(size * 1.2)}}}\\selectfont" + ("\\bfseries" if bold else "")


def _stroke_options(stroke: Stroke, colour: _Colours) -> str:
    w = stroke.width
    dash = ""
    if stroke.dash == "dashed":
        dash = f", dash pattern=on {_n(4 * w)}pt off {_n(2.5 * w)}pt"
    elif stroke.dash == "dotted":
        dash = f", line cap=round, dash pattern=on 0pt off {_n(2.5 * w)}pt"
    return f"draw={colour(stroke.colour)}, line width={_n(w)}pt{dash}"


def picture_lines(scene: Scene) -> tuple[list[str], _Colours]:
    """The body of the ``tikzpicture`` and the colours it uses."""
    colour = _Colours()
    out: list[str] = [f"\\useasboundingbox (0,0) rectangle ({_n(scene.width)},{_n(scene.height)});"]
    node = 0
    for item in scene.items:
        if isinstance(item, Segments):
            c = item.coords
            options = _stroke_options(item.stroke, colour)
            if item.stroke.dash != "dotted":
                options += ", line cap=round"
            for start in range(0, len(c), 4 * _SEGMENTS_PER_DRAW):
                part = c[start:start + 4 * _SEGMENTS_PER_DRAW]
                path = " ".join(f"({_n(a)},{_n(b)})--({_n(x)},{_n(y)})"
                                for a, b, x, y in zip(part[0::4], part[1::4], part[2::4], part[3::4], strict=True))
                out.append(f"\\path[{options}] {path}; % {item.role}")
        elif isinstance(item, Marks):
            shape = "circle" if item.shape == "circle" else "rectangle"
            options = f"{shape}, fill={colour(item.fill)}, inner sep=0pt, minimum size={_n(item.size)}pt"
            if item.stroke is not None:
                options += ", " + _stroke_options(item.stroke, colour)
            c = item.coords
            for k in range(0, len(c), 2):
                out.append(f"\\node[{options}] (n{node}) at ({_n(c[k])},{_n(c[k + 1])}) {{}};")
                node += 1
        elif isinstance(item, Shape):
            # The shape has exactly the layout's size: its text is a node of its own on top, each line no wider
            # than the layout measured it (TeX's fonts are not the layout's), so no text can make a node grow
            # into its neighbours.
            name = f"n{node}" if item.role != "legend" else f"legend{node}"
            paint = []
            if item.fill:
                paint.append(f"fill={colour(item.fill)}")
            if item.stroke is not None:
                paint.append(_stroke_options(item.stroke, colour))
            if item.kind in ("triangle-up", "triangle-down"):
                # A triangle is a path through its corners (exactly the layout's), then a coordinate named for it.
                corners = " -- ".join(f"({_n(x)},{_n(y)})" for x, y in triangle(item))
                out.append(f"\\path[{', '.join([*paint, 'line join=round'])}] {corners} -- cycle;")
                out.append(f"\\coordinate ({name}) at ({_n(item.x)},{_n(item.y)});")
            else:
                shape = "ellipse" if item.kind in ("ellipse", "circle") else "rectangle"
                shape_options = [shape, "inner sep=0pt", f"minimum width={_n(item.w)}pt",
                                 f"minimum height={_n(item.h)}pt", *paint]
                out.append(f"\\node[{', '.join(shape_options)}] ({name}) at ({_n(item.x)},{_n(item.y)}) {{}};")
            at = f"({_n(item.x)},{_n(text_centre(item))})"
            if item.lines:
                gap = f"\\noalign{{\\kern{_n(0.15 * item.lines[-1].size)}pt}}"
                text = gap.join(
                    f"{{{_font(line.size, line.bold)}\\color{{{colour(line.colour)}}}"
                    f"\\tvfit{{{_n(text_width(line.text, line.size, bold=line.bold) * 1.03 + 0.5)}pt}}"
                    f"{{{tex_escape(line.text)}}}}}\\cr" for line in item.lines)
                out.append(f"\\node[inner sep=0pt] ({name}t) at {at} {{\\tvstack{{{text}}}}};")
            node += 1
        elif isinstance(item, Text):
            anchor = {"start": "base west", "middle": "base", "end": "base east"}[item.anchor]
            text_options = [f"anchor={anchor}", "inner sep=0pt", f"font={_font(item.size, item.bold)}",
                            f"text={colour(item.colour)}"]
            if item.halo:
                text_options += [f"fill={colour(item.halo)}", "inner xsep=0.4pt", "inner ysep=0.2pt"]
            # TeX's fonts are not the layout's: text never grows past the width the layout gave it.
            room = text_width(item.text, item.size, bold=item.bold) * 1.03 + 0.5
            out.append(f"\\node[{', '.join(text_options)}] at ({_n(item.x)},{_n(item.y)}) "
                       f"{{\\tvfit{{{_n(room)}pt}}{{{tex_escape(item.text)}}}}};")
    return out, colour


def iter_tikz(scene: Scene, *, body_only: bool = False) -> Iterator[str]:
    """The picture as LaTeX, in chunks: a standalone document, or with ``body_only`` the ``tikzpicture`` alone
    (its colours defined just before it), for ``\\input`` in a document that loads tikz (and
    ``\\usetikzlibrary{shapes.geometric}``)."""
    lines, colour = picture_lines(scene)
    if not body_only:
        yield "% A treeviz figure: pdflatex this file (needs tikz and preview).\n" + PREAMBLE + "\\begin{document}\n"
    else:
        yield ("% A treeviz figure: \\input it in a document that loads tikz and \\usetikzlibrary{shapes.geometric};\n"
               "% scalable fonts (\\usepackage{fix-cm} or lmodern) keep its small text sizes exact.\n")
    yield ("\\providecommand\\tvfit[2]{\\sbox0{#2}\\ifdim\\wd0>#1\\relax\\resizebox{#1}{!}{\\usebox0}"
           "\\else\\usebox0\\fi}\n")
    # A node's lines, centred and stacked as tight as their letters (no struts): the text's box is no taller
    # than the layout's node.
    yield "\\providecommand\\tvstack[1]{\\vbox{\\offinterlineskip\\halign{\\hfil##\\hfil\\cr#1\\crcr}}}\n"
    yield colour.definitions()
    yield f"% {tex_escape(scene.title)}\n" if scene.title else ""
    yield "\\begin{tikzpicture}[x=1pt, y=-1pt, font=\\sffamily]\n"
    for start in range(0, len(lines), 2048):
        yield "\n".join(lines[start:start + 2048]) + "\n"
    yield "\\end{tikzpicture}\n"
    if not body_only:
        yield "\\end{document}\n"


def to_tikz(scene: Scene, *, body_only: bool = False) -> str:
    """:func:`iter_tikz` joined."""
    return "".join(iter_tikz(scene, body_only=body_only))
