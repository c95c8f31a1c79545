"""Exceptions of the engine: one type per kind of mistake, each carrying the offending input."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # no import at run time: sm-bot's one-shot path loads this module
    from collections.abc import Callable


class FenError(ValueError):
    """A FEN string that cannot be read, or that describes a position legal play cannot reach.

    ``reason`` says what is wrong in words; ``fen`` is the input as given.
    """

    def __init__(self, reason: str, fen: str) -> None:
        super().__init__(f"{reason}: {fen!r}")
        self.reason = reason
        self.fen = fen


class IllegalMoveError(ValueError):
    """A move that is not legal in the position it was played in."""

    def __init__(self, reason: str, move: object, fen: str | None = None) -> None:
        where = f" in {fen!r}" if fen is not None else ""
        super().__init__(f"{reason}: {move!r}{where}")
        self.reason = reason
        self.move = move
        self.fen = fen


class MoveSyntaxError(ValueError):
    """Text that does not spell a move in any accepted notation."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(f"{reason}: {text!r}")
        self.reason = reason
        self.text = text


class TreeSyntaxError(ValueError):
    """Text that does not spell a textbook tree (:mod:`engine.games.textbook`); the subclasses say which mistake.

    ``reason`` says what is wrong in words, ``text`` is the input as given, ``position`` the index in it
    (0-based) where the mistake was found; the message gives the line and column and a piece of the text there.
    """

    def __init__(self, reason: str, text: str, position: int) -> None:
        position = max(0, min(position, len(text)))
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        where = f"line {line}, column {column}" if "\n" in text else f"column {column}"
        start = max(0, position - 20)
        excerpt = ("..." if start else "") + text[start:position + 20] + ("..." if position + 20 < len(text) else "")
        super().__init__(f"{reason} at {where}: {excerpt!r}")
        self.reason = reason
        self.text = text
        self.position = position


class UnbalancedBracketError(TreeSyntaxError):
    """A bracket that is never closed, closes nothing, or closes the other kind (``[`` with ``}``)."""


class EmptyNodeError(TreeSyntaxError):
    """Brackets with nothing inside, a missing node between commas, or no tree at all."""


class LeafValueError(TreeSyntaxError):
    """A leaf that is not a number."""


class ProbabilityError(TreeSyntaxError):
    """A chance node's probabilities: missing, not a number, negative, above 1, not summing to 1, or a
    probability on a branch of a decision node."""


class NodeNameError(TreeSyntaxError):
    """A node name given twice, or a reserved one."""


class GameError(ValueError):
    """A game that cannot be loaded or used as given (:mod:`engine.games.loading`); the subclasses say which
    mistake. ``reason`` says what is wrong, ``spec`` is what the user wrote (``file.py:Class``, ...)."""

    def __init__(self, reason: str, spec: str) -> None:
        super().__init__(f"{reason}: {spec!r}")
        self.reason = reason
        self.spec = spec


class GameSpecError(GameError):
    """A game spec of none of the accepted forms (``path/file.py:Class``, ``module:Class``, ``openspiel:NAME``)."""


class GameModuleNotFoundError(GameError):
    """The file or module named in the spec does not exist."""


class GameModuleError(GameError):
    """The game's module exists but importing it failed (a syntax error, a failing import, ...)."""


class GameClassNotFoundError(GameError):
    """The module has nothing of the name given after the colon."""


class GameProtocolError(GameError):
    """The class does not follow the protocol of :mod:`engine.game`: a required method is missing (``missing``
    names them), it cannot be created without arguments, or what it returns breaks the protocol."""

    def __init__(self, reason: str, spec: str, missing: tuple[str, ...] = ()) -> None:
        super().__init__(reason, spec)
        self.missing = missing


class GameRuleError(GameProtocolError):
    """A game's method broke the protocol while the game was played (:mod:`engine.games.checked`): it raised, or
    returned what the protocol does not allow (an outcome that is no number where the game is over, moves that are
    no sequence, probabilities not summing to 1, ...). ``method`` names it, ``position`` is the position's text
    (None: no position), ``move`` the move it was asked about (``has_move``), ``detail`` what it raised or
    returned."""

    def __init__(self, method: str, position: str | None, detail: str, spec: str, move: object = None,
                 has_move: bool = False) -> None:
        where = [f"position {position!r}"] if position is not None else []
        where += [f"move {move!r}"] if has_move else []
        super().__init__(f"the game's {method} {detail}" + (f" (at {', '.join(where)})" if where else ""), spec)
        self.method = method
        self.position = position
        self.move = move
        self.detail = detail


