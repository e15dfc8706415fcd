"""The board and tiles of a definition as small integer tables, for the solver and the simulator.

Playing thousands of games (or searching millions of positions) through `rules.Game` would
spend its time on names and dictionaries. Here a position is one integer,
`cell * ports + port`, and a placed tile is a tuple mapping each port index to its partner.
Every table is built from the board's own step function and the shape's rotations, so any
shape the model knows works the same. Tests check these tables against `rules.Game`.

>>> from papergame.data.games import load_definition
>>> t = PlayTables(load_definition())
>>> t.position_name(t.starts[0]), len(t.placements), len(t.distinct)
('A1/S', 12, 3)
"""

from __future__ import annotations

from papergame.records import NamedTuple
from papergame.model.board import Position
from papergame.model.definition import GameDefinition
from papergame.model.outcomes import ROUTE_LOOP, ROUTE_OUT
from papergame.model.rules import rotated_links

OUT = ROUTE_OUT  # the path left the board
LOOP = ROUTE_LOOP  # the route came back to a port it had passed


class Placement(NamedTuple):
    """One tile type in one turn, and where its lines go (port index -> partner port index)."""

    type_id: int
    rotation: int
    links: tuple[int, ...]


class PlayTables:
    def __init__(self, definition: GameDefinition):
        self.definition = definition
        board, shape = definition.board, definition.shape
        self.cells = board.cells
        self.ports = shape.ports
        self.port_count = n = len(shape.ports)
        index = {p: i for i, p in enumerate(shape.ports)}
        # leaving cell c through port p: the next entry position, or OUT
        self.step: list[int] = []
        for cell in self.cells:
            for port in shape.ports:
                nxt = board.step_out(cell, port)
                self.step.append(OUT if nxt is None else self.position(nxt))
        self.placements: list[Placement] = []
        for tile in definition.tiles:
            for rotation in shape.rotations:
                links = rotated_links(definition, tile, rotation)
                self.placements.append(
                    Placement(tile.id, rotation, tuple(index[links[p]] for p in shape.ports)))
        # placements that lay the same lines: one tile turned to look like another, or a
        # tile that looks the same turned, is one choice for the solver
        self.distinct: dict[tuple[int, ...], list[Placement]] = {}
        for placement in self.placements:
            self.distinct.setdefault(placement.links, []).append(placement)
        self.starts = [self.position(t.start) for t in definition.tokens]
        self.max_steps = len(self.cells) * n + 1

    def position(self, position: Position) -> int:
        return self.cells.index(position.cell) * self.port_count + self.ports.index(position.port)

    def position_name(self, position: int) -> str:
        if position == OUT:
            return "out"
        cell, port = divmod(position, self.port_count)
        return self.definition.board.position_name(Position(self.cells[cell], self.ports[port]))

    def cell_name(self, cell: int) -> str:
        return self.definition.board.cell_name(self.cells[cell])

    def run(self, filled: list[tuple[int, ...] | None], position: int) -> int:
        """Follow the lines from `position` to the first entry of an empty cell, OUT or LOOP."""
        n, step = self.port_count, self.step
        for _ in range(self.max_steps):
            links = filled[position // n]
            if links is None:
                return position
            port = position % n
            position = step[position - port + links[port]]  # leave this cell by the port the line leads to
            if position < 0:
                return OUT
        return LOOP
