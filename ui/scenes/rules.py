"""The rules of the game being set up, in words: the preset with the menu's choices (the chosen target and
etiquette, not the preset's defaults), each option as a sentence a player understands — never a raw option key.

``rule_sentences`` reads the ``Rules`` object (rules are data: it asks the options, never the preset's name); a
sentence that differs from the official Moscow rules is marked, so a house variant stands out. For three players
(``rules.players``) a sentence has its own words where the game differs (a ``rw3_`` key: sides, halves, the claim,
the deal for three; docs/rules.md "Three players"), and the page adds what only three have.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.cards import PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH
from game.counts import player_count
from game.rules import PRESETS, Rules
from ui.dialogs import html_escaped, laid_out, scroll_by_key, scroll_text_to
from ui.i18n import has, preset_name, rank_letter, rule_words, sequence_words, tr, tr_for
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


Line = tuple[str, str, str]  # a sentence of the page: (its anchor, the option it tells, the sentence)
# the lines that tell no single option (``option`` "players" or "cards"): their anchor is their catalogue key
_GENERAL = frozenset({"players", "cards"})


def rule_sentences(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Sections of (option, sentence) in the current language, in the order a player meets them."""
    return [(title, [(option, text) for _, option, text in lines]) for _, title, lines in rule_lines(rules)]


def rule_lines(rules: Rules) -> list[tuple[str, str, list[Line]]]:
    """``rule_sentences`` with anchors: (section key, title, [(anchor, option, sentence)]). A line's anchor is its
    option, or for a general line its catalogue key («rw_seq_what»): what the summary's «почему?» opens at."""
    words = player_count(rules.players).words

    def tr(key: str, **kw: object) -> str:  # the words for three where they differ («оба» → «все трое»)
        return rule_words(rules.players, key, **kw)

    def own(name: str) -> list[Line]:  # a paragraph only this count has («rw3_deal»: three's deal)
        key = f"rw{words}_{name}"
        return [line("players", key)] if has(key) else []

    def line(option: str, key: str, **kw: object) -> Line:
        return (key if option in _GENERAL else option, option, tr(key, **kw))

    single = rules.target <= 0
    game: list[Line] = []
    if single:
        game.append(line("target", "rw_single"))
        game.append(line("single_deal_tie", f"rw_tie_{rules.single_deal_tie.value}"))
        if rules.bidder_loss_stake > 1:
            game.append(line("bidder_loss_stake", "rw_stake", count=rules.bidder_loss_stake))
    else:
        game.append(line("target", "rw_target", count=rules.target))  # genitive after «до»: до 501 очка, до 300 очков
        game.append(line("claim_required", "rw_claim" if rules.claim_required else "rw_no_claim", target=rules.target))
        game.append(line("both_reach", f"rw_both_{rules.both_reach.value}"))
    if rules.offer_fifty:
        game.append(line("offer_fifty", "rw_offer"))
    if rules.gap_end:
        game.append(line("gap_end", "rw_gap_end", count=rules.gap_end))
    if rules.dave:
        game.append(line("dave", "rw_dave"))
    game.append(line("etiquette", f"rw_etiquette_{rules.etiquette.value}"))
    game += own("not_for_three")  # for three: what the new-game screen does not offer, and why
    bidding = [*own("deal"), *own("order")]
    bidding += [
        line("round2", f"rw_round2_{rules.round2.value}"),
        *([] if single else [line("next_dealer", f"rw_next_{rules.next_dealer.value}")]),
        line("first_lead", f"rw_lead_{rules.first_lead.value}"),
        line("seven_swap", "rw_swap" if rules.seven_swap else "rw_no_swap"),
        line("four_sevens_redeal", "rw_sevens" if rules.four_sevens_redeal else "rw_no_sevens"),
    ]
    sequences = [line("players", "rw_seq_what")]  # what a sequence is and when it is said (a newcomer's question)
    sequences += own("sides")
    sequences += [
        line("equal_sequences", f"rw_equal_{rules.equal_sequences.value}"),
        line("sequences_need_trick", "rw_need_trick" if rules.sequences_need_trick else "rw_no_need_trick"),
        line("sequence_order", f"rw_order_{rules.sequence_order.value}"),
        line("belle_when", f"rw_belle_{rules.belle_when.value}"),
        line("belle_protection", f"rw_belle_protection_{rules.belle_protection.value}"),
    ]
    bait: list[Line] = own("bait")
    if not single:
        bait.append(line("hanging", f"rw_hanging_{rules.hanging.value}"))
    if rules.bait_penalty_from and rules.bait_penalty and not single:  # one deal has no third bait
        key, pts = f"rw_bait_penalty_{rules.bait_count.value}", rules.bait_penalty
        bait.append(line("bait_penalty_from", key, n=rules.bait_penalty_from, count=pts))
    if rules.ski_penalty:
        bait.append(line("ski_penalty", "rw_ski", count=rules.ski_penalty))
    cards = [line("cards", "rw_order_trump", cards=card_order(TRUMP_STRENGTH, TRUMP_POINTS))]
    cards.append(line("cards", "rw_order_plain", cards=card_order(PLAIN_STRENGTH, PLAIN_POINTS)))
    cards.append(line("players", "rw_cards_in_play", played=9 * rules.players))  # why a deal adds up to ~100
    sections = [("rw_sec_cards", cards), ("rw_sec_game", game), ("rw_sec_bidding", bidding)]
    sections.append(("rw_sec_sequences", sequences))
    if bait:
        sections.append(("rw_sec_bait", bait))
    return [(key, tr(key), lines) for key, lines in sections]


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


