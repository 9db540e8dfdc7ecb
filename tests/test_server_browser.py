"""The page in a real browser: headless Chromium, driven by Selenium, against uvicorn on loopback.

Scenarios of a person at the page, each a session of one deal against the
server's bots (which play each game's own policy):

* Draw Poker: the person makes the table from the form, plays the betting by
  clicking the labelled buttons, throws two cards in the draw by clicking the
  cards and then "Draw", plays to the show and reads the result on the page;
* Vingt-un and Stud Poker: a deal played through to its result; then the person
  leaves the table, finds it among the finished tables with its results, and
  watches it from the page as a spectator.

And the page's promises: refusals shown beside the control that caused them
(the lobby) or in a banner at the table, hearts and diamonds in red, the
options form built from each game's ``Options.describe()``, the result never
clipped. CI installs Chromium and its driver (``/usr/bin/chromium``,
``/usr/bin/chromedriver``); without them these tests fail, saying so: they
never skip. Each waits explicitly, for at most ``SECONDS``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable, Optional

import pytest
from test_server_views import LiveServer, watchdog  # noqa: F401

from pycards.games import game_class
from pycards.server import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SECONDS = 60
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"


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


def _by_id(driver: Any, element: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element)


def _text(driver: Any, element: str) -> str:
    return str(_by_id(driver, element).text)


def _wait(driver: Any, condition: Callable[[Any], Any], seconds: float = 15) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds).until(condition)


def _open_lobby(driver: Any, server: LiveServer) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get("about:blank")  # (a change of the hash alone would not load the page again)
    driver.get(server.http + "/")
    _wait(driver, lambda d: len(Select(d.find_element(By.ID, "game")).options) > 1)


def _fill(driver: Any, element: str, value: str) -> None:
    box = _by_id(driver, element)
    box.clear()
    box.send_keys(value)


def _choose_game(driver: Any, game: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(_by_id(driver, "game")).select_by_value(game)
    _wait(driver, lambda d: d.find_elements("id", "opt-deals"))


def _make_table(driver: Any, server: LiveServer, game: str, players: int, bots: int,
                options: Optional[dict[str, str]] = None, unlisted: bool = False) -> str:  # fmt: skip
    """Make a table from the lobby's form (by invite only, if ``unlisted``) and sit at seat 0:
    the table's id."""
    _open_lobby(driver, server)
    _choose_game(driver, game)
    for field, value in (("players", str(players)), ("my-seat", "0"), ("bots", str(bots))):
        _fill(driver, field, value)
    for name, value in (options or {}).items():
        _fill(driver, "opt-" + name, value)
    if unlisted:
        _by_id(driver, "unlisted").click()
    _by_id(driver, "create").click()
    _wait(driver, lambda d: _by_id(d, "table").is_displayed())
    return str(driver.execute_script("return location.hash")).lstrip("#").split("/")[0]


def _buttons(driver: Any) -> tuple[Optional[str], list[Any]]:
    """The version of the action buttons drawn, and those of them enabled."""
    from selenium.webdriver.common.by import By

    box = _by_id(driver, "actions")
    return box.get_attribute("data-version"), [b for b in box.find_elements(By.CSS_SELECTOR, "button.action[data-action]")
                                               if b.is_enabled()]  # fmt: skip


PREFERRED = ("Call", "Check", "Content")


def _betting_choice(buttons: list[Any]) -> Any:
    """The button a patient player clicks: stay in cheaply (call, check, be content), never
    straddle, open with the smallest raise, and never fold if anything else is offered."""
    actions = [json.loads(b.get_attribute("data-action")) for b in buttons]
    kinds = [a["type"] for a in actions]
    for kind in PREFERRED:
        if kind in kinds:
            return buttons[kinds.index(kind)]
    for button, action in zip(buttons, actions):
        if action["type"] == "Straddle" and action["straddle"] is False:
            return button
    if "Raise" in kinds:
        return buttons[kinds.index("Raise")]
    return buttons[0]


