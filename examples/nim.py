"""Nim, written against treeviz's game protocol (engine/game.py) as any user would write a game.

Piles of counters; a move takes one or more counters from one pile; who takes the last counter wins.
A state is (piles, player): the pile sizes and who moves (0 the first player, 1 the second).
Its text is the pile sizes then the player: "1 2 3 first". Draw its tree with
    tttree --game examples/nim.py:Nim "1 2 3 first" --algo alphabeta
"""


class Nim:
    name = "nim"
    player_names = ("first", "second")
    outcome_range = (-1, 1)  # lets the MCTS solver call a position won as soon as one move wins

    def initial(self):
        return ((1, 2, 3), 0)

    def to_move(self, state):
        return state[1]

    def legal_moves(self, state):  # (pile, how many), empty when no counter is left
        return [(pile, take) for pile, size in enumerate(state[0]) for take in range(1, size + 1)]

    def play(self, state, move):
        (piles, player), (pile, take) = state, move
        return (piles[:pile] + (piles[pile] - take,) + piles[pile + 1:], 1 - player)

    def outcome(self, state):  # +1: the first player won (values are the first player's)
        if any(state[0]):
            return None
        return 1 if state[1] == 1 else -1  # whoever just moved took the last counter

    def evaluate(self, state):  # exact, by Bouton's theorem: the mover wins when the piles' xor is not 0
        xor = 0
        for size in state[0]:
            xor ^= size
        return (1 if xor else -1) * (1 if state[1] == 0 else -1)

    def move_name(self, move):
        return f"{move[1]}@{move[0] + 1}"  # "2@3": take 2 from pile 3

    def fen(self, state):
        return " ".join(str(size) for size in state[0]) + " " + self.player_names[state[1]]

    def parse_fen(self, text):
        *sizes, player = text.split() or ["?"]
        if not sizes or player not in self.player_names or not all(s.isdigit() for s in sizes):
            raise ValueError("expected the pile sizes and who moves, e.g. '1 2 3 first'")
        return (tuple(int(s) for s in sizes), self.player_names.index(player))

    def picture(self, state):
        return "\n".join(f"{pile + 1}: " + "|" * size for pile, size in enumerate(state[0]))
