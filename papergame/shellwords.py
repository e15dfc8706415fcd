"""Commands written so that they work when pasted into a terminal: arguments quoted only where needed.

One spelling serves bash, zsh, PowerShell and cmd for every name a teacher is likely to
give a folder (spaces, accents, `&`, brackets): double quotes, as in
`papergame validate "Mon jeu à moi/game.toml"`. Only a name holding a character that
double quotes do not keep literal somewhere is quoted the way of the shell at hand:
single quotes on macOS and Linux (`$`, a backtick, `\\`, `!` or `"`), and on Windows single
quotes too when it holds `$` or a backtick (PowerShell, the terminal Windows opens).
"""

from __future__ import annotations

import os
import shlex

PLAIN = frozenset("_-./:,+=@")  # besides letters and digits (any script): never special inside a word
FIRST_SPECIAL = frozenset("@#~,")  # special at the start of a word in one shell or another
NOT_IN_DOUBLE_QUOTES = {False: frozenset('"$`\\!'), True: frozenset('"$`')}


def quote(word: str, windows: bool | None = None) -> str:
    """`word` as one argument of a command line; `windows` None means this computer's kind.

    >>> quote("build"), quote("my-game/game.toml"), quote("École/game.toml")
    ('build', 'my-game/game.toml', 'École/game.toml')
    >>> quote("Mon jeu à moi/game.toml"), quote("Year 4 & 5")
    ('"Mon jeu à moi/game.toml"', '"Year 4 & 5"')
    >>> quote("price$5.toml", windows=False), quote("price$5.toml", windows=True), quote("it's", windows=True)
    ("'price$5.toml'", "'price$5.toml'", '"it\\'s"')
    >>> quote("")
    '""'
    """
    if windows is None:
        windows = os.name == "nt"
    if word and word[0] not in FIRST_SPECIAL and all(c.isalnum() or c in PLAIN for c in word):
        return word
    if not NOT_IN_DOUBLE_QUOTES[windows] & set(word):
        return f'"{word}"'
    if windows:  # PowerShell: single quotes keep $ and backticks; a quote inside is doubled
        return "'" + word.replace("'", "''") + "'"
    return shlex.quote(word)


def command(*words: object, windows: bool | None = None) -> str:
    """A command line of `words`, each quoted where it needs it.

    >>> command("papergame", "validate", "Mes Jeux/École/game.toml", windows=False)
    'papergame validate "Mes Jeux/École/game.toml"'
    """
    return " ".join(quote(str(word), windows) for word in words)
