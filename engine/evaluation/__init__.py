"""Heuristic evaluations of unfinished positions (tic-tac-toe, ultimate) and their precomputed tables.
Imports :mod:`engine.games`, :mod:`engine.search` and the package's root modules only."""
