"""What treeviz needs to know about a game to build and draw its trees: :class:`GameAdapter`.

The trees, the figures and the page never name a game. They ask the adapter of
the tree's game (:func:`treeviz.games.registry.adapter_named` with the graph's
``game``) for the players' names, how a position is pictured, how a move is
written, which positions are the same, and the game's evaluation for
depth-limited trees. This base class is what any game gets without an adapter of
its own: players named by the game (``player_names``) or ``first``/``second``,
the game's own move names, and as its picture the game's own (``picture(state)``:
text in a monospace box, or SVG that SVG figures hold, :mod:`treeviz.draw.svg_pictures`)
or else the position's text. Tic-tac-toe, ultimate, textbook trees and OpenSpiel's
games have their own (:mod:`treeviz.games.tictactoe`,
:mod:`treeviz.games.ultimate`, :mod:`treeviz.games.textbook`, :mod:`treeviz.games.openspiel`).

Colours go by player index (the first player blue, the second red in the
default theme, chance nodes grey), so any two names work.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any

from engine.game import Game, picture_format
from engine.search.minimax import Evaluation
from engine.search.scoring import SCORINGS, Scoring
from treeviz.draw.labels import Sides, escape
from treeviz.draw.styles import Style
from treeviz.draw.svg_pictures import active_sheet
from treeviz.draw.themes import DEFAULT, Theme

Picture = Callable[[str, Any], str]
"""A node's picture from its position text and the move that led there (None at the root): Graphviz HTML-like
label markup."""

DEFAULT_PLAYERS = ("first", "second")
"""The players' names of a game that gives none."""
_UNKNOWN = object()


def text_box(text: str) -> str:
    """Text in a monospace box, one row per line: the picture of a position told by text (Graphviz HTML-like
    label markup)."""
    lines = "<BR/>".join(escape(line) for line in str(text).split("\n"))
    return (f'<TABLE BORDER="1" CELLBORDER="0" CELLPADDING="3" BGCOLOR="white" COLOR="#404040"><TR><TD>'
            f'<FONT FACE="Courier">{lines}</FONT></TD></TR></TABLE>')


def probability_words(p: float) -> str:
    """A chance event's probability as people write it: ``1/2``, ``1/3``, ``5/6`` for small denominators (up to
    12), else a decimal (``0.35``, ``0.125``); ``1`` and ``0`` as themselves."""
    exact = Fraction(p).limit_denominator(1000)
    if abs(float(exact) - p) < 1e-9 and exact.denominator <= 12:
        return str(exact.numerator) if exact.denominator == 1 else f"{exact.numerator}/{exact.denominator}"
    return f"{p:.3f}".rstrip("0").rstrip(".") or "0"


