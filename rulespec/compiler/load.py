"""The public loader: a bundled name or a path -> checked document -> `Variant` (pipeline entry).

Runs the whole pipeline: read (front end chosen by extension: `.rules` DSL,
`.yaml`/`.yml` YAML; a bare name is a bundled variant) -> resolve `extends`
-> JSON Schema -> semantic checks -> build. Every problem of a file (and of
its bases) is raised at once in one `RuleFileError` (at most MAX_PROBLEMS,
then a "… and K more" line); a problem in a base names the extending file
first (`Problem.via`). Loaded variants are cached by resolved path and
modification time of every file in the chain.

Trust: a file the caller names (`load(path)`, the CLI) may extend any rule
file by path. Rule text from an untrusted source (`loads(text)`, by default)
may extend bundled variants only and never reads the file system, so a
problem message cannot echo a line of some other file on the machine.
"""

from __future__ import annotations

import copy
import difflib
import os
from pathlib import Path
from typing import Any

from rulespec.compiler.checks_expr import compile_problems, normalise_text
from rulespec.compiler.resolve import resolve
from rulespec.core.errors import Problem, RuleFileError
from rulespec.grammar.located import Locator, SourceInfo, attribute, capped
from rulespec.grammar.yamlfront import MAX_BYTES, decode_text, parse_yaml
from rulespec.model.variant import Variant

RULES_SUFFIXES = (".rules",)
YAML_SUFFIXES = (".yaml", ".yml")

_cache: dict[Path, tuple[tuple[tuple[Path, int], ...], Variant]] = {}


