"""papergame.records.NamedTuple: the classes typing.NamedTuple makes, without compiling each field's annotation."""

from __future__ import annotations

import pickle
import sys
import typing

import pytest

from papergame import records
from papergame.layout.pick_list import PrintedSheet, Printing

BODY = '''
from __future__ import annotations

class Spot(NamedTuple):
    """A spot on a sheet."""

    x: float
    y: float
    label: str = "a"
    marks: tuple[int, ...] = ()

    def moved(self, dx: float) -> Spot:
        return self._replace(x=self.x + dx)

    SIDES = 4
'''


def define(named_tuple: object) -> type:
    space: dict[str, object] = {"NamedTuple": named_tuple, "__name__": "papergame_test_records"}
    exec(compile(BODY, "<records test>", "exec"), space)
    return space["Spot"]  # type: ignore[return-value]


def compiles_while(make: typing.Callable[[], object]) -> int:
    """How many times Python compiles source text while `make` runs (the `compile` audit event)."""
    seen = []

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event == "compile" and counting:
            seen.append(args)

    counting = False
    sys.addaudithook(hook)  # (an audit hook cannot be removed: it only counts while `counting`)
    counting = True
    try:
        make()
    finally:
        counting = False
    return len(seen)


def test_same_class_as_typing_makes() -> None:
    ours, theirs = define(records.NamedTuple), define(typing.NamedTuple)
    assert ours.__mro__[1:] == theirs.__mro__[1:] == (tuple, object)
    assert ours._fields == theirs._fields == ("x", "y", "label", "marks")
    assert ours._field_defaults == theirs._field_defaults == {"label": "a", "marks": ()}
    assert ours.__doc__ == theirs.__doc__ == "A spot on a sheet."
    assert ours.__module__ == theirs.__module__ == "papergame_test_records"
    assert ours.__qualname__ == theirs.__qualname__ == "Spot"
    assert ours.SIDES == theirs.SIDES == 4
    assert list(ours.__annotations__) == list(theirs.__annotations__)
    # the annotations stay as written: strings, where typing made ForwardRefs by compiling them
    assert ours.__annotations__["marks"] == "tuple[int, ...]"
    assert isinstance(theirs.__annotations__["marks"], typing.ForwardRef)
    a, b = ours(1.0, 2.0), theirs(1.0, 2.0)
    assert a == b == (1.0, 2.0, "a", ()) and hash(a) == hash(b)
    assert repr(a) == repr(b) == "Spot(x=1.0, y=2.0, label='a', marks=())"
    assert a.moved(2.5) == b.moved(2.5) == (3.5, 2.0, "a", ())
    assert type(a.moved(1)) is ours
    assert a._asdict() == b._asdict()
    assert ours(y=3, x=4, marks=(1,)) == (4, 3, "a", (1,))
    with pytest.raises(TypeError):
        ours(1.0)
    with pytest.raises(AttributeError):
        a.x = 5  # type: ignore[misc]


def test_a_class_of_papergame_pickles_and_keeps_its_defaults() -> None:
    sheet = PrintedSheet("tiles", "Tiles")
    assert sheet.kit == "" and pickle.loads(pickle.dumps(sheet)) == sheet
    assert Printing._fields[-1] == "key_sheets" and Printing._field_defaults["kits"] == 0
    assert type(sheet).__mro__ == (PrintedSheet, tuple, object)


@pytest.mark.parametrize("named_tuple", [records.NamedTuple, typing.NamedTuple])
def test_same_errors_as_typing(named_tuple: object) -> None:
    space: dict[str, object] = {"NamedTuple": named_tuple, "__name__": "m"}
    with pytest.raises(TypeError, match="Non-default namedtuple field y cannot follow default field x"):
        exec("class Bad(NamedTuple):\n    x: int = 1\n    y: int\n", space)
    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):
        exec("class Bad(NamedTuple):\n    x: int\n    def _replace(self): pass\n", space)


def test_no_compile_for_each_field_or_class() -> None:
    """typing compiles each string annotation (4 here) besides the `__new__` namedtuple makes from source; here
    a `__new__` comes from a template compiled once for each number of fields."""
    assert compiles_while(lambda: define(typing.NamedTuple)) >= 1 + 1 + 4  # the test's own body, __new__, fields
    assert compiles_while(lambda: define(records.NamedTuple)) <= 1 + 1  # the body (and the template, if new)
    assert compiles_while(lambda: define(records.NamedTuple)) == 1  # the body alone


@pytest.mark.parametrize("fields", [(), ("x",), ("x", "y"), ("tile", "copies", "a", "b", "c", "d", "e", "f", "g")])
def test_new_is_the_function_namedtuple_compiles(fields: tuple[str, ...]) -> None:
    import collections

    defaults = [0] if fields else []  # as the class statement gives them (typing passes a list too)
    ours = records._namedtuple("P", list(fields), defaults, "m")  # type: ignore[attr-defined]
    theirs = collections.namedtuple("P", fields, defaults=defaults, module="m")
    a, b = ours.__new__, theirs.__new__
    for attribute in ("co_code", "co_varnames", "co_argcount", "co_names", "co_consts", "co_name", "co_qualname",
                      "co_filename", "co_firstlineno", "co_flags", "co_stacksize"):
        assert getattr(a.__code__, attribute) == getattr(b.__code__, attribute), attribute
    for attribute in ("__name__", "__qualname__", "__doc__", "__defaults__", "__module__", "__kwdefaults__"):
        assert getattr(a, attribute) == getattr(b, attribute), attribute
    assert a.__globals__.keys() == b.__globals__.keys() and a.__builtins__ == b.__builtins__ == {}
    assert ours(*range(len(fields))) == theirs(*range(len(fields))) == tuple(range(len(fields)))
    assert "eval" not in vars(collections)  # the builtin is back for everyone else
    with pytest.raises(TypeError):
        ours(*range(len(fields) + 1))


