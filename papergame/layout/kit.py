"""The whole kit, page by page, computed from the definition, the words and the options."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace

from papergame.records import NamedTuple, dataclass
from papergame.model.definition import MAX_TILES, GameDefinition
from papergame.options import KitOptions
from papergame.errors import OptionError
from papergame.layout.context import PageContext, Pieces, Tactile
from papergame.layout.ink import apply_ink, ink_for, ink_metrics
from papergame.layout.paper import (SMALL, FooterLabel, Sheet, Typeset, footer_room, footer_words, scale_check,
                                    typeset_page)
from papergame.layout.primitives import Group, Page, Rect, Text
from papergame.layout.page_kinds import KIT_KINDS, TACTILE, kinds_of
from papergame.layout.textflow import Metrics, fit_line
from papergame.layout.pages.tiles_sheet import tile_pages
from papergame.layout.piece_sheets import stack_cuts
from papergame.layout.pieces import PrintedTile, tile_list
from papergame.layout.pick_list import Printing, printed_sheet
from papergame.printmarks import BAR_MM
from papergame.progress import KITS, step
from papergame.text import Texts

BAR = BAR_MM


TILE_SPEC = re.compile(r"(?P<type>\d+)\s*(?:(?P<x>[x×*])\s*(?P<count>\d+)|[.·]\s*(?P<copy>\d+))?")  # stripped


def parse_tile_selection(text: str, definition: GameDefinition) -> list[PrintedTile]:
    """`3x2,1x1` -> two tiles of type 3 (ids 3·1, 3·2) and one of type 1; `3.4` -> the tile with id 3·4."""
    chosen: list[PrintedTile] = []
    parts = text.split(",")
    if len(parts) > MAX_TILES:
        raise OptionError("tiles", f"names {len(parts):,} parts; a reprint names at most {MAX_TILES}, "
                                   f"the most tiles a set may have")
    for part in parts:
        m = TILE_SPEC.fullmatch(part.strip())  # stripped first: \s* at both ends backtracks quadratically
        if not m:
            raise OptionError("tiles", f'"{part.strip()[:40]}" is not TYPExCOUNT (3x2) or TYPE.COPY (3.4)')
        if any(len(number) > 4 for number in m.groupdict(default="").values() if number.isdigit()):
            raise OptionError("tiles", f'"{part.strip()[:40]}": a number too large; a set has at most '
                                       f"{MAX_TILES} tiles, numbered below 100")
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
            raise OptionError("tiles", f'"{part.strip()}": the set has ' + (
                f"{tile.copies} tiles of type {tile.id}, so ask for 1 to {tile.copies}" if tile.copies > 1
                else f"1 tile of type {tile.id}, so ask for just 1 ({tile.id}x1)"))
        chosen.extend(PrintedTile(tile, k) for k in range(1, count + 1))
    dupes = sorted(i for i, times in Counter((p.tile.id, p.copy) for p in chosen).items() if times > 1)
    if dupes:
        raise OptionError("tiles", f"tile {dupes[0][0]}·{dupes[0][1]} is named twice")
    return chosen


@dataclass
class Kit:
    pages: list[Page]
    host_key: list[Page]
    tile_pages: tuple[int, ...] = ()  # 1-based numbers of the pages of `pages` that carry tiles
    board_pages: tuple[int, ...] = ()  # ... and the board's grid
    guide_pages: int = 0  # the teacher's guide's sheets, the last of the kit or of the host-key file
    key_pages: int = 0  # the host key's sheets (before the guide), in the kit or in the host-key file
    tile: float = 0.0  # mm: the tiles' size when it is not the options' (a tactile kit's, found for its braille)


PLAYERS, HOST = "players", "host"  # whose a page is: every footer says so
NOTE_BASELINE = 0.7  # mm above the content box's foot: a correction's note, its descenders inside the box


def finish(sheets: list[Sheet], texts: Texts, options: KitOptions, kit_of: dict[int, str] | None = None,
           labels: list[str] | None = None, whose: str | list[str] = PLAYERS) -> list[Page]:
    """The foot of every page (game, kit, page number, whose it is, scale check, any correction), then ink and
    correction. `whose`: PLAYERS or HOST for every page, or one of them a page."""
    total = len(sheets)
    audience = [whose] * total if isinstance(whose, str) else whose
    marks = {PLAYERS: texts.get("kit.players"), HOST: texts.get("kit.host_only")}
    pages = []
    for number, sheet in enumerate(sheets, start=1):
        own = sheet.own_page  # the sheet's own page, whichever sheet its text went on to
        note = correction_note(texts, options)
        own_footer = bool(sheet.type.footer_lines)  # a profile's footer sets the note among its lines
        label = footer_label(texts, (kit_of or {}).get(id(sheet), ""),
                             labels[number - 1] if labels is not None else
                             texts.get("kit.page", page=number, pages=total), marks[audience[number - 1]])
        words = getattr(sheet, "scale_words", "scale.instruction")
        instruction = texts.get(words)
        if words == "scale.instruction":  # a profile's footer without room for it says it shortly
            instruction = footer_words(sheet.type, sheet.metrics, instruction, texts.optional("scale.instruction_short"),
                                       note)
        own.add(*scale_check(sheet.box, instruction, texts.get("scale.mm"),
                             texts.get("scale.inch"), sheet.metrics, label, note if own_footer else ""))
        if note and not own_footer:
            fit_line(note, sheet.box.w, SMALL, sheet.metrics, what="scale.corrected")
            own.add(Text(sheet.box.x, sheet.box.y + NOTE_BASELINE, note, SMALL))
        page = apply_ink(typeset_page(own, options.type), ink_for(options.ink, options.type.heading))
        pages.append(corrected(page, options.measured))
    return pages


def correction_note(texts: Texts, options: KitOptions) -> str:
    """What the foot of every page says of a printer correction ("" for none)."""
    if options.measured is None:
        return ""
    return texts.get("scale.corrected", measured=texts.number(options.measured),
                     percent=texts.number(100 * BAR / options.measured, 2))


def footer_label(texts: Texts, kit: str, page: str, whose: str) -> FooterLabel:
    """A page's label in its forms: `Game – Kit 7 – Page 3 of 110`, or `Game` over `Kit 7 – Page 3 of 110`."""
    title = texts.get("kit.title")
    game = texts.get("kit.footer_kit", game=title, kit=kit) if kit else title
    place = texts.get("kit.footer", game=texts.get("kit.kit_stamp", kit=kit), page=page) if kit else page
    return FooterLabel(texts.get("kit.footer", game=game, page=page), title, place, whose)


