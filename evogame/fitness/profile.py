"""Fitness profiles: which components count, their bands and weights, the gates, the sample
sizes and the budgets, read from a TOML file (``fitness/default.toml``).

Validation is strict: an unknown key, a missing ``[components]`` table, or a value of the
wrong type or out of range raises `ProfileError` naming the file and the dotted key. Keys
that are left out take the defaults below (`DEFAULTS`, `COMPONENT_DEFAULTS`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evogame.fitness.declared import DECLARED
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS

#: The players a profile's [thinking] section may name ("" = the phase never runs).
THINKERS = ("", "pipmc", "strong", "ismcts", "greedy")

#: Where the profiles bundled with evogame live (``--profile quick`` = fitness/quick.toml).
PROFILE_DIR = Path(__file__).resolve().parent.parent.parent / "fitness"

#: The components evogame knows, in the order they are reported (`declared.DECLARED`).
COMPONENTS = tuple(d.name for d in DECLARED)

#: Components measured from the PIPMC player's value estimates (`evogame.metrics.course`).
COURSE_COMPONENTS = tuple(d.name for d in DECLARED if d.phase == "course")

#: Components measured from the random-play sample (the others have phases of their own).
RANDOM_COMPONENTS = tuple(d.name for d in DECLARED if d.phase == "random")

# Per section: key -> (kind, default). A "budget" is engine work (scripted steps + decisions,
# look-ahead included: `State.work`), a machine-independent cost; 0 means no budget. Kinds: "int+" positive int, "int0" non-negative int,
# "unit" float in [0, 1], "unit)" float in [0, 1), "bool", "combine".
DEFAULTS: dict[str, dict[str, tuple[str, Any]]] = {
    "": {
        "combine": ("combine", "geometric"),
        "floor": ("unit)", 0.0),
        "unmeasured": ("unmeasured", 0.0),
        # the seat counts judged: a game with another count fails the gate (a one-player
        # game asks other questions: profile "solitaire")
        "players": ("seats", (1, 64)),
        # the profile a campaign's best/ is judged again with (a bundled name or a path;
        # "" = this profile itself, on a fresh seed)
        "judge": ("name", ""),
        # adaptive sampling (evogame/fitness/evaluate.py: `_more` for random play and
        # agency, a pilot that plans fresh pairs, `_plan`, for PIPMC): the standard error of
        # the fitness (its own units) the noisy phases aim at together; 0 = off
        "fitness_se": ("unit", 0.0),
    },
    "limits": {"max_decisions": ("int+", 1000), "max_steps": ("int+", 100_000)},
    "gates": {
        "games": ("int+", 100),
        "min_termination": ("unit", 0.9),
        # below min_termination by less than this, a game is judged by the termination
        # component (ramped to 0 at min_termination - band), not failed (docs/judge.md)
        "termination_band": ("unit", 0.0),
        "require_decision": ("bool", True),
        "require_chance": ("bool", True),
        "budget": ("int0", 0),
        "moves_budget": ("int0", 0),
    },
    "random": {
        "batch": ("int+", 250),
        "min_games": ("int+", 500),
        "max_games": ("int+", 4000),
        "budget": ("int0", 0),
        # adaptive sampling: the share of fitness_se² this phase's components may use,
        # and the engine work it may reach in doing so (0 = no cap but max_games)
        "se_share": ("unit", 0.0),
        "cap": ("int0", 0),
    },
    "agency": {
        "games_per_deal": ("int+", 20),
        "deal_batch": ("int+", 10),
        "min_deals": ("int+", 20),
        "max_deals": ("int+", 100),
        "budget": ("int0", 0),
        # adaptive sampling: the share of fitness_se² this phase's components may use,
        # and the engine work it may reach in doing so (0 = no cap but max_games)
        "se_share": ("unit", 0.0),
        "cap": ("int0", 0),
    },
    # MAP-Elites: per descriptor [low, high, bins] (evogame/evolve/archive.py)
    "map_elites": {
        # which descriptors: "behaviour" (the four grids below) or "concepts" (one bin pair
        # per concept named in `concepts`: docs/invention.md)
        "descriptors": ("descriptors", "behaviour"),
        "concepts": ("concepts", CONCEPT_DESCRIPTORS),
        "seats": ("grid", (1.5, 6.5, 5)),
        "length": ("grid", (0.7, 2.7, 8)),
        "branching": ("grid", (0.0, 5.0, 5)),
        "agency": ("grid", (0.0, 1.0, 5)),
    },
    "pipmc": {
        "rollouts": ("int+", 10),
        "horizon": ("int0", 0),
        "batch": ("int+", 24),
        "min_games": ("int+", 48),
        "max_games": ("int+", 240),
        "budget": ("int0", 0),
        # adaptive sampling: the share of fitness_se² this phase's components may use,
        # and the engine work it may reach in doing so (0 = no cap but max_games)
        "se_share": ("unit", 0.0),
        "cap": ("int0", 0),
    },
    # thinking: when random play shows nothing happening (most games drawn, agency about
    # 0, most games capped), fairness, termination, no_draw and agency are measured again
    # with a thinking player in every seat (evogame/fitness/thinking.py); player "" = never
    "thinking": {
        "player": ("thinker", ""),
        "rollouts": ("int+", 1),
        "horizon": ("int0", 0),
        "games_per_deal": ("int+", 3),
        "min_deals": ("int+", 3),
        "max_deals": ("int+", 10),
        "draws_above": ("unit", 0.5),
        "agency_below": ("unit", 0.05),
        "budget": ("int0", 0),
    },
    # equals: PIPMC of `rollouts` and `horizon` (no more than the skill phase's search) in
    # every seat at once, `games` rounded up to whole rotations, stopped at `budget` engine
    # work; 0 games = off
    "equals": {
        "rollouts": ("int+", 1),
        "horizon": ("int0", 10),
        "games": ("int0", 0),
        "budget": ("int0", 0),
    },
    # depth: the skill phase's searcher against weak ones (rollouts, horizon of the weak)
    "depth": {
        "rollouts": ("int+", 1),
        "horizon": ("int0", 1),
        "batch": ("int+", 12),
        "min_games": ("int+", 12),
        "max_games": ("int+", 240),
        "budget": ("int0", 0),
    },
}

# Per component: key -> (kind, default), as declared. "band" is a pair lo <= hi of positive
# numbers; "ci" a CI half-width target in (0, 1]; "weight" a non-negative number.
COMPONENT_DEFAULTS: dict[str, dict[str, tuple[str, Any]]] = {d.name: d.params for d in DECLARED}
_COMMON = {"weight": ("weight", 1.0), "ci_half_width": ("ci", 0.1)}


class ProfileError(ValueError):
    """A profile file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class ComponentSpec:
    """One component of a profile: its weight in the combination, the CI half-width at
    which sequential sampling may stop, and its own parameters (``band``, ...)."""

    name: str
    weight: float
    ci_half_width: float
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, key: str) -> Any:
        return dict(self.params)[key]


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated fitness profile (picklable, hashable)."""

    name: str
    combine: str
    floor: float
    unmeasured: str | float
    players: tuple[int, int]
    limits: dict = field(hash=False)
    gates: dict = field(hash=False)
    random: dict = field(hash=False)
    agency: dict = field(hash=False)
    pipmc: dict = field(hash=False)
    depth: dict = field(hash=False, default_factory=dict)
    equals: dict = field(hash=False, default_factory=dict)
    thinking: dict = field(hash=False, default_factory=dict)
    map_elites: dict = field(hash=False, default_factory=dict)
    components: tuple[ComponentSpec, ...] = ()
    judge: str = ""
    fitness_se: float = 0.0

    def component(self, name: str) -> ComponentSpec | None:
        for c in self.components:
            if c.name == name:
                return c
        return None

    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.components)


def resolve(spec: str | Path) -> Path:
    """A profile's path: `spec` itself when it names a file, else ``fitness/<spec>.toml``."""
    p = Path(spec)
    if p.is_file():
        return p
    bundled = PROFILE_DIR / f"{spec}.toml"
    if p.suffix == "" and bundled.is_file():
        return bundled
    known = ", ".join(sorted(f.stem for f in PROFILE_DIR.glob("*.toml")))
    raise ProfileError(f"{spec}: no such profile file (bundled profiles: {known})")


