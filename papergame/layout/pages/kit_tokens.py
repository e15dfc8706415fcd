"""Tokens for numbered kits: every kit's tokens and two spares of each colour, its number on each token.

The tokens of several kits share sheets; each token carries its kit's number inside the
disc, beside the arrow's stem, so a stray token still tells which kit it belongs to.
"""

from __future__ import annotations

from papergame.model.definition import GameDefinition
from papergame.layout.pages.blocks import CAPTION, LEADING, TITLE
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Item, Rect, Text
from papergame.layout.textflow import Metrics, wrap
from papergame.layout.tile_art import token_art, token_radius
from papergame.text import Texts

SPARES = 2  # of each colour, per kit
MIN_RADIUS = 7.5  # 15 mm across, easy to cut and pick up
GAP = 4.5  # between two tokens: room for scissors
NUMBER_SIZE = 2.7  # mm, 7.7 pt


def radius(tile: float) -> float:
    return max(MIN_RADIUS, token_radius(tile))


def numbered_token(kind: str, cx: float, cy: float, r: float, number: str) -> list[Item]:
    """A token with its kit's number right of the arrow's stem, on a white patch so it reads on hatching."""
    items = token_art(kind, cx, cy, r, 0.0)
    w = 0.64 * NUMBER_SIZE * len(number) + 0.8
    x, y = cx + 0.24 * r, cy - 0.58 * r
    items.append(Rect(x, y - 0.5, w, NUMBER_SIZE + 0.4, width=0, stroke=None, fill=1.0))
    items.append(Text(x + w / 2, y, number, NUMBER_SIZE, bold=True, anchor="middle"))
    return items


def kit_token_pages(definition: GameDefinition, texts: Texts, paper: str, tile: float, metrics: Metrics,
                    kits: list[str], start: Sheet | None = None) -> list[Sheet]:
    """Every kit's tokens (and spares) in rows; on `start` while it has room, then on new sheets."""
    r = radius(tile)
    pitch = 2 * r + GAP
    row_h = 2 * r + GAP + CAPTION * LEADING
    tokens = [(kit, t.name) for kit in kits for t in definition.tokens for _ in range(1 + SPARES)]
    sheets: list[Sheet] = []
    sheet = start
    note = texts.get("tiles.kit_tokens")
    while tokens:
        if sheet is None or sheet.room < row_h + 12:
            sheet = Sheet(f"tokens-{len(sheets) + 1}", paper, metrics)
            title = texts.get("kit.class_tokens")
            bottom = sheet.take(TITLE * 1.35, "the title")
            sheet.add(Text(sheet.x, bottom + TITLE * 0.3, title, TITLE, bold=True))
            sheets.append(sheet)
        else:
            sheet.gap(3)
        for line in wrap(note, sheet.width, CAPTION, metrics, what="tiles.kit_tokens"):
            y = sheet.take(CAPTION * LEADING, "tiles.kit_tokens")
            sheet.add(Text(sheet.x, y + CAPTION * 0.3, line, CAPTION))
        sheet.gap(2)
        per_row = int((sheet.width + GAP) // pitch)
        while tokens and sheet.room >= row_h:
            row, tokens = tokens[:per_row], tokens[per_row:]
            bottom = sheet.take(row_h, "the tokens")
            for i, (kit, name) in enumerate(row):
                cx = sheet.x + r + i * pitch
                cy = bottom + CAPTION * LEADING + GAP / 2 + r
                sheet.add(*numbered_token(name, cx, cy, r, kit))
                label = texts.get("tiles.kit_id", kit=kit, id=texts.get(f"token.{name}"))
                sheet.add(Text(cx, bottom + 0.8, label, CAPTION * 0.8 if len(label) > 9 else CAPTION, anchor="middle"))
        sheet = None
    return sheets
