"""The page of `papergame serve` in a real browser: headless Chromium from Debian's packages,
driven by Selenium through Debian's chromedriver (no browser is ever downloaded).

It loads the page, changes options, sees the previews change and an error appear beside its
field, and saves the kit with the page's button: the file is the command line's, byte for byte.
On CI (CI=true) a missing Chromium fails the test (tests/browsers.py starts it).
"""

from __future__ import annotations

import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from browsers import chromium, wait_for
from servers import running_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page_server():
    with running_server() as srv:
        yield srv


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    downloads = tmp_path_factory.mktemp("downloads")
    with chromium(prefs={"download.default_directory": str(downloads), "download.prompt_for_download": False}
                  ) as driver:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        driver.downloads = downloads  # type: ignore[attr-defined]
        yield driver


def kit_previews(driver):
    """(width, height) of each kit preview once every one has loaded, else None."""
    return driver.execute_script("""
        const imgs = [...document.querySelectorAll('[data-maker="kit"] .previews img')];
        if (!imgs.length || imgs.some(i => !i.complete || !i.naturalWidth)) return null;
        return imgs.map(i => [i.naturalWidth, i.naturalHeight]);""")


def test_the_page_in_a_real_browser(browser, page_server, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    began = time.monotonic()
    base = page_server.url
    browser.get(base)
    sizes = wait_for(lambda: kit_previews(browser), what="the kit's previews")
    default = tmp_path / "default.pdf"
    assert CliRunner().invoke(main, ["build", "-o", str(default)]).exit_code == 0
    with pdfium.PdfDocument(str(default)) as pdf, pdfium.PdfDocument(str(tmp_path / "default-host-key.pdf")) as host:
        pages = len(pdf) + len(host)
    assert len(sizes) == pages == 6  # a preview for every page of the command line's two files, players' and host's
    assert abs(sizes[0][0] - 497) <= 1 and abs(sizes[0][1] - 702) <= 1  # A4 at 60 dpi
    assert wait_for(lambda: browser.execute_script(
        "return document.querySelectorAll('[data-maker=\"worksheets\"] .previews img').length"), what="worksheets") == 2

    # an option changes: the previews follow, and the address keeps the choice
    Select(browser.find_element(By.ID, "f-paper")).select_by_value("letter")
    letter = wait_for(lambda: (s := kit_previews(browser)) and abs(s[0][1] - 660) <= 1 and s,
                      what="the previews on Letter paper")
    assert abs(letter[0][0] - 510) <= 1
    assert browser.current_url.endswith("?paper=letter")

    # a bad value: the command line's words beside the field, the buttons off until it is fixed
    size = browser.find_element(By.ID, "f-tile-size")
    size.clear()
    size.send_keys("70")
    error = browser.find_element(By.CSS_SELECTOR, '.field[data-name="tile-size"] .error')
    wait_for(lambda: error.text, what="the error beside the tile size")
    assert error.text == "70 mm is outside 20 to 60 mm"  # plain words: no "Error:", no flag
    kit_button = browser.find_element(By.CSS_SELECTOR, 'a[data-doc="kit"]')
    assert kit_button.get_attribute("aria-disabled") == "true"
    size.clear()
    size.send_keys("30")
    wait_for(lambda: not error.text and kit_button.get_attribute("aria-disabled") == "false",
             what="the error to go")
    assert "paper=letter" in browser.current_url and "tile-size=30" in browser.current_url

    # the kit saved with the page's button is the command line's file
    kit_button.click()
    saved = browser.downloads / "edge-port-path-tiles.pdf"
    wait_for(lambda: saved.exists() and not list(browser.downloads.glob("*.crdownload")), what="the download")
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "-o", str(out), "--paper", "letter", "--tile-size", "30"])
    assert result.exit_code == 0
    assert saved.read_bytes() == out.read_bytes()
    # ... and so is the host's file, saved with the other button (the host key is a file of its own by default)
    browser.find_element(By.CSS_SELECTOR, 'a[data-doc="host-key"]').click()
    host = browser.downloads / "edge-port-path-tiles-host-key.pdf"
    wait_for(lambda: host.exists() and not list(browser.downloads.glob("*.crdownload")), what="the host's download")
    assert host.read_bytes() == (tmp_path / "kit-host-key.pdf").read_bytes()

    # the address brings the choices back
    browser.get(base + "?paper=letter&tile-size=30&level=easy")
    wait_for(lambda: kit_previews(browser), what="the previews of a bookmarked address")
    assert Select(browser.find_element(By.ID, "f-paper")).first_selected_option.get_attribute("value") == "letter"
    assert browser.find_element(By.ID, "f-tile-size").get_attribute("value") == "30"
    assert Select(browser.find_element(By.ID, "f-level")).first_selected_option.get_attribute("value") == "easy"
    print(f"\nbrowser test: {time.monotonic() - began:.1f} s")


