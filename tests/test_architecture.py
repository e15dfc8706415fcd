"""The shape of the package, read from its source with ast: which step may import what (the
layers), and no import cycle anywhere in papergame/.

An import counts wherever it is written (at the top, inside a function, relative); importing
`a.b.c` also runs the packages `a` and `a.b`. Imports under `if TYPE_CHECKING:` are left out:
they never run.
"""

from __future__ import annotations

import ast
import re
from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import pytest

import papergame
from sources import parsed

# --- layering: which module may import what ---------------------------------------------

PACKAGE = Path(papergame.__file__).resolve().parent
MODEL = sorted(p.stem for p in (PACKAGE / "model").glob("*.py"))


def imported_modules(source: str, package: str) -> set[str]:
    """Every module `source` imports, anywhere in it (also inside functions), as absolute
    dotted names; `package` is the package the file sits in, for relative imports."""
    parts = package.split(".")
    found: set[str] = set()
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def imports_any(path: Path, *roots: str) -> list[str]:
    """The modules under any of `roots` that the file at `path` imports."""
    package = ".".join(["papergame", *path.relative_to(PACKAGE).parent.parts])
    found = imported_modules(path.read_text(encoding="utf-8"), package)
    return sorted(m for m in found if any(m == r or m.startswith(r + ".") for r in roots))


def test_import_reader_sees_nested_and_relative_imports():
    source = "import json\ndef f():\n    import reportlab.pdfgen\nfrom . import board\nfrom ..render import pdf\n"
    assert imported_modules(source, "papergame.layout") == {
        "json", "reportlab.pdfgen", "papergame.layout", "papergame.layout.board",
        "papergame.render", "papergame.render.pdf",
    }
    assert imports_any(PACKAGE / "cli.py", "click") == ["click"]


@pytest.mark.parametrize("name", MODEL)
def test_model_never_imports_click_reportlab_or_later_steps(name):
    path = PACKAGE / "model" / f"{name}.py"
    later = ("papergame.layout", "papergame.render", "papergame.cli", "papergame.activities", "papergame.pdfread",
             "papergame.build", "papergame.output", "papergame.explain")
    assert imports_any(path, "reportlab", "click", *later) == []


def test_model_folder_holds_the_game():
    assert {"geometry", "board", "definition", "rules", "answers"} <= set(MODEL)


def test_activities_never_import_click_reportlab_or_layout():
    files = sorted((PACKAGE / "activities").rglob("*.py"))
    bad = {str(f.relative_to(PACKAGE)): imports_any(f, "reportlab", "click", "papergame.layout", "papergame.render",
                                                    "papergame.cli") for f in files}
    assert {f: m for f, m in bad.items() if m} == {}


def layout_files() -> list[Path]:
    return sorted((PACKAGE / "layout").rglob("*.py"))


def test_layout_never_imports_click_reportlab_or_render():
    files = layout_files()
    if not files:
        pytest.skip("papergame/layout has no modules yet")
    bad = {str(f.relative_to(PACKAGE)): imports_any(f, "reportlab", "click", "papergame.render", "papergame.cli") for f in files}
    assert {f: m for f, m in bad.items() if m} == {}


def test_only_render_imports_reportlab():
    render = PACKAGE / "render"
    offenders = {
        str(f.relative_to(PACKAGE)): imports_any(f, "reportlab")
        for f in sorted(PACKAGE.rglob("*.py"))
        if render not in f.parents
    }
    assert {f: m for f, m in offenders.items() if m} == {}


def test_render_never_imports_click():
    files = sorted((PACKAGE / "render").rglob("*.py"))
    if not files:
        pytest.skip("papergame/render has no modules yet")
    bad = {str(f.relative_to(PACKAGE)): imports_any(f, "click", "papergame.cli") for f in files}
    assert {f: m for f, m in bad.items() if m} == {}


def test_only_the_command_line_spells_option_flags():
    """Below the CLI, errors name an option as `tile-size`; only cli.py writes `--tile-size`."""
    flag = re.compile(r"""["'][^"'\n]*(?<![\w-])--[a-z][a-z-]+""")
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "cli.py":
            continue
        found = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                 if flag.search(line) and not line.strip().startswith("#")]
        if found:
            offenders[str(path.relative_to(PACKAGE))] = found
    assert offenders == {}


# --- import cycles -----------------------------------------------------------------------------


class Import(NamedTuple):
    source: str  # the importing module, dotted
    target: str  # a module of papergame it runs
    where: str  # file:line of the import statement


