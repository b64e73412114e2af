"""The web table's per-address rate limits (web/ratelimit.py): a flood of lobby work, of new
tables or of socket connections from one address is refused (429 with Retry-After and a JSON
error; a socket closed with 1008) before the app does any work, other addresses and the pages
are untouched, tokens come back with time, and the table of addresses stays bounded."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import QUICK_GIN

from rulespec.web.app import create_app
from rulespec.web.ratelimit import Limit, Limits, Meter, bucket_of


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


LIMITS = Limits(work=Limit(3, 2.0), tables=Limit(2, 10.0), sockets=Limit(2, 5.0))


def _client(tmp_path: Path, stack: contextlib.ExitStack, clock: Clock) -> TestClient:
    app = create_app(str(tmp_path), seed=1, meter=Meter(LIMITS, clock))
    return stack.enter_context(TestClient(app))


def test_lobby_work_past_its_burst_is_refused_until_a_token_comes_back(tmp_path: Path) -> None:
    clock = Clock()
    with contextlib.ExitStack() as stack:
        c = _client(tmp_path, stack, clock)
        for _ in range(3):
            assert c.post("/api/check", json={"text": QUICK_GIN}).json()["ok"] is True
        r = c.post("/api/explain", json={"variant": "gin"})  # the same bucket as checking
        assert r.status_code == 429
        assert r.headers["retry-after"] == "2"
        assert r.json() == {"error": "too many requests from this address: try again in 2 s"}
        assert c.get("/").status_code == 200  # pages are not metered
        assert c.get("/api/variants").status_code == 200
        clock.now += 1.0  # half a token: still refused, and told to wait the rest
        r = c.post("/api/check", json={"text": QUICK_GIN})
        assert r.status_code == 429 and r.headers["retry-after"] == "1"
        clock.now += 1.0
        assert c.post("/api/check", json={"text": QUICK_GIN}).status_code == 200
        assert c.post("/api/check", json={"text": QUICK_GIN}).status_code == 429


def test_new_tables_have_their_own_bucket_and_a_refusal_makes_no_table(tmp_path: Path) -> None:
    clock = Clock()
    with contextlib.ExitStack() as stack:
        c = _client(tmp_path, stack, clock)
        body = {"variant": "gin", "seats": ["human", "random"]}
        assert [c.post("/api/tables", json=body).status_code for _ in range(3)] == [200, 200, 429]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert len(hub.tables) == 2
        assert c.post("/api/check", json={"text": QUICK_GIN}).status_code == 200  # other bucket
        clock.now += 10.0
        assert c.post("/api/tables", json=body).status_code == 200
        assert len(hub.tables) == 3


def test_a_flood_of_socket_connections_is_closed_before_it_is_accepted(tmp_path: Path) -> None:
    clock = Clock()
    with contextlib.ExitStack() as stack:
        c = _client(tmp_path, stack, clock)
        made = c.post("/api/tables", json={"variant": "gin", "seats": ["human", "random"]}).json()
        url = f"/ws/{made['table']}"
        for _ in range(2):
            with c.websocket_connect(url):
                pass
        with pytest.raises(WebSocketDisconnect) as refused, c.websocket_connect(url):
            pass
        assert refused.value.code == 1008
        clock.now += 5.0
        with c.websocket_connect(url):
            pass


def test_addresses_are_metered_apart_and_the_table_of_them_is_bounded() -> None:
    clock = Clock()
    meter = Meter(LIMITS, clock, max_clients=4)
    assert [meter.take("a", "work") for _ in range(4)] == [0.0, 0.0, 0.0, 2.0]
    assert meter.take("b", "work") == 0.0  # another address has its own bucket
    for n in range(10):
        meter.take(f"flood{n}", "work")
    assert len(meter.buckets) == 4  # the least recently seen were forgotten
    assert ("a", "work") not in meter.buckets
    clock.now += 0.5
    assert meter.take("flood9", "work") == 0.0  # (the flood's own burst is not spent yet)


@pytest.mark.parametrize(
    "kind, method, path, bucket",
    [
        ("http", "POST", "/api/check", "work"),
        ("http", "POST", "/api/explain", "work"),
        ("http", "POST", "/api/tables", "tables"),
        ("http", "GET", "/api/variants", None),
        ("http", "GET", "/", None),
        ("http", "GET", "/static/lobby.js", None),
        ("websocket", None, "/ws/abc", "sockets"),
        ("lifespan", None, "", None),
    ],
)
def test_which_requests_are_metered(
    kind: str, method: str | None, path: str, bucket: str | None
) -> None:
    assert bucket_of({"type": kind, "method": method, "path": path}) == bucket


def test_the_app_unmetered_serves_every_request(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        c = stack.enter_context(TestClient(create_app(str(tmp_path), limits=None)))
        codes = {c.post("/api/check", json={"text": QUICK_GIN}).status_code for _ in range(40)}
        assert codes == {200}
