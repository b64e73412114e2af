"""`rulespec simulate` and sim statistics: split-independent numbers, sane stats, compare, plot."""

from __future__ import annotations

import json
import math

import pytest

from rulespec.cli.main import main
from rulespec.sim import runner
from rulespec.sim.stats import mean, median, percentages, summarise, wilson

# (successes, trials, low, high) — reference values of the Wilson score interval at 95%
WILSON_CASES = [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
    (0, 0, 0.0, 0.0),
]


@pytest.mark.parametrize(("k", "n", "low", "high"), WILSON_CASES)
def test_wilson_reference_values(k: int, n: int, low: float, high: float) -> None:
    got_low, got_high = wilson(k, n)
    assert math.isclose(got_low, low, abs_tol=5e-4)
    assert math.isclose(got_high, high, abs_tol=5e-4)


@pytest.mark.parametrize(
    ("values", "m", "med"),
    [([1, 2, 3, 4], 2.5, 2.5), ([5], 5.0, 5.0), ([3, 1, 2], 2.0, 2.0), ([], 0.0, 0.0)],
)
def test_mean_median(values: list[int], m: float, med: float) -> None:
    assert mean(values) == m
    assert median(values) == med


def test_percentages_sum_to_100() -> None:
    shares = percentages(["out", "out", "stock", "rummy"])
    assert shares == {"out": 50.0, "rummy": 25.0, "stock": 25.0}


def test_derive_seed_is_stable_and_distinct() -> None:
    assert runner.derive_seed(1, 0) == runner.derive_seed(1, 0)
    seeds = {runner.derive_seed(1, i) for i in range(500)}
    assert len(seeds) == 500
    assert runner.derive_seed(1, 3) != runner.derive_seed(2, 3)


def test_seat_bots_cycle_and_rotate() -> None:
    assert runner.seat_bots(["smart", "random"], 3) == ["smart", "random", "smart"]
    assert runner.seat_bots(["smart", "random"], 2, rotate=1) == ["random", "smart"]


def _simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["simulate", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_jobs_do_not_change_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    common = ["gin", "-n", "30", "--seed", "7", "--bots", "smart,greedy", "--no-timing"]
    one = _simulate_json(capsys, *common, "--jobs", "1")
    assert main(["simulate", *common, "--jobs", "2", "--format", "json"]) == 0
    two_text = capsys.readouterr().out
    assert json.dumps(one, indent=2, sort_keys=True) + "\n" == two_text


def test_timing_lives_under_one_key(capsys: pytest.CaptureFixture[str]) -> None:
    a = _simulate_json(capsys, "rummy", "-n", "12", "--seed", "3", "--jobs", "1")
    b = _simulate_json(capsys, "rummy", "-n", "12", "--seed", "3", "--jobs", "2")
    assert a.pop("timing")["jobs"] == 1
    assert b.pop("timing")["jobs"] == 2
    assert a == b


def test_stats_are_sane(capsys: pytest.CaptureFixture[str]) -> None:
    report = _simulate_json(capsys, "rummy", "-n", "40", "--players", "3", "--bots", "greedy")
    res = report["results"]
    assert res["count"] == 40
    assert report["settings"]["players"] == 3
    wins = sum(s["rate"] for s in res["win_rate_by_seat"]) + res["no_winner"]["rate"]
    assert math.isclose(wins, 1.0, abs_tol=2e-3)
    assert math.isclose(sum(res["reasons"].values()), 100.0, abs_tol=0.05)
    for seat in res["win_rate_by_seat"]:
        assert 0 <= seat["low"] <= seat["rate"] <= seat["high"] <= 1
    assert res["turns"]["mean"] >= 1 and res["turns"]["median"] >= 1
    assert 0 <= res["stock_exhaustion"]["rate"] <= 1
    # rummy is zero-sum: the mean scores of the seats add to zero
    assert abs(sum(res["mean_score_by_seat"])) < 1e-6 * 40 + 0.01


def test_summary_from_records_by_hand() -> None:
    recs = [
        runner.HandRecord(0, "out", 0, (10, -10), 8, 20, ("smart", "random")),
        runner.HandRecord(1, "stock", None, (0, 0), 30, 60, ("smart", "random")),
        runner.HandRecord(2, "rummy", 1, (-20, 20), 4, 9, ("smart", "random")),
    ]
    s = summarise(recs, 2)
    assert s["win_rate_by_seat"][0]["rate"] == round(1 / 3, 4)
    assert s["no_winner"]["rate"] == round(1 / 3, 4)
    assert s["stock_exhaustion"]["n"] == 3
    assert s["turns"]["median"] == 8
    assert s["mean_score_by_seat"] == [round(-10 / 3, 3), round(10 / 3, 3)]
    assert s["win_rate_by_bot"]["smart"]["rate"] == round(1 / 3, 4)


def test_matches_report_match_length(capsys: pytest.CaptureFixture[str]) -> None:
    report = _simulate_json(
        capsys, "gin", "-n", "2", "--matches", "--bots", "greedy", "--seed", "2"
    )
    res = report["results"]
    assert res["count"] == 2
    assert res["match_hands"]["mean"] >= 1
    assert report["settings"]["unit"] == "matches"


def test_compare_shows_both_and_the_difference(capsys: pytest.CaptureFixture[str]) -> None:
    report = _simulate_json(capsys, "gin", "-n", "15", "--compare", "oklahoma", "--bots", "greedy")
    assert report["variant"] == "gin"
    assert report["compare"]["variant"] == "oklahoma"
    diff = report["compare"]["difference"]
    a, b = report["results"], report["compare"]["results"]
    assert math.isclose(diff["turns_mean"], b["turns"]["mean"] - a["turns"]["mean"], abs_tol=1e-3)
    assert len(diff["win_rate_by_seat"]) == 2


def test_table_output_is_plain_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "-n", "5", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 wins (95% CI)" in out
    assert "hands/s" in out
    assert "\x1b[" not in out


def test_plot_writes_a_png(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    # matplotlib comes with the dev extra (rulespec[plot]): never skipped
    target = tmp_path / "chart.png"
    code = main(["simulate", "gin", "-n", "10", "--bots", "greedy", "--plot", str(target)])
    capsys.readouterr()
    assert code == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_exits_2(monkeypatch, capsys: pytest.CaptureFixture[str]) -> None:
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    import importlib

    real_module = importlib.import_module

    def guarded(name: str, package: str | None = None):  # type: ignore[no-untyped-def]
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_module(name, package)

    monkeypatch.setattr(importlib, "import_module", guarded)
    code = main(["simulate", "gin", "-n", "2", "--plot", "x.png"])
    err = capsys.readouterr().err
    assert code == 2
    assert "rulespec[plot]" in err


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["gin", "-n", "0"], "-n must be at least 1"),
        (["gin", "--bots", "clever"], "unknown bot"),
        (["gin", "--players", "5"], "players"),
        (["no-such-variant"], "no bundled variant"),
    ],
)
def test_bad_usage_is_a_message(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    assert fragment in capsys.readouterr().err
