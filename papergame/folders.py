"""Whether this run may look for files in the current folder.

The command line looks there for a `text.LANG.toml`, and takes a file in the current folder
over a built-in game of the same name, as its README says. `papergame serve` reads no file of
the user's: each request's thread sets `READ_CURRENT_FOLDER` to False (a context variable, so
the command line in the same process is not affected; a new thread starts with the default).
"""

from __future__ import annotations

from contextvars import ContextVar

READ_CURRENT_FOLDER: ContextVar[bool] = ContextVar("read_current_folder", default=True)
