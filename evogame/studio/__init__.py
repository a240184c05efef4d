"""`evogame studio`: a local web application over campaigns (read, watch, play, rate).

`campaign` reads a campaign folder (best/ in its parts, each game's rules in English and
its difference from its nearest seed); `table` holds the games people play in the
browser; `app` is the Flask application and its loopback server.
"""
