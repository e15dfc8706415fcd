"""papergame: printable PDF kits for paper games, built from tile-geometry definitions."""

__version__ = "0.1.0"
