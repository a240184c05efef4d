"""Played concepts on real files and on campaigns' new kinds (`evogame.fitness.played`).

    .venv/bin/python -m bench.bench_played --library ../shared/cardstock/games \\
        [--seeds seeds] [--games 8] [FILE_OR_CAMPAIGN ...]

For every seed and library game it prints d_c(p(L), c(L)), the concept distance between
what the game is in play (its played concept vector, `played.played_concepts`) and what
its rules say: near 0 means a known game is played as written. Then for every other file
given (a campaign folder stands for its best/new-*.rcy) its novelty on paper (least d_c
of its rules' concept vector to a seed or library game, and which) and in play (N_play:
least d_c of its played concept vector to a known game's vector, as written or as
played), and the seconds each took (one process; say the load beside
them). With ``--items``, per choice item of each file: the decisions of its choice judged,
those at which it offered a move, and those at which it offered a move no other item of
the choice offered (`played.item_shares`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from evogame.distance.concepts import concept_distance, concept_vector
from evogame.distance.settings import DEFAULT_THRESHOLD
from evogame.evolve.store import text_hash
from evogame.fitness.played import (
    GAMES,
    choice_items,
    item_shares,
    known_vectors,
    novelty,
    played_concepts,
)
from evogame.lang import parse_file, to_text, where


def files_of(entries: list[str]) -> list[Path]:
    out: list[Path] = []
    for e in entries:
        d = Path(e)
        if (d / "best").is_dir():
            out += sorted((d / "best").glob("new-*.rcy"))
        elif d.is_dir():
            out += sorted(d.glob("*.rcy"))
        else:
            out.append(d)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="seeds")
    ap.add_argument("--library", action="append", default=[])
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--no-library-self", action="store_true", help="skip the known games' rows")
    ap.add_argument(
        "--items", action="store_true", help="per choice item of each file: offered, own moves"
    )
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    known = files_of([args.seeds, *args.library])
    vectors = [(p.name, concept_vector(parse_file(p))) for p in known]
    t = time.perf_counter()
    both = known_vectors([(p.name, parse_file(p)) for p in known], args.games)
    print(json.dumps({"known_vectors_seconds": round(time.perf_counter() - t, 1)}))
    if not args.no_library_self:
        selfd, took = [], []
        for p in known:
            g = parse_file(p)
            t = time.perf_counter()
            pv = played_concepts(g, to_text(g), args.games)
            took.append(time.perf_counter() - t)
            d = concept_distance(pv, concept_vector(g))
            selfd.append((d, p.name))
            print(json.dumps({"known": p.name, "self": round(d, 3), "s": round(took[-1], 2)}))
        print(
            json.dumps(
                {
                    "known_games": len(selfd),
                    "self_max": max(selfd),
                    "self_median": round(statistics.median(d for d, _n in selfd), 4),
                    "self_over_0.1": sum(d > 0.1 for d, _n in selfd),
                    "seconds_median": round(statistics.median(took), 2),
                    "seconds_max": round(max(took), 2),
                }
            )
        )
    for p in files_of(args.files):
        g = parse_file(p)
        t = time.perf_counter()
        pv = played_concepts(g, to_text(g), args.games)
        s = time.perf_counter() - t
        paper, near = novelty(concept_vector(g), vectors)
        play, pnear = novelty(pv, both)
        print(
            json.dumps(
                {
                    "file": str(p),
                    "paper": round(paper, 3),
                    "nearest": near,
                    "play": round(play, 3),
                    "nearest_in_play": pnear,
                    "new_in_play": paper >= DEFAULT_THRESHOLD and play >= DEFAULT_THRESHOLD,
                    "s": round(s, 2),
                }
            )
        )
        if args.items:
            shares = item_shares(g, int(text_hash(to_text(g))[:12], 16), args.games)
            for x in choice_items(g):
                n, offered, own = shares.get(id(x), (0, 0, 0))
                print(
                    f"  item {where(x)}: {n} decisions of its choice, offered a move at "
                    f"{offered}, a move no other item offered at {own}"
                )


if __name__ == "__main__":
    main()
