"""The one family of errors the project raises for bad input.

Every problem names where it was found (a file and a field path, or a move's number)
and what would be valid, so the command line can print it as one `Error:` line.
"""

from __future__ import annotations


class PapergameError(Exception):
    """Bad input that a person can fix. Carries one or more problems, each one line."""

    def __init__(self, problems: str | list[str]):
        if isinstance(problems, str):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class DefinitionError(PapergameError):
    """A definition or text file is broken; `problems` lists everything wrong with it."""


class MoveError(PapergameError):
    """A move cannot be played."""


class LayoutError(PapergameError):
    """The requested kit cannot be laid out on the paper (for example, tiles too big)."""


class OutputError(PapergameError):
    """The output file cannot be written."""
