"""The web server of `papergame serve`, running on a free port in a thread for the tests that
talk to it over HTTP."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from papergame.web.server import make_server


@contextmanager
def running_server(busy_wait: float | None = None) -> Iterator:
    """A server on 127.0.0.1 and a free port, serving until the block ends; `busy_wait`, if
    given, is how long a request waits for the build lock before the server says it is busy."""
    srv = make_server("127.0.0.1", 0)
    if busy_wait is not None:
        srv.engine.busy_wait = busy_wait
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
