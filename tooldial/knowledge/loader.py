"""Read the packaged knowledge (``tooldial/knowledge/packs/<subject>.yaml``), validated and cached.

The cache holds immutable data only (frozen pydantic models, frozensets, tuples), keyed by the file name, so
every caller gets the same objects and nothing can change them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

import yaml

from tooldial.errors import ConfigError
from tooldial.jsonfile import read_text
from tooldial.knowledge.schema import Pack, PhraseBook, Phrases, validate

PACKS = Path(__file__).parent / "packs"
PHRASES = Path(__file__).parent / "phrases"


#: libyaml's loader when PyYAML has it (10x faster than the pure-Python one: every process reads the packs).
_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LOADER(_BASE_LOADER):  # type: ignore[misc,valid-type]
    """The safe loader, refusing a key written twice in one mapping: YAML keeps the last silently, so a second
    word set of the same name would replace the first one unseen."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen: set = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"the key {key!r} is written twice",
                                                        key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _load_yaml(path: Path) -> object:
    """A knowledge file's YAML (safe loader); a syntax error is one ``ConfigError`` line naming file and line."""
    try:
        return yaml.load(read_text(path), Loader=_LOADER)  # noqa: S506 - a safe loader
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror or exc}", file=_shown(path)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        raise ConfigError(f"not valid YAML: {getattr(exc, 'problem', None) or type(exc).__name__}{where}",
                          file=_shown(path)) from None


def read_pack(path: Path) -> Pack:
    """Parse and validate one pack file (any path: the tests feed broken ones)."""
    pack: Pack = validate(Pack, _load_yaml(path), source=_shown(path))
    if pack.subject != path.stem:
        raise ConfigError(f"subject {pack.subject!r} is not the file's name {path.stem!r}", file=_shown(path),
                          field="subject")
    return pack


@cache
def pack(subject: str) -> Pack:
    """The packaged pack of ``subject`` (``identifiers`` → ``packs/identifiers.yaml``)."""
    path = PACKS / f"{subject}.yaml"
    if not path.is_file():
        known = ", ".join(subjects())
        raise ConfigError(f"no knowledge pack {subject!r}; packs: {known}", file=_shown(path))
    return read_pack(path)


@cache
def words(subject: str, name: str) -> frozenset[str]:
    """The word set ``name`` of pack ``subject``, as a frozenset."""
    return frozenset(ordered_words(subject, name))


@cache
def ordered_words(subject: str, name: str) -> tuple[str, ...]:
    """The word set ``name`` of pack ``subject`` in the file's order (for code that iterates it): the words of the
    sets it ``includes`` first, then its own."""
    sets = pack(subject).word_sets
    if name not in sets:
        raise ConfigError(f"no word set {name!r}; it has {', '.join(sets) or 'none'}", file=_shown(PACKS / f"{subject}.yaml"),
                          field="word_sets")
    included = tuple(w for other in sets[name].includes for w in ordered_words(subject, other))
    return included + sets[name].words


@cache
def word_map(subject: str, name: str) -> Mapping[str, object]:
    """The map ``name`` of pack ``subject`` (read-only, in the file's order)."""
    maps = pack(subject).maps
    if name not in maps:
        raise ConfigError(f"no map {name!r}; it has {', '.join(maps) or 'none'}",
                          file=_shown(PACKS / f"{subject}.yaml"), field="maps")
    return maps[name].entries


@dataclass(frozen=True, slots=True)
class NumberRange:
    """A range of numbers written ``"low..high"`` in a map; ``decimals`` is how many the ends are written with
    (``"-6.00..6.00"``: 2), so a value drawn from it is written alike (``"0..100"``: whole numbers)."""

    low: float
    high: float
    decimals: int

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def draw(self, rng: random.Random) -> str:
        """A value inside the range, as text with the range's decimals (whole numbers: ``randint``)."""
        if not self.decimals:
            return str(rng.randint(int(self.low), int(self.high)))
        return f"{rng.uniform(self.low, self.high):.{self.decimals}f}"


_RANGE = re.compile(r"^\s*(-?\d+(?:\.(\d+))?)\s*\.\.\s*(-?\d+(?:\.(\d+))?)\s*$")


@cache
def number_ranges(subject: str, name: str) -> Mapping[str, NumberRange]:
    """The map ``name`` of pack ``subject`` read as ranges (``kind: "low..high"``); an entry that is no range, or
    whose low end lies above its high end, is a ``ConfigError`` naming the file, the map and the key."""
    out: dict[str, NumberRange] = {}
    for key, text in word_map(subject, name).items():
        try:
            out[key] = parse_range(text)
        except ValueError as exc:
            raise ConfigError(
                f"{key}: {exc}", file=_shown(PACKS / f"{subject}.yaml"), field=f"maps.{name}.entries"
            ) from None
    return MappingProxyType(out)


def parse_range(text: object) -> NumberRange:
    """``"low..high"`` as a :class:`NumberRange`; ``ValueError`` when it is no such text or low lies above high."""
    m = _RANGE.match(text) if isinstance(text, str) else None
    if m is None or float(m[1]) > float(m[3]):
        raise ValueError(f'{text!r} is no range: write "low..high" with low <= high')
    return NumberRange(float(m[1]), float(m[3]), max(len(m[2] or ""), len(m[4] or "")))


def read_phrase_book(path: Path) -> PhraseBook:
    """Parse and validate one phrase book file; its folder names its language."""
    book: PhraseBook = validate(PhraseBook, _load_yaml(path), source=_shown(path))
    if book.language != path.parent.name:
        raise ConfigError(f"language {book.language!r} is not the folder's name {path.parent.name!r}",
                          file=_shown(path), field="language")
    return book


@cache
def phrase_banks(language: str, book: str) -> Mapping[str, Phrases]:
    """The banks of ``phrases/<language>/<book>.yaml`` by name (read-only; a bank is a tuple of frames, or a
    dict of them by key, which callers only read)."""
    path = PHRASES / language / f"{book}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in path.parent.glob("*.yaml")))
        raise ConfigError(f"no phrase book {book!r} for language {language!r}; books: {known or 'none'}",
                          file=_shown(path))
    return MappingProxyType({name: bank.phrases for name, bank in read_phrase_book(path).banks.items()})


def subjects() -> tuple[str, ...]:
    """Every packaged subject, sorted."""
    return tuple(sorted(p.stem for p in PACKS.glob("*.yaml")))


def _shown(path: Path) -> str:
    """A pack's path as messages show it: relative to the package when it is a packaged one."""
    try:
        return str(path.relative_to(PACKS.parent.parent.parent))
    except ValueError:
        return str(path)
