"""Games named by the user: ``path/to/file.py:Class``, ``dotted.module:Class`` or ``openspiel:NAME[(params)]``.

:func:`load_game` finds the class, checks it against the protocol of :mod:`engine.game` and
fills what it leaves out (:func:`complete_game`); :func:`read_position` turns the position text a
user types into a state. Every mistake raises its
own exception type (:mod:`engine.errors`), whose message says what is wrong and quotes the input:
:class:`~engine.errors.GameSpecError`, :class:`~engine.errors.GameModuleNotFoundError`,
:class:`~engine.errors.GameModuleError`, :class:`~engine.errors.GameClassNotFoundError`,
:class:`~engine.errors.GameProtocolError`, the OpenSpiel ones (:mod:`engine.games.openspiel`) and
:class:`~engine.errors.FenError` (a position the game rejects). Move lists are played by
:func:`engine.games.move_lists.play_moves`.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from engine.errors import (
    FenError,
    GameClassNotFoundError,
    GameModuleError,
    GameModuleNotFoundError,
    GameProtocolError,
    GameSpecError,
)
from engine.game import (
    CHANCE,
    CHANCE_NAME,
    DEFAULT_PLAYER_NAMES,
    FIRST,
    REQUIRED_METHODS,
    SECOND,
    Game,
)
from engine.games.checked import CheckedCalls

OPENSPIEL_PREFIX = "openspiel:"


def load_game(spec: str) -> Game:
    """The game a spec names, checked and completed: ``file.py:Class``, ``module:Class`` or ``openspiel:NAME``.

    ``Class`` may also name an object that is already a game (``engine.games.tictactoe:TICTACTOE``).

    :raises GameSpecError: the spec has none of these forms.
    :raises GameModuleNotFoundError: no such file or module.
    :raises GameModuleError: importing the module failed (its error is in the message).
    :raises GameClassNotFoundError: the module has nothing of that name.
    :raises GameProtocolError: the class misses a required method (named), or breaks the protocol.
    :raises engine.errors.GameError: the OpenSpiel errors of :func:`engine.games.openspiel.load_openspiel`.
    """
    if spec.startswith(OPENSPIEL_PREFIX):
        from engine.games.openspiel import load_openspiel  # only now: OpenSpiel is optional and slow to import

        return load_openspiel(spec[len(OPENSPIEL_PREFIX):], spec=spec)
    where, colon, attribute = spec.rpartition(":")
    if not colon or not where or not attribute:
        raise GameSpecError("expected path/to/file.py:Class, dotted.module:Class or openspiel:NAME", spec)
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", attribute):
        raise GameSpecError(f"{attribute!r} after the colon is not a Python name", spec)
    if where.endswith(".py") or "/" in where or "\\" in where:
        module = _import_file(Path(where), spec)
    else:
        module = _import_module(where, spec)
    found: Any = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            names = sorted(n for n, v in vars(module).items() if isinstance(v, type) and not n.startswith("_"))
            raise GameClassNotFoundError(f"{where} has no {attribute!r} (its classes: {', '.join(names) or 'none'})",
                                         spec)
        found = getattr(found, part)
    if isinstance(found, type):
        try:
            found = found()
        except Exception as error:  # the user's constructor: whatever it raises is the game's fault
            missing = _missing_methods(found)  # (a constructor may set methods: only now is a lack certain)
            if missing:
                raise _missing_error(missing, spec) from error
            raise GameProtocolError(f"{attribute}() failed: a game class is made without arguments "
                                    f"({type(error).__name__}: {error})", spec) from error
    return complete_game(found, spec)


def _missing_error(missing: tuple[str, ...], spec: str) -> GameProtocolError:
    """The error for a class without some required methods."""
    word = "method" if len(missing) == 1 else "methods"
    return GameProtocolError(f"the class lacks the protocol {word} {', '.join(missing)} (see engine/game.py)",
                             spec, missing)


def _missing_methods(found: object) -> tuple[str, ...]:
    """The required protocol methods ``found`` does not have (or has as something not callable)."""
    return tuple(m for m in REQUIRED_METHODS if not callable(getattr(found, m, None)))


def _import_file(path: Path, spec: str) -> Any:
    """The module in a Python file, imported under a name of its own."""
    if not path.is_file():
        raise GameModuleNotFoundError("no such file" if not path.exists() else "not a file", spec)
    name = "treeviz_game_" + re.sub(r"\W", "_", path.stem)
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise GameModuleError(f"{path} cannot be imported as Python", spec)
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module  # dataclasses and pickling look a module up by name while it runs
    folder = str(path.resolve().parent)
    sys.path.insert(0, folder)  # as for a script: the modules beside it can be imported
    try:
        loader_spec.loader.exec_module(module)
    except Exception as error:  # the user's module: any failure is theirs, and reported as such
        del sys.modules[name]
        raise GameModuleError(f"{path} failed to import: {_describe(error)}", spec) from error
    finally:
        sys.path.remove(folder)
    return module


def _import_module(name: str, spec: str) -> Any:
    """An importable module by its dotted name."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and (name == error.name or name.startswith(error.name + ".")):
            raise GameModuleNotFoundError(f"no module named {error.name!r}{_path_hint(name, spec)}", spec) from error
        raise GameModuleError(f"module {name} failed to import: {_describe(error)}", spec) from error
    except Exception as error:  # the user's module: any failure is theirs
        raise GameModuleError(f"module {name} failed to import: {_describe(error)}", spec) from error


