"""A game told for a person (one line a turn) or as the JSON of the `trace` contract."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from papergame.model.definition import GameDefinition
from papergame.model.rulesets import rule_set
from papergame.model.simulate import standard_error

if TYPE_CHECKING:
    from papergame.model.solver import Solution
    from papergame.model.simulate import SimulationReport
from papergame.model.rules import (
    IN_PROGRESS,
    Game,
    Result,
    same_under_rotation,
    symmetric_turns,
    tile_notation,
)


def game_json(game: Game) -> dict[str, Any]:
    board = game.board
    turns = []
    for t in game.turns:
        row: dict[str, Any] = {
            "turn": t.number,
            "player": t.player,
            "cell": board.cell_name(t.cell),
            "tile": t.tile,
            "rotation": t.rotation,
        }
        tokens = {name: board.position_name(position) for name, position in t.positions.items()}
        row.update(tokens)  # "white": ..., "black": ... as GAME.md's contract shows them
        row["tokens"] = tokens  # every token, whatever its name
        turns.append(row)
    return {"turns": turns, "result": {"winner": game.result.winner, "reason": game.result.reason}}


def result_sentence(result: Result) -> str:
    if result.reason == IN_PROGRESS:
        return "Result: the game goes on."
    if result.winner == "draw":
        return f"Result: draw ({result.reason})."
    return f"Result: {result.winner} wins ({result.reason})."


def game_story(game: Game) -> list[str]:
    board = game.board
    lines = []
    for t in game.turns:
        moves = []
        for name, tr in t.traces.items():
            route = " ".join(board.cell_name(c) for c in tr.route)
            if tr.loop:
                end = "loops forever"
            elif tr.end is None:
                end = f"leaves the board from {board.cell_name(tr.route[-1])} by its {tr.exit_port} side"
            else:
                end = f"stops at {board.position_name(tr.end)}"
            moves.append(f"{name} goes through {route} and {end}")
        where = ", ".join(f"{n} {board.position_name(p)}" for n, p in t.positions.items())
        lines.append(
            f"Turn {t.number}: {t.player} places {tile_notation(t.tile, t.rotation)} in "
            f"{board.cell_name(t.cell)}; {'; '.join(moves)}. Now: {where}."
        )
    lines.append(result_sentence(game.result))
    return lines


def shape_sentence(definition: GameDefinition) -> str:
    shape = definition.shape
    k = shape.ports_per_side
    return (f"Shape: {shape.kind} tiles, {k} port{'s' if k > 1 else ''} a side ({len(shape.ports)} ports), "
            f"turned in steps of {shape.step_degrees} degrees")


def different_tiles_sentence(definition: GameDefinition) -> str:
    """How many different tiles the shape allows, and how many of them the set holds."""
    shape = definition.shape
    held = len({shape.canonical(t.pairs) for t in definition.tiles})
    allowed = shape.count_all_tiles()
    return (f"Different tiles: the shape allows {allowed:,} (tiles that are the same turned count once); "
            f"this set holds {held} of them")


def describe_definition(definition: GameDefinition) -> list[str]:
    board = definition.board
    cells = board.cells
    copies = {t.copies for t in definition.tiles}
    if len(definition.tiles) > 6 and len(copies) == 1:
        counts = f"{len(definition.tiles)} types, {copies.pop()} of each"
    else:
        counts = ", ".join(f"type {t.id} x {t.copies}" for t in definition.tiles)
    lines = [
        f"{definition.source}: valid",
        f"Board: {len(board.columns)} x {len(board.rows)} cells "
        f"({board.cell_name(cells[0])} to {board.cell_name(cells[-1])})",
        f"Tiles: {definition.total_tiles} ({counts})",
        deal_sentence(definition),
        "Starts: " + ", ".join(f"{t.name} {board.position_name(t.start)}" for t in definition.tokens),
        shape_sentence(definition),
        different_tiles_sentence(definition),
    ]
    groups = same_under_rotation(definition)
    if groups:
        for group in groups:
            (first, _), *others = group
            for other, turn in others:
                lines.append(
                    f"Same tile turned: type {first} turned {turn} degrees clockwise is type {other}, "
                    f"so with free rotation they are one tile"
                )
    else:
        lines.append("Same tile turned: none; every type is a different tile")
    for tile in definition.tiles:
        turns = symmetric_turns(definition, tile)[1:]
        if turns:
            lines.append(
                f"Looks the same turned: type {tile.id} at " + ", ".join(str(r) for r in turns) + " degrees"
            )
    return lines


def solution_story(definition: GameDefinition, solution: "Solution") -> list[str]:
    """`papergame solve` for a person: the result with perfect play and the winning first moves."""
    board = definition.board
    start = definition.tokens[0].start
    cell = board.cell_name(start.cell)
    lines = [
        f"Board: {len(board.columns)} x {len(board.rows)} cells; the path starts at "
        f"{board.position_name(start)}; any tile, any turn, as often as wanted.",
    ]
    if solution.winner == "draw":
        lines.append("With perfect play: a draw.")
    else:
        lines.append(f"With perfect play: the {solution.winner} player wins.")
    if solution.winning_moves:
        lines.append(f"Winning first moves in {cell}: " + ", ".join(solution.winning_moves))
    elif not solution.undecided:
        lines.append(f"No first move in {cell} wins.")
    if solution.undecided:
        lines.append("Not settled (too many positions to search): " + ", ".join(solution.undecided))
    if solution.strategy is not None:
        alone = solution.strategy.alone
        cover = "every cell" if alone is None else f"every cell but {board.cell_name(alone)}"
        lines.append(f"Proved by dominoes covering {cover} (a maximum matching of the cells): the "
                     f"{solution.strategy.player} player leads the path into the other half of each domino it enters.")
        lines.append("Dominoes: " + ", ".join(f"{board.cell_name(a)}-{board.cell_name(b)}"
                                              for a, b in solution.strategy.dominoes))
    elif solution.gap is not None:
        from papergame.model.solver import gap_words

        lines.append(f"Searched: the domino proof does not apply ({gap_words(solution.gap)}).")
    if solution.positions or solution.strategy is None:
        lines.append(f"Positions valued: {solution.positions:,}")
    return lines


def simulation_story(report) -> list[str]:
    """`papergame simulate` for a person: the report page's sentences, and the length table."""
    lines = summary_lines(report)
    lines.append("Lengths: " + ", ".join(f"{k}: {v}" for k, v in sorted(report.lengths.items())))
    return lines


