"""The live tables: connections per seat, one lock per table, save then tell (web layer).

The hub owns every `Table` of the server (read back from the store at start),
the open WebSocket of each seat and one `asyncio.Lock` per table, so moves are
applied one at a time. A change runs in a worker thread (bots may think), is
saved atomically, and only then is each connected seat sent its own `state`.
A connection must `join` with its seat token first; a token of another table,
a forged one, or one whose seat is already open elsewhere is refused and the
connection closed. Any frame that is not a good message gets an `error` reply
and changes nothing; the loop never lets an exception out.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

import anyio
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from rulespec.core.errors import IllegalMove, InvalidMove, RulespecError
from rulespec.sim.runner import derive_seed
from rulespec.web import protocol as P
from rulespec.web.lobby import explain_of, seat_kinds, source_of
from rulespec.web.store import TABLE_ID, Store
from rulespec.web.tables import Table, TableError

JOIN_SECONDS = 30.0
MAX_TABLES = 2000
CLOSE_REFUSED = 4403  # the WebSocket close code for a refused join
log = logging.getLogger("rulespec.web")


class Hub:
    """Every table of one server, and who is connected to which seat."""

    def __init__(self, store: Store, seed: int | None = None) -> None:
        self.store = store
        self.seed = seed  # tests only: the n-th table's deal is derived from it
        self.tables, skipped = store.load_all()
        for line in skipped:
            log.warning("%s", line)
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, dict[int, WebSocket]] = {}
        self.checking = asyncio.Semaphore(2)  # rule texts compile two at a time at most
        self.game_limiter: anyio.CapacityLimiter | None = None  # made in the event loop

    # --- the lobby -------------------------------------------------------------------

    async def create(self, payload: Any) -> dict[str, Any]:
        """A new table from a lobby request; its id and one join link per person."""
        if len(self.tables) >= MAX_TABLES:
            raise TableError(f"this server holds {MAX_TABLES} tables already")

        async with self.checking:  # pasted rules compile here, beside the games
            source, variant = await run_in_threadpool(source_of, payload)
        kinds = seat_kinds(payload, variant)

        def make() -> tuple[Table, dict[int, str]]:
            table_id = secrets.token_urlsafe(9)
            seed = None if self.seed is None else derive_seed(self.seed, len(self.tables))
            table, tokens = Table.create(table_id, source, variant, kinds, seed)
            self.store.save(table)
            return table, tokens

        table, tokens = await anyio.to_thread.run_sync(make, limiter=self._games())
        self.tables[table.id] = table
        links = [{"seat": s, "url": f"/t/{table.id}#{tok}"} for s, tok in sorted(tokens.items())]
        return {"table": table.id, "title": table.title, "links": links}

    # --- a seat's connection ---------------------------------------------------------

    async def serve(self, ws: WebSocket, table_id: str) -> None:
        """One browser at one seat, from `join` to disconnect."""
        await ws.accept()
        seat: int | None = None
        try:
            seat = await self._join(ws, table_id)
            if seat is None:
                await ws.close(code=CLOSE_REFUSED)
                return
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                text = frame.get("text")
                try:
                    message = P.parse(text if text is not None else frame.get("bytes"))
                except P.ProtocolError as exc:
                    await ws.send_json(P.error(str(exc)))
                    continue
                await self._handle(ws, self.tables[table_id], seat, message)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the browser went away mid-send; its seat stays as it was
        finally:
            if seat is not None and self.sockets.get(table_id, {}).get(seat) is ws:
                del self.sockets[table_id][seat]
                await self.broadcast(table_id)

    async def _join(self, ws: WebSocket, table_id: str) -> int | None:
        """The seat a connection's first message opens, or None (told why)."""
        try:
            frame = await asyncio.wait_for(ws.receive_text(), JOIN_SECONDS)
            message = P.parse(frame)
        except (asyncio.TimeoutError, P.ProtocolError, KeyError) as exc:
            text = str(exc) if isinstance(exc, P.ProtocolError) else "expected a join message"
            await ws.send_json(P.error(text, fatal=True, code="no-join"))
            return None
        table = self.tables.get(table_id) if TABLE_ID.match(table_id) else None
        if table is None:
            await ws.send_json(P.error("no such table on this server", fatal=True, code="no-table"))
            return None
        if message.kind != "join":
            await ws.send_json(
                P.error("join first, with the token of your link", fatal=True, code="no-join")
            )
            return None
        seat = table.seat_of(message.token)
        if seat is None:
            await ws.send_json(
                P.error(
                    "this link does not open a seat at this table", fatal=True, code="bad-token"
                )
            )
            return None
        open_seats = self.sockets.setdefault(table_id, {})
        other = open_seats.get(seat)
        if other is not None and other.client_state == WebSocketState.CONNECTED:
            text = f"seat {seat + 1} is already open in another window"
            await ws.send_json(P.error(text, fatal=True, code="seat-open"))
            return None
        open_seats[seat] = ws
        explain = await run_in_threadpool(explain_of, table.variant)
        await ws.send_json(P.welcome(table.id, seat, table.title, explain))
        await self.broadcast(table_id)
        return seat

    async def _handle(self, ws: WebSocket, table: Table, seat: int, message: P.Message) -> None:
        if message.kind == "ping":
            await ws.send_json({"type": "pong"})
            return
        if message.kind == "join":
            await ws.send_json(P.error("already joined"))
            return
        action: Callable[[], None]
        if message.kind == "move":
            action = lambda: table.play(seat, message.move)  # noqa: E731
        elif message.kind == "next":
            action = table.next_hand
        else:
            action = table.rematch
        async with self._lock(table.id):
            try:
                await anyio.to_thread.run_sync(action, limiter=self._games())
            except (IllegalMove, InvalidMove) as exc:
                await ws.send_json(P.refused(message.move, str(exc)))
                return
            except RulespecError as exc:
                await ws.send_json(P.error(str(exc)))
                return
            except Exception:  # noqa: BLE001 - a bug must not cost the table its connection
                log.exception("table %s: %s failed", table.id, message.kind)
                await ws.send_json(P.error("the server failed on that request; it is logged"))
                return
            try:
                await run_in_threadpool(self.store.save, table)
            except OSError as exc:
                log.error("table %s: not saved: %s", table.id, exc)
                await ws.send_json(P.error(f"the server could not save the table: {exc}"))
        await self.broadcast(table.id)

    def _lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock: held while its game changes and while its views are taken."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    def _games(self) -> anyio.CapacityLimiter:
        """One worker thread for all game work: the engine's and bots' caches are shared
        between tables, so games never run in two threads at once."""
        if self.game_limiter is None:
            self.game_limiter = anyio.CapacityLimiter(1)
        return self.game_limiter

    async def broadcast(self, table_id: str) -> None:
        """Send each connected seat of a table its own state (taken under the table's lock,
        so no view sees a game half-way through a move)."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with self._lock(table_id):
            open_seats = dict(self.sockets.get(table_id, {}))
            online = set(open_seats)
            views = {seat: table.view(seat, online) for seat in open_seats}
        for seat, ws in open_seats.items():
            try:
                await ws.send_json(views[seat])
            except (WebSocketDisconnect, RuntimeError, OSError):
                continue  # that browser is gone; its own loop cleans up
