"""A campaign's folder: resolved config, SQLite database of candidates, logbook, best/.

Tables (SQLite, one transaction per write so a kill never leaves half a row):
  candidates(hash, text, generation, parents, operator, valid, reason, fitness,
             components, stats, seed)        -- every evaluated candidate, once per text
  generations(generation, population, rng, logbook)
                                             -- the state at the end of each generation
  best(rank, hash, profile, seed, fitness, fitness_lo, fitness_hi, components, part)
                                             -- best/ as last written: each game judged
                                               again (another profile, a fresh seed);
                                               part "new" (a new kind) or "variant"
  ratings(id, hash, rater, stars, notes, tags, created)
                                             -- people's verdicts from `evogame studio`:
                                                1-5 stars, free notes, defect tags (`DEFECTS`)
No column depends on timing or insertion order, so an interrupted and resumed campaign
ends with exactly the rows of an uninterrupted one.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS candidates (
    hash TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    generation INTEGER NOT NULL,
    parents TEXT NOT NULL,
    operator TEXT NOT NULL,
    valid INTEGER NOT NULL,
    reason TEXT,
    fitness REAL,
    components TEXT,
    stats TEXT,
    seed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS generations (
    generation INTEGER PRIMARY KEY,
    population TEXT NOT NULL,
    rng TEXT NOT NULL,
    logbook TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS best (
    rank INTEGER PRIMARY KEY,
    hash TEXT NOT NULL,
    profile TEXT,
    seed INTEGER,
    fitness REAL,
    fitness_lo REAL,
    fitness_hi REAL,
    components TEXT,
    part TEXT
);
CREATE TABLE IF NOT EXISTS ratings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL,
    rater TEXT NOT NULL,
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    notes TEXT NOT NULL,
    tags TEXT NOT NULL,
    created TEXT NOT NULL
);
"""

#: The defect tags a rater may give a game (`evogame studio`, `evogame ratings`).
DEFECTS = ("unfair", "too long", "no real choices", "too random", "broken rule", "dull")


def size(text: str) -> int:
    """A rule text's size in nodes: its parenthesised forms and its atoms."""
    return len(_NODE.findall(text))


def rank_key(c: dict) -> tuple:
    """How candidates are ordered: fitness first, then parsimony (fewer nodes), then the
    hash only to make the order total (two texts of one size and one fitness)."""
    return (-(c["fitness"] or 0.0), size(c["text"]), c["hash"])


_NODE = re.compile(r"\(|[^\s()]+")