def corrected(page: Page, measured: float | None) -> Page:
    """Everything scaled about the page centre by 50/measured, so the printer's shrink undoes it."""
    if measured is None or measured == BAR:
        return page
    k = BAR / measured
    cx, cy = page.width / 2, page.height / 2
    return Page(page.name, page.width, page.height, [Group(cx * (1 - k), cy * (1 - k), 0, tuple(page.items), k)])


STAMP_SIZE = 5.0
BOARD_STAMP_INSET = 16.0  # clear of the north arrow at the right of the board's title band


def stamp(sheet: Sheet, texts: Texts, kit: str, inset: float = 0.0) -> None:
    """`Kit 7` in a frame at the top right of a sheet, level with its title."""
    label = texts.get("kit.kit_stamp", kit=kit)
    w = sheet.metrics.width(label, STAMP_SIZE, True) + 4
    right, top = sheet.box.right - inset, sheet.box.top
    sheet.add(Rect(right - w, top - STAMP_SIZE * 1.5, w, STAMP_SIZE * 1.5, width=0.5, fill=None),
              Text(right - w / 2, top - STAMP_SIZE * 1.12, label, STAMP_SIZE, bold=True, anchor="middle"))


class Made(NamedTuple):
    """A kit's sheets as they are made, with the ones `check` and the footer need to know."""

    sheets: list[Sheet]
    boards: list[Sheet]
    with_tiles: list[Sheet]
    kit_of: dict[int, str]  # id(sheet) -> the kit it belongs to, in a class set
    swell: list[int]  # a tactile kit: how many of its first sheets go on swell paper (one number)