def bundled_dir() -> Path:
    """The bundled variants: `variants/` of a checkout, or `rulespec/_variants` in a wheel."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "_variants"
    if installed.is_dir():
        return installed
    return package.parent / "variants"


def bundled_names() -> list[str]:
    """Names of the bundled variants, sorted."""
    folder = bundled_dir()
    if not folder.is_dir():
        return []
    names = {p.stem for p in folder.iterdir() if p.suffix in RULES_SUFFIXES + YAML_SUFFIXES}
    return sorted(names)


def _display(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if relative.startswith("..") else relative


def is_path(reference: str) -> bool:
    """Whether a reference names a file rather than a bundled variant (`extends`, CLI targets)."""
    return (
        "/" in reference
        or os.sep in reference
        or reference.endswith(RULES_SUFFIXES + YAML_SUFFIXES)
        or reference.startswith(".")
    )


def _locate(reference: str, directory: Path | None) -> Path:
    """Find the file a reference names; LookupError with a user message when there is none."""
    try:
        return _find(reference, directory)
    except OSError as exc:  # a name too long for the file system, a loop of links …
        raise LookupError(f"cannot open '{reference[:60]}': {exc.strerror or exc}") from None


def _find(reference: str, directory: Path | None) -> Path:
    if is_path(reference):
        path = Path(reference).expanduser()
        if not path.is_absolute() and directory is not None:
            path = directory / path
        if not path.is_file():
            raise LookupError(f"cannot find the file '{reference}'")
        return path.resolve()
    return _bundled(reference, directory)


def _bundled(reference: str, directory: Path | None = None) -> Path:
    """The bundled variant `reference` (or a suffix-less file in `directory`, when given)."""
    folder = bundled_dir()
    for suffix in RULES_SUFFIXES + YAML_SUFFIXES:
        candidate = folder / f"{reference}{suffix}"
        if candidate.is_file():
            return candidate.resolve()
    if directory is not None and (directory / reference).is_file():
        return (directory / reference).resolve()  # a local file without a suffix
    close = difflib.get_close_matches(reference, bundled_names(), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    raise LookupError(f"no bundled variant is called '{reference}'{hint}")


_parsed: dict[Path, tuple[int, dict[str, Any], SourceInfo]] = {}


def _read_file(path: Path) -> tuple[dict[str, Any], SourceInfo]:
    """Parse one file (a base shared by several variants is parsed once per modification)."""
    stamp = _mtime(path)
    known = _parsed.get(path)
    if known is not None and known[0] == stamp:
        return copy.deepcopy(known[1]), known[2]
    doc, info = _parse_file(path)
    _parsed[path] = (stamp, copy.deepcopy(doc), info)
    return doc, info


def _parse_file(path: Path) -> tuple[dict[str, Any], SourceInfo]:
    file = _display(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RuleFileError(
                [Problem(f"file is too large ({size} bytes; the limit is {MAX_BYTES})", file, 1, 1)]
            )
        data = path.read_bytes()
    except OSError as exc:
        raise RuleFileError([Problem(f"cannot read the file: {exc.strerror}", file)]) from None
    text = decode_text(data, file)
    suffix = path.suffix.lower()
    if suffix in YAML_SUFFIXES:
        doc, sourcemap = parse_yaml(text, file)
    elif suffix in RULES_SUFFIXES:
        from rulespec.grammar.transformer import parse_rules

        doc, sourcemap = parse_rules(text, file)
    else:
        raise RuleFileError(
            [Problem("unknown kind of rule file: use .rules or .yaml (.yml)", file)]
        )
    return doc, SourceInfo(file, text.splitlines(), dict(sourcemap))


def _reader(reference: str, directory: Path | None) -> tuple[dict[str, Any], SourceInfo, Path]:
    """The base reader of trusted text: bundled names, and paths from the extending file."""
    path = _locate(reference, directory)
    if path.suffix.lower() not in RULES_SUFFIXES + YAML_SUFFIXES:
        raise LookupError(f"'{reference}' is not a rule file (use .rules, .yaml or .yml)")
    doc, info = _read_file(path)
    return doc, info, path


def _untrusted_reader(
    reference: str, directory: Path | None
) -> tuple[dict[str, Any], SourceInfo, Path]:
    """The base reader of untrusted text: bundled variants only, no other file is opened."""
    if is_path(reference):
        names = ", ".join(bundled_names()[:4])
        raise LookupError(
            f"rule text from an untrusted source may extend only a bundled variant "
            f"({names}, …), not a file"
        )
    path = _bundled(reference)
    return (*_read_file(path), path)


MAX_REFERENCE = 1024
"""Longest NAME|FILE argument read (a longer one is no name, and no path a system opens)."""


def _locate_target(name_or_path: str) -> Path:
    """The file a caller's NAME|FILE argument names (from the cwd); RuleFileError if none.

    The public entry's guard: anything but a str (or path object) of sane length is refused
    with a RuleFileError, never a TypeError or OSError.
    """
    if isinstance(name_or_path, os.PathLike):
        name_or_path = os.fspath(name_or_path)
    if not isinstance(name_or_path, str):
        kind = "None" if name_or_path is None else type(name_or_path).__name__
        raise RuleFileError(
            [Problem(f"expected a variant name or a rule file path, got {kind}", "<load>")]
        )
    shown = name_or_path if len(name_or_path) <= 60 else name_or_path[:57] + "..."
    if len(name_or_path) > MAX_REFERENCE or "\0" in name_or_path:
        why = "a NUL character" if "\0" in name_or_path else f"{len(name_or_path)} characters"
        raise RuleFileError([Problem(f"not a variant name or a file path ({why})", shown)])
    try:
        return _locate(name_or_path, Path.cwd())
    except LookupError as exc:
        raise RuleFileError([Problem(str(exc.args[0]), shown)]) from None
    except OSError as exc:
        raise RuleFileError([Problem(f"cannot open: {exc.strerror or exc}", shown)]) from None


def read_document(name_or_path: str) -> tuple[dict[str, Any], SourceInfo]:
    """Parse one rule file (no `extends` resolution): a bare name is a bundled variant."""
    path = _locate_target(name_or_path)
    doc, info = _read_file(path)
    return normalise_text(doc), info


def resolve_located(name_or_path: str) -> tuple[dict[str, Any], Locator, list[Path]]:
    """Read and resolve; return the document, its locator and every file of the chain."""
    path = _locate_target(name_or_path)
    files: list[Path] = []

    def reader(reference: str, directory: Path | None) -> tuple[dict[str, Any], SourceInfo, Path]:
        found = _reader(reference, directory)
        files.append(found[2])
        return found

    try:
        doc, info = _read_file(path)
    except RuleFileError as exc:
        file = _display(path)
        lines = lambda: decode_text(path.read_bytes(), file).splitlines()  # noqa: E731
        raise _with_later_problems(exc, file, lines, reader, path) from None
    files.append(path)
    resolved, locator = resolve(doc, info, reader, path)
    return resolved, locator, files


def _with_later_problems(
    exc: RuleFileError, file: str, lines: Any, reader: Any, path: Path | None
) -> RuleFileError:
    """A file or text with syntax errors: add what the later stages find in the rest of it.

    The DSL front end blanks each broken statement and parses on; the document
    of what is left is resolved and checked with the broken statements'
    sections skipped, so one run shows every problem that can be trusted
    (`lines()` gives the source lines; rule text gets the same as a file).
    """
    partial = getattr(exc, "partial", None)
    if partial is None:
        return exc
    doc, sourcemap, broken = partial
    try:
        info = SourceInfo(file, lines(), dict(sourcemap))
        resolved, locator = resolve(doc, info, reader, path)
        later = check_located(resolved, locator, skip=broken)
    except (RuleFileError, OSError):
        return exc
    problems = exc.problems + later
    problems.sort(key=lambda p: (p.file, p.line or 0, p.column or 0))
    return RuleFileError(capped(problems))


def _top(problem: Problem) -> str:
    return problem.path.split(".")[0]


def check_located(
    doc: dict[str, Any], locator: Locator, skip: frozenset[str] = frozenset()
) -> list[Problem]:
    """Schema problems, then (when the schema passes) the semantic checks.

    `skip`: sections that could not be read (a broken statement); their
    problems are already reported, so they are left out of every check here
    ("" in it: a statement whose section is unknown — only expressions are checked).
    A problem placed in a base file names the checked file first (`Problem.via`).
    """
    problems = _check_located(doc, locator, skip)
    return attribute(problems, locator.primary.file, locator.via)


def _check_located(doc: dict[str, Any], locator: Locator, skip: frozenset[str]) -> list[Problem]:
    from rulespec.compiler.checks import check_document
    from rulespec.compiler.schema import validate_located

    if "" in skip:
        return compile_problems(doc, locator, set())

    def schema_problems(document: dict[str, Any]) -> list[Problem]:
        found = validate_located(document, locator)
        # a required key of a skipped section is reported at the root: not trusted
        return [p for p in found if _top(p) not in skip and (p.path or not skip)]

    pruned = {k: v for k, v in doc.items() if k not in skip}
    problems = schema_problems(pruned)
    if not problems and not skip:
        return check_document(doc, locator)
    # the expressions can still be read, and the semantic checks that read only
    # well-formed sections can still run (malformed sections fall back to defaults)
    bad = skip | frozenset(_top(p) for p in problems)
    problems += compile_problems(pruned, locator, {p.path for p in problems})
    if "" not in bad:
        rest = {k: v for k, v in doc.items() if k not in bad}
        if not schema_problems(rest):
            problems += check_document(rest, locator, skip=bad)
    problems.sort(key=lambda p: (p.file, p.line or 0, p.column or 0))
    return problems


def _raise_problems(
    doc: dict[str, Any], locator: Locator, warnings: list[Problem] | None = None
) -> None:
    """RuleFileError with every problem of a resolved document, if any is an error.

    Warnings alone leave the document valid; they are added to `warnings` when
    the caller asks for them (`rulespec check` shows them).
    """
    problems = check_located(doc, locator)
    if any(p.is_error for p in problems):
        raise RuleFileError(capped(problems))
    if warnings is not None:
        warnings.extend(problems)


def load_document(name_or_path: str, warnings: list[Problem] | None = None) -> dict[str, Any]:
    """The resolved, checked document; RuleFileError with every problem otherwise.

    Warnings (rules that can never take effect) go to `warnings` when given.
    """
    doc, locator, _ = resolve_located(name_or_path)
    _raise_problems(doc, locator, warnings)
    return normalise_text(doc)


def load_text(
    text: str | bytes, file: str = "<string>", kind: str = "yaml", *, trusted: bool = True
) -> Variant:
    """Load a variant from text (kind 'yaml' or 'rules').

    Trusted text may extend a file by a path from the cwd; untrusted text
    (`trusted=False`) only a bundled variant, and no other file is read.
    """
    if not isinstance(text, (str, bytes)):
        raise RuleFileError([Problem(f"rule text must be str or bytes, not {type(text).__name__}")])
    if kind not in ("rules", "yaml"):
        raise ValueError(f"kind must be 'rules' or 'yaml', not {kind!r}")
    source = decode_text(text, file)
    reader, base = (_reader, Path.cwd() / file) if trusted else (_untrusted_reader, None)
    from rulespec.grammar.transformer import parse_rules

    try:
        doc, sourcemap = (parse_rules if kind == "rules" else parse_yaml)(source, file)
    except RuleFileError as exc:
        raise _with_later_problems(exc, file, source.splitlines, reader, base) from None
    resolved, locator = resolve(
        doc, SourceInfo(file, source.splitlines(), dict(sourcemap)), reader, base
    )
    _raise_problems(resolved, locator)
    from rulespec.compiler.build import build_variant

    return build_variant(resolved)


def loads(
    text: str | bytes, kind: str = "rules", *, trusted: bool = False, file: str = "<string>"
) -> Variant:
    """The `Variant` of rule text (`rulespec.loads`): kind 'rules' (the DSL) or 'yaml'.

    Untrusted by default: the text may extend bundled variants only and no
    file is read. `trusted=True` lets it extend files by a path from the cwd.
    `file` names the text in problem messages.
    """
    return load_text(text, file, kind, trusted=trusted)


def load_variant(name_or_path: str) -> Variant:
    """The `Variant` of a bundled name or a rule file path (cached by path and mtime)."""
    path = _locate_target(name_or_path)
    cached = _cache.get(path)
    if cached is not None and _fresh(cached[0]):
        return cached[1]
    doc, locator, files = resolve_located(str(path))
    _raise_problems(doc, locator)
    from rulespec.compiler.build import build_variant

    variant = build_variant(doc)
    stamps = tuple((f, _mtime(f)) for f in files)
    _cache[path] = (stamps, variant)
    return variant


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return -1


def _fresh(stamps: tuple[tuple[Path, int], ...]) -> bool:
    return all(_mtime(path) == stamp for path, stamp in stamps)
