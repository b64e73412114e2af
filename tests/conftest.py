"""Shared test setup: the helper modules beside this file (interp_helpers, hostile_files,
bruteforce_ref) import by name from every test folder, and the markers are registered in
pyproject.toml."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
