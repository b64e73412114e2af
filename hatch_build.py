"""Build hook: compiles the C kernels when it can, and never fails the install.

hatchling runs this at every wheel build, which is what `pip install .` and
`pip install -e '.[dev]'` do. It compiles each C file of `EXTENSIONS` into its
extension: `rulespec/interpreter/_deadwood.c` (the one-deck deadwood kernel) and
`rulespec/interpreter/_gensearch.c` (the general counted search), each one:

- a regular wheel gets the extension inside it and a platform tag (the wheel is
  then no longer pure Python);
- an editable install gets it next to the C source (gitignored), where the
  editable import path finds it.

The compiler is driven by setuptools' `build_ext`, the machinery CPython's own
extension builds use: the compiler and flags Python was built with (sysconfig)
on POSIX, MSVC on Windows, CC and CFLAGS from the environment honoured. No
compiler, no Python headers, no setuptools, `RULESPEC_NATIVE=0`, or a failed
compile: one line per extension not built is printed and the build goes on
without it; rulespec then uses the pure-Python code, which gives the same answers
(rulespec/interpreter/native.py and gensearch.py say why an extension is absent).

After editing a C file in a checkout, `python hatch_build.py` rebuilds the
in-place extensions (or reinstall with `pip install -e .`).
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

EXTENSIONS = (
    ("rulespec.interpreter._deadwood", "rulespec/interpreter/_deadwood.c", "C deadwood kernel"),
    ("rulespec.interpreter._gensearch", "rulespec/interpreter/_gensearch.c", "C counted search"),
)
"""(extension module, its C source, what it is called in a note): each built on its own."""
MODULE, SOURCE, _ = EXTENSIONS[0]


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
    """The first 28 bits of the sha256 of the C file and of the files it includes by
    `#include "..."`, in order (line ends normalised): compiled in as KERNEL_SOURCE, so
    native.py and gensearch.py can tell a build from an older edit of the files."""
    return int(hashlib.sha256(source_text(source)).hexdigest()[:7], 16)


def source_text(source: Path) -> bytes:
    """The C file's text, then each local header it includes (gensearch.source_text)."""
    text = source.read_bytes().replace(b"\r\n", b"\n")
    heads = [line.split(b'"')[1] for line in text.splitlines() if line.startswith(b'#include "')]
    return text + b"".join(source_text(source.with_name(h.decode())) for h in heads)


def compile_kernel(
    root: Path, out_dir: Path, module: str = MODULE, source: str = SOURCE, label: str = ""
) -> Path | None:
    """Compile one extension (the deadwood kernel unless told) into out_dir; its path, or
    None (and a one-line note) when the compiler is absent or fails. Never raises: the
    install goes on in pure Python."""
    label = label or EXTENSIONS[0][2]
    reason = why_not()
    if reason is None:
        try:
            from setuptools import Distribution, Extension

            digest = source_digest(root / source)
            ext = Extension(
                module,
                [str(root / source)],
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
            built = Path(cmd.get_ext_fullpath(module))
            if built.is_file():
                return built
            reason = f"the compiler left no {built.name}"
        except Exception as err:  # a build must not fail for want of the optional kernel
            first = str(err).strip().splitlines()
            reason = f"compiling failed ({type(err).__name__}: {first[0] if first else ''})"
    _note(f"{label} not built: {reason}; the pure-Python code is used (same answers)")
    return None


def compile_all(root: Path, out_dir: Path) -> list[Path]:
    """Compile every extension of `EXTENSIONS` into out_dir: the paths of those built (a
    one-line note for each one not built)."""
    built = [compile_kernel(root, out_dir, *ext) for ext in EXTENSIONS]
    return [path for path in built if path is not None]


def build_in_place(root: Path) -> list[Path]:
    """Compile the extensions next to their C sources (the editable install's copies), each
    replaced by a rename, so a process that has an old one loaded keeps its file intact."""
    placed: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="rulespec-kernel-") as tmp:
        for built in compile_all(root, Path(tmp)):
            dest = root / "rulespec" / "interpreter" / built.name
            staged = dest.with_name(dest.name + ".new")
            shutil.copyfile(built, staged)
            os.replace(staged, dest)
            _note(f"C extension built: {dest.relative_to(root)}")
            placed.append(dest)
    return placed


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
        built = compile_all(root, Path(self._tmp))
        if not built:
            return
        for path in built:
            build_data["force_include"][str(path)] = f"rulespec/interpreter/{path.name}"
        build_data["pure_python"] = False  # platform-specific: tag it for this interpreter
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


if __name__ == "__main__":
    sys.exit(0 if len(build_in_place(Path(__file__).resolve().parent)) == len(EXTENSIONS) else 1)
