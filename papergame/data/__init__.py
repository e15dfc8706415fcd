"""The data step: files read from disk or from the built-in templates, before any model exists.

`files` reads a file as text (encodings, size, TOML and its mistakes, in plain words),
`templates` finds the built-in games in the package papergame.templates (so a wheel works outside
the checkout), `games` loads a definition (a file or a built-in game's name) and hands its
data to the model's checks, `words` loads the printed words (text.LANG.toml, with the
words a file inherits), and `checks` collects a file's problems and words them for people
(the model's checks of a definition are written with it). The model never reads a file; it
is given data.
"""
