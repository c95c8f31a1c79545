"""Alpha-beta exercises: the whole tree with the search on it (:mod:`treeviz.exercises.model`), worksheets and
their answer keys, and the quiz of the interactive page."""
