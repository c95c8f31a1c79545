"""Self-contained HTML pages: the interactive tree page and its column data, the championship report; their
assets (``html/``, ``vendor/``). Imports :mod:`engine`, :mod:`treeviz.files` and :mod:`treeviz.draw`."""
