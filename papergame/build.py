"""Load → lay out → render → write, with the output replaced only when the new file is complete."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Callable, Sequence

from papergame.records import NamedTuple
from papergame.data.games import load_definition
from papergame.model.definition import DEFAULT_GAME, GameDefinition
from papergame.model.rulesets import rule_set
from papergame.errors import DefinitionError, LayoutError, OptionError
from papergame.output import check_target, left_over_sheets, output_path, refuse_inputs, remove_files, sheet_paths, write_all
from papergame.layout.kit import build_kit, printed_metrics
from papergame.layout.primitives import Group, Item, Page, Text
from papergame.options import KitOptions, LoopOptions, WorksheetOptions
from papergame.printmarks import KitMarks
from papergame.data.words import load_texts
from papergame.text import Texts


class BuildReport(NamedTuple):
    kit_path: Path
    kit_pages: int
    host_key_path: Path | None
    host_key_pages: int
    guide_pages: int = 0
    key_pages: int = 0  # the host key's own sheets (without the guide), in whichever file holds it
    texts_source: str = ""  # the text file the words came from, or the built-in one's label
    kit_files: tuple[Path, ...] = ()  # an SVG kit: its sheets' files (kit_path is the first)
    host_key_files: tuple[Path, ...] = ()  # ... and the host key's
    braille: tuple[tuple[Path, int], ...] = ()  # a tactile kit's BRF files and their braille pages
    braille_code: str = ""  # ... in this braille code (its label)
    no_braille: str = ""  # why a tactile kit has no BRF files ("" when it has them, or is not tactile)
    removed: tuple[Path, ...] = ()  # SVG sheets left from an earlier, longer run, removed


def host_key_path_for(path: Path) -> Path:
    """`kit.pdf` -> `kit-host-key.pdf`."""
    return path.with_name(f"{path.stem}-host-key{path.suffix or '.pdf'}")


def game_name(game_path: str | Path | None) -> str:
    """The name output files get by default: the game file's name, or its folder's for a `game.toml`.

    >>> game_name(None), game_name("my-game.toml"), game_name("templates/six/game.toml")
    ('edge-port-path-tiles', 'my-game', 'six')
    """
    if game_path is None:
        return DEFAULT_GAME
    path = Path(game_path)
    if path.stem == "game" and path.parent.name:
        return path.parent.name
    # a game.toml named from its own folder: the folder's name
    if path.stem == "game" and path.suffix:
        try:
            return Path.cwd().name or "game"
        except OSError:  # the current folder was removed
            return "game"
    return path.stem or DEFAULT_GAME


def kit_path(output: str | Path | None, game_path: str | Path | None) -> Path:
    """Where `build -o OUTPUT` writes the kit (see `output_path`)."""
    return output_path(output, f"{game_name(game_path)}.pdf")


def worksheet_path(output: str | Path | None, game_path: str | Path | None) -> Path:
    """Where `worksheet -o OUTPUT` writes the sheets: `worksheets.pdf`, or `GAME-worksheets.pdf` for another game."""
    name = "worksheets.pdf" if game_path is None else f"{game_name(game_path)}-worksheets.pdf"
    return output_path(output, name)


def input_files(game_path, text_path, texts: Texts | None = None) -> dict[str, str | Path | None]:
    files: dict[str, str | Path | None] = {"game file": game_path, "text file": text_path}
    if texts is not None and text_path is None and game_path is not None:
        files["text file"] = texts.source  # text.LANG.toml found beside the game file
    return files


def check_text_glyphs(texts: Texts) -> None:
    from papergame.render.fonts import FONT_LABEL, missing_glyphs

    strings = texts.all_strings()
    every = "".join(sorted({ch for _, value in strings for ch in value}))
    if not missing_glyphs(every) and not missing_glyphs(every, bold=True):  # the usual case, at once
        return
    problems = []
    for key, value in strings:
        missing = missing_glyphs(value) | missing_glyphs(value, bold=True)
        for ch in sorted(missing):
            problems.append(
                f'{texts.source}: {key}: the character "{ch}" (U+{ord(ch):04X}) is not in the embedded font '
                f"({FONT_LABEL}), so it would print as a box; write it another way"
            )
    if problems:
        raise DefinitionError(problems)


def check_token_words(definition, texts: Texts) -> None:
    """Each token is printed by its word in the text file's [token] table (White, Black)."""
    words = texts.sections.get("token", {})
    known = " and ".join(words) or "none"
    problems = [
        f'{definition.source}: tokens[{i}].name: "{token.name}" has no printed word in {texts.source} [token]; '
        f"a printed kit has tokens called {known}"
        for i, token in enumerate(definition.tokens) if token.name not in words
    ]
    if problems:
        raise DefinitionError(problems)