def _play(driver: Any, on_pick: Optional[Callable[[Any], None]] = None,
          on_buttons: Optional[Callable[[list[Any]], None]] = None) -> int:  # fmt: skip
    """Play the seat until the page shows the session's result: the decisions clicked
    (``on_buttons`` is shown the buttons offered at each)."""
    from selenium.common.exceptions import StaleElementReferenceException

    clicked: set[str] = set()
    deadline = time.monotonic() + SECONDS
    while not _by_id(driver, "result").is_displayed():
        assert time.monotonic() < deadline, f"the session did not end; the log:\n{_text(driver, 'log')}"
        try:
            pick = _by_id(driver, "pick")
            version, buttons = _buttons(driver)
            if version in clicked or not (buttons or pick.is_displayed()):
                time.sleep(0.05)
                continue
            if pick.is_displayed() and on_pick is not None:
                on_pick(driver)
            elif buttons:
                if on_buttons is not None:
                    on_buttons(buttons)
                _betting_choice(buttons).click()
            else:  # a pick the scenario does not make: stand pat
                _by_id(driver, "pick-confirm").click()
            clicked.add(str(version))
        except StaleElementReferenceException:  # redrawn under us: look again
            pass
    assert _text(driver, "error") == "", _text(driver, "error")
    return len(clicked)


def _check_result(driver: Any) -> str:
    """The session's result is on the page, in plain view: not clipped, its text whole."""
    result = _by_id(driver, "result")
    assert result.is_displayed()
    text = str(result.text)
    assert "The session is over. Results: you " in text and "p1 " in text
    clipped = driver.execute_script(
        "const r = arguments[0]; const s = getComputedStyle(r);"
        "return [r.scrollHeight > r.clientHeight + 1, r.scrollWidth > r.clientWidth + 1, s.overflow, s.whiteSpace];",
        result,
    )
    assert clipped[:2] == [False, False] and "hidden" not in clipped[2] and clipped[3] == "normal", clipped
    assert "session over: you " in _text(driver, "log")
    return text


def test_draw_poker_a_person_throws_two_cards_by_clicking_them_and_reads_the_show(
    tmp_path: Path, browser: Any
) -> None:
    from selenium.webdriver.common.by import By

    app = create_app(tmp_path, fsync=False, seed=1)  # the operator's seed: the same deals every run
    thrown: list[str] = []

    def throw_two(driver: Any) -> None:
        cards = driver.find_elements(By.CSS_SELECTOR, "#pick-cards .pick-card")
        assert len(cards) == 5 and _text(driver, "pick-prompt")
        assert _text(driver, "pick-confirm") == "Stand pat"
        for card in cards[:2]:
            card.click()
            assert card.get_attribute("aria-pressed") == "true"
        thrown.extend(str(card.text) for card in cards[:2])
        assert all(len(card) >= 2 and card[-1] in SUIT_SYMBOLS for card in thrown)
        assert _text(driver, "pick-confirm") == "Draw (2)"
        note = _text(driver, "pick-note")
        assert all(card in note for card in thrown[-2:]), note  # "discard 9♠ K♣ and draw 2"
        shown = [json.loads(b.get_attribute("data-action"))["type"] for b in _buttons(driver)[1]]
        assert "Discard" not in shown  # the draw is the cards' pick, not a button per choice
        _by_id(driver, "pick-confirm").click()

    with LiveServer(app) as server:
        for _attempt in range(4):  # a deal nobody opens ends without a draw: another table then
            table_id = _make_table(browser, server, "draw_poker", players=3, bots=2, options={"deals": "1"})
            assert app.state.lobby.tables[table_id].bots_play == "policy"
            _play(browser, throw_two)
            if thrown and "the show" in _text(browser, "log"):
                break
            thrown.clear()
        assert thrown, "no deal reached the draw in four tables"
        log = _text(browser, "log")
        assert "you: discard " in log and "you get " in log  # the two thrown, two drawn
        assert "-- the show" in log and "you show " in log
        result = _check_result(browser)
        game = app.state.lobby.tables[table_id].game
        assert game.is_over
        mine = game.payoffs()[0]
        assert f"you {'+' if mine > 0 else ''}{mine}" in result


