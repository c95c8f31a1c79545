"""The page of ``--algo bot`` says, at each node, which of the bot's techniques acted there (issue 33 item 7)."""

from __future__ import annotations

from treeviz import search_tree
from treeviz.draw.technique_marks import mark_words
from treeviz.pages.tree_page import page_data

MIDGAME = "4o2oo2xx8o1oxo1x1x2o2o6x1x2ox1x1x1x2oo4x4oo1x1ox4x1 59 o"


def test_the_bot_pages_notes_name_the_techniques_of_every_marked_node() -> None:
    G = search_tree(MIDGAME, algorithm="bot", depth=2).graph
    marked = {n: mark_words(a) for n, a in G.nodes(data=True) if mark_words(a)}
    assert marked, "a depth-2 bot search of a midgame uses the table, killers or reductions somewhere"
    data = page_data(G)
    notes = data.get("notes", [])
    shown = dict(zip(notes[::2], notes[1::2], strict=True))
    assert sorted(shown.values()) == sorted(marked.values())
