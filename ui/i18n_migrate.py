"""Move ``ui.i18n.TEXT``'s leftover ``(Russian, English)`` pairs into the catalogues: ``python -m ui.i18n_migrate``.

Branches written before the catalogues add their words to ``TEXT``; after merging, this appends each pair to
``assets/locale/ru.json`` and ``en.json`` (a key already there keeps the catalogue's text and is reported) and
leaves ``TEXT`` empty in ``ui/i18n.py``. Run from the project root; review the diff.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

from ui.i18n import LANGUAGES, TEXT, catalogue_path

SOURCE = Path(__file__).with_name("i18n.py")


def write_catalogue(path: Path, data: dict[str, object]) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1) + "\n", "utf-8")


def empty_text_dict(source: str) -> str:
    """``source`` with the ``TEXT = {...}`` literal emptied (everything else untouched)."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "TEXT":
            value = node.value
            assert value is not None and value.end_lineno is not None
            lines = source.splitlines(keepends=True)
            first, last = value.lineno - 1, value.end_lineno - 1
            head = lines[first][: value.col_offset]
            tail = lines[last][value.end_col_offset :]
            return "".join([*lines[:first], head + "{\n}" + tail, *lines[last + 1 :]])
    raise ValueError("no TEXT dict in ui/i18n.py")


def migrate() -> list[str]:
    """Move every pair; returns the keys that were already in a catalogue (kept as they were there)."""
    clashes: list[str] = []
    for index, lang in enumerate(LANGUAGES):
        path = catalogue_path(lang)
        data = json.loads(path.read_text("utf-8"))
        for key, pair in TEXT.items():
            if key in data:
                if index == 0:
                    clashes.append(key)
                continue
            data[key] = pair[index]
        write_catalogue(path, data)
    SOURCE.write_text(empty_text_dict(SOURCE.read_text("utf-8")), "utf-8")
    return clashes


def main() -> int:
    moved = len(TEXT)
    clashes = migrate()
    print(f"moved {moved - len(clashes)} keys into {', '.join(str(catalogue_path(lang)) for lang in LANGUAGES)}")
    for key in clashes:
        print(f"already in the catalogues, the TEXT version dropped: {key}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
