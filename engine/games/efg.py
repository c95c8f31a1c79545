"""Gambit's extensive-form text format (``.efg``, version 2), read into and written from an
:class:`engine.games.extensive.ExtensiveGame`.

The format, as Gambit documents it: a header ``EFG 2 R "title" { "Player 1" "Player 2" }`` and an optional
comment string, then the nodes in preorder, one a line (whitespace does not matter), each starting with its
kind:

- ``p "label" PLAYER INFOSET ["infoset name"] [{ "action" ... }] OUTCOME ["outcome name"] [{ payoffs }]``: a
  player decides;
- ``c "label" INFOSET ["infoset name"] [{ "action" PROBABILITY ... }] OUTCOME ...``: chance draws an action;
- ``t "label" OUTCOME ["outcome name"] [{ payoffs }]``: the end of a play.

An information set's name and actions may be left out where the set was described before; an outcome's name and
payoffs likewise (outcome ``0`` is none). Numbers are integers, decimals (``.80``, ``-1.5``, ``2e3``) or
rationals (``1/3``); payoffs may be separated by commas. Strings are in double quotes, ``\\"`` for a quote.
A malformed file is an :class:`engine.errors.EfgSyntaxError` naming the line and what was expected there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import EfgSyntaxError, ExtensiveGameError
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame, GameBuilder, Outcome, format_number

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<open>\{) | (?P<close>\}) | (?P<comma>,)
  | (?P<number>[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?:/\d+)?)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<unterminated>"[^\n]*)
""", re.VERBOSE)


@dataclass
class _Token:
    kind: str
    text: str
    line: int


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    position, line = 0, 1
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise EfgSyntaxError(f"unexpected character {text[position]!r}", line)
        kind = match.lastgroup
        assert kind is not None
        token = match.group()
        if kind == "unterminated":
            raise EfgSyntaxError("a string without its closing double quote", line)
        if kind != "space":
            tokens.append(_Token(kind, token, line))
        line += token.count("\n")
        position = match.end()
    return tokens


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text[1:-1])


