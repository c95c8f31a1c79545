"""Regenerate samples/: the course's figures for its two positions, in PNG and SVG.

For "1o11o1oxx x" (g1) and "x21o11xo o" (g2): the position alone (the course's
figures 1-2), the minimax tree (3-4), the alpha-beta tree (5-6) and both side
by side; and an ultimate position's alpha-beta search to depth 2 (u1), the
bot's own search with 9x9 boards. Figures for reports: g2 in compact style at
16 cm, a greyscale print version, the 25,227-node alpha-beta tree of the empty
board in dot style, and a TikZ picture with the PDF pdflatex makes of it.
The searches of issue 11: an MCTS tree, merged DAGs, a three-way comparison.
Any game (issue 22, samples/anygame/): the classic textbook tree, an
expectiminimax tree, Nim (examples/nim.py) and OpenSpiel's 4x4 Connect Four.
Exercises (issue 23, samples/exercises/): a worksheet and its answer key (PDF,
and a PNG of the first page of each). Extensive-form games (issue 35, samples/extensive/).
Deterministic: running it twice changes no byte. Then, when present,
scripts/make_html_samples.py adds the interactive pages, and
scripts/make_arena_samples.py a championship's results page and its screenshot.

    .venv/bin/python scripts/make_samples.py [--out samples] [--no-html]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from treeviz.draw import labels  # noqa: E402
from treeviz.draw.dot_writer import FONT, compare_dot, to_dot  # noqa: E402
from treeviz.draw.graphviz import render  # noqa: E402
from treeviz.files import write_atomically  # noqa: E402
from treeviz.games.registry import adapter_named  # noqa: E402
from treeviz.games.tictactoe import expand_fen_board, tictactoe_board  # noqa: E402
from treeviz.tree import order_comparison, search_tree  # noqa: E402

POSITIONS = {"g1": "1o11o1oxx x", "g2": "x21o11xo o"}
ULTIMATE_SAMPLE = ("u1", "oxx1o3x2o3ox1x1ooo1x1x2o4x4xxx2oo8xxx1o1o2ooo8x1o1xxo 83 x")
"""From a bot-vs-greedy game: x is sent to sub-board 3 (three empty cells) and one of them wins the game."""
FORMATS = ("png", "svg")


def position_alone(G: nx.DiGraph, fen: str) -> str:
    """DOT of the root alone, drawn big with its minimax value: the course's first figures."""
    root = G.nodes[0]
    board = tictactoe_board(expand_fen_board(root["fen"].split(" ")[0]), None, 40)
    label = labels.node_label(board, root, adapter_named("tictactoe").sides, show_window=False, pv=False)
    value = G.graph["value"]
    verdict = {1: "x wins", -1: "o wins", 0: "draw"}[int(value)]
    title = f"{fen}: {root['to_move']} to move, minimax value {labels.format_number(value)} ({verdict})"
    return ("digraph position {\n"
            f'  graph [fontname="{FONT}", fontsize=16, labelloc=t, label="{labels.escape(title)}", pad=0.2];\n'
            f'  node [shape=plain, fontname="{FONT}", fontsize=14];\n'
            f"  0 [label=<{label}>];\n"
            "}\n")


def figures(fen: str) -> dict[str, str]:
    """Name -> DOT text of every figure of one position."""
    minimax = search_tree(fen).graph
    alphabeta = search_tree(fen, algorithm="alphabeta").graph
    return {
        "root": position_alone(minimax, fen),
        "minimax": to_dot(minimax, fen=fen),
        "alphabeta": to_dot(alphabeta, fen=fen),
        "compare": compare_dot(minimax, alphabeta, fen=fen),
    }


MCTS_SAMPLE = ("g2", "x21o11xo o", 200)
"""The MCTS tree of the course's second position after 200 iterations (seed 0)."""
DAG_SAMPLE = ("d1", "xox1o2x1 o")
"""Four empty cells, symmetric about the middle column: 61 tree nodes, 34 positions, 18 up to symmetry."""
COMPARE3_SAMPLE = ("g1", "1o11o1oxx x", 100)
"""Minimax, alpha-beta and 100 MCTS iterations side by side on the course's first position."""
MCTS_TOP = 15
"""The readable cut of the MCTS sample: its most visited nodes."""


