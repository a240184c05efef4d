"""Render docs/results.md from the benchmarks' JSON in bench/results/ (issue 37: tables of
measured figures are written by the benches and rendered, not pasted by hand).

    .venv/bin/python -m bench.results            # write docs/results.md
    .venv/bin/python -m bench.results --check    # exit 1 if docs/results.md is not what it makes

Each input names its `kind` and how it was measured (bench/measured.py); one section per
file, in file-name order. The inputs and the command that writes each:

- ``bench/results/engine.json``: ``python -m bench.bench_engine --json FILE`` (games a
  second of each back end beside hand-written simulators);
- ``bench/results/loopholes.json``: ``python bench/bench_loopholes.py --json FILE`` (each
  broken variant of a seed against its seed);
- ``bench/results/noise.json``: ``python -m bench.bench_noise --json FILE FILE...`` (one
  game's fitness over evaluation seeds);
- ``bench/results/stability.json``: ``python -m bench.bench_stability --json FILE`` (the
  library's ranking between two evaluation seeds);
- ``bench/results/judgement.json``: ``python -m bench.bench_judgement --json FILE`` (real
  games against random edits of themselves).

Every number printed comes from these files; nothing here measures or computes a figure
beyond formatting (and the ratio a file already holds).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INPUTS = ROOT / "bench" / "results"
OUTPUT = ROOT / "docs" / "results.md"
COMMAND = "python -m bench.results"


def _rate(x: float | None) -> str:
    return "-" if x is None else f"{x:,.0f}"


def _provenance(doc: dict) -> str:
    load = ", ".join(f"{x:.2f}" for x in doc["load"])
    return (
        f"Measured {doc['date']} at commit `{doc['commit']}` ({doc['cores']} cores, load"
        f" average {load} over 1, 5 and 15 minutes):\n\n```sh\n{doc['command']}\n```\n"
    )


def engine(doc: dict) -> str:
    """bench_engine's table: games/s of each back end (random players, one core)."""
    out = [
        "## Engine speed\n",
        "Games a second with random players (`python`: the Python engine; `native`: the VM,"
        " each game seeded on its own; `1-stream`: the VM on one chance stream; `compiled`:"
        " the compiled tier, and `compile` the seconds it took; `reference`: the hand-written"
        " simulator in `bench/reference/`; `ratio` = the faster of 1-stream and compiled /"
        f" reference). Best of {doc['repeats']} interleaved runs, {doc['games']:,} games a"
        " native measurement.\n",
        _provenance(doc),
        "| game | python | native | 1-stream | compiled | compile | reference | ratio | target |",
        "|---|--:|--:|--:|--:|--:|--:|--:|---|",
    ]
    for r in doc["rows"]:
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        out.append(
            f"| {r['game']} | {_rate(r['python'])} | {_rate(r['native'])} |"
            f" {_rate(r['native_1stream'])} | {_rate(r['compiled'])} | {r['compile_s']:.1f} s |"
            f" {_rate(r['reference'])} | {ratio} | {r['target'] or ''} |"
        )
    p = doc["pipmc"]
    out.append(
        f"\nA PIPMC(10) seat in 3-player Agram: {p['native_ms']:.2f} ms a game natively,"
        f" {p['python_ms']:.1f} ms in Python (target {p['target']}).\n"
    )
    return "\n".join(out)


