"""A grey ICC profile, written here byte by byte: the print-shop PDF's output intent.

A monochrome output profile (ICC.1:2001-04, section 6.3.3, version 2.1) needs only four
tags: a description, a copyright, the media white point and a grey tone curve. Its tone
curve is a gamma of 2.2 (the common "Gray Gamma 2.2"), its white D50. papergame writes it
itself, so no profile of anybody else's, with its licence, is shipped: the bytes below are
papergame's own, under its licence (MIT), and the same on every run.

>>> profile = grey_profile()
>>> len(profile), profile[36:40], profile[12:24]
(396, b'acsp', b'prtrGRAYXYZ ')
"""

from __future__ import annotations

import struct

DESCRIPTION = "papergame grey, gamma 2.2"
COPYRIGHT = "Written by papergame; free to use under the MIT licence"
D50 = (0.9642, 1.0, 0.8249)
GAMMA = 2.2


def s15(value: float) -> bytes:
    """A number as ICC's s15Fixed16Number."""
    return struct.pack(">i", round(value * 65536))


def text_description(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return (b"desc\0\0\0\0" + struct.pack(">I", len(ascii_text)) + ascii_text
            + struct.pack(">II", 0, 0)  # no Unicode description
            + struct.pack(">HB", 0, 0) + bytes(67))  # no ScriptCode description


def tag_types() -> list[tuple[bytes, bytes]]:
    return [
        (b"desc", text_description(DESCRIPTION)),
        (b"cprt", b"text\0\0\0\0" + COPYRIGHT.encode("ascii") + b"\0"),
        (b"wtpt", b"XYZ \0\0\0\0" + b"".join(s15(v) for v in D50)),
        (b"kTRC", b"curv\0\0\0\0" + struct.pack(">IH", 1, round(GAMMA * 256)) + b"\0\0"),
    ]


def grey_profile() -> bytes:
    """The profile's bytes: a 128-byte header, the tag table, each tag's data on a 4-byte boundary."""
    tags = tag_types()
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body + bytes(-len(body) % 4)
    size = offset + len(data)
    header = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02100000) + b"prtr" + b"GRAY" + b"XYZ "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + bytes(4) + struct.pack(">I", 0) + bytes(4)
              + bytes(4) + bytes(8) + struct.pack(">I", 0) + b"".join(s15(v) for v in D50) + b"papg" + bytes(44))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data
