"""`rulespec simulate` and sim statistics: split-independent numbers, sane stats, compare, plot."""

from __future__ import annotations

import json
import math

import pytest

from rulespec.cli.main import main
from rulespec.sim import runner
from rulespec.sim.stats import mean, median, percentages, wilson
from rulespec.sim.summary import summarise

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
    assert main(["simulate", *common, "--jobs", "2", "--force-jobs", "--format", "json"]) == 0
    two_text = capsys.readouterr().out
    assert json.dumps(one, indent=2, sort_keys=True) + "\n" == two_text


def test_timing_lives_under_one_key(capsys: pytest.CaptureFixture[str]) -> None:
    a = _simulate_json(capsys, "rummy", "-n", "12", "--seed", "3", "--jobs", "1")
    b = _simulate_json(capsys, "rummy", "-n", "12", "--seed", "3", "--jobs", "2", "--force-jobs")
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
    assert "seat 0 (random) hand wins (95% CI)" in out
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


# ---- streaming, --jobs cap -------------------------------------------------------------


def test_a_huge_count_starts_at_once_without_building_its_work() -> None:
    """-n 10**9 used to build every chunk first (MemoryError); the work is now lazy:
    the first records of a billion-hand run come at once, in one process or two."""
    import itertools
    import time

    assert next(runner.chunks(10**12, 4)) == (0, 4)
    job = runner.Job("gin", 2, ("random",), 5)
    for jobs in (1, 2):
        start = time.perf_counter()
        stream = runner.iter_records(job, 10**9, jobs)
        first = list(itertools.islice(stream, 6))
        stream.close()  # stops the workers
        assert [r.index for r in first] == list(range(6))
        assert time.perf_counter() - start < 20
    # and the records are the ones a small run gives
    assert first == runner.simulate(job, 6)


def test_jobs_are_capped_at_the_cores_unless_forced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(runner, "cores", lambda: 1)
    capped = _simulate_json(capsys, "gin", "-n", "4", "--bots", "random", "--jobs", "2")
    assert main(["simulate", "gin", "-n", "4", "--bots", "random", "--jobs", "2"]) == 0
    assert "--jobs 2 capped at 1" in capsys.readouterr().err
    forced = _simulate_json(
        capsys, "gin", "-n", "4", "--bots", "random", "--jobs", "2", "--force-jobs"
    )
    assert capped["timing"]["jobs"] == 1
    assert forced["timing"]["jobs"] == 2
    assert capped["results"] == forced["results"]


# ---- abandoned hands -------------------------------------------------------------------


def test_abandoned_hands_are_counted_apart_and_left_out_of_every_figure() -> None:
    recs = [
        runner.HandRecord(0, "out", 0, (10, -10), 8, 20, ("smart", "greedy")),
        runner.HandRecord(1, "abandoned", None, (0, 0), 1000, 2000, ("smart", "greedy")),
        runner.HandRecord(2, "out", 1, (-30, 30), 4, 9, ("smart", "greedy")),
    ]
    s = summarise(recs, 2)
    assert s["count"] == 3 and s["counted"] == 2
    assert s["abandoned"]["count"] == 1 and s["abandoned"]["first"] == [1]
    assert s["turns"] == {"mean": 6.0, "median": 6.0, "max": 8}
    assert s["moves"]["mean"] == 14.5
    assert s["reasons"] == {"out": 100.0}
    assert s["no_winner"]["rate"] == 0.0 and s["no_winner"]["n"] == 2
    assert [r["rate"] for r in s["win_rate_by_seat"]] == [0.5, 0.5]
    assert s["mean_score_by_seat"] == [-10.0, 10.0]
    assert s["win_rate_by_bot"]["smart"]["n"] == 2


