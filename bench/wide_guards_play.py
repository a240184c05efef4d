"""The rates `evogame.fitness.wide_guards` reads from the rules, counted by play: in a
few random games (Python engine, seeds 0..N-1) at each decision, each option is played
on a copy (`State.option_effect`) and sorted by the location that gained a card; a
location's rate is the options that lay on it over the cards in the place they come
from (the cards its test was tried on), averaged over the decisions that offer a lay
from that place. For a ``!=`` behind an ``or`` beside its ``==`` twin the rates should
be near 1 - 1/k and 1/k apart from the shared ``or`` alternative. Prints one line per
destination: rate, decisions. Its cost (one copy played per option) is why the check
reads the rules instead.

    .venv/bin/python bench/wide_guards_play.py FILE [--games 4] [--decisions 400] [--moved]

``--moved`` (round 60) also prints, per (from -> to), the share of the source's cards one
option moves, averaged over the options that move several cards at once (an ``all``
over the hand: LAMA's "lay every card that passes"), the rate of such a test by play.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.engine.errors import GameError
from evogame.engine.game import compile_game
from evogame.lang import parse_file


def _name(game, slot: int) -> str:
    """A location slot's kind and name (its owner left out: every seat's hand is one)."""
    return " ".join(str(x) for x in game.locs.keys[slot][1:3])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", type=Path)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--decisions", type=int, default=400)
    ap.add_argument("--moved", action="store_true", help="share moved by many-card options")
    args = ap.parse_args()
    moved: dict[tuple[str, str], list[float]] = defaultdict(list)
    game = compile_game(parse_file(args.file))
    seen: list[tuple[str, int, dict[str, int]]] = []  # (from, cards there, lays per place)
    t0 = time.perf_counter()
    for seed in range(args.games):
        rng = random.Random(seed)
        st = game.new_state(seed)
        while not st.terminal and st.decisions < args.decisions:
            sizes = [len(x) for x in st.locs]
            lays: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
            for i in range(st.num_actions()):
                try:
                    c = st.option_effect(i)
                except GameError:
                    continue
                now = [len(x) for x in c.locs]
                grew = [s for s, (a, b) in enumerate(zip(sizes, now, strict=False)) if b > a]
                fell = [s for s, (a, b) in enumerate(zip(sizes, now, strict=False)) if b < a]
                if len(grew) == 1 and len(fell) == 1:
                    lays[fell[0]][_name(game, grew[0])] += 1
                    gone = sizes[fell[0]] - now[fell[0]]
                    if gone > 1:
                        key = (_name(game, fell[0]), _name(game, grew[0]))
                        moved[key].append(gone / sizes[fell[0]])
            for src, per in lays.items():
                seen.append((_name(game, src), sizes[src], per))
            st.apply_action(rng.randrange(st.num_actions()))
    rates: dict[tuple[str, str], list[float]] = defaultdict(list)
    dests = {(src, d) for src, _, per in seen for d in per}
    for src, n, per in seen:
        for s, d in dests:
            if s == src:
                rates[(s, d)].append(per.get(d, 0) / n)
    took = time.perf_counter() - t0
    for name, rs in sorted(rates.items()):
        print(f"{name[0]} -> {name[1]}: rate {sum(rs) / len(rs):.3f} over {len(rs)} decisions")
    if args.moved:
        for (src, dst), shares in sorted(moved.items()):
            print(
                f"{src} -> {dst}: moves {sum(shares) / len(shares):.3f} of the cards "
                f"over {len(shares)} many-card options"
            )
    print(f"{args.games} games, {took:.1f} s")


if __name__ == "__main__":
    main()
