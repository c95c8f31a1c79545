"""OpenSpiel through the adapter: the same values as treeviz's own games and OpenSpiel's own searches, chance
nodes as expectations, and every refusal with its own error. Skipped, with the reason, without OpenSpiel."""

from __future__ import annotations

import math
import sys
from collections import deque
from types import SimpleNamespace

import pytest

from engine.errors import (
    FenError,
    GameSpecError,
    IllegalMoveError,
    OpenSpielMissingError,
    OpenSpielParameterError,
    UnknownOpenSpielGameError,
    UnsupportedGameError,
)
from engine.game import CHANCE, FIRST, SECOND
from engine.games.loading import load_game
from engine.games.move_lists import play_moves
from engine.games.tictactoe import TICTACTOE
from engine.search.alphabeta import alphabeta
from engine.search.mcts import mcts
from engine.search.minimax import minimax

try:
    import pyspiel  # noqa: F401 - only to know whether it is there
except ImportError:
    HAVE_OPENSPIEL = False
else:
    HAVE_OPENSPIEL = True
needs_openspiel = pytest.mark.skipif(not HAVE_OPENSPIEL,
                                     reason="OpenSpiel is not installed (pip install 'treeviz[openspiel]')")

NIM = "openspiel:nim(pile_sizes=1;2;3)"
CONNECT_FOUR = "openspiel:connect_four(rows=3,columns=3,x_in_row=3)"
PIG = "openspiel:pig(horizon=6,winscore=4,diceoutcomes=2)"


def test_without_openspiel_the_error_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    with pytest.raises(OpenSpielMissingError) as caught:
        load_game("openspiel:tic_tac_toe")
    assert "pip install 'treeviz[openspiel]'" in str(caught.value)
    assert caught.value.spec == "openspiel:tic_tac_toe"


# -- values -----------------------------------------------------------------------------------

def reachable_tictactoe() -> dict[int, list[int]]:
    """Every position of treeviz's tic-tac-toe reachable from the empty board -> the cells of one way there."""
    start = TICTACTOE.initial()
    paths = {start: []}
    todo = deque([start])
    while todo:
        state = todo.popleft()
        for cell, child in TICTACTOE.successors(state):
            if child not in paths:
                paths[child] = [*paths[state], cell]
                todo.append(child)
    return paths


@pytest.mark.slow
@needs_openspiel
def test_tictactoe_through_the_adapter_has_treeviz_values_on_all_5478_positions() -> None:
    game = load_game("openspiel:tic_tac_toe")
    paths = reachable_tictactoe()
    assert len(paths) == 5478
    for state, cells in paths.items():
        position = play_moves(game, game.initial(), [str(c) for c in cells])  # OpenSpiel numbers cells as we do
        ours = alphabeta(TICTACTOE, state).value
        theirs = alphabeta(game, position).value
        assert theirs == ours, TICTACTOE.fen(state)
        assert game.to_move(position) == TICTACTOE.to_move(state)
        assert (game.outcome(position) is None) == (TICTACTOE.outcome(state) is None)


def positions(game, depth: int) -> list:
    """Every position at most ``depth`` moves from the start (one per history)."""
    found, level = [], [game.initial()]
    for _ in range(depth + 1):
        found.extend(level)
        level = [child for s in level for _, child in game.successors(s)]
    return found


@needs_openspiel
@pytest.mark.parametrize(("spec", "depth"), [(NIM, 6), (CONNECT_FOUR, 3),
                                             ("openspiel:dots_and_boxes(num_rows=1,num_cols=2)", 2)])
def test_values_agree_with_openspiels_own_alpha_beta(spec: str, depth: int) -> None:
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = load_game(spec)
    checked = 0
    for position in positions(game, depth):
        theirs, _ = alpha_beta_search(game.spiel_game, position.state.clone(), maximizing_player_id=0)
        ours = alphabeta(game, position)
        assert ours.value == theirs, game.fen(position)
        checked += 1
    assert checked >= 40


@needs_openspiel
def test_dots_and_boxes_lets_a_player_move_twice_and_the_search_follows() -> None:
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = load_game("openspiel:dots_and_boxes(num_rows=1,num_cols=2)")
    twice = [(s, m) for s in positions(game, 4) for m, child in game.successors(s)
             if game.outcome(child) is None and game.to_move(child) == game.to_move(s)]
    assert len(twice) > 10  # closing a box earns another move
    for position, move in twice[:10]:
        child = game.play(position, move)
        theirs, _ = alpha_beta_search(game.spiel_game, child.state.clone(), maximizing_player_id=0)
        assert minimax(game, child).value == alphabeta(game, child).value == theirs


@needs_openspiel
def test_whole_trees_have_the_sizes_openspiel_counts() -> None:
    assert minimax(load_game(NIM), load_game(NIM).initial()).nodes == 447
    game = load_game(CONNECT_FOUR)
    assert minimax(game, game.initial()).nodes == 3278


