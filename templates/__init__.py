# Makes the built-in templates importable as the package data `papergame.templates`.