def _path_hint(name: str, spec: str) -> str:
    """What to do about a module Python cannot find: name its file instead, or put its folder on PYTHONPATH -- and,
    when the file is right here, that this folder is not on Python's path (commands do not search it)."""
    attribute = spec.rpartition(":")[2]
    file = Path(*name.split(".")).with_suffix(".py")
    if file.is_file():
        folder = "this folder" if len(file.parts) == 1 else f"the folder of {file.parts[0]}"
        return (f": {file} is here, but {folder} is not on Python's path; name the file, {file}:{attribute}, or "
                "add the folder to PYTHONPATH (PYTHONPATH=.)")
    return (f" on Python's path: name the game's file instead, path/to/{file}:{attribute}, or add its folder to "
            "PYTHONPATH")


def _describe(error: BaseException) -> str:
    """An exception in one line, with the line number of a syntax error."""
    if isinstance(error, SyntaxError):
        return f"SyntaxError: {error.msg} (line {error.lineno})"
    return f"{type(error).__name__}: {error}".splitlines()[0]


# -- completing a game ---------------------------------------------------------------

class LoadedGame(CheckedCalls):
    """A game object with the protocol's defaults filled in, its methods called through the checks of
    :class:`engine.games.checked.CheckedCalls` (a mistake in the game, met during a search, is named as such).

    ``rules`` is the object the user wrote; attributes it has beyond the protocol (``evaluate``, ``picture``,
    ``random_playouts``, ...) are reached through this object too.
    """

    def __init__(self, rules: Any, spec: str = "") -> None:
        self.rules = rules
        self.spec = spec
        self.name: str = str(getattr(rules, "name", type(rules).__name__))
        self.player_names: tuple[str, str] = _player_names(rules, spec)
        if getattr(rules, "outcome_range", None) is not None:
            self.outcome_range: tuple[float, float] = _outcome_range(rules, spec)
        self.initial = rules.initial
        self._rules_to_move = rules.to_move
        self._rules_legal_moves = rules.legal_moves
        self._rules_play = rules.play
        self._rules_outcome = rules.outcome
        self._rules_fen = getattr(rules, "fen", None)
        self._rules_move_name = getattr(rules, "move_name", None)
        self._rules_successors = getattr(rules, "successors", None)
        self._rules_chance_outcomes = getattr(rules, "chance_outcomes", None)
        self._rules_evaluate = getattr(rules, "evaluate", None)
        if self._rules_evaluate is not None:
            self.evaluate = self.checked_evaluate
        self._parse_fen = getattr(rules, "parse_fen", None)

    def __getattr__(self, name: str) -> Any:
        """Anything else the game offers (``picture``, ``position_key``, ...)."""
        if name == "rules" or name.startswith("_rules_"):  # not set yet: during unpickling
            raise AttributeError(name)
        return getattr(self.rules, name)

    def __repr__(self) -> str:
        return f"LoadedGame({self.rules!r})"

    def parse_fen(self, fen: str) -> Any:
        """The game's reading of a position; whatever it raises becomes a :class:`FenError`."""
        if self._parse_fen is None:
            raise FenError(f"the game {self.name} reads no positions (it has no parse_fen); it starts from "
                           "its initial position", fen)
        try:
            state = self._parse_fen(fen)
        except FenError:
            raise
        except Exception as error:  # the user's parser: any failure means it rejects the text
            raise FenError(f"the game {self.name} rejects this position ({_describe(error)})", fen) from error
        try:
            hash(state)
        except TypeError as error:
            raise FenError(f"the game {self.name} read this position into an unhashable "
                           f"{type(state).__name__}", fen) from error
        return state


