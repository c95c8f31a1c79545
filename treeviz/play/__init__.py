"""Playing a game: the session (rules, turns, undo), the terminal board, the board picture, the live page and
its server. Imports :mod:`engine`, :mod:`treeviz.files` and :mod:`treeviz.draw`."""
