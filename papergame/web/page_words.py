"""What the page shows in a teacher's words beside the fields: each language by its own name, each
built-in game by its printed title, the parts of a kit, and the range `measured` takes on each paper."""

from __future__ import annotations

from functools import lru_cache

# Each language in its own words, as a menu shows it; a language without a name here shows its code.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español", "de": "Deutsch", "uk": "Українська"}
PART_WORDS = {"board": "Board", "tiles": "Tiles", "tokens": "Tokens", "rules": "Rules", "record": "Record sheet",
              "host-key": "Host key (answers)", "guide": "Teacher's guide"}


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


def language_order(code: str) -> tuple[int, str]:
    """English first, then the others as LANGUAGE_NAMES lists them, then any other code."""
    known = list(LANGUAGE_NAMES)
    return (known.index(code) if code in known else len(known), code)


@lru_cache(maxsize=1)
def game_titles() -> dict[str, str]:
    """Each built-in game's title as its kit prints it in English ("Edge-port path tiles")."""
    from papergame.data.games import load_definition
    from papergame.data.templates import builtin_games
    from papergame.model.rules import rule_set
    from papergame.data.words import load_texts

    return {name: load_texts(None, "en", name, rule_set(load_definition(name)).words).get("kit.title")
            for name in builtin_games()}


def measured_ranges() -> dict[str, list[float]]:
    """What `measured` may be on each paper: a correction must keep every page on it (A4 46.7 to 60 mm)."""
    from papergame.layout.paper import lowest_measurement

    from papergame.options import MEASURED_MAX

    return {paper: [round(lowest_measurement(paper), 1), MEASURED_MAX] for paper in ("a4", "letter")}


def page_words() -> dict:
    """The words and limits the page needs besides the fields, for /options.json."""
    from papergame.data.words import builtin_languages

    return {
        "languages": [[code, language_name(code)] for code in sorted(builtin_languages(), key=language_order)],
        "titles": game_titles(),
        "parts": [[part, words] for part, words in PART_WORDS.items()],
        "measured": measured_ranges(),
    }
