"""The ultimate bot: its alpha-beta with table, killers, history, PVS, reductions, quiescence and deadline
(:mod:`engine.bot.search`), iterative deepening under a deadline (:mod:`engine.bot.decision`), the search in C
(``native/``, loaded by :mod:`engine.bot.native_search`). Imports :mod:`engine.games`, :mod:`engine.search`
and :mod:`engine.evaluation`."""
