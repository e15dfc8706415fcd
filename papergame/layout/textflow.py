"""Text measured and wrapped to a width, with the font's metrics handed in by the renderer."""

from __future__ import annotations

from typing import Protocol

from papergame.errors import LayoutError


class Metrics(Protocol):
    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The width in mm of `text` set at `size` mm."""


def wrap(text: str, width: float, size: float, metrics: Metrics, bold: bool = False, what: str = "a text") -> list[str]:
    """Break `text` into lines no wider than `width` mm, at spaces.

    A word wider than the whole line is an error rather than a line that runs off the page.
    Only ordinary spaces break a line: a no-break space (U+00A0, U+202F), as French puts
    before a colon, keeps its two sides together.

    >>> class Mono:
    ...     def width(self, text, size, bold=False): return len(text)
    >>> wrap("Nord\u00a0: en haut de la page", 12, 1, Mono())
    ['Nord\xa0: en', 'haut de la', 'page']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in (w for w in paragraph.replace("\t", " ").split(" ") if w):
            if metrics.width(word, size, bold) > width:
                raise LayoutError(f'{what}: the word "{word}" is wider than its box ({width:.0f} mm)')
            trial = f"{current} {word}" if current else word
            if metrics.width(trial, size, bold) <= width:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def fit_line(text: str, width: float, size: float, metrics: Metrics, bold: bool = False, what: str = "a text") -> str:
    """A single line that must fit its box, or a clear error."""
    if metrics.width(text, size, bold) > width:
        raise LayoutError(f'{what}: "{text}" is wider than its box ({width:.0f} mm); shorten it')
    return text
