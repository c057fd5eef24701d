"""Thin Ice's words: the players' rows and the footer of the panel, the phone board's facts and
key, and the text board (the terminal's board and, without its grid, the alt text), from the
view alone, so the picture (:mod:`renderer.thin_ice`) and the texts say the same; apart from the
drawing so no module passes 800 lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.thin_ice.board import DIE_WORDS, name
from games.thin_ice.cards import BY_KEY
from games.thin_ice.state import ThinIceView, last_line
from games.words import Said, say, say_in, say_n
from renderer import legend, lettering, theme
from renderer.speech import told

#: Where a player's meeple is, in words.
STATUS_WORDS: dict[str, Said] = {
    "on ice": say("on ice"),
    "down": say("down"),
    "swimming": say("swimming"),
    "not placed": say("not placed"),
    "lost at sea": say("lost at sea"),
    "adrift": say("adrift"),
    "retired": say("retired"),
}


#: What a reaction window answers, in words (the rules' names in English).
WINDOW_WORDS: dict[str, Said] = {
    # Translators: a reaction window after a card was played ("Reaction window: card")
    "card": say_in("a Thin Ice reaction window", "card"),
    # Translators: a reaction window after the die was rolled
    "roll": say_in("a Thin Ice reaction window", "roll"),
    # Translators: a reaction window after a polar bear was rolled
    "bear": say_in("a Thin Ice reaction window", "bear"),
    # Translators: a reaction window before the polar bear chases a meeple away
    "chase": say_in("a Thin Ice reaction window", "chase"),
    # Translators: a reaction window for the meeples whose tiles went adrift
    "adrift": say_in("a Thin Ice reaction window", "adrift"),
}

#: What a pending decision waits for, in words (the rules' names in English).
DECISION_WORDS: dict[str, Said] = {
    # Translators: waiting for a player to move the polar bear ("waiting: bear")
    "bear": say_in("what a Thin Ice decision waits for", "bear"),
    # Translators: waiting for a player to push the polar bear on
    "push": say_in("what a Thin Ice decision waits for", "push"),
    # Translators: waiting for a player to crack a tile (the die's face)
    "crack": say_in("what a Thin Ice decision waits for", "crack"),
    # Translators: waiting for a player to refreeze a tile (the die's face)
    "refreeze": say_in("what a Thin Ice decision waits for", "refreeze"),
    # Translators: waiting for a player to slide a tile (the die's face)
    "slide": say_in("what a Thin Ice decision waits for", "slide"),
    # Translators: waiting for a player to say where the polar bear chases a meeple
    "chase": say_in("what a Thin Ice decision waits for", "chase"),
    # Translators: waiting for a player to say where the Kraken drives a meeple off
    "evict": say_in("what a Thin Ice decision waits for", "evict"),
    # Translators: waiting for a player to move the killer whale the Kraken displaced
    "whale": say_in("what a Thin Ice decision waits for", "whale"),
    # Translators: waiting for the players' votes (Let's vote on that)
    "vote": say_in("what a Thin Ice decision waits for", "vote"),
    # Translators: waiting for a player to keep a card (Zen moment)
    "zen": say_in("what a Thin Ice decision waits for", "zen"),
    # Translators: waiting for a player to discard down to the hand limit
    "discard": say_in("what a Thin Ice decision waits for", "discard"),
}


def in_words(words: Mapping[str, Said], key: str) -> str:
    """``key`` in words from ``words``; as it is when it has none."""
    said = words.get(key)
    return key if said is None else told(said)


# --------------------------------------------------------------------------- legend


def rows(view: ThinIceView, names: Sequence[str]) -> list[legend.LegendRow]:
    rows = []
    for s in range(view.players):
        out = view.status[s] in ("lost at sea", "adrift", "retired") and s not in view.winners
        status = in_words(STATUS_WORDS, view.status[s])
        n = view.hand_counts[s]
        rows.append(
            legend.LegendRow(
                seat=s,
                name=names[s],
                # "lost at sea" in full on its own line, not cut after the name; the hand there
                # too, so the name has the row's width
                detail=told(say("left the game"))
                if view.status[s] == "retired"
                else status
                if out
                else told(say_n("{status}, {n} card", "{status}, {n} cards", n, status=status)),
                awaited=s in view.awaited,
                winner=s in view.winners,
                out=out,
                out_label="" if view.status[s] != "retired" else told(say("left")),
            )
        )
    return rows


def footer(view: ThinIceView, *, lettered: bool = False) -> list[str]:
    """The legend's footer lines; ``lettered``: the last move's names with their seats' letters
    (the board's; the terminal's own lines name the seats by letter already)."""
    lines = [
        told(
            say(
                "Deck {deck} - discards {discards} - tiles gone {tiles}",
                deck=view.deck_size,
                discards=len(view.discard),
                tiles=len(view.tile_discard),
            )
        )
    ]
    if view.discard:
        lines.append(told(say("Top discard: {card}", card=BY_KEY[view.discard[-1]].name)))
    die = in_words(DIE_WORDS, view.die) if view.die else "-"
    if view.decision:
        decision = in_words(DECISION_WORDS, view.decision)
        lines.append(told(say("Die: {face} - waiting: {decision}", face=die, decision=decision)))
    else:
        lines.append(told(say("Die: {face}", face=die)))
    if view.window:
        window = in_words(WINDOW_WORDS, view.window)
        lines.append(told(say("Reaction window: {window}", window=window)))
    if view.chain:
        lines.append(
            told(say("In play: {cards}", cards=", ".join(told(BY_KEY[p.card].name) for p in view.chain)))
        )
    for e in view.effects:
        lines.append(f"{told(BY_KEY[e.kind].name)}: {legend.lettered(f'{{{e.owner}}}', e.owner)}")
    if view.viewer is not None:
        hand = ", ".join(told(BY_KEY[k].name) for k in view.hand) or told(say("no cards"))
        lines.append(told(say("Your hand: {cards}", cards=hand)))
        if view.peek:
            lines.append(
                told(say("You look at: {cards}", cards=", ".join(told(BY_KEY[k].name) for k in view.peek)))
            )
        if view.orders:
            orders = ", ".join(
                told(say("{card} when {trigger}", card=o.card, trigger=o.trigger))
                if o.card
                else told(say("ask me only when I can play a card"))
                if o.trigger == "playable"
                else told(say("pass"))
                for o in view.orders
            )
            lines.append(told(say("Orders: {orders}", orders=orders)))
    if view.last is not None:
        # the names stay placeholders (told later with the names), with their seats' letters
        seats = [legend.lettered(f"{{{k}}}", k) if lettered else f"{{{k}}}" for k in range(view.players)]
        lines.append(told(say("Last: {move}", move=told(last_line(view.last), seats))))
    return lines


def holding(view: ThinIceView) -> list[str]:
    """What the cards the viewer chooses with do, a line each: those in hand, those looked at
    (Zen moment), then those in play, which a hand may answer; only in a seat's own view, so no
    public text names what a hidden card does."""
    if view.viewer is None:
        return []
    played = (p.card for p in view.chain)
    return [told(BY_KEY[k].line) for k in dict.fromkeys((*view.hand, *view.peek, *played))]


def key(view: ThinIceView) -> list[str]:
    """What the phone board's marks mean."""
    return [told(KEY_WORDS)]


