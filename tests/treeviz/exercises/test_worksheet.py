"""Worksheets and answer keys: what the key draws agrees with the search, node by node, and the sheet gives nothing
away; the PDFs compile, say it in their text, and come out the same bytes from the same seed.

The key is read back from what it paints (each item is tagged with its node): the value and visit order written in
each triangle, the notes beside it, the cut marks on the edges, what is grey. It is held to the plain alpha-beta of
:mod:`tests.treeviz.exercises.test_model` on hundreds of random trees (ties, decimals, negatives, uneven depths),
and to the model on the random trees the command makes.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections import Counter
from math import inf
from pathlib import Path

import pytest

from tests.treeviz.exercises.test_model import paths_of, random_nested, reference, text
from treeviz.draw.scene import Shape, Text
from treeviz.exercises.model import Exercise, exercise
from treeviz.exercises.pdflatex import compile_documents
from treeviz.exercises.sources import RandomTrees, random_position_exercises, random_tree_exercises, tree_exercises
from treeviz.exercises.tree_layout import plan_tree, printed_width
from treeviz.exercises.worksheet import (
    GREY,
    INK,
    MIN_SCALE,
    SHEET_INSTRUCTIONS,
    SheetError,
    fits_page,
    make_blocks,
    paint_tree,
    paper_named,
    worksheet_documents,
)
from treeviz.games.registry import adapter_named
from treeviz.games.start import starting_point

MINUS = "\u2212"


def drawn(ex: Exercise, kind: str) -> dict[str, list]:
    """The items of ``ex``'s tree painted for ``kind``, by tag (``node-3``, ``note-3``, ``leaf-3`` ...)."""
    items: list = []
    paint_tree(items, plan_tree(ex, kind), 0.0, 0.0, 1.0)
    tagged: dict[str, list] = {}
    for item in items:
        tagged.setdefault(item.role, []).append(item)
    return tagged


def number(value: float) -> str:
    """A textbook value as people write it, from scratch: ``3``, ``2.5``, ``−4``, ``+∞``."""
    if value in (inf, -inf):
        return ("+" if value > 0 else MINUS) + "\u221e"
    text_ = str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")
    return text_.replace("-", MINUS)


def history(values: list[float]) -> str:
    """``−∞, 3, 5``: a window side's values as it changed (repeats dropped)."""
    out: list[str] = []
    for v in values:
        if not out or out[-1] != number(v):
            out.append(number(v))
    return ", ".join(out)


@pytest.mark.parametrize("seed", range(300))
def test_the_key_draws_what_a_plain_alpha_beta_does(seed: int) -> None:
    rng = random.Random(seed)
    tree = random_nested(rng, rng.randint(1, 4))
    if not isinstance(tree, list):
        tree = [tree]
    root = rng.choice(["max", "min"])
    out: dict = {}
    reference(tree, -inf, inf, root == "max", (), out)
    ex = exercise(starting_point(tree=text(tree), root=root))
    key = drawn(ex, "key")
    nodes = paths_of(ex)
    pruned_paths = {p for record in out.values() for p in record["skipped"]}
    for path, node in nodes.items():
        i = node.id
        record = out.get(path)
        if node.leaf:
            leaf = key[f"leaf-{i}"][0]
            assert leaf.text == number(node.leaf_value)
            assert (leaf.colour == INK) == (record is not None), (text(tree), path)
            assert (f"order-{i}" in key) == (record is not None)
            continue
        shape = key[f"node-{i}"][0]
        assert isinstance(shape, Shape)
        assert shape.kind == ("triangle-up" if (root == "max") == (len(path) % 2 == 0) else "triangle-down")
        if record is None:  # never searched: grey and empty
            assert shape.stroke.colour == GREY, (text(tree), path)
            assert not {f"note-{i}", f"value-{i}", f"order-{i}"} & set(key), (text(tree), path)
            continue
        assert shape.stroke.colour == INK
        order, value = key[f"order-{i}"][0].text, key[f"value-{i}"][0].text
        assert order == f"#{node.order}"
        windows = record["windows"]
        alphas, betas = [w[0] for w in windows], [w[1] for w in windows]
        alpha0, beta0 = windows[0]
        v = record["value"]
        relation = {"upper": "\u2264 ", "lower": "\u2265 "}.get(record["bound"], "")  # a bound only where one is proved
        assert value == relation + number(v), (text(tree), path)
        notes = [t.text for t in key[f"note-{i}"]]
        assert notes[:2] == [f"\u03b1 {history(alphas)}", f"\u03b2 {history(betas)}"], (text(tree), path)
        if record["skipped"]:
            maximizing = (root == "max") == (len(path) % 2 == 0)
            cut = notes[2]
            if maximizing:
                assert cut == f"\u03b2-cut: {number(record['value'])} \u2265 \u03b2={number(betas[0])}"
            else:
                assert cut == f"\u03b1-cut: {number(record['value'])} \u2264 \u03b1={number(alphas[0])}"
        else:
            assert len(notes) == 2
    crossed = {path for path, node in nodes.items() if f"cut-{node.id}" in key}
    assert crossed == pruned_paths, text(tree)


