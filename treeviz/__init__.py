"""treeviz: game trees made visible.

From Python::

    import treeviz
    tree = treeviz.search_tree("1o11o1oxx x", algorithm="alphabeta")
    tree.graph                 # the networkx DiGraph (notes: tree schema)
    tree.save("ab.png")        # or .svg/.pdf/.dot/.json/.html
    tree                       # in Jupyter: drawn inline (SVG)
    treeviz.comparison("x21o11xo o").save("cmp.svg")

Lower level: :func:`build_tree` (search -> DiGraph), :func:`to_dot`,
:func:`compare_dot`, and the module :mod:`treeviz.draw.graphviz` (``render(dot, "png")`` -> bytes).
"""

from __future__ import annotations

import sys

_HOMES = {
    "RenderError": "treeviz.draw.graphviz",
    "Tree": "treeviz.tree",
    "build_mcts_tree": "treeviz.trees.mcts",
    "build_tree": "treeviz.trees.builder",
    "compare_dot": "treeviz.draw.dot_writer",
    "comparison": "treeviz.tree",
    "game_for_fen": "treeviz.tree",
    "merge_tree": "treeviz.trees.dag",
    "quiz_page": "treeviz.exercises.quiz",
    "search_tree": "treeviz.tree",
    "to_dot": "treeviz.draw.dot_writer",
    "tree_to_json": "treeviz.trees.json_export",
}
"""Public name -> module. Imported on first use, so ``import treeviz`` (and every command's start) stays fast."""

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'treeviz' has no attribute {name!r}")
    __import__(home)  # not importlib.import_module: importlib is a millisecond of sm-bot's start-up
    value = getattr(sys.modules[home], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
