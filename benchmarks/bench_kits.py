"""Sheets and median build time of a class set: `papergame build --kits 15` at 35 mm.

    python benchmarks/bench_kits.py [--runs N] [--kits N]

Each build runs as a fresh process, as a teacher runs it. Target (issue 10): 15 kits at
35 mm on at most 56 sheets besides the teacher's guide (75 when each kit was built alone).
Reports the sheet count from the PDF itself and the median, fastest and slowest build.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 56


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--kits", type=int, default=15)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("papergame")
    papergame = [str(script)] if script.exists() else [sys.executable, "-m", "papergame"]
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "class.pdf"
        for _ in range(args.runs):
            start = time.perf_counter()
            result = subprocess.run(papergame + ["build", "--kits", str(args.kits), "-o", str(out)], check=True,
                                    capture_output=True, text=True)
            times.append(time.perf_counter() - start)
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(str(out))
        titles = [doc[i].get_textpage().get_text_range().splitlines()[0] for i in range(len(doc))]
    guide = sum(t.startswith("Teacher's guide") for t in titles)
    kit_sheets = len(titles) - guide
    print(result.stdout.strip())
    print(f"--kits {args.kits}: {len(titles)} sheets, {kit_sheets} besides the teacher's guide ({guide}); "
          f"target at most {TARGET} for 15 kits: {'met' if kit_sheets <= TARGET else 'NOT met'}")
    print(f"build time over {args.runs} runs: median {statistics.median(times):.2f} s "
          f"(fastest {min(times):.2f} s, slowest {max(times):.2f} s)")


if __name__ == "__main__":
    main()
