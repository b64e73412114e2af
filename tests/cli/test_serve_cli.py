"""`rulespec serve`: one command starts the web table; its extra is imported only when it runs."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from rulespec.cli.main import main


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_help_does_not_import_the_web_extra() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from rulespec.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out: main(['--help'])\n"
        "assert 'serve' in out.getvalue()\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out: main(['serve', '--help'])\n"
        "assert '--data DIR' in out.getvalue()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_without_the_extra_serve_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn -> ImportError
    assert main(["serve", "--port", "8765"]) == 2
    assert "pip install 'rulespec[web]'" in capsys.readouterr().err


def test_serve_starts_the_table_and_saves_under_data(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rulespec", "serve", "--port", str(port), "--data", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                page = urllib.request.urlopen(base + "/", timeout=2).read().decode()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not answer")
        assert "Create the table" in page
        request = urllib.request.Request(
            base + "/api/tables",
            data=json.dumps({"variant": "gin", "seats": ["human", "random"]}).encode(),
            headers={"Content-Type": "application/json"},
        )
        made = json.loads(urllib.request.urlopen(request, timeout=10).read())
        assert (tmp_path / "tables" / f"{made['table']}.json").is_file()
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=20)
    assert f"tables saved under {tmp_path}" in out
