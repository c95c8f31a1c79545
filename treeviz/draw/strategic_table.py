"""The strategic form (:mod:`engine.search.strategic`) as a table: CSV, a LaTeX ``tabular``, or Graphviz's
HTML-like label drawn beside the tree. The equilibrium's strategies are marked: a strategy played with positive
probability has it after its name (``beer,quiche [2/3]``, or ``*`` when played for sure), and the cells where
both players' marked strategies meet are starred (bold on yellow in the figure)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction

from engine.search.strategic import StrategicForm
from treeviz.draw.extensive_text import number_text

SIDE_TABLE_LIMIT = 8
"""The most strategies a player may have for the table to be drawn beside the tree (larger: CSV or TeX alone)."""


Marks = set[tuple[int, int]]
"""The marked cells of a table, ``(row, column)`` counting the header row and column."""


def table_rows(form: StrategicForm, row_weights: Sequence[Fraction | float] | None = None,
               column_weights: Sequence[Fraction | float] | None = None) -> tuple[list[list[str]], Marks]:
    """The table's text, header row and column first, and the marked cells ``(row, column)`` of it."""

    def named(name: str, weight: Fraction | float | None) -> str:
        if weight is None or weight <= 1e-12:
            return name
        return f"{name} *" if weight >= 1 - 1e-12 else f"{name} [{number_text(weight)}]"

    header = [f"{form.players[0]} \\ {form.players[1]}"] + [
        named(c, column_weights[j] if column_weights else None) for j, c in enumerate(form.column_names)]
    rows = [header]
    marked: set[tuple[int, int]] = set()
    for i, name in enumerate(form.row_names):
        w = row_weights[i] if row_weights else None
        rows.append([named(name, w)] + [f"{number_text(a)}, {number_text(b)}" for a, b in form.payoffs[i]])
        if w is not None and w > 1e-12:
            marked.add((i + 1, 0))
            for j in range(len(form.column_names)):
                if column_weights and column_weights[j] > 1e-12:
                    marked.add((i + 1, j + 1))
    if column_weights:
        marked.update((0, j + 1) for j, w in enumerate(column_weights) if w > 1e-12)
    return rows, marked


def table_csv(rows: list[list[str]], marked: set[tuple[int, int]]) -> str:
    """CSV of the table; a marked payoff cell ends in ``*``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for r, row in enumerate(rows):
        writer.writerow([cell + (" *" if (r, c) in marked and r and c else "") for c, cell in enumerate(row)])
    return out.getvalue()


def _tex(text: str) -> str:
    for a, b in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("_", r"\_"), ("#", r"\#"),
                 ("$", r"\$"), ("{", r"\{"), ("}", r"\}")):
        text = text.replace(a, b) if a != "\\" else text.replace(a, "\x00")
    return text.replace("\x00", r"$\backslash$")


def table_tex(rows: list[list[str]], marked: set[tuple[int, int]], caption: str) -> str:
    """A LaTeX document holding the table alone (marked cells bold, payoffs starred), pdflatex-ready."""
    columns = len(rows[0])
    lines = [r"\documentclass{article}", r"\usepackage[active,tightpage]{preview}",
             r"\PreviewEnvironment{tabular}", r"\pagestyle{empty}", r"\begin{document}",
             r"\begin{tabular}{l|" + "c" * (columns - 1) + "}",
             r"\multicolumn{" + str(columns) + r"}{l}{" + _tex(caption) + r"}\\"]
    for r, row in enumerate(rows):
        cells = []
        for c, cell in enumerate(row):
            text = _tex(cell)
            cells.append(r"\textbf{" + text + "}" + ("$^*$" if r and c else "") if (r, c) in marked else text)
        lines.append(" & ".join(cells) + r" \\" + (r" \hline" if r == 0 else ""))
    lines += [r"\end{tabular}", r"\end{document}"]
    return "\n".join(lines) + "\n"
