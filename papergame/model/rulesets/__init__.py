"""The rule sets, one module each, found by the `[rules] path` value of a definition.

A rule set owns every decision that differs between games played on the same tiles: who
the players are and which token each moves, how the tiles reach them (`deal`,
`supply_sentence`), how a placement is judged (`judge`), a whole simulated game
(`simulate`), and whether the game has worksheets or can be solved. The layout's side of
each (its rules, record, host-key and guide pages) is `papergame.layout.rulesets`.
What a definition must hold differs too (its tables, its tokens, its `[deal]`): the definition
parser asks the rule set's class, found in `KINDS` by the `[rules] path` value, before the game
is made. A new rule set is one module here and one line in `KINDS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from papergame.model.rulesets.own import OwnPath
from papergame.model.rulesets.shared import SharedPath

if TYPE_CHECKING:
    from papergame.model.definition import GameDefinition

RuleSet = OwnPath | SharedPath

# `[rules] path` -> the rule set's class: what a definition of it must hold (the definition parser asks it)
KINDS: dict[str, type[OwnPath] | type[SharedPath]] = {kind.name: kind for kind in (OwnPath, SharedPath)}
# `[rules] path` -> the rule set a definition asks for (its `[rules]` table configures it)
RULE_SETS: dict[str, Callable[[GameDefinition], RuleSet]] = {name: kind.of for name, kind in KINDS.items()}


def rule_set(definition: GameDefinition) -> RuleSet:
    """The rule set a definition asks for in its `[rules]` table."""
    return RULE_SETS[definition.rules.path](definition)