def test_simulate_reports_hands_stopped_at_the_turn_cap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With the engine's cap at 14 turns about half the gin hands are abandoned: they are
    counted apart, and the turn figures are those of the hands that ended."""
    from rulespec.interpreter.phases import stock as engine

    monkeypatch.setattr(engine, "TURN_CAP", 14)
    report = _simulate_json(capsys, "gin", "-n", "12", "--bots", "greedy", "--seed", "4")
    res = report["results"]
    assert 0 < res["abandoned"]["count"] < 12
    assert res["counted"] == 12 - res["abandoned"]["count"]
    assert "abandoned" not in res["reasons"]
    records = runner.simulate(runner.Job("gin", 2, ("greedy",), 4), 12)
    ended = [r.turns for r in records if r.reason != "abandoned"]
    assert len(ended) == res["counted"]
    assert res["turns"]["max"] == max(ended)
    assert res["turns"]["mean"] == round(sum(ended) / len(ended), 3)
    assert res["win_rate_by_seat"][0]["n"] == res["counted"]
    assert main(["simulate", "gin", "-n", "12", "--bots", "greedy", "--seed", "4"]) == 0
    table = capsys.readouterr().out
    assert (
        f"hands abandoned at the turn cap (left out below) │ {res['abandoned']['count']} (" in table
    )


# ---- --matches labels, --compare ------------------------------------------------------


def test_matches_report_per_hand_and_per_match_figures_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    job = runner.Job("gin", 2, ("greedy",), 2, matches=True)
    records = runner.simulate(job, 2)
    report = _simulate_json(
        capsys, "gin", "-n", "2", "--matches", "--bots", "greedy", "--seed", "2"
    )
    res = report["results"]
    hands = sum(r.hands for r in records)
    assert sum(len(r.hand_turns) for r in records) == hands
    assert res["match_turns"]["mean"] == sum(r.turns for r in records) / 2
    assert math.isclose(res["turns"]["mean"], sum(r.turns for r in records) / hands, abs_tol=1e-3)
    assert res["mean_total_by_seat"] == [sum(r.totals[s] for r in records) / 2 for s in (0, 1)]
    assert "mean_score_by_seat" not in res  # a last hand's score is no per-match figure
    assert main(["simulate", "gin", "-n", "2", "--matches", "--bots", "greedy", "--seed", "2"]) == 0
    table = capsys.readouterr().out
    for label in (
        "hands per match, mean",
        "turns per match, mean",
        "turns per hand, mean",
        "seat 0 (greedy) match wins (95% CI)",
        "seat 1 (greedy) mean final total per match",
        "matches/s",
    ):
        assert label in table, label
    assert "hand wins" not in table and "mean score per hand" not in table


def test_compare_speed_line_covers_the_whole_run(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["gin", "-n", "6", "--compare", "oklahoma", "--bots", "random"]
    report = _simulate_json(capsys, *args)
    timing = report["timing"]
    parts = [r["seconds"] for r in timing["by_variant"]]
    assert [r["variant"] for r in timing["by_variant"]] == ["gin", "oklahoma"]
    assert math.isclose(timing["seconds"], sum(parts), abs_tol=0.0005)
    assert timing["per_second"] == round(12 / timing["seconds"], 2)
    assert main(["simulate", *args]) == 0
    line = [x for x in capsys.readouterr().out.splitlines() if "hands/s" in x][0]
    assert "over the whole run" in line and "gin" in line and "oklahoma" in line


def test_compare_between_different_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """rummy at 3 players against gin (2 only): each plays at its own count, stated; seat
    figures are not subtracted across different tables."""
    args = ["rummy", "-n", "4", "--players", "3", "--compare", "gin", "--bots", "random"]
    report = _simulate_json(capsys, *args)
    assert report["settings"]["players"] == 3
    assert report["compare"]["settings"]["players"] == 2
    assert len(report["compare"]["results"]["win_rate_by_seat"]) == 2
    assert "win_rate_by_seat" not in report["compare"]["difference"]
    assert "turns_mean" in report["compare"]["difference"]
    assert main(["simulate", *args]) == 0
    out = capsys.readouterr().out
    assert "gin at 2 players" in out
    assert "seats not compared (different player counts)" in out


# ---- large card values ----------------------------------------------------------------


def _scaled_rummy(tmp_path, unit: int) -> str:  # type: ignore[no-untyped-def]
    """Rummy with every card value times ``unit`` (a king is worth 10 * unit)."""
    ranks = ", ".join(f"{r} = {int(r) * unit}" for r in "23456789")
    path = tmp_path / "rummy-scaled.rules"
    path.write_text(
        "variant rummy-scaled extends rummy {\n"
        f"  values A = {unit}, {ranks}, T = {10 * unit}, J Q K = {10 * unit}, joker = 0\n"
        "}\n"
    )
    return str(path)


def test_large_card_values_play_the_same_game_scaled(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Cards worth 10**5..10**6 (the most a file may write): the bots count in a scaled
    point, so every hand is the rummy hand with the same seed, its scores times 10**5 (no
    float overflow, and the heuristics' constants keep their weight)."""
    plain = runner.load("rummy")
    scaled = runner.load(_scaled_rummy(tmp_path, 10**5))
    for i in range(6):
        a = runner.run_hand(plain, 2, ("smart", "greedy"), 5, i)
        b = runner.run_hand(scaled, 2, ("smart", "greedy"), 5, i)
        assert (a.turns, a.moves, a.winner, a.reason) == (b.turns, b.moves, b.winner, b.reason)
        assert b.scores == tuple(s * 10**5 for s in a.scores)