def module_name(path: Path) -> str:
    parts = ["papergame", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_checking_only(node: ast.AST) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_nodes(tree: ast.AST):
    """Every import statement that can run: anywhere, except the body of an `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        children = list(ast.iter_child_nodes(node))
        if type_checking_only(node):
            children = [c for c in children if c not in node.body]  # the else branch still runs
        stack.extend(children)


def with_parents(module: str) -> list[str]:
    """>>> with_parents("papergame.web.server")  # importing it runs each package on the way
    ['papergame', 'papergame.web', 'papergame.web.server']"""
    parts = module.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def imports_of(path: Path, modules: set[str]) -> list[Import]:
    """The modules of papergame that importing the file at `path` runs, each with where it is imported."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in import_nodes(parsed(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            for alias in node.names:
                targets += with_parents(alias.name)
        else:
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            targets += with_parents(module)
            targets += [f"{module}.{alias.name}" for alias in node.names if f"{module}.{alias.name}" in modules]
        where = f"papergame/{path.relative_to(PACKAGE)}:{node.lineno}"
        found += [Import(name, t, where) for t in dict.fromkeys(targets) if t in modules and t != name]
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, list[Import]]:
    files = sorted(root.rglob("*.py"))
    modules = {module_name(f) for f in files}
    return {module_name(f): imports_of(f, modules) for f in files}


def strongly_connected(graph: dict[str, list[Import]]) -> list[list[str]]:
    """Tarjan's algorithm: the groups of modules each reachable from every other, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for edge in graph.get(node, []):
            if edge.target not in index:
                visit(edge.target)
                low[node] = min(low[node], low[edge.target])
            elif edge.target in on_stack:
                low[node] = min(low[node], index[edge.target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def shortest_cycle(graph: dict[str, list[Import]], group: list[str], start: str) -> list[Import]:
    """The shortest way round from `start` back to it, inside its group (breadth first)."""
    came: dict[str, Import] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for edge in graph[node]:
            if edge.target not in group or edge.target in came:
                continue
            came[edge.target] = edge
            if edge.target == start:
                path = [edge]
                while path[0].source != start:
                    path.insert(0, came[path[0].source])
                return path
            queue.append(edge.target)
    raise AssertionError(f"{start} is on no cycle in {group}")


def spelled(steps: list[Import]) -> str:
    return " -> ".join([steps[0].source] + [f"{s.target} ({s.where})" for s in steps])


def import_cycles(graph: dict[str, list[Import]]) -> dict[tuple[str, ...], list[str]]:
    """Each group of modules that import each other, with the shortest cycle through each of its
    modules spelled out (each cycle once), so that two cycles joined in one group both show."""
    cycles = {}
    for group in strongly_connected(graph):
        if len(group) > 1:
            seen: dict[frozenset, str] = {}
            for module in group:
                steps = shortest_cycle(graph, group, module)
                seen.setdefault(frozenset(steps), spelled(steps))
            cycles[tuple(group)] = list(seen.values())
    return cycles


def without(graph: dict[str, list[Import]], dropped) -> dict[str, list[Import]]:
    return {name: [i for i in imports if not dropped(i)] for name, imports in graph.items()}


@lru_cache(maxsize=1)
def package_graph() -> dict[str, list[Import]]:
    """papergame's own import graph, read once a process."""
    return import_graph()


def report(cycles: dict[tuple[str, ...], list[str]]) -> str:
    return "import cycles:\n" + "\n".join(f"{', '.join(group)}:\n  " + "\n  ".join(ways) for group, ways in cycles.items())


def test_the_cycle_finder_sees_function_level_relative_and_parent_package_imports(tmp_path):
    package = tmp_path / "papergame"
    for name, source in {
        "__init__.py": "",
        "a.py": "import papergame.x\ndef f():\n    from . import b\n",
        "b.py": "from .sub import c\n",
        "sub/__init__.py": "from papergame import d\n",
        "sub/c.py": "",
        "d.py": "import papergame.a\n",
        "x.py": "import papergame.a\n",
        "e.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from papergame import f\nelse:\n    import json\n",
        "f.py": "import papergame.e\n",
        "g.py": "import papergame.g\n",
    }.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(source)
    global PACKAGE
    saved, PACKAGE = PACKAGE, package
    try:
        graph = import_graph(package)
    finally:
        PACKAGE = saved
    group = ("papergame.a", "papergame.b", "papergame.d", "papergame.sub", "papergame.x")
    long_way = ("papergame.b -> papergame.sub (papergame/b.py:1) -> papergame.d (papergame/sub/__init__.py:1) "
                "-> papergame.a (papergame/d.py:1) -> papergame.b (papergame/a.py:3)")
    # two cycles in one group, each shown once: a <-> x, and a -> b (in a function, relative)
    # -> sub (the package of sub.c, run first) -> d -> a
    assert import_cycles(graph) == {group: [
        "papergame.a -> papergame.x (papergame/a.py:1) -> papergame.a (papergame/x.py:1)", long_way]}
    assert import_cycles(without(graph, lambda i: i.target == "papergame.x")) == {group[:4]: [
        "papergame.a -> papergame.b (papergame/a.py:3) -> papergame.sub (papergame/b.py:1) -> papergame.d "
        "(papergame/sub/__init__.py:1) -> papergame.a (papergame/d.py:1)"]}  # the same way round, from a
    assert "papergame.f" not in [i.target for i in graph["papergame.e"]]  # under TYPE_CHECKING: never runs
    assert "papergame.g" not in [i.target for i in graph["papergame.g"]]  # a module importing itself is no cycle