HIGHLIGHT_BG = "#6B5418"  # the rule a summary's «почему?» opened at: a gold band behind it
HIGHLIGHT_INK = "#FFE296"


def rules_html(rules: Rules | str, focus: Collection[str] = ()) -> str:
    """The page: the game in one line, the rules of Деберц in short, then this game's rules sentence by sentence;
    ``focus``: the anchors (``rule_lines``, ``glossary.<term>``) of the lines to highlight (a summary's «почему?»)."""
    if isinstance(rules, str):
        rules = PRESETS.get(rules, PRESETS["moscow"])

    def lit(text: str) -> str:  # a line a «почему?» opened the page at: on a gold band, pointed at
        return f"<body bgcolor='{HIGHLIGHT_BG}'><font color='{HIGHLIGHT_INK}'>▶ {text}</font></body>"

    def marked_line(anchor: str, text: str) -> str:
        return f"{lit(text) if anchor in focus else f'• {text}'}<br>"

    target = tr("rw_head_target", target=rules.target) if rules.target > 0 else tr("one_deal")
    head = f"{preset_name(rules.name)} · {target} · {tr(rules.etiquette.value)}"
    if player_count(rules.players).named:
        head += f" · {tr('rw_head_three')}"
    parts = [
        f"<b>{html_escaped(tr('rules_title', name=head))}</b><br><br>",
        html_escaped(tr_for(rules.players, "rules_summary")),
        "<br>",
    ]
    marked = False
    for _, title, lines in rule_lines(rules):
        parts.append(f"<br><b>{html_escaped(title)}</b><br>")
        for anchor, option, sentence in lines:
            text = html_escaped(sentence)
            if differs(rules, option):
                text, marked = f"<b>{text}</b> <i>{tr('rw_differs')}</i>", True
            parts.append(marked_line(anchor, text))
    if marked:
        parts.append(f"<br><i>{html_escaped(tr('rw_differs_note'))}</i><br>")  # every block ends its line
    example = worked_example(rules.players)
    if example is not None:
        said = html_escaped(example)
        said = lit(said) if "rw_example" in focus else said
        parts.append(f"<br><b>{html_escaped(tr('rw_sec_example'))}</b><br>{said}<br>")
    parts.append(f"<br><b>{html_escaped(tr('rw_sec_glossary'))}</b><br>")  # the words of the game, explained
    words = (html_escaped(page_words(tr_for(rules.players, f"glossary.{term}"))) for term in GLOSSARY)  # «байт» at 3
    parts.extend(marked_line(f"glossary.{term}", text) for term, text in zip(GLOSSARY, words, strict=True))
    return "".join(parts)


def page_anchors(rules: Rules) -> dict[str, str]:
    """Every anchor the page for ``rules`` has, with the title of the section it is in."""
    out = {anchor: title for _, title, lines in rule_lines(rules) for anchor, _, _ in lines}
    if worked_example(rules.players) is not None:
        out["rw_example"] = tr("rw_sec_example")
    out.update((f"glossary.{term}", tr("rw_sec_glossary")) for term in GLOSSARY)
    return out


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


class RulesScene(Scene):
    def __init__(self, app: App, rules: Rules | str, focus: tuple[str, ...] = ()) -> None:
        """``focus``: the anchors of lines to highlight (``ui.why.focus_for``): the page opens at the first."""
        super().__init__(app)
        self.rules = rules if isinstance(rules, Rules) else PRESETS.get(rules, PRESETS["moscow"])
        self.focus = focus

    def build(self) -> None:
        w, h = self.size
        m = self.app.manager
        box = pygame.Rect(40, 30, w - 80, h - 110)
        self.text = pygame_gui.elements.UITextBox(rules_html(self.rules, self.focus), box, m)
        if self.focus:
            from ui.why import scroll_to_highlight

            scroll_to_highlight(self.text, page_anchors(self.rules).get(self.focus[0]))
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 110, h - 66, 220, 44), tr("back"), m)

    def resize(self) -> None:
        """Laid out afresh for the window's size at the same place in the page (it jumped back to the top)."""
        bar = self.text.scroll_bar if getattr(self, "text", None) is not None else None
        at = bar.start_percentage if bar is not None else 0.0
        super().resize()
        if at:
            laid_out(self.text)
            scroll_text_to(self.text, at)

    def handle(self, event: pygame.event.Event) -> None:
        back_key = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if back_key or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back):
            self.app.to_menu()
        elif event.type == pygame.KEYDOWN:
            scroll_by_key(self.text, event.key)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))


def page_words(text: str) -> str:
    """A glossary entry on the rules page itself: its «(R)» — the key that opens this page, right for a tooltip at
    the table — is dropped («…по правилам партии (R)» sent the reader to the page being read)."""
    return text.replace(" (R)", "")
