"""The page in a real browser: headless Chromium, driven by Selenium, against uvicorn on loopback.

The test makes a table from the page with server-side random bots on the other
seats, plays its own seat by clicking the action buttons until the deal ends,
and reads the event log: the deal's end, the rewards and the session's result
are there, cards written with suit symbols. Then it watches the same table
as a spectator from the page. CI installs Chromium and its driver
(``/usr/bin/chromium``, ``/usr/bin/chromedriver``); without them this test fails,
saying so: it never skips.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_server_views import LiveServer, watchdog  # noqa: F401

from pycards.server import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SECONDS = 60


@pytest.fixture
def browser(watchdog: None) -> Iterator[Any]:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if missing:
        pytest.fail(f"the browser test needs {' and '.join(missing)}: install Debian's chromium and "
                    "chromium-driver (CI does)", pytrace=False)  # fmt: skip
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1200,900"):  # fmt: skip
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    try:
        yield driver
    finally:
        driver.quit()


def _text(driver: Any, element: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, element).text)


def _click_an_action(driver: Any, clicked: set[str]) -> None:
    """Click one action button of a version not clicked yet ("Content" when offered, so that
    the deal ends soon); nothing if there is none yet."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    try:
        box = driver.find_element(By.ID, "actions")
        version = box.get_attribute("data-version")
        buttons = [b for b in box.find_elements(By.TAG_NAME, "button") if b.is_enabled()]
        if not buttons or version in clicked:
            return
        labels = [b.text for b in buttons]
        choice = buttons[labels.index("Content")] if "Content" in labels else buttons[0]
        choice.click()
        clicked.add(version)
    except StaleElementReferenceException:  # the buttons were redrawn under us: next round
        pass


def test_a_person_plays_a_deal_in_the_browser_against_server_side_bots(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    app = create_app(tmp_path, fsync=False)
    with LiveServer(app) as server:
        browser.get(server.http + "/")
        wait = WebDriverWait(browser, 15)
        wait.until(lambda d: "vingt_un" in [o.text for o in Select(d.find_element(By.ID, "game")).options])
        Select(browser.find_element(By.ID, "game")).select_by_visible_text("vingt_un")  # not the first listed
        for field, value in (("players", "3"), ("deals", "1"), ("my-seat", "0")):
            box = browser.find_element(By.ID, field)
            box.clear()
            box.send_keys(value)
        assert browser.find_element(By.ID, "bots").is_selected()
        browser.find_element(By.ID, "create").click()
        wait.until(lambda d: d.find_element(By.ID, "table").is_displayed())
        table_id = browser.execute_script("return location.hash").lstrip("#").split("/")[0]
        assert table_id in app.state.lobby.tables

        clicked: set[str] = set()
        deadline = time.monotonic() + SECONDS
        while "session over" not in _text(browser, "log"):
            assert time.monotonic() < deadline, f"the deal did not end; the log:\n{_text(browser, 'log')}"
            _click_an_action(browser, clicked)
            time.sleep(0.05)
        log = _text(browser, "log")
        assert clicked, "no action was clicked"
        assert "deal 1 over: you " in log and "session over: you " in log
        assert any(suit in log for suit in "\u2663\u2666\u2665\u2660")  # cards as text, with suits
        assert "\nyou: " in log  # our own clicks, in the log ("you: Stake amount=2", "you: Content")
        assert "The session is over." in _text(browser, "turn")
        assert _text(browser, "error") == ""
        game = app.state.lobby.tables[table_id].game
        assert game.is_over and game.deal_number == 1

        browser.get("about:blank")  # (a change of the hash alone would not load the page again)
        browser.get(f"{server.http}/#watch/{table_id}")  # the same table, watched from the page
        wait.until(lambda d: "deal 1 over" in _text(d, "log"))
        watched = _text(browser, "log")
        assert "p0 gets a card face down" in watched and "you " not in watched
        assert "watching" in _text(browser, "table-title")
