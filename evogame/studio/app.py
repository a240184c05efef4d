"""The studio's web application (Flask) and its loopback server.

Pages (HTML, Jinja2 with autoescaping: rule text is data, never markup):
  /                               the campaigns
  /c/NAME/                        best/ in its parts, the archive's map
  /c/NAME/archive.png             the archive's map (MAP-Elites campaigns)
  /c/NAME/g/HASH/                 a game: English rules, rule text, difference from its
                                  nearest seed
  /c/NAME/g/HASH/watch            a narrated game step by step (?seed=S&view=all|SEAT)
  /c/NAME/g/HASH/play             play a seat against the engine's players
  /c/NAME/g/HASH/rate             rate it (GET the form, POST a rating)
JSON (errors are {"error": ...} with a 4xx status):
  POST /api/c/NAME/g/HASH/play    {"seat", "opponent", "seed"} -> {"table", "view"}
  GET  /api/table/ID              the view of a game in progress
  POST /api/table/ID/move         {"option"} -> view
  POST /api/table/ID/values       {"rollouts"} -> {"values": {option: value}}
  POST /api/c/NAME/g/HASH/rate    {"rater", "stars", "notes", "tags"} -> {"id"}

A campaign is one of the folders given at start, found by name; a game is found by hash
among that campaign's games; no request string ever becomes a path. The one write is a
row in the campaign's own campaign.db. Requests must name the loopback host (a page of
another site, or a DNS name rebound to 127.0.0.1, is refused).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from flask import Flask, Response, abort, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from evogame.evolve.store import DEFECTS
from evogame.studio.campaign import HASH, CampaignView, Game
from evogame.studio.table import OPPONENTS, Table, Tables

_HOST = re.compile(r"(127\.0\.0\.1|localhost|\[::1\])(:\d+)?")
MAX_RATER = 80
MAX_NOTES = 5000
MAX_ROLLOUTS = 200


class BadRequest(Exception):
    """A request the studio cannot take: its message says why (400)."""


def campaign_names(folders: list[Path]) -> dict[str, Path]:
    """A unique name per folder (its own name, then -2, -3 ... for repeats)."""
    out: dict[str, Path] = {}
    for f in folders:
        name, k = f.resolve().name or "campaign", 1
        while name in out:
            k += 1
            name = f"{f.resolve().name}-{k}"
        out[name] = f
    return out


class _Studio(Flask):
    def select_jinja_autoescape(self, filename: str) -> bool:
        """Every template escapes (Flask's default looks for .html; ours end in .j2)."""
        return True


def create_app(folders: list[Path]) -> Flask:
    """The application over campaign `folders` (each checked: `NotACampaign`)."""
    here = Path(__file__).resolve().parent
    app = _Studio(
        __name__,
        static_folder=str(here / "static"),
        template_folder=str(here.parent / "templates" / "studio"),
    )
    app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    app.jinja_env.undefined = __import__("jinja2").StrictUndefined
    campaigns = {n: CampaignView(f, n) for n, f in campaign_names(folders).items()}
    tables = Tables()
    compiled: dict[tuple[str, str], object] = {}

    def find(name: str, h: str | None = None) -> tuple[CampaignView, Game | None]:
        c = campaigns.get(name)
        if c is None:
            abort(404, f"no campaign named {name!r} here")
        if h is None:
            return c, None
        if not HASH.fullmatch(h) or h not in c.games:
            abort(404, f"no game {h!r} in campaign {name!r}")
        return c, c.games[h]

    def compiled_game(c: CampaignView, g: Game):
        from evogame.engine import compile_game
        from evogame.lang import parse_text

        key = (c.name, g.hash)
        if key not in compiled:
            try:
                compiled[key] = compile_game(parse_text(g.text), g.hash)
            except Exception as e:  # a game best/ holds but this engine cannot run
                abort(422, f"game {g.hash} cannot be played here: {e}")
        return compiled[key]

    def body() -> dict:
        """The JSON object of a request, or a form's fields."""
        if request.is_json:
            data = request.get_json(silent=True)
            if not isinstance(data, dict):
                raise BadRequest("the body is not a JSON object")
            return data
        if request.form:
            data = {k: request.form.get(k) for k in request.form}
            data["tags"] = request.form.getlist("tags")
            return data
        raise BadRequest("expected a JSON object (Content-Type: application/json) or a form")

    def integer(data: dict, key: str, lo: int, hi: int, default: int | None = None) -> int:
        v = data.get(key, default)
        if isinstance(v, str) and re.fullmatch(r"-?\d{1,9}", v.strip()):
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            raise BadRequest(f"{key}: expected an integer from {lo} to {hi}, got {v!r}")
        if not lo <= v <= hi:
            raise BadRequest(f"{key}: expected an integer from {lo} to {hi}, got {v}")
        return v

    @app.before_request
    def loopback_only():
        if not _HOST.fullmatch(request.host or ""):
            abort(403, "the studio answers on the loopback address only")
        origin = request.headers.get("Origin")
        if request.method == "POST" and origin and origin != request.host_url.rstrip("/"):
            abort(403, "a page of another site cannot post to the studio")

    @app.errorhandler(BadRequest)
    def bad_request(e: BadRequest):
        return error(400, str(e))

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        return error(e.code or 500, e.description or e.name)

    def error(code: int, message: str):
        if request.path.startswith("/api/"):
            return jsonify({"error": message}), code
        return render_template("error.html.j2", code=code, message=message), code

    # --- pages ----------------------------------------------------------------------------

    @app.get("/")
    def index():
        return render_template("index.html.j2", campaigns=list(campaigns.values()))

    @app.get("/c/<name>/")
    def campaign(name: str):
        c, _ = find(name)
        return render_template("campaign.html.j2", c=c)

    @app.get("/c/<name>/archive.png")
    def archive_png(name: str):
        c, _ = find(name)
        png = c.archive_map()
        if png is None:
            abort(404, f"campaign {name!r} keeps no archive")
        return Response(png, mimetype="image/png")

    @app.get("/c/<name>/g/<h>/")
    def game(name: str, h: str):
        c, g = find(name, h)
        return render_template("game.html.j2", c=c, g=g, d=c.details(g))

    @app.get("/c/<name>/g/<h>/watch")
    def watch(name: str, h: str):
        from evogame.players.base import make_player
        from evogame.trace import trace_game

        c, g = find(name, h)
        cg = compiled_game(c, g)
        args = dict(request.args)
        seed = integer(args, "seed", 0, 10**9, 0)
        view = args.get("view", "all")
        viewer = None if view == "all" else integer(args, "view", 0, cg.nplayers - 1)
        players = [make_player("random") for _ in range(cg.nplayers)]
        events = trace_game(cg, players, seed, viewer=viewer, positions=True, max_rule_events=1000)
        return render_template(
            "watch.html.j2", c=c, g=g, events=events, seed=seed, view=view, seats=cg.nplayers
        )

    @app.get("/c/<name>/g/<h>/play")
    def play(name: str, h: str):
        c, g = find(name, h)
        cg = compiled_game(c, g)
        return render_template("play.html.j2", c=c, g=g, seats=cg.nplayers, opponents=OPPONENTS)

    @app.get("/c/<name>/g/<h>/rate")
    def rate_form(name: str, h: str):
        c, g = find(name, h)
        return render_template("rate.html.j2", c=c, g=g, defects=DEFECTS, saved=None)

    @app.post("/c/<name>/g/<h>/rate")
    def rate_page(name: str, h: str):
        c, g = find(name, h)
        rid = save_rating(c, g, body())
        return render_template("rate.html.j2", c=c, g=g, defects=DEFECTS, saved=rid)

    # --- the JSON API -----------------------------------------------------------------------

    @app.post("/api/c/<name>/g/<h>/rate")
    def rate_api(name: str, h: str):
        c, g = find(name, h)
        return jsonify({"id": save_rating(c, g, body())})

    def save_rating(c: CampaignView, g: Game, data: dict) -> int:
        rater = data.get("rater")
        if not isinstance(rater, str) or not rater.strip():
            raise BadRequest("rater: your name is needed (who rated is stored with the rating)")
        rater = rater.strip()
        if len(rater) > MAX_RATER:
            raise BadRequest(f"rater: at most {MAX_RATER} characters")
        stars = integer(data, "stars", 1, 5)
        notes = data.get("notes") or ""
        if not isinstance(notes, str) or len(notes) > MAX_NOTES:
            raise BadRequest(f"notes: text of at most {MAX_NOTES} characters")
        tags = data.get("tags") or []
        if isinstance(tags, str):
            tags = [tags]
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise BadRequest("tags: expected a list of defect tags")
        unknown = [t for t in tags if t not in DEFECTS]
        if unknown:
            raise BadRequest(f"tags: unknown {unknown} (known: {', '.join(DEFECTS)})")
        store = c.store()
        try:
            return store.add_rating(
                g.hash,
                rater,
                stars,
                notes.strip(),
                sorted(set(tags)),
                time.strftime("%Y-%m-%dT%H:%M:%S"),
            )
        finally:
            store.close()

    @app.post("/api/c/<name>/g/<h>/play")
    def open_table(name: str, h: str):
        c, g = find(name, h)
        cg = compiled_game(c, g)
        data = body()
        seat = integer(data, "seat", 0, cg.nplayers - 1, 0)
        opponent = data.get("opponent", "random")
        if opponent not in OPPONENTS:
            raise BadRequest(f"opponent: one of {', '.join(OPPONENTS)}, got {opponent!r}")
        seed = integer(data, "seed", 0, 10**9, 0)
        t = Table(cg, seat, opponent, seed, f"{c.name} {g.hash}")
        tid = tables.open(t)
        with t.lock:
            return jsonify({"table": tid, "view": t.view()})

    def table(tid: str) -> Table:
        t = tables.get(tid) if re.fullmatch(r"[0-9a-f]{16}", tid) else None
        if t is None:
            abort(404, f"no game in progress with id {tid!r} (it may have been closed)")
        return t

    @app.get("/api/table/<tid>")
    def table_view(tid: str):
        t = table(tid)
        with t.lock:
            return jsonify(t.view())

    @app.post("/api/table/<tid>/move")
    def table_move(tid: str):
        t = table(tid)
        data = body()
        with t.lock:
            if t.st.terminal:
                abort(409, "the game is over")
            n = len(t.st.options)
            option = integer(data, "option", 0, n - 1)
            t.move(option)
            return jsonify(t.view())

    @app.post("/api/table/<tid>/values")
    def table_values(tid: str):
        t = table(tid)
        data = body()
        rollouts = integer(data, "rollouts", 1, MAX_ROLLOUTS, 10)
        with t.lock:
            if t.st.terminal:
                abort(409, "the game is over")
            values = t.values(rollouts)
            return jsonify(
                {"values": {str(k): round(v, 3) for k, v in values.items()}, "rollouts": rollouts}
            )

    return app


def serve(app: Flask, port: int = 0):
    """A threaded WSGI server on 127.0.0.1:`port` (0: any free port), not yet serving:
    call ``serve_forever()``; ``server_port`` is the port it has."""
    from werkzeug.serving import make_server

    return make_server("127.0.0.1", port, app, threaded=True)
