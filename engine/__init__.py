"""Games and search, nothing about pictures.

Each game implements the small protocol of :mod:`engine.game`; the searches in
:mod:`engine.minimax` and :mod:`engine.alphabeta` work for any of them and report
what they do to an observer (:mod:`engine.observer`).
"""

from engine.alphabeta import alphabeta
from engine.errors import FenError, IllegalMoveError, MoveSyntaxError
from engine.game import DRAW, O_WINS, X_WINS, O, X
from engine.minimax import minimax
from engine.search_result import SearchResult
from engine.tictactoe import TICTACTOE, TicTacToe

__all__ = [
    "DRAW", "O", "O_WINS", "TICTACTOE", "X", "X_WINS", "FenError", "IllegalMoveError",
    "MoveSyntaxError", "SearchResult", "TicTacToe", "alphabeta", "minimax",
]
