"""Loading a user's game: the spec forms, the protocol check, the defaults, and one error type per mistake."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import (
    FenError,
    GameClassNotFoundError,
    GameError,
    GameModuleError,
    GameModuleNotFoundError,
    GameProtocolError,
    GameSpecError,
    IllegalMoveError,
)
from engine.game import CHANCE, DEFAULT_PLAYER_NAMES, FIRST, SECOND
from engine.games.loading import complete_game, load_game, read_position
from engine.games.move_lists import find_move, play_moves, split_moves
from engine.games.tictactoe import TICTACTOE

ROOT = Path(__file__).resolve().parents[3]
NIM = ROOT / "examples" / "nim.py"

COUNTDOWN = '''
class Countdown:
    """Take 1 or 2 from a counter; whoever takes the last wins. Only the required methods."""

    def initial(self):
        return (4, 0)

    def to_move(self, state):
        return state[1]

    def legal_moves(self, state):
        return [t for t in (1, 2) if t <= state[0]]

    def play(self, state, move):
        return (state[0] - move, 1 - state[1])

    def outcome(self, state):
        if state[0]:
            return None
        return 1 if state[1] == 1 else -1
'''


def write(tmp_path: Path, text: str, name: str = "game.py") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_file_with_only_the_required_methods_gets_every_default(tmp_path: Path) -> None:
    game = load_game(f"{write(tmp_path, COUNTDOWN)}:Countdown")
    start = game.initial()
    assert game.name == "Countdown"
    assert game.player_names == DEFAULT_PLAYER_NAMES
    assert not hasattr(game, "outcome_range")
    assert list(game.successors(start)) == [(1, (3, 1)), (2, (2, 1))]
    assert game.move_name(2) == "2"
    assert game.fen(start) == "(4, 0)"
    assert list(game.chance_outcomes(start)) == [(1, 0.5), (2, 0.5)]
    with pytest.raises(FenError, match="reads no positions"):
        game.parse_fen("(4, 0)")
    assert not hasattr(game, "evaluate") and not hasattr(game, "picture")


def test_the_nim_example_loads_by_path_and_keeps_its_own_methods() -> None:
    game = load_game(f"{NIM}:Nim")
    assert game.name == "nim" and game.player_names == ("first", "second")
    state = read_position(game, "1 2 first")
    assert state == ((1, 2), FIRST)
    assert game.fen(state) == "1 2 first"
    assert game.picture(state) == "1: |\n2: ||"
    assert game.evaluate(state) == 1  # 1 xor 2 is not 0: the mover, the first player, wins
    assert read_position(game, None) == game.initial()


def test_a_dotted_module_and_an_object_that_is_already_a_game() -> None:
    game = load_game("engine.games.tictactoe:TicTacToe")
    assert game.name == "tictactoe" and game.player_names == ("x", "o")
    same = load_game("engine.games.tictactoe:TICTACTOE")
    assert same.rules is TICTACTOE
    assert same.legal_moves(same.initial()) == TICTACTOE.legal_moves(TICTACTOE.initial())
    assert same.empty_count(same.initial()) == 9  # the game's own extras are reached too


def test_a_module_beside_the_game_file_can_be_imported(tmp_path: Path) -> None:
    write(tmp_path, "START = (3, 0)\n", "helper_rules.py")
    text = COUNTDOWN.replace("return (4, 0)", "return START")
    text = text.replace("class Countdown", "from helper_rules import START\n\n\nclass Countdown")
    game = load_game(f"{write(tmp_path, text)}:Countdown")
    assert game.initial() == (3, 0)


@pytest.mark.parametrize("spec", ["examples/nim.py", "Nim", ":Nim", "examples/nim.py:", "examples/nim.py:Ni-m"])
def test_a_spec_of_no_known_form(spec: str) -> None:
    with pytest.raises(GameSpecError) as caught:
        load_game(spec)
    assert caught.value.spec == spec and repr(spec) in str(caught.value)


def test_a_missing_file_or_module(tmp_path: Path) -> None:
    with pytest.raises(GameModuleNotFoundError, match="no such file"):
        load_game(f"{tmp_path}/nothing.py:Game")
    with pytest.raises(GameModuleNotFoundError, match="not a file"):
        load_game(f"{tmp_path}/:Game")
    with pytest.raises(GameModuleNotFoundError, match="no module named 'no_such_module_anywhere'"):
        load_game("no_such_module_anywhere:Game")
    with pytest.raises(GameModuleNotFoundError, match="no module named 'engine.no_such'"):
        load_game("engine.no_such:Game")


def test_a_module_that_fails_to_import(tmp_path: Path) -> None:
    broken = write(tmp_path, "x = 1\ndef broken(:\n")
    with pytest.raises(GameModuleError, match=r"SyntaxError: .*\(line 2\)"):
        load_game(f"{broken}:Game")
    importing = write(tmp_path, "import not_installed_thing\n", "other.py")
    with pytest.raises(GameModuleError, match="ModuleNotFoundError: No module named 'not_installed_thing'"):
        load_game(f"{importing}:Game")
    failing = write(tmp_path, "1 / 0\n", "third.py")
    with pytest.raises(GameModuleError, match="ZeroDivisionError"):
        load_game(f"{failing}:Game")
    assert not [m for m in sys.modules if m.startswith("treeviz_game_third")]


def test_a_module_without_that_class(tmp_path: Path) -> None:
    with pytest.raises(GameClassNotFoundError, match=r"has no 'Nom' \(its classes: Nim\)"):
        load_game(f"{NIM}:Nom")
    with pytest.raises(GameClassNotFoundError):
        load_game("engine.games.tictactoe:NoSuchGame")


def test_a_class_lacking_a_method_is_refused_naming_it(tmp_path: Path) -> None:
    text = COUNTDOWN.replace("def outcome", "def result")
    with pytest.raises(GameProtocolError, match="lacks the protocol method outcome") as caught:
        load_game(f"{write(tmp_path, text)}:Countdown")
    assert caught.value.missing == ("outcome",)
    text = text.replace("def legal_moves", "def moves")
    with pytest.raises(GameProtocolError, match="lacks the protocol methods legal_moves, outcome") as caught:
        load_game(f"{write(tmp_path, text, 'two.py')}:Countdown")
    assert caught.value.missing == ("legal_moves", "outcome")


@pytest.mark.parametrize(("change", "words"), [
    (("class Countdown:", "class Countdown:\n    def __init__(self, size):\n        self.size = size\n"),
     "made without arguments"),
    (("class Countdown:", "class Countdown:\n    player_names = ('a', 'a')\n"), "player_names must be"),
    (("class Countdown:", "class Countdown:\n    player_names = ('a', 'chance')\n"), "player_names must be"),
    (("class Countdown:", "class Countdown:\n    outcome_range = (3, 1)\n"), "outcome_range must be"),
    (("return (4, 0)", "return [4, 0]"), "fails at its start (TypeError"),
    (("return (4, 0)", "raise RuntimeError('no start')"), "fails at its start (RuntimeError: no start)"),
    (("return state[1]", "return 'first'"), "to_move must return 0, 1 or -1"),
])
def test_a_class_breaking_the_protocol_at_its_start(tmp_path: Path, change: tuple[str, str], words: str) -> None:
    text = COUNTDOWN.replace(*change)
    assert text != COUNTDOWN
    with pytest.raises(GameProtocolError, match=words.replace("(", r"\(").replace(")", r"\)")):
        load_game(f"{write(tmp_path, text)}:Countdown")


def test_every_loading_mistake_is_a_game_error_and_a_value_error() -> None:
    for error in (GameSpecError, GameModuleNotFoundError, GameModuleError, GameClassNotFoundError, GameProtocolError):
        assert issubclass(error, GameError) and issubclass(error, ValueError)


def test_a_position_the_game_rejects() -> None:
    game = load_game(f"{NIM}:Nim")
    with pytest.raises(FenError, match="the game nim rejects this position") as caught:
        read_position(game, "1 2 third")
    assert caught.value.fen == "1 2 third"
    with pytest.raises(FenError):
        read_position(TICTACTOE, "not a board")


def test_complete_game_checks_objects_too() -> None:
    with pytest.raises(GameProtocolError, match="lacks the protocol methods"):
        complete_game(object())
    game = complete_game(TICTACTOE)
    assert game.to_move(game.initial()) == FIRST and CHANCE not in (FIRST, SECOND)


# -- move lists --------------------------------------------------------------------------

def test_split_moves_keeps_commas_inside_brackets() -> None:
    assert split_moves("x(1,1),o(0,0), 3") == ["x(1,1)", "o(0,0)", "3"]
    assert split_moves("") == [] and split_moves(" 4 ") == ["4"]


def test_a_quoted_move_keeps_its_commas_and_blanks() -> None:
    assert split_moves('"pile:1, take:1;",3') == ["pile:1, take:1;", "3"]
    assert split_moves("'a b' , c") == ["a b", "c"]
    assert split_moves('x(1,1), "o, 2"') == ["x(1,1)", "o, 2"]


@pytest.mark.parametrize(("text", "reason"), [("3,,4", "an empty move"), ("3,", "an empty move"),
                                              (",3", "an empty move"), ('"x,3', "the quote \" is never closed"),
                                              ('"ab"c,d', "'c' after a quoted move")])
def test_a_move_list_that_cannot_be_split_says_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        split_moves(text)
    assert caught.value.reason.startswith(reason) and caught.value.move == text


def test_moves_are_found_by_their_names() -> None:
    game = load_game(f"{NIM}:Nim")
    state = play_moves(game, game.initial(), "1@1,2@3")
    assert state == ((0, 2, 1), FIRST)
    assert find_move(game, state, "2@2") == (1, 2)
    start = TICTACTOE.initial()
    assert play_moves(TICTACTOE, start, ["5", "1"]) == TICTACTOE.play(TICTACTOE.play(start, 4), 0)


def test_an_illegal_move_in_a_list_says_which() -> None:
    game = load_game(f"{NIM}:Nim")
    with pytest.raises(IllegalMoveError) as caught:
        play_moves(game, game.initial(), "1@1,5@3")
    assert caught.value.reason.startswith("move 2 of the list: not a legal move here (legal: 1@2, 2@2, 1@3")
    assert caught.value.move == "5@3" and caught.value.fen == "0 2 3 second"
    with pytest.raises(IllegalMoveError, match="move 7 of the list: the game is over"):
        play_moves(game, game.initial(), "1@1,1@2,1@2,1@3,1@3,1@3,1@3")


def test_loading_a_user_game_imports_no_openspiel() -> None:
    code = (f"import sys; from engine.games.loading import load_game; load_game({str(NIM) + ':Nim'!r}); "
            "import engine.games.openspiel; print('pyspiel' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.stdout.strip() == "False", result.stderr
