"""What an enhanced search reports about the techniques it applies at a node, beyond the textbook events.

A search that has them calls ``observer.mark(kind)`` right after ``enter`` of the node a technique acted on
(only when the observer has a ``mark`` method): the names below. The textbook searches report none; the bot's
search (:func:`engine.bot.search.enhanced_alphabeta`) reports all of them, and a table hit as a ``table`` leaf.
"""

from __future__ import annotations

Mark = str
REDUCTION: Mark = "reduction"
"""The node is a late move searched one ply shallower first (late-move reduction)."""
RESEARCH: Mark = "research"
"""The node is searched again: after a reduced search beat alpha (at full depth), or after a null-window search
landed inside the window (with the full window)."""
KILLER: Mark = "killer"
"""The move into the node was tried early because it caused a cut-off at the same ply before (a killer)."""
TABLE_MOVE: Mark = "table_move"
"""The move into the node was tried first because the transposition table held it as the best move."""
QUIESCENCE: Mark = "quiescence"
"""The node lies past the depth limit: a capture searched so that the horizon is not scored mid-fight."""
MARKS: tuple[Mark, ...] = (TABLE_MOVE, KILLER, REDUCTION, RESEARCH, QUIESCENCE)
"""Every mark, in the order figures list them."""
