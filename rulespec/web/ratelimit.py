"""Per-address rate limits of `rulespec serve` (web layer, an ASGI middleware).

The lobby's requests that do work (checking or explaining pasted rules, making a
table) and the table sockets' connections are each metered by a token bucket per
client address: a burst of ``burst`` requests, then one more every ``every``
seconds. A request over its limit is refused before it reaches the app, with 429
and a JSON ``{"error": …}`` saying when to try again (and ``Retry-After``); a socket
is closed with 1008 (policy violation) before it is accepted. Pages and static
files are not metered. One address floods only its own buckets; the table of
addresses is bounded (the least recently seen is forgotten first), so a flood
from many addresses costs memory no larger than ``MAX_CLIENTS`` buckets.

The address is the socket peer's: behind a reverse proxy every client shares the
proxy's address, so rate-limit there and start the server with ``--no-rate-limit``.
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_CLIENTS = 10_000


@dataclass(frozen=True)
class Limit:
    """A token bucket: ``burst`` requests at once, then one more every ``every`` seconds."""

    burst: int
    every: float


@dataclass(frozen=True)
class Limits:
    """The buckets of one address: lobby work, new tables, socket connections."""

    work: Limit = Limit(30, 1.0)  # POST /api/check, /api/explain: 60 a minute after a burst
    tables: Limit = Limit(10, 6.0)  # POST /api/tables: 10 a minute after a burst
    sockets: Limit = Limit(20, 2.0)  # /ws/…: reconnects back off, a flood does not


DEFAULT_LIMITS = Limits()


def bucket_of(scope: Scope) -> str | None:
    """Which bucket a request draws on (None: not metered)."""
    path = str(scope.get("path", ""))
    if scope["type"] == "websocket":
        return "sockets" if path.startswith("/ws/") else None
    if scope["type"] != "http" or scope.get("method") != "POST":
        return None
    if path == "/api/tables":
        return "tables"
    if path.startswith("/api/"):
        return "work"
    return None


class Meter:
    """Token buckets by (address, bucket), with an injectable clock (tests)."""

    def __init__(
        self,
        limits: Limits,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = MAX_CLIENTS,
    ) -> None:
        self.limits, self.clock, self.max_clients = limits, clock, max_clients
        self.buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()

    def take(self, address: str, bucket: str) -> float:
        """Spend one token of ``address``'s ``bucket``: 0.0 when there was one, else the
        seconds until there will be (nothing is spent then)."""
        limit: Limit = getattr(self.limits, bucket)
        now = self.clock()
        key = (address, bucket)
        tokens, stamp = self.buckets.pop(key, (float(limit.burst), now))
        tokens = min(float(limit.burst), tokens + max(0.0, now - stamp) / limit.every)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) * limit.every
        self.buckets[key] = (tokens, now)  # (re-inserted: the most recently seen is last)
        while len(self.buckets) > self.max_clients:
            self.buckets.popitem(last=False)
        return wait


class RateLimit:
    """The ASGI middleware: meters each request ``bucket_of`` names by its peer address."""

    def __init__(self, app: ASGIApp, meter: Meter) -> None:
        self.app, self.meter = app, meter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        bucket = bucket_of(scope) if scope["type"] in ("http", "websocket") else None
        if bucket is None:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        wait = self.meter.take(address, bucket)
        if wait <= 0.0:
            await self.app(scope, receive, send)
            return
        seconds = max(1, math.ceil(wait))
        if scope["type"] == "websocket":
            await receive()  # the websocket.connect message, then the refusal
            await send({"type": "websocket.close", "code": 1008, "reason": "too many connections"})
            return
        body = json.dumps(
            {"error": f"too many requests from this address: try again in {seconds} s"}
        ).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(seconds).encode()),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})
