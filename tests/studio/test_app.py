"""`evogame studio`'s application through Flask's test client: pages, play, rating, and
the refusals (malformed requests, other hosts, paths out of the campaign)."""

from __future__ import annotations

import json

import pytest

from evogame.evolve.store import Store
from evogame.studio.app import create_app
from tests.conftest import make_campaign


@pytest.fixture
def camp(tmp_path):
    return make_campaign(
        tmp_path / "camp", {"new kinds": ["gops.rcy"], "variants": ["war.rcy", "hearts.rcy"]}
    )


@pytest.fixture
def client(camp):
    return create_app([camp]).test_client()


def _games(camp):
    from evogame.studio.campaign import CampaignView

    return CampaignView(camp, "camp").parts


def test_pages_show_the_parts_rules_and_difference(client, camp):
    parts = _games(camp)
    assert list(parts) == ["new kinds", "variants"]
    assert [g.file.split("/")[-1][:2] for g in parts["variants"]] == ["01", "02"]
    home = client.get("/").get_data(as_text=True)
    assert "/c/camp/" in home
    page = client.get("/c/camp/").get_data(as_text=True)
    assert "new kinds" in page and "variants" in page
    assert "keeps no archive" in page
    assert client.get("/c/camp/archive.png").status_code == 404
    gops = parts["new kinds"][0]
    assert gops.hash in page
    r = client.get(f"/c/camp/g/{gops.hash}/")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "The rules in English" in html and "Difference from its nearest seed, gops.rcy" in html
    import html as html_lib

    pre = html.split('<pre id="text">')[1].split("</pre>")[0]
    assert html_lib.unescape(pre) == gops.text  # the rule text, escaped as data
    assert "'" not in pre and "&#39;NUMP" in pre


def test_parts_as_a_campaign_names_its_files(tmp_path):
    """best/new-NN-<hash>.rcy are new kinds and the other files variants; without them,
    all of best/ is one part."""
    from evogame.studio.campaign import CampaignView

    camp = make_campaign(tmp_path / "c", {"": ["gops.rcy", "war.rcy", "hearts.rcy"]})
    assert list(CampaignView(camp, "c").parts) == ["best"]
    first = sorted((camp / "best").glob("*.rcy"))[0]
    first.rename(first.with_name("new-" + first.name))
    parts = CampaignView(camp, "c").parts
    assert list(parts) == ["new kinds", "variants"]
    assert [len(v) for v in parts.values()] == [1, 2]


def test_watch_tells_automatic_moves_and_hides_cards_on_request(client, camp):
    war = next(g for g in _games(camp)["variants"] if "PILE" in g.text)
    seen = client.get(f"/c/camp/g/{war.hash}/watch?seed=0").get_data(as_text=True)
    events = json.loads(seen.split('id="events">')[1].split("</script>")[0])
    assert sum(e["event"] == "turn" for e in events) > 1
    assert any(e["event"] == "rules" and e.get("places") for e in events)
    hidden = client.get(f"/c/camp/g/{war.hash}/watch?seed=0&view=0").get_data(as_text=True)
    ev2 = json.loads(hidden.split('id="events">')[1].split("</script>")[0])
    assert all(p["cards"] is None for p in ev2[0]["places"])  # piles are hidden from all
    assert any(p["cards"] for p in events[0]["places"])


def test_play_a_game_to_its_end_with_values_then_rate(client, camp):
    gops = _games(camp)["new kinds"][0]
    r = client.post(f"/api/c/camp/g/{gops.hash}/play", json={"seat": 1, "opponent": "random"})
    assert r.status_code == 200, r.get_json()
    tid, view = r.get_json()["table"], r.get_json()["view"]
    v = client.post(f"/api/table/{tid}/values", json={"rollouts": 2}).get_json()
    assert v["values"] and all(0 <= x <= 1 for x in v["values"].values())
    moves = 0
    while not view["over"]:
        assert view["options"]
        view = client.post(f"/api/table/{tid}/move", json={"option": 0}).get_json()
        moves += 1
    # 12 choices: the 13th bid is the only card left, taken for the player
    assert moves == 12 and view["scores"] and view["result"]
    assert client.post(f"/api/table/{tid}/move", json={"option": 0}).status_code == 409
    r = client.post(
        f"/api/c/camp/g/{gops.hash}/rate",
        json={"rater": "Ada", "stars": 4, "notes": "tense", "tags": ["too long"]},
    )
    assert r.status_code == 200
    store = Store(camp)
    try:
        (row,) = store.ratings()
    finally:
        store.close()
    assert (row["hash"], row["rater"], row["stars"], row["tags"]) == (
        gops.hash,
        "Ada",
        4,
        ["too long"],
    )


