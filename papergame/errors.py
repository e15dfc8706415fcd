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
        self.problems = [one_line(p) for p in problems]
        super().__init__("\n".join(self.problems))


def one_line(problem: str) -> str:
    r"""A problem as one printable line: characters that would break or hide it are shown escaped.

    A name or a path from a file can hold a newline, a tab or an invisible character; shown
    raw, it would split the `Error:` line or vanish from it.

    >>> one_line('board.columns[0]: "a\nb" is not a usable name')
    'board.columns[0]: "a\\nb" is not a usable name'
    >>> one_line('"Grüße\u200b" is fine apart from the zero-width space')
    '"Grüße\\u200b" is fine apart from the zero-width space'
    """
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in problem)


class DefinitionError(PapergameError):
    """A definition or text file is broken; `problems` lists everything wrong with it."""


class MoveError(PapergameError):
    """A move cannot be played."""


class LayoutError(PapergameError):
    """The requested kit cannot be laid out on the paper (for example, tiles too big)."""


class OptionError(PapergameError):
    """An option's value cannot be used.

    `option` is the option's long name without dashes (`tile-size`), the same name a web
    query uses; the command line shows it as `--tile-size`.
    """

    def __init__(self, option: str, detail: str):
        self.option = option
        self.detail = one_line(detail)
        super().__init__(f"{option}: {detail}")


class OutputError(PapergameError):
    """The output file cannot be written."""


class SolveError(PapergameError):
    """A game that `solve` cannot answer: the wrong rule set, or a board too large."""


# Ctrl-C: one line on stderr and the status shells give a command stopped by it (128 + SIGINT).
STOPPED = "papergame: stopped (Ctrl-C)"
STOPPED_STATUS = 130


def say_stopped() -> int:
    """Say that Ctrl-C stopped papergame, as quietly as a closed terminal or a second Ctrl-C allow."""
    import sys

    try:
        sys.stderr.write("\n" + STOPPED + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, KeyboardInterrupt):
        pass
    return STOPPED_STATUS
