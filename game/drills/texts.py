"""What the drills say, as message ids (``drill.*`` in ``assets/locale``; the UI words them): the rules in our
words (naming the rule set), the moments, the verdicts, the bot's remarks, and the phrases built from cards
and sequences."""

from __future__ import annotations

from game.actions import FIFTY
from game.cards import Card, Suit
from game.drills.model import PLAYER, Msg, Text, msg
from game.sequences import Sequence

# ---------------------------------------------------------------- rule texts (our words, with the source)

R_ANNOUNCE: Text = msg("drill.rule.announce")
R_ANSWER: Text = msg("drill.rule.answer")
R_EQUAL_MOSCOW: Text = msg("drill.rule.equal_moscow")
R_EQUAL_KHARKOV: Text = msg("drill.rule.equal_kharkov")
R_CERTAINLY: Text = msg("drill.rule.certainly")
R_FALSE_ROST: Text = msg("drill.rule.false_rost")
R_PASSES: Text = msg("drill.rule.passes")
R_BELLE: dict[str, Text] = {p: msg(f"drill.rule.belle.{p}") for p in ("moscow", "book", "club")}
R_CLAIM: Text = msg("drill.rule.claim")

M_LEAD: Text = msg("drill.moment.lead")
M_ANSWER_TERZ: Text = msg("drill.moment.answer_terz")
M_ANSWER_FIFTY: Text = msg("drill.moment.answer_fifty")
M_ANSWER_PASSES: Text = msg("drill.moment.answer_passes")
M_BELLE: dict[str, Text] = {p: msg(f"drill.moment.belle.{p}") for p in ("moscow", "book", "club")}


def m_after_top(top: Msg) -> Text:
    return msg("drill.moment.after_top", top=top)


def m_ask_passes(up: Card) -> Text:
    return msg("drill.moment.ask_passes", up=up)


def m_claim_trick(score: int, target: int, now: int) -> Text:
    return msg("drill.moment.claim_trick", score=score, target=target, now=now)


def m_claim_end(after: int, target: int) -> Text:
    return msg("drill.moment.claim_end", after=after, target=target)


SILENT_PLAY: Text = msg("drill.silent_play")
FALSE_REMARK: Text = msg("drill.remark.false_announcement")
LOWER_MINE: Text = msg("drill.remark.lower_mine")
FALSE_FIFTY: Text = msg("drill.false_fifty")
FALSE_TERZ: Text = msg("drill.false_terz")
NOT_NOW_CLAIM: Text = msg("drill.not_now_claim")
SHORT_CLAIM_REMARK: Text = msg("drill.remark.false_claim")

# What the bot says when the player's fault profits it (by penalty reason), outside a drill's own remark.
BOT_REMARKS: dict[str, Text] = {
    reason: msg(f"drill.remark.{reason}")
    for reason in (
        "false_announcement",
        "false_rost",
        "rost_certainly_higher",
        "false_mine",
        "false_answer",
        "false_claim",
    )
}


# ---------------------------------------------------------------- phrases


def seq_name(seq: Sequence) -> Text:
    """«терц от короля ♠»."""
    cls = "fifty" if seq.length == FIFTY else "terz"
    return msg(f"drill.seq.{cls}", top=msg(f"rank_from.{seq.cards[0] % 8}"), suit=seq.suit.symbol)


def seq_names(seq: Sequence, trump: Suit | None) -> Text:
    """The sequence's name, «козырный …» when it is of the trump suit."""
    name = seq_name(seq)
    return msg("drill.seq_trump", seq=name) if seq.suit == trump else name


def intro_text(trump: int, bidder: int, extra: Text) -> Text:
    who = "drill.intro.you_ordered" if bidder == PLAYER else "drill.intro.opponent_ordered"
    return msg(who, trump=Suit(trump), extra=extra)


def top_words(card: Card, trump: Suit | None) -> Text:
    """«от короля козырного» / «от короля»: the top card of a sequence as the «рост?» answer names it."""
    rank = msg(f"rank_from.{card % 8}")
    if card // 8 != trump:
        return msg("drill.top", rank=rank)
    return msg(f"drill.top_trump.{RANK_GENDER[card % 8]}", rank=rank)  # «от дамы козырной», «от туза козырного»


# the grammatical gender of the rank's noun, семёрка … туз: the trump's adjective agrees with it
# (rank_gender.N in the catalogues; the English forms are the same)
RANK_GENDER = "ffffmfmm"