#: What the board's marks mean, in words (the detailed board's key card).
# Translators: W, K and the signs are the marks on the board: they stay as they are
KEY_WORDS = say(
    "Key: pale square ice, cracks in a corner cracked, dark circle hole, W killer whale,"
    " ∞ perma-ice, K kraken, a triangle partial ice (with an arrow: rotating); yellow frame:"
    " the last move's squares; orange ring: swimming; red bar: down; zz: the bear asleep"
)


def status(view: ThinIceView, names: Sequence[str]) -> str:
    return legend.status_line(rows(view, names))


# --------------------------------------------------------------------------- text

TEXT_FACE = {
    "ice": "i",
    "cracked": "c",
    "hole": "X",
    "cracked-hole": "x",
    "whale": "W",
    "perma": "#",
    "kraken": "K",
    "partial": "/",
    "cracked-partial": "%",
    "rotating": "@",
    "cracked-rotating": "&",
}


def _column_label(x: int) -> str:
    """The column part of a cell's name (``A``, ``AA``, ``-A``), as players type it."""
    return name((x, 0)).removesuffix("1")


def _row_label(y: int) -> str:
    """The row part of a cell's name (``1``, ``-1``), as players type it."""
    return name((0, y)).removeprefix("A")


def text(view: ThinIceView, names: Sequence[str], *, grid: bool = True) -> str:
    """A plain board: each square is its tile (. sea, i ice, c cracked, X hole, x cracked hole,
    W whale, # perma-ice, K kraken, / partial, @ rotating, % & cracked partial) and what stands
    on it (a player's letter, * for the bear awake, z asleep), then a key of these glyphs.
    Without ``grid``, the lines after the key, for alt text."""
    names = list(names) + legend.default_names(view.players)[len(names) :]
    faces = {cell: TEXT_FACE.get(face, "?") for cell, face, _ in view.tiles}
    on: dict[tuple[int, int], str] = {}
    for s, m in enumerate(view.meeples):
        if m is not None:
            on[m] = on.get(m, "") + theme.player(s).letter
    if view.bear is not None:
        on[view.bear] = on.get(view.bear, "") + ("*" if view.awake else "z")
    (west, north), (east, south) = view.extent  # the field, and every piece out in the sea
    margin = max(len(_row_label(y)) for y in range(north, south + 1)) + 2
    lines = ["Thin Ice"] if not grid else []
    if grid:
        lines.append(" " * margin + "".join(f"{_column_label(x):<4}" for x in range(west, east + 1)).rstrip())
        for y in range(north, south + 1):
            row = f"{_row_label(y):>{margin - 2}}  "
            for x in range(west, east + 1):
                row += f"{faces.get((x, y), '.')}{on.get((x, y), ''):<3}"
            lines.append(row.rstrip())
        # Translators: the signs and letters are the text board's: they stay as they are
        key_line = say(
            "Key: . sea, i ice, c cracked, X hole, x cracked hole, W whale, # perma-ice, K kraken,"
            " / partial, @ rotating, % & cracked partial; * bear awake, z bear asleep"
        )
        lines.append(told(key_line))
    for s in range(view.players):
        p = theme.player(s)
        mark = legend.row_mark(
            acts=s in view.awaited, won=s in view.winners, winner_symbol="W", words=not grid
        )
        n = view.hand_counts[s]
        status = in_words(STATUS_WORDS, view.status[s])
        said = say_n("{status}, {n} card", "{status}, {n} cards", n, status=status)
        lines.append(f"{mark} {p.letter} {lettering.printable(names[s])}: {told(said)}")
    lines += [told(line, names) for line in footer(view)]
    lines += holding(view)
    return "\n".join(lines)