def add_own_parts(ctx: PageContext, options: KitOptions, selection: list[PrintedTile] | None, made: Made,
              label: str, laid: dict[str, list[Sheet]] | None = None) -> None:
    """One kit's board, rules and record (and, for a single unnumbered kit, its tiles and tokens).

    `laid`: a class set's board, rules and record sheets as the first kit laid them out (empty before), copied
    for every other kit, whose pages are the same but for the number stamped on them."""
    texts = ctx.texts
    first = len(made.sheets)
    own_pieces = options.numbers is None and (options.wants("tiles") or options.wants("tokens"))
    laid_out = board_and_pieces(ctx, options, selection, made, laid, own_pieces)
    if own_pieces and len(laid_out.boards) > 1 and laid_out.tiles:  # a step tighter if that saves a sheet
        tighter = board_and_pieces(ctx._replace(tight=True), options, selection, made, laid, own_pieces)
        if len(tighter.boards) + len(tighter.added) < len(laid_out.boards) + len(laid_out.added):
            laid_out = tighter
    boards, added = laid_out.boards, laid_out.added
    for board in boards:
        if label:
            stamp(board, texts, label, BOARD_STAMP_INSET)
    made.sheets.extend(boards)
    made.boards.extend(boards)
    made.with_tiles.extend(laid_out.with_tiles)
    made.sheets.extend(added)
    rest: list[Sheet] = []
    if options.wants("rules"):
        rest += once(laid, "rules", lambda: kind("rules").make(ctx))
    if options.wants("record"):
        rest += once(laid, "record", lambda: kind("record").make(ctx))
    for sheet in rest:
        if label:
            stamp(sheet, texts, label)
    made.sheets.extend(rest)
    if label:
        made.kit_of.update((id(sheet), label) for sheet in made.sheets[first:])


class BoardAndPieces(NamedTuple):
    """A kit's board sheets, the sheets of pieces after them, and those of both that carry tiles."""

    boards: list[Sheet]
    added: list[Sheet]
    with_tiles: list[Sheet]
    tiles: bool


def board_and_pieces(ctx: PageContext, options: KitOptions, selection: list[PrintedTile] | None, made: Made,
                     laid: dict[str, list[Sheet]] | None, own_pieces: bool) -> BoardAndPieces:
    """One kit's board and (`own_pieces`: a single unnumbered kit's) its tiles and tokens, laid out after
    `made`'s sheets, which it leaves as they are: the tiles and tokens may go on the board's sheets, so
    `add_own_parts` lays both out again a step tighter (`ctx.tight`) when the board is in parts, and keeps
    whichever takes fewer sheets."""
    boards: list[Sheet] = once(laid, "board", lambda: kind("board").make(ctx)) if options.wants("board") else []
    added: list[Sheet] = []
    with_tiles: list[Sheet] = []
    tiles: list[PrintedTile] = []
    if own_pieces:
        tiles = selection if selection is not None else (tile_list(ctx.game) if options.wants("tiles") else [])
        before = made.sheets + boards
        start = before[-1] if before else None  # the board's last sheet, for tiles or tokens with room
        start_cursor = start.cursor if start is not None else None
        pieces = ctx._replace(pieces=print_pieces(options)._replace(
            tiles=tuple(tiles), tokens=("",) if options.wants("tokens") else (), start=start,
            boards={"": tuple(boards)}, before=len(before)))
        added = piece_pages(pieces)
        if backed(pieces):  # the tiles on sheets of their own kind, the tokens apart
            with_tiles = [s for s in added if s.name.startswith("tiles")]
        elif tiles:  # a cutting machine's sheets (each piece apart), or tile sheets
            with_tiles = ([s for s in added if not s.name.startswith(("backs", "duplex"))] +
                          ([start] if start is not None and start.cursor != start_cursor else []))
    return BoardAndPieces(boards, added, with_tiles, bool(tiles))


def kind(name: str):
    """The kit's page kind of that name (`page_kinds.KIT_KINDS`): its `make(ctx)` lays out its sheets."""
    return next(k for k in KIT_KINDS if k.name == name)


def tactile_kind(name: str):
    """A tactile kit's page kind of that name (`page_kinds` TACTILE: its sheets for swell paper, its guide page)."""
    return next(k for k in kinds_of(TACTILE) if k.name == name)


def once(laid: dict[str, list[Sheet]] | None, part: str, make: Callable[[], Iterable[Sheet]]) -> list[Sheet]:
    """A part's sheets: made (`laid` None), or in a class set laid out for the first kit and copied for each."""
    if laid is None:
        return list(make())
    if part not in laid:
        laid[part] = list(make())  # kept as laid out: each kit stamps its own copy
    return copies(laid[part])