def texts_of(items):
    for item in items:
        if isinstance(item, Group):
            yield from texts_of(item.items)
        elif isinstance(item, Text):
            yield item


def unique_texts(pages: list[Page]) -> list[Text]:
    """Every text of the pages, each item (the same object: a class set's copied pages, a page's foot) once."""
    seen: set[int] = set()
    out: list[Text] = []
    stack: list[Sequence[Item]] = [page.items for page in reversed(pages)]
    while stack:
        for item in stack.pop():
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, Group):
                stack.append(item.items)
            elif isinstance(item, Text):
                out.append(item)
    return out


def check_page_glyphs(pages: list[Page]) -> None:
    """Every character on every page must be in the font (names from a definition included)."""
    from papergame.render.fonts import FONT_LABEL, missing_glyphs

    words = unique_texts(pages)
    for bold in (False, True):  # every character of every page at once: the usual case is none missing
        every = {ch for t in words if t.bold == bold for ch in t.text}
        if missing_glyphs("".join(sorted(every)), bold):
            break
    else:
        return
    for page in pages:
        for t in texts_of(page.items):
            missing = missing_glyphs(t.text, t.bold)
            if missing:
                ch = sorted(missing)[0]
                raise LayoutError(
                    f'{page.name} page: the character "{ch}" (U+{ord(ch):04X}) in "{t.text}" is not in the '
                    f"embedded font ({FONT_LABEL}); rename it in the definition or text file"
                )


def render_bytes(pages: list[Page], title: str, keywords: str = "", print_shop: bool = False) -> bytes:
    from papergame.render.formats import render

    buffer = io.BytesIO()
    settings: dict[str, Any] = {"print_shop": True} if print_shop else {}
    render("pdf", pages, buffer, title, keywords=keywords, **settings)
    return buffer.getvalue()


def render_sheets(pages: list[Page], title: str, keywords: str = "", plan=None) -> list[bytes]:
    """Each page as an SVG file of its own (see `render/svg.py`), with its cuts as `plan` lays them out:
    the paths whose cut role says so (a picture of a tile on a rules page has none: `tile_art`)."""
    from papergame.render.cuts import CutPlan
    from papergame.render.formats import render

    files = []
    for page in pages:
        buffer = io.BytesIO()
        render("svg", [page], buffer, title, keywords=keywords, plan=plan or CutPlan())
        files.append(buffer.getvalue())
    return files


IMAGE_DPI = 300


def cut_image(page: Page, title: str) -> bytes:
    """A cutter sheet's pieces alone as a PNG on a clear ground, 300 dpi, cropped to them: an image that
    Design Space's print-then-cut cuts round each piece (each is opaque just within its outline)."""
    import pypdfium2 as pdfium  # compiled: the command line's, never the page in a browser

    from papergame.layout.pieces import pieces_of

    document = pdfium.PdfDocument(render_bytes([pieces_of(page)], title))
    try:
        image = document[0].render(scale=IMAGE_DPI / 72, fill_color=(255, 255, 255, 0)).to_pil()
    finally:
        document.close()
    image = image.convert("RGBA")
    box = image.getchannel("A").getbbox()
    if box is not None:
        image = image.crop(box)
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(IMAGE_DPI, IMAGE_DPI), optimize=False)
    return out.getvalue()


def cut_plan(options: KitOptions):
    """How the SVG's Cut layer is laid out for the cutter: each shared edge once, or a closed outline a piece."""
    from papergame.render.cuts import CutPlan

    if options.cutter == "none":
        return CutPlan()
    # a machine's sheets lay every piece apart: each gets its closed outline (a laser's moved out by half the kerf)
    return CutPlan(pieces=True, kerf=options.kerf, score=options.cutter == "laser")


def game_and_folder(game) -> tuple[GameDefinition, str | Path | None]:
    """The definition, and the game's path or name for finding its words (None: no folder).

    `game` is a definition file's path or a built-in game's name (None: the default game),
    or a definition already loaded, such as one `papergame serve` was sent: that has no
    folder on disk, so its words come from the built-in text files.
    """
    if isinstance(game, GameDefinition):
        return game, None
    return load_definition(game), game


