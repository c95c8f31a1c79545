"""Players and championships: built-in and outside players, their processes, the championship's games,
records, runners (local or Ray) and Elo ratings. May import anything in :mod:`engine`, nothing in treeviz."""
