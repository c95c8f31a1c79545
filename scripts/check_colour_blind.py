"""Check that the colours of a theme stay apart for colour-blind readers.

    .venv/bin/python scripts/check_colour_blind.py [--theme NAME ...] [--threshold 10] [--png FIG.png --out DIR]

Each theme's colours that carry different meanings (the players' ink, the principal variation, pruned moves,
the page's replay highlights, ...: :func:`treeviz.draw.colour_vision.theme_meanings`) are compared pair by
pair, as seen with normal vision and as simulated for deuteranopia and protanopia (Machado, Oliveira and
Fernandes 2009, severity 1, applied in linear RGB), by their CIEDE2000 colour difference. The report gives,
for each theme and vision, the closest pair and its distance; the exit status is 1 when a palette that claims
to be colour-blind safe (the figures' ``colourblind`` theme, the interactive page's palette) has a pair closer
than the threshold. ``--png`` writes the deuteranopia and protanopia simulations of a rendered figure, to look
at (needs numpy and Pillow).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from treeviz.draw.colour_vision import MACHADO, SAFE_DISTANCE, closest_pair, theme_meanings  # noqa: E402
from treeviz.draw.themes import THEMES  # noqa: E402

PAGE_CSS = ROOT / "treeviz" / "pages" / "html" / "page.css"
PAGE_MEANINGS = {"x": "first player (x)", "o": "second player (o)", "draw": "draw", "pv": "principal variation",
                 "active": "replay path", "current": "replay step", "cut": "cut-off"}
"""The interactive page's CSS variables that carry a meaning, and the meaning."""


def page_palette(css: str) -> dict[str, str]:
    """The interactive page's colours of meaning (:data:`PAGE_MEANINGS`), read from its style sheet's ``:root``."""
    root = re.search(r":root\s*{([^}]*)}", css)
    if root is None:
        raise ValueError("page.css has no :root block")
    found = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\s*;", root.group(1)))
    missing = [name for name in PAGE_MEANINGS if name not in found]
    if missing:
        raise ValueError(f"page.css defines no {', '.join('--' + m for m in missing)}")
    return {meaning: found[name] for name, meaning in PAGE_MEANINGS.items()}


def palettes() -> dict[str, tuple[list[dict[str, str]], bool]]:
    """Every palette checked: name → (groups of colours, whether it claims to be colour-blind safe)."""
    out: dict[str, tuple[list[dict[str, str]], bool]] = {
        f"--theme {name}": (theme_meanings(theme), name == "colourblind") for name, theme in THEMES.items()}
    out["interactive page"] = ([page_palette(PAGE_CSS.read_text(encoding="utf-8"))], True)
    return out


def report(threshold: float, names: Sequence[str] | None = None) -> tuple[list[str], list[str]]:
    """Lines of the report, and the failures (safe palettes with a pair under ``threshold``)."""
    lines, failures = [], []
    for name, (groups, safe) in palettes().items():
        if names and not any(n in name for n in names):
            continue
        for vision in MACHADO:
            worst = min(closest_pair(group, vision) for group in groups if len(group) > 1)
            mark = ("ok" if worst[0] >= threshold else "TOO CLOSE") if safe else "(not claimed)"
            if name == "--theme print":
                mark = "(greys: shapes and dashes carry the meanings)"
            lines.append(f"{name:<22} {vision:<13} min ΔE2000 {worst[0]:5.1f}  ({worst[1]} / {worst[2]})  {mark}")
            if safe and worst[0] < threshold:
                failures.append(f"{name}, {vision}: {worst[1]} and {worst[2]} differ by ΔE2000 {worst[0]:.1f}")
    return lines, failures


def simulate_png(path: Path, out: Path) -> list[Path]:
    """Write ``NAME_deuteranopia.png`` and ``NAME_protanopia.png``: the figure as those readers see it."""
    import numpy as np
    from PIL import Image

    with Image.open(path) as image:
        rgb = np.asarray(image.convert("RGB"), dtype=np.float64) / 255
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    written = []
    for vision, matrix in MACHADO.items():
        if matrix is None:
            continue
        sim = np.clip(lin @ np.array(matrix).T, 0, 1)
        srgb = np.where(sim <= 0.0031308, 12.92 * sim, 1.055 * sim ** (1 / 2.4) - 0.055)
        target = out / f"{path.stem}_{vision}.png"
        Image.fromarray(np.round(srgb * 255).astype(np.uint8)).save(target)
        written.append(target)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threshold", type=float, default=SAFE_DISTANCE, help="least ΔE2000 (default %(default)s)")
    parser.add_argument("--theme", action="append", help="only palettes whose name contains this")
    parser.add_argument("--png", type=Path, action="append", default=[], help="a rendered figure to simulate")
    parser.add_argument("--out", type=Path, default=Path("."), help="folder for the simulated PNGs")
    args = parser.parse_args()
    lines, failures = report(args.threshold, args.theme)
    print("\n".join(lines))
    for png in args.png:
        try:
            written = simulate_png(png, args.out)
        except ImportError as exc:
            print(f"error: --png needs numpy and Pillow ({exc.name} is missing)", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"error: cannot simulate {png}: {exc}", file=sys.stderr)
            return 2
        for target in written:
            print(f"wrote {target}")
    for failure in failures:
        print(f"error: {failure} (< {args.threshold})", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
