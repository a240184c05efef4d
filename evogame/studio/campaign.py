"""A campaign folder as the studio shows it: best/ in its parts, each game's English rules,
its difference from its nearest seed, the archive's map.

Nothing here takes a path from a request: a campaign is one of the folders named on the
command line, and a game is found by its hash among that campaign's games.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

from evogame.evolve.store import Store, text_hash

#: a game's identity in URLs and in the database: 16 hex digits (`store.text_hash`)
HASH = re.compile(r"[0-9a-f]{16}")
_FILE_HASH = re.compile(r"-([0-9a-f]{16})\.rcy$")


class NotACampaign(ValueError):
    """A folder without campaign.db and config.json."""


@dataclass
class Game:
    """One game of best/: its part, rank in the part, hash, canonical text, and the scores
    the campaign gave it (judged again when best/ was judged)."""

    part: str
    rank: int
    hash: str
    file: str  # the path under the campaign folder, for people
    text: str
    fitness: float | None
    judged: bool
    components: dict  # name -> [value, lo, hi]
    details: dict = field(default_factory=dict)  # english, nearest, distance, diff (lazy)


def is_campaign(folder: Path) -> bool:
    return (folder / "campaign.db").is_file() and (folder / "config.json").is_file()


class CampaignView:
    """The games of one campaign folder, read once; details computed on first look."""

    def __init__(self, folder: Path, name: str):
        if not is_campaign(folder):
            raise NotACampaign(f"{folder} is not a campaign folder (no campaign.db / config.json)")
        self.folder = folder.resolve()
        self.name = name
        self.config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self._lock = threading.Lock()
        self._seeds: dict[str, str] | None = None
        self._map: bytes | None = None
        self.parts = self._read_best()
        self.games = {g.hash: g for games in self.parts.values() for g in games}

    def store(self) -> Store:
        """A connection of this thread to the campaign's database (close it after use)."""
        return Store(self.folder)

    def _read_best(self) -> dict[str, list[Game]]:
        """best/ in its parts, as the campaign recorded them: files ``new-NN-<hash>.rcy``
        are the part "new kinds" and the other files of best/ then "variants"; each
        subfolder of best/ is a part of its own name; with neither, all of best/ is the
        part "best". Games are ordered by file name (the campaign's rank)."""
        from evogame.lang import parse_text, to_text

        best = self.folder / "best"
        groups: dict[str, list[Path]] = {}
        if best.is_dir():
            top = sorted(best.glob("*.rcy"))
            new = [f for f in top if f.name.startswith("new-")]
            if new:
                groups["new kinds"] = new
            rest = [f for f in top if not f.name.startswith("new-")]
            for sub in sorted(p for p in best.iterdir() if p.is_dir()):
                files = sorted(sub.glob("*.rcy"))
                if files:
                    groups[sub.name.replace("_", " ").replace("-", " ")] = files
            if rest:
                groups["variants" if new else "best" if len(groups) == 0 else "other"] = rest
        store = self.store()
        try:
            judged = {r["hash"]: r for r in store.best()}
            parts: dict[str, list[Game]] = {}
            for part, files in groups.items():
                for rank, f in enumerate(files, start=1):
                    raw = f.read_text(encoding="utf-8")
                    try:
                        text = to_text(parse_text(raw))
                    except Exception:  # a file edited by hand that no longer parses: skipped
                        continue
                    m = _FILE_HASH.search(f.name)
                    h = m.group(1) if m else text_hash(text)
                    cand = store.get(h) or {}
                    j = judged.get(h)
                    use_j = j is not None and j["fitness"] is not None
                    parts.setdefault(part, []).append(
                        Game(
                            part=part,
                            rank=rank,
                            hash=h,
                            file=str(f.relative_to(self.folder)),
                            text=text,
                            fitness=j["fitness"] if use_j else cand.get("fitness"),
                            judged=use_j,
                            components=(j["components"] if use_j else cand.get("components")) or {},
                        )
                    )
        finally:
            store.close()
        return parts

    def seeds(self) -> dict[str, str]:
        """The campaign's seed files, canonical text by file name (unparseable ones left out)."""
        from evogame.evolve.seeds import seed_files
        from evogame.lang import parse_text, to_text

        if self._seeds is None:
            out = {}
            for f in seed_files(Path(self.config.get("seeds", ""))):
                with contextlib.suppress(Exception):
                    out[f.name] = to_text(parse_text(f.read_text(encoding="utf-8")))
            self._seeds = out
        return self._seeds

    def details(self, g: Game) -> dict:
        """English rules, nearest seed, structural distance d_s to it, and the line diff."""
        from evogame.distance.features import labeled_tree
        from evogame.evolve.seeds import nearest_seed
        from evogame.explain import explain
        from evogame.lang import parse_text
        from evogame.report import _diff

        with self._lock:
            if not g.details:
                seeds = self.seeds()
                trees = {n: labeled_tree(parse_text(t)) for n, t in seeds.items()}
                nearest, d_s, _edits = nearest_seed(g.text, trees)
                g.details = {
                    "english": explain(parse_text(g.text)),
                    "nearest": nearest,
                    "distance": d_s,
                    "diff": _diff(seeds[nearest], g.text, nearest) if nearest else [],
                }
        return g.details

    def has_archive(self) -> bool:
        return self.config.get("algorithm") == "map-elites"

    def archive_map(self) -> bytes | None:
        """The MAP-Elites archive's heatmap as PNG bytes (None for a campaign without an
        archive). Drawn once; a separate image, so the page does not wait for it (pyribs
        takes seconds to import)."""
        from evogame.evolve.archive import Archive
        from evogame.fitness import load_profile
        from evogame.plots import archive_figure, png_bytes

        if not self.has_archive():
            return None
        with self._lock:
            if self._map is None:
                store = self.store()
                try:
                    last = store.last_generation()
                    if last is None:
                        return None
                    archive = Archive(load_profile(self.config["profile"]).map_elites)
                    archive.rebuild([store.get(h) for h in last[1]])
                finally:
                    store.close()
                self._map = png_bytes(archive_figure(archive))
        return self._map