def test_the_graph_holds_every_module_of_the_package():
    graph = package_graph()
    assert {"papergame", "papergame.cli", "papergame.layout.pages", "papergame.web.server"} <= set(graph)
    assert len(graph) == len(list(PACKAGE.rglob("*.py")))
    assert "papergame.layout.kit" in [i.target for i in graph["papergame.build"]]


def test_no_import_cycle():
    """None at all. The one there was (web/engine.py, web/fields.py, web/server.py -> cli.py ->
    web/server.py: the page learned the options from the click commands) went when the options'
    declaration moved into the library (papergame/options.py), read by the CLI and the page alike."""
    cycles = import_cycles(package_graph())
    assert cycles == {}, report(cycles)


def test_the_web_never_imports_the_cli():
    graph = package_graph()
    web = {name: [f"{i.where} imports {i.target}" for i in imports if i.target == "papergame.cli"]
           for name, imports in graph.items() if name.startswith("papergame.web")}
    assert {name: lines for name, lines in web.items() if lines} == {}


# --- the data step: its own words for a file's problems -------------------------------------------


def model_names_imported(path: Path) -> set[str]:
    """The names a file imports from the model's modules (`from papergame.model.definition import X`: X)."""
    found = set()
    for node in import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("papergame.model"):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("papergame.model"))
    return found


def test_the_data_step_words_problems_without_the_model():
    """Reading files, templates and words, and wording their problems, is the data step's own (issue 17): its
    `Checker` and the words for a TOML value (`data/checks.py`) import nothing of papergame; of the model, the
    data step takes only the default game's name, and the definition's parser, which `games.py` hands the data to."""
    data = sorted((PACKAGE / "data").glob("*.py"))
    taken = {path.name: model_names_imported(path) for path in data}
    assert imports_any(PACKAGE / "data" / "checks.py", "papergame") == []
    assert {name: names for name, names in taken.items() if names - {"DEFAULT_GAME"}} == {
        "games.py": {"GameDefinition", "parse_definition"}}
    assert "papergame.data.checks" in [i.target for i in package_graph()["papergame.model.definition"]]


# --- the pages: each a page kind's, none another page's helper library -----------------------------

PAGES = PACKAGE / "layout" / "pages"


def page_modules() -> set[str]:
    return {p.stem for p in PAGES.glob("*.py")} - {"__init__"}


def registered_page_modules() -> set[str]:
    """The modules of layout/pages that register page kinds name: page_kinds.py's builders, those the rule sets'
    dispatchers (layout/rulesets) and the kit's pieces (layout/kit.py) import."""
    from papergame.layout.page_kinds import PAGE_KINDS

    named = {kind.pages.split(":")[0].removeprefix("pages.") for kind in PAGE_KINDS if kind.pages.startswith("pages.")}
    for path in [*sorted((PACKAGE / "layout" / "rulesets").glob("*.py")), PACKAGE / "layout" / "kit.py"]:
        named |= {m.split(".")[3] for m in imports_any(path, "papergame.layout.pages") if m.count(".") >= 3}
    return named


def test_every_module_of_the_pages_is_a_registered_page_kind():
    """layout/pages holds page kinds only: what the text pages are composed of (layout/blocks.py, with the type
    scale of paper.py) and the tokens' size (layout/tokens.py) live beside the other shared layout modules."""
    assert registered_page_modules() == page_modules()