def search_graph_samples(out: Path) -> None:
    """Issue 11's figures: an MCTS tree (whole, and its most visited part), symmetry and transposition DAGs, a
    three-way comparison. The PNGs of the figures that fit a page are sized for it (16 cm at 150 dpi); the wide
    ones, and every SVG, keep Graphviz's own size (zoom in)."""
    from treeviz.tree import comparison

    tag, fen, iterations = MCTS_SAMPLE
    trees = {
        f"{tag}_mcts{iterations}": search_tree(fen, algorithm="mcts", iterations=iterations),
        f"{tag}_mcts{iterations}_top{MCTS_TOP}": search_tree(fen, algorithm="mcts", iterations=iterations,
                                                             max_nodes=MCTS_TOP),
    }
    tag, fen = DAG_SAMPLE
    trees[f"{tag}_symmetry_dag"] = search_tree(fen, merge="symmetry")
    trees[f"{tag}_transposition_dag"] = search_tree(fen, merge="transpositions")
    tag, fen, iterations = COMPARE3_SAMPLE
    trees[f"{tag}_compare3"] = comparison(fen, algorithms=["minimax", "alphabeta", "mcts"], iterations=iterations)
    page_sized = {f"{MCTS_SAMPLE[0]}_mcts{MCTS_SAMPLE[2]}_top{MCTS_TOP}", f"{DAG_SAMPLE[0]}_symmetry_dag",
                  f"{DAG_SAMPLE[0]}_transposition_dag"}
    for name, tree in trees.items():
        for fmt in FORMATS:
            path = out / f"{name}.{fmt}"
            options = {"style": "board", "size": "16cm"} if fmt == "png" and name in page_sized else {"style": "board"}
            write_atomically(path, tree.export(fmt, **options))
            print(f"wrote {_shown(path, out)}")


REPORT_FIGURES = [
    # (file stem, FEN, search options, figure options, formats)
    ("g2_compact", "x21o11xo o", {}, {"style": "compact", "size": "16cm"}, ("png", "pdf", "svg")),
    ("g2_alphabeta_print", "x21o11xo o", {"algorithm": "alphabeta"},
     {"style": "compact", "size": "16cm", "theme": "print"}, ("png", "pdf")),
    ("empty_board_alphabeta_dot", "9 x", {"algorithm": "alphabeta"}, {"style": "dot"}, ("svg",)),
    ("empty_board_alphabeta_dot_16cm", "9 x", {"algorithm": "alphabeta"}, {"style": "dot", "size": "16cm"},
     ("png",)),
    ("g1_alphabeta_tikz", "1o11o1oxx x", {"algorithm": "alphabeta"}, {"style": "compact", "size": "12cm"}, ("tex",)),
    ("ultimate_bot_depth3", "4o2oo2xx8o1oxo1x1x2o2o6x1x2ox1x1x1x2oo4x4oo1x1ox4x1 59 o",
     {"algorithm": "bot", "depth": 3}, {"style": "compact", "size": "24cm"}, ("png", "svg")),
    ("ultimate_bot_depth3_reductions", "2oxox1xo1o2oox2o3o2ooo1xox4x1xx2x4x3oxooxo2x1o1x5oooxxx3xx1 73 x",
     {"algorithm": "bot", "depth": 3, "plies": 1}, {"style": "compact", "size": "24cm"}, ("png", "svg")),
]
"""The figures-for-reports samples (README: Figures for reports)."""


def report_figures(out: Path) -> None:
    """Compact, print and dot figures, and a TikZ picture compiled by pdflatex (reproducibly: fixed dates)."""
    for stem, fen, search, figure, formats in REPORT_FIGURES:
        tree = search_tree(fen, **search)
        for fmt in formats:
            path = out / f"{stem}.{fmt}"
            tree.save(path, **figure)
            print(f"wrote {_shown(path, out)}")
            if fmt == "tex":
                compile_tex(path)
                print(f"wrote {_shown(path.with_suffix('.pdf'), out)}")


