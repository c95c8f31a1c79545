"""The games' rules: tic-tac-toe and ultimate tic-tac-toe as packed-int states, their notation, symmetries
and random playouts. Imports only :mod:`engine.game` and :mod:`engine.errors`."""
