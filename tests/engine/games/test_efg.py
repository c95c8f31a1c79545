"""Gambit's .efg format: read as Gambit documents it, written back to the same game, malformed files named by line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EfgSyntaxError, ExtensiveGameError
from engine.games.efg import read_efg, write_efg
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame, GameBuilder, Outcome, check_game, format_number

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "extensive"

# A Gambit-style file using what the format allows: a comment, decimal and rational numbers, labels, commas and
# blanks between payoffs, a set described once and named later, an outcome reused by number, a non-terminal outcome.
GAMBIT_STYLE = """EFG 2 R "A small game" { "Player 1" "Player 2" }
"a comment
over two lines"

c "root" 1 "nature" { "H" 1/3 "T" .6666666666666666666666666666666666666666 } 0
p "" 1 1 { "L" "R" } 0
p "x" 2 1 "two" { "l" "r" } 1 "paid" { 1/2, -.5 }
t "" 2 "o2" { 2 -2 }
t "" 3 "o3" { 0, 0 }
t "" 4 "o4" { -1.25, 1.25 }
p "" 1 1 0
p "" 2 1 0
t "" 2
t "" 3
t "" 4
"""


def test_a_file_in_gambits_style_reads_with_its_players_sets_and_payoffs() -> None:
    with pytest.raises(EfgSyntaxError, match=r"line 5: chance probabilities sum to"):
        read_efg(GAMBIT_STYLE)  # 1/3 + 0.666...6 (40 digits) is not exactly 1
    game = read_efg(GAMBIT_STYLE.replace(".6666666666666666666666666666666666666666", "2/3"))
    assert game.title == "A small game" and game.players == ("Player 1", "Player 2")
    assert game.comment == "a comment\nover two lines"
    assert len(game.nodes) == 11 and game.root.label == "root"
    chance = game.infosets[(CHANCE_PLAYER, 1)]
    assert chance.name == "nature" and chance.probabilities == (Fraction(1, 3), Fraction(2, 3))
    assert game.infosets[(2, 1)].name == "two" and game.infosets[(2, 1)].nodes == [2, 7]
    assert game.infosets[(1, 1)].nodes == [1, 6] and not game.perfect_information
    # outcome 1 sits on a decision node: its payoffs add to every leaf below it
    assert game.payoffs(game.nodes[3]) == (Fraction(5, 2), Fraction(-5, 2))
    assert game.payoffs(game.nodes[8]) == (2, -2)
    assert game.payoffs(game.nodes[5]) == (Fraction(-5, 4), Fraction(5, 4))


def test_a_written_file_reads_back_as_the_same_game() -> None:
    game = read_efg(GAMBIT_STYLE.replace(".6666666666666666666666666666666666666666", "2/3"))
    text = write_efg(game)
    again = read_efg(text)
    assert write_efg(again) == text
    assert _shape(again) == _shape(game)


@pytest.mark.parametrize("name", ["signalling.efg", "centipede.efg", "entry3.efg", "kuhn_poker.efg"])
def test_every_sample_round_trips(name: str) -> None:
    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"{name} not written yet")
    game = read_efg(path.read_text())
    assert _shape(read_efg(write_efg(game))) == _shape(game)


def _shape(game: ExtensiveGame) -> list[object]:
    return [(n.kind, n.label, n.parent, n.infoset and (n.infoset.key, n.infoset.name, n.infoset.actions,
                                                       n.infoset.probabilities),
             game.payoffs(n)) for n in game.nodes] + [game.title, game.players, game.comment]


def _random_game(draw: st.DrawFn) -> ExtensiveGame:
    players = draw(st.integers(1, 4))
    builder = GameBuilder(draw(st.text(max_size=8)), [f"P{k}" for k in range(players)])
    budget = [draw(st.integers(1, 25))]

    def node() -> None:
        budget[0] -= 1
        kind = draw(st.sampled_from("tpc")) if budget[0] > 0 else "t"
        payoffs = [Fraction(draw(st.integers(-20, 20)), draw(st.sampled_from([1, 2, 3, 4, 10])))
                   for _ in range(players)]
        number = len(builder.game.outcomes) + 1
        outcome = builder.outcome(number, draw(st.text(max_size=4)), payoffs) if kind == "t" or draw(
            st.booleans()) else None
        if kind == "t":
            builder.terminal(label=draw(st.text(max_size=4)), outcome=outcome)
            return
        width = draw(st.integers(1, 3))
        actions = [draw(st.text(max_size=3)) for _ in range(width)]
        if kind == "c":
            weights = [draw(st.integers(1, 5)) for _ in range(width)]
            probabilities = [Fraction(w, sum(weights)) for w in weights]
            infoset = builder.infoset(CHANCE_PLAYER, len(builder.game.infosets) + 1, "", actions, probabilities)
            builder.chance(infoset, outcome=outcome)
        else:
            player = draw(st.integers(1, players))
            infoset = builder.infoset(player, len(builder.game.infosets) + 1, draw(st.text(max_size=4)), actions)
            builder.decision(player, infoset, outcome=outcome)
        for _ in range(width):
            node()

    node()
    return builder.finish()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_games_round_trip_through_efg_text(data: st.DataObject) -> None:
    game = data.draw(st.composite(lambda draw: _random_game(draw))())
    assert _shape(read_efg(write_efg(game))) == _shape(game)


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", 1, "the file is empty"),
    ("NFG 1 R \"x\" { \"a\" }", 1, "expected the header EFG 2 R"),
    ("EFG 2 R \"t\" { \"A\" \"B\" }\n\"\"\np \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 1 \"\" { 1 2 }\nq", 5,
     "expected a node: p"),
    ("EFG 2 R \"t\" { \"A\" \"B\" }\np \"\" 3 1 \"\" { \"a\" } 0\nt \"\" 0", 2, "player 3 does not exist"),
    ("EFG 2 R \"t\" { \"A\" \"B\" }\np \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 1 \"\" { 1 2 }\n", 4,
     "the tree ends early"),
    ("EFG 2 R \"t\" { \"A\" \"B\" }\nt \"\" 1 \"\" { 1 2 3 }\n", 2, "3 payoffs for 2 players"),
    ("EFG 2 R \"t\" { \"A\" \"B\" }\nc \"\" 1 \"\" { \"a\" 1/2 \"b\" 1/3 } 0\nt \"\" 0\nt \"\" 0\n", 2,
     "chance probabilities sum to 5/6, not 1"),
    ("EFG 2 R \"t\" { \"A\" \"B\" }\np \"\" 1 1 \"\" { \"a\" \"b\" } 0\np \"\" 2 1 \"\" { \"x\" } 0\nt \"\" 0\n"
     "p \"\" 2 1 \"\" { \"x\" \"y\" } 0\nt \"\" 0\nt \"\" 0\n", 5, "is given 2 actions, not the 1 it has"),
    ("EFG 2 R \"t\" { \"A\" }\np \"\" 1 1 \"\" { \"a\" } 0\nt \"\" 1 \"\" { x }\n", 3, "expected a number"),
    ("EFG 2 R \"t\" { \"A\" }\np \"\" 1 1 \"unclosed { \"a\" } 0\n", 2, "without its closing double quote"),
    ("EFG 2 R \"t\" { \"A\" }\np \"\" 1 7 0\n", 2, "is new here, so its actions must be listed"),
    ("EFG 2 R \"t\" { \"A\" }\nt \"\" 4\n", 2, "outcome 4 is new here, so its payoffs must be listed"),
])
def test_a_malformed_file_names_its_line_and_what_was_expected(text: str, line: int, words: str) -> None:
    with pytest.raises(EfgSyntaxError) as error:
        read_efg(text)
    assert error.value.line == line, str(error.value)
    assert words in str(error.value)
    assert "\n" not in str(error.value)


def test_a_set_whose_nodes_belong_to_different_players_is_refused() -> None:
    builder = GameBuilder("t", ["A", "B"])
    infoset = builder.infoset(1, 1, "", ["a"])
    with pytest.raises(ExtensiveGameError, match="belongs to player 1, not 2"):
        builder.decision(2, infoset)


def test_a_game_built_in_code_is_checked_for_payoff_lengths() -> None:
    builder = GameBuilder("t", ["A", "B"])
    builder.terminal()
    game = builder.finish()
    game.nodes[0].outcome = Outcome(1, "", (Fraction(1),))
    with pytest.raises(ExtensiveGameError, match="1 payoffs for 2 players"):
        check_game(game)


def test_imperfect_recall_is_found_and_said() -> None:
    forgetful = ("EFG 2 R \"absent-minded driver\" { \"Driver\" }\n\"\"\n"
                 "p \"\" 1 1 \"junction\" { \"exit\" \"go on\" } 0\nt \"\" 1 \"\" { 0 }\n"
                 "p \"\" 1 1 0\nt \"\" 2 \"\" { 4 }\nt \"\" 3 \"\" { 1 }\n")
    game = read_efg(forgetful)
    assert "moves twice in one set" in (game.imperfect_recall() or "")


@pytest.mark.parametrize(("value", "text"), [(Fraction(3), "3"), (Fraction(-1, 4), "-0.25"),
                                             (Fraction(1, 3), "1/3"), (Fraction(1, 20), "0.05")])
def test_numbers_are_written_as_people_and_gambit_write_them(value: Fraction, text: str) -> None:
    assert format_number(value) == text
    assert Fraction(text) == value
