#!/usr/bin/env bash
# Build the benchmark's own environment (bench/.env): rulespec plus the two
# reference solvers, RLCard and OpenSpiel, from PyPI. Never runtime dependencies.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3.11}"
command -v "$python" >/dev/null || python=python3
"$python" -m venv "$here/.env"
pip="$here/.env/bin/pip"
"$pip" install --quiet --upgrade pip
"$pip" install --quiet -e "$here/.." || echo "setup: rulespec install failed" >&2
"$pip" install --quiet rlcard || echo "setup: rlcard failed to install; the benchmark skips it" >&2
"$pip" install --quiet open_spiel || echo "setup: open_spiel failed to install; the benchmark skips it" >&2
"$here/.env/bin/python" -c "import rlcard; print('rlcard', rlcard.__version__)" || true
"$here/.env/bin/python" -c "import pyspiel; print('pyspiel ok')" || true
