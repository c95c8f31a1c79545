"""Pictures of trees: styles, themes, labels, the tidy layout, the DOT writer and the Graphviz backend, the
SVG/cairo/TikZ writers and the format dispatch (:mod:`treeviz.draw.drawing`). Imports :mod:`engine` and
:mod:`treeviz.files`; never the trees' builders, the pages, play or the CLI."""
