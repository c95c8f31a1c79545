"""Writing output files safely whatever the path names: a regular file atomically, anything else through.

A regular file (new or existing) is written to a temporary file beside it and
renamed over it at the end: readers (a browser reloading a page, a LaTeX run,
another process) never see half a file, and a failure leaves the old file (or
nothing) behind. A symbolic link is followed and its target written that way (the
link stays a link; a dangling link gets its target created). A character device
(``/dev/null``, a terminal), a FIFO, a socket, or a descriptor link
(``/dev/stdout``, ``/proc/self/fd/1``) is opened and written through, never
replaced: renaming a file over ``/dev/null`` would break the machine. A directory,
an empty path or a path whose folder does not exist is an :class:`OutputPathError`
naming the path as it was given (never a temporary file's name). Library code and
the CLI both write through here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

MAX_LINKS = 40
"""Symbolic links followed before a path counts as a loop (Linux's own limit)."""
DESCRIPTOR_FOLDERS = ("/proc/", "/dev/fd/")
"""Links under these name an open descriptor of some process: they are written through, like the device."""
_UNFINISHED: set[str] = set()
"""Temporary files being written now, for :func:`remove_unfinished` when the process must leave at once."""


class OutputPathError(OSError):
    """An output path that cannot be written, with the path as the caller gave it.

    ``str()`` is ``cannot write 'x/y.png': no such folder 'x'``; ``filename`` is the path given,
    ``reason`` the words after the colon.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, code: int = errno.EINVAL) -> None:
        super().__init__(code, reason, os.fspath(path))
        self.path = os.fspath(path)
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot write {self.path!r}: {self.reason}"


def write_atomically(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` to ``path`` (see :func:`write_chunks_atomically`).

    :raises OutputPathError: the path cannot be written (a directory, empty, no such folder, no permission).
    """
    write_chunks_atomically(path, [data])


def write_chunks_atomically(path: str | os.PathLike[str], chunks: Iterable[bytes | str]) -> None:
    """Write ``chunks`` one after the other to ``path``: a regular file atomically (a huge figure streams out
    without being held whole in memory, and an exception while producing the chunks leaves no file behind),
    a device, FIFO or socket through, a symbolic link's target atomically.

    :raises OutputPathError: the path cannot be written (a directory, empty, no such folder, no permission,
        a link loop); its message names ``path`` as given.
    :raises BrokenPipeError: the reader of a device or FIFO written through went away.
    """
    target, through = output_target(path)
    try:
        if through:
            _write_through(target, chunks)
        else:
            _write_replacing(target, chunks)
    except (OutputPathError, BrokenPipeError):
        raise  # a broken pipe: the reader of a device or FIFO went away, as a reader of stdout may
    except OSError as exc:
        raise OutputPathError(path, _reason(exc), exc.errno or errno.EIO) from exc


def check_output_path(path: str | os.PathLike[str]) -> None:
    """Refuse, before any work is done, a path :func:`write_chunks_atomically` could not write.

    :raises OutputPathError: an empty path, a directory, a folder that does not exist, a link loop.
    """
    output_target(path)


def output_target(path: str | os.PathLike[str]) -> tuple[Path, bool]:
    """Where writing ``path`` really goes and whether it is written through (True) or replaced atomically.

    :raises OutputPathError: an empty path, a directory, a folder that does not exist, a link loop.
    """
    given = os.fspath(path)
    if given == "":
        raise OutputPathError(given, "the path is empty", errno.ENOENT)
    if given.endswith(os.sep) and not os.path.exists(given):
        raise OutputPathError(given, "it names a folder (it ends with /), not a file", errno.EISDIR)
    current = Path(given)
    for _ in range(MAX_LINKS):
        if str(current).startswith(DESCRIPTOR_FOLDERS):
            return current, True  # an open descriptor (/dev/stdout): the shell chose what it is
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            return _new_file(given, current), False
        except NotADirectoryError:
            raise OutputPathError(given, f"{str(current.parent)!r} is not a folder", errno.ENOTDIR) from None
        except OSError as exc:
            raise OutputPathError(given, _reason(exc), exc.errno or errno.EIO) from exc
        if stat.S_ISLNK(info.st_mode):
            link = Path(os.readlink(current))
            current = link if link.is_absolute() else current.parent / link
            continue
        if stat.S_ISDIR(info.st_mode):
            raise OutputPathError(given, "it is a folder: name a file in it", errno.EISDIR)
        if stat.S_ISREG(info.st_mode) and not os.access(current.parent, os.W_OK):
            raise OutputPathError(given, f"no permission to replace files in {str(current.parent)!r}", errno.EACCES)
        return current, not stat.S_ISREG(info.st_mode)
    raise OutputPathError(given, "too many levels of symbolic links", errno.ELOOP)


def _new_file(given: str, current: Path) -> Path:
    """``current``, a file to create, once its folder is known to exist and take new files."""
    folder = current.parent
    if not folder.is_dir():
        raise OutputPathError(given, f"no such folder {str(_shown_folder(given, current)).rstrip('/')!r}",
                              errno.ENOENT)
    if not os.access(folder, os.W_OK):
        raise OutputPathError(given, f"no permission to create files in {str(folder)!r}", errno.EACCES)
    return current


def _shown_folder(given: str, current: Path) -> Path:
    """The missing folder as the user wrote it when the path was not a link, else the link target's folder."""
    return current.parent if Path(given) != current else Path(given).parent


def _write_replacing(target: Path, chunks: Iterable[bytes | str]) -> None:
    """A temporary file beside ``target``, renamed over it once complete (keeping an old file's mode)."""
    directory = target.parent
    mode = 0o644
    with contextlib.suppress(FileNotFoundError):
        mode = stat.S_IMODE(os.stat(target).st_mode)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{target.name}.", suffix=".tmp")
    _UNFINISHED.add(tmp)
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk.encode() if isinstance(chunk, str) else chunk)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    finally:
        _UNFINISHED.discard(tmp)


def remove_unfinished() -> None:
    """Delete the temporary files still being written (best effort, allocating next to nothing): for a process
    that leaves with ``os._exit`` (out of memory), so that nothing half-written stays behind."""
    for tmp in list(_UNFINISHED):
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _write_through(target: Path, chunks: Iterable[bytes | str]) -> None:
    """Open ``target`` (a device, a FIFO, a descriptor link) and write into it; a socket is connected to."""
    info = os.stat(target)
    if stat.S_ISSOCK(info.st_mode):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.connect(str(target))
            for chunk in chunks:
                sock.sendall(chunk.encode() if isinstance(chunk, str) else chunk)
        return
    with open(target, "wb") as handle:
        for chunk in chunks:
            handle.write(chunk.encode() if isinstance(chunk, str) else chunk)


def _reason(exc: OSError) -> str:
    """The system's words for ``exc`` without the file name (which may be a temporary file's)."""
    return (exc.strerror or str(exc)).rstrip(".").lower() if exc.strerror else str(exc)
