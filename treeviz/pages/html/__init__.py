"""The interactive page's template, script and style (package data read by treeviz.pages.tree_page)."""
