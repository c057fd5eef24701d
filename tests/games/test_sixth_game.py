"""A sixth game needs no edit in any test file: with the throwaway game of tests/support/toy
registered (the plugin tests/support/sixth_game.py), every test module that loops over the games
runs its checks over it too, and they pass. A module whose loop kept a list of names of its own
would run none for it, and this test says which."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from tests.support.toy import REGISTRATION

ROOT = Path(__file__).resolve().parents[2]

#: The modules whose tests loop over the registered games (or over those declaring a capability).
LOOPS = (
    "tests/games/test_capabilities.py",
    "tests/games/test_conformance.py",
    "tests/games/test_declared_hooks.py",
    "tests/games/test_presentation.py",
    "tests/renderer/test_alt_text.py",
    "tests/core/test_public_traces.py",
    "tests/web/test_web_secrecy.py",
)


def test_every_loop_over_the_games_runs_and_passes_for_a_sixth_game(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    name = REGISTRATION.game.name
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "tests.support.sixth_game",
        "-p",
        "no:cacheprovider",
    ]
    command += ["-p", "no:xdist", "-k", name, f"--junitxml={report}", *LOOPS]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:]
    ran: Counter[str] = Counter()
    for case in ET.parse(report).iter("testcase"):
        if case.find("skipped") is None:
            ran[case.get("classname", "").replace(".", "/") + ".py"] += 1
    missing = [module for module in LOOPS if not ran[module]]
    assert not missing, f"no check ran for {name} in {missing}: a list of games kept by hand?"
