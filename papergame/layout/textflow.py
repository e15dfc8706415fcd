"""Text measured and wrapped to a width, with the font's metrics handed in by the renderer."""

from __future__ import annotations

from typing import Protocol

from papergame.errors import LayoutError


class Metrics(Protocol):
    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The width in mm of `text` set at `size` mm."""


SHY = "\u00ad"  # a soft hyphen, written in a text file where a word too wide for its box may break


def wrap(text: str, width: float, size: float, metrics: Metrics, bold: bool = False, what: str = "a text") -> list[str]:
    """Break `text` into lines no wider than `width` mm, at spaces.

    A word wider than the whole line is an error rather than a line that runs off the page,
    unless its text file marks where it may break with a soft hyphen (U+00AD, written
    `\u00ad`): then it breaks there, with a hyphen, and only when it must (a soft hyphen
    is never printed). Only ordinary spaces break a line: a no-break space (U+00A0, U+202F),
    as French puts before a colon, keeps its two sides together.

    >>> class Mono:
    ...     def width(self, text, size, bold=False): return len(text)
    >>> wrap("Nord\u00a0: en haut de la page", 12, 1, Mono())
    ['Nord\xa0: en', 'haut de la', 'page']
    >>> wrap("Клі\u00adтин\u00adка", 7, 1, Mono()), wrap("Клі\u00adтин\u00adка", 8, 1, Mono())
    (['Клітин-', 'ка'], ['Клітинка'])
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in (w for w in paragraph.replace("\t", " ").split(" ") if w):
            if SHY in word and metrics.width(word.replace(SHY, ""), size, bold) > width:
                *broken, word = hyphenated(word, width, size, metrics, bold, what)
                if current:
                    lines.append(current)
                lines += broken
                current = ""
            word = word.replace(SHY, "")
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


def hyphenated(word: str, width: float, size: float, metrics: Metrics, bold: bool = False,
               what: str = "a text") -> list[str]:
    """`word` broken at its soft hyphens into as few pieces as fit `width`, each but the last ending in a hyphen.

    >>> class Mono:
    ...     def width(self, text, size, bold=False): return len(text)
    >>> hyphenated("Гра\u00adвець", 5, 1, Mono())
    ['Гра-', 'вець']
    """
    parts = word.split(SHY)
    pieces: list[str] = []
    current = parts[0]
    for part in parts[1:]:
        if metrics.width(current + part + "-", size, bold) <= width:
            current += part
        else:
            pieces.append(current + "-")
            current = part
    pieces.append(current)
    for piece in pieces[:-1]:
        if metrics.width(piece, size, bold) > width:
            raise LayoutError(f'{what}: the word "{word.replace(SHY, "")}" is wider than its box ({width:.0f} mm) '
                              f'even broken at its soft hyphens ("{piece}")')
    return pieces


def least_width(word: str, size: float, metrics: Metrics, bold: bool = False) -> float:
    """The narrowest box `word` can be set in: whole, or broken at every soft hyphen (see `hyphenated`)."""
    parts = word.split(SHY)
    return max([metrics.width(p + "-", size, bold) for p in parts[:-1]] + [metrics.width(parts[-1], size, bold)])


def fit_line(text: str, width: float, size: float, metrics: Metrics, bold: bool = False, what: str = "a text") -> str:
    """A single line that must fit its box, or a clear error."""
    if metrics.width(text, size, bold) > width:
        raise LayoutError(f'{what}: "{text}" is wider than its box ({width:.0f} mm); shorten it')
    return text
