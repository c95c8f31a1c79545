"""OpenSpiel's games (:mod:`engine.games.openspiel`) as treeviz draws them: the game's own text of a state in a
monospace box, actions named as OpenSpiel names them, positions told as the actions from the start."""

from __future__ import annotations

from typing import Any

from engine.games.openspiel import START_TEXT, OpenSpielGame
from treeviz.games.adapter import GameAdapter


class OpenSpielAdapter(GameAdapter):
    """An OpenSpiel game: players ``player 0`` and ``player 1``, OpenSpiel's state text as the picture."""

    game: OpenSpielGame
    names_by_mover = True  # an action's name is OpenSpiel's for the player who takes it

    @property
    def title(self) -> str:
        return f"OpenSpiel {self.name}"

    def position_words(self, fen: str) -> str:
        """``connect_four(columns=4,rows=4) after 3,3,2``, or ``... from the start``."""
        return f"{self.name} from the start" if fen == START_TEXT else f"{self.name} after {fen}"

    def page_board(self) -> dict[str, Any]:
        return {"kind": "text", "title": self.title, "players": list(self.sides.names)}
