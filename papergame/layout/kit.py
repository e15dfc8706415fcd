"""The whole kit, page by page, computed from the definition, the words and the options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, NamedTuple

from papergame.model.definition import GameDefinition
from papergame.errors import OptionError
from papergame.layout.pages.board_sheet import board_pages
from papergame.layout.context import PageContext
from papergame.layout.pages.host_key import host_key_page
from papergame.layout.ink import INKS, apply_ink
from papergame.layout.paper import SMALL_SIZE, Sheet, lowest_measurement, require_paper, scale_check
from papergame.layout.primitives import Group, Page, Text
from papergame.layout.pages.record_sheet import record_pages
from papergame.layout.pages.rules_sheet import rules_page
from papergame.layout.pages.shared_host_key import shared_host_key_page
from papergame.layout.pages.shared_record_sheet import shared_record_pages
from papergame.layout.pages.shared_rules_sheet import shared_rules_page
from papergame.layout.textflow import Metrics, fit_line
from papergame.layout.pages.tiles_sheet import PrintedTile, tile_list, tile_pages
from papergame.printmarks import BAR_MM
from papergame.text import Texts

HOST_KEY_CHOICES = ("page", "separate", "omit")
PARTS = ("board", "tiles", "tokens", "rules", "record", "host-key")
CUT_GUIDES = ("lines", "marks", "both")
TILE_MIN, TILE_MAX = 20.0, 60.0
MEASURED_MIN, MEASURED_MAX = 40.0, 60.0
BAR = BAR_MM
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


class KitOptions(NamedTuple):
    paper: str = "a4"
    tile: float = 35.0
    host_key: str = "page"
    measured: float | None = None  # what the 50 mm bar measured on the user's printer
    ink: str = "normal"
    only: tuple[str, ...] | None = None  # parts to print; None = all
    tiles: str | None = None  # reprint only these tiles, e.g. "3x2,1x1" or "3.4"
    cut_guides: str = "both"

    def checked(self) -> "KitOptions":
        paper = require_paper(self.paper)
        if not TILE_MIN <= self.tile <= TILE_MAX:
            raise OptionError("tile-size", f"{self.tile:g} mm is outside {TILE_MIN:g} to {TILE_MAX:g} mm")
        if self.host_key not in HOST_KEY_CHOICES:
            raise OptionError("host-key", f'"{self.host_key}" is not one of {", ".join(HOST_KEY_CHOICES)}')
        if self.measured is not None and not MEASURED_MIN <= self.measured <= MEASURED_MAX:
            raise OptionError(
                "measured", f"{self.measured:g} mm is outside {MEASURED_MIN:g} to {MEASURED_MAX:g} mm; measure the "
                f"50 mm bar of a page printed at 100% and give its length in mm"
            )
        if self.measured is not None and self.measured < lowest_measurement(paper):
            raise OptionError(
                "measured", f"{self.measured:g} mm would enlarge every page by {100 * BAR / self.measured:.0f}% and "
                f"push its edges off {PAPER_NAMES[paper]} paper; on {PAPER_NAMES[paper]} it can be "
                f"{lowest_measurement(paper):g} to {MEASURED_MAX:g} mm (a printer that shrinks more needs its own "
                f"scaling setting fixed)"
            )
        if self.ink not in INKS:
            raise OptionError("ink", f'"{self.ink}" is not one of {", ".join(INKS)}')
        if self.cut_guides not in CUT_GUIDES:
            raise OptionError("cut-guides", f'"{self.cut_guides}" is not one of {", ".join(CUT_GUIDES)}')
        if self.only is not None:
            unknown = [p for p in self.only if p not in PARTS]
            if unknown or not self.only:
                raise OptionError("only", f'"{",".join(unknown)}" is not a part; parts are {", ".join(PARTS)}')
        return self._replace(paper=paper)

    def wants(self, part: str) -> bool:
        if self.tiles is not None:  # a reprint of named tiles prints just those
            return part == "tiles" or (self.only is not None and part in self.only)
        return self.only is None or part in self.only


TILE_SPEC = re.compile(r"^\s*(?P<type>\d+)\s*(?:(?P<x>[x×*])\s*(?P<count>\d+)|[.·]\s*(?P<copy>\d+))?\s*$")


def parse_tile_selection(text: str, definition: GameDefinition) -> list[PrintedTile]:
    """`3x2,1x1` -> two tiles of type 3 (ids 3·1, 3·2) and one of type 1; `3.4` -> the tile with id 3·4."""
    chosen: list[PrintedTile] = []
    for part in text.split(","):
        m = TILE_SPEC.match(part)
        if not m:
            raise OptionError("tiles", f'"{part.strip()}" is not TYPExCOUNT (3x2) or TYPE.COPY (3.4)')
        tile = definition.tile(int(m["type"]))
        if tile is None:
            types = ", ".join(str(t.id) for t in definition.tiles)
            raise OptionError("tiles", f'"{part.strip()}": there is no tile type {m["type"]} (types: {types})')
        if m["copy"] is not None:
            copy = int(m["copy"])
            if not 1 <= copy <= tile.copies:
                raise OptionError("tiles", f'"{part.strip()}": type {tile.id} has copies 1 to {tile.copies}')
            chosen.append(PrintedTile(tile, copy))
            continue
        count = int(m["count"]) if m["count"] is not None else 1
        if not 1 <= count <= tile.copies:
            raise OptionError("tiles", f'"{part.strip()}": the set has {tile.copies} tiles of type {tile.id}, '
                              f"so ask for 1 to {tile.copies}")
        chosen.extend(PrintedTile(tile, k) for k in range(1, count + 1))
    ids = [(p.tile.id, p.copy) for p in chosen]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise OptionError("tiles", f"tile {dupes[0][0]}·{dupes[0][1]} is named twice")
    return chosen


class RulePages(NamedTuple):
    """The pages that state a rule set's rules: each rule set has its own three."""

    rules: Callable[..., Sheet]
    record: Callable[..., list[Sheet]]
    host_key: Callable[..., Sheet]


