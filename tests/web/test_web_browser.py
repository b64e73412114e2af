"""End to end in a real browser: Playwright drives the system's chromium against a live server.

The server is uvicorn in a thread on a free port, its deals fixed by a seed. The
browser is Debian's chromium (`/usr/bin/chromium`, installed by `.ci/run`);
Playwright downloads no browser of its own, and each launch starts from a fresh
temporary profile. The player's choices come from the greedy bot over the seat's
own observation (hands end soon); every move is made in the page by clicking its
cards and then its button. Screenshots of the lobby, a table mid-hand and a
hand's end are saved under tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
QUICK_GIN = "variant quickgin extends gin {\n  match to 1\n}\n"
BROKEN = "variant house extends gin {\n  knock when deadwood <= upcard.valu\n  mach to 5\n}\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A live server (base URL, app) on a free port, in a thread."""
    import uvicorn

    from rulespec.web.app import create_app

    app = create_app(str(tmp_path_factory.mktemp("data")), seed=20)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(400):
        if srv.started:
            break
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        pytest.fail("chromium is not installed: .ci/run installs it (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _create(page: Any, base: str, seats: list[str], variant: str = "gin", text: str = "") -> None:
    """Fill the lobby and create the table; the page then shows the join links."""
    page.goto(base + "/")
    page.wait_for_selector("#variant option[value='gin']", state="attached")
    if text:
        page.check("#from-text")
        page.fill("#rules-text", text)
        page.click("#check")
        page.wait_for_selector("#check-result .ok")
    else:
        page.select_option("#variant", variant)
    page.select_option("#players", str(len(seats)))
    for s, kind in enumerate(seats):
        page.select_option(f"#seat-{s}", kind)
    page.click("#create")
    page.wait_for_selector("#links a.join")


def _links(page: Any) -> dict[int, str]:
    anchors = page.query_selector_all("#links a.join")
    return {int(a.get_attribute("data-seat")): a.get_attribute("href") for a in anchors}


def _settled(page: Any) -> str:
    """Wait until the page shows a state and return whose move it is: yours, waiting or over."""
    page.wait_for_function("document.body.dataset.phase !== undefined")
    return str(page.evaluate("document.body.dataset.phase"))


def _play_one(page: Any, app: Any, greedy: Any, shot: str = "") -> bool:
    """Make the greedy bot's choice for this page's seat by clicking cards, then the move;
    with `shot`, screenshot the page once cards are selected (True when it did)."""
    from rulespec.core.moves import Move

    table_id = page.url.split("/t/")[1].split("#")[0]
    table = app.state.hub.tables[table_id]
    seat = int(page.evaluate("state.you"))
    legal = table.legal_for(seat)
    moves = [Move.parse(m["text"]) for m in legal]
    choice = str(greedy.choose(table.game.observation(seat), moves, table.variant))
    (entry,) = [m for m in legal if m["text"] == choice]
    version = page.evaluate("document.body.dataset.version")
    for card in entry["cards"]:
        page.click(f"#hand button[data-card='{card}']:not(.selected)")
    shot = shot if entry["cards"] else ""
    if shot:
        _shot(page, shot)
    page.click(f"#moves button[data-move='{choice}']")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    return bool(shot)


def _play_hand(pages: list[Any], app: Any, shot_at: int = -1, shot: str = "") -> int:
    """Play until the hand is over on every page; screenshot the table at the first move
    with cards from move `shot_at` on (cards selected, their moves offered)."""
    from rulespec.bots import make_bot

    greedy = make_bot("greedy", 1)
    made = 0
    for _ in range(400):
        phases = [_settled(p) for p in pages]
        if all(ph == "over" for ph in phases):
            return made
        mine = [p for p, ph in zip(pages, phases, strict=True) if ph == "yours"]
        if not mine:
            time.sleep(0.02)
            continue
        if _play_one(mine[0], app, greedy, shot if made >= shot_at >= 0 else ""):
            shot_at = -1
        made += 1
    raise AssertionError("the hand did not end")


def test_gin_against_a_bot_from_the_lobby_to_the_hand_end(server: Any, browser: Any) -> None:
    base, app = server
    page = browser.new_page(viewport={"width": 420, "height": 860})  # a phone-sized screen
    _create(page, base, ["human", "random"])
    _shot(page, "lobby.png")
    page.click("#links a.join")
    page.wait_for_selector("#hand button.card")
    page.click("#rules summary")
    assert "Gin" in page.inner_text("#explain-text")
    assert _settled(page) == "yours"  # a move the rules forbid: offered as a try, refused
    page.click("#hand button.card >> nth=0")
    page.click("#moves button.try")
    page.wait_for_selector("#message:has-text('Refused:')")
    assert "draw" in page.inner_text("#message")
    made = _play_hand([page], app, shot_at=6, shot="table-mid-hand.png")
    assert made >= 1
    result = page.inner_text("#result")
    assert "over:" in result and "Match totals" in result
    assert page.query_selector("#next") or page.query_selector("#rematch")
    _shot(page, "hand-end.png")
    page.close()


def test_a_broken_rule_file_shows_its_located_problems(server: Any, browser: Any) -> None:
    base, _ = server
    page = browser.new_page()
    page.goto(base + "/")
    page.check("#from-text")
    page.fill("#rules-text", BROKEN)
    page.click("#check")
    page.wait_for_selector("#check-result .problem")
    problems = page.inner_text("#check-result")
    assert "pasted.rules:2:26: knock.limit: unknown name 'upcard.valu'" in problems
    assert "did you mean 'match'?" in problems and "2 problems" in problems
    page.click("#create")
    page.wait_for_selector("#create-error:has-text('fix the rules first')")
    assert page.query_selector("#links a.join") is None or not page.is_visible("#links")
    page.close()


def test_two_browsers_play_a_gin_match_against_each_other(server: Any, browser: Any) -> None:
    base, app = server
    lobby = browser.new_page()
    _create(lobby, base, ["human", "human"], text=QUICK_GIN)
    links = _links(lobby)
    contexts = [browser.new_context(), browser.new_context()]  # two people, nothing shared
    pages = [ctx.new_page() for ctx in contexts]
    for seat, page in enumerate(pages):
        page.goto(base + links[seat])
        page.wait_for_selector("#hand button.card")
    for _ in range(6):  # a void hand deals again
        _play_hand(pages, app)
        if pages[0].query_selector("#rematch"):
            break
        pages[0].click("#next")
        pages[1].wait_for_function("document.body.dataset.phase !== 'over'")
    for page in pages:
        page.wait_for_selector("#rematch")
        assert "The match is over" in page.inner_text("#result")
    pages[1].click("#rematch")
    pages[0].wait_for_selector("#hand-no:has-text('match 2')")
    for ctx in contexts:
        ctx.close()
    lobby.close()


def test_a_michigan_hand_with_a_bot(server: Any, browser: Any) -> None:
    base, app = server
    page = browser.new_page()
    _create(page, base, ["human", "random"], variant="michigan")
    page.goto(base + _links(page)[0])
    page.wait_for_selector("#hand button.card")
    _play_hand([page], app, shot_at=14, shot="michigan-mid-hand.png")
    result = page.inner_text("#result")
    assert "Hand 1 over" in result and "seat 0 = You" in result
    assert page.inner_text(".seat[data-seat='1'] .did")  # what the bot did last
    page.reload()  # the link brings the same table back
    page.wait_for_selector("#result h2")
    assert page.inner_text("#result") == result
    page.close()
