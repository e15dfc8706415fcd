"""The teacher's guide's opening pick-list: what to print, how many copies, for whom, and what goes into each
numbered envelope, read from the kit as it was built (its sheets in order, its kits, where the host's pages are).
"""

from __future__ import annotations

from papergame.records import NamedTuple
from papergame.layout.page_kinds import PLAYER_PARTS
from papergame.layout.blocks import Block, boxed, heading, paragraph, profile_of, stack
from papergame.layout.primitives import Page, Text
from papergame.layout.textflow import Metrics
from papergame.text import Texts


class PrintedSheet(NamedTuple):
    kind: str  # what the sheet is: board, tiles, tokens, rules, record (its page's name without a number)
    title: str  # its title as printed at its top
    kit: str = ""  # the kit it belongs to in a class set ("" for one kit, or sheets every kit shares)


class Printing(NamedTuple):
    """What the guide's pick-list says, from the build: the players' sheets, and the host's."""

    players: tuple[PrintedSheet, ...]
    host_sheets: int  # the host key's and the guide's sheets
    apart: bool  # the host's pages are a file of their own (else they follow the players' in one file)
    kits: int = 0  # numbered kits in the file (0: one unnumbered kit; 1: one kit reprinted under its number)
    tiles: int = 0  # tiles a kit holds (0: none printed)
    tokens: bool = False  # the players' sheets hold the tokens (on a sheet of their own or beside tiles or board)
    key_sheets: int = 0  # of the host's sheets, the host key's (0: left out)


def printed_sheet(page: Page, size: float, untitled: str, kit: str = "") -> PrintedSheet:
    """A sheet's kind (its page's name less a sheet number: `record-2` is a record) and its title: the topmost
    bold words at the title `size` (or larger), or `untitled` for a sheet without (a part of a board split over sheets)."""
    kind = page.name.split("-")[0]
    titles = [t for t in page.items if isinstance(t, Text) and t.bold and t.size >= size - 1e-6]
    title = max(titles, key=lambda t: t.y).text if titles else untitled
    return PrintedSheet(kind, title, kit)


def span(texts: Texts, first: int, last: int) -> str:
    """`sheet 4` or `sheets 1 to 4`, in the guide's words."""
    if first == last:
        return texts.get("guide.pick_sheet", number=first)
    return texts.get("guide.pick_sheets", first=first, last=last)


def runs(sheets: tuple[PrintedSheet, ...], start: int = 1) -> list[tuple[int, int, PrintedSheet]]:
    """Sheets numbered from `start`, neighbours of one kind and kit taken together: (first, last, the first sheet)."""
    out: list[tuple[int, int, PrintedSheet]] = []
    for number, sheet in enumerate(sheets, start=start):
        if out and (out[-1][2].kind, out[-1][2].kit) == (sheet.kind, sheet.kit) and out[-1][1] == number - 1:
            out[-1] = (out[-1][0], number, out[-1][2])
        else:
            out.append((number, number, sheet))
    return out


def contents(runs_of: list[tuple[int, int, PrintedSheet]]) -> str:
    """`1 Board · 2 Tiles and tokens · 3–4 How to play`: each sheet's number (or numbers) and its title."""
    return " · ".join(f"{a}–{b} {s.title}" if a != b else f"{a} {s.title}" for a, b, s in runs_of)