@pytest.mark.parametrize(
    ("payload", "says"),
    [
        ({"rater": "A", "stars": 6}, "stars"),
        ({"rater": "A", "stars": "x"}, "stars"),
        ({"rater": "", "stars": 3}, "rater"),
        ({"rater": "A", "stars": 3, "tags": ["boring"]}, "tags"),
        ({"rater": "A", "stars": 3, "notes": 5}, "notes"),
        ([1, 2], "JSON object"),
    ],
)
def test_malformed_ratings_get_a_clear_400(client, camp, payload, says):
    gops = _games(camp)["new kinds"][0]
    r = client.post(f"/api/c/camp/g/{gops.hash}/rate", json=payload)
    assert r.status_code == 400
    assert says in r.get_json()["error"]
    store = Store(camp)
    try:
        assert store.ratings() == []
    finally:
        store.close()


def test_other_malformed_requests(client, camp):
    gops = _games(camp)["new kinds"][0]
    url = f"/api/c/camp/g/{gops.hash}"
    r = client.post(f"{url}/rate", data="{not json", content_type="application/json")
    assert r.status_code == 400 and "JSON object" in r.get_json()["error"]
    assert client.post(f"{url}/rate", data="x" * 100_000).status_code == 413
    assert client.post(f"{url}/play", json={"seat": 7}).status_code == 400
    assert client.post(f"{url}/play", json={"opponent": "god"}).status_code == 400
    assert client.get(f"{url}/play").status_code == 405
    tid = client.post(f"{url}/play", json={}).get_json()["table"]
    r = client.post(f"/api/table/{tid}/move", json={"option": 99})
    assert r.status_code == 400 and "option" in r.get_json()["error"]
    assert client.post("/api/table/0123456789abcdef/move", json={"option": 0}).status_code == 404
    assert client.get("/c/nope/").status_code == 404
    assert client.get("/c/camp/g/0000000000000000/").status_code == 404
    assert client.get(f"/c/camp/g/{gops.hash}/watch?seed=-1").status_code == 400
    assert client.get(f"/c/camp/g/{gops.hash}/watch?view=9").status_code == 400
    # another host's page, or a name rebound to the loopback address: refused
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 403
    r = client.post(
        f"{url}/rate",
        json={"rater": "A", "stars": 3},
        headers={"Origin": "http://evil.example"},
    )
    assert r.status_code == 403


@pytest.mark.parametrize(
    "path",
    [
        "/c/../g/x/",
        "/c/%2e%2e/g/x/rate",
        "/c/camp/g/..%2f..%2fescape/rate",
        "/c/camp/g/../../escape/rate",
        "/api/c/..%2F..%2Fescape/g/0123456789abcdef/rate",
        "/static/../../escape",
        "/static/..%2f..%2fcampaign.db",
    ],
)
def test_no_path_leaves_the_campaign(client, camp, tmp_path, path):
    """Requests that name a path out of the campaign write nothing anywhere: every file
    under the test's folder (the campaign's parent) is as it was."""

    def files():
        return {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()}

    before = files()
    for method in (client.get, client.post):
        r = method(path, json={"rater": "A", "stars": 3})
        assert 400 <= r.status_code < 500
    assert files() == before


def test_the_command_refuses_what_is_not_a_campaign(tmp_path, capsys):
    from evogame.cli import main

    assert main(["studio", str(tmp_path)]) == 1
    assert "not a campaign folder" in capsys.readouterr().out


def test_the_command_says_when_the_port_is_taken(camp, capsys):
    import socket

    from evogame.cli import main

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        assert main(["studio", str(camp), "--port", str(s.getsockname()[1])]) == 1
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().out
