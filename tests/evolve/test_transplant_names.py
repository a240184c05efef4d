"""Transplant binding keeps each name's kind, fits the host's rounds, refuses what cannot
be bound, and retries a refused fragment deterministically."""

from __future__ import annotations

import contextlib
import random

import pytest

from evogame.engine import compile_game
from evogame.evolve.names import Unbound, bind_value, match_attributes
from evogame.evolve.transplant import (
    Binder,
    HostInfo,
    Library,
    Refused,
    _starved_round,
    deck_attributes,
    roles,
    transplant,
)
from evogame.lang import ast as A
from evogame.lang import parse_file, to_text
from tests.conftest import SEEDS

NAMES = ("crazy-eights", "hearts", "whist", "agram", "president", "the-game-simple", "pairs")


@pytest.fixture(scope="module")
def games() -> dict[str, A.Game]:
    return {n: parse_file(SEEDS / f"{n}.rcy") for n in NAMES}


def test_attributes_bind_one_to_one_closest_first():
    suit = ("SUIT", ["C", "D", "H", "S"])
    rank = ("RANK", [str(i) for i in range(13)])
    # the 13-valued rank takes the host's only attribute, though the suit comes first
    assert match_attributes([suit, rank], [("NUM", [str(i) for i in range(12)])]) == {"RANK": "NUM"}
    # the attribute the fragment uses is matched first
    assert match_attributes([suit, rank], [("NUM", ["1", "2"])], ["SUIT"]) == {"SUIT": "NUM"}
    # two host attributes: each donor attribute its own
    got = match_attributes([suit, rank], [("COLOR", list("abcdefg")), ("NUMBER", list("1234567"))])
    assert sorted(got.values()) == ["COLOR", "NUMBER"]


def test_two_donor_attributes_never_become_one_host_attribute(games):
    """Red7's colour and number (7 values each) bound in Whist: one to the suit, one to
    the rank, never both to the suit (the nearest in number of values), which would make
    a colour and a number the same card property."""
    info = HostInfo(games["whist"])
    red7 = parse_file(SEEDS / "red7.rcy")
    seen = 0
    for fr in Library({"red7": red7}).by_kind["stage"] + Library({"red7": red7}).by_kind["item"]:
        b = Binder(info, fr, random.Random(0))
        try:
            b.bind()
        except Refused:
            continue
        assert len(set(b.attr_map.values())) == len(b.attr_map) == 2
        seen += 1
    assert seen >= 1


def test_a_value_of_one_attribute_never_stands_for_another():
    attrs = [("SUIT", ["CLUBS", "HEARTS"]), ("RANK", ["TWO", "ACE"])]

    def value(attr: str, v: str) -> str:
        return f"{attr}:{v}"

    assert bind_value("HEARTS", "SUIT", attrs, value) == "SUIT:HEARTS"
    assert bind_value("HEARTS", None, attrs, value) == "SUIT:HEARTS"
    assert bind_value("FOLLOW", "SUIT", attrs, value) is None  # no value: left as it is
    with pytest.raises(Unbound):
        bind_value("HEARTS", "RANK", attrs, value)  # a suit compared with a rank


def test_transplanted_values_are_values_of_the_attribute_they_are_compared_with(games):
    """In every child, over hosts and donors of two attributes, a value compared with a
    card's attribute is a value of that attribute in the host's deck, every attribute
    read is the host's, and the child compiles."""
    pairs = [(h, d) for h in NAMES for d in NAMES if h != d]
    checked = 0
    for seed in range(80):
        rng = random.Random(seed)
        h, d = pairs[rng.randrange(len(pairs))]
        host = games[h]
        vals = dict(deck_attributes(host))
        try:
            child, _fr = transplant(HostInfo(host), Library({d: games[d]}), rng)
        except Refused:
            continue
        compile_game(child)
        for m in A.walk(child):
            if isinstance(m, A.CardAtt) and isinstance(m.attr, A.NameLit):
                assert m.attr.value in vals
            if not isinstance(m, A.StrCmp):
                continue
            for att, lit in ((m.a, m.b), (m.b, m.a)):
                if isinstance(att, A.CardAtt) and isinstance(lit, A.NameLit):
                    others = {v for a, vs in vals.items() if a != att.attr.value for v in vs}
                    assert lit.value in vals[att.attr.value] or lit.value not in others, (
                        h,
                        d,
                        to_text(m),
                    )
        checked += 1
    assert checked >= 20


