"""`rulespec serve`: the web table, friends and bots in the browser (CLI layer, over web).

Starts the ASGI app of `rulespec.web` on uvicorn. The web packages are an
optional extra (`pip install 'rulespec[web]'`), so they are imported only when
the command runs: `rulespec serve --help` works without them, and a missing
extra is a usage error saying how to install it.
"""

from __future__ import annotations

import argparse
from typing import Any

from rulespec.cli.common import UsageError

MAX_FRAME_BYTES = 64 * 1024  # uvicorn drops bigger WebSocket frames before the app sees them


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "serve",
        help="serve the web table: play in the browser with friends and bots",
        description="Serve the web table: a lobby to start a table from a bundled variant "
        "or pasted rules, join links for friends, bots in the empty seats. Tables are saved "
        "after every move under --data and survive a restart.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--data",
        metavar="DIR",
        default=None,
        help="where tables are saved (default: $XDG_DATA_HOME/rulespec or ~/.local/share/rulespec)",
    )
    p.add_argument(
        "--no-rate-limit",
        action="store_true",
        help="serve every request (behind a reverse proxy that limits the rate itself: "
        "here every client would share the proxy's address)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from rulespec.web.app import create_app
        from rulespec.web.store import default_data_dir
    except ImportError as exc:
        raise UsageError(
            f"rulespec serve needs the web extra ({exc.name or exc} is missing): "
            "pip install 'rulespec[web]'"
        ) from None
    if not 0 < args.port < 65536:
        raise UsageError(f"--port: {args.port} is not a port number")
    data = args.data or str(default_data_dir())
    app = create_app(data, limits=None) if args.no_rate_limit else create_app(data)
    print(f"rulespec serve: tables saved under {data}")
    print(f"rulespec serve: open http://{args.host}:{args.port}/ in a browser")
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=MAX_FRAME_BYTES, log_level="info")
    return 0
