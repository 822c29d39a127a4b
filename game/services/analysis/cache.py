"""The analyses' cache: in the cache folder (``game.cache_folder``), named by a hash of the record's bytes and of
the analysis settings (``record_digest``), so that a record moved or copied finds its analysis and a changed one
does not; ``analyse_file`` loads, analyses and caches."""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

from game import jsonsafe
from game.atomic import write_atomic
from game.cache_folder import ANALYSIS, cache_root
from game.errors import RecordError
from game.names import printable
from game.record import GameRecord, loads, read_record_bytes
from game.services.analysis.facts import (
    ANALYSIS_SAMPLES,
    ANALYSIS_VERSION,
    MISTAKE_THRESHOLD,
    THREE_SAMPLES,
    Analysis,
    BidJudgement,
    CardDecision,
    Progress,
)
from game.services.analysis.values import VALUERS, analyse_record

log = logging.getLogger(__name__)


def record_digest(data: bytes, sampled: bool = True) -> str:
    h = hashlib.sha256()
    h.update(data)
    h.update(f"|v{ANALYSIS_VERSION}|{MISTAKE_THRESHOLD}|{ANALYSIS_SAMPLES if sampled else 'exact'}".encode())
    if sampled:  # the hard bot's counts for three: a cache made with other counts is stale
        h.update(f"|three{THREE_SAMPLES}".encode())
    return h.hexdigest()


# ------------------------------------------------------------------------------------------ files


def cache_dir() -> Path:
    """Where analyses are kept (``game.cache_folder``) — never beside the record (issue 23: caches were written
    into the install folder's samples and onto the user's desktop)."""
    return cache_root() / ANALYSIS


def cache_file(digest: str) -> Path:
    """The cache of the analysis whose record and settings hash to ``digest`` (``record_digest``)."""
    return cache_dir() / f"{digest}.json"


def cache_path(path: str | os.PathLike[str], sampled: bool = True) -> Path:
    """The cache of ``path``'s analysis, keyed by the record's content (and how it was analysed): a record moved,
    renamed or copied finds its analysis; a changed one does not. ``OSError``/``RecordError``: unreadable."""
    return cache_file(record_digest(read_record_bytes(path), sampled))


MAX_CACHE_BYTES = 16 * 1024 * 1024


def load_cached(
    path: str | os.PathLike[str], sampled: bool = True, record: GameRecord | None = None
) -> Analysis | None:
    """The cached analysis if it is there, well-formed and belongs to this very content of the record (and,
    given the record, every index in it points into the record). Anything else is None: recomputed."""
    try:
        digest = record_digest(read_record_bytes(path), sampled)
        obj = jsonsafe.load_file(cache_file(digest), MAX_CACHE_BYTES)
        if not isinstance(obj, dict) or obj.get("format") != "deberts-analysis" or obj.get("digest") != digest:
            return None
        if not jsonsafe.encodable(obj):  # a lone surrogate's escape: no font can measure it (it took the viewer down)
            return None
        analysis = Analysis.from_json(obj)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecordError):
        return None
    if record is not None and (analysis.players != record.rules.players or not _fits(analysis, record)):
        return None
    if VALUERS[analysis.players].outdated(analysis.bidding):
        return None  # judged otherwise now (three: made before the bids of three were judged)
    return analysis


def _fits(analysis: Analysis, record: GameRecord) -> bool:
    """Every deal and action index of the analysis points into the record (a hand-made cache could lie)."""
    for d in analysis.deals:
        if not 0 <= d.index < len(record.deals):
            return False
        n = len(record.deals[d.index].actions)
        items: list[CardDecision | BidJudgement] = [*d.decisions, *d.bids]
        if any(not 0 <= x.action < n or not 0 <= x.seat < record.rules.players for x in items):
            return False
    return True


def analyse_file(
    path: str | os.PathLike[str],
    *,
    use_cache: bool = True,
    sampled: bool = True,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Analysis:
    """Load (validate), analyse and cache (``cache_dir``, keyed by the content). Raises ``RecordError`` for a
    broken record; a broken cache is ignored and rewritten."""
    p = Path(path)
    data = read_record_bytes(p)
    digest = record_digest(data, sampled)
    try:
        record = loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{printable(str(p))} is not a UTF-8 text file") from None
    except RecordError as exc:
        raise RecordError(f"{printable(p.name)}: {exc}") from None
    if use_cache:
        cached = load_cached(p, sampled, record)
        if cached is not None:
            return cached
    result = analyse_record(record, digest, sampled=sampled, progress=progress, cancel=cancel)
    finished = cancel is None or not cancel()
    if use_cache and finished:
        _write_cache(cache_file(digest), result)
    return result


def _write_cache(target: Path, analysis: Analysis) -> None:
    try:
        write_atomic(target, json.dumps(analysis.to_json(), ensure_ascii=False, allow_nan=False, indent=1))
    except OSError as exc:  # a read-only folder (the shipped samples): no cache, no problem
        log.warning("analysis cache not written: %s", exc)
