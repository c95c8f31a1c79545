"""Suite-wide order: tests whose subject is the wall clock (marker ``realtime``) run last.

By then nothing the rest of the suite started (arena workers, Ray's daemons, browsers) is still
winding down beside them; they run one at a time as every test here does, and measure their limits
against the machine's own holdups (tests/realtime.py).
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Move the ``realtime`` tests after all others, each group keeping its order."""
    items.sort(key=lambda item: item.get_closest_marker("realtime") is not None)
