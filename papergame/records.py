"""`NamedTuple` and `dataclass` for papergame's record classes: the standard ones, less compiling at import.

Every module of papergame is written with `from __future__ import annotations`, so a field's
annotation reaches `class X(NamedTuple)` as a string, and `typing.NamedTuple` turns each one into a
`ForwardRef`, which compiles the string: a default build defines 67 such classes at import, 431
`compile()` calls and 447 `typing._type_check` calls that nothing ever reads back (papergame never
asks for its records' type hints at run time). The classes made here are the very classes
`typing.NamedTuple` makes (`collections.namedtuple` with the same fields, defaults, module and
methods, the same checks and errors), but their `__annotations__` keep the strings as written.

`collections.namedtuple` itself compiles one more string a class, the source of its `__new__`
(`lambda _cls, x, y: _tuple_new(_cls, (x, y))`): here that function is made from one compiled
template for each number of fields, its argument names replaced (`_new_from_template`), the same
function (bytecode, names, defaults, globals) but for the column positions a traceback would point at.

`dataclasses.dataclass` writes each class's methods (`__init__`, `__repr__`, `__eq__`, ...) as source
text and compiles it: for the 15 dataclasses of a default build, 75 compiles, about three quarters of
the time the decorator takes and a fifth of papergame's imports. `dataclass` here is that decorator,
the methods compiled ahead of time: `records.code` holds, for the source text of every method the
dataclasses of papergame get, its compiled code (marshalled, as a `.pyc` holds it, with the
interpreter's bytecode magic number), found by the SHA-256 of the source text. A source text it does not hold (a dataclass changed since, or
another Python) is compiled as before, so a missing or stale file costs time, never a different class;
`python -m papergame.records` writes it again, and `benchmarks/bench_build.py` says how much of it a
build finds.

The type checker sees `typing.NamedTuple` and `dataclasses.dataclass` themselves (the `TYPE_CHECKING`
branch), so mypy checks these classes exactly as before. Use: `from papergame.records import NamedTuple`,
`from papergame.records import dataclass`.
"""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import marshal
import re
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any

KEPT_CODE = Path(__file__).with_name("records.code")

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
    from typing import NamedTuple as NamedTuple