class GameAdapter:
    """One game as treeviz draws it. Subclass it for a game's own pictures; the defaults fit any game of the
    engine's protocol (:class:`engine.game.Game`)."""

    needs_depth = False
    """Minimax and alpha-beta trees need a depth limit: the whole tree is far too big to search."""
    steady_branching = False
    """Its branching stays about the same ply after ply, so the size of a depth-limited tree can be foretold from
    the first plies (:func:`treeviz.trees.budget.check_foreseen_size`); games whose branching shrinks fast, as
    tic-tac-toe's, are left to the budget during the search."""
    position_noun = "a position"
    """How an error message names one of its positions (``an ultimate position``)."""
    players: tuple[str, str] | None = None
    """The players' names, when the adapter knows them better than the game object (None: ask the game)."""
    default_style: Style | None = None
    """The figure style its trees get when none is asked for and their size allows it (None: by size alone,
    :func:`treeviz.draw.styles.auto_style`); textbook trees: ``textbook``."""
    signed_values = True
    """Headings write values with their sign (``+1``); textbook trees' as textbooks do (``3``)."""
    numbered_moves = False
    """Its moves are named only by their place among siblings (1, 2, ...): the textbook style leaves them off the
    edges, as textbook figures do."""
    names_by_mover = False
    """Equal moves may have different names where different players make them (OpenSpiel's action 3 of Connect
    Four is ``x3`` for one player and ``o3`` for the other; Pig's action 1 is ``stop`` or the chance event
    ``Roll 2``): each move is named by itself, never by another move equal to it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        names = self.players or tuple(getattr(game, "player_names", DEFAULT_PLAYERS))
        self.sides = Sides((str(names[0]), str(names[1])))
        """The players, first player first: nodes' ``to_move`` and ``outcome`` name them."""
        self._picture = getattr(game, "picture", None)
        self._states: dict[str, Hashable] = {}
        """The states of the positions met, by their text, for the game's own pictures (which take a state)."""

    @property
    def name(self) -> str:
        """The game's name as trees record it (``graph["game"]``) and JSON says."""
        return str(getattr(self.game, "name", type(self.game).__name__))

    @property
    def title(self) -> str:
        """The game in words, for headings (``tic-tac-toe``)."""
        return self.name

    def position_words(self, fen: str) -> str:
        """A position in headings: the game's name and the position's text (``nim 1 2 3 first``)."""
        return f"{self.name} {fen}"

    def recognises(self, position: str) -> bool:
        """Whether ``position`` is written for this game (picks the game of a bare FEN on the command line)."""
        return False

    def move_name(self, move: Hashable) -> str:
        """A move as drawn on an edge and typed in ``--path``."""
        return str(self.game.move_name(move))

    @property
    def keys_are_states(self) -> bool:
        """Whether equal positions are equal states (then :meth:`position_key` need not be asked): a game with
        neither a ``position_key`` nor a ``fen`` of its own, whose position text is ``str(state)``. An adapter
        whose game has one state per position says so with a class attribute ``keys_are_states = True``."""
        if getattr(self.game, "position_key", None) is not None:
            return False
        rules = getattr(self.game, "rules", self.game)  # a loaded game's own object (engine.games.loading)
        return getattr(rules, "fen", None) is None

    def position_key(self, state: Hashable) -> Hashable:
        """Equal for two states exactly when they are the same position (merged DAG nodes): the game's own
        ``position_key`` when it has one, else its position text (``fen``): two states the game writes alike
        (their history aside, say) are one position."""
        key = getattr(self.game, "position_key", None)
        return self.game.fen(state) if key is None else key(state)

    def describe(self, state: Hashable) -> tuple[str, str, str | None]:
        """A state as a tree node records it: its text (``fen``), who moves (a player's name or ``chance``) and
        the ``outcome`` of a finished game. Remembers the state by its text when the game draws its own
        pictures."""
        game = self.game
        fen = game.fen(state)
        if self._picture is not None:
            self._states[fen] = state
        return fen, self.sides.of(game.to_move(state)), self.outcome_name(game.outcome(state))

    def outcome_name(self, value: float | None) -> str | None:
        """A node's ``outcome``: the winner's name or ``draw`` for a finished game worth ``value`` (first player's
        view), None while it goes on."""
        return self.sides.outcome(value)

    def value_meaning(self, value: float | None) -> str:
        """What a root value means in words, for headings: `` (x wins)`` for a plain +1/0/-1, else nothing."""
        return self.sides.value_meaning(value)

    def edge_text(self, label: str, probability: float | None = None) -> str:
        """An edge's text in figures: the move as drawn, and at a chance node its probability
        (``Roll 3 (1/6)``)."""
        return label if probability is None else f"{label} ({probability_words(probability)})"

    def caption(self, fen: str) -> str | None:
        """What the textbook style writes beside a node (its name in a textbook tree), None for nothing."""
        return None

    def state_of(self, fen: str) -> Any:
        """The state of a position met in a tree built in this process (or read by the game's ``parse_fen``);
        an unknown object when neither knows it."""
        state = self._states.get(fen, _UNKNOWN)
        if state is _UNKNOWN and getattr(self.game, "parse_fen", None) is not None:
            try:
                state = self.game.parse_fen(fen)
            except ValueError:
                state = _UNKNOWN
        return state

    def picture_text(self, fen: str) -> str:
        """The game's own picture of the position written ``fen`` (text or SVG, see
        :func:`engine.game.picture_format`), or the text itself when the game draws none."""
        if self._picture is None:
            return fen
        state = self.state_of(fen)
        return fen if state is _UNKNOWN else str(self._picture(state))

    def print_picture(self, fen: str) -> str | None:
        """The position as lines of plain text for print (a worksheet's exercise heading, in a monospace font): the
        game's own text picture; None when the game draws none (its position text says it all) or draws SVG."""
        text = self.picture_text(fen)
        return None if text == fen or picture_format(text) == "svg" else text

    def picture_maker(self, theme: Theme = DEFAULT) -> Picture:
        """A function drawing node pictures (cached as the game sees fit: big trees repeat few positions).
        The default: the game's picture (or the position's text) in a monospace box; an SVG picture, which
        Graphviz cannot place in a label, is a blank cell of its size that the SVG figure being drawn fills
        (:mod:`treeviz.draw.svg_pictures`), and the position's text in other formats.

        :raises treeviz.draw.svg_pictures.PictureError: (when called) an SVG picture that is not well-formed.
        """
        cache: dict[str, str] = {}
        sheet = active_sheet()

        def picture(fen: str, last: Any) -> str:
            found = cache.get(fen)
            if found is None:
                text = self.picture_text(fen)
                if picture_format(text) != "svg":
                    found = text_box(text)
                elif sheet is not None and sheet.placed:
                    found = sheet.placeholder(text, f"the game {self.name}'s picture of {fen!r}")
                else:
                    found = text_box(fen)
                    if sheet is not None:
                        sheet.stood_in = True
                cache[fen] = found
            return found
        return picture

    def page_pictures(self, fens: Iterable[str]) -> list[str] | None:
        """The pictures the interactive page shows for these positions (text or SVG), or None when the page draws
        the positions itself (grids) or their text is the picture."""
        if self._picture is None:
            return None
        return [self.picture_text(fen) for fen in fens]

    def live_picture(self, state: Hashable, last: Any = None) -> str:
        """The position of a game being played, drawn big (``g.png``); ``last``: the last move, for games whose
        states do not record it."""
        return self.picture_maker()(self.game.fen(state), last)

    def page_board(self) -> dict[str, Any]:
        """How the interactive page draws a position (its script reads this): ``{"kind": "text"}`` for the
        position's text, or a grid of cells (:mod:`treeviz.games.tictactoe`)."""
        return {"kind": "text", "title": self.title, "players": list(self.sides.names)}

    def evaluation(self) -> tuple[Evaluation, Scoring] | None:
        """The evaluation of unfinished positions for depth-limited trees and the scoring that fits it; None: the
        game has none."""
        evaluate = getattr(self.game, "evaluate", None)
        if evaluate is None:
            return None
        return evaluate, getattr(self.game, "scoring", SCORINGS["plain"])

    def horizon_words(self, graph: dict[str, Any]) -> str:
        """What a heading adds after a depth-limited tree's depth: how its horizon was scored, when that is not
        the game's own evaluation (a game without one, OpenSpiel's, scores it 0)."""
        if getattr(self.game, "zero_evaluation", False) and graph.get("scoring") == "heuristic":
            return " (no evaluation: 0 there)"
        return ""

    def evaluation_refusal(self) -> str:
        """Why a depth-limited tree of this game cannot be searched: it has no evaluation (the message names the
        missing method)."""
        return (f"the game {self.name} has no evaluate method, which a depth limit needs to score the positions "
                "where the search stops (def evaluate(self, state) -> float, from the first player's point of "
                "view; see engine/game.py): add one, or search to the end without a depth limit")

    def centre_first(self) -> Callable[[Hashable], Any] | None:
        """The sort key of the ``center-first`` move order, or None when the game has no centre (the order is
        refused, saying :meth:`centre_first_refusal`)."""
        return None

    def centre_first_refusal(self) -> str:
        """Why the ``center-first`` order does not apply to this game."""
        return f"the center-first order ranks the cells of tic-tac-toe boards; {self.name} has none"