CLASSIC_TREE = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
"""The classic textbook tree (three MIN nodes over 3 12 8 / 2 4 6 / 14 5 2): value 3, alpha-beta skips two leaves."""
CHANCE_TREE = "[B={1/2: [3,12], 1/2: [2,4]}, C={1/3: [14,5], 2/3: [6,1]}]"
"""An expectiminimax tree: MAX chooses between two chance nodes over MIN nodes (2.5 against 7/3)."""
NIM = ("examples/nim.py:Nim", "1 2 first")
CONNECT_FOUR = "openspiel:connect_four(rows=4,columns=4)"
ANYGAME_FIGURES = [
    # (file stem, search_tree arguments, figure options, formats)
    ("textbook_alphabeta", {"tree": CLASSIC_TREE, "algorithm": "alphabeta"}, {"size": "16cm"}, ("png", "pdf", "svg")),
    ("textbook_alphabeta_tikz", {"tree": CLASSIC_TREE, "algorithm": "alphabeta"}, {"size": "12cm"}, ("tex",)),
    ("textbook_alphabeta_compact", {"tree": CLASSIC_TREE, "algorithm": "alphabeta"},
     {"style": "compact", "size": "16cm"}, ("png", "pdf")),
    ("textbook_alphabeta_graphviz", {"tree": CLASSIC_TREE, "algorithm": "alphabeta"}, {}, ("dot",)),
    ("textbook_explain", {"tree": CLASSIC_TREE, "algorithm": "alphabeta"}, {"size": "16cm", "explain": True},
     ("png", "svg")),
    ("textbook_show_pruned", {"tree": CLASSIC_TREE, "algorithm": "alphabeta", "show_pruned": True}, {"size": "16cm"},
     ("png", "svg")),
    ("expectiminimax", {"tree": CHANCE_TREE}, {"size": "16cm"}, ("png", "svg")),
    ("nim_alphabeta", {"game": NIM[0], "position": NIM[1], "algorithm": "alphabeta"}, {"size": "16cm"},
     ("png", "svg")),
    ("connect_four_alphabeta_depth3", {"game": CONNECT_FOUR, "algorithm": "alphabeta", "depth": 3}, {},
     ("png", "svg")),
    ("connect_four_mcts300_top15", {"game": CONNECT_FOUR, "algorithm": "mcts", "iterations": 300,
                                    "max_nodes": 15}, {"size": "16cm"}, ("png", "svg")),
]
"""The any-game samples (README: Any game): textbook trees, Nim (examples/nim.py), OpenSpiel's Connect Four. A PNG
is painted before the PDF of the same figure, as in REPORT_FIGURES: cairo keeps the fonts a PDF surface scaled and
an image painted after it places its glyphs differently (the same picture, other bytes)."""


def anygame_figures(out: Path) -> None:
    """samples/anygame/: the classic textbook tree (textbook style: PDF, PNG, SVG, TikZ and its PDF; compact; DOT),
    an expectiminimax tree, Nim, and OpenSpiel's 4x4 Connect Four (skipped, saying so, without OpenSpiel)."""
    import importlib.util

    folder = out / "anygame"
    folder.mkdir(parents=True, exist_ok=True)
    for stem, search, figure, formats in ANYGAME_FIGURES:
        if "openspiel:" in str(search.get("game")) and importlib.util.find_spec("pyspiel") is None:
            print(f"skipped {stem}: OpenSpiel is not installed (pip install 'treeviz[openspiel]')", file=sys.stderr)
            continue
        game = search.get("game")
        if isinstance(game, str) and game.startswith("examples/"):
            search = {**search, "game": str(ROOT / game)}
        tree = search_tree(**search)
        for fmt in formats:
            path = folder / f"{stem}.{fmt}"
            tree.save(path, **figure)
            print(f"wrote {_shown(path, out)}")
            if fmt == "tex":
                compile_tex(path)
                print(f"wrote {_shown(path.with_suffix('.pdf'), out)}")
    orders = order_comparison(tree=CLASSIC_TREE, orders=("best", "worst"))
    for fmt in ("png", "svg"):
        path = folder / f"textbook_orders.{fmt}"
        orders.save(path, size="16cm")
        print(f"wrote {_shown(path, out)}")


EXERCISE_OPTIONS = ["--seed", "5"]
"""The sample worksheet (README: Exercises): four random trees of depth 3 and branching 3; seed 5 has cuts at both
levels, whole subtrees pruned and a tie that cuts."""


def exercise_samples(out: Path) -> None:
    """samples/exercises/: ``treeviz exercise --seed 5 -o sheet.pdf --key key.pdf``, and the first page of each as a
    PNG at 100 dpi (pdftoppm, which writes the same bytes every time)."""
    from treeviz.cli.exercise import exercise_command

    folder = out / "exercises"
    folder.mkdir(parents=True, exist_ok=True)
    exercise_command.main(args=[*EXERCISE_OPTIONS, "-o", str(folder / "sheet.pdf"), "--key", str(folder / "key.pdf")],
                          standalone_mode=False)
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise SystemExit("error: pdftoppm is missing: scripts/setup.sh installs it (poppler-utils)")
    for name in ("sheet", "key"):
        print(f"wrote {_shown(folder / f'{name}.pdf', out)}")
        with tempfile.TemporaryDirectory() as work:
            subprocess.run([pdftoppm, "-png", "-r", "100", "-singlefile", str(folder / f"{name}.pdf"),
                            str(Path(work) / name)], check=True)
            write_atomically(folder / f"{name}.png", (Path(work) / f"{name}.png").read_bytes())
        print(f"wrote {_shown(folder / f'{name}.png', out)}")


