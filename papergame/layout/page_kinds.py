"""Every kind of page papergame prints, in the order each document prints them: one registry.

A document (a kit, a rule set's practice sheets, the single-loop puzzle sheets, a simulation's
report) is its page kinds in the order listed here, each `pages(ctx) -> list[Sheet]` over the
one `PageContext`. The kit's kinds are the parts the option that prints only some parts chooses
among: its choices, its help, the check of its value and the web page's hint are read from
`PARTS`, so a new kind of kit page is one line here (and its `pages(ctx)` builder). A kind whose
pages differ by rule set (the kit's rules, record, host key and guide) names the rule set's
dispatcher in `layout.rulesets`; a kind that only one rule set's document has names that rule
set (`rules`). Builders are named, not imported, so this registry imports nothing of the layout.

The kit's kinds (and a tactile kit's `TACTILE` kinds) are made in this order by `layout.kit.build_kit`, which also shares the tiles
and tokens of a class set's kits among sheets; the other documents' by `build.py` reading
`kinds_of(document, rule set)`.
"""

from __future__ import annotations

import importlib
from typing import Callable
from papergame.records import NamedTuple

KIT, TACTILE, WORKSHEETS, LOOPS, REPORT = "kit", "tactile", "worksheets", "loops", "report"


class PageKind(NamedTuple):
    name: str  # as the command line takes it (a kit's part), or the kind's own name in its document
    what: str  # in a sentence: "the board"
    players: bool = True  # the players' part (False: the adult's: the host key, keys and guides, their own file)
    document: str = KIT  # the document it belongs to
    pages: str = ""  # its builder, "module:function" under papergame.layout
    rules: str = ""  # the only rule set whose document has it ("" every rule set's)

    @property
    def builder(self) -> Callable:
        """The kind's `pages(ctx)` function."""
        module, function = self.pages.split(":")
        return getattr(importlib.import_module(f"papergame.layout.{module}"), function)

    def make(self, ctx) -> list:
        """The kind's sheets over `ctx`."""
        return self.builder(ctx)


PAGE_KINDS = (
    # a kit: the players' parts, then the host's (in the players' file or a file of its own)
    PageKind("board", "the board", pages="pages.board_sheet:board_pages"),
    PageKind("tiles", "the tiles", pages="kit:piece_pages"),  # ... and a single kit's tokens, on the same sheets
    PageKind("tokens", "the tokens", pages="kit:piece_pages"),  # a class set's, numbered blocks a kit
    PageKind("rules", "the rules", pages="rulesets:rules_pages"),
    PageKind("record", "the record sheet", pages="rulesets:record_pages"),
    PageKind("host-key", "the host key", players=False, pages="rulesets:host_key_pages"),
    PageKind("guide", "the teacher's guide", players=False, pages="rulesets:guide_pages"),
    # a tactile kit's sheets for swell paper, in place of the kit's board, tiles and tokens (its rules, record, host
    # key and guide are the kit's); then, after the guide, the guide's page on printing them
    PageKind("key", "the key to the raised marks", document=TACTILE, pages="pages.tactile_sheets:key_pages"),
    PageKind("board", "the board", document=TACTILE, pages="pages.tactile_sheets:board_pages"),
    PageKind("tiles", "the tiles and tokens", document=TACTILE, pages="pages.tactile_sheets:piece_pages"),
    PageKind("guide", "printing on swell paper", players=False, document=TACTILE,
             pages="pages.tactile_sheets:guide_pages"),
    # practice sheets: predict the exit (own tokens), win in N (shared path); the keys in the host's file
    PageKind("sheets", "the practice sheets", document=WORKSHEETS, pages="pages.worksheet_sheet:sheet_pages",
             rules="own"),
    PageKind("sheets", "the practice sheets", document=WORKSHEETS, pages="pages.win_sheet:sheet_pages",
             rules="shared"),
    PageKind("rules", "how to play", document=WORKSHEETS, pages="pages.win_rules:rules_pages", rules="shared"),
    PageKind("keys", "the answers", players=False, document=WORKSHEETS, pages="pages.worksheet_sheet:key_pages",
             rules="own"),
    PageKind("keys", "the answers", players=False, document=WORKSHEETS, pages="pages.win_sheet:key_pages",
             rules="shared"),
    PageKind("guide", "the teacher's guide", players=False, document=WORKSHEETS, pages="pages.win_rules:guide_pages",
             rules="shared"),
    # single-loop puzzle sheets (no game of their own)
    PageKind("sheets", "the puzzle sheets", document=LOOPS, pages="pages.loops_sheet:sheet_pages"),
    PageKind("rules", "how to play", document=LOOPS, pages="pages.loops_sheet:rules_pages"),
    PageKind("keys", "the answers", players=False, document=LOOPS, pages="pages.loops_sheet:key_pages"),
    PageKind("guide", "the teacher's guide", players=False, document=LOOPS, pages="pages.loops_sheet:guide_pages"),
    # a simulation's report
    PageKind("report", "the report", document=REPORT, pages="pages.simulation_report:report_pages"),
)


def kinds_of(document: str, rules: str = "") -> tuple[PageKind, ...]:
    """A document's page kinds in the order it prints them (a rule set's own where a kind is)."""
    return tuple(k for k in PAGE_KINDS if k.document == document and k.rules in ("", rules))


KIT_KINDS = kinds_of(KIT)
PARTS = tuple(kind.name for kind in KIT_KINDS)
PLAYER_PARTS = tuple(kind.name for kind in KIT_KINDS if kind.players)


def parts_list(separator: str = ",") -> str:
    """The parts as the command line takes them, with commas: `board,tiles,tokens,rules,record,host-key,guide`.

    >>> parts_list(", ")
    'board, tiles, tokens, rules, record, host-key, guide'
    """
    return separator.join(PARTS)