def deal_sentence(definition: GameDefinition) -> str:
    """How the tiles reach the players: dealt hands, or (shared path) one supply face up."""
    return rule_set(definition).supply_sentence(definition)


def describe_worksheets(levels: dict[str, str | None]) -> list[str]:
    """Which worksheet levels the game can make, and why not for the others.

    >>> describe_worksheets({"easy": None, "medium": None, "hard": None})
    ['Worksheets: easy, medium and hard']
    >>> describe_worksheets({"easy": None, "medium": None, "hard": "g.toml: no tile whose lines cross"})
    ['Worksheets: easy and medium', 'No hard worksheets: g.toml: no tile whose lines cross']
    >>> describe_worksheets(dict.fromkeys(("easy", "medium", "hard"), "g.toml: rules.path: no tokens"))
    ['No worksheets: g.toml: rules.path: no tokens']
    """
    reasons = set(levels.values())
    if len(reasons) == 1 and None not in reasons:  # one reason for every level: say it once
        return [f"No worksheets: {reasons.pop()}"]
    can = [level for level, why in levels.items() if why is None]
    lines = ["Worksheets: " + (" and ".join([", ".join(can[:-1]), can[-1]]) if len(can) > 1 else can[0])] if can else []
    lines += [f"No {level} worksheets: {why}" for level, why in levels.items() if why is not None]
    return lines


def percent(n: int, games: int) -> str:
    return f"{100 * n / games:.1f}%"


def summary_lines(report: SimulationReport) -> list[str]:
    """The figures in words; the same sentences `simulate` prints."""
    g = report.games
    d = report.definition
    rules = rule_set(d).description
    lines = [
        f"{g:,} games of {d.source} ({rules}), policy {report.policy}, seed {report.seed}.",
    ]
    for name in report.players:
        n = report.wins[name]
        lines.append(f"{name.capitalize()} won {n:,} ({percent(n, g)}, standard error {standard_error(n, g):.1f} points).")
    lines.append(f"Draws: {report.draws:,} ({percent(report.draws, g)}).")
    shortest, longest = min(report.lengths), max(report.lengths)
    lines.append(f"Game length: mean {report.mean_length:.2f} tiles laid, shortest {shortest}, longest {longest}.")
    laid = sum(report.tiles.values())
    lines.append("Tiles laid: " + ", ".join(f"type {t} {percent(n, laid)}" for t, n in sorted(report.tiles.items()))
                 + ".")
    return lines