def expectiminimax(state) -> float:
    """Player 0's value of an OpenSpiel state by hand: expectation at chance nodes, max for 0, min for 1."""
    if state.is_terminal():
        return state.returns()[0]
    if state.is_chance_node():
        return sum(p * expectiminimax(state.child(a)) for a, p in state.chance_outcomes())
    values = [expectiminimax(state.child(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


@needs_openspiel
def test_a_chance_game_gets_its_expectiminimax_value() -> None:
    from open_spiel.python.algorithms.minimax import expectiminimax as openspiel_expectiminimax

    game = load_game(PIG)
    start = game.initial()
    assert game.to_move(game.play(start, 0)) == CHANCE
    for position in positions(game, 3):
        by_hand = expectiminimax(position.state)
        theirs, _ = openspiel_expectiminimax(position.state.clone(), 100, None, 0)
        assert math.isclose(minimax(game, position).value, by_hand, abs_tol=1e-12), game.fen(position)
        assert math.isclose(alphabeta(game, position).value, by_hand, abs_tol=1e-12), game.fen(position)
        assert math.isclose(theirs, by_hand, abs_tol=1e-12)
    assert alphabeta(game, start).nodes < minimax(game, start).nodes == 708


@needs_openspiel
def test_depth_limited_search_scores_the_horizon_zero() -> None:
    game = load_game(CONNECT_FOUR)
    assert game.zero_evaluation
    assert game.evaluate(game.initial()) == 0.0
    result = alphabeta(game, game.initial(), depth=2, evaluate=game.evaluate)
    assert result.value == 0.0 and result.depth == 2


@needs_openspiel
def test_mcts_plays_openspiel_games_with_chance() -> None:
    game = load_game(PIG)
    result = mcts(game, game.initial(), iterations=300, seed=1)
    assert result.iterations == 300 and result.best_move in game.legal_moves(game.initial())
    assert sum(n for _, n, _, _ in result.root_stats) == 300  # every iteration went through a root move
    nim = load_game(NIM)
    solved = mcts(nim, nim.initial(), iterations=3000, seed=1, solver=True)
    assert solved.proven == minimax(nim, nim.initial()).value


# -- moves and positions -------------------------------------------------------------------

@needs_openspiel
def test_moves_by_number_or_by_name_and_positions_as_move_lists() -> None:
    game = load_game("openspiel:tic_tac_toe")
    by_numbers = play_moves(game, game.initial(), "4,0")
    by_names = play_moves(game, game.initial(), "x(1,1),o(0,0)")
    assert by_numbers == by_names
    assert game.fen(by_numbers) == "4,0" and game.parse_fen("4,0") == by_numbers
    assert game.parse_fen("x(1,1),0") == by_numbers and game.parse_fen("start") == game.initial()
    assert game.fen(game.initial()) == "start"
    assert [game.move_name(m) for m in game.legal_moves(by_numbers)][:2] == ["x(0,1)", "x(0,2)"]
    assert game.picture(by_numbers) == "o..\n.x.\n..."
    assert game.position_key(by_numbers) == game.position_key(play_moves(game, game.initial(), "4,0"))
    assert game.to_move(by_numbers) == FIRST and game.to_move(game.play(by_numbers, 1)) == SECOND


@needs_openspiel
def test_an_illegal_move_by_number_or_name() -> None:
    game = load_game("openspiel:tic_tac_toe")
    with pytest.raises(IllegalMoveError) as caught:
        play_moves(game, game.initial(), "4,4")
    assert caught.value.reason.startswith("move 2 of the list: not a legal action here (legal: 0 (o(0,0))")
    with pytest.raises(IllegalMoveError, match="move 1 of the list"):
        play_moves(game, game.initial(), "o(1,1)")
    with pytest.raises(FenError, match="move 6 of the list: the game is over"):
        game.parse_fen("0,3,1,4,2,5")


# -- refusals ---------------------------------------------------------------------------------

@needs_openspiel
@pytest.mark.parametrize(("spec", "error", "words"), [
    ("openspiel:no_such_game", UnknownOpenSpielGameError, "OpenSpiel has no game 'no_such_game'"),
    ("openspiel:tic_tac_tow", UnknownOpenSpielGameError, "did you mean tic_tac_toe"),
    ("openspiel:nim(bogus=3)", OpenSpielParameterError, "nim has no parameter 'bogus' (its parameters: is_misere"),
    ("openspiel:nim(pile_sizes=a)", OpenSpielParameterError, "Could not parse size 'a'"),
    ("openspiel:nim(pile_sizes)", OpenSpielParameterError, "expected param=value"),
    ("openspiel:connect_four(rows=3", GameSpecError, "expected an OpenSpiel game as NAME"),
    ("openspiel:kuhn_poker", UnsupportedGameError, "imperfect information"),
    ("openspiel:goofspiel", UnsupportedGameError, "move simultaneously"),
    ("openspiel:pig(players=3)", UnsupportedGameError, "has 3 players"),
])
def test_each_refusal_has_its_error(spec: str, error: type, words: str, capfd: pytest.CaptureFixture) -> None:
    with pytest.raises(error) as caught:
        load_game(spec)
    assert words in str(caught.value) and caught.value.spec == spec
    assert capfd.readouterr().err == ""  # OpenSpiel's own printing of its errors is kept off stderr


@needs_openspiel
def test_general_sum_and_sampled_chance_games_are_refused() -> None:
    import pyspiel

    from engine.games.openspiel import check_supported

    T = pyspiel.GameType  # noqa: N806
    real = pyspiel.load_game("tic_tac_toe").get_type()

    def stand_in(**changes: object) -> SimpleNamespace:
        kind = SimpleNamespace(dynamics=real.dynamics, information=real.information, utility=real.utility,
                               chance_mode=real.chance_mode)
        vars(kind).update(changes)
        return SimpleNamespace(get_type=lambda: kind, num_players=lambda: 2)

    with pytest.raises(UnsupportedGameError, match="not zero-sum nor constant-sum"):
        check_supported(stand_in(utility=T.Utility.GENERAL_SUM), "openspiel:x")
    with pytest.raises(UnsupportedGameError, match="sampled"):
        check_supported(stand_in(chance_mode=T.ChanceMode.SAMPLED_STOCHASTIC), "openspiel:x")
    check_supported(stand_in(utility=T.Utility.CONSTANT_SUM), "openspiel:x")  # accepted