def players_lines(printing: Printing, texts: Texts) -> list[str]:
    """Where the players' sheets are, how many copies to print, and what each sheet (or each kit's) is."""
    players = printing.players
    where = span(texts, 1, len(players))
    copies = (texts.get("guide.pick_class", kits=printing.kits) if printing.kits > 1 else texts.get("guide.pick_one"))
    key = "guide.pick_players_file" if printing.apart else "guide.pick_players_pages"
    lines = [texts.get(key, sheets=where, copies=copies)]
    own = [(a, b, s) for a, b, s in runs(players) if s.kit]
    shared = [(a, b, s) for a, b, s in runs(players) if not s.kit]
    if not own:  # one kit: all of its sheets, printed together
        return lines
    first_kit = own[0][2].kit
    first = [r for r in own if r[2].kit == first_kit]
    lines.append(texts.get("guide.pick_kit", kit=first_kit, list=contents(first)))
    kits = list(dict.fromkeys(s.kit for _, _, s in own))
    if len(kits) > 1:
        last = [r for r in own if r[2].kit == kits[-1]]
        count = first[-1][1] - first[0][0] + 1
        lines.append(texts.get("guide.pick_each_kit", count=count, kit=kits[-1],
                               sheets=span(texts, last[0][0], last[-1][1])))
    if shared:  # a class set's tiles and tokens, every kit's on shared sheets (a reprinted kit's: its own)
        lines.append(texts.get("guide.pick_shared", list=contents(shared)) if len(kits) > 1 else contents(shared))
    return lines


def host_line(printing: Printing, texts: Texts) -> str:
    """Where the host's sheets are (a file of their own, or the last of this one), and that they are for the host."""
    if printing.apart:
        return texts.get("guide.pick_host_file", sheets=span(texts, 1, printing.host_sheets))
    first = len(printing.players) + 1
    key = "guide.pick_host_pages" if printing.key_sheets else "guide.pick_guide_pages"
    return texts.get(key, sheets=span(texts, first, first + printing.host_sheets - 1))


PARTS = PLAYER_PARTS  # what an envelope may hold (the kit's players' parts), in the order it is said


def envelope_line(printing: Printing, texts: Texts, tokens: str) -> str:
    """What goes into each kit's envelope: the parts the build printed, said in the guide's words."""
    kinds = ({s.kind for s in printing.players} | ({"tokens"} if printing.tokens else set())
             | ({"tiles"} if printing.tiles else set()))  # tiles on the board's sheet (20 mm) are tiles too
    words = {"board": texts.get("guide.pick_part_board"), "tiles": texts.get("guide.pick_part_tiles",
                                                                             tiles=printing.tiles),
             "tokens": tokens, "rules": texts.get("guide.pick_part_rules"),
             "record": texts.get("guide.pick_part_record")}
    parts = [words[p] for p in PARTS if p in kinds]
    if not parts:
        return ""
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " " + texts.get("guide.pick_and") + " " + parts[-1]
    if printing.kits > 1:
        return texts.get("guide.pick_envelopes", kits=printing.kits, list=listed)
    return texts.get("guide.pick_envelope", list=listed)


def pick_list_block(printing: Printing, texts: Texts, width: float, metrics: Metrics, tokens: str) -> Block:
    """The pick-list as one framed block across the guide's columns: heading, the players' file (and what
    each sheet is), the host's, and the envelopes."""
    inner = width - 2 * PAD
    t = profile_of(metrics)
    # an adult's list across the page, in the kit's caption size under a heading at body size; in a profile for
    # reading (clear or large print) at its body size, as all its running text
    size = t.caption if t.name == "standard" else t.body
    blocks = [heading(texts.get("guide.pick_heading"), inner, metrics, "guide.pick_heading", t.body)]
    lines = players_lines(printing, texts) if printing.players else []
    indent = size * 1.3  # as far in as a bullet's text: what each sheet is, under its file
    for i, line in enumerate(lines):
        blocks.append(paragraph(line, inner, metrics, "guide.pick_players", size, bullet="" if i else "•",
                                indent=indent if i else 0.0, after=0.4))
    blocks.append(paragraph(host_line(printing, texts), inner, metrics, "guide.pick_host", size, bullet="•",
                            after=0.4))
    envelope = envelope_line(printing, texts, tokens) if printing.players else ""
    if envelope:
        blocks.append(paragraph(envelope, inner, metrics, "guide.pick_envelope", size, bullet="•", after=0.4))
    return boxed(stack(blocks, "guide.pick_list"), width, PAD)


PAD = 2.5