# --- the page in a teacher's words, on a 1366 x 768 screen ------------------------------------------

SCREEN = (1366, 650)  # what a 1366 x 768 screen leaves to a page under the browser's own bars


def fully_in_view(driver, selector):
    return driver.execute_script("""
        const e = document.querySelector(arguments[0]);
        if (!e) return false;
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;""", selector)


def own_game(folder: Path) -> Path:
    """A designer's game folder: game.toml and French words with a title of its own."""
    assert CliRunner().invoke(main, ["init", str(folder), "--lang", "fr"]).exit_code == 0
    text = folder / "text.fr.toml"
    words = text.read_text(encoding="utf-8")
    at = words.index("\ntitle = ", words.index("[kit]"))
    text.write_text(words[:at] + '\ntitle = "Le château des chemins"' + words[words.index("\n", at + 1):],
                    encoding="utf-8")
    return folder


def fetched(url: str) -> bytes:
    import urllib.request

    with urllib.request.urlopen(url, timeout=120) as answer:
        return answer.read()


def test_the_page_in_a_teachers_words_on_a_small_screen(browser, page_server, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    began = time.monotonic()
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": SCREEN[0], "height": SCREEN[1],
                                                                    "deviceScaleFactor": 1, "mobile": False})
    try:
        browser.get(page_server.url)
        wait_for(lambda: kit_previews(browser), what="the kit's previews")
        # the save button and the first page's preview, with no scrolling
        assert fully_in_view(browser, 'a[data-doc="kit"]')
        assert fully_in_view(browser, '[data-maker="kit"] .previews figure')
        shot = tmp_path / "page-1366x768.png"
        browser.save_screenshot(str(shot))
        print(f"\nscreenshot: {shot}")

        # the games by their printed titles, the languages by their own names
        game = Select(browser.find_element(By.ID, "f-game"))
        assert game.first_selected_option.text == "Edge-port path tiles"
        lang = Select(browser.find_element(By.ID, "f-lang"))
        assert [o.text for o in lang.options] == ["English", "Français", "Español", "Deutsch", "Українська"]

        # the hint of the printer's measurement is true for the paper chosen
        hint = browser.find_element(By.CSS_SELECTOR, '.field[data-name="measured"] .hint')
        assert "on A4: 46.7 to 60" in hint.text
        Select(browser.find_element(By.ID, "f-paper")).select_by_value("letter")
        wait_for(lambda: "on US Letter: 47.5 to 60" in hint.text, what="the Letter hint")
        Select(browser.find_element(By.ID, "f-paper")).select_by_value("a4")

        # the parts as boxes to tick: just the tokens, then none (said in words, beside the boxes)
        for part in ("board", "tiles", "rules", "record", "host-key", "guide"):
            browser.find_element(By.ID, f"f-only-{part}").click()
        wait_for(lambda: (s := kit_previews(browser)) and len(s) == 1, what="one page: the tokens")
        assert "only=tokens" in browser.current_url
        button = browser.find_element(By.CSS_SELECTOR, 'a[data-doc="kit"]')
        expected = tmp_path / "tokens.pdf"
        assert CliRunner().invoke(main, ["build", "--only", "tokens", "-o", str(expected)]).exit_code == 0
        assert fetched(button.get_attribute("href")) == expected.read_bytes()
        browser.find_element(By.ID, "f-only-tokens").click()
        parts_error = browser.find_element(By.CSS_SELECTOR, '.field[data-name="only"] .error')
        wait_for(lambda: parts_error.text, what="the parts' error")
        assert parts_error.text == "Tick at least one part to print."
        browser.find_element(By.ID, "f-only-tokens").click()
        wait_for(lambda: not parts_error.text, what="the parts' error to go")

        # errors in plain words: no "Error:", no option's flag, no pointer to a command's help
        measured = browser.find_element(By.ID, "f-measured")
        measured.send_keys("41")
        error = browser.find_element(By.CSS_SELECTOR, '.field[data-name="measured"] .error')
        wait_for(lambda: error.text, what="the measured error")
        assert error.text.startswith("41 mm would enlarge every page") and "Error" not in error.text
        assert "--" not in error.text
        measured.send_keys(Keys.CONTROL + "a" + Keys.NULL, "big")
        wait_for(lambda: error.text and "41" not in error.text, what="the error for a word")
        assert "Error" not in error.text and "--" not in error.text and "help" not in error.text
        measured.send_keys(Keys.CONTROL + "a" + Keys.NULL, Keys.DELETE)  # emptied by typing, so the page hears it
        wait_for(lambda: not error.text, what="the measured error to go")

        # a long build shows progress: a moving bar at once, then how long it has been going
        engine = page_server.engine
        quick = engine.pdfs

        def slow(maker, query):
            if ("tile-size", "33") in query:
                time.sleep(2.5)
            return quick(maker, query)

        engine.pdfs = slow
        try:
            size = browser.find_element(By.ID, "f-tile-size")
            size.clear()
            size.send_keys("33")
            bar = browser.find_element(By.CSS_SELECTOR, '[data-maker="kit"] .progress')
            status = browser.find_element(By.CSS_SELECTOR, '[data-maker="kit"] .status')
            wait_for(lambda: bar.is_displayed(), what="the progress bar")
            wait_for(lambda: "s so far" in status.text, what="the time so far")
            wait_for(lambda: not bar.is_displayed() and "as they will print" in status.text, timeout=60,
                     what="the build to end")
        finally:
            engine.pdfs = quick

        # a game of one's own with its text file: its title, its file name, its words; a language it lacks is said
        folder = own_game(tmp_path / "castle")
        browser.find_element(By.ID, "upload").send_keys(f"{folder / 'game.toml'}\n{folder / 'text.fr.toml'}")
        wait_for(lambda: game.first_selected_option.text == "Your game: Le château des chemins",
                 what="the uploaded game in the menu")
        lang.select_by_value("fr")
        wait_for(lambda: "lang=fr" in button.get_attribute("href") and "game=upload-" in button.get_attribute("href"),
                 what="the kit's link")
        note = browser.find_element(By.CSS_SELECTOR, '[data-note="words"]')
        assert not note.is_displayed()
        lang.select_by_value("de")
        wait_for(lambda: note.is_displayed(), what="the note on the words")
        assert note.text == ("Your game has no text file in Deutsch: its pages print with papergame's own Deutsch "
                             "words.")
        lang.select_by_value("fr")
        wait_for(lambda: not note.is_displayed() and "lang=fr" in button.get_attribute("href"), what="French again")
        wait_for(lambda: kit_previews(browser), what="the previews of the uploaded game")
        import urllib.request

        with urllib.request.urlopen(button.get_attribute("href"), timeout=120) as answer:
            saved_as = answer.headers["Content-Disposition"]
            kit = answer.read()
        assert "filename*=UTF-8''le-ch%C3%A2teau-des-chemins.pdf" in saved_as
        import io

        from pypdf import PdfReader

        assert PdfReader(io.BytesIO(kit)).pages[0].extract_text().count("Le château des chemins") >= 1
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    print(f"\nbrowser test (a teacher's words): {time.monotonic() - began:.1f} s")


