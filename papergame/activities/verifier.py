"""Is a puzzle fit for the sheet? Every answer a worksheet prints is checked here, by the rules engine.

What "exactly one answer" means. Tracing is deterministic, so once the question is
unambiguous its answer is unique. A puzzle is kept only if `problems` finds nothing:

- an exit puzzle's token starts at an entry port on the board's own edge, so nothing can
  have moved it yet, and its cell holds a tile; a hand puzzle's token stands at the entry
  port of an empty cell;
- every route ends at an empty cell inside the window, or off the board through the
  board's own edge: the answer is always in the picture, never in a part not shown;
- no route loops;
- no tile type is used more often than the definition has copies (the hand included);
- a hand puzzle has at least one safe and one unsafe placement;
- the answer stored with the puzzle is the one the engine finds.
"""

from __future__ import annotations

from collections import Counter

from papergame.activities.puzzles import Level, Puzzle, lay
from papergame.model.definition import GameDefinition


def problems(definition: GameDefinition, level: Level, puzzle: Puzzle) -> list[str]:
    """Everything that would make the puzzle unfit for the sheet (an empty list: keep it)."""
    unknown = sorted(({p.tile for p in puzzle.tiles} | set(puzzle.hand)) - {t.id for t in definition.tiles})
    if unknown:
        return [f"there is no tile type {unknown[0]}"]
    return layout_problems(definition, puzzle) + puzzle.problems(definition, level, lay(definition, puzzle.tiles))


def layout_problems(definition: GameDefinition, puzzle: Puzzle) -> list[str]:
    """What is wrong with where the tiles and the token are, whatever the kind of puzzle."""
    board = definition.board
    out: list[str] = []
    cells = [p.cell for p in puzzle.tiles]
    if len(set(cells)) != len(cells):
        out.append("two tiles in one cell")
    if any(c not in puzzle.window or c not in board for c in cells):
        out.append("a tile outside the window")
    used = Counter(p.tile for p in puzzle.tiles) + Counter(puzzle.hand)
    for tile in definition.tiles:
        if used[tile.id] > tile.copies:
            out.append(f"{used[tile.id]} tiles of type {tile.id}, but the set has {tile.copies}")
    if puzzle.token.cell not in puzzle.window:
        out.append("the token is outside the window")
    return out
