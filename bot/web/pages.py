"""A game's page as HTML, its live data as JSON, and the one stylesheet and script they use.

Everything is served by the web front end itself (no CDN, no web font, nothing to build with
npm); the page reads without its script (the current board, whose turn, the players, the log),
and the script adds the replay scrubber and the live updates. Texts are escaped here, once:
names and narration come from players.

The page's own words (headings, buttons, labels) are told in the page's language, like what the
games say on it; the script, the same for every language, finds the words it writes in the page
(``page-words``, :func:`script_words`).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from html import escape
from typing import Any

from bot.core.catalogue import Language, Said, language, say, tell
from bot.core.languages import SOURCE_LANGUAGE
from bot.core.spectators import Page, Player


def not_found_html(code: str = SOURCE_LANGUAGE) -> str:
    """The short page of every address that is not a page, told in ``code``."""
    words = language(code)
    title = escape(tell(say("Not found"), (), words))
    told = escape(tell(say("Not found."), (), words))
    return f"<!doctype html><title>{title}</title><p>{told}</p>\n"


NOT_FOUND = not_found_html()


def when(at: float | None) -> str:
    """A time as the page prints it (UTC; the script shows it in the reader's time zone)."""
    if at is None:
        return ""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def page_data(page: Page) -> dict[str, Any]:
    """The page as the live stream sends it."""
    return {
        "title": page.title,
        "status": page.status,
        "players": [{"name": p.name, "awaited": p.awaited, "computer": p.computer} for p in page.players],
        "turn": list(page.turn),
        "since": when(page.since),
        "since_iso": iso(page.since) if page.since is not None else "",
        "log": [
            {
                "n": line.number,
                "at": when(line.at),
                "iso": iso(line.at),
                "who": line.who,
                "move": line.notation,
                "said": line.narration,
            }
            for line in page.log
        ],
        "result": page.result,
        "frames": list(page.frames),
        "animated": sorted(page.animated),
        "version": page.version,
    }


def encoded(page: Page) -> str:
    """The page's data as one line of JSON (the same page always gives the same text)."""
    return json.dumps(page_data(page), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def said(text: Said, words: Language) -> str:
    """``text`` in ``words``, escaped for HTML. A placeholder with no value stays ``{name}``, for
    the page (or its script) to fill with markup."""
    return escape(tell(text, (), words))


#: The words the script writes (:data:`JS`), by its name for them: told in the page's language.
SCRIPT_WORDS: dict[str, Said] = {
    "movement": say("The movement, animated"),
    "play": say("Play"),
    "pause": say("Pause"),
    "lobby": say("The game has not started yet."),
    "over": say("Game over. {result}"),
    "waiting": say("Waiting for:"),
    "waiting_since": say("Waiting since {since} for:"),
    "computer": say("{name} (computer)"),
    "awaited": say("{name} — awaited"),
    "players": say("Players"),
    "log": say("Log"),
    "no_moves": say("No moves yet."),
}


#: The page's other words, by what they name.
PAGE_WORDS: dict[str, Said] = {
    "turn": say("Whose turn"),
    "replay": say("Board and replay"),
    "movement": say("The movement"),
    "previous": say("Previous move"),
    "next": say("Next move"),
    "latest": say("Latest"),
    "at": say("Move {at} of {last}"),
    "permalink": say("Link to this move"),
    # Translators: the keys as their caps name them on a keyboard of the language.
    "keys": say("Keys: ← and → step through the moves, Home and End jump to the start and the latest."),
}


def script_words(words: Language) -> dict[str, str]:
    """:data:`SCRIPT_WORDS` in ``words`` (not escaped: the script writes them as text)."""
    return {name: tell(text, (), words) for name, text in SCRIPT_WORDS.items()}


def status_line(page: Page, words: Language | None = None) -> str:
    words = words or language(page.language)
    if page.status == "lobby":
        return tell(SCRIPT_WORDS["lobby"], (), words)
    if page.result:
        if page.status == "finished":
            return tell(say("Game over. {result}", result=page.result), (), words)
        return page.result
    return ""


def page_html(token: str, page: Page, frame: int, alt: str) -> str:
    """The whole page, showing ``frame`` (its board's alt text ``alt``)."""
    base = f"/g/{token}"
    lang = escape(page.language)
    title = escape(page.title)
    words = language(page.language)
    parts = [
        "<!doctype html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{title} · Floe</title>",
        '<link rel="stylesheet" href="/static/floe.css">',
        '<script src="/static/floe.js" defer></script>',
        "</head><body>",
        f'<main id="game" data-base="{base}" data-frame="{frame}" data-lang="{lang}">',
        f"<h1>{title}</h1>",
        f'<p id="status" role="status" aria-live="polite">{escape(status_line(page, words))}</p>',
        f'<section id="turn" aria-label="{said(PAGE_WORDS["turn"], words)}">',
        turn_html(page, words),
        "</section>",
    ]
    if page.frames:
        parts += replay_html(base, page, frame, alt, words)
    players, log = said(SCRIPT_WORDS["players"], words), said(SCRIPT_WORDS["log"], words)
    parts += [
        f'<section id="players" aria-label="{players}"><h2>{players}</h2>',
        players_html(page, words),
        "</section>",
        f'<section id="log" aria-label="{log}"><h2>{log}</h2>',
        log_html(page, words),
        "</section>",
        '<script type="application/json" id="page-data">'
        + encoded(page).replace("<", "\\u003c")
        + "</script>",
        '<script type="application/json" id="page-words">'
        + json.dumps(script_words(words), sort_keys=True, ensure_ascii=False).replace("<", "\\u003c")
        + "</script>",
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n"


#: Where the page shows the phone board (Discord's) instead of the one with the panel, whose
#: small print a phone's width makes unreadable.
NARROW = "(max-width: 40rem)"


def replay_html(base: str, page: Page, frame: int, alt: str, words: Language) -> list[str]:
    """The board of ``frame`` (its alt text ``alt``), its animation and the replay's controls."""
    told = f"&amp;lang={escape(page.language)}"  # the pictures in the page's language
    last = len(page.frames) - 1
    caption = escape(page.frames[frame])
    play = said(SCRIPT_WORDS["play"], words)
    at = said(PAGE_WORDS["at"], words)
    at = at.replace("{at}", f'<output id="at">{frame}</output>').replace(
        "{last}", f'<span id="last">{last}</span>'
    )
    return [
        f'<section id="replay" aria-label="{said(PAGE_WORDS["replay"], words)}">',
        '<figure id="board"><picture>',
        f'<source id="board-phone" media="{NARROW}" srcset="{base}/phone/{frame}.png?v={page.version}{told}">',
        f'<img id="board-img" src="{base}/board/{frame}.png?v={page.version}{told}" alt="{escape(alt)}">',
        "</picture>",
        f'<figcaption id="caption">{caption}</figcaption>',
        "</figure>",
        f'<figure id="movement"{"" if frame in page.animated else " hidden"}>',
        f'<img id="movement-img" src="{base}/moves/{frame}.gif?v={page.version}{told}" '
        f'alt="{said(SCRIPT_WORDS["movement"], words)}">'
        if frame in page.animated
        else '<img id="movement-img" alt="">',
        f"<figcaption>{said(PAGE_WORDS['movement'], words)}</figcaption></figure>",
        '<div id="scrubber" class="controls">',
        f'<button type="button" id="prev" aria-label="{said(PAGE_WORDS["previous"], words)}">◀</button>',
        f'<button type="button" id="play" aria-label="{play}">▶ {play}</button>',
        f'<button type="button" id="next" aria-label="{said(PAGE_WORDS["next"], words)}">▶</button>',
        f'<button type="button" id="latest">{said(PAGE_WORDS["latest"], words)}</button>',
        f'<label for="slider">{at}</label>',
        f'<input type="range" id="slider" min="0" max="{last}" value="{frame}">',
        f'<a id="permalink" href="{base}?move={frame}">{said(PAGE_WORDS["permalink"], words)}</a>',
        "</div>",
        f'<p class="hint">{said(PAGE_WORDS["keys"], words)}</p>',
        "</section>",
    ]


def turn_html(page: Page, words: Language | None = None) -> str:
    if not page.turn:
        return ""
    words = words or language(page.language)
    if page.since:
        waiting = said(SCRIPT_WORDS["waiting_since"], words)
        waiting = waiting.replace("{since}", f'<time datetime="{iso(page.since)}">{when(page.since)}</time>')
    else:
        waiting = said(SCRIPT_WORDS["waiting"], words)
    items = "".join(f"<li>{escape(line)}</li>" for line in page.turn)
    return f"<p>{waiting}</p><ul>{items}</ul>"


def players_html(page: Page, words: Language | None = None) -> str:
    words = words or language(page.language)
    items = []
    for p in page.players:
        shown = p.name
        if marked_computer(p):
            shown = tell(say("{name} (computer)", name=shown), (), words)
        if p.awaited:
            shown = tell(say("{name} — awaited", name=shown), (), words)
        items.append(f"<li>{escape(shown)}</li>")
    return f"<ol>{''.join(items)}</ol>"


def marked_computer(player: Player) -> bool:
    """Whether the list marks ``player`` a computer: a computer's name already says it ("Floe
    (normal)", :func:`bot.core.computer_seats.computer_name`), so the list says it once."""
    return player.computer and not player.name.endswith(")")


def log_html(page: Page, words: Language | None = None) -> str:
    if not page.log:
        return f"<p>{said(SCRIPT_WORDS['no_moves'], words or language(page.language))}</p>"
    items = []
    for line in page.log:
        narration = f" — {escape(line.narration)}" if line.narration else ""
        items.append(
            f'<li value="{line.number}"><time datetime="{iso(line.at)}">{when(line.at)}</time> '
            f"{escape(line.who)}: <code>{escape(line.notation)}</code>{narration}</li>"
        )
    return f"<ol>{''.join(items)}</ol>"


CSS = """\
:root { color-scheme: light dark; --accent: #0072b2; }
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 0.5rem 1rem;
  line-height: 1.4; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.2rem; }
figure { margin: 0.5rem 0; }
img { max-width: 100%; height: auto; display: block; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.controls input[type=range] { flex: 1 1 12rem; min-width: 8rem; }
button { font: inherit; padding: 0.4rem 0.8rem; min-height: 2.75rem; min-width: 2.75rem; }
a, button, input { outline-offset: 2px; }
:focus-visible { outline: 3px solid var(--accent); }
.hint { font-size: 0.9rem; opacity: 0.8; }
#log ol { padding-left: 2.5rem; }
#log li { margin-bottom: 0.3rem; overflow-wrap: anywhere; white-space: pre-line; }
[hidden] { display: none !important; }
"""

JS = """\
'use strict';
(function () {
  const main = document.getElementById('game');
  if (!main) return;
  const base = main.dataset.base;
  const told = '&lang=' + encodeURIComponent(main.dataset.lang || 'en');
  const words = JSON.parse(document.getElementById('page-words').textContent);
  let page = JSON.parse(document.getElementById('page-data').textContent);
  let frame = Number(main.dataset.frame);
  let follow = frame === page.frames.length - 1;
  let timer = null;
  const $ = (id) => document.getElementById(id);
  const el = (tag, text) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; };

  function last() { return page.frames.length - 1; }

  function show(n, focus) {
    if (!page.frames.length) return;
    frame = Math.max(0, Math.min(last(), n));
    follow = frame === last();
    const img = $('board-img');
    $('board-phone').srcset = base + '/phone/' + frame + '.png?v=' + page.version + told;
    img.src = base + '/board/' + frame + '.png?v=' + page.version + told;
    fetch(base + '/frame/' + frame + '.json?v=' + page.version + told)
      .then((r) => r.ok ? r.json() : null)
      .then((info) => { if (info && info.frame === frame) img.alt = info.alt; });
    $('caption').textContent = page.frames[frame];
    const moving = page.animated.indexOf(frame) >= 0;
    $('movement').hidden = !moving;
    if (moving) { $('movement-img').src = base + '/moves/' + frame + '.gif?v=' + page.version + told; $('movement-img').alt = words.movement; }
    $('slider').max = String(last());
    $('slider').value = String(frame);
    $('at').textContent = String(frame);
    $('last').textContent = String(last());
    $('permalink').href = base + '?move=' + frame;
    history.replaceState(null, '', base + '?move=' + frame);
    if (frame >= last()) stop();
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    const play = $('play');
    if (play) { play.textContent = '▶ ' + words.play; play.setAttribute('aria-label', words.play); }
  }

  function play() {
    if (timer !== null) { stop(); return; }
    if (frame >= last()) show(0);
    timer = setInterval(() => show(frame + 1), 1000);
    $('play').textContent = '⏸ ' + words.pause;
    $('play').setAttribute('aria-label', words.pause);
  }

  function render() {
    let status = '';
    if (page.status === 'lobby') status = words.lobby;
    else if (page.result) status = page.status === 'finished' ? words.over.replace('{result}', () => page.result) : page.result;
    $('status').textContent = status;
    const turn = $('turn');
    turn.replaceChildren();
    if (page.turn.length) {
      const p = el('p', page.since ? words.waiting_since.replace('{since}', () => page.since) : words.waiting);
      const ul = el('ul');
      page.turn.forEach((line) => ul.appendChild(el('li', line)));
      turn.append(p, ul);
    }
    const players = el('ol');
    page.players.forEach((p) => {
      let shown = p.computer && !p.name.endsWith(')') ? words.computer.replace('{name}', () => p.name) : p.name;
      if (p.awaited) shown = words.awaited.replace('{name}', () => shown);
      players.appendChild(el('li', shown));
    });
    $('players').replaceChildren(el('h2', words.players), players);
    const log = $('log');
    if (!page.log.length) { log.replaceChildren(el('h2', words.log), el('p', words.no_moves)); return; }
    const ol = el('ol');
    page.log.forEach((line) => {
      const li = el('li');
      li.value = line.n;
      const t = el('time', line.at); t.dateTime = line.iso;
      li.append(t, ' ' + line.who + ': ', el('code', line.move), line.said ? ' — ' + line.said : '');
      ol.appendChild(li);
    });
    log.replaceChildren(el('h2', words.log), ol);
  }

  if (page.frames.length) {
    $('prev').addEventListener('click', () => { stop(); show(frame - 1); });
    $('next').addEventListener('click', () => { stop(); show(frame + 1); });
    $('latest').addEventListener('click', () => { stop(); show(last()); });
    $('play').addEventListener('click', play);
    $('slider').addEventListener('input', () => { stop(); show(Number($('slider').value)); });
    document.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1 };
      if (e.key in moves) { e.preventDefault(); stop(); show(frame + moves[e.key]); }
      else if (e.key === 'Home') { e.preventDefault(); stop(); show(0); }
      else if (e.key === 'End') { e.preventDefault(); stop(); show(last()); }
    });
  }

  if (window.EventSource) {
    const source = new EventSource(base + '/events?' + told.slice(1));
    source.addEventListener('page', (e) => {
      const next = JSON.parse(e.data);
      const hadFrames = page.frames.length > 0;
      page = next;
      if (!hadFrames && page.frames.length) { location.reload(); return; }
      render();
      if (follow) show(last()); else show(frame);
    });
  }
})();
"""