def quote(text: str) -> str:
    """``text`` as a Gambit string: in double quotes, with ``\\`` before a quote or backslash."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Reader:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.at = 0
        self.last_line = text.count("\n") + 1

    def peek(self) -> _Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, kind: str, expected: str) -> _Token:
        token = self.peek()
        if token is None:
            raise EfgSyntaxError(f"the file ends where {expected} was expected", self.last_line)
        if token.kind != kind:
            raise EfgSyntaxError(f"expected {expected}, found {token.text!r}", token.line)
        self.at += 1
        return token

    def optional(self, kind: str) -> _Token | None:
        token = self.peek()
        if token is not None and token.kind == kind:
            self.at += 1
            return token
        return None

    def integer(self, expected: str) -> int:
        token = self.take("number", expected)
        if not re.fullmatch(r"\+?\d+", token.text):
            raise EfgSyntaxError(f"expected {expected} (a whole number), found {token.text!r}", token.line)
        return int(token.text)

    def number(self, expected: str) -> Fraction:
        token = self.take("number", expected)
        try:
            return Fraction(token.text)
        except (ValueError, ZeroDivisionError):
            raise EfgSyntaxError(f"expected {expected}, found {token.text!r}", token.line) from None

    def numbers(self, expected: str) -> list[Fraction]:
        """``{ 1, -1/2 3 }``: numbers separated by blanks or commas."""
        self.take("open", f"'{{' opening {expected}")
        values: list[Fraction] = []
        while self.optional("close") is None:
            if values and self.optional("comma"):
                pass
            values.append(self.number(f"a number in {expected} or '}}'"))
        return values


def read_efg(text: str, *, source: str = "") -> ExtensiveGame:
    """The game an ``.efg`` text describes.

    :raises EfgSyntaxError: the text breaks the format (the line and what was expected there), or the game it
        describes breaks a rule of extensive-form games (chance probabilities that do not sum to 1, a set whose
        nodes have different numbers of actions, a payoff vector of the wrong length...), on the line where it is.
    """
    reader = _Reader(text)
    try:
        return _read(reader)
    except ExtensiveGameError as error:
        message = str(error)
        match = re.match(r"line (\d+): (.*)", message, re.DOTALL)
        if match:
            raise EfgSyntaxError(match.group(2), int(match.group(1)), source) from None
        raise EfgSyntaxError(message, reader.last_line, source) from None
    except EfgSyntaxError as error:
        if source:
            raise EfgSyntaxError(error.reason, error.line, source) from None
        raise


def _read(reader: _Reader) -> ExtensiveGame:
    first = reader.peek()
    if first is None:
        raise EfgSyntaxError("the file is empty: expected the header EFG 2 R \"title\" { \"Player 1\" ... }", 1)
    magic = reader.take("word", "the header's EFG")
    if magic.text != "EFG":
        raise EfgSyntaxError(f"expected the header EFG 2 R ..., found {magic.text!r} (is this a .efg file?)",
                             magic.line)
    version = reader.take("number", "the format version 2 after EFG")
    if version.text != "2":
        raise EfgSyntaxError(f"expected format version 2, found {version.text!r}", version.line)
    kind = reader.take("word", "R or D (rational or decimal numbers) after EFG 2")
    if kind.text not in ("R", "D"):
        raise EfgSyntaxError(f"expected R or D after EFG 2, found {kind.text!r}", kind.line)
    title = _unquote(reader.take("string", "the game's title in double quotes").text)
    reader.take("open", "'{' opening the list of player names")
    players: list[str] = []
    while reader.optional("close") is None:
        players.append(_unquote(reader.take("string", "a player's name in double quotes or '}'").text))
    if not players:
        raise EfgSyntaxError("the game has no players: list their names in the header's braces", kind.line)
    comment_token = reader.optional("string")
    builder = GameBuilder(title, players, _unquote(comment_token.text) if comment_token else "")
    n = len(players)
    while (token := reader.peek()) is not None:
        if token.kind != "word" or token.text not in ("p", "c", "t"):
            raise EfgSyntaxError(f"expected a node: p (a player moves), c (chance) or t (terminal), found "
                                 f"{token.text!r}", token.line)
        reader.at += 1
        line = token.line
        label = _unquote(reader.take("string", f"the {token.text} node's label in double quotes (\"\" for none)")
                         .text)
        if token.text == "t":
            outcome = _outcome(reader, builder, n, line)
            builder.terminal(label=label, outcome=outcome, line=line)
            continue
        if token.text == "p":
            player = reader.integer("the number of the player who moves")
            if not 1 <= player <= n:
                raise EfgSyntaxError(f"player {player} does not exist: players are 1 to {n}", line)
        else:
            player = CHANCE_PLAYER
        number = reader.integer("the information set's number")
        name_token = reader.optional("string")
        actions: list[str] | None = None
        probabilities: list[Fraction] | None = None
        if reader.optional("open"):
            actions = []
            probabilities = [] if player == CHANCE_PLAYER else None
            while reader.optional("close") is None:
                what = "an action's name in double quotes"
                actions.append(_unquote(reader.take("string", what + " or '}'").text))
                if probabilities is not None:
                    reader.optional("comma")
                    probabilities.append(reader.number(f"the probability of chance's action {actions[-1]!r}"))
                    reader.optional("comma")
            if not actions:
                raise EfgSyntaxError("an empty list of actions: a node without actions is a terminal node (t)",
                                     line)
        infoset = builder.infoset(player, number, _unquote(name_token.text) if name_token else None, actions,
                                  probabilities, line=line)
        outcome = _outcome(reader, builder, n, line)
        if player == CHANCE_PLAYER:
            builder.chance(infoset, label=label, outcome=outcome, line=line)
        else:
            builder.decision(player, infoset, label=label, outcome=outcome, line=line)
    return builder.finish(line=reader.last_line)


def _outcome(reader: _Reader, builder: GameBuilder, players: int, line: int) -> Outcome | None:
    number = reader.integer("the outcome's number (0 for none)")
    name_token = reader.optional("string")
    payoffs: list[Fraction] | None = None
    token = reader.peek()
    if token is not None and token.kind == "open":
        payoffs = reader.numbers(f"outcome {number}'s payoffs (one number for each of the {players} players)")
        if len(payoffs) != players:
            raise EfgSyntaxError(f"outcome {number} has {len(payoffs)} payoffs for {players} players (one number a "
                                 "player)", token.line)
    return builder.outcome(number, _unquote(name_token.text) if name_token else None, payoffs, line=line)


def write_efg(game: ExtensiveGame) -> str:
    """The game as an ``.efg`` text, as Gambit writes one: every node with its set's name and actions and its
    outcome's name and payoffs. :func:`read_efg` of it is the same game."""
    lines = [f"EFG 2 R {quote(game.title)} {{ {' '.join(quote(p) for p in game.players)} }}", quote(game.comment), ""]
    for node in game.nodes:
        outcome = node.outcome
        tail = "0" if outcome is None else (
            f"{outcome.number} {quote(outcome.name)} {{ {', '.join(format_number(v) for v in outcome.payoffs)} }}")
        if node.kind == "t":
            lines.append(f"t {quote(node.label)} {tail}")
            continue
        infoset = node.infoset
        assert infoset is not None
        if infoset.probabilities is not None:
            actions = " ".join(f"{quote(a)} {format_number(p)}" for a, p in zip(infoset.actions,
                                                                                 infoset.probabilities, strict=True))
            head = f"c {quote(node.label)} {infoset.number}"
        else:
            actions = " ".join(quote(a) for a in infoset.actions)
            head = f"p {quote(node.label)} {infoset.player} {infoset.number}"
        lines.append(f"{head} {quote(infoset.name)} {{ {actions} }} {tail}")
    return "\n".join(lines) + "\n"