def test_no_page_module_imports_another():
    """What two pages share lives outside layout/pages (layout/pieces.py, piece_sheets.py, token_rows.py,
    backs.py, board_room.py, win_layout.py, guide_words.py, blocks.py, tokens.py), not in one of the pages
    (issue 17): before, tiles_sheet served tile_backs, cut_sheets, print_shop and kit_tokens, tile_backs served
    cut_sheets and print_shop, board_sheet tiles_sheet, win_sheet win_rules, and guide shared_guide. Only the
    registries (page_kinds.py, layout/rulesets, layout/kit.py) import the pages."""
    pages = page_modules()
    found = {}
    for name in sorted(pages):
        path = PAGES / f"{name}.py"
        others = {m.split(".")[3] for m in imports_any(path, "papergame.layout.pages") if m.count(".") >= 3} - {name}
        if others & pages:
            found[name] = sorted(others & pages)
    assert found == {}



# the modules that register page kinds: they alone outside layout/pages import the pages, and only their builders
PAGE_REGISTRIES = {"papergame.layout.page_kinds", "papergame.layout.kit", "papergame.layout.rulesets",
                   "papergame.layout.rulesets.own", "papergame.layout.rulesets.shared"}


def page_module_uses(source: str, package: str, pages: set[str]) -> list[str]:
    """How `source` (a file of `package`) takes from the page modules: each import of a page module
    or of a name in one, and each `import_module` of a name under layout.pages, as `line: what`."""
    root = "papergame.layout.pages"
    found = []
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names
                      if a.name.startswith(root + ".") and a.name.split(".")[3] in pages]
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            if module == root:  # from papergame.layout.pages import loops_sheet
                found += [f"{node.lineno}: {module}.{a.name}" for a in node.names if a.name in pages]
            elif module.startswith(root + ".") and module.split(".")[3] in pages:
                found += [f"{node.lineno}: {module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            first = node.args[0] if node.args else None
            text = first.value if isinstance(first, ast.Constant) else (
                first.values[0].value if isinstance(first, ast.JoinedStr) and first.values
                and isinstance(first.values[0], ast.Constant) else "")
            if str(text).startswith(root + "."):
                found.append(f"{node.lineno}: import_module({text}...)")
    return sorted(found, key=lambda use: int(use.split(":")[0]))  # in the file's order (a walk goes level by level)


def test_the_page_use_reader_sees_every_way_in():
    source = ("from papergame.layout.pages.cut_sheets import pieces_of, cut_sheet_pages\n"
              "from papergame.layout.pages import loops_sheet, blocks\n"
              "def f():\n    import papergame.layout.pages.win_rules\n"
              "    importlib.import_module(f'papergame.layout.pages.{name}')\n"
              "from .pages.tiles_sheet import tile_pages\n")
    assert page_module_uses(source, "papergame.layout", page_modules()) == [
        "1: papergame.layout.pages.cut_sheets.pieces_of", "1: papergame.layout.pages.cut_sheets.cut_sheet_pages",
        "2: papergame.layout.pages.loops_sheet", "4: import papergame.layout.pages.win_rules",
        "5: import_module(papergame.layout.pages....)", "6: papergame.layout.pages.tiles_sheet.tile_pages"]


def test_nothing_outside_the_pages_takes_a_page_modules_insides():
    """A page module's insides are its own (issue 17): what the build, the kit or any other module shares with a page
    lives outside layout/pages (layout/pieces.py, tactile_kit.py, bleed.py, win_layout.py, loops_layout.py,
    worksheet_layout.py). Outside layout/pages only the registries (page_kinds.py, layout/rulesets, layout/kit.py)
    import a page module, and only its `pages(ctx)` builders (`..._pages`). Before: build.py took cut_sheets.pieces_of,
    tactile_sheets.code_of and key_words, win_rules.rules_example, the loops_sheet module and each rule set's worksheet
    module (by name), kit.py tactile_sheets.kit_tile and print_shop.with_token_bleed."""
    pages = page_modules()
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if PAGES in path.parents:
            continue
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        bad = [use for use in page_module_uses(path.read_text(encoding="utf-8"), package, pages)
               if not (name in PAGE_REGISTRIES and use.split(": ", 1)[1].startswith("papergame.layout.pages.")
                       and use.rsplit(".", 1)[1].endswith("_pages"))]
        if bad:
            found[str(path.relative_to(PACKAGE))] = bad
    assert found == {}


# --- one way to set a page's title -------------------------------------------------------------------------------

TITLE_HOME = PACKAGE / "layout" / "paper.py"  # where `Flow.title` sets every page's title
# words at the title size that are not a title, each with why: (module, function)
# a swell sheet's red words for a sighted helper, which no finger reads, are set at 19.8 pt in every profile
# (tests/test_tactile.py) in a band that the raised marks keep clear of: not a printed page's title
NOT_TITLES = {("papergame.layout.pages.tactile_sheets", "titled"): "a swell sheet's red title",
              ("papergame.layout.pages.tactile_sheets", "kit_corner"): "a swell sheet's kit number, level with it",
              ("papergame.layout.pages.tactile_sheets", "<module>"): "TITLE_BAND, the band the raised marks keep clear"}


def names_title_size(node: ast.AST) -> bool:
    """Whether an expression reads a title size: a profile's `title` (`t.title`, `ctx.type.title`), `TITLE`, or a
    size kept in a name `title`."""
    return any(isinstance(n, ast.Attribute) and n.attr == "title" or isinstance(n, ast.Name) and n.id in ("TITLE", "title")
               for n in ast.walk(node))


def title_setters(source: str) -> list[tuple[str, str]]:
    """Each place `source` sets a title its own way, as (function, what): a bold text at the title size, a band
    taken for "the title", a title size times a band, or its own wrapping of a title (`title_lines`)."""
    found = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            where = node.name
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            words = {k.arg: k.value for k in node.keywords}
            if name == "Text":
                size = node.args[3] if len(node.args) > 3 else words.get("size")
                bold = words.get("bold")
                if size is not None and names_title_size(size) and isinstance(bold, ast.Constant) and bold.value:
                    found.append((where, f"line {node.lineno}: a bold Text at the title size"))
            elif name == "title_lines":
                found.append((where, f"line {node.lineno}: title_lines"))
            elif name == "take" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) \
                    and "title" in str(node.args[1].value):
                found.append((where, f"line {node.lineno}: a band taken for {node.args[1].value!r}"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and \
                any(names_title_size(side) for side in (node.left, node.right)) and \
                any(isinstance(side, ast.Constant) for side in (node.left, node.right)):
            found.append((where, f"line {node.lineno}: a title size times {ast.unparse(node)}"))
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(parsed(source), "<module>")
    return sorted(set(found), key=lambda f: (int(f[1].split()[1].rstrip(":")), f[1]))


def test_the_title_reader_sees_every_way_to_set_a_title():
    source = ("def a(sheet, t):\n    sheet.add(Text(sheet.x, 3, 'x', t.title, bold=True))\n"
              "def b(sheet):\n    bottom = sheet.take(sheet.type.title * 1.35, 'the title')\n"
              "def c(s):\n    for line in title_lines(s, 9, 9, m, 'w'): pass\n"
              "def d(s):\n    s.add(Text(1, 2, 'x', size=TITLE, bold=True, colour=RED))\n"
              "def e(ctx):\n    return 1.3 * ctx.type.title\n"
              "def f(s, t):\n    s.add(Text(1, 2, 'x', t.title)); s.title('x'); s.add(Text(1, 2, 'y', t.heading, bold=True))\n"
              "def g(s, title):\n    s.add(Text(1, s.take(title * 1.35, 'x'), 't', title, bold=True))\n")
    assert title_setters(source) == [
        ("a", "line 2: a bold Text at the title size"), ("b", "line 4: a band taken for 'the title'"),
        ("b", "line 4: a title size times sheet.type.title * 1.35"), ("c", "line 6: title_lines"),
        ("d", "line 8: a bold Text at the title size"), ("e", "line 10: a title size times 1.3 * ctx.type.title"),
        ("g", "line 14: a bold Text at the title size"), ("g", "line 14: a title size times title * 1.35")]


def test_every_page_sets_its_title_through_flow_title():
    """Every page kind's title is set by `Flow.title` (layout/paper.py), in its one size, band and width (issue 17):
    before, the rules, guide and host key pages (`ColumnPages`) set theirs in a band of 1.35 em at 0.8 of the width,
    the record sheets (`record_table.page_title`) the same, the tile sheets and their backs (`tile_title`) in 1.2 em
    across the whole width, `Flow.title` 1.3 em, the practice and loop sheets (their `top_line`) 1.3 em with the
    sheet's number beside, the class set's token sheets 1.35 em, and the board at the heading size where the title was
    long."""
    found = {}
    for path in sorted((PACKAGE / "layout").rglob("*.py")):
        name = module_name(path)
        for where, what in title_setters(path.read_text(encoding="utf-8")):
            if path == TITLE_HOME and where in ("title", "title_lines", "title_height"):
                continue  # the one way, and the height it takes
            if (name, where) not in NOT_TITLES:
                found.setdefault(name, []).append(f"{where}: {what}")
    assert found == {}