DATACLASS_BODY = '''
from __future__ import annotations
from dataclasses import field

@dataclass(frozen=True)
class Setting:
    paper: str = "a4"
    tile: float | None = None
    parts: tuple[str, ...] = ()
    seen: list[int] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        if self.tile is not None and self.tile < 0:
            raise ValueError("tile")

@dataclass
class Plain:
    name: str
    count: int = 0
'''


def define_dataclasses(decorator: object) -> tuple[type, type]:
    space: dict[str, object] = {"dataclass": decorator, "__name__": __name__}  # dataclasses looks the module up
    exec(compile(DATACLASS_BODY, "<dataclass test>", "exec", dont_inherit=True), space)
    return space["Setting"], space["Plain"]  # type: ignore[return-value]


def same_function(a, b) -> None:
    for attribute in ("co_code", "co_varnames", "co_names", "co_consts", "co_flags", "co_argcount",
                      "co_kwonlyargcount", "co_name", "co_qualname"):
        assert getattr(a.__code__, attribute) == getattr(b.__code__, attribute), (a, attribute)
    assert a.__annotations__ == b.__annotations__ and a.__defaults__ == b.__defaults__
    assert a.__qualname__ == b.__qualname__


@pytest.mark.parametrize("kept", [False, True], ids=["compiled here", "from kept code"])
def test_a_dataclass_made_here_is_the_one_dataclasses_makes(kept, monkeypatch) -> None:
    import dataclasses

    monkeypatch.setattr(records, "_kept", None)
    if not kept:
        monkeypatch.setattr(records, "KEPT_CODE", records.KEPT_CODE.with_name("no such file"))
    ours, theirs = define_dataclasses(records.dataclass), define_dataclasses(dataclasses.dataclass)
    for a, b in zip(ours, theirs):
        assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
        assert a.__dataclass_params__.frozen == b.__dataclass_params__.frozen
        for name in ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__", "__hash__"):
            fa, fb = vars(a).get(name), vars(b).get(name)
            assert (fa is None) == (fb is None), name
            if callable(fa) and hasattr(fa, "__code__"):
                same_function(getattr(fa, "__wrapped__", fa), getattr(fb, "__wrapped__", fb))
    setting = ours[0](tile=20.0, parts=("board",))
    assert repr(setting) == repr(theirs[0](tile=20.0, parts=("board",))) == (
        "Setting(paper='a4', tile=20.0, parts=('board',), seen=[])")
    assert setting == ours[0](tile=20.0, parts=("board",), seen=[1]) and hash(setting) == hash(ours[0](tile=20.0, parts=("board",)))
    assert dataclasses.replace(setting, paper="letter").paper == "letter"
    with pytest.raises(dataclasses.FrozenInstanceError):
        setting.paper = "letter"  # type: ignore[misc]
    with pytest.raises(ValueError):
        ours[0](tile=-1.0)
    assert ours[1]("a") == ours[1]("a", 0) and ours[1].__hash__ is None
    assert "exec" not in vars(dataclasses)  # the builtin is back for everyone else


def test_kept_code_spares_every_compile(tmp_path, monkeypatch) -> None:
    """With the methods' code kept (as `python -m papergame.records` keeps it), a dataclass is made without
    compiling anything; without it, its methods are compiled (here 4 for Setting, 3 for Plain)."""
    import marshal

    monkeypatch.setattr(records, "_seen", [])
    define_dataclasses(records.dataclass)
    sources = list(dict.fromkeys(records._seen))
    monkeypatch.setattr(records, "_seen", None)
    kept = tmp_path / "records.code"
    kept.write_bytes(marshal.dumps((records.MAGIC_NUMBER, {records.key(s): records.compiled(s) for s in sources})))
    monkeypatch.setattr(records, "KEPT_CODE", kept)
    monkeypatch.setattr(records, "_kept", None)
    assert compiles_while(lambda: define_dataclasses(records.dataclass)) == 1  # the test's own body alone
    monkeypatch.setattr(records, "_kept", {})  # nothing kept (a stale file, another Python)
    assert compiles_while(lambda: define_dataclasses(records.dataclass)) == 1 + len(sources)
    kept.write_bytes(marshal.dumps((b"\x00\x00\r\n", {})))  # another Python's magic number: passed over
    monkeypatch.setattr(records, "_kept", None)
    assert records.kept_code() == {}


def test_the_kept_code_is_the_code_of_each_source() -> None:
    """Every method records.code holds is what compiling its source gives, and it holds every one (the
    sources, from a fresh process importing every module of papergame): a dataclass changed without running
    `python -m papergame.records` is compiled at every build."""
    import subprocess

    code = ("import sys; from papergame import records; "
            "sys.stdout.write(repr(records.sources_of_every_dataclass()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "PYTHONPATH": __import__("os").pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr
    sources = __import__("ast").literal_eval(done.stdout)
    assert len(sources) > 100
    kept = records.kept_code()
    assert kept, "records.code is missing or another Python's"
    by_key = {records.key(s): s for s in sources}
    wrong = [k for k, c in kept.items() if k in by_key and c != records.compiled(by_key[k])]
    assert wrong == []
    missing = [by_key[k].splitlines()[0] for k in by_key if k not in kept]
    assert missing == [], "records.code is stale: run python -m papergame.records"
