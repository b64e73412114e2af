"""Build hook: compiles the C deadwood kernel when it can, and never fails the install.

hatchling runs this at every wheel build, which is what `pip install .` and
`pip install -e '.[dev]'` do. It compiles `rulespec/interpreter/_deadwood.c`
into the extension `rulespec.interpreter._deadwood`:

- a regular wheel gets the extension inside it and a platform tag (the wheel is
  then no longer pure Python);
- an editable install gets it next to the C source (gitignored), where the
  editable import path finds it.

The compiler is driven by setuptools' `build_ext`, the machinery CPython's own
extension builds use: the compiler and flags Python was built with (sysconfig)
on POSIX, MSVC on Windows, CC and CFLAGS from the environment honoured. No
compiler, no Python headers, no setuptools, `RULESPEC_NATIVE=0`, or a failed
compile: one line is printed and the build goes on without the extension;
rulespec then uses its pure-Python kernel, which gives the same answers
(rulespec/interpreter/native.py says why the extension is absent).

After editing the C file in a checkout, `python hatch_build.py` rebuilds the
in-place extension (or reinstall with `pip install -e .`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "rulespec.interpreter._deadwood"
SOURCE = "rulespec/interpreter/_deadwood.c"


def _note(text: str) -> None:
    print(f"rulespec: {text}", file=sys.stderr, flush=True)


def why_not(environ: dict[str, str] | os._Environ[str] = os.environ) -> str | None:
    """Why the extension cannot be compiled here (None: a compile will be tried)."""
    if environ.get("RULESPEC_NATIVE", "").strip() == "0":
        return "RULESPEC_NATIVE=0"
    include = sysconfig.get_paths().get("include") or ""
    if not Path(include, "Python.h").is_file():
        return f"no Python headers ({include}/Python.h; the python3-dev package has them)"
    if os.name == "posix":
        cc = (environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
        if not cc or shutil.which(cc[0]) is None:
            return f"no C compiler ({' '.join(cc) or 'CC unset'} not found)"
    if importlib.util.find_spec("setuptools") is None:  # its build_ext drives the compiler
        return "setuptools is not installed (it drives the compiler)"
    return None


def source_digest(source: Path) -> int:
    """The first 28 bits of the C file's sha256 (line ends normalised): compiled in as
    KERNEL_SOURCE, so native.py can tell a build from an older edit of the file."""
    text = source.read_bytes().replace(b"\r\n", b"\n")
    return int(hashlib.sha256(text).hexdigest()[:7], 16)


def compile_kernel(root: Path, out_dir: Path) -> Path | None:
    """Compile the kernel into out_dir; its path, or None (and a one-line note) when the
    compiler is absent or fails. Never raises: the install goes on in pure Python."""
    reason = why_not()
    if reason is None:
        try:
            from setuptools import Distribution, Extension

            digest = source_digest(root / SOURCE)
            ext = Extension(
                MODULE,
                [str(root / SOURCE)],
                define_macros=[("KERNEL_SOURCE", str(digest))],
                # no fused multiply-add: the float sums must be Python's, operation for operation
                extra_compile_args=["-ffp-contract=off"] if os.name == "posix" else [],
            )
            dist = Distribution({"name": "rulespec-kernel", "ext_modules": [ext]})
            cmd: Any = dist.get_command_obj("build_ext")
            cmd.build_lib = str(out_dir)
            cmd.build_temp = str(out_dir / "temp")
            cmd.ensure_finalized()
            cmd.run()
            built = Path(cmd.get_ext_fullpath(MODULE))
            if built.is_file():
                return built
            reason = f"the compiler left no {built.name}"
        except Exception as err:  # a build must not fail for want of the optional kernel
            first = str(err).strip().splitlines()
            reason = f"compiling failed ({type(err).__name__}: {first[0] if first else ''})"
    _note(f"C deadwood kernel not built: {reason}; the pure-Python kernel is used (same answers)")
    return None


def build_in_place(root: Path) -> Path | None:
    """Compile the kernel next to its C source (the editable install's copy); replaced by a
    rename, so a process that has the old one loaded keeps its file intact."""
    with tempfile.TemporaryDirectory(prefix="rulespec-kernel-") as tmp:
        built = compile_kernel(root, Path(tmp))
        if built is None:
            return None
        dest = root / "rulespec" / "interpreter" / built.name
        staged = dest.with_name(dest.name + ".new")
        shutil.copyfile(built, staged)
        os.replace(staged, dest)
    _note(f"C deadwood kernel built: {dest.relative_to(root)}")
    return dest


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """hatchling's hook: the kernel in place for editable installs, inside regular wheels."""

    _tmp: str | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if version == "editable":
            build_in_place(root)
            return
        self._tmp = tempfile.mkdtemp(prefix="rulespec-kernel-")
        built = compile_kernel(root, Path(self._tmp))
        if built is None:
            return
        build_data["force_include"][str(built)] = f"rulespec/interpreter/{built.name}"
        build_data["pure_python"] = False  # platform-specific: tag it for this interpreter
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


if __name__ == "__main__":
    sys.exit(0 if build_in_place(Path(__file__).resolve().parent) else 1)