def text_hash(text: str) -> str:
    """The candidate's identity: SHA-256 of its canonical text (first 16 hex digits)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


#: Seconds a write waits for another process's write to the campaign database.
BUSY_SECONDS = 120.0


class Store:
    """The SQLite database of one campaign."""

    def __init__(self, folder: Path):
        self.folder = folder
        # another process may read the database while a campaign writes it (`show`,
        # `report`, the studio, a bench): in write-ahead-log mode readers never block the
        # writer (round 56: two 50 x 20 campaigns died with "database is locked" while a
        # reader held the default rollback journal's shared lock for more than the 5 s
        # wait), and a writer waits up to `BUSY_SECONDS` for another writer (the studio's
        # ratings). The journal mode is the file's; the contents are the same.
        self.db = sqlite3.connect(folder / "campaign.db", timeout=BUSY_SECONDS)
        if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)
        cols = {r[1] for r in self.db.execute("PRAGMA table_info(best)")}
        if "part" not in cols:  # a campaign written before best/ had two parts
            self.db.execute("ALTER TABLE best ADD COLUMN part TEXT")
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def get(self, h: str) -> dict | None:
        row = self.db.execute(
            "SELECT hash, text, generation, parents, operator, valid, reason, fitness, components, stats, seed"
            " FROM candidates WHERE hash = ?",
            (h,),
        ).fetchone()
        if row is None:
            return None
        keys = (
            "hash",
            "text",
            "generation",
            "parents",
            "operator",
            "valid",
            "reason",
            "fitness",
            "components",
            "stats",
            "seed",
        )
        d = dict(zip(keys, row, strict=True))
        d["parents"] = json.loads(d["parents"])
        d["components"] = json.loads(d["components"]) if d["components"] else {}
        d["stats"] = json.loads(d["stats"]) if d["stats"] else {}
        return d

    def put(self, cand: dict) -> None:
        with self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO candidates VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    cand["hash"],
                    cand["text"],
                    cand["generation"],
                    json.dumps(cand["parents"]),
                    cand["operator"],
                    int(cand["valid"]),
                    cand.get("reason"),
                    cand.get("fitness"),
                    json.dumps(cand.get("components", {}), sort_keys=True),
                    json.dumps(cand.get("stats", {}), sort_keys=True),
                    cand["seed"],
                ),
            )

    def save_generation(self, gen: int, population: list[str], rng_state, logbook: dict) -> None:
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO generations VALUES (?,?,?,?)",
                (
                    gen,
                    json.dumps(population),
                    json.dumps(rng_state),
                    json.dumps(logbook, sort_keys=True),
                ),
            )

    def last_generation(self) -> tuple[int, list[str], object, list[dict]] | None:
        rows = self.db.execute(
            "SELECT generation, population, rng, logbook FROM generations ORDER BY generation"
        ).fetchall()
        if not rows:
            return None
        g, pop, rng, _ = rows[-1]
        return g, json.loads(pop), json.loads(rng), [json.loads(r[3]) for r in rows]

    def children_before(self, gen: int) -> list[tuple[str, list[str]]]:
        """(hash, parents) of every child stored by a generation 1 .. gen - 1 (polished
        games left out), in hash order."""
        rows = self.db.execute(
            "SELECT hash, parents FROM candidates WHERE generation > 0 AND generation < ?"
            " AND operator != 'polish' ORDER BY hash",
            (gen,),
        ).fetchall()
        return [(h, json.loads(p)) for h, p in rows]

    def children_by_generation(self, gen: int) -> list[tuple[str, int, list[str]]]:
        """(hash, generation, parents) of every child stored by a generation 1 .. gen - 1
        (polished games left out), in generation, then hash order."""
        rows = self.db.execute(
            "SELECT hash, generation, parents FROM candidates WHERE generation > 0"
            " AND generation < ? AND operator != 'polish' ORDER BY generation, hash",
            (gen,),
        ).fetchall()
        return [(h, g, json.loads(p)) for h, g, p in rows]

    def populations_before(self, gen: int) -> list[tuple[int, list[str]]]:
        """(generation, population) of every finished generation before `gen`, in order."""
        rows = self.db.execute(
            "SELECT generation, population FROM generations WHERE generation < ?"
            " ORDER BY generation",
            (gen,),
        ).fetchall()
        return [(g, json.loads(p)) for g, p in rows]

    def ever_held(self, gen: int) -> set[str]:
        """The hashes in the population of any finished generation before `gen`."""
        rows = self.db.execute(
            "SELECT population FROM generations WHERE generation < ?", (gen,)
        ).fetchall()
        return {h for (p,) in rows for h in json.loads(p)}

    def save_best(self, rows: list[dict]) -> None:
        """Replace the `best` table: rows of (hash, and when judged again: profile, seed,
        fitness, fitness_ci95, components), in rank order, in one transaction."""
        with self.db:
            self.db.execute("DELETE FROM best")
            for rank, r in enumerate(rows, start=1):
                ci = r.get("fitness_ci95") or (None, None)
                self.db.execute(
                    "INSERT INTO best VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        rank,
                        r["hash"],
                        r.get("profile"),
                        r.get("seed"),
                        r.get("fitness"),
                        ci[0],
                        ci[1],
                        json.dumps(r.get("components", {}), sort_keys=True),
                        r.get("part", "variant"),
                    ),
                )

    def best(self) -> list[dict]:
        """The `best` table in rank order: hash, and the judged fitness, its 95% interval
        and components (None when best/ was written without judging)."""
        rows = self.db.execute(
            "SELECT hash, profile, seed, fitness, fitness_lo, fitness_hi, components, part"
            " FROM best ORDER BY rank"
        ).fetchall()
        return [
            {
                "hash": h,
                "profile": prof,
                "seed": seed,
                "fitness": fit,
                "fitness_ci95": (lo, hi) if lo is not None else None,
                "components": json.loads(comps) if comps else {},
                "part": part or "variant",
            }
            for h, prof, seed, fit, lo, hi, comps, part in rows
        ]

    def valid_candidates(self) -> list[dict]:
        hs = [r[0] for r in self.db.execute("SELECT hash FROM candidates WHERE valid = 1")]
        return sorted((self.get(h) for h in hs), key=rank_key)

    def add_rating(
        self, h: str, rater: str, stars: int, notes: str, tags: list[str], created: str
    ) -> int:
        """Store one person's verdict on the game of hash `h`; returns its id. Checked by
        the caller (`evogame.studio`); the table's CHECK still refuses stars outside 1-5."""
        with self.db:
            cur = self.db.execute(
                "INSERT INTO ratings (hash, rater, stars, notes, tags, created)"
                " VALUES (?,?,?,?,?,?)",
                (h, rater, stars, notes, json.dumps(sorted(tags)), created),
            )
        return int(cur.lastrowid)

    def ratings(self) -> list[dict]:
        """Every rating, oldest first: id, hash, rater, stars, notes, tags, created."""
        rows = self.db.execute(
            "SELECT id, hash, rater, stars, notes, tags, created FROM ratings ORDER BY id"
        ).fetchall()
        keys = ("id", "hash", "rater", "stars", "notes", "tags", "created")
        out = [dict(zip(keys, r, strict=True)) for r in rows]
        for r in out:
            r["tags"] = json.loads(r["tags"])
        return out

    def counts(self) -> tuple[int, int]:
        total, valid = self.db.execute("SELECT COUNT(*), SUM(valid) FROM candidates").fetchone()
        return total, valid or 0
