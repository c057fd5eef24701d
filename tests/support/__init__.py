"""What the tests and the benchmarks share: the strict Discord the end-to-end tests run on
(``strict_discord``), the driver that plays through it as users do (``driver``), the simulated
players' scores (``brains``) and a busy server (``busy_server``). A test module imports helpers
from here, never from another test module."""
