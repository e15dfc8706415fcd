"""pdfplumber's `Page.process_object` with the same answers in less time, for the suite.

pdfplumber turns every object pdfminer lays out into a dict, and half of the time of reading a
page went there (a kit's pages: 1.36 s of 2.77 s): each attribute value goes through
`resolve_all` (a recursive walk that copies every tuple), the kind is found with a regular
expression for each object, and the colour space's name is decoded again for each character.
This is the same function (pdfplumber 0.11.10, `page.py`), with three shortcuts that change
no value: a number, string or tuple of them is taken as it is (`resolve_all` would return an
equal one); the kind is found once a class; a colour space name is decoded once a name.
`tests/test_pdfread_shortcuts.py` checks it against pdfplumber's own on every page of real kits.
It is used only with the version it was copied from: with any other, pdfplumber's own runs.
"""

from __future__ import annotations

import re
from typing import Any

import pdfplumber
from pdfminer.layout import LTChar, LTCurve, LTTextContainer
from pdfplumber import page as plumber_page
from pdfplumber.utils import resolve_all, resolve_and_decode

ORIGINAL = plumber_page.Page.process_object  # pdfplumber's own, kept for the check

COPIED_FROM = "0.11.10"
SIMPLE = frozenset({int, float, str, bytes, bool, type(None)})
KINDS: dict[type, str] = {}
DECODED: dict[str, Any] = {}


def usable() -> bool:
    return pdfplumber.__version__ == COPIED_FROM


def as_is(value: Any) -> bool:
    """Whether `resolve_all(value)` is equal to the value itself: nothing in it to resolve."""
    kind = type(value)
    return kind in SIMPLE or (kind is tuple and all(type(v) in SIMPLE for v in value))


def process_object(self, obj) -> dict[str, Any]:
    cls = obj.__class__
    kind = KINDS.get(cls)
    if kind is None:
        kind = KINDS[cls] = re.sub(plumber_page.lt_pat, "", cls.__name__).lower()
    wanted = plumber_page.ALL_ATTRS
    attr = {}
    for k, v in obj.__dict__.items():
        if k in wanted:
            t = type(v)  # as_is(v), inline: this runs for every attribute of every character
            attr[k] = v if t in SIMPLE or (t is tuple and all(type(x) in SIMPLE for x in v)) else resolve_all(v)

    attr["object_type"] = kind
    attr["page_number"] = self.page_number

    for cs in ["ncs", "scs"]:
        if hasattr(obj, cs):
            name = getattr(obj, cs).name
            if type(name) is str:
                if name not in DECODED:
                    DECODED[name] = resolve_and_decode(name)
                attr[cs] = DECODED[name]
            else:
                attr[cs] = resolve_and_decode(name)

    if isinstance(obj, (LTChar, LTTextContainer)):
        text = obj.get_text()
        attr["text"] = (plumber_page.normalize_unicode(self.pdf.unicode_norm, text)
                        if self.pdf.unicode_norm is not None else text)

    if isinstance(obj, LTChar):
        gs = obj.graphicstate
        attr["stroking_color"] = gs.scolor if isinstance(gs.scolor, tuple) else (gs.scolor,)
        attr["non_stroking_color"] = gs.ncolor if isinstance(gs.ncolor, tuple) else (gs.ncolor,)
        if isinstance(attr["fontname"], bytes):
            attr["fontname"] = plumber_page.fix_fontname_bytes(attr["fontname"])

    elif isinstance(obj, (LTCurve,)):
        attr["pts"] = list(map(self.point2coord, attr["pts"]))
        attr["path"] = [(cmd, *map(self.point2coord, pts)) for cmd, *pts in obj.original_path]
        attr["dash"] = obj.dashing_style

    mb_x0, mb_top = self.mediabox[:2]

    if "y0" in attr:
        attr["top"] = (self.height - attr["y1"]) + mb_top
        attr["bottom"] = (self.height - attr["y0"]) + mb_top
        attr["doctop"] = self.initial_doctop + attr["top"]

    if "x0" in attr and mb_x0 != 0:
        attr["x0"] = attr["x0"] + mb_x0
        attr["x1"] = attr["x1"] + mb_x0

    return attr
