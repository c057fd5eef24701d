"""A game's page as HTML, its live data as JSON, and the one stylesheet and script they use.

Everything is served by the web front end itself (no CDN, no web font, nothing to build with
npm); the page reads without its script (the current board, whose turn, the players, the log),
and the script adds the replay scrubber and the live updates. Texts are escaped here, once:
names and narration come from players.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from html import escape
from typing import Any

from bot.core.spectators import Page

NOT_FOUND = "<!doctype html><title>Not found</title><p>Not found.</p>\n"


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


def status_line(page: Page) -> str:
    if page.status == "lobby":
        return "The game has not started yet."
    if page.result:
        return "Game over. " + page.result if page.status == "finished" else page.result
    return ""


def page_html(token: str, page: Page, frame: int, alt: str) -> str:
    """The whole page, showing ``frame`` (its board's alt text ``alt``)."""
    base = f"/g/{token}"
    lang = escape(page.language)
    told = f"&amp;lang={lang}"  # the pictures in the page's language
    title = escape(page.title)
    last = len(page.frames) - 1
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
        f'<p id="status" role="status" aria-live="polite">{escape(status_line(page))}</p>',
        '<section id="turn" aria-label="Whose turn">',
        turn_html(page),
        "</section>",
    ]
    if page.frames:
        caption = escape(page.frames[frame])
        parts += [
            '<section id="replay" aria-label="Board and replay">',
            '<figure id="board">',
            f'<img id="board-img" src="{base}/board/{frame}.png?v={page.version}{told}" alt="{escape(alt)}">',
            f'<figcaption id="caption">{caption}</figcaption>',
            "</figure>",
            f'<figure id="movement"{"" if frame in page.animated else " hidden"}>',
            f'<img id="movement-img" src="{base}/moves/{frame}.gif?v={page.version}{told}" '
            'alt="The movement, animated">'
            if frame in page.animated
            else '<img id="movement-img" alt="">',
            "<figcaption>The movement</figcaption></figure>",
            '<div id="scrubber" class="controls">',
            '<button type="button" id="prev" aria-label="Previous move">◀</button>',
            '<button type="button" id="play" aria-label="Play">▶ Play</button>',
            '<button type="button" id="next" aria-label="Next move">▶</button>',
            '<button type="button" id="latest">Latest</button>',
            f'<label for="slider">Move <output id="at">{frame}</output> of '
            f'<span id="last">{last}</span></label>',
            f'<input type="range" id="slider" min="0" max="{last}" value="{frame}">',
            f'<a id="permalink" href="{base}?move={frame}">Link to this move</a>',
            "</div>",
            '<p class="hint">Keys: ← and → step through the moves, Home and End jump to the start '
            "and the latest.</p>",
            "</section>",
        ]
    parts += [
        '<section id="players" aria-label="Players"><h2>Players</h2>',
        players_html(page),
        "</section>",
        '<section id="log" aria-label="Log"><h2>Log</h2>',
        log_html(page),
        "</section>",
        '<script type="application/json" id="page-data">'
        + encoded(page).replace("<", "\\u003c")
        + "</script>",
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n"


def turn_html(page: Page) -> str:
    if not page.turn:
        return ""
    since = f' since <time datetime="{iso(page.since)}">{when(page.since)}</time>' if page.since else ""
    items = "".join(f"<li>{escape(line)}</li>" for line in page.turn)
    return f"<p>Waiting{since} for:</p><ul>{items}</ul>"


def players_html(page: Page) -> str:
    items = []
    for p in page.players:
        marks = (" (computer)" if p.computer else "") + (" — awaited" if p.awaited else "")
        items.append(f"<li>{escape(p.name)}{escape(marks)}</li>")
    return f"<ol>{''.join(items)}</ol>"


def log_html(page: Page) -> str:
    if not page.log:
        return "<p>No moves yet.</p>"
    items = []
    for line in page.log:
        said = f" — {escape(line.narration)}" if line.narration else ""
        items.append(
            f'<li value="{line.number}"><time datetime="{iso(line.at)}">{when(line.at)}</time> '
            f"{escape(line.who)}: <code>{escape(line.notation)}</code>{said}</li>"
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
    img.src = base + '/board/' + frame + '.png?v=' + page.version + told;
    fetch(base + '/frame/' + frame + '.json?v=' + page.version + told)
      .then((r) => r.ok ? r.json() : null)
      .then((info) => { if (info && info.frame === frame) img.alt = info.alt; });
    $('caption').textContent = page.frames[frame];
    const moving = page.animated.indexOf(frame) >= 0;
    $('movement').hidden = !moving;
    if (moving) { $('movement-img').src = base + '/moves/' + frame + '.gif?v=' + page.version + told; $('movement-img').alt = 'The movement, animated'; }
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
    if (play) { play.textContent = '▶ Play'; play.setAttribute('aria-label', 'Play'); }
  }

  function play() {
    if (timer !== null) { stop(); return; }
    if (frame >= last()) show(0);
    timer = setInterval(() => show(frame + 1), 1000);
    $('play').textContent = '⏸ Pause';
    $('play').setAttribute('aria-label', 'Pause');
  }

  function render() {
    let status = '';
    if (page.status === 'lobby') status = 'The game has not started yet.';
    else if (page.result) status = page.status === 'finished' ? 'Game over. ' + page.result : page.result;
    $('status').textContent = status;
    const turn = $('turn');
    turn.replaceChildren();
    if (page.turn.length) {
      const p = el('p', 'Waiting' + (page.since ? ' since ' + page.since : '') + ' for:');
      const ul = el('ul');
      page.turn.forEach((line) => ul.appendChild(el('li', line)));
      turn.append(p, ul);
    }
    const players = el('ol');
    page.players.forEach((p) => players.appendChild(el('li', p.name + (p.computer ? ' (computer)' : '') + (p.awaited ? ' — awaited' : ''))));
    $('players').replaceChildren(el('h2', 'Players'), players);
    const log = $('log');
    if (!page.log.length) { log.replaceChildren(el('h2', 'Log'), el('p', 'No moves yet.')); return; }
    const ol = el('ol');
    page.log.forEach((line) => {
      const li = el('li');
      li.value = line.n;
      const t = el('time', line.at); t.dateTime = line.iso;
      li.append(t, ' ' + line.who + ': ', el('code', line.move), line.said ? ' — ' + line.said : '');
      ol.appendChild(li);
    });
    log.replaceChildren(el('h2', 'Log'), ol);
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
