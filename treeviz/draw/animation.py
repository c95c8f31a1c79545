"""A replay's frames (:class:`treeviz.draw.replay.Replay`) as an animated GIF (Pillow) or an MP4 (imageio-ffmpeg),
painted by cairo straight into pixels (:func:`treeviz.draw.cairo_writer.to_pixels`), every frame at the same size
and the same layout.

The GIF is the same bytes for the same replay (one palette for every frame, taken from the last, which holds every
colour the replay uses; no dithering); the MP4 is H.264 with ffmpeg's bit-exact flags.
"""

from __future__ import annotations

import io
import os
import tempfile
from typing import Any

from treeviz.draw.cairo_writer import to_pixels
from treeviz.draw.replay import Replay

GIF_COLOURS = 128
"""The GIF's palette: the replay's inks and their anti-aliased edges."""


class ExtraMissing(ImportError):
    """An optional package the output needs is not installed: the message names the extra to install."""


def require_pillow() -> Any:
    """Pillow's Image module.

    :raises ExtraMissing: Pillow is not installed.
    """
    try:
        from PIL import Image
    except ImportError:
        raise ExtraMissing("GIF output needs Pillow: pip install 'treeviz[video]' (or pip install pillow)") from None
    return Image


def require_mp4() -> Any:
    """The imageio_ffmpeg module (with its ffmpeg binary).

    :raises ExtraMissing: imageio-ffmpeg is not installed, or has no ffmpeg.
    """
    try:
        import imageio_ffmpeg  # type: ignore[import-untyped]  # it ships no type information
    except ImportError:
        raise ExtraMissing("MP4 output needs imageio-ffmpeg: pip install 'treeviz[video]'") from None
    try:
        imageio_ffmpeg.get_ffmpeg_exe()
    except RuntimeError as exc:
        raise ExtraMissing(f"MP4 output needs ffmpeg, which imageio-ffmpeg could not find ({exc}): pip install "
                           "'treeviz[video]' on a platform it has a wheel for") from None
    return imageio_ffmpeg


def frame_pixels(replay: Replay, size: tuple[int, int]) -> Any:
    """Each frame's raw pixels (``bgr0``), in order."""
    width, height = size
    for scene in replay.scenes():
        yield to_pixels(scene, width, height)


def gif_bytes(replay: Replay, size: tuple[int, int], fps: float) -> bytes:
    """The replay as an animated GIF that loops, ``fps`` frames a second.

    :raises ExtraMissing: Pillow is not installed.
    """
    Image = require_pillow()
    width, height = size
    frames = [Image.frombuffer("RGB", size, data, "raw", "BGRX", 0, 1) for data in frame_pixels(replay, size)]
    palette = frames[-1].quantize(colors=GIF_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    images = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    out = io.BytesIO()
    hundredths = max(1, round(100 / fps))  # a GIF times its frames in hundredths of a second
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=hundredths * 10, loop=0,
                   optimize=False)
    return out.getvalue()


def mp4_bytes(replay: Replay, size: tuple[int, int], fps: float) -> bytes:
    """The replay as an H.264 MP4, ``fps`` frames a second (one frame a step, held as long as it lasts).

    :raises ExtraMissing: imageio-ffmpeg is not installed.
    """
    imageio_ffmpeg = require_mp4()
    descriptor, path = tempfile.mkstemp(prefix="treeviz-", suffix=".mp4")
    os.close(descriptor)
    try:
        writer = imageio_ffmpeg.write_frames(
            path, size, fps=fps, codec="libx264", pix_fmt_in="bgr0", pix_fmt_out="yuv420p", quality=8,
            macro_block_size=2, ffmpeg_log_level="error",
            output_params=["-preset", "veryfast", "-tune", "stillimage", "-fflags", "+bitexact", "-flags:v",
                           "+bitexact", "-map_metadata", "-1"])
        writer.send(None)  # start ffmpeg
        for data in frame_pixels(replay, size):
            writer.send(data)
        writer.close()
        with open(path, "rb") as file:
            return file.read()
    finally:
        os.unlink(path)


__all__ = ["ExtraMissing", "frame_pixels", "gif_bytes", "mp4_bytes", "require_mp4", "require_pillow"]