def _player_names(rules: Any, spec: str) -> tuple[str, str]:
    """The game's player names, checked: two different non-empty strings, neither ``chance``."""
    names = getattr(rules, "player_names", DEFAULT_PLAYER_NAMES)
    if (not isinstance(names, tuple | list) or len(names) != 2 or not all(isinstance(n, str) and n for n in names)
            or names[0] == names[1] or CHANCE_NAME in names):
        raise GameProtocolError(f"player_names must be two different names other than {CHANCE_NAME!r}, "
                                f"not {names!r}", spec)
    return (names[0], names[1])


def _outcome_range(rules: Any, spec: str) -> tuple[float, float]:
    """The game's lowest and highest outcome, checked."""
    bounds = rules.outcome_range
    try:
        low, high = (float(b) for b in bounds)
    except (TypeError, ValueError) as error:
        raise GameProtocolError(f"outcome_range must be two numbers, not {bounds!r}", spec) from error
    if not low <= high:
        raise GameProtocolError(f"outcome_range must be (lowest, highest), not {bounds!r}", spec)
    return (low, high)


def complete_game(rules: Any, spec: str = "") -> Game:
    """``rules`` (a game object with at least the required methods) with every default of the protocol filled.

    Calls ``initial()`` and ``to_move`` on the start once, so that a broken game fails here, with its name.

    :raises GameProtocolError: a required method missing (``missing`` names them), bad ``player_names`` or
        ``outcome_range``, ``initial()`` failing or returning something unhashable, ``to_move`` not a player.
    """
    spec = spec or type(rules).__name__
    missing = _missing_methods(rules)
    if missing:
        raise _missing_error(missing, spec)
    game = LoadedGame(rules, spec)
    try:
        start = game.initial()
        hash(start)
        mover = rules.to_move(start)  # the game's own: its mistake is said below, as a start's
    except Exception as error:  # the user's game: a failure at its start is reported as its fault
        raise GameProtocolError(f"the game fails at its start ({_describe(error)})", spec) from error
    if mover not in (FIRST, SECOND, CHANCE):
        raise GameProtocolError(f"to_move must return 0, 1 or -1 (chance), not {mover!r}", spec)
    return game


# -- positions and move lists ------------------------------------------------------------

def read_position(game: Game, text: str | None) -> Hashable:
    """The state ``text`` describes in the game's own notation (``parse_fen``), or the start when None.

    :raises FenError: the game rejects the text.
    """
    if text is None:
        return game.initial()
    try:
        return game.parse_fen(text)
    except FenError:
        raise
    except Exception as error:  # a game's own parser, not wrapped by LoadedGame
        raise FenError(f"the game rejects this position ({_describe(error)})", text) from error
