"""Announcement-etiquette drills: hand-built deals that put the player (seat 0) into one dialog moment.

A drill is a deck order + rules (always ``strict`` etiquette, so every dialog move is legal and mistakes
carry the official penalty) + the actions played before the decision (the bidding, the bot's words, for
some drills earlier tricks or a whole earlier deal), and one or more decision *steps*. Each step knows
the history at which it applies, what each side may say then, the rule (in our words, naming the rule
set it comes from), and for every possible answer whether it is right, why, and which engine penalty it
brings. Pure and deterministic: ``make_drill(situation, variant, seed)`` always builds the same drill;
the variant picks the sub-case and, with the seed, the irrelevant cards and suits.

The modules: ``model`` (Drill, DrillStep and its judging, Answer, Situation, Msg), ``texts`` (the rules,
moments, verdicts and remarks as message ids — the words are in assets/locale, the UI says them),
``positions`` (hands, decks and the play up to the decision), the
situations' builders by topic — ``answering`` (answering the leader's announcement), ``declaring`` (one's
own announcement, «проходит ли мой терц?», belle), ``claim`` (claiming the game), ``three`` (the dialog of
three: «родили терц», the вистующие's announcements adding up, the bidder beating both) — and ``catalogue``
(the situations in teaching order, ``make_drill``).
"""

from game.drills.catalogue import SITUATIONS, make_drill
from game.drills.model import ANY_CARD, PLAYER, Answer, Drill, DrillStep, Situation
from game.drills.texts import BOT_REMARKS

__all__ = ["ANY_CARD", "BOT_REMARKS", "PLAYER", "SITUATIONS", "Answer", "Drill", "DrillStep", "Situation", "make_drill"]