def test_bounds_are_written_where_the_search_only_proved_one() -> None:
    ex = exercise(starting_point(tree="[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"))
    key = drawn(ex, "key")
    values = {n.caption: key[f"value-{n.id}"][0].text for n in ex.nodes if n.caption}
    # D: every leaf examined, 2 exact and the others larger, so 2 although it falls at alpha = 3 (AIMA's D = 2)
    assert values == {"B": "3", "C": "\u2264 2", "D": "2"}
    assert key[f"value-{ex.root.id}"][0].text == "3"
    c = next(n for n in ex.nodes if n.caption == "C")
    assert [t.text for t in key[f"note-{c.id}"]] == ["\u03b1 3", "\u03b2 +\u221e, 2",
                                                      "\u03b1-cut: 2 \u2264 \u03b1=3"]


def test_a_node_failing_low_over_examined_leaves_is_keyed_exact() -> None:
    # the MAX node over 1, 3, 5 is entered with alpha = 6: all three leaves examined, it is 5, not "<= 5"
    ex = exercise(starting_point(tree="[[6],[[1,3,5]]]"))
    key = drawn(ex, "key")
    low = next(n for n in ex.nodes if len(n.children) == 3)
    assert low.alpha == 6 and key[f"value-{low.id}"][0].text == "5"


@pytest.mark.parametrize("seed", range(40))
def test_the_key_of_every_generated_exercise_agrees_with_the_model(seed: int) -> None:
    rng = random.Random(seed)
    shape = RandomTrees(depth=rng.randint(1, 4), branching=rng.choice([(2, 2), (3, 3), (1, 3), (2, 4)]),
                        low=rng.choice([-9, 0]), high=rng.choice([5, 20]), root=rng.choice(["max", "min"]),
                        distinct=False)
    order = rng.choice(["ascending", "best", "worst", "random"])
    for ex in random_tree_exercises(shape, count=5, seed=seed, order=order):
        key = drawn(ex, "key")
        for node in ex.nodes:
            i = node.id
            if node.leaf:
                assert (key[f"leaf-{i}"][0].colour == INK) == node.examined
            elif node.examined:
                assert key[f"value-{i}"][0].text == ex.value_text(node)
                assert key[f"order-{i}"][0].text == f"#{node.order}"
                assert len(key[f"note-{i}"]) == 2 + (node.cut is not None)
            else:
                assert f"value-{i}" not in key and key[f"node-{i}"][0].stroke.colour == GREY
        assert {int(role[4:]) for role in key if role.startswith("cut-")} == {n.id for n in ex.pruned_moves}


def test_the_sheet_gives_leaves_and_room_to_write_and_no_answer() -> None:
    ex = exercise(starting_point(tree="[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"))
    sheet = drawn(ex, "sheet")
    inner = [n for n in ex.nodes if not n.leaf]
    assert all(not sheet[f"node-{n.id}"][0].lines for n in inner)  # empty triangles
    assert not any(role.startswith(("value-", "order-", "cut-")) for role in sheet)
    assert all([t.text for t in sheet[f"note-{n.id}"]] == ["\u03b1", "\u03b2"] for n in inner)
    assert len(sheet["rule"]) == 2 * len(inner)  # a line to write on after each
    assert all(sheet[f"leaf-{n.id}"][0].colour == INK for n in ex.leaves)  # pruned leaves look like any other
    assert not any(role.startswith(("cut-", "order-")) for role in sheet)
    assert {s.stroke.colour for s in sheet["edge"]} == {INK} and "pruned-edge" not in sheet


