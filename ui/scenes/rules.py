"""The rules of the game being set up, in words: the preset with the menu's choices (the chosen target and
etiquette, not the preset's defaults), each option as a sentence a player understands — never a raw option key.

``rule_sentences`` reads the ``Rules`` object (rules are data: it asks the options, never the preset's name); a
sentence that differs from the official Moscow rules is marked, so a house variant stands out. For three players
(``rules.players``) a sentence has its own words where the game differs (a ``rw3_`` key: sides, halves, the claim,
the deal for three; docs/rules.md "Three players"), and the page adds what only three have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.cards import PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH
from game.counts import player_count
from game.rules import PRESETS, Rules
from ui.i18n import has, preset_name, rank_letter, sequence_words, tr, tr_for
from ui.i18n import tr as _tr
from ui.scenes.base import Scene
from ui.widgets.felt import felt

if TYPE_CHECKING:
    from ui.app import App

# the options whose sentence is not compared with the Moscow rules (the player chose them in the menu)
_CHOSEN = frozenset({"target", "etiquette", "players", "cards"})  # "cards": the card table, the same in all rules


def rules_for(preset: str, target: int, etiquette: str, players: int = 2) -> Rules:
    """The rules a new game from the menu would get (as ``GameController.new_game`` builds them); ValueError when
    the engine does not define the preset for three (the menu says why, as for a new game)."""
    base = PRESETS.get(preset, PRESETS["moscow"])
    return base.with_options(target=target if base.target else 0, etiquette=etiquette, players=players)


def rule_sentences(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Sections of (option, sentence) in the current language, in the order a player meets them."""
    words = player_count(rules.players).words

    def tr(key: str, **kw: object) -> str:  # the words for three where they differ («оба» → «все трое»)
        own = f"rw{words}_{key[3:]}"
        return _tr(own if key.startswith("rw_") and has(own) else key, **kw)

    def own(name: str) -> list[tuple[str, str]]:  # a paragraph only this count has («rw3_deal»: three's deal)
        key = f"rw{words}_{name}"
        return [("players", _tr(key))] if has(key) else []

    single = rules.target <= 0
    game: list[tuple[str, str]] = []
    if single:
        game.append(("target", tr("rw_single")))
        game.append(("single_deal_tie", tr(f"rw_tie_{rules.single_deal_tie.value}")))
        if rules.bidder_loss_stake > 1:
            game.append(("bidder_loss_stake", tr("rw_stake", count=rules.bidder_loss_stake)))
    else:
        game.append(("target", tr("rw_target", count=rules.target)))  # genitive after «до»: до 501 очка, до 300 очков
        game.append(("claim_required", tr("rw_claim" if rules.claim_required else "rw_no_claim", target=rules.target)))
        game.append(("both_reach", tr(f"rw_both_{rules.both_reach.value}")))
    if rules.offer_fifty:
        game.append(("offer_fifty", tr("rw_offer")))
    if rules.gap_end:
        game.append(("gap_end", tr("rw_gap_end", count=rules.gap_end)))
    if rules.dave:
        game.append(("dave", tr("rw_dave")))
    game.append(("etiquette", tr(f"rw_etiquette_{rules.etiquette.value}")))
    game += own("not_for_three")  # for three: what the new-game screen does not offer, and why
    bidding = [*own("deal"), *own("order")]
    bidding += [
        ("round2", tr(f"rw_round2_{rules.round2.value}")),
        *([] if single else [("next_dealer", tr(f"rw_next_{rules.next_dealer.value}"))]),
        ("first_lead", tr(f"rw_lead_{rules.first_lead.value}")),
        ("seven_swap", tr("rw_swap" if rules.seven_swap else "rw_no_swap")),
        ("four_sevens_redeal", tr("rw_sevens" if rules.four_sevens_redeal else "rw_no_sevens")),
    ]
    sequences = [("players", tr("rw_seq_what"))]  # what a sequence is and when it is said (a newcomer's question)
    sequences += own("sides")
    sequences += [
        ("equal_sequences", tr(f"rw_equal_{rules.equal_sequences.value}")),
        ("sequences_need_trick", tr("rw_need_trick" if rules.sequences_need_trick else "rw_no_need_trick")),
        ("sequence_order", tr(f"rw_order_{rules.sequence_order.value}")),
        ("belle_when", tr(f"rw_belle_{rules.belle_when.value}")),
        ("belle_protection", tr(f"rw_belle_protection_{rules.belle_protection.value}")),
    ]
    bait: list[tuple[str, str]] = own("bait")
    if not single:
        bait.append(("hanging", tr(f"rw_hanging_{rules.hanging.value}")))
    if rules.bait_penalty_from and rules.bait_penalty and not single:  # one deal has no third bait
        key, pts = f"rw_bait_penalty_{rules.bait_count.value}", rules.bait_penalty
        bait.append(("bait_penalty_from", tr(key, n=rules.bait_penalty_from, count=pts)))
    if rules.ski_penalty:
        bait.append(("ski_penalty", tr("rw_ski", count=rules.ski_penalty)))
    cards = [("cards", tr("rw_order_trump", cards=card_order(TRUMP_STRENGTH, TRUMP_POINTS)))]
    cards.append(("cards", tr("rw_order_plain", cards=card_order(PLAIN_STRENGTH, PLAIN_POINTS))))
    cards.append(("players", tr("rw_cards_in_play", played=9 * rules.players)))  # why a deal adds up to ~100
    sections = [("rw_sec_cards", cards), ("rw_sec_game", game), ("rw_sec_bidding", bidding)]
    sections.append(("rw_sec_sequences", sequences))
    if bait:
        sections.append(("rw_sec_bait", bait))
    return [(tr(key), lines) for key, lines in sections]


