"""Making puzzles: laying tiles as a careful player would, from one random stream.

Tiles are laid in the cell the token is about to enter, turned at random, never sending it
out before the route is long enough; a few more tiles are scattered around it; every try
that the verifier rejects is thrown away. Everything random comes from one
`random.Random(seed)`, so the same seed gives the same sheet.
"""

from __future__ import annotations

import random
from collections import Counter

from papergame.records import NamedTuple
from papergame.activities.puzzles import (
    AWAY,
    LOOP,
    OUT,
    STOP,
    ExitPuzzle,
    HandPuzzle,
    Level,
    Placement,
    Puzzle,
    Window,
    fits_level,
    hand_options,
)
from papergame.activities.verifier import problems
from papergame.model.board import Cell, Position
from papergame.model.definition import GameDefinition
from papergame.model.rules import PlacedTile, Trace, trace


def stop(head: Trace) -> Position:
    """Where a route that stopped on the board stopped (the maker only grows such routes)."""
    assert head.end is not None, "a route that left the board has no stop"
    return head.end


class Step(NamedTuple):
    """How a route goes on past where it stopped, once a tile is laid there."""

    cells: list[Cell]
    lines: list[tuple[str, str]]
    end: Position | None
    loop: bool
    exit_port: str | None

    def after(self, head: Trace) -> Trace:
        return Trace(head.start, head.route + tuple(self.cells), self.end, self.loop, self.exit_port,
                     head.crossings + tuple(self.lines))


