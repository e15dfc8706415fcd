"""`NamedTuple` for papergame's record classes: typing's, less the per-field compile at import.

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

The type checker sees `typing.NamedTuple` itself (the `TYPE_CHECKING` branch), so mypy checks
these classes exactly as before. Use: `from papergame.records import NamedTuple`.
"""

from __future__ import annotations

import collections
import re
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
