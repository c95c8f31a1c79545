"""``proc:SPEC`` against the real ``sm-bot --serve``: a built-in served over the protocol plays legal moves.

The served side is ``sm-bot --serve`` (treeviz/cli/serve.py).
"""

from __future__ import annotations

from engine.arena.players import make_player
from engine.arena.served_player import ServedPlayer
from engine.games.ultimate import ULTIMATE


def test_proc_spec_plays_real_smbot() -> None:
    player = make_player("proc:seed:2", seed=1)
    assert isinstance(player, ServedPlayer)
    state = ULTIMATE.initial()
    try:
        for _ in range(2):
            move = player.choose(state, 10.0)
            assert ULTIMATE.illegal_reason(state, move) is None
            state = ULTIMATE.play(state, move)
        pid = player.pid
        assert pid is not None
    finally:
        player.close()
    assert player.pid is None