def lesson_samples(out: Path) -> None:
    """samples/lessons/ (README: Teaching with treeviz): the classic textbook tree's alpha-beta search as Beamer
    slides (the .tex, its PDF, and its first, middle and last pages as PNG at 150 dpi) and as a GIF, and the
    alpha-beta trace of x21o11xo o as CSV. Reproducible: pdflatex with fixed dates and no file identifier, pdftoppm
    and the GIF writer deterministic."""
    from treeviz.exercises.pdflatex import compile_documents

    folder = out / "lessons"
    folder.mkdir(parents=True, exist_ok=True)
    classic = search_tree(tree=CLASSIC_TREE, algorithm="alphabeta")
    slides = folder / "classic_alphabeta_slides.tex"
    classic.save(slides, "beamer")
    classic.save(folder / "classic_alphabeta.gif")
    search_tree(POSITIONS["g2"], algorithm="alphabeta").save(folder / "g2_alphabeta_trace.csv")
    (pdf,) = compile_documents([slides.read_text(encoding="utf-8")])
    write_atomically(slides.with_suffix(".pdf"), pdf)
    pages = len(classic.trace()) + 1
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise SystemExit("error: pdftoppm is missing: scripts/setup.sh installs it (poppler-utils)")
    for name, page in (("first", 1), ("middle", (pages + 1) // 2), ("last", pages)):
        with tempfile.TemporaryDirectory() as work:
            subprocess.run([pdftoppm, "-png", "-r", "150", "-f", str(page), "-l", str(page), "-singlefile",
                            str(slides.with_suffix(".pdf")), str(Path(work) / name)], check=True)
            write_atomically(folder / f"classic_alphabeta_slide_{name}.png", (Path(work) / f"{name}.png").read_bytes())
    for path in sorted(folder.iterdir()):
        print(f"wrote {_shown(path, out)}")


EXTENSIVE_FIGURES = [
    # (file written, tttree options): the .efg games are in samples/extensive/, written by hand (kuhn_poker.efg by
    # tttree --game openspiel:kuhn_poker --format efg)
    ("kuhn_poker_nash.png", ["--game", "kuhn_poker.efg", "--algo", "nash", "--size", "40cm"]),
    ("kuhn_poker_nash.svg", ["--game", "kuhn_poker.efg", "--algo", "nash"]),
    ("kuhn_poker_nash.html", ["--game", "kuhn_poker.efg", "--algo", "nash"]),
    ("signalling_nash.png", ["--game", "signalling.efg", "--algo", "nash", "--strategic"]),
    ("signalling_strategic.csv", ["--game", "signalling.efg", "--algo", "nash", "--strategic"]),
    ("entry3_backward.png", ["--game", "entry3.efg", "--algo", "backward"]),
    ("entry3_backward.tex", ["--game", "entry3.efg", "--algo", "backward"]),
    ("centipede_backward.png", ["--game", "centipede.efg", "--algo", "backward", "--strategic"]),
]
"""The extensive-form samples (README: Extensive-form games)."""


def extensive_samples(out: Path) -> None:
    """samples/extensive/: Kuhn poker's equilibrium, the signalling game's with its strategic form, the three-player
    entry game and the centipede game by backward induction (Nash figures skipped, saying so, without pygambit)."""
    import importlib.util

    from treeviz.cli.tttree import tree_command

    folder = out / "extensive"
    folder.mkdir(parents=True, exist_ok=True)
    if importlib.util.find_spec("pyspiel") is not None:
        tree_command.main(args=["--game", "openspiel:kuhn_poker", "-o", str(folder / "kuhn_poker.efg")],
                          standalone_mode=False)
        print(f"wrote {_shown(folder / 'kuhn_poker.efg', out)}")
    for name, options in EXTENSIVE_FIGURES:
        if "nash" in options and importlib.util.find_spec("pygambit") is None:
            print(f"skipped {name}: pygambit is not installed (pip install 'treeviz[gambit]')", file=sys.stderr)
            continue
        argv = [str(folder / a) if a.endswith(".efg") else a for a in options]
        tree_command.main(args=[*argv, "-o", str(folder / name)], standalone_mode=False)
        print(f"wrote {_shown(folder / name, out)}")
        if name.endswith(".tex"):
            compile_tex(folder / name)
            print(f"wrote {_shown((folder / name).with_suffix('.pdf'), out)}")


def compile_tex(path: Path) -> None:
    """pdflatex ``path`` into the PDF beside it, with dates fixed so that every run gives the same bytes."""
    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        raise SystemExit("error: pdflatex is missing: scripts/setup.sh installs it (texlive-latex-base)")
    env = dict(os.environ, SOURCE_DATE_EPOCH="946684800", FORCE_SOURCE_DATE="1")
    with tempfile.TemporaryDirectory() as work:
        shutil.copy(path, work)
        done = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error", path.name], cwd=work,
                              env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"error: pdflatex failed on {path}:\n{done.stdout[-2000:]}")
        write_atomically(path.with_suffix(".pdf"), (Path(work) / path.with_suffix(".pdf").name).read_bytes())


SEARCH_SAMPLES = [
    # (file stem, search_tree's arguments, figure options)
    ("pvs_research", {"position": "xox1o2x1 o", "algorithm": "pvs"}, {"style": "board"}),
    ("pvs_research_textbook", {"tree": "[[2,7],[6,9],[1,8],[5,4]]", "algorithm": "pvs"},
     {"style": "textbook", "size": "12cm"}),
    ("mtdf_passes", {"position": "1o11o1oxx x", "algorithm": "mtdf"}, {"style": "board"}),
    ("mtdf_passes_textbook", {"tree": "[[2,7],[6,9],[1,8],[5,4]]", "algorithm": "mtdf"},
     {"style": "textbook", "size": "12cm"}),
    ("id_table", {"position": "1o11o1oxx x", "algorithm": "id", "table": True}, {"style": "compact", "size": "16cm"}),
]
"""Issue 33's searches (samples/searches/): a PVS tree with a re-search, MTD(f)'s passes, an iterative deepening
with a table, and the five searches of g1 compared (figure and CSV table)."""


def engine_search_samples(out: Path) -> None:
    """samples/searches/: the searches real engines run, drawn (README: The searches engines run)."""
    from treeviz.tree import comparison

    folder = out / "searches"
    folder.mkdir(parents=True, exist_ok=True)
    for stem, search, figure in SEARCH_SAMPLES:
        tree = search_tree(**search)
        for fmt in FORMATS:
            path = folder / f"{stem}.{fmt}"
            write_atomically(path, tree.export(fmt, **figure))
            print(f"wrote {_shown(path, out)}")
    tree = comparison("1o11o1oxx x", algorithms=["minimax", "alphabeta", "pvs", "mtdf", "id"])
    for fmt, options in (("svg", {"style": "compact"}), ("csv", {})):
        path = folder / f"g1_compare5.{fmt}"
        write_atomically(path, tree.export(fmt, **options))  # type: ignore[arg-type]
        print(f"wrote {_shown(path, out)}")


def _shown(path: Path, out: Path) -> Path:
    return path.relative_to(out.parent) if out.is_relative_to(ROOT) else path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "samples", help="folder to write into")
    parser.add_argument("--no-html", action="store_true", help="skip scripts/make_html_samples.py")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for tag, fen in POSITIONS.items():
        for name, dot in figures(fen).items():
            for fmt in FORMATS:
                path = args.out / f"{tag}_{name}.{fmt}"
                write_atomically(path, render(dot, fmt))
                print(f"wrote {path.relative_to(args.out.parent) if args.out.is_relative_to(ROOT) else path}")
    tag, fen = ULTIMATE_SAMPLE
    dot = to_dot(search_tree(fen, algorithm="alphabeta", depth=2).graph, fen=fen)
    for fmt in FORMATS:
        path = args.out / f"{tag}_alphabeta_depth2.{fmt}"
        write_atomically(path, render(dot, fmt))
        print(f"wrote {path.relative_to(args.out.parent) if args.out.is_relative_to(ROOT) else path}")
    report_figures(args.out)
    search_graph_samples(args.out)
    anygame_figures(args.out)
    exercise_samples(args.out)
    engine_search_samples(args.out)
    lesson_samples(args.out)
    extensive_samples(args.out)
    html_samples = ROOT / "scripts" / "make_html_samples.py"
    if html_samples.exists() and not args.no_html:
        subprocess.run([sys.executable, str(html_samples)], check=True)
    arena_samples(args.out, screenshot=not args.no_html)


def arena_samples(out: Path, *, screenshot: bool = True) -> None:
    """samples/arena/: a deterministic class championship, its results page and (with the browser) its picture."""
    script = ROOT / "scripts" / "make_arena_samples.py"
    if screenshot:
        subprocess.run([sys.executable, str(script), "--out", str(out / "arena")], check=True)


if __name__ == "__main__":
    main()
