"""A stand-in for Pillow's `PIL.Image`, installed only inside the bundle (never beside papergame).

reportlab 5.1 runs `from PIL import Image` when `reportlab.lib.utils` is imported, and uses
Pillow only to read and draw raster images. papergame draws none, and Pillow is not among
the files the bundle can carry, so the bundle's Web Worker writes this file as
`PIL/Image.py` in Pyodide's site-packages. It answers the import; anything that would really
use an image raises, and tests/test_bundle.py builds every kind of document with it in
place of Pillow, so the day reportlab needs more of Pillow the test fails.
"""


class Image:
    """No object is one: `isinstance(x, Image.Image)` is False for everything papergame passes."""


def __getattr__(name: str):
    raise ImportError(f"PIL.Image.{name}: the papergame bundle has no Pillow (papergame draws no raster image)")
