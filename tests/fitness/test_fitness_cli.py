"""`evogame evaluate` and `evogame play --deals`: output shapes, errors, determinism."""

from __future__ import annotations

import json

from evogame.cli import main
from tests.conftest import SEEDS

AGRAM = str(SEEDS / "agram.rcy")


def run_json(capsys, args: list[str]):
    code = main(args)
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_evaluate_json_shape(capsys):
    code, data = run_json(capsys, ["evaluate", AGRAM, AGRAM, "--profile", "quick", "--json"])
    assert code == 0 and isinstance(data, list) and len(data) == 2
    d = data[0]
    assert d["file"] == AGRAM
    assert {"file", "fitness", "components", "games", "seconds"} <= set(d)
    assert set(d["components"]) == {
        "fairness", "termination", "branching", "length", "no_draw", "agency", "live_rules", "live_content", "soundness",
        "skill",
        "meaningful", "drama", "decisiveness", "uncertainty",
    }  # fmt: skip
    for c in d["components"].values():
        lo, hi = c["ci95"]
        assert 0 <= lo <= c["value"] <= hi <= 1
    assert d["games"]["total"] == sum(v for k, v in d["games"].items() if k != "total")
    assert data[0]["fitness"] == data[1]["fitness"]  # same file, same seed


def test_evaluate_define_and_seed(capsys):
    args = ["evaluate", AGRAM, "--profile", "quick", "--json", "--define", "NUMP=2"]
    _, a = run_json(capsys, [*args, "--seed", "1"])
    _, b = run_json(capsys, [*args, "--seed", "1"])
    _, c = run_json(capsys, [*args, "--seed", "2"])
    strip = [{k: v for k, v in d.items() if "seconds" not in k} for d in (a[0], b[0], c[0])]
    assert strip[0] == strip[1] and strip[0] != strip[2]


def test_evaluate_table(capsys):
    assert main(["evaluate", AGRAM, "--profile", "quick"]) == 0
    out = capsys.readouterr().out
    for word in ("fairness", "skill", "95% CI", "fitness", "games: gate 20"):
        assert word in out


def test_evaluate_table_says_where_the_rules_name_nothing(tmp_path, capsys):
    """A point entry for a rank the deck does not have: the table names file:line:column."""
    text = (SEEDS / "gops.rcy").read_text(encoding="utf-8")
    entry = "((RANK : KING) 13)"
    assert entry in text
    edited = tmp_path / "gops-typo.rcy"
    edited.write_text(text.replace(entry, "((RANK : KINGS) 13)"), encoding="utf-8")
    line = next(i for i, x in enumerate(text.splitlines(), 1) if entry in x)
    column = text.splitlines()[line - 1].index("KING") + 1
    assert main(["evaluate", str(edited), "--profile", "quick"]) == 0
    out = capsys.readouterr().out
    assert (
        f"{edited}:{line}:{column}: names nothing: point entry (RANK : KINGS): no card has RANK KINGS"
        in out
    )


def test_evaluate_gated_out_table_gives_the_reason(capsys):
    assert main(["evaluate", str(SEEDS / "one-handed-solitaire.rcy"), "--profile", "quick"]) == 0
    assert "gated out: no decision with more than one option" in capsys.readouterr().out


def test_evaluate_errors_exit_1_without_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.rcy"
    bad.write_text("(game (setup)", encoding="utf-8")
    assert main(["evaluate", str(bad), "--profile", "quick"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{bad}:") and "Traceback" not in out
    # With --json the message goes to stderr and the list still has the file.
    code = main(["evaluate", str(bad), AGRAM, "--profile", "quick", "--json"])
    cap = capsys.readouterr()
    assert code == 1 and cap.err.startswith(f"{bad}:")
    data = json.loads(cap.out)
    assert [d["failed_at"] for d in data] == ["read", None]
    prof = tmp_path / "p.toml"
    prof.write_text("[components.fairness]\nwieght = 2\n", encoding="utf-8")
    assert main(["evaluate", AGRAM, "--profile", str(prof)]) == 1
    assert "components.fairness.wieght: unknown key" in capsys.readouterr().out
    assert main(["evaluate", AGRAM, "--profile", "quick", "--define", "NOPE=1"]) == 1
    assert "NOPE" in capsys.readouterr().out


def test_play_deals_json(capsys):
    args = ["play", AGRAM, "--deals", "12", "--games-per-deal", "5", "--json", "--quiet"]
    code, d = run_json(capsys, args)
    assert code == 0 and d["games"] == 60
    deals = d["deals"]
    assert deals["deals"] == 12 and deals["games_per_deal"] == 5 and deals["by"] == "win_share"
    assert len(deals["per_deal"]) == 12 and all(len(row) == 3 for row in deals["per_deal"])
    hist = deals["histogram"]
    assert len(hist["edges"]) == 11 and all(sum(c) == 12 for c in hist["counts"])
    # Per deal the positions' win shares add up to 1 (ties split).
    assert all(abs(sum(row) - 1) < 1e-9 for row in deals["per_deal"])
    lo, hi = deals["agency"]["ci95"]
    assert 0 <= lo <= deals["agency"]["value"] <= hi <= 1
    # Same result with two workers.
    _, d2 = run_json(capsys, [*args, "--workers", "2"])
    d.pop("seconds"), d2.pop("seconds")
    assert d == d2


def test_play_deals_table_and_errors(capsys):
    assert main(["play", AGRAM, "--deals", "6", "--games-per-deal", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "deals per bin of per-deal win share" in out and "pos 2" in out and "agency" in out
    assert (
        main(["play", AGRAM, "--deals", "6", "--rotate", "--players", "pipmc,random,random"]) == 1
    )
    assert "--rotate does not combine with --deals" in capsys.readouterr().out


def test_play_deals_one_player_uses_the_score(capsys):
    args = ["play", str(SEEDS / "golf.rcy"), "--deals", "5", "--games-per-deal", "3", "--json"]
    _, d = run_json(capsys, args)
    assert d["deals"]["by"] == "score" and len(d["deals"]["per_deal"]) == 5


def test_evaluate_reports_standard_errors_and_deals_from_their_own_seed(capsys):
    """Each component's standard error is its 95% interval / 3.92; `--seed` changes the
    players' draws, `--deals` the cards dealt (0 unless asked: common random numbers)."""
    args = ["evaluate", AGRAM, "--profile", "quick", "--json"]
    _, [a] = run_json(capsys, args)
    _, [b] = run_json(capsys, [*args, "--deals", "0"])
    _, [c] = run_json(capsys, [*args, "--deals", "5"])
    se = a["details"]["standard_error"]
    for k, comp in a["components"].items():
        lo, hi = comp["ci95"]
        assert abs(se[k] - (hi - lo) / 3.92) < 1e-4
    assert 0 < a["details"]["fitness_se"] < 1
    assert a["fitness"] == b["fitness"]  # the default deals are --deals 0
    assert a["details"]["win_share_by_turn_position"] != c["details"]["win_share_by_turn_position"]