EXAMPLE = "moscow-bait.json"  # the sample whose first deal the page adds up


def worked_example(players: int) -> str | None:
    """A deal of the samples added up as the sheet does — cards, послед, sequences, belle, then the comparison
    (a bait here: the sequences decide it) — from the engine's own result, so the page cannot say other sums."""
    from game.errors import RecordError
    from game.record import load, replay
    from ui.replays import SAVES_DIR

    try:
        match = replay(load(SAVES_DIR / EXAMPLE))
    except (OSError, RecordError):
        return None  # an install without its samples: the page simply has no example
    if match.n != players:
        return None  # the sample is a game of two: its sums are not those of this count
    deal = match.deals[0]
    r = deal.result
    if r is None or r.bidder is None or not r.bait:
        return None
    names = [tr("rw_ex_seat0"), tr("rw_ex_seat1")]  # the sample's Анна and Борис, in the page's language
    b, v = r.bidder, 1 - r.bidder

    def adds(seat: int) -> str:
        p = r.players[seat]
        parts = [tr("rw_ex_cards", n=p.cards)]
        if p.last_trick:
            parts.append(tr("rw_ex_last", n=p.last_trick))
        parts += [f"{sequence_words(desc)} {pts}" for desc, pts in p.sequences]
        if p.belle:
            parts.append(tr("rw_ex_belle", n=p.belle))
        return " + ".join(parts) + (f" = {p.total}" if len(parts) > 1 else "")

    return tr(
        "rw_example",
        bidder=names[b],
        other=names[v],
        b_adds=adds(b),
        v_adds=adds(v),
        b_total=r.players[b].total,
        v_total=r.players[v].total,
        written=r.players[v].written,
    )


def card_order(strength: tuple[int, ...], values: tuple[int, ...]) -> str:
    """The ranks from the highest, each with its points: «В 20, 9 14, Т 11, 10 10, К 4, Д 3, 8 0, 7 0» (from the
    engine's tables, so the page says what the game counts)."""
    ranks = sorted(range(8), key=lambda r: -strength[r])
    return ", ".join(f"{rank_letter(r)} — {values[r]}" for r in ranks)


def differs(rules: Rules, option: str) -> bool:
    """Does ``option`` differ from the official Moscow rules (the player's own choices never count)?"""
    return option not in _CHOSEN and getattr(rules, option) != getattr(PRESETS["moscow"], option)


def rules_html(rules: Rules | str) -> str:
    """The page: the game in one line, the rules of Деберц in short, then this game's rules sentence by sentence."""
    if isinstance(rules, str):
        rules = PRESETS.get(rules, PRESETS["moscow"])
    esc = str.maketrans({"<": "&lt;", ">": "&gt;", "&": "&amp;"})
    target = tr("rw_head_target", target=rules.target) if rules.target > 0 else tr("one_deal")
    head = f"{preset_name(rules.name)} · {target} · {tr(rules.etiquette.value)}"
    if player_count(rules.players).named:
        head += f" · {tr('rw_head_three')}"
    parts = [
        f"<b>{tr('rules_title', name=head).translate(esc)}</b><br><br>",
        tr_for(rules.players, "rules_summary").translate(esc),
        "<br>",
    ]
    marked = False
    for title, lines in rule_sentences(rules):
        parts.append(f"<br><b>{title.translate(esc)}</b><br>")
        for option, sentence in lines:
            text = sentence.translate(esc)
            if differs(rules, option):
                text, marked = f"<b>{text}</b> <i>{tr('rw_differs')}</i>", True
            parts.append(f"• {text}<br>")
    if marked:
        parts.append(f"<br><i>{tr('rw_differs_note').translate(esc)}</i>")
    example = worked_example(rules.players)
    if example is not None:
        parts.append(f"<br><br><b>{tr('rw_sec_example').translate(esc)}</b><br>{example.translate(esc)}")
    parts.append(f"<br><br><b>{tr('rw_sec_glossary').translate(esc)}</b><br>")  # the words of the game, explained
    parts.extend(f"• {text.translate(esc)}<br>" for text in glossary())
    return "".join(parts)


GLOSSARY = (
    "bidder",
    "defender",
    "vskryshka",
    "freza",
    "posled",
    "sequence_class",
    "rost",
    "pishet",
    "passes",
    "mine",
    "certainly",
    "rodili",
    "belle",
    "bait",
    "card_bait",
    "hanging",
    "ski",
    "written",
    "claim",
    "offer",
    "dave",
    "four_sevens",
    "code",
)


def glossary() -> list[str]:
    """The words of the game, each with what it means (``glossary.*`` in the catalogues): one place, both
    languages; the English catalogue keeps Cyrillic only here (and in the names of the Russian card letters)."""
    return [tr(f"glossary.{term}") for term in GLOSSARY]


class RulesScene(Scene):
    def __init__(self, app: App, rules: Rules | str) -> None:
        super().__init__(app)
        self.rules = rules if isinstance(rules, Rules) else PRESETS.get(rules, PRESETS["moscow"])

    def build(self) -> None:
        w, h = self.size
        m = self.app.manager
        box = pygame.Rect(40, 30, w - 80, h - 110)
        self.text = pygame_gui.elements.UITextBox(rules_html(self.rules), box, m)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 110, h - 66, 220, 44), tr("back"), m)

    def handle(self, event: pygame.event.Event) -> None:
        back_key = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if back_key or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back):
            self.app.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
