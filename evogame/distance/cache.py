"""A small SQLite cache, so that clustering the same games again is cheap.

Two tables:

* ``behaviour(key, vector)``: a game's behaviour vector (JSON), keyed by
  sha256(canonical text of the game, the simulation settings, `FEATURE_VERSION`);
* ``ted(a, b, distance)``: the tree edit distance between two labelled trees, keyed by
  the trees' hashes (`LabeledTree.key`, with a < b).

The file lives in ``$EVOGAME_CACHE``, else ``$XDG_CACHE_HOME/evogame``, else
``~/.cache/evogame`` (``--cache DIR`` overrides, ``--no-cache`` disables it). Entries never
go stale: every key hashes everything its value depends on. Deleting the file is safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

FILE_NAME = "distance.sqlite"


def default_cache_dir() -> Path:
    """Where the cache lives unless told otherwise (module docstring)."""
    if os.environ.get("EVOGAME_CACHE"):
        return Path(os.environ["EVOGAME_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "evogame"


def behaviour_key(canonical_text: str, settings: dict) -> str:
    """sha256 of the canonical text and the settings (sorted JSON) it was simulated with."""
    h = hashlib.sha256(canonical_text.encode())
    h.update(b"\x00")
    h.update(json.dumps(settings, sort_keys=True).encode())
    return h.hexdigest()


class Cache:
    """The cache file, or nothing at all when `directory` is None (every lookup misses)."""

    def __init__(self, directory: Path | None):
        self.db: sqlite3.Connection | None = None
        if directory is None:
            return
        directory.mkdir(parents=True, exist_ok=True)
        # A generous timeout: two runs may share the file.
        self.db = sqlite3.connect(directory / FILE_NAME, timeout=60)
        with self.db:
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS behaviour (key TEXT PRIMARY KEY, vector TEXT)"
            )
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS ted "
                "(a TEXT, b TEXT, distance INTEGER, PRIMARY KEY (a, b))"
            )

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- behaviour vectors ----------------------------------------------------------------

    def get_behaviour(self, key: str) -> dict[str, float] | None:
        if self.db is None:
            return None
        row = self.db.execute("SELECT vector FROM behaviour WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put_behaviour(self, key: str, vector: dict[str, float]) -> None:
        if self.db is None:
            return
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO behaviour VALUES (?, ?)", (key, json.dumps(vector))
            )

    # --- tree edit distances --------------------------------------------------------------

    def get_teds(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], int]:
        """The cached distances among `pairs` (each ordered a < b)."""
        if self.db is None:
            return {}
        wanted = set(pairs)
        if not wanted:
            return {}
        keys = sorted({k for p in wanted for k in p})
        out: dict[tuple[str, str], int] = {}
        # Look up by the first key in chunks (SQLite limits the number of parameters).
        for s in range(0, len(keys), 500):
            chunk = keys[s : s + 500]
            marks = ",".join("?" * len(chunk))
            for a, b, d in self.db.execute(
                f"SELECT a, b, distance FROM ted WHERE a IN ({marks})", chunk
            ):
                if (a, b) in wanted:
                    out[(a, b)] = int(d)
        return out

    def put_teds(self, teds: dict[tuple[str, str], int]) -> None:
        if self.db is None or not teds:
            return
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO ted VALUES (?, ?, ?)",
                [(a, b, d) for (a, b), d in teds.items()],
            )