def copies(sheets: list[Sheet]) -> list[Sheet]:
    """Sheets as laid out, again: each its own page (the same items, in a list of its own, so a kit's
    stamp and footer go on its copy alone) and its own continuations among the copies."""
    made: dict[int, Sheet] = {}
    for sheet in sheets:
        twin = copy.copy(sheet)
        twin.sheet = twin
        twin.own_page = replace(sheet.own_page, items=list(sheet.own_page.items))
        made[id(sheet)] = twin
    for sheet in sheets:
        twin = made[id(sheet)]
        twin.first = made.get(id(sheet.first), twin.first)
        twin.next = made.get(id(sheet.next), twin.next) if sheet.next is not None else None
    return [made[id(sheet)] for sheet in sheets]


def add_tactile_parts(ctx: PageContext, options: KitOptions, selection: list[PrintedTile] | None, made: Made,
                      label: str = "", laid: dict[str, list[Sheet]] | None = None) -> None:
    """A tactile kit's sheets for swell paper (key, board, tiles and tokens), then its rules and record on plain paper.

    In a class set (`label`, the kit's number) every kit has its own: a pupil's pieces are kept together, for
    they carry no kit number a finger reads (with red labels, the sighted helper's ids and the sheet's corner
    say it: `K7 · 3·1`, `Kit 7`); each page's foot names the kit. The rules and record are laid out once."""
    first = len(made.sheets)
    swell = ctx._replace(tactile=ctx.touch._replace(kit=label))
    sheets: list[Sheet] = []
    pieces = options.wants("tiles") or options.wants("tokens") or selection is not None
    if options.wants("board") or pieces:
        sheets += tactile_kind("key").make(swell)
    if options.wants("board") and selection is None:
        boards = tactile_kind("board").make(swell)
        made.boards.extend(boards)
        sheets += boards
    if pieces:
        tiles = selection if selection is not None else (tile_list(ctx.game) if options.wants("tiles") else [])
        added = tactile_kind("tiles").make(swell._replace(pieces=Pieces(
            tiles=tuple(t._replace(kit=label) for t in tiles),
            tokens=("",) if options.wants("tokens") and selection is None else ())))
        if tiles:
            made.with_tiles.extend(added)
        sheets += added
    made.sheets.extend(sheets)
    made.swell.append(len(sheets))
    if options.wants("rules"):
        made.sheets.extend(once(laid, "rules", lambda: kind("rules").make(ctx)))
    if options.wants("record"):
        made.sheets.extend(once(laid, "record", lambda: kind("record").make(ctx)))
    if label:
        made.kit_of.update((id(sheet), label) for sheet in made.sheets[first:])


def shared_pieces(ctx: PageContext, options: KitOptions, selection: list[PrintedTile] | None, made: Made,
                  labels: list[str]) -> None:
    """The tiles and tokens of every kit of a class set, sharing sheets, each carrying its kit's number."""
    definition = ctx.game
    tile_sheets: list[Sheet] = []
    given = print_pieces(options)
    if options.cutter != "none":  # every kit's tiles, then every kit's tokens, each piece apart
        chosen = (selection if selection is not None else tile_list(definition)) if (
            options.wants("tiles") or selection is not None) else []
        tiles = [t._replace(kit=label) for label in labels for t in chosen]
        tile_sheets = piece_pages(ctx._replace(pieces=given._replace(
            tiles=tuple(tiles), tokens=tuple(labels) if options.wants("tokens") else ())))
        made.with_tiles.extend(s for s in tile_sheets if tiles and s.name.startswith("cut"))
        made.sheets.extend(tile_sheets)
        return
    if options.wants("tiles") or selection is not None:
        chosen = selection if selection is not None else tile_list(definition)
        tiles = [t._replace(kit=label) for label in labels for t in chosen]
        pieces = ctx._replace(pieces=given._replace(tiles=tuple(tiles), stack=True, before=len(made.sheets)))
        tile_sheets = piece_pages(pieces)
        made.with_tiles.extend(s for s in tile_sheets if not backed(pieces) or s.name.startswith("tiles"))
    if options.wants("tokens"):
        boards = {label: tuple(b for b in made.boards if made.kit_of.get(id(b)) == label) for label in labels}
        # never on a page of backs (or a full fold-over sheet): on the last plain tile sheet with room
        last = tile_sheets[-1] if tile_sheets and options.backs == "none" and not options.print_shop else None
        tile_sheets += piece_pages(ctx._replace(pieces=given._replace(
            tokens=tuple(labels), start=last, boards=boards, cuts=stack_cuts(ctx) if last is not None else ())))
    made.sheets.extend(tile_sheets)


