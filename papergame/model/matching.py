"""Who wins a shared-path game, proved from a matching of the board's cells (Winning Ways' dominoes).

A domino is two cells side by side; a covering is a set of dominoes in which no cell is in
two. The argument needs two facts, and the engine establishes both before anything is
claimed:

1. the tiles can lead the path from any entry port out through any other side: for every
   port a path can enter by and every other side, some tile, turned some way, joins them
   (checked placement by placement with the rules engine's own turns);
2. dominoes cover every cell of the board (then the first player wins), or every cell but
   the start cell, the cell the path enters first (then the second player wins). Whether
   one exists is a maximum matching of the graph whose vertices are the cells and whose
   edges join cells that share a side (networkx's blossom algorithm, any board shape).

With both, the strategy player (first on a covered board, second when the start cell is
left out, after the first player has filled it) plays so that whenever the path stands at
an empty cell on their turn, every domino is full or empty: they lay a tile that leads the
path into the other half of the cell's domino, which is empty, so the path stops there and
they never run it off. The opponent must fill that half; the path then runs on through
filled cells to an empty cell, whose domino is empty again, or off the board. Every tile
joins its ports in pairs and the path began at the edge, so it can never loop; the board
cannot fill up on the strategy player's move, and when the opponent fills the last cell
the path has nowhere to stop but off the board. So the opponent loses, whatever they do.

The matching alone decides nothing more. In particular the rule of undirected vertex
geography ("the first player wins if and only if the start cell is in every maximum
matching") does not hold for this game: a filled cell's other lines carry the path on to
cells that are not neighbours, and on 3 x 3 squares entered at B1 the start is in every
maximum matching, yet the search finds that the second player wins. Where neither
covering exists, `covering_gap` says so and the solver's search has to decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from papergame.records import NamedTuple
from papergame.model.board import Board, Cell
from papergame.model.definition import GameDefinition
from papergame.model.rules import FIRST, SECOND, rotated_links, rule_set

if TYPE_CHECKING:
    import networkx as nx  # imported where a graph is made: it costs more than the rest of a build


class DominoStrategy(NamedTuple):
    player: str  # "first" or "second": who plays it and wins
    dominoes: list[tuple[Cell, Cell]]
    alone: Cell | None  # the start cell, in no domino, when the second player wins


class TileGap(NamedTuple):
    """An entry port from which no tile, turned any way, leads the path out through `side`."""

    port: str
    side: str


class Gap(NamedTuple):
    """Why the domino argument does not decide a game: one of the reasons below."""

    reason: str  # "rules" (not a shared path), "supply" (kit copies only), "tiles" or "covering"
    tiles: TileGap | None = None  # for "tiles"


def cell_graph(board: Board) -> nx.Graph:
    """The cells as vertices, an edge between two cells that share a side.

    An edge along a row weighs 2 and any other 1, so a maximum matching with the most
    weight is a tidy covering: as many dominoes lying along the rows as the board allows.
    """
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(board.cells)
    for cell in board.cells:
        for port in board.shape.ports:
            step = board.step_out(cell, port)
            if step is not None:
                graph.add_edge(cell, step.cell, weight=2 if step.cell.row == cell.row else 1)
    return graph


def covering(graph: nx.Graph, leave_out: tuple[Cell, ...] = ()) -> list[tuple[Cell, Cell]] | None:
    """Dominoes covering every cell of the graph but `leave_out`, or None if there are none."""
    rest = graph.subgraph(c for c in graph if c not in leave_out)
    if len(rest) % 2:
        return None
    import networkx as nx

    matching = nx.max_weight_matching(rest, maxcardinality=True)
    if 2 * len(matching) < len(rest):
        return None
    pairs = [(a, b) if (a.row, a.col) < (b.row, b.col) else (b, a) for a, b in matching]
    return sorted(pairs, key=lambda p: (p[0].row, p[0].col))


def tile_gap(definition: GameDefinition) -> TileGap | None:
    """The first entry port and side the tiles cannot join, or None when they join every pair.

    Every tile in every turn the rules allow, as the rules engine turns it.
    """
    shape = definition.shape
    reach: dict[str, set[str]] = {port: set() for port in shape.ports}
    for tile in definition.tiles:
        for rotation in shape.rotations:
            for a, b in rotated_links(definition, tile, rotation).items():
                reach[a].add(shape.side_of(b))
    for port in shape.ports:
        for side in shape.sides:
            if side != shape.side_of(port) and side not in reach[port]:
                return TileGap(port, side)
    return None


class Verdict(NamedTuple):
    strategy: DominoStrategy | None  # the proof, when the argument applies
    gap: Gap | None  # why not, when it does not


def domino_verdict(definition: GameDefinition) -> Verdict:
    """The domino strategy that proves who wins, or the reason the argument does not apply."""
    rules = rule_set(definition)
    if not rules.solvable:  # the argument is about one path, laid face up
        return Verdict(None, Gap("rules"))
    if not rules.unlimited:
        return Verdict(None, Gap("supply"))
    gap = tile_gap(definition)
    if gap is not None:
        return Verdict(None, Gap("tiles", gap))
    graph = cell_graph(definition.board)
    start = definition.tokens[0].start.cell
    every = covering(graph)
    if every is not None:
        return Verdict(DominoStrategy(FIRST, every, None), None)
    but_start = covering(graph, (start,))
    if but_start is not None:
        return Verdict(DominoStrategy(SECOND, but_start, start), None)
    return Verdict(None, Gap("covering"))


def proven_first_move(definition: GameDefinition, graph: nx.Graph, into: Cell) -> bool:
    """Whether a first tile that leads the path from the start cell into `into` is proved to win.

    After it the second player must fill `into`; if dominoes cover every other cell, the
    first player then plays them as the second player would on the rest of the board.
    """
    start = definition.tokens[0].start.cell
    return covering(graph, (start, into)) is not None
