"""Vendored third-party JavaScript (see README.md and LICENSE here), inlined into the HTML page."""
