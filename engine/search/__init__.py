"""Searches over any game of :mod:`engine.game`: minimax, alpha-beta, MCTS, counting, solving and perft, with
their observers, results, scoring, transposition tables, Zobrist hashing and deadlines. Imports
:mod:`engine.games` and the package's root modules only."""
