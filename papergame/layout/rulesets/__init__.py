"""Each rule set's own pages, one module a rule set, found by the rule set's name.

A rule-set layout answers, for a `PageContext`, the pages that state that rule set's
rules: its rules page, its record sheet, its host key and its teacher's guide (the board,
tiles and tokens are the same for every rule set), and, for a rule set with worksheets,
their title and how many puzzles their plan puts on a sheet. A new rule set is one module here and
one line in `LAYOUTS`, beside its model module in `papergame.model.rulesets`.
"""

from __future__ import annotations

from typing import Protocol

from papergame.layout.context import PageContext
from papergame.layout.paper import Sheet
from papergame.text import Texts
from papergame.layout.rulesets import own, shared


class RuleSetPages(Protocol):
    name: str
    def worksheet_title(self, texts: Texts, level: str) -> str: ...
    def puzzles_per_sheet(self, ctx: PageContext, asked: int | None) -> int: ...  # its worksheets' plan says

    def rules(self, ctx: PageContext) -> list[Sheet]: ...
    def record(self, ctx: PageContext) -> list[Sheet]: ...
    def host_key(self, ctx: PageContext) -> list[Sheet]: ...
    def guide(self, ctx: PageContext) -> list[Sheet]: ...


LAYOUTS: dict[str, RuleSetPages] = {module.PAGES.name: module.PAGES for module in (own, shared)}


def rule_set_pages(ctx: PageContext) -> RuleSetPages:
    """The pages of the context's rule set."""
    return LAYOUTS[ctx.rules.name]


# the kit's page kinds whose pages differ by rule set (`page_kinds.PAGE_KINDS` names these)


def rules_pages(ctx: PageContext) -> list[Sheet]:
    return rule_set_pages(ctx).rules(ctx)


def record_pages(ctx: PageContext) -> list[Sheet]:
    return rule_set_pages(ctx).record(ctx)


def host_key_pages(ctx: PageContext) -> list[Sheet]:
    return rule_set_pages(ctx).host_key(ctx)


def guide_pages(ctx: PageContext) -> list[Sheet]:
    return rule_set_pages(ctx).guide(ctx)