def test_a_long_build_shows_how_far_it_is_and_can_be_cancelled(browser, page_server, monkeypatch):
    """After a moment a long build's status says its step (`serve` answers /progress.json for the build the
    page named) beside a Cancel button; pressing it stops the build and the page says so. The build is made long
    here, a tenth of a second more each kit it lays out (at least 4 s for 40): the class set of 40 itself now builds
    in about 2 s (the command line: 2.1 s wall), a tick past the page's SLOW_MS, so it could end before the page
    asked how far it was."""
    from selenium.webdriver.common.by import By

    import papergame.layout.kit as kit

    real_step = kit.step

    def slow_step(part: str, done: int, total: int) -> None:
        if part == kit.KITS:
            time.sleep(0.1)
        real_step(part, done, total)

    monkeypatch.setattr(kit, "step", slow_step)

    status = '[data-maker="kit"] .status'
    browser.get(page_server.url + "?game=eight-port-path-tiles&kits=40")
    shown = wait_for(lambda: browser.execute_script(
        "const s = document.querySelector(arguments[0]);"
        "return s.querySelector('button.cancel') && / of [0-9]+/.test(s.textContent) && s.textContent;", status),
        what="the build's step beside a Cancel button")
    assert shown.startswith("Making the pages…") and ("laying out" in shown or "drawing page" in shown), shown
    browser.find_element(By.CSS_SELECTOR, f"{status} button.cancel").click()
    wait_for(lambda: browser.find_element(By.CSS_SELECTOR, status).text.startswith("Stopped."), what="the stop")
    assert not browser.find_elements(By.CSS_SELECTOR, f"{status} button.cancel")
