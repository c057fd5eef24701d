"""``python -m bot``: the same as the ``floe`` command (alone, it runs the Discord bot)."""

from __future__ import annotations

from bot.terminal.cli import main

raise SystemExit(main())
