"""What Discord refuses in the slash commands an application registers, localizations included
(interactions/application-commands.mdx of github.com/discord/discord-api-docs, under developers/:
"Application Command Naming", "Localization", the command and option structures and the
8,000-character limit; reference.mdx, "Locales"). Discord answers such a sync 400 with code
50035 (Invalid Form Body); :func:`command_breaches` returns what is wrong, one line per breach.

- A slash command's, subcommand's or option's name, and each of its localizations: 1 to 32
  characters of ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lowercase wherever the letter
  has a lowercase form.
- Descriptions and their localizations: 1 to 100 characters; choice names and theirs: 1 to 100.
- Localization keys: Discord's locales only.
- Names are unique among siblings (the commands, a group's subcommands, a command's options) in
  every locale, where a name without a localization is its default; and a localized option name
  differs from the default names of the command's other options.
- A command's names, descriptions and choice names and values add up to at most 8,000 characters,
  each field counted at its longest localization.

Discord also ignores a localization identical to the default (:func:`without_default_copies`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import regex

NAME = regex.compile(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
DESCRIPTION_CHARACTERS = 100
CHOICE_CHARACTERS = 100
COMMAND_CHARACTERS = 8000
CHAT_INPUT = 1
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
#: reference.mdx, "Locales"
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)


def command_breaches(commands: list[dict[str, Any]]) -> list[str]:
    """What Discord would refuse in a bulk overwrite of ``commands`` (see the module docstring)."""
    found = _sibling_breaches(
        "the commands", [c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    )
    for command in commands:
        if command.get("type", CHAT_INPUT) != CHAT_INPUT:
            continue
        where = f"/{command.get('name')}"
        found += _entry_breaches(where, command)
        size = _size(command)
        if size > COMMAND_CHARACTERS:
            found.append(f"{where}: {size} characters in all (at most {COMMAND_CHARACTERS})")
    return found


def without_default_copies(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``commands`` as Discord keeps them: a localization identical to its default dropped."""
    return [_kept(command) for command in commands]


def _kept(entry: dict[str, Any]) -> dict[str, Any]:
    out = dict(entry)
    for field in ("name", "description"):
        localized = out.get(f"{field}_localizations")
        if localized:
            out[f"{field}_localizations"] = {k: v for k, v in localized.items() if v != out.get(field)}
    for key in ("options", "choices"):
        if out.get(key):
            out[key] = [_kept(item) for item in out[key]]
    return out


def _entry_breaches(where: str, entry: dict[str, Any]) -> list[str]:
    """A command's or an option's own name and description, then its options and choices."""
    found = [f"{where}: {problem}" for problem in _name_problems(entry)]
    found += [
        f"{where}: {problem}" for problem in _text_problems(entry, "description", DESCRIPTION_CHARACTERS)
    ]
    options = entry.get("options") or []
    found += _sibling_breaches(f"the options of {where}", options)
    if not any(o.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP) for o in options):
        found += _option_name_clashes(where, options)
    for option in options:
        found += _entry_breaches(f"{where} {option.get('name')}", option)
    for choice in entry.get("choices") or []:
        found += [f"{where} choice: {p}" for p in _text_problems(choice, "name", CHOICE_CHARACTERS)]
    return found


def _name_problems(entry: dict[str, Any]) -> list[str]:
    names = {"default": entry.get("name", ""), **(entry.get("name_localizations") or {})}
    problems = [f"locale {locale!r} is not one of Discord's" for locale in _bad_locales(entry)]
    for locale, name in names.items():
        if not isinstance(name, str) or not NAME.match(name):
            problems.append(f"name {name!r} ({locale}) is not 1-32 letters, digits, - or _")
        elif name != name.lower():
            problems.append(f"name {name!r} ({locale}) is not in lowercase")
    return problems


def _text_problems(entry: dict[str, Any], field: str, most: int) -> list[str]:
    texts = {"default": entry.get(field, ""), **(entry.get(f"{field}_localizations") or {})}
    problems = [f"locale {locale!r} is not one of Discord's" for locale in _bad_locales(entry, field)]
    for locale, text in texts.items():
        if not isinstance(text, str) or not 1 <= len(text) <= most:
            problems.append(
                f"{field} ({locale}) of {len(str(text))} characters (1-{most}): {str(text)[:40]!r}"
            )
    return problems


def _bad_locales(entry: dict[str, Any], field: str = "name") -> list[str]:
    return sorted(set(entry.get(f"{field}_localizations") or {}) - LOCALES)


def _sibling_breaches(where: str, siblings: list[dict[str, Any]]) -> list[str]:
    """Two siblings with one name in some locale (a missing localization is the default name)."""
    found = []
    for locale in sorted({"default"} | {k for s in siblings for k in s.get("name_localizations") or {}}):
        seen: dict[str, str] = {}
        for sibling in siblings:
            name = _name_in(sibling, locale)
            if name in seen:
                found.append(
                    f"{where}: {seen[name]!r} and {sibling.get('name')!r} are both {name!r} in {locale}"
                )
            seen[name] = str(sibling.get("name"))
    return found


def _option_name_clashes(where: str, options: list[dict[str, Any]]) -> list[str]:
    """A localized option name equal to another option's default name."""
    defaults = {str(o.get("name")) for o in options}
    return [
        f"{where}: option {option.get('name')!r} is {name!r} in {locale}, another option's name"
        for option in options
        for locale, name in (option.get("name_localizations") or {}).items()
        if name in defaults - {option.get("name")}
    ]


def _name_in(entry: dict[str, Any], locale: str) -> str:
    return str((entry.get("name_localizations") or {}).get(locale, entry.get("name")))


def _size(entry: dict[str, Any]) -> int:
    """Characters toward the 8,000: each name and description at its longest localization."""
    total = sum(_longest(entry, field) for field in ("name", "description"))
    for choice in entry.get("choices") or []:
        total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total + sum(_size(option) for option in entry.get("options") or [])


def _longest(entry: dict[str, Any], field: str) -> int:
    texts = [str(entry.get(field, "")), *(entry.get(f"{field}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def walk(entries: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every command, option and choice of ``entries``, depth first."""
    for entry in entries:
        yield entry
        yield from walk(entry.get("options") or [])
        yield from walk(entry.get("choices") or [])
