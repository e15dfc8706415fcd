"""Ink coverage of normal and low ink, and the sheet count for every tile size on A4 and Letter.

    python benchmarks/bench_print.py

Ink coverage is measured on every page rendered at 300 dpi (PDFium), two ways: the share
of dark pixels (darker than mid grey) and the mean darkness (the share of toner a page
would take, 0 for white, 1 for black). Issue 4 asks low ink to use at most half of normal:
normal ink, measured in the same run, is the baseline. (Not a timing: no spread to print.)
At 150 dpi PDFium draws every line thinner than a pixel (0.17 mm) a full pixel wide, which
hides what low ink's thin lines save, so the figure is taken at 300 dpi (150 is printed too).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pypdfium2 as pdfium

from papergame.build import build
from papergame.layout.kit import KitOptions

SIZES = (20, 25, 30, 35, 40, 50, 60)


def coverage(path: Path, dpi: int = 300) -> tuple[float, float]:
    dark = total = 0
    darkness = 0.0
    for page in pdfium.PdfDocument(str(path)):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        histogram = image.histogram()
        total += sum(histogram)
        dark += sum(histogram[:128])
        darkness += sum(count * (255 - level) / 255 for level, count in enumerate(histogram))
    return dark / total, darkness / total


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for ink in ("normal", "low"):
            out = Path(tmp) / f"{ink}.pdf"
            build(out, options=KitOptions(ink=ink))
            results[ink] = coverage(out)
            results[ink + "150"] = coverage(out, 150)
        normal, low = results["normal"], results["low"]
        print(f"  at 150 dpi: low / normal darkness {results['low150'][1] / results['normal150'][1]:.2f}")
        print("ink coverage, whole kit at 300 dpi")
        print(f"  normal: dark pixels {100 * normal[0]:.2f}%, mean darkness {100 * normal[1]:.2f}%")
        print(f"  low:    dark pixels {100 * low[0]:.2f}%, mean darkness {100 * low[1]:.2f}%")
        print(f"  low / normal: dark pixels {low[0] / normal[0]:.2f}, darkness {low[1] / normal[1]:.2f}")
        ratio = low[1] / normal[1]
        print(f"target {'met' if ratio <= 0.5 else 'NOT met'}: low ink's toner at most half of normal (issue 4)  "
              f"[mean darkness at 300 dpi, normal as the baseline: {ratio:.3f}]")
        print()
        print("sheets per kit (host key included)")
        print("| tile size | " + " | ".join(f"{s} mm" for s in SIZES) + " |")
        print("|---|" + "---|" * len(SIZES))
        for paper in ("a4", "letter"):
            counts = []
            for size in SIZES:
                report = build(Path(tmp) / "kit.pdf", options=KitOptions(paper=paper, tile=float(size)))
                counts.append(str(report.kit_pages))
            print(f"| {paper.upper() if paper == 'a4' else 'Letter'} | " + " | ".join(counts) + " |")


if __name__ == "__main__":
    main()
