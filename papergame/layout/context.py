"""What every page builder needs, in one value: the game, its rule set and shape, its words, the paper and sizes.

Every page kind is `pages(ctx) -> list[Sheet]` over one `PageContext`, built once for a kit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from papergame.records import NamedTuple
from papergame.model.definition import GameDefinition
from papergame.model.geometry import TileShape
from papergame.model.rulesets import RuleSet, rule_set
from papergame.layout.paper import Sheet, TypeProfile, profile_of
from papergame.layout.pick_list import Printing
from papergame.layout.pieces import PrintedTile
from papergame.layout.textflow import Metrics
from papergame.text import Texts


class SheetSet(NamedTuple):
    """A class set of practice sheets: the document the worksheet and "win in N" page kinds lay out.

    Made in two steps: with no sheets, for the plan to say how many puzzles a sheet holds; then with the sheets
    made for that many (`activities.puzzles.Worksheet` values)."""

    level: str
    sheets: tuple[Any, ...] = ()
    compact_key: bool = False  # every sheet's answers in one table, not a key page per sheet


class LoopSet(NamedTuple):
    """A class set of single-loop puzzle sheets: the document the loops page kinds (`loops_sheet`) lay out.

    Made in two steps, as a `SheetSet`: with no sheets, for the plan to say how many puzzles a sheet holds; then
    with the sheets made for that many, each `(number, seed, puzzles)` (seed None: puzzles read from a file)."""

    level: str
    columns: int
    rows: int
    tiles: bool = False  # the tile version: one puzzle a board, with tiles to cut
    sheets: tuple[tuple[int, int | None, tuple[Any, ...]], ...] = ()


class Pieces(NamedTuple):
    """What a kit's tile pages lay out: the tiles and tokens to cut out, and the sheets they may share.

    Every tile page kind (`tiles_sheet.tile_pages`, `kit_tokens.kit_token_pages`, `tile_backs.fold_pages`,
    `duplex_pages`, `cut_sheets.cut_sheet_pages`, `print_shop.shop_pages`) is `pages(ctx)` and reads this as
    `ctx.pieces`; `tile_backs.placed_token_pages(ctx)` gives the tokens' sheets and what the fronts' head says of
    them. `layout.kit.piece_pages(ctx)` chooses among them by the print options."""

    tiles: tuple[PrintedTile, ...] = ()  # the tiles to print, in order (a class set's carry their kit's number)
    tokens: tuple[str, ...] = ()  # whose sets of tokens go with them: ("",) a single kit's, a class set's kit numbers
    start: Sheet | None = None  # a sheet already made that they may begin on while it has room (the board's last)
    boards: Mapping[str, Sequence[Sheet]] = {}  # each kit's board sheets ("" a single kit's): tokens in free room
    stack: bool = False  # a class set's tile sheets: every sheet's tiles on the first's grid, cut as one stack
    cuts: tuple[float, ...] = ()  # the x of the straight cuts on `start` that run to the paper's edge
    cutter: str = "none"  # a cutting machine's sheets (silhouette, cricut, laser): each piece apart
    kerf: float = 0.0  # mm: a laser's cut width
    backs: str = "none"  # printed tile backs: none, fold or duplex
    shift: tuple[float, float] = (0.0, 0.0)  # mm the duplex backs move, across and up (the two-sided test's reading)
    print_shop: bool = False  # each tile in its gutter with its bleed, for a print shop
    before: int = 0  # the pages of the file before them: a two-sided front must fall on an odd page
    token_note: str = ""  # what the first sheet of fronts says of the tokens (`tiles.tokens_beside`: they went on the
    # board's sheet without their note), a text key or ""


class Tactile(NamedTuple):
    """A tactile kit's print options, for its page kinds (`page_kinds` TACTILE: the key, board and pieces on swell
    paper, and the guide's page on printing them)."""

    red: bool = False  # labels for a sighted helper, in red (flat on swell paper)
    kit: str = ""  # a class set's kit number, in red at each swell sheet's top right (with red labels)
    swell: int = 0  # the guide's: how many of the kit's sheets go on swell paper


class PageContext(NamedTuple):
    game: GameDefinition
    texts: Texts
    paper: str  # a key of paper.PAPERS
    tile: float  # mm
    metrics: Metrics
    ink: str = "normal"  # a key of ink.INKS: pages whose words describe the drawing need it
    cut_guides: str = "both"  # lines, marks or both
    pupil_pages: int | None = None  # the guide: pages of the kit file that are the players' (None: not known)
    printing: Printing | None = None  # the guide's pick-list: the kit as built (None: not known)
    document: Any = None  # the document's own data where it has any: a SheetSet, a LoopSet, a simulation's report
    pieces: Pieces = Pieces()  # the tile pages': the tiles and tokens they lay out
    tactile: Tactile | None = None  # a tactile kit's print options (None: a kit to see)
    tight: bool = False  # a step tighter: a board's notes over it at the caption size (`kit.board_and_pieces`)

    @property
    def sheets(self) -> SheetSet:
        """The class set of practice sheets the worksheet page kinds lay out."""
        if not isinstance(self.document, SheetSet):
            raise TypeError("this page context holds no practice sheets")
        return self.document

    @property
    def loops(self) -> LoopSet:
        """The class set of single-loop puzzle sheets the loops page kinds lay out."""
        if not isinstance(self.document, LoopSet):
            raise TypeError("this page context holds no single-loop puzzle sheets")
        return self.document

    @property
    def rules(self) -> RuleSet:
        """The game's rule set (own tokens, a shared path, ...)."""
        return rule_set(self.game)

    @property
    def shape(self) -> TileShape:
        """The game's tile shape; `shape.form` is what differs between shapes."""
        return self.game.shape

    @property
    def type(self) -> TypeProfile:
        """How words are set (sizes, spacing, face): the profile of this context's metrics (paper.TypeProfile)."""
        return profile_of(self.metrics)

    def sheet(self, name: str) -> Sheet:
        return Sheet(name, self.paper, self.metrics)

    @property
    def touch(self) -> Tactile:
        """The tactile kit's print options (`tactile`; a context without them: no red labels, no kit number)."""
        return self.tactile if self.tactile is not None else Tactile()

    @property
    def low_ink(self) -> bool:
        return self.ink == "low"
