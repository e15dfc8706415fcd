"""How far a long build has got, for whoever runs it: the command line's progress line on a terminal,
and `serve`, which stops a build whose page has gone away (a closed tab, an option changed again).

A build says `step(part, done, total)` between its pieces of work (each kit of a class set, each sheet of
tiles laid out, each page drawn into the PDF); by default nobody listens. `watching(watcher)` has `watcher(part, done, total)`
hear them in this thread (a context variable, as `folders.READ_CURRENT_FOLDER`, so the server's other
requests and the command line in the same process are not affected). A watcher that raises `Stopped`
ends the build there; nothing has been written by then, as files are written only once all their
bytes are made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Watcher = Callable[[str, int, int], None]
WATCHER: ContextVar[Watcher | None] = ContextVar("build_watcher", default=None)

# the parts a build steps through: a class set's kits laid out, the tiles laid out on their sheets, pages drawn
KITS, TILES, PAGES = "kits", "tiles", "pages"


class Stopped(Exception):
    """A build its watcher stopped (the client that asked for it has gone)."""


def step(part: str, done: int, total: int) -> None:
    """`done` of `total` pieces of `part` made: tell the watcher, if there is one (it may raise `Stopped`)."""
    watcher = WATCHER.get()
    if watcher is not None:
        watcher(part, done, total)


@contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """Have `watcher` hear every step of the builds run in this thread, until the block ends."""
    token = WATCHER.set(watcher)
    try:
        yield
    finally:
        WATCHER.reset(token)
