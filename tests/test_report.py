"""`evogame report`: the campaign page, checked as HTML and in headless Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evogame.cli import main
from tests.conftest import ROOT, SEEDS, headless_chromium

SECTIONS = ["settings", "progress", "families", "candidates"]


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Path:
    """A small MAP-Elites campaign (archive, heatmap and all) on two seeds."""
    tmp = tmp_path_factory.mktemp("report")
    seeds = tmp / "seeds"
    seeds.mkdir()
    for name in ("gops.rcy", "war.rcy"):
        (seeds / name).write_text((SEEDS / name).read_text(encoding="utf-8"), encoding="utf-8")
    run = tmp / "run"
    args = ["evolve", "--seeds", str(seeds), "--profile", str(ROOT / "fitness" / "quick.toml")]
    args += ["--pop", "4", "--gens", "2", "--seed", "1", "--quiet", "--out", str(run)]
    # --no-polish: a two-generation campaign's elites are idle edits of their seeds
    assert main([*args, "--algorithm", "map-elites", "--no-polish"]) == 0
    return run


def test_the_page_holds_every_section_and_needs_no_network(campaign, capsys):
    assert main(["report", str(campaign), "--top", "3"]) == 0
    out = capsys.readouterr().out
    page = campaign / "report.html"
    assert f"report: {page}" in out
    html = page.read_text(encoding="utf-8")
    for s in SECTIONS:
        assert f'id="{s}"' in html
    for key in ("fitness", "qd", "archive", "families"):
        assert f'id="figure-{key}"' in html
    # self-contained: every image inline, nothing fetched from anywhere
    srcs = re.findall(r'(?:src|href)="([^"#][^"]*)"', html)
    assert srcs and all(s.startswith("data:image/png;base64,") for s in srcs)
    assert "<script" not in html and "http://" not in html and "https://" not in html
    # each candidate: components, English rules, rule text, diff, a narrated game
    cards = html.count('class="candidate"')
    assert 1 <= cards <= 3
    for part in ("95% interval", "The rules in English", "The rule file", "Difference from"):
        assert html.count(part) == cards
    assert html.count("== sample game: the deal ==") == cards
    # rule text is data, escaped (a variable's quote, a comparison's "<"), never markup
    assert "&#39;" in html and "(game\n  (" not in html.split("<style>")[0]
    import html as html_lib

    assert html_lib.unescape(html).count("(game\n") >= cards


def test_not_a_campaign(tmp_path, capsys):
    assert main(["report", str(tmp_path)]) == 1
    assert "not a campaign folder" in capsys.readouterr().out


def test_the_page_in_headless_chromium(campaign, tmp_path):
    """Loads with no console error, every section present, every image loaded; a
    screenshot is written to the test's folder."""
    page = campaign / "page.html"
    assert main(["report", str(campaign), "--out", str(page)]) == 0
    drv = headless_chromium(tmp_path / "profile", window="1280,2400")
    try:
        drv.get(page.resolve().as_uri())
        state = drv.execute_script("return document.readyState")
        assert state == "complete"
        errors = [e for e in drv.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == []
        for s in SECTIONS:
            assert drv.execute_script(f"return document.getElementById('{s}') !== null")
        images = drv.execute_script(
            "return Array.from(document.images).map(i => [i.alt, i.complete, i.naturalWidth])"
        )
        assert len(images) == 4  # fitness, QD-score, heatmap, family map
        assert all(done and width > 0 for _alt, done, width in images), images
        shot = tmp_path / "report.png"
        drv.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        drv.quit()
