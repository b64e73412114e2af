"""The ASGI app of `rulespec serve`: pages, lobby requests and the table socket (web layer).

Routes: `/` the lobby page, `/t/{id}` the table page (the seat token rides in
the link's `#fragment`, so it never reaches a server log), `/static/…` the
framework-free client, `GET /api/variants`, `POST /api/check` (pasted rules,
every problem located), `POST /api/explain`, `POST /api/tables` (a new table and
its join links), and the WebSocket `/ws/{id}` (protocol.py). Request bodies are
read up to a limit before any parsing; every refusal is a JSON `{"error": …}`
(with `problems` for rule text) and a 4xx status, never a traceback. The lobby's
work and the socket connections are rate-limited per client address (ratelimit.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from rulespec.core.errors import RulespecError
from rulespec.web.hub import Hub
from rulespec.web.lobby import (
    MAX_TEXT_BYTES,
    LobbyError,
    check_text,
    explain_of,
    problem_json,
    source_of,
    text_source,
    variants,
)
from rulespec.web.ratelimit import DEFAULT_LIMITS, Limits, Meter, RateLimit
from rulespec.web.store import Store

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = MAX_TEXT_BYTES * 2 + 4096  # a rule text at the limit, JSON-escaped, and the rest


class BodyError(Exception):
    """A request body that is too large or not a JSON object (status, message)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to `MAX_BODY` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyError(413, f"request too large (over {MAX_BODY} bytes)")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BodyError(413, f"request too large (over {MAX_BODY} bytes)")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BodyError(400, "request is not valid JSON") from None
    if not isinstance(data, dict):
        raise BodyError(400, "request is not a JSON object")
    return data


def refusal(exc: Exception) -> JSONResponse:
    """A refused request as JSON: the message, and the located problems of rule text."""
    if isinstance(exc, BodyError):
        return JSONResponse({"error": str(exc)}, status_code=exc.status)
    problems = exc.problems if isinstance(exc, LobbyError) else []
    return JSONResponse(
        {"error": str(exc).splitlines()[0], "problems": [problem_json(p) for p in problems]},
        status_code=400,
    )


def create_app(
    data_dir: str | os.PathLike[str],
    seed: int | None = None,
    limits: Limits | None = DEFAULT_LIMITS,
    meter: Meter | None = None,
) -> Starlette:
    """The app, with its tables read back from `data_dir`. `seed` (tests only) makes the
    deals reproducible; the command line never sets it. `limits` meters the lobby's work
    and the sockets per client address (ratelimit.py; None: unmetered); `meter` (tests:
    one with a clock of their own) overrides it."""
    hub = Hub(Store(data_dir), seed)
    if meter is None and limits is not None:
        meter = Meter(limits)

    async def lobby_page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def api_variants(request: Request) -> Response:
        rows = await run_in_threadpool(variants)
        return JSONResponse({"variants": list(rows)})

    async def api_check(request: Request) -> Response:
        try:
            source = text_source(await read_json(request))
            async with hub.checking:
                variant, problems = await run_in_threadpool(check_text, source)
        except (BodyError, LobbyError) as exc:
            return refusal(exc)
        body: dict[str, Any] = {"ok": variant is not None}
        body["problems"] = [problem_json(p) for p in problems]
        if variant is not None:
            body.update(
                name=variant.name,
                title=str(variant.document.get("title") or variant.name),
                min=variant.min_players,
                max=variant.max_players,
            )
        return JSONResponse(body)

    async def api_explain(request: Request) -> Response:
        try:
            payload = await read_json(request)
            async with hub.checking:
                _source, variant = await run_in_threadpool(source_of, payload)
                text = await run_in_threadpool(explain_of, variant)
        except (BodyError, RulespecError) as exc:
            return refusal(exc)
        return JSONResponse({"text": text})

    async def api_tables(request: Request) -> Response:
        try:
            made = await hub.create(await read_json(request))
        except (BodyError, RulespecError) as exc:
            return refusal(exc)
        return JSONResponse(made)

    async def table_socket(ws: WebSocket) -> None:
        await hub.serve(ws, str(ws.path_params["table_id"]))

    app = Starlette(
        routes=[
            Route("/", lobby_page),
            Route("/t/{table_id}", table_page),
            Route("/api/variants", api_variants),
            Route("/api/check", api_check, methods=["POST"]),
            Route("/api/explain", api_explain, methods=["POST"]),
            Route("/api/tables", api_tables, methods=["POST"]),
            WebSocketRoute("/ws/{table_id}", table_socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(RateLimit, meter=meter)] if meter is not None else [],
    )
    app.state.hub = hub
    return app
