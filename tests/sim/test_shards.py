"""`simulate --shard i/N --out PART` and `rulespec merge PART…`: the merged report is the
single run's; parts of another run, missing or repeated shards and broken files are refused
with the file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulespec.cli.main import main
from rulespec.sim.executors import parse_shard, shard_span

RUN = ["rummy", "-n", "10", "--seed", "3", "--bots", "greedy,random"]


def _shards(tmp_path: Path, n: int, run: list[str] = RUN, tag: str = "p") -> list[str]:
    paths = []
    for i in range(1, n + 1):
        path = str(tmp_path / f"{tag}{i}.jsonl")
        assert main(["simulate", *run, "--shard", f"{i}/{n}", "--out", path]) == 0
        paths.append(path)
    return paths


def _out(capsys: pytest.CaptureFixture[str], argv: list[str], status: int = 0) -> str:
    assert main(argv) == status
    return capsys.readouterr().out


@pytest.mark.parametrize("n", [1, 3, 4])
def test_merged_shards_report_the_single_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], n: int
) -> None:
    paths = _shards(tmp_path, n)
    capsys.readouterr()
    single = _out(capsys, ["simulate", *RUN, "--format", "json", "--no-timing"])
    merged = _out(capsys, ["merge", *reversed(paths), "--format", "json", "--no-timing"])
    assert merged == single
    table = _out(capsys, ["merge", *paths])
    assert "rummy: 10 hands, 2 players" in table and f"{n} job(s)" in table


@pytest.mark.parametrize("count", [1, 2, 7, 10, 33])
@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_shard_spans_cover_every_index_once(count: int, n: int) -> None:
    spans = [shard_span(count, i, n) for i in range(1, n + 1)]
    assert [k for a, b in spans for k in range(a, b)] == list(range(count))


@pytest.mark.parametrize(
    ("text", "message"),
    [("3", "write i/N"), ("0/3", "runs from 1 to N"), ("4/3", "runs from 1 to N"), ("a/b", "i/N")],
)
def test_a_bad_shard_is_named(text: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        parse_shard(text)


def _err(capsys: pytest.CaptureFixture[str], argv: list[str], status: int) -> str:
    assert main(argv) == status
    return capsys.readouterr().err


def test_merge_refuses_missing_repeated_and_foreign_shards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _shards(tmp_path, 3)
    other = _shards(tmp_path, 3, [*RUN[:-4], "--seed", "4", *RUN[-2:]], tag="q")
    capsys.readouterr()
    assert "missing shard(s) 2/3" in _err(capsys, ["merge", a[0], a[2]], 1)
    assert "shard 1/3 again" in _err(capsys, ["merge", a[0], a[0], a[1], a[2]], 1)
    assert "settings differs" in _err(capsys, ["merge", a[0], other[1], a[2]], 1)
    two = _shards(tmp_path, 2, tag="r")
    capsys.readouterr()
    assert "is of 3 shards" in _err(capsys, ["merge", a[0], two[1]], 1)


def test_merge_names_the_file_and_line_of_a_broken_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (path,) = _shards(tmp_path, 1)
    capsys.readouterr()
    lines = Path(path).read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([*lines[:3], "{not json", *lines[4:]]) + "\n")
    assert f"{broken}:4: not JSON" in _err(capsys, ["merge", str(broken)], 1)
    odd = tmp_path / "odd.jsonl"
    odd.write_text("\n".join([lines[0], json.dumps({"index": 0})]) + "\n")
    assert f"{odd}:2: not a simulation record" in _err(capsys, ["merge", str(odd)], 1)
    record = json.loads(lines[1])
    record["index"] = "0"
    odd.write_text("\n".join([lines[0], json.dumps(record)]) + "\n")
    assert f"{odd}:2: index: a whole number" in _err(capsys, ["merge", str(odd)], 1)
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines[:-1]) + "\n")
    assert "not indices 0..9 once each" in _err(capsys, ["merge", str(short)], 1)
    plain = tmp_path / "plain.jsonl"
    plain.write_text('{"index": 0}\n')
    assert f"{plain}:1: not a part" in _err(capsys, ["merge", str(plain)], 1)
    assert "no such file" in _err(capsys, ["merge", str(tmp_path / "none.jsonl")], 2)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--shard", "1/2"], "--shard needs --out"),
        (["--address", "auto"], "--address needs --executor ray"),
        (["--shard", "0/2", "--out", "x.jsonl"], "i runs from 1 to N"),
        (["--out", "x.jsonl", "--compare", "gin"], "leave out --compare"),
    ],
)
def test_bad_scale_out_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert message in _err(capsys, ["simulate", *RUN, *extra], 2)