def load_profile(spec: str | Path) -> Profile:
    """Read and validate a profile (a path, or the name of a bundled one)."""
    path = resolve(spec)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(f"{path}: invalid TOML: {e}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ProfileError(f"{path}: cannot read the file: {e}") from None
    return parse_profile(data, str(path), name=path.stem)


def parse_profile(data: dict, where: str = "<profile>", name: str = "profile") -> Profile:
    """Validate a profile already read from TOML; `where` names it in error messages."""

    def fail(key: str, msg: str) -> ProfileError:
        return ProfileError(f"{where}: {key}: {msg}")

    sections = set(DEFAULTS) - {""} | {"components"}
    top_keys = set(DEFAULTS[""])
    for k in data:
        if k not in sections and k not in top_keys:
            known = ", ".join(sorted(sections | top_keys))
            raise fail(k, f"unknown key (known: {known})")
    out: dict[str, dict] = {}
    for sec, spec in DEFAULTS.items():
        raw = data if sec == "" else data.get(sec, {})
        if sec and not isinstance(raw, dict):
            raise fail(sec, "expected a table")
        values = {}
        for k, v in raw.items():
            if sec == "" and k not in top_keys:
                continue
            if k not in spec:
                raise fail(_key(sec, k), f"unknown key (known: {', '.join(sorted(spec))})")
            values[k] = _check(spec[k][0], v, _key(sec, k), fail)
        out[sec] = {k: values.get(k, d) for k, (_, d) in spec.items()}
    for key in (
        "agency.games_per_deal",
        "agency.min_deals",
        "thinking.games_per_deal",
        "thinking.min_deals",
    ):
        sec, k = key.split(".")
        if out[sec][k] < 2:
            raise fail(key, f"expected an integer of at least 2, got {out[sec][k]!r}")
    for sec in ("random", "agency", "thinking", "pipmc", "depth"):
        lo_key, hi_key = (
            ("min_deals", "max_deals")
            if sec in ("agency", "thinking")
            else ("min_games", "max_games")
        )
        if out[sec][lo_key] > out[sec][hi_key]:
            raise fail(f"{sec}.{lo_key}", f"is larger than {sec}.{hi_key}")
    comps = data.get("components")
    if not isinstance(comps, dict) or not comps:
        raise fail("components", "a profile needs a [components.NAME] table for each component")
    specs = []
    for cname, raw in comps.items():
        if cname not in COMPONENT_DEFAULTS:
            raise fail(f"components.{cname}", f"unknown component (known: {', '.join(COMPONENTS)})")
        if not isinstance(raw, dict):
            raise fail(f"components.{cname}", "expected a table")
        allowed = {**_COMMON, **COMPONENT_DEFAULTS[cname]}
        values = {}
        for k, v in raw.items():
            if k not in allowed:
                raise fail(
                    f"components.{cname}.{k}", f"unknown key (known: {', '.join(sorted(allowed))})"
                )
            values[k] = _check(allowed[k][0], v, f"components.{cname}.{k}", fail)
        full = {k: values.get(k, d) for k, (_, d) in allowed.items()}
        params = tuple((k, full[k]) for k in sorted(COMPONENT_DEFAULTS[cname]))
        specs.append(ComponentSpec(cname, full["weight"], full["ci_half_width"], params))
    if sum(c.weight for c in specs) <= 0:
        raise fail("components", "at least one component needs a positive weight")
    specs.sort(key=lambda c: COMPONENTS.index(c.name))
    return Profile(
        name=name,
        combine=out[""]["combine"],
        floor=out[""]["floor"],
        unmeasured=out[""]["unmeasured"],
        players=out[""]["players"],
        limits=out["limits"],
        gates=out["gates"],
        random=out["random"],
        agency=out["agency"],
        pipmc=out["pipmc"],
        depth=out["depth"],
        equals=out["equals"],
        thinking=out["thinking"],
        map_elites=out["map_elites"],
        components=tuple(specs),
        judge=out[""]["judge"],
        fitness_se=out[""]["fitness_se"],
    )


def _key(sec: str, k: str) -> str:
    return f"{sec}.{k}" if sec else k


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _check(kind: str, v: Any, key: str, fail) -> Any:
    """`v` converted to its kind, or `fail(key, why)` raised."""
    if kind in ("int+", "int0"):
        least = 1 if kind == "int+" else 0
        if isinstance(v, bool) or not isinstance(v, int) or v < least:
            raise fail(key, f"expected an integer of at least {least}, got {v!r}")
        return v
    if kind == "name":
        if not isinstance(v, str):
            raise fail(key, f"expected a profile name or path, got {v!r}")
        return v
    if kind == "bool":
        if not isinstance(v, bool):
            raise fail(key, f"expected true or false, got {v!r}")
        return v
    if kind == "unmeasured":
        if v == "zero":
            return 0.0
        if v == "omit" or (_number(v) and 0 <= v <= 1):
            return v if v == "omit" else float(v)
        raise fail(key, f'expected "omit", "zero" or a number in [0, 1], got {v!r}')
    if kind == "combine":
        if v not in ("geometric", "harmonic"):
            raise fail(key, f'expected "geometric" or "harmonic", got {v!r}')
        return v
    if kind == "weight":
        if not _number(v) or v < 0:
            raise fail(key, f"expected a non-negative number, got {v!r}")
        return float(v)
    if kind == "ci":
        if not _number(v) or not 0 < v <= 1:
            raise fail(key, f"expected a number in (0, 1], got {v!r}")
        return float(v)
    if kind in ("unit", "unit)"):
        top_ok = kind == "unit"
        if not _number(v) or v < 0 or v > 1 or (v == 1 and not top_ok):
            rng = "[0, 1]" if top_ok else "[0, 1)"
            raise fail(key, f"expected a number in {rng}, got {v!r}")
        return float(v)
    if kind == "grid":
        if (
            not isinstance(v, list)
            or len(v) != 3
            or not all(_number(x) for x in v[:2])
            or not v[0] < v[1]
            or isinstance(v[2], bool)
            or not isinstance(v[2], int)
            or not 1 <= v[2] <= 100
        ):
            raise fail(
                key, f"expected [low, high, bins] with low < high, 1 <= bins <= 100, got {v!r}"
            )
        return (float(v[0]), float(v[1]), v[2])
    if kind == "thinker":
        if v not in THINKERS:
            known = ", ".join(repr(x) for x in THINKERS)
            raise fail(key, f'expected one of {known} ("": never), got {v!r}')
        return v
    if kind == "descriptors":
        if v not in ("behaviour", "concepts"):
            raise fail(key, f'expected "behaviour" or "concepts", got {v!r}')
        return v
    if kind == "concepts":
        from evogame.distance.concepts import CONCEPT_NAMES

        if (
            not isinstance(v, list)
            or not v
            or len(v) > 20
            or not all(isinstance(x, str) and x in CONCEPT_NAMES for x in v)
            or len(set(v)) != len(v)
        ):
            raise fail(
                key,
                f"expected a list of 1 to 20 distinct concept names "
                f"(known: {', '.join(CONCEPT_NAMES)}), got {v!r}",
            )
        return tuple(v)
    if kind == "seats":
        if (
            not isinstance(v, list)
            or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
            or not 1 <= v[0] <= v[1]
        ):
            raise fail(key, f"expected [fewest, most] seats with 1 <= fewest <= most, got {v!r}")
        return (v[0], v[1])
    if kind == "band":
        if (
            not isinstance(v, list)
            or len(v) != 2
            or not all(_number(x) for x in v)
            or not 0 < v[0] <= v[1]
        ):
            raise fail(key, f"expected [low, high] with 0 < low <= high, got {v!r}")
        return (float(v[0]), float(v[1]))
    raise AssertionError(kind)  # pragma: no cover