def test_played_cards_go_where_the_hosts_round_reads_them(games):
    """Whist's trick stage plays into PLAYED: bound in Hearts, that is Hearts' PLAYED (its
    tricks' contest reads it), never TAKEN (won cards) nor OUTGOING (the pass)."""
    whist = Library({"whist": games["whist"]})
    info = HostInfo(games["hearts"])
    assert info.round and all(roles(games["hearts"])[k] == "played" for k in info.round)
    trick = [f for f in whist.by_kind["stage"] if f.role[0][1]]
    bound = 0
    for fr in trick:
        for seed in range(10):
            b = Binder(info, fr, random.Random(seed))
            try:
                b.bind()
            except Refused:
                continue
            for k, v in b.loc_map.items():
                if fr.roles.get(k) == "played" and k[2] == "PLAYED":
                    assert v[2] == "PLAYED"
                    bound += 1
    assert bound >= 10


def test_a_fragment_whose_names_cannot_be_bound_is_refused_not_left_dead(games):
    """Crazy Eights' play restriction reads a card's rank and suit: The Game's deck has
    one attribute, so every try is refused (none is put in with a name left unbound)."""
    host, lib = games["the-game-simple"], Library({"crazy-eights": games["crazy-eights"]})
    info = HostInfo(host)
    for seed in range(10):
        with pytest.raises(Refused):
            transplant(info, lib, random.Random(seed), "filter")


def test_a_way_to_play_that_leaves_the_round_waiting_is_refused(games):
    """Hearts' pass stage ends when each player has put cards into OUTGOING: a draw in
    place of its one way to play would never end it."""
    host = games["hearts"]
    stage = next(
        s
        for s in A.walk(host)
        if isinstance(s, A.Stage) and "OUTGOING" in to_text(s.end) and s.body
    )
    choice = next(c for c in A.walk(stage) if isinstance(c, A.Choice))
    draw = next(
        it
        for c in A.walk(games["pairs"])
        if isinstance(c, A.Choice)
        for it in c.items
        if "move" in to_text(it)
    )
    assert "OUTGOING" in _starved_round(host, choice, choice.items[0], draw)
    assert _starved_round(host, choice, choice.items[0], choice.items[0]) == ""


def test_retries_are_deterministic_and_caches_change_nothing(games):
    """The same Random gives the same child and fragment, whether the host's analysis is
    fresh or was used for other transplants first, and however many fragments were
    refused before it; the Random's state afterwards is the same too."""
    lib = Library({n: g for n, g in games.items()})
    used = {n: HostInfo(g) for n, g in games.items()}
    for n, info in used.items():  # warm every cache first
        for seed in range(3):
            with contextlib.suppress(Refused):
                transplant(info, lib, random.Random(100 + seed), own=n)
    outcomes = set()
    for seed in range(12):
        for n, g in games.items():
            got = []
            for info in (HostInfo(g), used[n]):
                rng = random.Random(seed)
                try:
                    child, fr = transplant(info, lib, rng, own=n)
                    got.append((to_text(child), fr.donor, fr.kind, rng.getstate()))
                    outcomes.add("made")
                except Refused as e:
                    got.append((str(e), rng.getstate()))
                    outcomes.add("refused")
            assert got[0] == got[1]
    assert outcomes == {"made", "refused"}


def _two_seed_campaign(tmp_path):
    """A quick campaign on Agram and Pairs whose every child is a transplant."""
    from evogame.evolve.loop import Campaign, Config

    seeds = tmp_path / "seeds"
    seeds.mkdir()
    for name in ("agram.rcy", "pairs.rcy"):
        (seeds / name).write_text((SEEDS / name).read_text(encoding="utf-8"), encoding="utf-8")
    cfg = Config(
        seeds=str(seeds),
        profile="quick",
        pop=2,
        gens=1,
        seed=3,
        out=str(tmp_path / "c"),
        transplant=1.0,
    )
    return Campaign(cfg)


