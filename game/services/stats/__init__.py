"""The player's record: statistics of the finished games in the data directory, a rating, and skill by analysis.

The records are the truth. Every ``games/*.json`` that the record loader accepts, that is finished, that has a
human seat (``meta.human_seat``: autoplay games have none) and is not a practice drill (``meta.practice``) is
one game from the human's side. Each is read once into a ``GameLine`` (``game_line``: its facts from
``game.game_facts``, its rost exchanges and penalties, and — when a cached analysis exists
(``game.services.analysis.cache.cache_path``: the cache folder, by the record's content) — the points lost to the
exact best play); ``summarise`` adds the lines up in date order.

A cache (``data_dir/stats-cache.json``) keeps each file's line under its size and modification time (and its
analysis file's), so 500 games are not replayed every time; a missing, stale or corrupt cache is recomputed,
never fatal. A reset (``reset``) moves the cache aside into ``data_dir/stats-old/`` and writes
``data_dir/stats-reset.json``: the games present then (by ``game_key``, which survives renaming) no longer
count; no game is ever deleted. No pygame here: the ``stats`` command and the «Статистика» screen share it.

The jobs, one module each: ``facts`` (one game's line from its record and analysis), ``cache`` (the stats
cache's file), ``scan`` (the games folder read through the cache; the reset), ``figures`` (the lines added up:
tallies, streaks, rating, skill, drills), ``csv_export`` (the CSV export) and ``report`` (the ``stats`` command's
words).
"""