def test_simulate_with_large_card_values(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = _scaled_rummy(tmp_path, 10**5)
    target = tmp_path / "big.png"
    args = ["simulate", path, "-n", "3", "--bots", "smart,greedy", "--plot", str(target)]
    assert main([*args, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["results"]["counted"] == 3
    assert abs(report["results"]["mean_score_by_seat"][0]) >= 10**5 / 3
    assert target.read_bytes()[:4] == b"\x89PNG"


def test_stats_of_integers_beyond_floats() -> None:
    """Scores past 1e308 (legal integers) average exactly instead of raising OverflowError."""
    big = 10**400
    assert mean([big, big + 2]) == big + 1
    assert median([big, 3 * big]) == 2 * big
    assert median([big]) == big
    recs = [
        runner.HandRecord(0, "out", 0, (big, -big), 8, 20, ("smart", "greedy")),
        runner.HandRecord(1, "out", 1, (-3 * big, 3 * big), 6, 12, ("smart", "greedy")),
    ]
    assert summarise(recs, 2)["mean_score_by_seat"] == [-big, big]
    from rulespec.cli.sim_table import _num

    assert _num(big, "+.2f") == "+1.000000e+400"
    assert _num(1.5, "+.2f") == "+1.50"


# ---- plots ------------------------------------------------------------------------------


def test_plot_labels_every_axis_names_seats_by_bot_and_keeps_the_legend_clear(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    import matplotlib.pyplot as plt

    figures = []
    real_close = plt.close
    monkeypatch.setattr(plt, "close", lambda fig: figures.append(fig))
    target = tmp_path / "chart.png"
    args = ["gin", "-n", "4", "--bots", "greedy,random", "--compare", "oklahoma"]
    assert main(["simulate", *args, "--plot", str(target)]) == 0
    err = capsys.readouterr().err
    assert f"wrote the charts (PNG) to {target.resolve()}" in err
    (fig,) = figures
    for ax in fig.axes:
        assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
        assert ax.get_legend() is None  # one legend, for the figure, outside the panels
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.get_texts()] == ["gin", "oklahoma (compare)"]
    ticks = [t.get_text() for t in fig.axes[2].get_xticklabels()]
    assert ticks == ["seat 0\ngreedy", "seat 1\nrandom"]
    fig.canvas.draw()
    legend_box = legend.get_window_extent()
    for ax in fig.axes:
        assert not legend_box.overlaps(ax.get_window_extent())
    real_close(fig)


def test_jobs_default_to_the_cores_with_the_same_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --jobs: all the cores (here 2), the numbers those of --jobs 1; a run of one
    chunk of work (4 hands) starts no second process."""
    monkeypatch.setattr(runner, "cores", lambda: 2)
    common = ["gin", "-n", "10", "--seed", "5", "--bots", "random"]
    default = _simulate_json(capsys, *common)
    one = _simulate_json(capsys, *common, "--jobs", "1")
    assert default.pop("timing")["jobs"] == 2
    assert one.pop("timing")["jobs"] == 1
    assert default == one
    short = _simulate_json(capsys, "gin", "-n", "4", "--bots", "random")
    assert short["timing"]["jobs"] == 1
    assert runner.chunk_count(9) == 3 and runner.chunk_count(3, matches=True) == 3