else:
    # what the class body may not set, as in typing (Python 3.11 to 3.13)
    _PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                             "_make", "_replace", "_asdict", "_source"})
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    _NEW_SOURCE = re.compile(r"lambda _cls, (?P<args>[^:]*): _tuple_new\(_cls, \((?P=args)\)\)")
    _templates: dict[int, CodeType] = {}  # number of fields -> the code of a `__new__` with placeholder names

    def _new_from_template(source: Any, namespace: Any = None, *rest: Any) -> Any:
        """`eval` as collections.namedtuple calls it, for the source of a `__new__`; anything else goes to `eval`."""
        match = _NEW_SOURCE.fullmatch(source) if isinstance(source, str) and not rest else None
        if match is None or not isinstance(namespace, dict):
            return eval(source, namespace, *rest)
        names = tuple(name.strip() for name in match["args"].split(",") if name.strip())
        template = _templates.get(len(names))
        if template is None:
            args = ", ".join(f"_{i}" for i in range(len(names))) + ("," if len(names) == 1 else "")
            outer = compile(f"lambda _cls, {args}: _tuple_new(_cls, ({args}))", "<string>", "eval", dont_inherit=True)
            template = _templates[len(names)] = next(c for c in outer.co_consts if isinstance(c, CodeType))
        return FunctionType(template.replace(co_varnames=("_cls", *names)), namespace)

    def _namedtuple(typename: str, fields: list[str], defaults: list[Any], module: str) -> Any:
        """collections.namedtuple, its `__new__` made by `_new_from_template` (the `eval` its code looks up)."""
        collections.eval = _new_from_template  # type: ignore[attr-defined]  # found before the builtin
        try:
            return collections.namedtuple(typename, fields, defaults=defaults, module=module)
        finally:
            collections.__dict__.pop("eval", None)

    class _RecordMeta(type):
        """Makes `class X(NamedTuple): ...` a `collections.namedtuple`, as `typing.NamedTupleMeta` does."""

        def __new__(mcs, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
            if bases != (_Record,):
                raise TypeError("can only inherit from a NamedTuple type")
            if "__annotations__" not in ns and "__annotate__" in ns:  # Python 3.14 without the __future__ import
                raise TypeError(f"{typename}: a module defining records needs `from __future__ import annotations`")
            annotations: dict[str, Any] = ns.get("__annotations__", {})
            default_names = []
            for name in annotations:
                if name in ns:
                    default_names.append(name)
                elif default_names:
                    raise TypeError(f"Non-default namedtuple field {name} cannot follow default field"
                                    f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}")
            record = _namedtuple(typename, list(annotations), [ns[n] for n in default_names], ns["__module__"])
            record.__annotations__ = record.__new__.__annotations__ = dict(annotations)
            for key, value in ns.items():
                if key in _PROHIBITED:
                    raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
                if key not in _SPECIAL and key not in record._fields:
                    setattr(record, key, value)
            return record

    _Record = type.__new__(_RecordMeta, "NamedTuple", (), {})
    NamedTuple = _Record


    def dataclass(cls: Any = None, /, **settings: Any) -> Any:
        """`dataclasses.dataclass`, the methods it writes found compiled in `records.code` (else compiled)."""

        def make(target: Any) -> Any:
            dataclasses.exec = _exec_kept  # found before the builtin, by dataclasses' own code
            try:
                return dataclasses.dataclass(**settings)(target)
            finally:
                dataclasses.__dict__.pop("exec", None)

        return make if cls is None else make(cls)


_kept: dict[bytes, CodeType] | None = None
_seen: list[str] | None = None  # while `python -m papergame.records` runs: every source text dataclasses compiled
found = [0, 0]  # source texts found in records.code, and not found (compiled), in this process


def key(source: str) -> bytes:
    return hashlib.sha256(source.encode("utf-8")).digest()


def kept_code() -> dict[bytes, CodeType]:
    """{a source text's key: its code} from records.code; empty if the file is missing, unreadable or another
    Python's."""
    global _kept
    if _kept is None:
        try:
            magic, code = marshal.loads(KEPT_CODE.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            magic, code = None, {}
        _kept = code if magic == MAGIC_NUMBER and isinstance(code, dict) else {}
    return _kept


def compiled(source: str) -> CodeType:
    """`source` compiled as `exec` compiles it when dataclasses calls it (that module has no __future__ imports)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def _exec_kept(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """`exec` as dataclasses calls it, with a source text's code taken from records.code when it is there."""
    if isinstance(source, str):
        if _seen is not None:
            _seen.append(source)
        code = kept_code().get(key(source))
        found[code is None] += 1
        source = compiled(source) if code is None else code
    exec(source, globals, locals)


def every_module() -> list[str]:
    """The names of all of papergame's modules (the package's .py files), for `write_kept_code`."""
    root = Path(__file__).parent
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__main__" or "templates" in parts:
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def sources_of_every_dataclass() -> list[str]:
    """Every method source text that papergame's dataclasses get, found by importing every module anew
    (in a fresh process, so that each class is made here)."""
    import importlib

    global _seen
    _seen = []
    try:
        for name in every_module():
            importlib.import_module(name)
        return list(dict.fromkeys(_seen))
    finally:
        _seen = None


def write_kept_code() -> int:
    """Write records.code for papergame's dataclasses as they are: how many source texts it holds."""
    sources = sources_of_every_dataclass()
    KEPT_CODE.write_bytes(marshal.dumps((MAGIC_NUMBER, {key(source): compiled(source) for source in sources})))
    return len(sources)


if __name__ == "__main__":  # pragma: no cover
    # run as a script, this file is __main__: the records module the others import is imported anew
    from papergame import records as records_module

    count = records_module.write_kept_code()
    sys.stdout.write(f"wrote {count} compiled methods in {records_module.KEPT_CODE}\n")
