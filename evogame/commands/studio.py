"""`evogame studio`: the campaigns in a browser (`evogame.studio`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("runs", nargs=-1, type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--port",
    default=8765,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="0: any free port.",
)
def studio(runs: tuple[Path, ...], port: int) -> None:
    """Open campaigns in a local web application: read best/'s games in English, watch a
    game step by step, play a seat, rate a game (stored in the campaign's database).
    Serves 127.0.0.1 only; needs no network. With no RUNS, every campaign under runs/."""
    from evogame.studio.app import create_app, serve
    from evogame.studio.campaign import is_campaign

    folders = list(runs) or sorted(p for p in Path("runs").glob("*") if is_campaign(p))
    if not folders:
        click.echo("evogame studio: no campaign given, and none under runs/")
        sys.exit(1)
    bad = [f for f in folders if not is_campaign(f)]
    if bad:
        for f in bad:
            click.echo(
                f"evogame studio: {f} is not a campaign folder (no campaign.db / config.json)"
            )
        sys.exit(1)
    app = create_app(folders)
    try:
        server = serve(app, port)
    except OSError as e:
        click.echo(f"evogame studio: cannot listen on 127.0.0.1:{port}: {e.strerror}")
        sys.exit(1)
    except SystemExit:  # Werkzeug exits (after its own note on stderr) when the port is taken
        click.echo(f"evogame studio: cannot listen on 127.0.0.1:{port}: the port is in use")
        sys.exit(1)
    click.echo(f"evogame studio: http://127.0.0.1:{server.server_port}/ (Ctrl-C stops it)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
