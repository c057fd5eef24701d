"""Names made safe once, when the bot remembers them (bot.adapter.common.safe_name), and given
back as plain text for pictures (bot.core.texts.unescaped)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.adapter.common import NAME_LIMIT, member_name, safe_name
from bot.core.texts import unescaped

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
CONTROL = "\x00\x07\x1b\n\r\t\x7f\u2028\u2029"


@pytest.mark.parametrize(
    ("raw", "safe"),
    [
        ("alice", "alice"),
        ("[Free Nitro](https://x.io)", "\\[Free Nitro](https://x.io)"),  # no masked link
        ("```py", "\\`\\`\\`py"),
        ("`code`", "\\`code\\`"),
        ("*b* __u__ ~~g~~ ||s||", "\\*b\\* \\_\\_u\\_\\_ \\~\\~g\\~\\~ \\|\\|s\\|\\|"),
        ("# Heading", "\\# Heading"),
        ("-# small", "\\-# small"),
        ("> quote", "\\> quote"),
        ("back\\slash", "back\\\\slash"),
        ("@everyone", "@\u200beveryone"),
        ("@here", "@\u200bhere"),
        ("<@123456789012345678>", "\\<@\u200b123456789012345678>"),
        ("<#123456789012345678>", "\\<#123456789012345678>"),
        ("<t:1:R>", "\\<t:1:R>"),
    ],
)
def test_markdown_and_mentions_are_escaped(raw: str, safe: str) -> None:
    assert safe_name(raw) == safe
    assert unescaped(safe) == raw[:NAME_LIMIT]


def test_control_bidirectional_and_zero_width_characters_are_removed() -> None:
    assert safe_name(f"{BIDI}ev{ZERO_WIDTH}il{CONTROL}name") == "evilname"
    for char in BIDI + ZERO_WIDTH + CONTROL:
        assert safe_name(f"a{char}b") == "ab", repr(char)


def test_names_are_cut_to_discords_32_characters_before_escaping() -> None:
    # the cut leaves the link unclosed: a later ")" in the post must not close it
    assert safe_name("[Free Nitro](https://nitro.example.com/gift)") == "\\[Free Nitro](https://nitro.examp"
    assert safe_name("L" * 2000) == "L" * 32
    assert safe_name("\u202e" * 40 + "ok") == "ok"  # removed before the cut
    assert unescaped(safe_name("_" * 40)) == "_" * 32  # escaping lengthens, the name does not


def test_a_name_with_nothing_visible_falls_back_to_the_username() -> None:
    assert safe_name(ZERO_WIDTH + BIDI + "   ") == ""
    assert member_name(SimpleNamespace(display_name=ZERO_WIDTH, name="plain_user")) == "plain\\_user"
    assert member_name(SimpleNamespace(display_name="", name="")) == "a player"
