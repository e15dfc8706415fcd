"""The whole kit, page by page, computed from the definition, the words and the options."""

from __future__ import annotations

from dataclasses import dataclass

from papergame.definition import GameDefinition
from papergame.errors import LayoutError
from papergame.layout.board_sheet import board_page
from papergame.layout.tiles_sheet import tile_pages
from papergame.layout.rules_sheet import rules_page
from papergame.layout.record_sheet import record_pages
from papergame.layout.host_key import host_key_page
from papergame.layout.paper import Sheet, require_paper, scale_check
from papergame.layout.primitives import Page
from papergame.layout.textflow import Metrics
from papergame.text import Texts

HOST_KEY_CHOICES = ("page", "separate", "omit")
TILE_MIN, TILE_MAX = 20.0, 60.0


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    tile: float = 35.0
    host_key: str = "page"

    def checked(self) -> "KitOptions":
        paper = require_paper(self.paper)
        if not TILE_MIN <= self.tile <= TILE_MAX:
            raise LayoutError(f"--tile-size: {self.tile:g} mm is outside {TILE_MIN:g} to {TILE_MAX:g} mm")
        if self.host_key not in HOST_KEY_CHOICES:
            raise LayoutError(f'--host-key: "{self.host_key}" is not one of {", ".join(HOST_KEY_CHOICES)}')
        return KitOptions(paper, self.tile, self.host_key)


@dataclass
class Kit:
    pages: list[Page]
    host_key: list[Page]


def finish(sheets: list[Sheet], texts: Texts) -> list[Page]:
    """Put the scale check and the page number at the foot of every page."""
    total = len(sheets)
    for number, sheet in enumerate(sheets, start=1):
        label = texts.get("kit.page", page=number, pages=total)
        sheet.add(*scale_check(sheet.box, texts.get("scale.instruction"), texts.get("scale.mm"),
                               texts.get("scale.inch"), sheet.metrics, label))
    return [s.page for s in sheets]


def build_kit(definition: GameDefinition, texts: Texts, options: KitOptions, metrics: Metrics) -> Kit:
    options = options.checked()
    sheets = [board_page(definition, texts, options.paper, options.tile, metrics)]
    sheets += tile_pages(definition, texts, options.paper, options.tile, metrics)
    sheets.append(rules_page(definition, texts, options.paper, metrics))
    sheets += record_pages(definition, texts, options.paper, metrics)
    key_sheets: list[Sheet] = []
    if options.host_key != "omit":
        key_sheets.append(host_key_page(definition, texts, options.paper, metrics))
    if options.host_key == "page":
        return Kit(finish(sheets + key_sheets, texts), [])
    return Kit(finish(sheets, texts), finish(key_sheets, texts) if key_sheets else [])