class PuzzleMaker:
    """Tries to make one puzzle at a time from a shared random stream."""

    def __init__(self, definition: GameDefinition, level: Level, rng: random.Random):
        self.definition = definition
        self.board = definition.board
        self.level = level
        self.rng = rng
        self.rotations = definition.shape.rotations
        self.copies = {t.id: t.copies for t in definition.tiles}
        self.placed = {(t.id, r): PlacedTile.make(definition, t, r) for t in definition.tiles for r in self.rotations}
        board = self.board
        self.starts = [Position(c, p) for c in board.cells for p in definition.shape.ports
                       if board.is_edge_entry(Position(c, p))]
        self.size = (min(level.window, len(board.columns)), min(level.window, len(board.rows)))
        self.step = {(c, p): board.step_out(c, p) for c in board.cells for p in definition.shape.ports}

    def window_around(self, cell: Cell) -> Window:
        """A window of the level's size holding `cell`, placed at random."""
        (w, h), board = self.size, self.board
        c0 = self.rng.randint(max(0, cell.col - w + 1), min(cell.col, len(board.columns) - w))
        r0 = self.rng.randint(max(0, cell.row - h + 1), min(cell.row, len(board.rows) - h))
        return Window((c0, c0 + w - 1), (r0, r0 + h - 1))

    def extend(self, tiles: dict[Cell, PlacedTile], head: Trace, visited: set[Position]) -> Step:
        """Where `head` goes on from where it stopped, through the tiles now laid.

        The same walk as `rules.trace`, over a table of steps made once, so that the search
        for a route stays quick; `visited` holds the entry ports `head` went through. Every
        answer a puzzle keeps is traced again by the engine itself (see `problems`).
        """
        cells: list[Cell] = []
        lines: list[tuple[str, str]] = []
        seen: set[Position] = set()
        position, step = stop(head), self.step
        while True:
            placed = tiles.get(position.cell)
            if placed is None:
                return Step(cells, lines, position, False, None)
            cells.append(position.cell)
            leave = placed.links[position.port]
            lines.append((position.port, leave))
            nxt: Position | None = step[position.cell, leave]
            if nxt is None:
                return Step(cells, lines, None, False, leave)
            if nxt in visited or nxt in seen:
                return Step(cells, lines, nxt, True, None)
            seen.add(nxt)
            position = nxt

    def visited(self, head: Trace) -> set[Position]:
        """The entry ports a trace stood at: its start and where it entered each later cell."""
        entered = (self.step[cell, leave] for cell, (_, leave) in zip(head.route, head.crossings))
        return {head.start} | {p for p in entered if p is not None}

    def choices(self, tiles: dict[Cell, PlacedTile], used: Counter, head: Trace, window: Window):
        """Every tile left in the set at every turn, laid where `head` stopped: (type, turn, step, ending)."""
        out = []
        cell, visited = stop(head).cell, self.visited(head)
        for type_id, copies in self.copies.items():
            if used[type_id] >= copies:
                continue
            for rotation in self.rotations:
                tiles[cell] = self.placed[(type_id, rotation)]
                step = self.extend(tiles, head, visited)
                if step.loop:
                    end = LOOP
                elif step.end is None:
                    end = OUT
                else:
                    end = STOP if step.end.cell in window else AWAY
                out.append((type_id, rotation, step, end))
        tiles.pop(cell, None)  # nothing was laid when every type is used up
        return out

    def lay_one(self, tiles: dict[Cell, PlacedTile], used: Counter, cell: Cell, type_id: int, rotation: int) -> None:
        tiles[cell] = self.placed[(type_id, rotation)]
        used[type_id] += 1

    def grow(self, tiles: dict[Cell, PlacedTile], used: Counter, head: Trace, window: Window,
             finish: str) -> Trace | None:
        """Lay tiles where the token stops until its route fits the level and ends as `finish` (STOP or OUT).

        `head` is the route so far (from a start, through tiles already laid, to an empty cell).
        """
        level = self.level
        target = self.rng.randint(level.shortest, level.longest)
        while True:
            done, going = [], []
            for type_id, rotation, step, end in self.choices(tiles, used, head, window):
                length = len(head.route) + len(step.cells)
                if end in (LOOP, AWAY) or length > level.longest:
                    continue
                if end == finish and length >= target:
                    route = step.after(head)
                    if fits_level(self.definition, level, route):
                        done.append((type_id, rotation, route))
                        continue
                if end == STOP:
                    going.append((type_id, rotation, step))
            if not (done or going):
                return None
            type_id, rotation, chosen = self.rng.choice(done or going)
            self.lay_one(tiles, used, stop(head).cell, type_id, rotation)
            if done:
                return chosen
            head = chosen.after(head)

    def scatter(self, tiles: dict[Cell, PlacedTile], used: Counter, window: Window, keep_empty: set[Cell]) -> None:
        """A few more tiles in empty cells of the window, so the route is not the only thing drawn."""
        empty = [c for c in window.cells if c not in tiles and c not in keep_empty]
        count = min(self.rng.randint(*self.level.extra), len(empty))
        for cell in self.rng.sample(empty, count):
            left = [t for t, n in self.copies.items() if used[t] < n]
            if not left:
                return
            type_id = self.rng.choice(left)
            tiles[cell] = self.placed[(type_id, self.rng.choice(self.rotations))]
            used[type_id] += 1

    def placements(self, tiles: dict[Cell, PlacedTile]) -> tuple[Placement, ...]:
        order = {c: i for i, c in enumerate(self.board.cells)}
        return tuple(Placement(c, p.tile.id, p.rotation) for c, p in sorted(tiles.items(), key=lambda kv: order[kv[0]]))

    def exit_puzzle(self, number: int) -> Puzzle | None:
        rng = self.rng
        start = rng.choice(self.starts)
        window = self.window_around(start.cell)
        tiles: dict[Cell, PlacedTile] = {}
        used: Counter = Counter()
        route = self.grow(tiles, used, Trace(start, (), start, False), window, rng.choice((STOP, OUT)))
        if route is None:
            return None
        self.scatter(tiles, used, window, {route.end.cell} if route.end else set())
        return ExitPuzzle(number, window, self.placements(tiles), start, route=trace(self.board, tiles, start))

    def hand_puzzle(self, number: int) -> Puzzle | None:
        rng = self.rng
        start = rng.choice(self.starts)
        window = self.window_around(start.cell)
        tiles: dict[Cell, PlacedTile] = {}
        used: Counter = Counter()
        # a tile or two already laid, so the token may stand inside the board
        head = Trace(start, (), start, False)
        for _ in range(rng.randint(0, 2)):
            going = [(t, r, step) for t, r, step, end in self.choices(tiles, used, head, window) if end == STOP]
            if not going:
                break
            type_id, rotation, step = rng.choice(going)
            self.lay_one(tiles, used, stop(head).cell, type_id, rotation)
            head = step.after(head)
        token = stop(head)
        route = self.grow(tiles, used, Trace(token, (), token, False), window, rng.choice((STOP, OUT)))
        if route is None:
            return None
        # the tile that makes the level's route goes back in the hand (and stays counted in `used`)
        held = tiles.pop(token.cell).tile.id
        self.scatter(tiles, used, window, {token.cell} | ({route.end.cell} if route.end else set()))
        left = [t for t, n in self.copies.items() for _ in range(n - used[t])]
        hand = tuple(sorted([held] + rng.sample(left, min(self.definition.hand - 1, len(left)))))
        options = hand_options(self.definition, token, hand, tiles)
        return HandPuzzle(number, window, self.placements(tiles), token, hand, options=tuple(options))

    def puzzle(self, kind: type[Puzzle], number: int) -> Puzzle | None:
        """One try at a puzzle of that kind, kept only if the verifier finds nothing wrong with it."""
        makers = {ExitPuzzle: self.exit_puzzle, HandPuzzle: self.hand_puzzle}
        made = makers[kind](number)
        if made is None or problems(self.definition, self.level, made):
            return None
        return made
