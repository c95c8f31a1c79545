"""Trees and graphs built from searches (notes/tree_schema.md): search trees, MCTS trees, merged DAGs,
strategy trees, crops and the JSON form. Imports :mod:`engine` and :mod:`treeviz.files` only."""
