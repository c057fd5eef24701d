"""The web front end (``floe web``, or ``floe run`` with ``WEB_PORT``): a page per game for
spectators, live, with a replay scrubber.

It reaches games, pictures and the database only through :mod:`bot.core` (the layer test checks
it): :mod:`bot.core.spectators` decides what a page may show. ``serve.py`` is its composition root
(it opens the store); ``app.py`` the aiohttp routes; ``live.py`` the server-sent events;
``pages.py`` the HTML, CSS and script (no external resources, nothing to build).
"""
