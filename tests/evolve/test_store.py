"""The campaign database: another process reading it never stops a campaign's writes."""

from __future__ import annotations

import json
import sqlite3

import evogame.evolve.store as store_mod
from evogame.evolve.store import Store


def _cand(h: str) -> dict:
    return {
        "hash": h,
        "text": "(game)",
        "generation": 0,
        "parents": [],
        "operator": "seed:x.rcy",
        "valid": True,
        "fitness": 0.5,
        "seed": 0,
    }


def test_a_reader_holding_the_database_does_not_stop_a_campaigns_writes(tmp_path, monkeypatch):
    """A reader in the middle of a read transaction (`show`, `report`, the studio, a
    bench reading a running campaign) held the rollback journal's shared lock, so the
    campaign's next commit waited its 5 s and died with "database is locked". In
    write-ahead-log mode the write goes through and the reader keeps its snapshot."""
    monkeypatch.setattr(store_mod, "BUSY_SECONDS", 1.0)  # fail fast if it would wait
    store = Store(tmp_path)
    store.put(_cand("a" * 16))
    reader = sqlite3.connect(tmp_path / "campaign.db", timeout=0, isolation_level=None)
    reader.execute("BEGIN")
    assert reader.execute("SELECT count(*) FROM candidates").fetchone() == (1,)
    store.put(_cand("b" * 16))  # raised sqlite3.OperationalError before
    assert reader.execute("SELECT count(*) FROM candidates").fetchone() == (1,)  # snapshot
    reader.execute("COMMIT")
    assert reader.execute("SELECT count(*) FROM candidates").fetchone() == (2,)
    assert store.get("b" * 16)["fitness"] == 0.5
    reader.close()
    store.close()


def test_a_database_that_stays_locked_is_a_clear_error_not_a_traceback(
    tmp_path, capsys, monkeypatch
):
    """When another process holds the database past the wait, the command says so in one
    line and how to continue, and exits 1. (In write-ahead-log mode even a writer's
    exclusive transaction lets `show` read: checked first.)"""
    from evogame.cli import main

    seeds = tmp_path / "seeds"
    seeds.mkdir()
    out = tmp_path / "run"
    out.mkdir()
    Store(out).close()
    (out / "config.json").write_text(json.dumps({"seeds": seeds.as_posix()}))
    holder = sqlite3.connect(out / "campaign.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert main(["show", str(out)]) == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    def locked(self):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(Store, "counts", locked)
    capsys.readouterr()
    assert main(["show", str(out)]) == 1
    err = capsys.readouterr().err
    assert "the campaign database could not be written (database is locked)" in err
    assert "--resume" in err and "Traceback" not in err
