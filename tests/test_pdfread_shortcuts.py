"""The suite's shortcuts for reading PDFs give what pdfplumber itself gives (tests/fastplumber.py)."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner
from pdfminer.layout import LTContainer

import fastplumber
from papergame.cli import main


def every_object(page, process) -> list[dict]:
    """What `Page.parse_objects` turns into dicts, in its order (no layout analysis, as the suite reads)."""
    out: list[dict] = []

    def walk(objects):
        for obj in objects:
            if isinstance(obj, LTContainer):
                walk(obj._objs)
            else:
                out.append(process(page, obj))

    walk(page.layout._objs)
    return out


@pytest.mark.skipif(not fastplumber.usable(), reason=f"pdfplumber is not {fastplumber.COPIED_FROM}: "
                    "the suite reads pages with pdfplumber's own process_object")
def test_the_quick_process_object_gives_pdfplumbers_own_dicts(tmp_path):
    # the default kit and its host key: text, lines, curves, rectangles, dashes, grey fills, two fonts
    result = CliRunner().invoke(main, ["build", "--ink", "low", "-o", str(tmp_path / "kit.pdf")])
    assert result.exit_code == 0, result.output
    kinds = set()
    for name in ("kit.pdf", "kit-host-key.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            for page in pdf.pages:
                ours, theirs = every_object(page, fastplumber.process_object), every_object(page, fastplumber.ORIGINAL)
                assert ours == theirs, (name, page.page_number)
                assert [list(o) for o in ours] == [list(o) for o in theirs]  # the keys in the same order too
                kinds |= {o["object_type"] for o in ours}
    assert {"char", "curve", "line", "rect"} <= kinds


# --- tests/fastcontent.py: the content-stream parser ------------------------------------------

from pdfminer.pdftypes import PDFStream  # noqa: E402
from pdfminer.psparser import PSEOF  # noqa: E402

import fastcontent  # noqa: E402

needs_pdfminer = pytest.mark.skipif(not fastcontent.usable(), reason=f"pdfminer.six is not {fastcontent.COPIED_FROM}: "
                                    "the suite reads content streams with pdfminer's own parser")


def read_all(parser) -> list:
    out = []
    while True:
        try:
            out.append(parser.nextobject()[1])
        except PSEOF:
            return out


def strictly(value):
    """The value with every type spelled out, so 1 and 1.0, or a str and bytes, never compare equal."""
    if isinstance(value, list):
        return ["list", [strictly(v) for v in value]]
    if isinstance(value, dict):
        return ["dict", [(k, strictly(v)) for k, v in value.items()]]
    if isinstance(value, PDFStream):  # an inline image
        return ["stream", strictly(value.attrs), value.rawdata]
    return [type(value).__name__, value if type(value) in (int, float, bool, bytes, str) else id(value)]


def stream(data: bytes) -> PDFStream:
    s = PDFStream({}, data)
    s.objid = 1
    return s


# what reportlab writes, and every other token kind the quick parser reads itself
READ_QUICKLY = [
    b"q 1 0 0 1 56.69291 56.69291 cm BT /F1 11 Tf 12 TL ET Q",
    b".5 w -.25 +3 -0 007 1. 12.5 -12.50 0 0 1 rg 0 0 m 10 0 l S",
    b"[3 2] 0 d [] 0 d [ ] 0 d [1 [2 3] /N (s) <41> true false null op] 0 d",
    b"BT (Hello) Tj (a\\(b\\)c) Tj (nested (paren) here) Tj (\\n\\r\\t\\b\\f\\\\) Tj ET",
    b"BT (\\101\\1011\\0\\7x\\377) Tj (\\q\\\nz) Tj [(A) 120 (B) -30.5 (C)] TJ ET",
    b"BT <48656C6C6F> Tj <4 8 6\n5> Tj <414> Tj <> Tj ET",
    b"/GS1 gs /Na.me-_1 /\xc3\xa9t\xc3\xa9 /\xff\xfe /F1 9 Tf",
    b"<< /A 1 /B [1 2] /C << /D (x) >> >> BDC EMC /P <</MCID 0>> BDC EMC",
    b"% a comment\n1 0 0 RG % another\r 2 w\x00 3 \x00J T* ' \" W* n f* B* b*",
    b"1.2.3 4-5 -.-",
    b"",
    b"  \n\t ",
]
# what pdfminer reads in its own way (or refuses): the quick parser hands the whole stream over
HANDED_OVER = [
    b"q BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI Q",
    b"{ 1 2 } 3 op",
    b"/A#20B 1 Tf",
    b"(unterminated",
    b"[1 2",
    b"1 2 ]",
    b"<< /A >> op",
    b"<< 1 2 >> op",
    b"(a\\\r\nb) Tj",
    b"(\\777) Tj",
    b"<41>> op",
    b"* ! \x80 op",
    b"> op",
    b"1 ) op",
]


@needs_pdfminer
@pytest.mark.parametrize("data", READ_QUICKLY + HANDED_OVER)
def test_the_quick_content_parser_gives_pdfminers_own_objects(data):
    quick = fastcontent.content_parser([stream(data)])
    assert isinstance(quick, fastcontent.Parsed) == (data in READ_QUICKLY), "read by the quick parser itself"
    try:
        theirs = read_all(fastcontent.ORIGINAL([stream(data)]))
    except Exception as exc:  # pdfminer refuses it: so must whatever the suite runs
        with pytest.raises(type(exc)):
            read_all(quick)
        return
    assert strictly(read_all(quick)) == strictly(theirs)


@needs_pdfminer
def test_the_quick_content_parser_reads_real_pages_as_pdfminer_does(tmp_path):
    # the default kit in low ink and its host key (text in two fonts, dashes, grey, curves, clipping),
    # and worksheets with their keys
    runner = CliRunner()
    for args in (["build", "--ink", "low", "-o", "k.pdf"], ["worksheet", "-o", "w.pdf"]):
        result = runner.invoke(main, [*args[:-1], str(tmp_path / args[-1])])
        assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 4
    pages = 0
    for path in pdfs:
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                streams = page.page_obj.contents
                quick = fastcontent.content_parser(streams)
                assert isinstance(quick, fastcontent.Parsed), (path.name, page.page_number)
                assert strictly(read_all(quick)) == strictly(read_all(fastcontent.ORIGINAL(streams))), \
                    (path.name, page.page_number)
                pages += 1
    assert pages >= 6


@needs_pdfminer
def test_the_quick_interpreter_loop_lays_out_real_pages_as_pdfminers_own(tmp_path, monkeypatch):
    # every kind of page the suite reads: a kit in low ink and its host key, a tactile kit (raised marks,
    # braille dots), a hexagon kit with fold-over backs, and worksheets with their keys
    from pdfminer import pdfinterp

    runner = CliRunner()
    for name, args in (("k.pdf", ["build", "--ink", "low"]), ("t.pdf", ["build", "--tactile"]),
                       ("h.pdf", ["build", "--game", "hexagon-path-tiles", "--backs", "fold"]),
                       ("w.pdf", ["worksheet"])):
        result = runner.invoke(main, [*args, "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert len(pdfs) >= 7
    pages = 0
    for path in pdfs:
        with monkeypatch.context() as patch:
            patch.setattr(pdfinterp.PDFPageInterpreter, "execute", fastcontent.ORIGINAL_EXECUTE)
            with pdfplumber.open(path) as pdf:
                theirs = [every_object(page, fastplumber.ORIGINAL) for page in pdf.pages]
        with monkeypatch.context() as patch:
            patch.setattr(pdfinterp.PDFPageInterpreter, "execute", fastcontent.execute)
            with pdfplumber.open(path) as pdf:
                ours = [every_object(page, fastplumber.ORIGINAL) for page in pdf.pages]
        assert len(ours) == len(theirs)
        for n, (mine, pdfminers) in enumerate(zip(ours, theirs), 1):
            assert mine == pdfminers, (path.name, n)
            assert [list(o) for o in mine] == [list(o) for o in pdfminers], (path.name, n)
            pages += 1
    assert pages >= 20


def test_a_kept_page_is_handed_out_as_fresh_copies():
    # what tests/conftest.py keeps of a parsed page, and the copies each reader gets: equal to the page,
    # the same keys in the same order, the lists copied as the dict comprehension it replaced copied them
    # (one level), so that a test changing its copy changes nobody else's
    from conftest import fresh, kept

    page = {"char": [{"text": "A", "x0": 1.0, "ncs": "DeviceGray", "non_stroking_color": (0.5,)}],
            "curve": [{"pts": [(0.0, 1.0), (2.0, 3.0)], "path": [("m", (0.0, 1.0)), ("l", (2.0, 3.0))],
                       "dash": None, "stroke": True}],
            "rect": []}
    held = kept(page)
    before = {kind: [{key: list(value) if isinstance(value, list) else value for key, value in obj.items()}
                     for obj in objs] for kind, objs in page.items()}
    one = fresh(held)
    assert one == before and [list(o) for o in one["curve"]] == [list(o) for o in before["curve"]]
    one["curve"][0]["pts"].append((9.0, 9.0))
    one["curve"][0]["stroke"] = False
    one["char"][0]["text"] = "B"
    del one["rect"][:]
    two = fresh(held)
    assert two == before == page and two["curve"][0]["pts"] is not page["curve"][0]["pts"]