def print_pieces(options: KitOptions) -> Pieces:
    """How the kit's options print its pieces (a cutter, backs, a print shop), with no pieces yet."""
    return Pieces(cutter=options.cutter, kerf=options.kerf, backs=options.backs,
                  shift=(options.duplex_x or 0.0, options.duplex_y or 0.0), print_shop=options.print_shop)


def backed(ctx: PageContext) -> bool:
    """Whether the tiles go on sheets of their own kind (with backs, or for a print shop), the tokens apart."""
    pieces = ctx.pieces
    return bool(pieces.tiles) and (pieces.backs != "none" and pieces.cutter == "none" or pieces.print_shop)


def piece_pages(ctx: PageContext) -> list[Sheet]:
    """The tile and token pages (`page_kinds` "tiles" and "tokens") the print options of `ctx.pieces` ask for:
    a cutting machine's sheets (every piece), a class set's numbered blocks of tokens, the tiles with their backs
    or for a print shop (then a single kit's tokens apart), or the tile sheets (with a single kit's tokens).
    Two-sided fronts start on an odd page of the file (`pieces.before` pages come first), so the whole file
    printed two-sided pairs each front with its back."""
    pieces = ctx.pieces
    class_tokens = not pieces.tiles and pieces.tokens and pieces.tokens != ("",)  # a class set's: a block a kit
    if pieces.cutter == "none" and not class_tokens and not backed(ctx):
        return tile_pages(ctx)
    # the other kinds' modules only for the builds that ask for them (a default build is quicker without)
    from papergame.layout.pages.cut_sheets import cut_sheet_pages
    from papergame.layout.pages.kit_tokens import kit_token_pages
    from papergame.layout.pages.print_shop import shop_pages
    from papergame.layout.backs import calibration_pages
    from papergame.layout.pages.tile_backs import blank_pages, duplex_pages, fold_pages, placed_token_pages

    if pieces.cutter != "none":
        return cut_sheet_pages(ctx)
    if class_tokens:
        return kit_token_pages(ctx)
    tokens: list[Sheet] = []
    if pieces.tokens == ("",):  # on the board's sheets first: the fronts' head says so if their note did not go
        tokens, note = placed_token_pages(ctx)
        ctx = ctx._replace(pieces=pieces._replace(token_note=note))
        pieces = ctx.pieces
    if pieces.print_shop:
        sheets = shop_pages(ctx)
    elif pieces.backs == "fold":
        sheets = fold_pages(ctx)
    else:
        sheets = (blank_pages(ctx) if pieces.before % 2 else []) + calibration_pages(ctx) + duplex_pages(ctx)
    return sheets + tokens


def printing(ctx: PageContext, options: KitOptions, made: Made, selection: list[PrintedTile] | None,
             key_pages: int) -> Printing:
    """What the guide's pick-list says of this build: the players' sheets as made, the host's count to come."""
    tiles = len(selection if selection is not None else tile_list(ctx.game)) if options.wants("tiles") else 0
    board = ctx.texts.get("board.title")  # a board's part over several sheets has a header, not this title
    return Printing(tuple(printed_sheet(s.own_page, ctx.type.title, board if s.own_page.name.startswith("board")
                                        else s.own_page.name, made.kit_of.get(id(s), "")) for s in made.sheets),
                    key_pages,
                    options.host_key == "separate" or not made.sheets, len(options.numbers or ()), tiles,
                    options.wants("tokens"), key_pages)


def guide_sheets(ctx: PageContext, picked: Printing, after: int = 0) -> list[Sheet]:
    """The guide, its pick-list counting the host's sheets with the guide's own (and `after` more that follow
    it, a tactile kit's): laid out again if the count it guessed (one sheet of guide) was not what it took."""
    guide: list[Sheet] = []
    for _ in range(3):
        guess = picked._replace(host_sheets=picked.key_sheets + max(len(guide), 1) + after)
        guide = kind("guide").make(ctx._replace(printing=guess))
        if guess.host_sheets == picked.key_sheets + len(guide) + after:
            break
    return guide


def chosen_tile(ctx: PageContext) -> float:
    """A large-print kit's tile size where none was given: the smallest from 35 mm whose tiles leave every type
    number and id room clear of the lines (the board's cells and the tokens follow it)."""
    from papergame.layout.piece_sheets import ROOMY_MOST, roomy_tile

    size = roomy_tile(ctx)
    if size is None:
        raise OptionError("large-print", f"finds no tile size up to {ROOMY_MOST} mm with room for every tile's type "
                                         "number and id clear of its lines")
    return size