RULE_PAGES = {
    "own": RulePages(rules_page, record_pages, host_key_page),
    "shared": RulePages(shared_rules_page, shared_record_pages, shared_host_key_page),
}


@dataclass
class Kit:
    pages: list[Page]
    host_key: list[Page]
    tile_pages: tuple[int, ...] = ()  # 1-based numbers of the pages of `pages` that carry tiles
    board_pages: tuple[int, ...] = ()  # ... and the board's grid


def finish(sheets: list[Sheet], texts: Texts, options: KitOptions) -> list[Page]:
    """The foot of every page (scale check, page number, any correction), then ink and correction."""
    total = len(sheets)
    pages = []
    for number, sheet in enumerate(sheets, start=1):
        label = texts.get("kit.page", page=number, pages=total)
        sheet.add(*scale_check(sheet.box, texts.get("scale.instruction"), texts.get("scale.mm"),
                               texts.get("scale.inch"), sheet.metrics, label))
        if options.measured is not None:
            note = texts.get("scale.corrected", measured=f"{options.measured:g}",
                             percent=f"{100 * BAR / options.measured:.2f}")
            fit_line(note, sheet.box.w, SMALL_SIZE, sheet.metrics, what="scale.corrected")
            sheet.add(Text(sheet.box.x, sheet.box.y + 0.6, note, SMALL_SIZE))
        page = apply_ink(sheet.page, INKS[options.ink])
        pages.append(corrected(page, options.measured))
    return pages


def corrected(page: Page, measured: float | None) -> Page:
    """Everything scaled about the page centre by 50/measured, so the printer's shrink undoes it."""
    if measured is None or measured == BAR:
        return page
    k = BAR / measured
    cx, cy = page.width / 2, page.height / 2
    return Page(page.name, page.width, page.height, [Group(cx * (1 - k), cy * (1 - k), 0, tuple(page.items), k)])


def build_kit(definition: GameDefinition, texts: Texts, options: KitOptions, metrics: Metrics) -> Kit:
    options = options.checked()
    paper, tile = options.paper, options.tile
    selection = parse_tile_selection(options.tiles, definition) if options.tiles is not None else None
    pages = RULE_PAGES[definition.rules.path]
    sheets: list[Sheet] = []
    boards: list[Sheet] = []
    with_tiles: list[Sheet] = []
    ctx = PageContext(definition, texts, paper, tile, metrics, options.ink, options.cut_guides)
    if options.wants("board"):
        boards = list(board_pages(ctx))
        sheets += boards
    if options.wants("tiles") or options.wants("tokens"):
        tiles = selection if selection is not None else (tile_list(definition) if options.wants("tiles") else [])
        start = sheets[-1] if sheets else None  # the board's last sheet, for tiles or tokens with room
        start_cursor = start.cursor if start is not None else None
        added = tile_pages(ctx, tiles, options.wants("tokens"), start)
        if tiles:
            with_tiles = added + ([start] if start is not None and start.cursor != start_cursor else [])
        sheets += added
    if options.wants("rules"):
        sheets.append(pages.rules(definition, texts, paper, metrics))
    if options.wants("record"):
        sheets += pages.record(definition, texts, paper, metrics)
    key_sheets: list[Sheet] = []
    if options.wants("host-key") and options.host_key != "omit":
        key_sheets.append(pages.host_key(definition, texts, paper, metrics))
    if not sheets and not key_sheets:
        raise OptionError("only", "host-key is the only part asked for, and the host key is set to be omitted, "
                                  "so there is nothing to print; ask for another part or keep the host key")
    tile_numbers = tuple(i for i, s in enumerate(sheets, start=1) if any(s is t for t in with_tiles))
    board_numbers = tuple(i for i, s in enumerate(sheets, start=1) if any(s is b for b in boards))
    if options.host_key == "page" or not sheets:
        return Kit(finish(sheets + key_sheets, texts, options), [], tile_numbers, board_numbers)
    return Kit(finish(sheets, texts, options), finish(key_sheets, texts, options) if key_sheets else [],
               tile_numbers, board_numbers)