def loopholes(doc: dict) -> str:
    """bench_loopholes' table: each pinned variant's fitness beside its seed's."""
    seeds = ", ".join(str(s) for s in doc["eval_seeds"])
    out = [
        "## Loopholes\n",
        f"Each pinned variant of a seed (`tests/fitness/variants.py`) beside the seed, under"
        f" profile `{doc['profile']}` at evaluation seeds {seeds}: a broken variant must"
        " score below its seed at every one, a harmless one within the seed's 95% interval"
        f" ([judge.md](judge.md)). {doc['failing']} row(s) failing, {len(doc['rows'])} rows,"
        f" {doc['seconds']:.0f} s.\n",
        _provenance(doc),
        "| variant | of | seed fitness | variant fitness | ok | caught by (first seed) |",
        "|---|---|---|---|---|---|",
    ]
    for r in doc["rows"]:
        fits = [" ".join(f"{x:.3f}" for x in r[k]) for k in ("seed_fitness", "variant_fitness")]
        kind = " (harmless)" if r["harmless"] else ""
        caught = r["caught_by"].replace("|", "\\|")  # a cell of its own
        out.append(
            f"| {r['variant']}{kind} | {r['seed']} | {fits[0]} | {fits[1]} |"
            f" {'yes' if r['ok'] else 'NO'} | {caught} |"
        )
    return "\n".join(out) + "\n"


def _cell(text: str | None) -> str:
    return "-" if not text else text.replace("|", "\\|")


def noise(doc: dict) -> str:
    """bench_noise's table: each game's fitness over evaluation seeds, its sample standard
    deviation against issue 35's target (<= 0.01) and its noisiest components."""
    seeds = doc["eval_seeds"]
    out = [
        "## The same game at different evaluation seeds\n",
        f"Each game evaluated under profile `{doc['profile']}` at evaluation seeds"
        f" {seeds[0]}-{seeds[-1]} (only `--seed` changes): the mean of its fitness and its"
        " sample standard deviation (n - 1; fitness is in [0, 1]; issue 35's target is at most"
        " 0.01), its range, the three weighed components whose value moves most (population"
        " standard deviation over the seeds) and the CPU seconds of one evaluation.\n",
        _provenance(doc),
        "| game | fitness mean | fitness sd | target sd <= 0.01 | range | noisiest components (sd)"
        " | CPU s/eval |",
        "|---|--:|--:|---|---|---|--:|",
    ]
    for r in doc["rows"]:
        comp = ", ".join(f"{c['component']} {c['sd']:.3f}" for c in r["noisiest"])
        met = "met" if r["sd"] <= 0.01 else "MISSED"
        out.append(
            f"| {r['file']} | {r['mean']:.3f} | {r['sd']:.4f} | {met} |"
            f" {min(r['fitness']):.3f}-{max(r['fitness']):.3f} | {comp} | {r['cpu_s']:.2f} |"
        )
    return "\n".join(out) + "\n"


def stability(doc: dict) -> str:
    """bench_stability's figures: Spearman's rank correlation of the library's fitness at
    two evaluation seeds, every file's move, and the files at 0 with their reasons."""
    files = doc["files"]
    big = [f for f in files if f["move"] > 0.1]
    deals = ", the deals changing with the seed" if doc["deals_too"] else ""
    out = [
        "## The library's ranking at two evaluation seeds\n",
        f"Every real file (`seeds/` and CARDSTOCK's games; one-player games under `solitaire`,"
        f" the others under `{doc['profile']}`) evaluated at evaluation seeds {doc['a']} and"
        f" {doc['b']}{deals}. Issue 35's targets: Spearman's rank correlation of the two"
        " fitness lists at least 0.95, and no file moving by more than 0.1 (fitness is in"
        f" [0, 1]). **{len(files)} files; Spearman {doc['spearman']:.3f}"
        f" ({'met' if doc['spearman'] >= 0.95 else 'MISSED'}); largest move"
        f" {files[0]['file']} {files[0]['move']:.3f}"
        f" ({'MISSED: ' + str(len(big)) + ' file(s) above 0.1' if big else 'met'}).**"
        f" {doc['seconds']:.0f} s.\n",
        _provenance(doc),
        f"Files at 0 at evaluation seed {doc['a']}, with the judge's reason:\n",
    ]
    at_b = {f["file"] for f in files if f["b"] == 0}
    out += [
        f"- {z['file']} ({'also' if z['file'] in at_b else 'not'} at {doc['b']}): {z['reason']}"
        for z in doc["zeros"]
    ] or ["- none"]
    only_b = sorted(at_b - {z["file"] for z in doc["zeros"]})
    out += [f"- {n} (at {doc['b']} only)" for n in only_b]
    out += [
        "\nThe ten files that move most:\n",
        f"| file | fitness at {doc['a']} | fitness at {doc['b']} | move |",
        "|---|--:|--:|--:|",
    ]
    out += [f"| {f['file']} | {f['a']:.3f} | {f['b']:.3f} | {f['move']:.3f} |" for f in files[:10]]
    return "\n".join(out) + "\n"