def test_a_campaign_child_draws_once_from_the_campaigns_stream(tmp_path, monkeypatch):
    """However many fragments a transplant tries, the campaign's own Random moves by the
    same draws: each child has its own seeded Random (a resumed campaign draws the same
    children)."""
    from evogame.evolve import transplant as T

    camp = _two_seed_campaign(tmp_path)
    camp.DRAW_IN_WORKERS = False  # drawn here: the draw's own refusals are watched
    pop = camp.store_seed_generation()
    states = []
    for draws in (0, 5, 50):

        def fake(host, library, rng, *a, draws=draws, **k):
            for _ in range(draws):
                rng.random()
            raise T.Refused("always")

        monkeypatch.setattr(T, "transplant", fake)
        camp.rng.seed(11)
        assert camp._child(pop, {"transplant": [0, 0]}) is None
        states.append(camp.rng.getstate())
    assert states[0] == states[1] == states[2]


def test_names_met_while_converting_are_never_drawn(games):
    """A transplant child brings names the genome's library did not have (Hearts' TOOK
    in a campaign on Pairs): converting it registers them for conversion only. Which
    trees a process converted depends on its history (a resumed campaign never sees the
    children of the generations before its kill), so drawing from them would make a
    resumed campaign's mutations differ (a lost branch's kill-and-resume failure)."""
    from evogame.evolve.pset import GenomeSet

    genome = GenomeSet([games["pairs"]])
    drawn = {k: [t.name for t in v] for k, v in genome.pset.terminals.items()}
    tree = genome.to_tree(games["hearts"])
    assert to_text(genome.to_ast(list(tree))) == to_text(games["hearts"])
    assert {k: [t.name for t in v] for k, v in genome.pset.terminals.items()} == drawn
    assert "name:TOOK" in genome.pset.mapping


def test_a_line_at_the_transplant_cap_takes_no_more(tmp_path, monkeypatch):
    """A host whose first-parent line holds `MAX_TRANSPLANTS` transplant steps is never
    drawn as a transplant host: one line of four borrowings is no game a person would
    write (round 51's three such new kinds were each rated 1 of 10). With only such hosts,
    children are made by crossover or mutation."""
    from evogame.evolve import transplant as T

    camp = _two_seed_campaign(tmp_path)
    assert camp.cfg.max_transplants == T.MAX_TRANSPLANTS  # the campaign's default is the cap
    pop = camp.store_seed_generation()
    # a line of MAX_TRANSPLANTS transplants on the first seed (texts made distinct)
    parent = pop[0]
    base = camp.store.get(parent)["text"]
    for i in range(T.MAX_TRANSPLANTS):
        h = f"capped{i}"
        camp.store.put(
            {
                **camp.store.get(parent),
                "hash": h,
                "text": f";; {i}\n{base}",
                "parents": [parent],
                "operator": "transplant:end:x",
                "generation": 1,
            }
        )
        parent = h
    hosts = []

    def fake(host, library, rng, *a, **k):
        raise T.Refused("always")

    monkeypatch.setattr(T, "transplant", fake)
    monkeypatch.setattr(camp, "_host", lambda text: hosts.append(text))
    camp.DRAW_IN_WORKERS = False  # drawn here, where `_host` is watched
    for i in range(40):
        camp.rng.seed(i)
        camp._child([parent, pop[1]], {"transplant": [0, 0]})
    assert hosts and camp.store.get(parent)["text"] not in hosts
    # one step short of the cap: still a host
    short = f"capped{T.MAX_TRANSPLANTS - 2}"
    assert camp._open_hosts([short, parent]) == [short]
    camp.cfg.max_transplants = 0  # no cap
    assert camp._open_hosts([parent, short]) == [parent, short]
    camp.cfg.max_transplants = T.MAX_TRANSPLANTS
    # only capped hosts: no transplant is tried, the child comes from the other operators
    hosts.clear()
    rates = {"transplant": [0, 0], "cx_typed": [0, 0], "mutation": [0, 0]}
    for i in range(10):
        camp.rng.seed(i)
        camp._child([parent], rates)
    assert not hosts and rates["transplant"] == [0, 0]
    assert rates["cx_typed"][0] + rates["mutation"][0] == 10
