"""What the tests and the benchmarks share: the strict Discord the end-to-end tests run on
(``strict_discord``), the driver that plays through it as users do (``driver``), the simulated
players' scores (``brains``), a busy server (``busy_server``), the computer players' playouts
(``ai_play``), the boards' layout and movement checks (``board_layout``, ``board_movement``),
stored games (``stored_games``), databases as older versions left them (``old_databases``),
the statements a store sends, counted (``round_trips``), the golden playthroughs
(``playthroughs``), each game's positions built directly (``ice_hike``, ``ice_lake``,
``ice_team``, ``polar_derby``, ``thin_ice``) and the core's session service and tables
(``core``). A test module imports helpers from here (or the throwaway PostgreSQL server,
``tests.pg_server``), never from another tests folder (tests/test_layers.py)."""