def make_pages(game=None, text_path=None, lang="en", options: KitOptions = KitOptions()):
    from papergame.render.fonts import FontMetrics

    definition, game_path = game_and_folder(game)
    texts = load_texts(text_path, lang, game_path, rule_set(definition).words)
    check_text_glyphs(texts)
    check_token_words(definition, texts)
    kit = build_kit(definition, texts, options, FontMetrics(options.type.face))
    check_page_glyphs(kit.pages + kit.host_key)
    return definition, texts, kit


# --- a tactile kit's braille files ----------------------------------------------------------------

BRF_PARTS = ("rules", "record", "host-key")  # the parts a tactile kit also writes as BRF, in this order


class BrailleFile(NamedTuple):
    part: str  # rules, record or host-key
    data: bytes
    pages: int  # braille pages (40 cells by 25 lines)


def braille_files(definition: GameDefinition, texts: Texts, kit, options: KitOptions
                  ) -> tuple[tuple[BrailleFile, ...], str]:
    """The BRF files of a tactile kit's rules, record sheet and host key, read off their laid-out pages, and
    "" or why there are none (a language whose words need liblouis, where it is not installed)."""
    from papergame.braille import brf_file, brf_pages, prose, prose_available
    from papergame.layout.tactile_kit import code_of, key_words
    from papergame.layout.tactile_text import paragraphs

    code = code_of(texts)
    if not prose_available(code):
        return (), f"their words in {code.label} need liblouis (Debian: python3-louis)"
    pages = kit.pages + kit.host_key
    files = []
    kits = len(options.numbers or ()) or 1  # a class set's kits have the same rules and record: one file of each
    for part in BRF_PARTS:
        own = [p for p in pages if p.name == part or p.name.startswith(part + "-")]
        own = own[:len(own) // kits] if part != "host-key" else own
        if not own:
            continue
        words = paragraphs(own, options.paper)
        cells = [prose(text, code) for text, _ in words]
        if part == "rules":  # the key of the raised marks first, then the rules
            key = [prose(texts.get("tactile.key_title"), code)] + [prose(w, code) for w in key_words(definition, texts)]
            cells = key + [[]] + cells
        files.append(BrailleFile(part, brf_file(cells), len(brf_pages(cells))))
    return tuple(files), ""


def braille_code(texts: Texts) -> str:
    """The label of the braille code a tactile kit's words are written in (its modules: only for a tactile kit)."""
    from papergame.layout.tactile_kit import code_of

    return code_of(texts).label


def braille_path_for(path: Path, part: str) -> Path:
    """`kit.pdf` -> `kit-rules.brf`."""
    return path.with_name(f"{path.stem}-{part}.brf")


class KitPdfs(NamedTuple):
    """A kit as PDF bytes: the kit, and the host key when it is its own file (host key "separate")."""

    kit: bytes
    kit_pages: int
    host_key: bytes | None
    host_key_pages: int
    texts: Texts  # the words printed (which text file they came from)
    guide_pages: int = 0  # the teacher's guide's sheets, in the kit or in the host-key file
    key_pages: int = 0  # the host key's own sheets, in the kit or in the host-key file
    braille: tuple[BrailleFile, ...] = ()  # a tactile kit's BRF files
    no_braille: str = ""  # why a tactile kit has none


def kit_marks(definition, options: KitOptions, kit) -> KitMarks:
    return KitMarks(kit.tile or options.tile_size, options.paper, options.ink, options.measured, kit.tile_pages, kit.board_pages,
                    definition.shape.kind if definition.shape.form.measured_across_flats else None)


def kit_pdfs(game=None, text_path=None, lang="en", options: KitOptions = KitOptions()) -> KitPdfs:
    """The kit's PDF files as bytes, written nowhere: `build` writes them, `serve` sends them."""
    definition, texts, kit = make_pages(game, text_path, lang, options)
    title = texts.get("kit.title")
    marks = kit_marks(definition, options, kit)
    kit_bytes = render_bytes(kit.pages, title, marks.keywords(), options.print_shop)
    key_marks = marks._replace(tile_pages=(), board_pages=())
    key_bytes = (render_bytes(kit.host_key, f"{title}: {texts.get('host_key.title')}", key_marks.keywords(),
                              options.print_shop)
                 if kit.host_key else None)
    braille, no_braille = braille_files(definition, texts, kit, options) if options.tactile else ((), "")
    return KitPdfs(kit_bytes, len(kit.pages), key_bytes, len(kit.host_key), texts, kit.guide_pages, kit.key_pages,
                   braille, no_braille)


class TileRoom(NamedTuple):
    """Tiles too small for their labels to be read and their lines followed: at `tile` mm, `crowded` of the `types`
    tile types find no room for their number or id at `readable` pt or more clear of the lines (so a label prints smaller),
    `over` of them none at any size (a label lies over a line); `roomy` mm tiles have it (None: no size up to 60)."""

    tile: float
    roomy: float | None
    crowded: int
    types: int
    over: int = 0
    readable: float = 9.0  # pt: the least size asked of the labels, tile_art.ID_LEGIBLE (a profile's least where larger:
    # clear print 12)


def tile_room(game=None, options: KitOptions = KitOptions(), lang: str = "en", text_path=None) -> TileRoom | None:
    """None when the kit prints no tiles or every tile's labels sit at 9 pt or more clear of its lines; else what
    would do.

    The labels are those the kit prints, measured as it measures them: the type numbers and ids in its language
    (`3·6`, in a class set `K15 · 3·6`, as wide as each other once), of the tiles it prints, at its profile's least.
    """
    from papergame.layout.kit import parse_tile_selection
    from papergame.layout.pieces import kit_id, tile_list
    from papergame.layout.paper import PT
    from papergame.layout.tile_art import ID_LEGIBLE, crowded_tiles, over_lines, roomy_size, width_twin
    from papergame.render.fonts import FontMetrics

    if options.only is not None and "tiles" not in options.only and options.tiles is None:
        return None
    if options.type.roomy_labels or options.tactile:  # their tiles leave every label room, or refuse to be made
        return None
    definition, game_path = game_and_folder(game)
    texts = load_texts(text_path, lang, game_path, rule_set(definition).words)
    chosen = parse_tile_selection(options.tiles, definition) if options.tiles is not None else tile_list(definition)
    kits = [str(n) for n in options.numbers] if options.numbers is not None else [""]
    printed: dict[int, dict[str | None, tuple[str, str]]] = {}
    for one in (t._replace(kit=kit) for kit in kits for t in chosen):
        text = kit_id(texts, one)
        printed.setdefault(one.tile.id, {})[width_twin(text)] = (texts.get("tiles.type", type=one.tile.id), text)
    tiles = [t for t in definition.tiles if t.id in printed]

    def tile_labels(tile) -> list[tuple[str, str]]:
        return list(printed[tile.id].values())

    size = options.tile_size
    metrics = printed_metrics(sheet_metrics(FontMetrics, options), options)  # as the kit measures its labels
    least = options.type.least
    crowded = crowded_tiles(definition.shape, tiles, size, tile_labels, metrics, least)
    if not crowded:
        return None
    over = over_lines(definition.shape, crowded, size, tile_labels, metrics, least)
    roomy = roomy_size(definition.shape, tiles, size, tile_labels, metrics, least)
    return TileRoom(size, roomy, len(crowded), len(tiles), len(over), round(max(ID_LEGIBLE, least) / PT, 2))


def build(output: str | Path | None, game_path=None, text_path=None, lang="en",
          options: KitOptions = KitOptions()) -> BuildReport:
    """Write the kit (and any separate host key); `output` None names it after the game."""
    if options.output == "svg":
        return build_svg(output, game_path, text_path, lang, options)
    output = kit_path(output, game_path)
    refuse_inputs(output, input_files(game_path, text_path))
    check_target(output)
    pdfs = kit_pdfs(game_path, text_path, lang, options)
    files = [(output, pdfs.kit)]
    key_path = None
    if pdfs.host_key is not None:
        key_path = host_key_path_for(output)
        files.append((key_path, pdfs.host_key))
    brf = [(braille_path_for(output, f.part), f) for f in pdfs.braille]
    for path, _ in brf:
        check_target(path)  # a braille file is written over nothing but a braille file
    files += [(path, f.data) for path, f in brf]
    for path, _ in files:
        refuse_inputs(path, input_files(game_path, text_path, pdfs.texts))
    write_all(files)
    code = braille_code(pdfs.texts) if options.tactile else ""
    return BuildReport(output, pdfs.kit_pages, key_path, pdfs.host_key_pages, pdfs.guide_pages, pdfs.key_pages,
                       pdfs.texts.source, braille=tuple((path, f.pages) for path, f in brf), braille_code=code,
                       no_braille=pdfs.no_braille)


def build_svg(output: str | Path | None, game_path=None, text_path=None, lang="en",
              options: KitOptions = KitOptions()) -> BuildReport:
    """The kit as one SVG a sheet where the PDF would go (kit-01.svg, ...; kit-host-key-01.svg, ...), all or none."""
    base = kit_path(output, game_path)
    check_target(sheet_paths(base, 1)[0])
    definition, texts, kit = make_pages(game_path, text_path, lang, options)
    title = texts.get("kit.title")
    marks = kit_marks(definition, options, kit)
    plan = cut_plan(options)
    kit_files = list(zip(sheet_paths(base, len(kit.pages)), render_sheets(kit.pages, title, marks.keywords(), plan)))
    key_files = list(zip(sheet_paths(host_key_path_for(base), len(kit.host_key)),
                         render_sheets(kit.host_key, f"{title}: {texts.get('host_key.title')}",
                                       marks._replace(tile_pages=(), board_pages=()).keywords(), plan)))
    files = kit_files + key_files
    if options.cutter == "cricut":  # beside each cut sheet's SVG, its print-then-cut image
        files += [(path.with_suffix(".png"), cut_image(page, title)) for (path, _), page in zip(kit_files, kit.pages)
                  if page.name.startswith("cut-")]
    braille, no_braille = braille_files(definition, texts, kit, options) if options.tactile else ((), "")
    brf = [(braille_path_for(base, f.part), f) for f in braille]  # a tactile kit's BRF files, as beside a PDF
    for path, _ in brf:
        check_target(path)
    stale = left_over_sheets([p for p, _ in files])
    files += [(path, f.data) for path, f in brf]
    for path, _ in files:
        refuse_inputs(path, input_files(game_path, text_path, texts))
    write_all(files)
    return BuildReport(kit_files[0][0], len(kit.pages), key_files[0][0] if key_files else None, len(kit.host_key),
                       kit.guide_pages, kit.key_pages, texts.source, tuple(p for p, _ in kit_files),
                       tuple(p for p, _ in key_files), braille=tuple((path, f.pages) for path, f in brf),
                       braille_code=braille_code(texts) if options.tactile else "", no_braille=no_braille,
                       removed=tuple(remove_files(stale)))


class WorksheetReport(NamedTuple):
    path: Path
    key_path: Path
    puzzles: int  # on each sheet
    json: dict
    files: tuple[Path, ...] = ()  # SVG sheets: every sheet's file (path is the first)
    key_files: tuple[Path, ...] = ()
    removed: tuple[Path, ...] = ()  # SVG sheets left from an earlier, longer run, removed


class WorksheetPdfs(NamedTuple):
    """Practice sheets and their answer keys as PDF bytes."""

    sheets: bytes
    keys: bytes
    pages: int
    puzzles: int  # on each sheet
    json: dict
    texts: Texts
    key_pages: int = 0
    made: tuple = ()  # the puzzles printed (activities.loops.LoopPuzzle), sheet by sheet


def worksheet_pdfs(game, options: WorksheetOptions = WorksheetOptions(), lang: str = "en", text_path=None,
                   progress=lambda sheets: sheets) -> WorksheetPdfs:
    """Practice sheets and their keys as bytes, written nowhere: make the puzzles, lay out, render.

    `progress` wraps the stream of sheets as they are made (the CLI shows a bar with it).
    """
    made = worksheet_documents(game, options, lang, text_path, progress)
    sheet_bytes = render_bytes(made.pages, made.title, made.keywords)
    key_bytes = render_bytes(made.keys, made.key_title, made.keywords)
    return WorksheetPdfs(sheet_bytes, key_bytes, len(made.pages), made.puzzles, made.json, made.texts)


class WorksheetDocuments(NamedTuple):
    """Practice sheets and their keys laid out, not yet rendered."""

    pages: list[Page]
    keys: list[Page]
    puzzles: int  # on each sheet
    json: dict
    texts: Texts
    title: str
    key_title: str
    keywords: str


def worksheet_documents(game, options: WorksheetOptions, lang: str = "en", text_path=None,
                        progress=lambda sheets: sheets) -> WorksheetDocuments:
    from papergame.activities.worksheet import worksheets_json

    definition, game_path = game_and_folder(game)
    texts = load_texts(text_path, lang, game_path, rule_set(definition).words)
    count, sheets, pages, keys = worksheet_pages(definition, texts, options, progress)
    title = sheet_kind(definition).title(texts, options.level)
    keywords = f"papergame paper={options.paper} ink={options.ink}"
    if options.measured is not None:
        keywords += f" measured={options.measured:g}"
    keywords += " tile-pages=none board-pages=none"
    return WorksheetDocuments(pages, keys, count, worksheets_json(definition, sheets), texts, title,
                              f"{title}: {texts.get('worksheet.key_title')}", keywords)


def build_worksheets(output: str | Path | None, game_path, options: WorksheetOptions = WorksheetOptions(),
                     lang: str = "en", text_path=None, progress=lambda sheets: sheets) -> WorksheetReport:
    """Practice sheets and their keys, both files written or neither."""
    path = worksheet_path(output, game_path)
    key_path = path.with_name(f"{path.stem}-key{path.suffix or '.pdf'}")
    refuse_inputs(path, input_files(game_path, text_path))
    if options.format == "svg":
        return worksheet_svgs(path, key_path, game_path, options, lang, text_path, progress)
    check_target(path)
    pdfs = worksheet_pdfs(game_path, options, lang, text_path, progress)
    for target in (path, key_path):
        refuse_inputs(target, input_files(game_path, text_path, pdfs.texts))
    write_all([(path, pdfs.sheets), (key_path, pdfs.keys)])  # both or neither
    return WorksheetReport(path, key_path, pdfs.puzzles, pdfs.json)



def worksheet_svgs(path: Path, key_path: Path, game_path, options: WorksheetOptions, lang: str, text_path,
                   progress) -> WorksheetReport:
    """Practice sheets and keys as one SVG a sheet (worksheets-01.svg, worksheets-key-01.svg, ...), all or none."""
    check_target(sheet_paths(path, 1)[0])
    stem = sheet_paths(path, 1)[0].name.removesuffix("-01.svg")  # -o ws.svg: ws-01.svg and ws-key-01.svg
    key_path = path.with_name(f"{stem}-key.pdf")
    made = worksheet_documents(game_path, options, lang, text_path, progress)
    files = list(zip(sheet_paths(path, len(made.pages)), render_sheets(made.pages, made.title, made.keywords)))
    key_files = list(zip(sheet_paths(key_path, len(made.keys)), render_sheets(made.keys, made.key_title, made.keywords)))
    for target, _ in files + key_files:
        refuse_inputs(target, input_files(game_path, text_path, made.texts))
    stale = left_over_sheets([p for p, _ in files + key_files])
    write_all(files + key_files)  # every sheet and key, or none
    return WorksheetReport(files[0][0], key_files[0][0], made.puzzles, made.json, tuple(p for p, _ in files),
                           tuple(p for p, _ in key_files), removed=tuple(remove_files(stale)))


def worksheet_pages(definition, texts: Texts, options: WorksheetOptions, progress=lambda sheets: sheets):
    """The sheets and their key pages, laid out and finished in memory: (puzzles a sheet, sheets, pages, keys)."""
    kit_options = KitOptions(paper=options.paper, ink=options.ink, measured=options.measured,  # for the foot of each page
                             large_print=options.large_print, clear_print=options.clear_print)
    check_text_glyphs(texts)
    return sheet_set_pages(definition, texts, options, progress, kit_options)


def sheet_metrics(font_metrics, options: KitOptions, texts: Texts | None = None):
    """The metrics a worksheet's layout measures by: the font in the profile's face, with its spacing (and, given
    the words, a footer with the lines they need)."""
    from papergame.layout.kit import correction_note
    from papergame.layout.paper import Typeset, footer_room

    font = font_metrics(options.type.face)
    if texts is None:
        return Typeset(font, options.type)
    return Typeset(font, footer_room(options.type, font, texts.get("scale.instruction"), correction_note(texts, options),
                                     texts.optional("scale.instruction_short")))


def sheet_set_pages(definition, texts: Texts, options: WorksheetOptions, progress, kit_options: KitOptions):
    """A rule set's practice sheets and their key pages, over one page context whose document is the class set:
    the plan says how many puzzles a sheet holds, the sheets are made for it, then laid out (the rule set's page
    kinds of `page_kinds.WORKSHEETS`, in order: the players' into the sheets' file, the rest into the keys') and
    finished."""
    from papergame.activities.worksheet import make_worksheets
    from papergame.layout.context import PageContext, SheetSet
    from papergame.layout.kit import HOST, finish
    from papergame.layout.page_kinds import WORKSHEETS, kinds_of
    from papergame.render.fonts import FontMetrics

    kind = sheet_kind(definition)
    ctx = PageContext(definition, texts, kit_options.paper, kit_options.tile_size, sheet_metrics(FontMetrics, kit_options, texts),
                      kit_options.ink, document=SheetSet(options.level, compact_key=options.compact_key))
    count = kind.puzzles_per_sheet(ctx, options.puzzles)
    sheets = tuple(progress(make_worksheets(definition, options, count)))
    ctx = ctx._replace(document=ctx.sheets._replace(sheets=sheets))
    pages: list = []
    keys: list = []
    for page_kind in kinds_of(WORKSHEETS, rule_set(definition).name):
        (pages if page_kind.players else keys).extend(page_kind.make(ctx))
    finished = finish(pages, texts, kit_options, labels=[p.label for p in pages])
    finished_keys = finish(keys, texts, kit_options, labels=[k.label for k in keys], whose=HOST)
    check_page_glyphs(finished + finished_keys)
    return count, list(sheets), finished, finished_keys


def win_rules_example(definition):
    """The "win in N" rules page's worked example (`layout.win_layout.rules_example`)."""
    from papergame.layout.win_layout import rules_example

    return rules_example(definition)


class SheetKind(NamedTuple):
    """A rule set's worksheets: their title, and how many puzzles their plan puts on a sheet (`puzzles_per_sheet(ctx,
    asked)`); their pages are the rule set's kinds of `page_kinds.WORKSHEETS`."""

    title: Callable[[Texts, str], str]
    puzzles_per_sheet: Callable[[Any, int | None], int]


def sheet_kind(definition) -> SheetKind:
    """The rule set's worksheets; a rule set without any is refused as `worksheet` refuses it."""
    from papergame.activities.worksheet import sheet_maker

    from papergame.layout.rulesets import LAYOUTS

    sheet_maker(definition)
    pages = LAYOUTS[rule_set(definition).name]  # the rule set's layout says its worksheets' title and plan
    return SheetKind(pages.worksheet_title, pages.puzzles_per_sheet)


class Validation(NamedTuple):
    definition: Any
    worksheet_levels: dict[str, str | None]  # level -> None if sheets can be made, else why not


def validate(game_path=None) -> Validation:
    """Everything `build` and `worksheet` check, run in memory with their default options.

    Raises what `build` would raise, and what `worksheet` would raise at every level (the
    printed words, the font, the page). Whether puzzles of a level can be found depends on
    the level and the seed, so a level that cannot be made is reported with its reason.
    """
    from papergame.activities.worksheet import LEVELS, WorksheetError

    definition, texts, _ = make_pages(game_path)
    levels: dict[str, str | None] = {}
    for level in LEVELS:
        try:
            worksheet_pages(definition, texts, WorksheetOptions(level=level))
            levels[level] = None
        except WorksheetError as exc:  # no puzzle of this level: the others may still be made
            levels[level] = exc.problems[0]
        except OptionError as exc:
            if exc.option != "level":
                raise
            levels[level] = exc.detail.removeprefix(f"{level}: ")
    return Validation(definition, levels)


def build_simulation_report(output: str | Path, report, game_path=None, text_path=None, lang="en") -> Path:
    """The one-page PDF of a simulation, in the language asked for, written atomically."""
    from papergame.layout.context import PageContext
    from papergame.layout.page_kinds import REPORT, kinds_of
    from papergame.render.fonts import FontMetrics

    output = Path(output)
    check_target(output)
    texts = load_texts(text_path, lang, game_path, rule_set(report.definition).words)
    check_text_glyphs(texts)
    ctx = PageContext(report.definition, texts, "a4", KitOptions().tile_size, FontMetrics(), document=report)
    pages = [sheet.page for kind in kinds_of(REPORT) for sheet in kind.make(ctx)]
    check_page_glyphs(pages)
    write_all([(output, render_bytes(pages, texts.get("simulate.title")))])
    return output


class LoopsPdfs(NamedTuple):
    """Single-loop clue squares as PDF bytes: the sheets (or the tile version) and their keys."""

    sheets: bytes
    keys: bytes
    pages: int
    puzzles: int  # on each sheet
    json: dict
    texts: Texts
    key_pages: int = 0
    made: tuple = ()  # the puzzles printed (activities.loops.LoopPuzzle), sheet by sheet


def loops_pdfs(options: LoopOptions = LoopOptions(), lang: str = "en", text_path=None,
               progress=lambda sheets: sheets) -> LoopsPdfs:
    """Make the puzzles (`activities.loops`), lay out the sheets and keys, render; written nowhere."""
    from papergame.activities.loops import loops_json, make_loop_sheets
    from papergame.layout.context import LoopSet, PageContext
    from papergame.layout.kit import HOST, finish
    from papergame.layout.page_kinds import LOOPS, kinds_of
    from papergame.layout import loops_layout
    from papergame.render.fonts import FontMetrics

    kit_options = KitOptions(paper=options.paper, ink=options.ink, measured=options.measured,
                             large_print=options.large_print, clear_print=options.clear_print)
    texts = load_texts(text_path, lang)
    check_text_glyphs(texts)
    # the footer names the activity, not the default game whose words these are
    texts = texts._replace(sections={**texts.sections, "kit": {**texts.sections["kit"], "title": texts.get("loops.title")}})
    given = None if options.puzzle_file is None else file_puzzles(options)
    if given is not None:  # the file's size, and its hardest puzzle's level
        from papergame.options import LOOP_LEVELS

        options = options._replace(size=(given[0].columns, given[0].rows),
                                   level=max((p.level for p in given), key=LOOP_LEVELS.index))
    ctx = PageContext(load_definition(None), texts, kit_options.paper, kit_options.tile_size,
                      sheet_metrics(FontMetrics, kit_options, texts), kit_options.ink,
                      document=LoopSet(options.level, options.columns, options.rows, options.tiles))
    if given is not None:
        layout = loops_layout.layout_of(ctx)
        if options.tiles:
            layout.tile_size()  # refuses a puzzle too big for its tiles
        count = len(given)
        if not options.tiles and not layout.fit(count)[0]:
            raise DefinitionError(f"{options.puzzle_file}: puzzles: {count} puzzles of {options.columns} x "
                                  f"{options.rows} do not fit on one sheet; at most {layout.most()} do")
        made_sheets = iter([(1, None, given)])
    else:
        count = loops_layout.puzzles_per_sheet(ctx, options.puzzles)
        made_sheets = make_loop_sheets(options, count)
    sheets = tuple((number, seed, tuple(puzzles)) for number, seed, puzzles in progress(made_sheets))
    ctx = ctx._replace(document=ctx.loops._replace(sheets=sheets))
    made = [puzzle for _, _, puzzles in sheets for puzzle in puzzles]
    pages: list = []  # the sheets, then how to play, once a file
    keys: list = []  # the keys, then the teacher's guide: the host's file
    for kind in kinds_of(LOOPS):
        (pages if kind.players else keys).extend(kind.make(ctx))
    labels, key_labels = [p.label for p in pages], [k.label for k in keys]
    finished = finish(pages, texts, kit_options, labels=labels)
    finished_keys = finish(keys, texts, kit_options, labels=key_labels, whose=HOST)
    check_page_glyphs(finished + finished_keys)
    keywords = f"papergame paper={kit_options.paper} ink={kit_options.ink}"
    if kit_options.measured is not None:
        keywords += f" measured={kit_options.measured:g}"
    title = texts.get("loops.title")
    return LoopsPdfs(render_bytes(finished, title, keywords + " tile-pages=none board-pages=none"),
                     render_bytes(finished_keys, f"{title}: {texts.get('worksheet.key_title')}", keywords),
                     len(finished), count, loops_json(made), texts, len(finished_keys), tuple(made))


def validate_puzzles(path) -> list:
    """A puzzle file checked as `loops` reads it when told to print one, and its pages laid out and made in memory with the
    default options, so a file said to be valid prints; its puzzles, each with its level worked out."""
    return list(loops_pdfs(LoopOptions(puzzle_file=path)).made)


def file_puzzles(options: LoopOptions) -> list:
    """The puzzles of the puzzle file `options` names, checked as `validate` checks them."""
    from pathlib import Path

    from papergame.activities.loop_file import read_puzzle_file

    return read_puzzle_file(Path(options.puzzle_file))


def build_loops(output: str | Path | None, options: LoopOptions = LoopOptions(), progress=lambda sheets: sheets,
                lang: str = "en", text_path=None) -> WorksheetReport:
    """The puzzle sheets and their keys, both files written or neither."""
    path = output_path(output, "loops.pdf")  # named as for build: .pdf added, a folder gets loops.pdf inside it
    key_path = path.with_name(f"{path.stem}-key.pdf")
    inputs = {**input_files(None, text_path), "puzzle file": options.puzzle_file}
    refuse_inputs(path, inputs)
    refuse_inputs(key_path, inputs)
    check_target(path)
    pdfs = loops_pdfs(options, lang, text_path, progress)
    write_all([(path, pdfs.sheets), (key_path, pdfs.keys)])
    return WorksheetReport(path, key_path, pdfs.puzzles, pdfs.json)
