"""Build a fixed matrix of PDFs and print, save or compare their sha256: proof of byte-identity.

    python tests/tools/pdf_hashes.py --save before.txt     # on main, before a refactoring
    python tests/tools/pdf_hashes.py --compare before.txt  # after it: exit 1 if any PDF differs

Without --save or --compare it prints the manifest. The matrix: every template in templates/
built with the default options, --ink low, --paper letter, --tile-size 20 and 60, each with
the host key on a page and as a separate file; a class set (--kits 3) of each template;
practice sheets and keys of every level, fixed seeds, for every template that has them. Each
PDF is made by the command line itself (in this process, through click), into a temporary
folder that is removed afterwards. No test collects this file (it is not named test_*).
"""

from __future__ import annotations

import argparse
import hashlib
import shlex
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(p.parent.name for p in (ROOT / "templates").glob("*/game.toml"))
KIT_OPTIONS = {"default": [], "ink-low": ["--ink", "low"], "letter": ["--paper", "letter"],
               "tile-20": ["--tile-size", "20"], "tile-60": ["--tile-size", "60"]}
HOST_KEYS = ["page", "separate"]
LEVELS = ["easy", "medium", "hard"]
NO_WORKSHEETS = "no-worksheets"


def commands() -> list[tuple[str, list[str]]]:
    """(file name, papergame's arguments without -o) for each PDF of the matrix, in order."""
    out = []
    for game in TEMPLATES:
        definition = ["--game", str(Path("templates") / game / "game.toml")]
        for option, words in KIT_OPTIONS.items():
            for key in HOST_KEYS:
                out.append((f"{game}.{option}.key-{key}.pdf", ["build", *definition, *words, "--host-key", key]))
        out.append((f"{game}.kits-3.pdf", ["build", *definition, "--kits", "3"]))
        for level in LEVELS:
            out.append((f"{game}.worksheet-{level}.pdf",
                        ["worksheet", *definition, "--level", level, "--seed", "7", "--copies", "2"]))
    return out


def build_all(folder: Path) -> tuple[dict[str, str], list[str]]:
    """Make every PDF of the matrix in `folder`: {file name: sha256}, and the commands that failed."""
    import os

    from papergame.cli import main

    hashes: dict[str, str] = {}
    failed = []
    before = os.getcwd()
    os.chdir(ROOT)  # the template paths in the manifest are relative to the checkout
    try:
        for name, args in commands():
            made = set(folder.iterdir())
            result = CliRunner().invoke(main, [*args, "-o", str(folder / name)], prog_name="papergame")
            new = sorted(set(folder.iterdir()) - made)
            if result.exit_code != 0 or not new:
                if args[0] == "worksheet" and result.exit_code == 2 and "has no worksheets" in result.output:
                    hashes[name] = NO_WORKSHEETS  # a rule set without worksheets (the shared path) says so
                    continue
                failed.append(f"papergame {shlex.join(args)}: exit {result.exit_code}: {result.output.strip()}")
                continue
            for path in new:
                hashes[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    finally:
        os.chdir(before)
    return hashes, failed


def manifest_text(hashes: dict[str, str]) -> str:
    return "".join(f"{value}  {name}\n" for name, value in sorted(hashes.items()))


def read_manifest(path: Path) -> dict[str, str]:
    hashes = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            value, name = line.split("  ", 1)
            hashes[name] = value
    return hashes


def compare(saved: dict[str, str], now: dict[str, str]) -> list[str]:
    lines = []
    for name in sorted(set(saved) | set(now)):
        if name not in now:
            lines.append(f"gone:    {name}")
        elif name not in saved:
            lines.append(f"new:     {name}")
        elif saved[name] != now[name]:
            lines.append(f"changed: {name}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--save", type=Path, metavar="FILE", help="write the manifest to FILE")
    which.add_argument("--compare", type=Path, metavar="FILE", help="compare with the manifest in FILE; exit 1 on a difference")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="build into DIR (kept) instead of a temporary folder")
    args = parser.parse_args(argv)
    if args.compare is not None and not args.compare.is_file():
        print(f"Error: {args.compare}: no such manifest (make one with --save)", file=sys.stderr)
        return 2
    began = time.monotonic()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
        if any(args.keep.iterdir()):
            print(f"Error: {args.keep}: the folder must be empty (--keep builds every PDF into it)", file=sys.stderr)
            return 2
        hashes, failed = build_all(args.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="pdf-hashes-") as folder:
            hashes, failed = build_all(Path(folder))
    seconds = time.monotonic() - began
    for line in failed:
        print(f"Error: {line}", file=sys.stderr)
    pdfs = sum(1 for v in hashes.values() if v != NO_WORKSHEETS)
    if args.save is not None:
        args.save.write_text(manifest_text(hashes), encoding="utf-8")
        print(f"{pdfs} PDFs in {seconds:.1f} s; manifest written to {args.save}")
    elif args.compare is not None:
        differences = compare(read_manifest(args.compare), hashes)
        print("\n".join(differences + [f"{pdfs} PDFs in {seconds:.1f} s: "
                                       + (f"{len(differences)} differ from {args.compare}" if differences
                                          else f"all byte-identical to {args.compare}")]))
        return 1 if differences or failed else 0
    else:
        sys.stdout.write(manifest_text(hashes))
        print(f"{pdfs} PDFs in {seconds:.1f} s", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
