"""Analysis of a recorded game: the value of every card a player could have played, mistakes, lost points.

For each card played where more than one card was legal:

* ``exact``: every legal card's exact value with all cards open — the solver (``game.bots.solver``) under
  the deal's scoring (``game.bots.hard.deal_evaluation`` with the opponent's real hand): the written-points
  margin of the deal (own written points minus the opponent's, with bait, hanging tie, sequences, belle,
  лыжа), from the mover's point of view. The loss of a card is the best card's value minus its value; a
  card that loses at least ``MISTAKE_THRESHOLD`` points is a mistake.
* ``sampled``: the same under the mover's own knowledge — the hard bot's evaluation (``HardBot.card_totals``):
  the average over hidden-card samples consistent with the mover's view. To keep a whole game's analysis
  to seconds the sample counts of the first four tricks are reduced (``ANALYSIS_SAMPLES``, about a quarter
  of the bot's own); from trick 5, like the bot, it averages over every consistent hand (a game to 501:
  about 14 s of CPU, against 8 s when it sampled there).

Approximations are the hard bot's (docs/lab/bots-solver.md): sequences not yet decided count for nobody,
future belle protection is ignored, the match (hanging points' fate, target, claims) is not considered.

Bidding: if ``game.bots.bidding`` (the fitted bidding evaluator) is importable, each bid with a choice is
judged by it: the adjusted value of each option and the bid's shortfall from the best option. These are
estimates, not exact values, so they are reported apart and never counted in the deal's lost points.

«Даве» (the one-deal game's raise) and each answer are judged as the cards are, with open cards: the raiser's best
exact margin at the raise says who wins the deal played out, and each choice's result for the one who makes it is
priced in the game's stake (``GameOver.stake``: the raises' multiplier times the loser's stake), playing on to the
end without another raise. A raise on a lost deal is accepted and doubles the loss; accepting a lost deal costs
the raise; giving up a won one costs what playing on would have won plus what giving up pays
(``facts.DaveJudgement``, in stakes, apart from the lost points). An even margin is not judged: who wins a tie is
the tie rule's.

Three players: ``exact`` is the three-hand solver's (``game.bots.solver3``, a
paranoid search: the two вистующие together minimise the bidder's margin) with all three hands open: the
bidder's card-point margin of the whole deal (the points taken so far, the last trick's 10, not sequences or
the bait), from the mover's side (a вистующий's value is the bidder's margin negated). ``sampled`` is the hard
bot's for three (``game.bots.hard3``): the same solve averaged over the two hidden hands drawn consistently with
the mover's view, from the first card as the bot itself does it (the first two cards within the bot's nodes
for the decision). Bids are judged by the fitted evaluator for three
(``game.bots.bidding3``: each contract's fitted value against its caution). One ``Solver3`` per deal keeps its
table from card to card. Cost: a deal's first cards take seconds (every legal card solved to the end; the
first two cards sampled within the nodes); the sample game (``saves/three/moscow-three-players.json``, six
deals) 28 s of CPU on this machine under load (7 s on a quieter one when only the last seven cards had knowledge
values), in the worker process with its progress, and cached.

Positions are reached by re-applying the record's actions through ``Match.apply`` (as ``replay`` does).
``analyse_file`` caches the result in the per-user cache folder (``cache_dir``), named by a hash of the
record's bytes and of the analysis settings.

The jobs, one module each: ``facts`` (what an analysis is: the decisions and judgements, their JSON),
``values`` (computing it: the exact and sampled values, the bids, ``analyse_record``), ``cache`` (the cache
folder, keyed by the record's content: ``analyse_file``, ``load_cached``) and ``report`` (the ``analyse``
command's words).
"""