def test_the_sheet_lays_out_every_note_alike_so_its_gaps_tell_no_cut() -> None:
    ex = exercise(starting_point(tree="[[3,12,8],[2,4,6],[14,5,2]]"))
    plan = plan_tree(ex, "sheet")
    mins = [n.id for n in ex.nodes if n.depth == 1]
    gaps = [plan.x[b] - plan.x[a] for a, b in zip(mins, mins[1:], strict=False)]
    assert gaps[0] == pytest.approx(gaps[1])  # C cuts, B and D do not: the same spacing


def test_an_exercise_too_wide_for_the_page_is_refused_saying_how_far() -> None:
    big = random_tree_exercises(RandomTrees(depth=4, branching=(3, 3)), count=1, seed=0)
    with pytest.raises(SheetError, match=r"exercise 1 \(81 leaves\) is too wide for a landscape A4 page: it would "
                                         r"print at \d+%, below the 80% still legible"):
        worksheet_documents(big)
    assert not fits_page(big[0], landscape=True)


def test_wide_trees_turn_the_page_landscape_and_narrow_ones_stay_portrait() -> None:
    wide = random_tree_exercises(RandomTrees(depth=3, branching=(3, 3)), count=1, seed=0)[0]
    narrow = random_tree_exercises(RandomTrees(depth=3, branching=(2, 2)), count=1, seed=0)[0]
    assert not fits_page(wide) and fits_page(wide, landscape=True)
    assert fits_page(narrow)
    for ex in (wide, narrow):
        block = make_blocks([ex], paper_named("a4", landscape=not fits_page(ex)))[0]
        assert min(block.scales.values()) >= MIN_SCALE
    assert "\\useasboundingbox (0,0) rectangle (845.05,597.51)" in worksheet_documents([wide]).sheet
    assert "\\useasboundingbox (0,0) rectangle (597.51,845.05)" in worksheet_documents([narrow]).sheet


def test_several_exercises_share_a_page_and_per_page_is_kept_or_refused() -> None:
    exercises = random_tree_exercises(RandomTrees(depth=2, branching=(2, 2)), count=7, seed=3)
    assert worksheet_documents(exercises).pages == 1  # small trees side by side, in rows
    assert worksheet_documents(exercises, per_page=2).pages == 4
    three = random_tree_exercises(RandomTrees(depth=3, branching=(3, 3)), count=3, seed=3)
    with pytest.raises(SheetError, match=r"per_page=3: 3 exercises of this size do not fit on one landscape A4 page "
                                         r"under the instructions \(at most 2 do there\)"):
        worksheet_documents(three, per_page=3)


def test_random_positions_are_different_fit_the_page_and_have_a_choice() -> None:
    found = random_position_exercises("tictactoe", count=5, seed=2, fits=fits_page)
    assert len({ex.root.fen for ex in found}) == 5
    for ex in found:
        assert len(ex.root.children) >= 2 and fits_page(ex)
        assert 3 <= adapter_named("tictactoe").print_picture(ex.root.fen).count(".") <= 5  # few empty cells
    again = random_position_exercises("tictactoe", count=5, seed=2, fits=fits_page)
    assert [ex.root.fen for ex in again] == [ex.root.fen for ex in found]


# -- the PDFs ---------------------------------------------------------------------------------------------------

needs_pdflatex = pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                                    reason="pdflatex or pdftotext is missing: scripts/setup.sh installs them "
                                           "(texlive-latex-base, texlive-pictures, preview-latex-style, poppler-utils)")


