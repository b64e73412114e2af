"""A wheel install works like a checkout: the bundled variants travel inside the package, and
the compiled deadwood kernel and counted search too, platform-tagged, wherever a C compiler
is there."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def unpacked_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["-q", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = out.glob("rulespec-*.whl")
    site = out / "site"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert not any(n.startswith(("grammar/", "interpreter/", "variants/")) for n in names)
        kernels = [n for n in names if n.startswith("rulespec/interpreter/_deadwood.")]
        search = [n for n in names if n.startswith("rulespec/interpreter/_gensearch.")]
        headers = [n for n in names if n.startswith("rulespec/interpreter/_gensearch_")]
        sources = ROOT / "rulespec" / "interpreter"
        assert sorted(headers) == sorted(  # every header the C file includes, packaged
            f"rulespec/interpreter/{h.name}" for h in sources.glob("_gensearch_*.h")
        ), headers
        shared = [n for n in names if n.startswith("rulespec/interpreter/_deadwood_")]
        assert sorted(shared) == sorted(  # and the deadwood kernel's, with the shared bits
            f"rulespec/interpreter/{h.name}" for h in sources.glob("_deadwood_*.h")
        ), shared
        assert "rulespec/interpreter/_cbits.h" in names, names
        if _compiler_here():  # built, once (not the editable install's copy), tagged
            assert len(kernels) == 2, kernels  # the C source and the extension
            assert len(search) == 2, search
            assert "-none-any" not in wheel.name, wheel.name
            wheel_info = zf.read("rulespec-0.1.0.dist-info/WHEEL").decode()
            assert "Root-Is-Purelib: false" in wheel_info
        else:
            assert kernels == ["rulespec/interpreter/_deadwood.c"], kernels
            assert search == ["rulespec/interpreter/_gensearch.c"], search
            assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
        zf.extractall(site)
    return site


def _compiler_here() -> bool:
    """Whether the build hook finds a C compiler and the Python headers (hatch_build.why_not)."""
    spec = importlib.util.spec_from_file_location("rulespec_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return hook.why_not(os.environ) is None


def _run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # -I: isolated mode, so neither the checkout nor the editable install is importable
    code = f"import sys; sys.path.insert(0, {str(site)!r}); from rulespec.cli.main import main; "
    code += f"sys.exit(main({list(args)!r}))"
    return subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=120, cwd=site
    )


def test_wheel_carries_every_bundled_variant(unpacked_wheel: Path) -> None:
    shipped = sorted(p.stem for p in (unpacked_wheel / "rulespec" / "_variants").glob("*.rules"))
    assert shipped == sorted(p.stem for p in (ROOT / "variants").glob("*.rules"))
    assert (unpacked_wheel / "rulespec" / "grammar" / "rules.lark").is_file()
    assert (unpacked_wheel / "rulespec" / "py.typed").is_file()  # PEP 561: the API is typed
    static = unpacked_wheel / "rulespec" / "web" / "static"  # the browser client of `serve`
    assert sorted(p.name for p in static.iterdir()) == sorted(
        p.name for p in (ROOT / "rulespec" / "web" / "static").iterdir()
    )


def test_wheel_checks_and_explains_bundled_names(unpacked_wheel: Path) -> None:
    done = _run(unpacked_wheel, "check", "gin", "michigan-polish", "continental")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 valid" in done.stdout
    done = _run(unpacked_wheel, "explain", "oklahoma")
    assert done.returncode == 0 and "upcard" in done.stdout
    done = _run(unpacked_wheel, "list")
    assert done.returncode == 0 and "michigan-ace-positional" in done.stdout


def test_wheel_code_is_what_runs(unpacked_wheel: Path) -> None:
    code = f"import sys; sys.path.insert(0, {str(unpacked_wheel)!r}); import rulespec.compiler.load as l"  # noqa: E501
    code += "; print(l.__file__); print(l.bundled_dir())"
    code += "; import rulespec.interpreter.native as n; print(getattr(n.MODULE, '__file__', None))"
    code += "; import rulespec.interpreter.gensearch as g"
    code += "; print(getattr(g.MODULE, '__file__', None))"
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60
    )
    module, bundled, kernel, search = done.stdout.split()
    assert Path(module).is_relative_to(unpacked_wheel), module
    assert Path(bundled).is_relative_to(unpacked_wheel), bundled
    if _compiler_here():  # the wheel's own extensions are the ones that load
        assert Path(kernel).is_relative_to(unpacked_wheel), kernel
        assert Path(search).is_relative_to(unpacked_wheel), search
    else:
        assert kernel == "None", kernel
        assert search == "None", search
