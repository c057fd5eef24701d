"""Leagues: a season of tables of one game in a server, paired, opened and scored by the bot.

* :mod:`~bot.core.leagues.scoring`: points by place, byes, unfinished tables, tie-breaks and
  standings (RULINGS.md, "Leagues");
* :mod:`~bot.core.leagues.pairing`: who sits at which table each round (Swiss, round robin).

Both are plain functions of what they are given, with no store and no clock.
"""
