"""Failures lose nothing: a build that fails leaves the files it would replace as they were.

Output is written to `.NAME.XXXX.tmp` beside the target and renamed over it only when
complete. Each test puts an old file where the build will write, makes the build fail
(bad input, permission denied, a full disk), and checks the old file is byte for byte
the same, no temporary file is left behind, and the exact `Error:` line.

Tests run as root in CI, where permissions do not stop anything: permission denied is
simulated by making the file system calls raise, and checked for real by running the
command as the user `nobody` (with setpriv) in a folder it may not write.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main

OLD_KIT = b"%PDF-1.4 the kit printed last week\n"
OLD_KEY = b"%PDF-1.4 the host key printed last week\n"
FAST = ["--only", "tokens"]  # a one-page kit: these tests are about the files, not the pages


def invoke(*args):
    return CliRunner().invoke(main, list(args), prog_name="papergame")


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def old_kit(tmp_path):
    kit = tmp_path / "kit.pdf"
    kit.write_bytes(OLD_KIT)
    return kit


def assert_untouched(kit, message, result):
    assert result.exit_code == 2, result.output
    assert result.output == f"Error: {message}\n"
    assert kit.read_bytes() == OLD_KIT
    assert leftovers(kit.parent) == []


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("args,message", [
    (["--game", "examples/broken.toml"], 'examples/broken.toml: the [board] table, line 11: "colour" is not a key; '
                                         'did you mean "columns"?'),
    (["--game", "examples/no-such-game.toml"], "examples/no-such-game.toml: no such definition file"),
    (["--tile-size", "70"], "--tile-size: 70 mm is outside 20 to 60 mm"),
    (["--tiles", "4x1"], '--tiles: "4x1": there is no tile type 4 (types: 1, 2, 3)'),
    (["--lang", "xx"], '--lang: no text file for language "xx" (looked for text.xx.toml in the current folder '
                       "and among the built-in templates; available: de, en, es, fr, uk)"),
])
def test_a_build_refused_for_bad_input_leaves_the_old_kit(in_repo, old_kit, args, message):
    result = invoke("build", "-o", str(old_kit), *args)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == f"Error: {message}"
    assert old_kit.read_bytes() == OLD_KIT
    assert leftovers(old_kit.parent) == []


def test_a_text_that_cannot_be_printed_leaves_the_old_kit(old_kit, tmp_path):
    from papergame.data.templates import builtin_path

    words = tmp_path / "words.toml"
    words.write_text(builtin_path(filename="text.en.toml").read_text().replace('title = "Board"', 'title = "Board 漢"'))
    result = invoke("build", "-o", str(old_kit), "--text", str(words))
    assert_untouched(old_kit, f'{words}: board.title: the character "漢" (U+6F22) is not in the embedded font '
                              "(DejaVu Sans), so it would print as a box; write it another way", result)


# --- where the file goes ------------------------------------------------------------------------


def test_an_output_folder_that_does_not_exist(tmp_path):
    out = tmp_path / "nowhere" / "kit.pdf"
    result = invoke("build", "-o", str(out), *FAST)
    assert result.exit_code == 2
    assert result.output == f"Error: {out}: cannot write: the folder {out.parent} does not exist\n"
    assert not out.parent.exists()


def test_an_output_path_that_is_a_folder_gets_the_kit_inside_it(tmp_path):
    folder = tmp_path / "kits"
    folder.mkdir()
    result = invoke("build", "-o", str(folder), *FAST)
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote edge-port-path-tiles.pdf (1 sheet: tokens of the kit) for the players in {folder}\n"
    assert [p.name for p in folder.iterdir()] == ["edge-port-path-tiles.pdf"] and leftovers(folder) == []


@pytest.mark.parametrize("name", ["", "."])
def test_the_current_folder_with_a_separate_host_key(name, tmp_path, monkeypatch):
    """Found by the long fuzz run: the host key's name was made from a folder's empty name."""
    monkeypatch.chdir(tmp_path)
    result = invoke("build", "-o", name, "--host-key", "separate", "--only", "tokens,host-key")
    assert result.exit_code == 0, result.output
    assert result.output == (f"Wrote edge-port-path-tiles.pdf (1 sheet: tokens of the kit) for the players in {tmp_path}\n"
                             f"Wrote edge-port-path-tiles-host-key.pdf (1 sheet: the host key) for the host only in {tmp_path}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["edge-port-path-tiles-host-key.pdf",
                                                          "edge-port-path-tiles.pdf"]


def test_an_output_folder_that_is_a_file(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    result = invoke("build", "-o", str(notes / "kit.pdf"), *FAST)
    assert result.exit_code == 2
    assert result.output == f"Error: {notes}/kit.pdf: cannot write: {notes} is a file, not a folder\n"
    assert notes.read_text() == "keep me\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_an_output_path_that_is_a_pipe_is_not_replaced(tmp_path):
    pipe = tmp_path / "kit.pdf"
    os.mkfifo(pipe)
    result = invoke("build", "-o", str(pipe), *FAST)
    assert result.exit_code == 2
    assert result.output == (f"Error: {pipe}: cannot write: it is not a regular file (a device or a pipe); "
                             "name a file such as kit.pdf\n")
    assert stat.S_ISFIFO(pipe.stat().st_mode) and leftovers(tmp_path) == []


# --- permission denied --------------------------------------------------------------------------


def test_permission_denied_making_the_temporary_file(old_kit, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    result = invoke("build", "-o", str(old_kit), *FAST)
    assert_untouched(old_kit, f"{old_kit}: cannot write: permission denied", result)


def test_permission_denied_renaming_over_the_old_kit(old_kit, monkeypatch):
    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    result = invoke("build", "-o", str(old_kit), *FAST)
    assert_untouched(old_kit, f"{old_kit}: cannot write: permission denied", result)


def as_nobody(command: list[str]) -> list[str]:
    """`command` run as the unprivileged user `nobody` when the tests run as root (as in CI)."""
    if os.geteuid() != 0:
        return command
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.fail("running as root needs setpriv (util-linux) to try a read-only folder as another user")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", *command]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_folder_for_real():
    """No simulation: a real process, as a user the folder does not let write, leaves the old kit."""
    reach = subprocess.run(as_nobody([sys.executable, "-c", "import papergame.cli"]), capture_output=True, text=True,
                           cwd="/", timeout=60)
    if reach.returncode != 0:  # e.g. a checkout under a 0700 folder (mktemp -d): nobody cannot even start papergame
        pytest.skip(f"the user nobody cannot import papergame from this checkout: {reach.stderr.strip()[-200:]}")
    folder = Path(tempfile.mkdtemp(prefix="papergame-readonly-"))  # not under root's 0700 pytest folder
    try:
        kit = folder / "kit.pdf"
        kit.write_bytes(OLD_KIT)
        kit.chmod(0o666)  # even a file anyone may write is not replaced in place
        folder.chmod(0o555)
        result = subprocess.run(as_nobody([sys.executable, "-m", "papergame", "build", "-o", str(kit), *FAST]),
                                capture_output=True, text=True, cwd=folder, timeout=120)
        assert result.returncode == 2, result.stderr
        assert result.stderr == f"Error: {kit}: cannot write: permission denied\n"
        assert kit.read_bytes() == OLD_KIT
        assert leftovers(folder) == []
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


# --- a full disk ----------------------------------------------------------------------------------


class FullDisk:
    """A file that takes half of what is written to it, then reports the disk full."""

    def __init__(self, f):
        self.f = f

    def write(self, data):
        self.f.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def fill_disk_on(monkeypatch, name_part: str):
    """Writes to temporary files whose name holds `name_part` fail as on a full disk."""
    real_mkstemp, real_fdopen = tempfile.mkstemp, os.fdopen
    full: set[int] = set()

    def mkstemp(*args, **kwargs):
        fd, path = real_mkstemp(*args, **kwargs)
        if name_part in os.path.basename(path):
            full.add(fd)
        return fd, path

    def fdopen(fd, *args, **kwargs):
        f = real_fdopen(fd, *args, **kwargs)
        if fd not in full:
            return f
        full.discard(fd)  # once closed, the number may be the next file's (written at the same time, in a thread)
        return FullDisk(f)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "fdopen", fdopen)


def test_a_full_disk_leaves_the_old_kit(old_kit, monkeypatch):
    fill_disk_on(monkeypatch, ".kit.pdf.")
    result = invoke("build", "-o", str(old_kit), *FAST)
    assert_untouched(old_kit, f"{old_kit}: cannot write: the disk is full", result)


def test_a_full_disk_with_no_old_kit_leaves_nothing(tmp_path, monkeypatch):
    fill_disk_on(monkeypatch, ".kit.pdf.")
    out = tmp_path / "kit.pdf"
    result = invoke("build", "-o", str(out), *FAST)
    assert result.output == f"Error: {out}: cannot write: the disk is full\n"
    assert list(tmp_path.iterdir()) == []


# --- the kit and its separate host key: both or neither -------------------------------------------


@pytest.fixture
def old_pair(old_kit):
    key = old_kit.with_name("kit-host-key.pdf")
    key.write_bytes(OLD_KEY)
    return old_kit, key


SEPARATE = ["--only", "tokens,host-key", "--host-key", "separate"]


def test_separate_host_key_replaces_both(old_pair):
    kit, key = old_pair
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.exit_code == 0, result.output
    assert result.output == (f"Wrote {kit.name} (1 sheet: tokens of the kit) for the players in {kit.parent}\n"
                             f"Wrote {key.name} (1 sheet: the host key) for the host only in {key.parent}\n")
    assert kit.read_bytes().startswith(b"%PDF") and kit.read_bytes() != OLD_KIT
    assert key.read_bytes().startswith(b"%PDF") and key.read_bytes() != OLD_KEY
    assert leftovers(kit.parent) == []


def test_a_full_disk_writing_the_host_key_leaves_both_old_files(old_pair, monkeypatch):
    kit, key = old_pair
    fill_disk_on(monkeypatch, ".kit-host-key.pdf.")
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.exit_code == 2
    assert result.output == f"Error: {key}: cannot write: the disk is full\n"
    assert kit.read_bytes() == OLD_KIT and key.read_bytes() == OLD_KEY
    assert leftovers(kit.parent) == []


def flushes_at_once(monkeypatch) -> list[int]:
    """How many files were being flushed to disk at once, each time a flush began (each made to take 0.1 s)."""
    import threading
    import time

    real_fsync, lock, busy, seen = os.fsync, threading.Lock(), [0], []

    def fsync(fd):
        with lock:
            busy[0] += 1
            seen.append(busy[0])
        time.sleep(0.1)
        real_fsync(fd)
        with lock:
            busy[0] -= 1

    monkeypatch.setattr(os, "fsync", fsync)
    return seen


def test_the_kit_and_its_host_key_are_flushed_to_disk_side_by_side(old_pair, monkeypatch):
    kit, key = old_pair
    seen = flushes_at_once(monkeypatch)
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.exit_code == 0, result.output
    # the two temporary files at once (before: [1, 1]), then the folder's entries once both are renamed
    assert sorted(seen[:2]) == [1, 2] and seen[2:] == [1]
    assert kit.read_bytes() != OLD_KIT and key.read_bytes() != OLD_KEY and leftovers(kit.parent) == []


def test_where_no_thread_can_start_the_pair_is_written_one_after_the_other(old_pair, monkeypatch):
    """Pyodide (the offline page) has no threads: `Thread.start` raises RuntimeError there, which stopped the
    bundle's own build (the bytecode step runs `papergame build` in Pyodide) once the pair was written side by
    side. Both files are still written, flushed and renamed, one after the other."""
    import threading

    def no_thread(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    kit, key = old_pair
    seen = flushes_at_once(monkeypatch)
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.exit_code == 0, result.output
    assert seen == [1, 1, 1]  # the key, the kit, then the folder's entries
    assert kit.read_bytes().startswith(b"%PDF") and kit.read_bytes() != OLD_KIT
    assert key.read_bytes().startswith(b"%PDF") and key.read_bytes() != OLD_KEY and leftovers(kit.parent) == []


def test_a_full_disk_for_the_kit_names_the_kit_though_the_key_was_written(old_pair, monkeypatch):
    kit, key = old_pair
    fill_disk_on(monkeypatch, ".kit.pdf.")
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.output == f"Error: {kit}: cannot write: the disk is full\n"
    assert kit.read_bytes() == OLD_KIT and key.read_bytes() == OLD_KEY
    assert leftovers(kit.parent) == []


def test_a_failed_rename_of_the_host_key_puts_the_old_kit_back(old_pair, monkeypatch):
    """The kit is renamed first; when the host key's rename then fails, the kit's old version returns."""
    kit, key = old_pair
    real_replace = os.replace

    def replace(src, dst):
        if os.path.basename(dst) == key.name and os.path.basename(src).startswith(f".{key.name}."):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.exit_code == 2
    assert result.output == f"Error: {key}: cannot write: permission denied\n"
    assert kit.read_bytes() == OLD_KIT and key.read_bytes() == OLD_KEY
    assert leftovers(kit.parent) == []


def test_a_failed_rename_of_the_host_key_removes_a_kit_that_was_not_there(tmp_path, monkeypatch):
    kit, key = tmp_path / "kit.pdf", tmp_path / "kit-host-key.pdf"
    real_replace = os.replace

    def replace(src, dst):
        if os.path.basename(dst) == key.name:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.output == f"Error: {key}: cannot write: permission denied\n"
    assert list(tmp_path.iterdir()) == []


def test_without_hard_links_the_old_kit_is_copied_to_put_it_back(old_pair, monkeypatch):
    kit, key = old_pair
    real_replace = os.replace

    def no_links(src, dst):
        raise OSError(errno.EPERM, "Operation not permitted")

    def replace(src, dst):
        if os.path.basename(dst) == key.name and os.path.basename(src).startswith(f".{key.name}."):
            raise OSError(errno.EIO, "Input/output error")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(os, "replace", replace)
    result = invoke("build", "-o", str(kit), *SEPARATE)
    assert result.output == f"Error: {key}: cannot write: input/output error\n"
    assert kit.read_bytes() == OLD_KIT and key.read_bytes() == OLD_KEY
    assert leftovers(kit.parent) == []


# --- what a successful replacement keeps ------------------------------------------------------------


def test_a_rebuild_keeps_the_old_files_permissions(old_kit):
    old_kit.chmod(0o640)
    result = invoke("build", "-o", str(old_kit), *FAST)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(old_kit.stat().st_mode) == 0o640
    assert old_kit.read_bytes() != OLD_KIT and leftovers(old_kit.parent) == []
