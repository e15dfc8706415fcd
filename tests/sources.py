"""Python sources parsed once a process, for the tests that read papergame's modules with `ast`.

test_architecture, test_kinds, test_page_interface and test_worksheet each parse the package's files,
some for every parametrized case (about 1,000 parses of 130 files a run). The tree of the same text is
the same, so each text is parsed once a process; the callers only read the trees (`ast.walk`, `.body`).
"""

from __future__ import annotations

import ast
from functools import lru_cache


@lru_cache(maxsize=None)
def parsed(source: str) -> ast.Module:
    """`ast.parse(source)`, shared: never change the tree."""
    return ast.parse(source)
