"""The rule sets, one module each, found by the `[rules] path` value of a definition.

A rule set owns every decision that differs between games played on the same tiles: who
the players are and which token each moves, how the tiles reach them (`deal`,
`supply_sentence`), how a placement is judged (`judge`), a whole simulated game
(`simulate`), and whether the game has worksheets or can be solved. The layout's side of
each (its rules, record, host-key and guide pages) is `papergame.layout.rulesets`.
A new rule set is one module here and one line in `RULE_SETS`.
"""

from __future__ import annotations

from typing import Callable

from papergame.model.definition import GameDefinition
from papergame.model.rulesets.own import OwnPath
from papergame.model.rulesets.shared import SharedPath

RuleSet = OwnPath | SharedPath

# `[rules] path` -> the rule set a definition asks for (its `[rules]` table configures it)
RULE_SETS: dict[str, Callable[[GameDefinition], RuleSet]] = {
    "own": lambda definition: OwnPath(),
    "shared": lambda definition: SharedPath(definition.rules.supply == "unlimited"),
}


def rule_set(definition: GameDefinition) -> RuleSet:
    """The rule set a definition asks for in its `[rules]` table."""
    return RULE_SETS[definition.rules.path](definition)
