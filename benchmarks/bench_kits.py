"""Sheets and wall time of a class set, `papergame build --kits 15` at 35 mm, beside a bare reportlab script.

    python benchmarks/bench_kits.py [--runs N] [--kits N]

Each build runs as a fresh process, as a teacher runs it, taking turns with the bare
reportlab script of `bench_build.py` (timing.BARE). Targets: (issue 10) 15 kits at 35 mm
on at most 56 sheets besides the teacher's guide (75 when each kit was built alone),
counted in the PDF itself; (issue 24) the 15 kits built in under 0.5 s.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from timing import bare_command, command, papergame_command, seconds_target, table, take_turns, verdict

SHEETS = 56


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--kits", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "class.pdf"
        measures = take_turns({
            "kits": command(papergame_command() + ["build", "--kits", str(args.kits), "-o", str(out)]),
            "bare": command(bare_command(Path(tmp) / "bare.pdf")),
        }, args.runs)
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(str(out))
        titles = [doc[i].get_textpage().get_text_range().splitlines()[0] for i in range(len(doc))]
        doc.close()
    guide = sum(t.startswith("Teacher's guide") for t in titles)
    kit_sheets = len(titles) - guide
    print(f"runs each: {args.runs}, fresh processes taking turns")
    table(measures, "bare", {"kits": f"build --kits {args.kits}", "bare": "bare reportlab script"})
    verdict(f"at most {SHEETS} sheets besides the teacher's guide for 15 kits", kit_sheets <= SHEETS,
            f"--kits {args.kits}: {len(titles)} sheets, {kit_sheets} besides the guide ({guide})")
    seconds_target(f"{args.kits} kits", measures["kits"].median, 0.5, measures["bare"].median)


if __name__ == "__main__":
    main()
