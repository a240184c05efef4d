"""The subcommands of `evogame`, one module each (thin layers over the library)."""

from __future__ import annotations

import click


def profile_option(f):
    """The ``--profile`` option of `evaluate` and `evolve`: a file, or a bundled profile's
    name (the names listed in the help are those in fitness/)."""
    from evogame.fitness.profile import PROFILE_DIR

    names = ", ".join(sorted(p.stem for p in PROFILE_DIR.glob("*.toml")))
    return click.option(
        "--profile",
        default="default",
        show_default=True,
        help=f"Fitness profile: a file, or a bundled one by name ({names}).",
    )(f)
