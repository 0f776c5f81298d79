"""How often user turns say the documentation instead of the user's own words (issue 11/12 'users with goals').

For every user turn of a generated ``dialogues.jsonl`` (``tooldial generate`` output):

* **doc phrase**: the turn shares a run of >= ``--n`` (default 5) words with the description or a parameter
  description of an API of its dialogue (``scenario.apis``). The dialogue's values (every request parameter
  value, the user's known values) are cut out of the turn first, so a value copied from a documented example
  is not counted, and a run never spans a cut.
* **raw name**: the turn contains, as a whole word, a parameter or response field name of the dialogue that is
  an identifier rather than a word (:func:`tooldial.dialogue.intents.raw_name`: ``ticker_slug``, ``AddressLine1``,
  ``animename``); names inside a value of the dialogue are not counted.

Usage: ``python scripts/doc_phrases.py DIALOGUES.jsonl [--n 5] [--show 10]``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from tooldial.dialogue.intents import raw_name

_WORD = re.compile(r"[a-z0-9]+")
_CUT = "\x00"


def _grams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def _runs(text: str) -> Iterator[list[str]]:
    """Word runs of ``text`` between cuts (lowercase alphanumeric words)."""
    for part in text.lower().split(_CUT):
        yield _WORD.findall(part)


def doc_grams(apis: Iterable[dict[str, Any]], n: int) -> set[tuple[str, ...]]:
    """Every n-gram of the APIs' descriptions and parameter descriptions."""
    out: set[tuple[str, ...]] = set()
    for api in apis:
        texts = [api.get("description") or ""]
        for key in ("required_parameters", "optional_parameters"):
            texts += [str(d or "") for d in (api.get(key) or {}).values()]
        for text in texts:
            for run in _runs(text):
                out |= _grams(run, n)
    return out


def _values(record: dict[str, Any]) -> list[str]:
    vals: set[str] = set()
    for turn in record["dialogue"]:
        state = next(iter(turn.values())).get("dialogue_state") or {}
        status = state.get("api_status") if isinstance(state, dict) else None
        if isinstance(status, dict):
            for key in ("required_parameters", "optional_parameters"):
                vals |= {str(v) for v in (status.get(key) or {}).values() if str(v).strip()}
    user = (record.get("scenario") or {}).get("user") or {}
    vals |= {str(v) for v in (user.get("known") or {}).values() if str(v).strip()}
    return sorted(vals, key=len, reverse=True)


def _keys(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys(v)


def raw_names(record: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    for api in (record.get("scenario") or {}).get("apis") or []:
        for key in ("required_parameters", "optional_parameters"):
            names |= set(api.get(key) or {})
    for turn in record["dialogue"]:
        names |= set(_keys(next(iter(turn.values())).get("api_response")))
    return {n for n in names if raw_name(n)}


def turn_findings(record: dict[str, Any], n: int) -> list[tuple[str, list[str]]]:
    """Per user turn: (message, findings) with findings like ``doc: for the given latitude longitude``."""
    grams = doc_grams((record.get("scenario") or {}).get("apis") or [], n)
    values = _values(record)
    names = raw_names(record)
    out = []
    for turn in record["dialogue"]:
        if "User" not in turn:
            continue
        message = turn["User"]["message"]
        masked = message
        for v in values:
            masked = masked.replace(v, _CUT)
        found = []
        shared = sorted({" ".join(g) for run in _runs(masked) for g in _grams(run, n) & grams})
        if shared:
            found.append("doc: " + shared[0])
        said = set(re.findall(r"[A-Za-z0-9_]+", re.sub(r"\S*[/?=&]\S*", " ", masked)))  # not inside a URL or path
        found += [f"name: {x}" for x in sorted(names & said)]
        out.append((message, found))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dialogues", type=Path)
    ap.add_argument("--n", type=int, default=5, help="shared run length in words (default 5)")
    ap.add_argument("--show", type=int, default=0, help="print this many flagged turns")
    args = ap.parse_args(argv)
    turns = doc = names = dialogues = flagged_dialogues = 0
    shown = 0
    for line in args.dialogues.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        dialogues += 1
        any_flag = False
        for message, found in turn_findings(record, args.n):
            turns += 1
            doc += any(f.startswith("doc:") for f in found)
            names += any(f.startswith("name:") for f in found)
            any_flag |= bool(found)
            if found and shown < args.show:
                shown += 1
                print(f"{record['dialogue_id']}: {message}\n    {'; '.join(found)}")
        flagged_dialogues += any_flag

    def pct(k: int) -> str:
        return f"{k} ({100 * k / max(turns, 1):.1f}%)"

    print(f"dialogues {dialogues}, user turns {turns}")
    print(f"user turns sharing >= {args.n} words with the API docs: {pct(doc)}")
    print(f"user turns with a raw parameter/field name: {pct(names)}")
    print(f"dialogues with either: {flagged_dialogues} ({100 * flagged_dialogues / max(dialogues, 1):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