def judgement(doc: dict) -> str:
    """bench_judgement's table: for each real game, how many of its random edits change
    its random play, and how many of those it beats (a tie counts one half)."""
    share = doc["share"]
    shown = "-" if share is None else f"{share:.1%}"
    met = "" if share is None else f" ({'met' if share >= 0.9 else 'MISSED'})"
    passing = (
        f" Of the edits of real games that pass the gates: {doc['passing_beaten']:.1f} of"
        f" {doc['passing_changing']:.0f}"
        f" ({doc['passing_beaten'] / doc['passing_changing']:.1%})."
        if doc["passing_changing"]
        else ""
    )
    out = [
        "## Real games against random edits of themselves\n",
        f"Each real file (`seeds/` and CARDSTOCK's games) and {doc['k']} random edits of it by"
        " the project's mutation operators (edit stream seed"
        f" {doc['seed']}), evaluated under `{doc['profile']}` (one-player games under"
        " `solitaire`) at evaluation seed"
        f" {doc['seed']}. An edit counts when it changes the game's random play measurably"
        " (`bench/bench_judgement.py` says how); the real game beats it when its fitness is"
        " higher, a tie counting one half. Issue 35's target: at least 90% beaten."
        f" **Beaten: {doc['beaten']:.1f} of {doc['changing']:.0f} = {shown}{met}.**{passing}"
        f" {doc['seconds']:.0f} s.\n",
        _provenance(doc),
        "| game | fitness | edits | changing | beaten | reason at 0 |",
        "|---|--:|--:|--:|--:|---|",
    ]
    for r in doc["rows"]:
        out.append(
            f"| {_cell(r['game'])} | {r['fitness']:.3f} | {r['edits']} | {r['changing']} |"
            f" {r['beaten']:.1f} | {_cell(r['reason'])} |"
        )
    return "\n".join(out) + "\n"


RENDER: dict[str, Callable[[dict], str]] = {
    "engine": engine,
    "judgement": judgement,
    "loopholes": loopholes,
    "noise": noise,
    "stability": stability,
}


def render(inputs: Path = INPUTS) -> str:
    """docs/results.md's text from the JSON files in `inputs` (file-name order)."""
    files = sorted(inputs.glob("*.json"))
    parts = [
        "# Results\n",
        f"<!-- generated by `{COMMAND}` from bench/results/*.json: do not edit by hand -->\n",
        f"Generated by `{COMMAND}` from the benchmarks' JSON in `bench/results/`"
        f" ({', '.join(f'`{f.name}`' for f in files)}); each section says the command"
        " that measured it. To refresh a section, run its command with `--json"
        " bench/results/NAME.json`, then this one. Timed figures depend on the machine"
        " and its load, which each section states.\n",
    ]
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        if doc.get("kind") not in RENDER:
            raise SystemExit(f"{f}: unknown kind {doc.get('kind')!r} (known: {', '.join(RENDER)})")
        parts.append(RENDER[doc["kind"]](doc))
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if docs/results.md differs")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        same = OUTPUT.is_file() and OUTPUT.read_text(encoding="utf-8") == text
        print(f"{OUTPUT}: {'up to date' if same else 'differs from ' + COMMAND}")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
