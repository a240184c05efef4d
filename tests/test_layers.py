"""Dependencies point downward only: no module of evogame imports a layer above its own.

The layers, lowest first (a module belongs to the longest prefix that names it):

0. ``lang``: the language (syntax, types, simplification, the meaning of ``//`` and ``%``);
1. ``engine``: the semantics of play, the Python engine (the reference back end);
2. ``players``, ``metrics.stats``: players, one game played by them (`players.play`), and
   the record it makes;
3. ``native``: the VM and compiled back ends (falling back to `players.play` for a game
   the VM has no room for);
4. ``runner``: the one place that chooses which back end plays a game's games;
5. ``simulate``: many games, on whichever back end the runner chose;
6. ``metrics``, ``distance``, ``fitness``: what the games measure;
7. ``evolve``: the search over games;
8. the views: ``explain``, ``trace``, ``report``, ``plots``, ``studio``, ``human``,
   ``ratings``;
9. the command line: ``cli``, ``commands``.

Imports are read with `ast` (those inside functions too), so an import written to dodge a
circle at load time is still a dependency.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import evogame

PACKAGE = Path(evogame.__file__).parent

LAYERS: list[tuple[str, ...]] = [
    ("lang",),
    ("engine",),
    ("players", "metrics.stats"),
    ("native",),
    ("runner",),
    ("simulate",),
    ("metrics", "distance", "fitness"),
    ("evolve",),
    ("explain", "trace", "report", "plots", "studio", "human", "ratings"),
    ("cli", "commands"),
]


def layer(module: str) -> int | None:
    """The layer of `module` (dotted, under evogame): its longest listed prefix's."""
    best: tuple[int, int] | None = None
    for i, names in enumerate(LAYERS):
        for name in names:
            full = f"evogame.{name}"
            if (module == full or module.startswith(full + ".")) and (
                best is None or len(full) > best[1]
            ):
                best = (i, len(full))
    return None if best is None else best[0]


@functools.cache
def imports() -> list[tuple[str, str, int]]:
    """(importing module, imported evogame module, line) for every import in the package."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue  # relative imports: evogame uses none (checked below)
            out += [(module, n, node.lineno) for n in names if n.startswith("evogame.")]
    return out


def test_every_module_has_a_layer():
    modules = {m for m, _, _ in imports()} | {t for _, t, _ in imports()}
    assert sorted(m for m in modules if layer(m) is None) == []


def test_no_relative_imports():
    # a relative import would escape `imports`; evogame writes every import in full
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(tree)), path


def test_no_module_imports_a_layer_above_its_own():
    up = [
        f"{m}:{line} imports {t}" for m, t, line in imports() if (layer(m) or 0) < (layer(t) or 0)
    ]
    assert up == []


def test_the_language_and_the_back_ends_stand_alone():
    # the three rules the layering exists for, spelled out
    forbidden = {
        "evogame.lang": ("engine", "native", "fitness", "evolve", "simulate", "players"),
        "evogame.engine": ("native", "simulate", "fitness", "evolve"),
        "evogame.native": ("simulate", "fitness", "evolve"),
    }
    bad = [
        f"{m}:{line} imports {t}"
        for m, t, line in imports()
        for low, above in forbidden.items()
        if m.startswith(low + ".") or m == low
        if any(t == f"evogame.{a}" or t.startswith(f"evogame.{a}.") for a in above)
    ]
    assert bad == []


#: Who may reach a back end directly: below the runner, the back ends themselves; above it,
#: only views and commands that drive the VM on purpose (a benchmark-like tool, the tier).
BACK_ENDS = ("evogame.native",)


def test_simulation_and_fitness_name_no_back_end():
    # the choice of back end is the runner's (`evogame.runner`): simulation, the metrics
    # that play games, fitness and evolution import no back end, and do not compile a
    # game on the side to play it (they take the runner's)
    callers = ("evogame.simulate", "evogame.fitness", "evogame.metrics", "evogame.evolve")
    bad = [
        f"{m}:{line} imports {t}"
        for m, t, line in imports()
        if any(m == c or m.startswith(c + ".") for c in callers)
        if any(t == b or t.startswith(b + ".") for b in BACK_ENDS)
    ]
    assert bad == []
    for path in [PACKAGE / "simulate.py", *(PACKAGE / "fitness").rglob("*.py")]:
        text = path.read_text()
        for word in ("select_native", "random_records", "pipmc_records", ".native"):
            assert word not in text, f"{path.name} names a back end: {word}"


def test_the_checker_sees_an_upward_import():
    # the check can fail: a language module importing the engine is found
    assert layer("evogame.lang.simplify") < layer("evogame.engine.ops")
    assert layer("evogame.metrics.stats") < layer("evogame.native.records")
    assert layer("evogame.metrics.ladder") > layer("evogame.simulate")
