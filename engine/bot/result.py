"""What a timed search decided (:class:`Decision`), whichever search ran: the Python one
(:mod:`engine.bot.iterative`) or the C one (:mod:`engine.bot.native_search`).

A module of its own that imports nothing, so that ``sm-bot``'s one-shot path, which searches in C,
loads none of the Python search (its start-up is paid from the move's budget).
"""

from __future__ import annotations


class Decision:
    """The move a timed search chose and how it got there (for reports on stderr).

    ``value`` is x's point of view; ``depth`` the deepest iteration finished; ``solved``: the value is
    exact (a forced result found, or every line searched to the end); ``partial``: the move came from an
    iteration cut short by the deadline; ``started``: when the search began (``clock()`` time: a
    process's start-up is this less its launch); ``engine``: which search ran, ``Python`` or ``C``. A plain
    class, so that ``sm-bot`` need not import :mod:`dataclasses`.
    """

    def __init__(self, move: int, value: float, depth: int, nodes: int, seconds: float, table_hits: int,
                 principal_variation: list[int] | None = None, solved: bool = False,
                 partial: bool = False, started: float = 0.0, engine: str = "Python") -> None:
        self.move = move
        self.value = value
        self.depth = depth
        self.nodes = nodes
        self.seconds = seconds
        self.table_hits = table_hits
        self.principal_variation = [] if principal_variation is None else principal_variation
        self.solved = solved
        self.partial = partial
        self.started = started
        self.engine = engine

    def __repr__(self) -> str:
        return f"Decision({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"

    @property
    def nodes_per_second(self) -> float:
        """Search speed."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0
