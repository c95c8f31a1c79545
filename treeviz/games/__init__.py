"""Games as treeviz draws them: one adapter per game (:class:`treeviz.games.adapter.GameAdapter`) says how its
positions are pictured, how its moves are written, what its players are called, which positions are the same,
and how depth-limited trees evaluate it; :mod:`treeviz.games.registry` finds it. Nothing else in treeviz names a
game. Imports :mod:`engine` and the drawing's primitives (:mod:`treeviz.draw.labels`,
:mod:`treeviz.draw.themes`)."""
