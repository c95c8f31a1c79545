"""The games' rules: tic-tac-toe and ultimate tic-tac-toe as packed-int states, their notation, symmetries
and random playouts; textbook trees given by their leaf values (:mod:`~engine.games.textbook`); the games
users name (:mod:`~engine.games.loading`: their own classes, and OpenSpiel's through
:mod:`~engine.games.openspiel`), with move lists (:mod:`~engine.games.move_lists`). Imports only
:mod:`engine.game` and :mod:`engine.errors`."""
