"""Audit the mock world's API results over a whole corpus: what a reader finds wrong without knowing the API.

For every API of ``--corpus`` that documents its response (at most ``--n``, drawn with ``--seed``), one result is
built as a dialogue builds it (inputs drawn for the required parameters, three records per list) and read against
the API's documented example:

- ``number_as_text``: a leaf the example documents as a number came back as text that is no number;
- ``created_after_event``: a record's creation stamp (``createdAt``) lies after one of its later events
  (``updatedAt``, ``canceledAt``) — the ``lifecycle`` rule's words;
- ``start_after_end``: the ``order`` rule's problems (a start after its end, a minimum above its maximum);
- ``url_other_site`` / ``picture_lost``: a leaf the example documents as a URL came back as a URL on another site,
  and of those, a picture's URL that is no picture's any more;
- ``integer_not_whole`` / ``boolean_not_flag``: a leaf whose documented type (its output component's, from the
  response schema) is an integer came back as a fraction ("48.3"), or a boolean as anything but true/false;
- ``picture_link_not_picture``: an undocumented link directly under a picture's key (``thumbnails[].url``) that
  is no picture's URL;
- ``picture_side_tiny``: an undocumented ``width`` or ``height`` of a picture (under a picture's key, or named for
  one: ``thumbnail_width``) of fewer than 32 pixels;
- ``filter_not_repeated``: a record of a list whose field has the words of an input's name (``channel_id`` for
  ``channelId``) holding another value than the one asked.

Run it on two checkouts to compare (``PYTHONPATH=<worktree>``); the counts and a few examples print as JSON::

    python scripts/audit_mock_results.py --corpus /work/shared/data/toolbench/tools.jsonl.gz --seed 2053

The corpus is reference data: nothing of it is written anywhere.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from tooldial.corpus import load_corpus
from tooldial.dialogue.mockdata import MockWorld, build_result
from tooldial.dialogue.mockdata.inputs import input_values
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import read_pack
from tooldial.knowledge.taxonomy import name_tokens
from tooldial.registry import RECORD_RULES
from tooldial.rules.record import Record

_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_PICTURE = re.compile(r"\.(png|jpe?g|gif|webp|svg)(\?|$)", re.I)
#: The words of ``time.record_created`` / ``record_later`` read from this script's own checkout (not the one on
#: ``PYTHONPATH``), so that two checkouts compared are read with the same words, kept once in the pack.
_TIME_PACK = read_pack(Path(__file__).resolve().parents[1] / "tooldial" / "knowledge" / "packs" / "time.yaml")
_CREATED = frozenset(_TIME_PACK.word_sets["record_created"].words)
_LATER = frozenset(_TIME_PACK.word_sets["record_later"].words)
#: Picture words, from this checkout's pack like the time words above.
_PICTURE_WORDS = frozenset(read_pack(Path(__file__).resolve().parents[1] / "tooldial" / "knowledge" / "packs"
                                     / "field_words.yaml").word_sets["image"].words)


class Audit:
    """Counts and examples of what the results break."""

    def __init__(self) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        self.examples: dict[str, list[str]] = collections.defaultdict(list)
        #: The documented type of each output path of the API being walked (lists left out of the path).
        self.types: dict[tuple[str, ...], str] = {}
        #: The walked call's inputs by the words of their name (names of two words or more).
        self.asked: dict[tuple[str, ...], str] = {}

    def note(self, what: str, text: str) -> None:
        self.counts[what] += 1
        if len(self.examples[what]) < 8:
            self.examples[what].append(text)

    def walk(self, value: Any, example: Any, path: tuple[str, ...], api: str, in_list: bool = False) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                self.walk(item, example.get(key) if isinstance(example, dict) else None, (*path, key), api,
                          in_list)
                asked = self.asked.get(tuple(name_tokens(key)))
                if in_list and asked is not None and not isinstance(item, dict | list) and str(item) != asked:
                    self.note("filter_not_repeated", f"{api} :: {'|'.join((*path, key))}: {item!r} for {asked!r}")
            self.record(value, api)
        elif isinstance(value, list):
            first = example[0] if isinstance(example, list) and example else None
            for item in value:
                self.walk(item, first, path, api, True)
        else:
            self.leaf(value, example, "|".join(path), api)
            self.typed(value, self.types.get(path, ""), "|".join(path), api)
            words = {singular(t) for p in path[-2:] for t in name_tokens(p)}
            if example is None and {"width", "height"} & words and words & _PICTURE_WORDS and \
                    re.fullmatch(r"\d+(\.\d+)?", str(value)):
                self.counts["picture_sides"] += 1
                if float(str(value)) < 32:
                    self.note("picture_side_tiny", f"{api} :: {'|'.join(path)}: {value}")
            if example is None and len(path) > 1 and name_tokens(path[-1])[-1:] in (("url",), ("link",)) and \
                    {singular(t) for t in name_tokens(path[-2])} & _PICTURE_WORDS and isinstance(value, str):
                self.counts["picture_links"] += 1
                if not _PICTURE.search(value):
                    self.note("picture_link_not_picture", f"{api} :: {'|'.join(path)}: {value[:80]}")

    def typed(self, value: Any, type_: str, path: str, api: str) -> None:
        t = type_.lower()
        if value is None:
            return  # a documented null stays null
        if t in ("integer", "int"):
            self.counts["documented_integers"] += 1
            if isinstance(value, bool) or not re.fullmatch(r"-?\d+", str(value).strip()):
                self.note("integer_not_whole", f"{api} :: {path}: {value!r}")
        elif t in ("boolean", "bool"):
            self.counts["documented_booleans"] += 1
            if not isinstance(value, bool):
                self.note("boolean_not_flag", f"{api} :: {path}: {value!r}")

    def record(self, record: dict[str, Any], api: str) -> None:
        for problem in RECORD_RULES.create("order").problems(Record.of(record)):
            self.note("start_after_end", f"{api}: {problem}")
        stamps = {k: v for k, v in record.items() if isinstance(v, str) and re.match(r"\d{4}-\d\d-\d\d", v)}
        for key, stamp in stamps.items():
            words = set(name_tokens(key))
            if not words & _CREATED or words & _LATER:
                continue
            for other, later in stamps.items():
                other_words = set(name_tokens(other))
                if other_words & _LATER and not other_words & _CREATED and later[:10] < stamp[:10]:
                    self.note("created_after_event", f"{api}: {other}={later} before {key}={stamp}")

    def leaf(self, value: Any, example: Any, path: str, api: str) -> None:
        if isinstance(example, int | float) and not isinstance(example, bool):
            self.counts["documented_numbers"] += 1
            if isinstance(value, str) and not _NUMBER.fullmatch(value.strip()):
                self.note("number_as_text", f"{api} :: {path}: {example} -> {value!r}")
        elif isinstance(example, str) and example.startswith(("http://", "https://")) and isinstance(value, str):
            self.counts["documented_urls"] += 1
            if value.startswith(("http://", "https://")) and urlparse(value).netloc != urlparse(example).netloc:
                self.note("url_other_site", f"{api} :: {path}: {example[:80]} -> {value[:80]}")
                if _PICTURE.search(example) and not _PICTURE.search(value):
                    self.note("picture_lost", f"{api} :: {path}: {example[:80]} -> {value[:80]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True, help="corpus spec, as `tooldial --corpus` reads it")
    ap.add_argument("--seed", type=int, default=0, help="draw of the APIs and of each result")
    ap.add_argument("--n", type=int, default=0, help="at most this many APIs (0: all that document a response)")
    ap.add_argument("--exclude-tools", default=None,
                    help="a ToolBench JSONL whose tools are left out (a sample that was read while writing rules)")
    args = ap.parse_args(argv)
    exclude: set[str] = set()
    if args.exclude_tools:
        with open(args.exclude_tools, encoding="utf-8") as f:
            # a tool is named in the corpus by its standardized name where it has one ("location_and_time")
            exclude = {name for line in f if line.strip() for name in (
                json.loads(line)["tool_name"], json.loads(line).get("standardized_name")) if name}
    corpus = load_corpus(args.corpus)
    apis = [a for t in corpus.tools if t.name not in exclude for a in t.apis if a.output_components]
    rng = random.Random(args.seed)
    apis = rng.sample(apis, min(args.n, len(apis))) if args.n else apis
    audit = Audit()
    for i, api in enumerate(apis):
        draw = random.Random(args.seed * 1_000_003 + i)
        world = MockWorld(draw)
        inputs = input_values(api, [p.name for p in api.required_parameters], world)
        result = build_result(api, draw, records=3, inputs=inputs, world=world)
        audit.types = {c.path: c.type for c in api.output_components}
        audit.asked = {tuple(name_tokens(k)): str(v) for k, v in inputs.items() if len(name_tokens(k)) > 1}
        audit.walk(result["response"], api.example_response, (), f"{api.tool} / {api.name}")
        if (i + 1) % 2000 == 0:
            print(f"{i + 1}/{len(apis)} APIs", file=sys.stderr)
    print(json.dumps({"apis": len(apis), "counts": dict(sorted(audit.counts.items())),
                      "examples": audit.examples}, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