def printed_metrics(metrics: Metrics, options: KitOptions) -> Metrics:
    """`metrics` as a kit in `options`' ink measures its words: at the weight they print in (what `build_kit` lays
    out by, and `build.tile_room` asks of the tiles' labels)."""
    return ink_metrics(metrics, ink_for(options.ink, options.type.heading))


def build_kit(definition: GameDefinition, texts: Texts, options: KitOptions, metrics: Metrics) -> Kit:
    selection = parse_tile_selection(options.tiles, definition) if options.tiles is not None else None
    numbers = options.numbers
    labels = [str(n) for n in numbers] if numbers is not None else [""]
    made = Made([], [], [], {}, [])
    if not isinstance(metrics, Typeset):  # with the footer lines these words need
        metrics = Typeset(metrics, footer_room(options.type, metrics, texts.get("scale.instruction"),
                                               correction_note(texts, options), texts.optional("scale.instruction_short")))
    metrics = printed_metrics(metrics, options)
    ctx = PageContext(definition, texts, options.paper, options.tile_size, metrics, options.ink, options.cut_guides,
                      tactile=Tactile(options.red_labels) if options.tactile else None)
    if options.tactile:  # as large as the tiles' braille needs to stand clear of their lines
        from papergame.layout.tactile_kit import kit_tile

        ctx = ctx._replace(tile=kit_tile(ctx, options.tile))
    elif options.tile is None and ctx.type.roomy_labels:  # large print: as large as the ids need
        ctx = ctx._replace(tile=chosen_tile(ctx))
    laid: dict[str, list[Sheet]] | None = {} if numbers is not None else None  # a class set's pages, laid out once
    for number, label in enumerate(labels, start=1):  # the pages each kit has its own of
        if options.tactile:
            add_tactile_parts(ctx, options, selection, made, label, laid)
        else:
            add_own_parts(ctx, options, selection, made, label, laid)
        if numbers is not None:
            step(KITS, number, len(labels))  # a class set says how far it is (and may be stopped here)
    if numbers is not None and not options.tactile and (options.wants("tiles") or options.wants("tokens")):
        shared_pieces(ctx, options, selection, made, labels)
    sheets = made.sheets
    if options.print_shop:  # a black token's ring runs on past its cut, as the tiles' lines do
        from papergame.layout.bleed import with_token_bleed

        for sheet in sheets:
            sheet.own_page.items[:] = with_token_bleed(sheet.own_page.items)
    key_sheets: list[Sheet] = []
    if options.wants("host-key") and options.host_key != "omit":
        key_sheets += kind("host-key").make(ctx)
    guide: list[Sheet] = []
    if options.wants("guide"):  # the players' pages are the kit's first ones, or the whole kit file with the host key apart
        tactile: list[Sheet] = []
        if options.tactile:
            tactile = tactile_kind("guide").make(ctx._replace(tactile=ctx.touch._replace(swell=sum(made.swell))))
        guide = guide_sheets(ctx._replace(pupil_pages=len(sheets) if options.host_key == "page" else 0),
                             printing(ctx, options, made, selection, len(key_sheets)), len(tactile)) + tactile
    if not sheets and not key_sheets and not guide:
        raise OptionError("only", "host-key is the only part asked for, and the host key is set to be omitted, "
                                  "so there is nothing to print; ask for another part or keep the host key")
    key_pages = len(key_sheets)
    key_sheets += guide
    tile_numbers = tuple(i for i, s in enumerate(sheets, start=1) if any(s is t for t in made.with_tiles))
    board_numbers = tuple(i for i, s in enumerate(sheets, start=1) if any(s is b for b in made.boards))
    if options.host_key in ("page", "omit") or not sheets:
        whose = [PLAYERS] * len(sheets) + [HOST] * len(key_sheets)
        return Kit(finish(sheets + key_sheets, texts, options, made.kit_of, whose=whose), [], tile_numbers,
                   board_numbers, len(guide), key_pages, ctx.tile)
    return Kit(finish(sheets, texts, options, made.kit_of), finish(key_sheets, texts, options, whose=HOST),
               tile_numbers, board_numbers, len(guide), key_pages, ctx.tile)
