"""Headless Chromium from Debian's packages, driven by Selenium through Debian's chromedriver (no
browser is ever downloaded), for the tests that load a page in a real browser
(test_serve_browser, test_bundle_browser). On CI (CI=true) a missing Chromium fails the test;
`.ci/install-browser` installs it."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
         "--window-size=1280,1400"]


def need_browser() -> None:
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


@contextmanager
def chromium(flags: tuple[str, ...] = (), prefs: dict | None = None, capabilities: dict | None = None) -> Iterator:
    """A Chromium with FLAGS and `flags`, Chrome `prefs` and capabilities, quit when the block ends
    (skipped, or failed on CI, when Chromium is missing)."""
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in [*FLAGS, *flags]:
        options.add_argument(flag)
    if prefs:
        options.add_experimental_option("prefs", prefs)
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(check, timeout=30.0, what="the page"):
    """The first true value `check()` gives within `timeout` s. An element that is not there yet, or was
    replaced while it was read (a menu the page fills again), is "not yet", not a failure: the page's
    script runs beside the test, and one loaded run read a menu in the middle of being refilled."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    end = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < end:
        try:
            value = check()
        except (NoSuchElementException, StaleElementReferenceException) as exc:
            value, last = None, exc
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout:g} s for {what}" + (f" (last: {last.msg})" if last else ""))
