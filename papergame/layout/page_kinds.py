"""The kinds of page a kit is made of, in the order a kit prints them: one registry.

The choices of the option that prints only some parts, its help, the check of its value and
the web page's hint are read from here, so a new kind of page is one line in `PAGE_KINDS`
(and its `pages(ctx)` builder).
"""

from __future__ import annotations

from typing import NamedTuple


class PageKind(NamedTuple):
    name: str  # as the command line takes it
    what: str  # in a sentence: "the board"
    players: bool = True  # the players' part of the kit (False: the host key and the guide, the adult's)


PAGE_KINDS = (
    PageKind("board", "the board"),
    PageKind("tiles", "the tiles"),
    PageKind("tokens", "the tokens"),
    PageKind("rules", "the rules"),
    PageKind("record", "the record sheet"),
    PageKind("host-key", "the host key", players=False),
    PageKind("guide", "the teacher's guide", players=False),
)
PARTS = tuple(kind.name for kind in PAGE_KINDS)
PLAYER_PARTS = tuple(kind.name for kind in PAGE_KINDS if kind.players)


def parts_list(separator: str = ",") -> str:
    """The parts as the command line takes them, with commas: `board,tiles,tokens,rules,record,host-key,guide`.

    >>> parts_list(", ")
    'board, tiles, tokens, rules, record, host-key, guide'
    """
    return separator.join(PARTS)