class OpenSpielMissingError(GameError):
    """An ``openspiel:`` game asked for, but the optional OpenSpiel package is not installed."""


class UnknownOpenSpielGameError(GameError):
    """OpenSpiel has no game of that name."""


class OpenSpielParameterError(GameError):
    """An OpenSpiel game parameter that the game does not have, or a value it does not accept."""


class UnsupportedGameError(GameError):
    """A game treeviz cannot search: imperfect information, simultaneous moves, not two players, not zero- or
    constant-sum, or chance without listed probabilities; ``reason`` says which."""


class ParameterError(ValueError):
    """A call's parameter out of its range, or not fitting another one: the message names each parameter and its
    value (``depth=3 does not apply to algorithm='mcts'``), never a command-line flag.

    ``template`` is the message with a ``{name}`` field per parameter (``{name:name}`` for the name alone,
    ``{name:quoted}`` for a value a front end should quote); ``parameters`` holds the values, so a front end can
    say the same in its own words (the CLI: ``--depth 3 does not apply to --algo mcts``) with :meth:`render`.
    """

    def __init__(self, template: str, **parameters: object) -> None:
        self.template = template
        self.parameters = parameters
        super().__init__(self.render(_in_python_words))

    def render(self, word: Callable[[str, object, str], str]) -> str:
        """The message with each parameter written by ``word(name, value, spec)``: spec "" (the parameter and its
        value), "quoted" (the same, a value a front end should quote), "name" (the name alone) or "bare" (the
        value alone)."""
        return self.template.format(**{name: _Word(name, value, word) for name, value in self.parameters.items()})


class GameTooLongError(ParameterError):
    """A game played on past the stated number of moves without ending (an MCTS playout, a random game): it may
    never end. ``limit`` is the length allowed, ``position`` the text of the position play started from."""

    def __init__(self, what: str, position: str, limit: int) -> None:
        super().__init__("{what:bare} from position {position:bare} ran past {limit:bare} moves without the game "
                         "ending (a game that never ends?); a longer game needs a larger {max_game_length:name}",
                         what=what, position=repr(position), limit=f"{limit:,}", max_game_length=limit)
        self.limit = limit
        self.position = position


def _in_python_words(name: str, value: object, spec: str) -> str:
    """``depth=3``: a parameter as a Python caller writes it."""
    if spec == "name":
        return name
    if spec == "bare":
        return str(value)
    return f"{name}={value!r}"


class _Word:
    """One parameter in a message, written on demand by a front end's ``word`` function."""

    def __init__(self, name: str, value: object, word: Callable[[str, object, str], str]) -> None:
        self.name = name
        self.value = value
        self.word = word

    def __format__(self, spec: str) -> str:
        return self.word(self.name, self.value, spec)


class EfgSyntaxError(ValueError):
    """A Gambit ``.efg`` file that cannot be read (:mod:`engine.games.efg`): ``line`` is the 1-based line of the
    mistake, ``reason`` what was found and what was expected there."""

    def __init__(self, reason: str, line: int, source: str = "") -> None:
        where = f"{source}: " if source else ""
        super().__init__(f"{where}line {line}: {reason}")
        self.reason = reason
        self.line = line


class ExtensiveGameError(ValueError):
    """An extensive-form game that breaks the rules of one (:mod:`engine.games.extensive`): chance probabilities
    that do not sum to 1, an information set whose nodes differ in player or actions, a payoff vector of the
    wrong length; or a request the game cannot meet (imperfect recall, too large to solve or draw)."""


class ExtensiveRequestError(ParameterError, ExtensiveGameError):
    """A request an extensive-form game cannot meet (imperfect recall for a Nash equilibrium, more nodes or
    strategies than a solver or a figure takes), its parameters named as :class:`ParameterError` names them so that
    the CLI says them as its options."""

