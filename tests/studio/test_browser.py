"""The studio in a real browser: headless Chromium driven through Selenium opens a
campaign, reads a game, watches one, plays GOPS to its end with PIPMC's values shown,
and rates it; the rating is in the campaign's database, the console stays free of
errors, and each page leaves a screenshot."""

from __future__ import annotations

import threading

import pytest

from evogame.evolve.store import Store
from evogame.studio.app import create_app, serve
from evogame.studio.campaign import CampaignView
from tests.conftest import SEEDS, headless_chromium, make_campaign


@pytest.fixture
def studio(tmp_path):
    seeds = tmp_path / "seeds"  # two seeds: the nearest-seed look stays quick
    seeds.mkdir()
    for name in ("gops.rcy", "war.rcy"):
        (seeds / name).write_text((SEEDS / name).read_text(encoding="utf-8"), encoding="utf-8")
    camp = make_campaign(tmp_path / "camp", {"": ["gops.rcy", "war.rcy"]}, seeds=seeds)
    server = serve(create_app([camp]), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield camp, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_read_watch_play_and_rate_in_chromium(studio, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    camp, url = studio
    gops = next(g for g in CampaignView(camp, "camp").parts["best"] if "BID" in g.text)
    shots = tmp_path / "shots"
    shots.mkdir()
    drv = headless_chromium(tmp_path / "profile")
    wait = WebDriverWait(drv, 30)  # generous: CI machines are shared
    errors: list = []

    def page(name: str) -> None:
        """A screenshot of the page, and the console's errors so far."""
        assert drv.execute_script("return document.readyState") == "complete"
        drv.save_screenshot(str(shots / f"{name}.png"))
        errors.extend(e for e in drv.get_log("browser") if e["level"] == "SEVERE")

    def click(by, what):
        wait.until(ec.element_to_be_clickable((by, what))).click()

    try:
        drv.get(url + "/")
        page("campaigns")
        click(By.LINK_TEXT, "camp")
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "table.games")))
        page("campaign")
        click(By.LINK_TEXT, gops.hash)
        english = wait.until(ec.presence_of_element_located((By.ID, "english"))).text
        assert "GOPS" in english or "player" in english
        page("game")
        click(By.LINK_TEXT, "Watch")
        wait.until(ec.text_to_be_present_in_element((By.ID, "where"), "step 1 of"))
        for _ in range(3):
            click(By.ID, "next")
        assert drv.find_element(By.ID, "where").text.startswith("step 4 of")
        assert drv.find_elements(By.CSS_SELECTOR, "#places tr")
        page("watch")
        click(By.LINK_TEXT, "Play")
        click(By.ID, "start-button")
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#options button.option")))
        click(By.ID, "hint")
        wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, "#options .value"), "value"))
        page("play")
        moves = 0
        while not drv.find_element(By.ID, "result").text:
            before = drv.find_element(By.ID, "status").text
            click(By.CSS_SELECTOR, "#options button.option")
            moves += 1
            wait.until(
                lambda d, before=before: (
                    d.find_element(By.ID, "result").text
                    or d.find_element(By.ID, "status").text != before
                )
            )
            assert moves <= 13
        assert moves == 12  # the 13th bid is the last card, taken for the player
        assert "Scores:" in drv.find_element(By.ID, "result").text
        page("played")
        click(By.LINK_TEXT, "Rate this game")
        wait.until(ec.presence_of_element_located((By.ID, "rater"))).send_keys("Ada")
        drv.find_element(By.ID, "star-4").click()
        drv.find_element(By.CSS_SELECTOR, "input[value='too random']").click()
        drv.find_element(By.ID, "notes").send_keys("a bluffing game")
        click(By.ID, "submit-rating")
        wait.until(ec.presence_of_element_located((By.ID, "saved")))
        page("rated")
    finally:
        drv.quit()
    assert errors == []
    store = Store(camp)
    try:
        (row,) = store.ratings()
    finally:
        store.close()
    assert (row["hash"], row["rater"], row["stars"]) == (gops.hash, "Ada", 4)
    assert row["tags"] == ["too random"] and row["notes"] == "a bluffing game"
    names = {p.stem for p in shots.glob("*.png") if p.stat().st_size > 5_000}
    assert names == {"campaigns", "campaign", "game", "watch", "play", "played", "rated"}