def pdf_text(pdf: bytes, folder: Path) -> str:
    path = folder / "doc.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def numbers_in(words: str) -> Counter:
    """The numbers of a sheet's text outside its instructions, headings and footers."""
    found: Counter = Counter()
    for line in words.splitlines():
        if line.startswith(("treeviz exercise", "page ")) or line[:2] in {f"{k}." for k in range(1, 10)}:
            continue
        tokens = line.replace(MINUS, "-").split()
        for k, token in enumerate(tokens):
            if re.fullmatch(r"-?\d+(\.\d+)?", token) and not (k and tokens[k - 1] == "Exercise"):
                found[float(token)] += 1
    return found


@pytest.mark.slow
@needs_pdflatex
def test_the_pdfs_compile_and_their_text_holds_the_blanks_and_the_answers(tmp_path: Path) -> None:
    exercises = [*random_tree_exercises(RandomTrees(depth=3, branching=(2, 2), low=-9, high=20), count=3, seed=5),
                 *tree_exercises(["[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"])]
    made = worksheet_documents(exercises)
    sheet_pdf, key_pdf = compile_documents([made.sheet, made.key])
    assert sheet_pdf.startswith(b"%PDF") and key_pdf.startswith(b"%PDF")
    sheet, key = pdf_text(sheet_pdf, tmp_path), pdf_text(key_pdf, tmp_path)
    inner = sum(1 for ex in exercises for n in ex.nodes if not n.leaf)
    told = sum(p.count("\u03b1") for p in SHEET_INSTRUCTIONS)
    assert sheet.count("\u03b1") == inner + told  # a blank for alpha beside each inner node, nothing else
    assert numbers_in(sheet) == Counter(n.leaf_value for ex in exercises for n in ex.leaves)  # no inner value
    assert "#" not in sheet and "cut:" not in sheet
    for k in range(1, len(exercises) + 1):
        assert f"Exercise {k}" in sheet and f"Exercise {k}" in key
    flat = re.sub(r"\s+", "", key)
    for ex in exercises:
        assert re.sub(r"\s+", "", f"value {ex.number(ex.value)}; {ex.leaves_examined} of {len(ex.leaves)} leaves") \
            in flat
        for node in ex.nodes:
            if node.examined:
                assert f"#{node.order}" in flat
        bounds = Counter(re.sub(r"\s+", "", ex.value_text(n)) for n in ex.nodes
                         if n.examined and not n.leaf and n.bound != "exact")
        for written, times in bounds.items():
            assert flat.count(written) >= times, written
    cuts = sum(1 for ex in exercises for n in ex.nodes if n.cut is not None)
    assert key.count("-cut:") == cuts


@pytest.mark.slow
@needs_pdflatex
def test_the_same_exercises_give_the_same_pdf_bytes() -> None:
    def pdfs(seed: int) -> list[bytes]:
        made = worksheet_documents(random_tree_exercises(RandomTrees(depth=2, branching=(3, 3)), count=4, seed=seed))
        return compile_documents([made.sheet, made.key])

    first = pdfs(7)
    assert pdfs(7) == first
    assert pdfs(8)[0] != first[0]
    assert b"CreationDate" not in first[0] and b"/ID" not in first[0]


# -- geometry ---------------------------------------------------------------------------------------------------

def text_box(item: Text) -> tuple[float, float, float, float]:
    """A text's box as pdflatex sets it: its width by :func:`printed_width`, from a little above the capitals to a
    little below the baseline."""
    w = printed_width(item.text, item.size, bold=item.bold)
    left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}[item.anchor]
    return left, item.y - 0.75 * item.size, left + w, item.y + 0.2 * item.size


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def inside_triangle(shape: Shape, x: float, y: float) -> bool:
    """Whether (x, y) lies within ``shape``, a triangle."""
    depth = (y - (shape.y - shape.h / 2)) / shape.h  # 0 at the top, 1 at the bottom
    across = depth if shape.kind == "triangle-up" else 1 - depth
    return 0 <= depth <= 1 and abs(x - shape.x) <= shape.w / 2 * across + 1e-6