def test_vingt_un_a_person_plays_a_deal_leaves_and_finds_it_finished(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    app = create_app(tmp_path, fsync=False)
    with LiveServer(app) as server:
        table_id = _make_table(browser, server, "vingt_un", players=3, bots=2, options={"deals": "1"})
        assert table_id in app.state.lobby.tables
        assert _by_id(browser, "leave").is_displayed()
        assert _play(browser) > 0
        log = _text(browser, "log")
        assert "deal 1 over: you " in log
        assert any(suit in log for suit in SUIT_SYMBOLS)  # cards as text, with suits
        assert "\nyou: " in log  # our own clicks, in the log ("you: stake 1", "you: content")
        assert "The session is over." in _text(browser, "turn")
        _check_result(browser)
        game = app.state.lobby.tables[table_id].game
        assert game.is_over and game.deal_number == 1

        _by_id(browser, "leave").click()  # back in the lobby: the table is among the finished
        _wait(browser, lambda d: table_id in _text(d, "finished-tables"))
        finished = [li for li in browser.find_elements(By.CSS_SELECTOR, "#finished-tables li") if table_id in li.text]
        assert len(finished) == 1 and table_id not in _text(browser, "open-tables")
        results = ", ".join(f"p{s} {'+' if p > 0 else ''}{p}" for s, p in game.payoffs().items())
        assert results in finished[0].text

        browser.get("about:blank")
        browser.get(f"{server.http}/#watch/{table_id}")  # the same table, watched from the page
        _wait(browser, lambda d: "deal 1 over" in _text(d, "log"))
        watched = _text(browser, "log")
        assert "p0 gets a card face down" in watched and "you " not in watched
        assert "watching" in _text(browser, "table-title")


def test_a_table_by_invite_is_made_from_the_form_and_not_listed(tmp_path: Path, browser: Any) -> None:
    """The form's "by invite only" makes a table that /api/tables does not list; the page tells
    its maker the id to give the players he invites."""
    import httpx

    app = create_app(tmp_path, fsync=False, seed=3)
    with LiveServer(app) as server:
        table_id = _make_table(browser, server, "stud_poker", players=3, bots=1, unlisted=True)
        _wait(browser, lambda d: table_id in _text(d, "log"))
        assert "by invite" in _text(browser, "log")
        listed = httpx.get(f"{server.http}/api/tables").json()
        assert table_id not in json.dumps(listed) and app.state.lobby.tables[table_id].listed is False


def test_stud_poker_a_person_plays_a_deal_to_its_result(tmp_path: Path, browser: Any) -> None:
    app = create_app(tmp_path, fsync=False, seed=2)
    with LiveServer(app) as server:
        table_id = _make_table(browser, server, "stud_poker", players=3, bots=2, options={"deals": "1"})
        assert _play(browser) > 0
        log = _text(browser, "log")
        assert "deal 1 over: you " in log and "you get " in log
        _check_result(browser)
        assert app.state.lobby.tables[table_id].game.is_over


@pytest.mark.parametrize("game", ["brag", "three_stake_brag", "american_brag"])
def test_a_person_plays_a_deal_of_each_brag_game_to_its_result(tmp_path: Path, browser: Any, game: str) -> None:
    """Brag on the page: the choices read in the text's words (an ante, meeting it, a raise),
    and a deal is played to its result beside two of the built-in players."""
    app = create_app(tmp_path, fsync=False, seed=4)
    with LiveServer(app) as server:
        table_id = _make_table(browser, server, game, players=3, bots=2, options={"deals": "1"})
        labels: set[str] = set()
        assert _play(browser, on_buttons=lambda buttons: labels.update(b.text for b in buttons)) > 0
        log = _text(browser, "log")
        assert "deal 1 over: you " in log and "you get " in log
        assert any(label.startswith(("ante ", "meet the ante", "see the raise", "call", "bet ", "raise ",
                                     "pass (no bet)", "draw a card", "stand"))
                   for label in labels), labels  # fmt: skip
        _check_result(browser)
        assert app.state.lobby.tables[table_id].game.is_over


@pytest.mark.parametrize("game", ["commerce", "whiskey_poker", "my_ship_sails"])
def test_a_person_plays_a_deal_of_an_exchange_game_to_its_result(tmp_path: Path, browser: Any, game: str) -> None:
    """The exchange games on the page (ready money and barter, a widow, a barter round): the
    choices read in the texts' words, and a deal is played to its result beside two of the
    built-in players."""
    app = create_app(tmp_path, fsync=False, seed=4)
    with LiveServer(app) as server:
        table_id = _make_table(browser, server, game, players=3, bots=2, options={"deals": "1"})
        labels: set[str] = set()
        assert _play(browser, on_buttons=lambda buttons: labels.update(b.text for b in buttons)) > 0
        assert "deal 1 over: you " in _text(browser, "log")
        assert any(label.startswith(("stand", "knock", "pass", "barter", "buy for ready money", "take "))
                   for label in labels), labels  # fmt: skip
        _check_result(browser)
        assert app.state.lobby.tables[table_id].game.is_over


def test_refusals_are_shown_beside_their_control_and_at_the_table(tmp_path: Path, browser: Any) -> None:
    app = create_app(tmp_path, fsync=False, max_deals=5)
    with LiveServer(app) as server:
        _open_lobby(browser, server)
        _choose_game(browser, "vingt_un")
        _fill(browser, "players", "13")  # Vingt-un seats 2 to 12
        _by_id(browser, "create").click()
        _wait(browser, lambda d: _by_id(d, "players-error").is_displayed())
        assert "13" in _text(browser, "players-error") and _by_id(browser, "players").get_attribute("aria-invalid")
        assert _by_id(browser, "lobby").is_displayed() and not app.state.lobby.tables

        _fill(browser, "players", "3")
        _fill(browser, "opt-deals", "9")  # more than this server's 5
        _by_id(browser, "create").click()
        _wait(browser, lambda d: _by_id(d, "opt-deals-error").is_displayed())
        assert "9" in _text(browser, "opt-deals-error")
        assert not _by_id(browser, "players-error").is_displayed()  # the old refusal is gone

        _fill(browser, "opt-deals", "1")
        _fill(browser, "opt-max_stake", "101")  # the game's own check names it
        _by_id(browser, "create").click()
        _wait(browser, lambda d: _by_id(d, "opt-max_stake-error").is_displayed())
        assert "max_stake" in _text(browser, "opt-max_stake-error")

        _fill(browser, "join-table", "0123456789abcdef")  # no such table
        _by_id(browser, "join").click()
        _wait(browser, lambda d: _by_id(d, "join-error").is_displayed())
        assert "no such table" in _text(browser, "join-error")

        table_id = _make_table(browser, server, "vingt_un", players=2, bots=1, options={"deals": "1"})
        _wait(browser, lambda d: _buttons(d)[1])  # our turn (to stake), or the dealer's choice
        browser.execute_script(  # an action at a version long gone, as a second tab would send
            "state.socket.send(JSON.stringify({version: 0, action: JSON.parse(arguments[0])}))",
            _buttons(browser)[1][0].get_attribute("data-action"),
        )
        _wait(browser, lambda d: _by_id(d, "error").is_displayed())
        banner = _text(browser, "error")
        assert banner.startswith("Refused: ") and "stale_version" in banner
        assert table_id in app.state.lobby.tables


def test_hearts_and_diamonds_are_red_and_clubs_and_spades_are_not(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    app = create_app(tmp_path, fsync=False)
    with LiveServer(app) as server:
        _make_table(browser, server, "vingt_un", players=2, bots=1, options={"deals": "1"})
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#observation .card, #log .card"))
        browser.execute_script(  # every suit, the way the page writes cards it is sent
            "const p = document.createElement('p'); p.id = 'suits';"
            "appendText(p, 'AH 10D KC 2S 9\u2665'); document.body.append(p);"
        )
        colours = {}
        for span in browser.find_elements(By.CSS_SELECTOR, "#suits .card"):
            colours[span.text] = span.value_of_css_property("color")
        assert set(colours) == {"A\u2665", "10\u2666", "K\u2663", "2\u2660", "9\u2665"}
        red = {name for name, colour in colours.items() if _is_red(colour)}
        assert red == {"A\u2665", "10\u2666", "9\u2665"}, colours
        for span in browser.find_elements(By.CSS_SELECTOR, "#observation .card, #log .card"):
            assert _is_red(span.value_of_css_property("color")) == (span.text[-1] in "\u2665\u2666"), span.text


def _is_red(colour: str) -> bool:
    parts = [int(float(p)) for p in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
    return parts[0] >= 150 and parts[1] < 60 and parts[2] < 60


CAPS = {"counters": 100_000, "limit": 1000, "max_decisions": 1000}
"""The server's default caps on a new table's options (docs/server.md, "Limits")."""


def test_the_options_form_is_built_from_each_games_described_options(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    app = create_app(tmp_path, fsync=False, max_deals=7)
    served = {game["name"]: game for game in app.state.lobby.games()}
    with LiveServer(app) as server:
        _open_lobby(browser, server)
        assert [o.get_attribute("value") for o in Select(_by_id(browser, "game")).options] == list(served)
        for name in served:
            _choose_game(browser, name)
            cls = game_class(name)
            players = _by_id(browser, "players")
            assert (players.get_attribute("min"), players.get_attribute("max")) == (
                str(cls.MIN_PLAYERS), str(cls.MAX_PLAYERS))  # fmt: skip
            described = [f for f in cls.Options.describe() if f.name != "until"]
            inputs = browser.find_elements(By.CSS_SELECTOR, "#option-fields [data-option]")
            assert [i.get_attribute("data-option") for i in inputs] == [f.name for f in described]
            capped = {o["name"]: o for o in served[name]["options"]}  # within the server's caps
            for field, box in zip(described, inputs):
                if field.kind == "int":
                    low, high, default = (capped[field.name][k] for k in ("low", "high", "default"))
                    assert high == (min(field.high, 7) if field.name == "deals" else min(field.high, CAPS.get(
                        field.name, field.high)))  # fmt: skip
                    assert box.get_attribute("type") == "number"
                    assert (box.get_attribute("min"), box.get_attribute("max")) == (str(low), str(high))
                    assert box.get_attribute("value") == ("" if default is None else str(default))
                elif field.kind == "bool" and not field.optional:
                    assert box.get_attribute("type") == "checkbox" and box.is_selected() == field.default
                else:
                    choices = [o.text for o in Select(box).options]
                    expected = (None, True, False) if field.kind == "bool" else field.choices
                    assert choices == ["none" if c is None else str(c).lower() if isinstance(c, bool) else str(c)
                                       for c in expected]  # fmt: skip
                    assert Select(box).first_selected_option.text == (
                        "none" if field.default is None else str(field.default).lower()
                        if isinstance(field.default, bool) else str(field.default))  # fmt: skip
            bots = _by_id(browser, "bots")  # the bots are limited to the players, less the person
            _fill(browser, "players", str(cls.MIN_PLAYERS))
            assert bots.get_attribute("max") == str(cls.MIN_PLAYERS - 1)
