"""What every page builder needs, in one value: the game, its words, the paper and the sizes."""

from __future__ import annotations

from typing import NamedTuple

from papergame.model.definition import GameDefinition
from papergame.layout.paper import Sheet
from papergame.layout.textflow import Metrics
from papergame.text import Texts


class PageContext(NamedTuple):
    game: GameDefinition
    texts: Texts
    paper: str  # a key of paper.PAPERS
    tile: float  # mm
    metrics: Metrics
    ink: str = "normal"  # a key of ink.INKS: pages whose words describe the drawing need it
    cut_guides: str = "both"  # lines, marks or both

    def sheet(self, name: str) -> Sheet:
        return Sheet(name, self.paper, self.metrics)

    @property
    def low_ink(self) -> bool:
        return self.ink == "low"
