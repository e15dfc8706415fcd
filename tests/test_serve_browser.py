"""The page of `papergame serve` in a real browser: headless Chromium from Debian's packages,
driven by Selenium through Debian's chromedriver (no browser is ever downloaded).

It loads the page, changes options, sees the previews change and an error appear beside its
field, and saves the kit with the page's button: the file is the command line's, byte for byte.
On CI (CI=true) a missing Chromium fails the test; `.ci/install-browser` installs it.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.web.server import make_server

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
         "--window-size=1280,1400"]


def need_browser():
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if missing:
        message = f"missing: {', '.join(missing)} (bash .ci/install-browser; pip install -e '.[test]')"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser test, but {message}")
        pytest.skip(message)


@pytest.fixture(scope="module")
def page_server():
    srv = make_server("127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    downloads = tmp_path_factory.mktemp("downloads")
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads  # type: ignore[attr-defined]
    yield driver
    driver.quit()


def wait_for(check, timeout=30.0, what="the page"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout:g} s for {what}")


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
    with pdfium.PdfDocument(str(default)) as pdf:
        pages = len(pdf)
    assert len(sizes) == pages  # a preview for every page the command line's kit has
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
    assert error.text == "Error: --tile-size: 70 mm is outside 20 to 60 mm"
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

    # the address brings the choices back
    browser.get(base + "?paper=letter&tile-size=30&level=easy")
    wait_for(lambda: kit_previews(browser), what="the previews of a bookmarked address")
    assert Select(browser.find_element(By.ID, "f-paper")).first_selected_option.get_attribute("value") == "letter"
    assert browser.find_element(By.ID, "f-tile-size").get_attribute("value") == "30"
    assert Select(browser.find_element(By.ID, "f-level")).first_selected_option.get_attribute("value") == "easy"
    print(f"\nbrowser test: {time.monotonic() - began:.1f} s")
