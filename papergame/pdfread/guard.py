"""Reading a PDF someone hands us, with bounds: PDFium runs in a child process with a memory
and a time limit, so a file made to overload a reader gets one `Error:` line.

A PDF of 653 bytes can make PDFium build millions of objects (a form that draws itself
twice), a Flate stream of 262 KB can unpack to gigabytes of drawing, and a page can ask for a
picture of 200 inches. Cheap checks come first, in this process (`document_sizes`: the
number of pages and their sizes, read without loading a page); the work itself (`bounded`)
then runs in a child that the system stops at MEMORY bytes more than it started with and
after its time; what the child finds comes back through a pipe, one item at a time. PDFium
stops a process that runs out of memory (SIGABRT): that is the child, and the parent says so.

Where there is no `fork` (Windows), the work runs here with only the cheap checks.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from papergame.errors import PapergameError

MEMORY = 512 << 20  # bytes the child may take beyond what it had when it began
MAX_PAGES = 2000  # a class set of 40 eight-port kits with 60 mm tiles has 485
MAX_PAGE_MM = 5000.0  # a side of a page: 5 m (A0 is 1,189 mm)
SECONDS_BASE, SECONDS_PER_PAGE = 30, 1  # the child's time: 30 s, and 1 s more for each page


class Damaged(PapergameError):
    """A PDF that PDFium cannot read a page of (a page tree that loops, say)."""


def document_sizes(document, path: Path) -> list[tuple[float, float]]:
    """Every page's size in points, read without loading the pages; refuses a file with too many
    pages, a page that cannot be found (a page tree that loops), or a page miles wide."""
    import ctypes

    import pypdfium2.raw as raw

    count = len(document)
    if count > MAX_PAGES:
        raise PapergameError(f"{path}: the PDF has {count:,} pages; papergame reads at most {MAX_PAGES:,} "
                             f"(a class set of 40 kits has fewer than 500)")
    sizes = []
    size = raw.FS_SIZEF()
    for index in range(count):
        if not raw.FPDF_GetPageSizeByIndexF(document.raw, index, ctypes.byref(size)):
            raise Damaged(f"{path}: page {index + 1} cannot be found in the file (its page tree is broken "
                          f"or loops); make it again or ask for a new copy")
        width, height = size.width, size.height
        if not (0 < width <= MAX_PAGE_MM / 25.4 * 72 and 0 < height <= MAX_PAGE_MM / 25.4 * 72):
            raise PapergameError(f"{path}: page {index + 1} is {width * 25.4 / 72:,.0f} × {height * 25.4 / 72:,.0f} mm; "
                                 f"papergame reads pages up to {MAX_PAGE_MM / 1000:g} m a side")
        sizes.append((width, height))
    return sizes


def seconds_for(pages: int) -> int:
    return SECONDS_BASE + SECONDS_PER_PAGE * pages


def bounded(path: Path, seconds: int, work: Callable[..., Iterator[Any]], *args: Any) -> Iterator[Any]:
    """The items `work(*args)` yields, made in a child process held to MEMORY and `seconds`.

    A PapergameError in the child is raised here with its problems; a child that the system
    stopped, or that ran out of time, is one PapergameError naming `path`.
    """
    if not hasattr(os, "fork"):
        yield from work(*args)
        return
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=run_child, args=(send, seconds, work, args), daemon=True)
    child.start()
    send.close()
    try:
        while True:
            if not receive.poll(seconds + 5):  # the child's own CPU limit comes first; this is for a child that waits
                raise overloaded(path, seconds)
            try:
                kind, value = receive.recv()
            except EOFError:  # stopped by the system: out of memory (PDFium aborts) or of time
                child.join(5)
                raise overloaded(path, seconds) from None
            if kind == "item":
                yield value
            elif kind == "error":
                raise PapergameError(value)
            elif kind == "memory":
                raise overloaded(path, seconds)
            elif kind == "bug":
                raise RuntimeError(f"reading {path} failed in the child process:\n{value}")
            else:
                return
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join(5)


def overloaded(path: Path, seconds: int) -> PapergameError:
    return PapergameError(f"{path}: reading it needs more than {MEMORY >> 20} MB of memory or {seconds} s, "
                          f"far more than any papergame kit; it is damaged or made to overload a reader")


def run_child(send, seconds: int, work: Callable[..., Iterator[Any]], args: tuple) -> None:
    import resource

    import faulthandler

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to answer
    faulthandler.disable()  # PDFium out of memory aborts this child: the parent says so in one line
    limit(resource.RLIMIT_AS, address_space() + MEMORY)
    limit(resource.RLIMIT_CPU, seconds)
    try:
        for item in work(*args):
            send.send(("item", item))
        send.send(("done", None))
    except PapergameError as exc:
        send.send(("error", exc.problems))
    except MemoryError:
        send.send(("memory", None))
    except BaseException:  # noqa: BLE001 - a bug: the parent shows it
        import traceback

        send.send(("bug", traceback.format_exc()))
    finally:
        send.close()
    os._exit(0)  # no atexit handler of the parent's (a test run's) runs twice


def limit(which: int, soft: int) -> None:
    """Lower a resource limit of this process to `soft` (never above the hard limit it already has)."""
    import resource

    try:
        _, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(which, (soft, hard))
    except (ValueError, OSError):  # a system without this limit: the other one still holds
        pass


def address_space() -> int:
    """The bytes of address space this process has now (VmSize), 0 if it cannot be told."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
