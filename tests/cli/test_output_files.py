"""Writing output files whatever ``-o`` names: regular files atomically, devices, FIFOs and sockets through,
symbolic links followed, folders and missing folders refused naming the user's path (issue 26, item 1).

Each case runs through the library (``treeviz.files`` and ``Tree.save``) and through a command (``tttree -o``,
plus ``treeviz solve``, ``treeviz view`` and ``treeviz report`` where they write).
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import treeviz
from treeviz.files import OutputPathError, write_atomically, write_chunks_atomically

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # every test runs the commands as processes (about a second each here)
FEN = "1o11o1oxx x"


def tttree(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "tttree"), *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The single ``error:`` line of a refused command (exit 2, nothing on stdout)."""
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr and ".tmp" not in done.stderr
    return lines[0]


class FifoReader:
    """Reads a FIFO in a thread, the way a pipe's other end would (``cat fifo``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with open(self.path, "rb") as handle:
            self.data = handle.read()

    def result(self) -> bytes:
        self.thread.join(timeout=60)
        assert not self.thread.is_alive(), "the reader never saw the end of the output"
        return self.data


class SocketReader:
    """A Unix socket listening at ``path`` that keeps what one client sends."""

    def __init__(self, path: Path) -> None:
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(1)
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        connection, _ = self.server.accept()
        with connection:
            while chunk := connection.recv(65536):
                self.data += chunk

    def result(self) -> bytes:
        self.thread.join(timeout=60)
        self.server.close()
        assert not self.thread.is_alive()
        return self.data


# -- regular files stay atomic ------------------------------------------------------------------------------

def test_a_regular_file_is_replaced_whole_and_no_temporary_is_left(tmp_path: Path) -> None:
    target = tmp_path / "g.dot"
    target.write_text("old")
    done = tttree(FEN, "-o", str(target))
    assert done.returncode == 0, done.stderr
    assert target.read_text().startswith("digraph")
    assert [p.name for p in tmp_path.iterdir()] == ["g.dot"]


def test_a_failure_while_writing_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "g.dot"
    target.write_text("old")

    def chunks():
        yield "new"
        raise RuntimeError("the drawing failed")

    with pytest.raises(RuntimeError):
        write_chunks_atomically(target, chunks())
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["g.dot"]


# -- FIFOs, sockets and character devices are written through ----------------------------------------------

def test_a_fifo_is_written_through_to_its_reader_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    done = tttree(FEN, "-o", str(fifo))
    assert done.returncode == 0, done.stderr
    assert reader.result().startswith(b"digraph")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_tree_save_writes_through_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    treeviz.search_tree(FEN).save(str(fifo), "json")
    assert reader.result().startswith(b'{"directed"')
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_socket_is_written_through_and_stays_a_socket(tmp_path: Path) -> None:
    path = tmp_path / "sock"
    reader = SocketReader(path)
    done = tttree(FEN, "--format", "json", "-o", str(path))
    assert done.returncode == 0, done.stderr
    assert reader.result().startswith(b'{"directed"')
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_a_descriptor_link_like_dev_stdout_writes_into_the_pipe_stdout_is(tmp_path: Path) -> None:
    # /dev/stdout itself is a link to /proc/self/fd/1; one made here says the same without risking the real one
    # should the writer ever replace links again.
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    done = tttree(FEN, "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("digraph")
    assert link.is_symlink() and [p.name for p in tmp_path.iterdir()] == ["stdout"]


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod of a character device needs root")
def test_a_character_device_made_with_mknod_is_written_through_not_replaced(tmp_path: Path) -> None:
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's device, made here: the real one is
    # never used, so a writer that replaced devices would break nothing outside this folder
    done = tttree(FEN, "-o", str(device))
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode) and os.lstat(device).st_rdev == os.makedev(1, 3)
    write_atomically(device, "library too")
    treeviz.search_tree(FEN).save(str(device), "dot")
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["null"]


# -- symbolic links are followed -----------------------------------------------------------------------------

def test_a_link_to_a_file_writes_the_target_and_stays_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "tree.svg"
    target.write_text("old")
    link = tmp_path / "tree.svg"
    link.symlink_to(Path("real") / "tree.svg")
    done = tttree(FEN, "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "tree.svg")
    assert target.read_text().lstrip().startswith("<?xml")
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["tree.svg"]


def test_a_dangling_link_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "tree.json"
    link.symlink_to(tmp_path / "made.json")
    treeviz.search_tree(FEN).save(str(link))
    assert link.is_symlink()
    assert (tmp_path / "made.json").read_text().startswith('{"directed"')
    link2 = tmp_path / "cli.dot"
    link2.symlink_to("made.dot")
    done = tttree(FEN, "-o", str(link2))
    assert done.returncode == 0, done.stderr
    assert link2.is_symlink() and (tmp_path / "made.dot").read_text().startswith("digraph")


def test_a_link_loop_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "a.dot").symlink_to("b.dot")
    (tmp_path / "b.dot").symlink_to("a.dot")
    line = one_error_line(tttree(FEN, "-o", str(tmp_path / "a.dot")))
    assert "symbolic links" in line


# -- folders, empty paths and missing folders: one error naming the user's path ------------------------------

def test_a_folder_is_refused_naming_it(tmp_path: Path) -> None:
    line = one_error_line(tttree(FEN, "-o", str(tmp_path)))
    assert line == f"error: cannot write {str(tmp_path)!r}: it is a folder: name a file in it"
    with pytest.raises(OutputPathError, match="it is a folder") as caught:
        treeviz.search_tree(FEN).save(str(tmp_path), "dot")
    assert caught.value.filename == str(tmp_path)


def test_an_empty_path_is_refused() -> None:
    line = one_error_line(tttree(FEN, "-o", ""))
    assert line == "error: cannot write '': the path is empty"


def test_a_missing_folder_is_refused_naming_the_users_path_not_a_temporary_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "x.png"
    line = one_error_line(tttree(FEN, "-o", str(missing)))
    assert line == f"error: cannot write {str(missing)!r}: no such folder {str(missing.parent)!r}"
    with pytest.raises(OutputPathError) as caught:
        treeviz.search_tree(FEN).save(str(missing))
    assert str(caught.value) == f"cannot write {str(missing)!r}: no such folder {str(missing.parent)!r}"
    assert isinstance(caught.value, OSError) and ".tmp" not in str(caught.value)


def test_a_missing_folder_is_refused_before_the_search(tmp_path: Path) -> None:
    # The full tree of the empty board takes seconds to search: the error must come at once.
    done = tttree("9 x", "--max-nodes", "0", "--format", "json", "-o", str(tmp_path / "no" / "full.json"))
    one_error_line(done)


@pytest.mark.parametrize("command", [
    ["treeviz", "solve", "x21o11xo o", "--format", "dot", "-o"],
    ["treeviz", "view", FEN, "--no-open", "-o"],
    ["treeviz", "compare", FEN, "-o"],
])
def test_every_writing_command_refuses_a_folder_the_same_way(tmp_path: Path, command: list[str]) -> None:
    done = subprocess.run([str(BIN / command[0]), *command[1:], str(tmp_path)], capture_output=True, text=True,
                          timeout=120)
    assert one_error_line(done) == f"error: cannot write {str(tmp_path)!r}: it is a folder: name a file in it"


def test_solve_and_view_write_through_a_fifo(tmp_path: Path) -> None:
    for command in (["treeviz", "solve", "x21o11xo o", "--format", "json", "-o"],
                    ["treeviz", "view", FEN, "--no-open", "-o"]):
        fifo = tmp_path / f"pipe-{command[1]}"
        os.mkfifo(fifo)
        reader = FifoReader(fifo)
        done = subprocess.run([str(BIN / command[0]), *command[1:], str(fifo)], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert reader.result()[:1] in (b"{", b"<")
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_sm_refresh_follows_a_link_among_its_files(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "refresh.html").symlink_to(elsewhere / "page.html")  # e.g. into a web server's folder
    done = subprocess.run([str(BIN / "sm-refresh"), "--human", "both", "--no-png", "-o", str(folder)],
                          input="55\nquit\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (folder / "refresh.html").is_symlink()
    assert "<html" in (elsewhere / "page.html").read_text().lower()
    assert sorted(p.name for p in folder.iterdir()) == ["g.dot", "refresh.html"]


def test_the_results_page_refuses_a_folder_and_writes_through_a_fifo(tmp_path: Path) -> None:
    records = tmp_path / "records"
    played = subprocess.run([str(BIN / "treeviz"), "arena", "random", "greedy", "--seconds", "1", "-o",
                             str(records)], capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    refused = subprocess.run([str(BIN / "treeviz"), "report", str(records), "-o", str(tmp_path)],
                             capture_output=True, text=True, timeout=120)
    assert one_error_line(refused) == f"error: cannot write {str(tmp_path)!r}: it is a folder: name a file in it"
    fifo = tmp_path / "page"
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    done = subprocess.run([str(BIN / "treeviz"), "report", str(records), "-o", str(fifo)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"<html" in reader.result().lower()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