def sample_exercises(seed: int) -> list[Exercise]:
    rng = random.Random(seed)
    tree = random_nested(rng, rng.randint(1, 4))
    return [exercise(starting_point(tree=text(tree if isinstance(tree, list) else [tree]),
                                    root=rng.choice(["max", "min"]))),
            *random_tree_exercises(RandomTrees(depth=3, branching=(1, 3), low=-20, high=20), count=1, seed=seed),
            exercise(starting_point(tree="[B={1/2: [3,12], 1/2: [2,4]}, C={1/3: [14,5], 2/3: [6,1]}]"))]


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("kind", ["sheet", "key"])
def test_nothing_drawn_overlaps_and_values_sit_inside_their_triangles(seed: int, kind: str) -> None:
    exercises = sample_exercises(seed)
    if seed < 3:
        exercises += random_position_exercises("tictactoe", count=2, seed=seed, fits=fits_page)
    for ex in exercises:
        plan = plan_tree(ex, kind)
        items: list = []
        paint_tree(items, plan, 0.0, 0.0, 1.0)
        boxes = []
        for item in items:
            owner = item.role.rpartition("-")[2]
            if isinstance(item, Text):
                boxes.append((item.role, owner, text_box(item)))
            elif isinstance(item, Shape):
                boxes.append((item.role, owner, (item.x - item.w / 2, item.y - item.h / 2, item.x + item.w / 2,
                                                 item.y + item.h / 2)))
                for value in [t for t in items if isinstance(t, Text) and t.role in (f"value-{owner}",
                                                                                       f"order-{owner}")]:
                    left, top, right, bottom = text_box(value)
                    top += 0.15 * value.size  # digits reach the capitals' height, not above
                    bottom = value.y
                    if item.kind.startswith("triangle"):
                        for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
                            assert inside_triangle(item, x, y), (ex.title, value.text, item.kind)
        for k, (role_a, owner_a, a) in enumerate(boxes):
            assert -1e-6 <= a[0] and a[2] <= plan.width + 1e-6, (ex.title, role_a)
            for role_b, owner_b, b in boxes[k + 1:]:
                if owner_a == owner_b and {role_a.split("-")[0], role_b.split("-")[0]} <= {"node", "value", "order"}:
                    continue  # a node's own answer inside it
                assert not overlap(a, b), (ex.title, kind, role_a, role_b)


def _segment_distance(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The shortest distance between two line segments (0 when they cross)."""
    def point_to(px: float, py: float, s: tuple[float, float, float, float]) -> float:
        x1, y1, x2, y2 = s
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / ((dx * dx + dy * dy) or 1.0)))
        return ((px - x1 - t * dx) ** 2 + (py - y1 - t * dy) ** 2) ** 0.5

    def crosses(s: tuple[float, ...], t: tuple[float, ...]) -> bool:
        def side(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
            return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        return (side(*s[:4], *t[:2]) * side(*s[:4], *t[2:]) < 0) and (side(*t[:4], *s[:2]) * side(*t[:4], *s[2:]) < 0)

    if crosses(a, b):
        return 0.0
    return min(point_to(*a[:2], b), point_to(*a[2:], b), point_to(*b[:2], a), point_to(*b[2:], a))


@pytest.mark.parametrize("tree", ["[[1,[5,6,7,8]],[0,1,2,3,4]]", "[[3,12,8],[2,4,6],[14,5,2]]",
                                  "[[9],[1,2,3,4,5,6,7,8]]"])
def test_the_cut_marks_of_adjacent_pruned_edges_stand_apart(tree: str) -> None:
    ex = exercise(starting_point(tree=tree))
    key = drawn(ex, "key")
    marks = {role: [tuple(item.coords[k:k + 4]) for item in items for k in range(0, len(item.coords), 4)]
             for role, items in key.items() if role.startswith("cut-")}
    width = max(item.stroke.width for role, items in key.items() if role.startswith("cut-") for item in items)
    assert len(marks) == len(ex.pruned_moves) >= 2
    roles = sorted(marks)
    for i, one in enumerate(roles):
        for other in roles[i + 1:]:
            gap = min(_segment_distance(a, b) for a in marks[one] for b in marks[other])  # type: ignore[arg-type]
            assert gap > width, (tree, one, other, gap)
