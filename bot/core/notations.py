"""The session's own notations in the action log (not game actions), apart so that the log's
readers (:mod:`bot.core.replay`, :mod:`bot.core.visibility`, the digests) share them without
importing one another."""

#: A seat leaving the game.
RESIGN = "resign"
#: Taking back the newest action still in force.
UNDO = "undo"
