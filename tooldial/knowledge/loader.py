"""Read the packaged knowledge (``tooldial/knowledge/packs/<subject>.yaml``), validated and cached.

The cache holds immutable data only (frozen pydantic models, frozensets, tuples), keyed by the file name, so
every caller gets the same objects and nothing can change them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tooldial.errors import ConfigError
from tooldial.knowledge.schema import Pack, validate
from tooldial.safe_yaml import load_yaml_file

PACKS = Path(__file__).parent / "packs"


def read_pack(path: Path) -> Pack:
    """Parse and validate one pack file (any path: the tests feed broken ones)."""
    pack: Pack = validate(Pack, load_yaml_file(path), source=_shown(path))
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
    """The word set ``name`` of pack ``subject`` in the file's order (for code that iterates it)."""
    sets = pack(subject).word_sets
    if name not in sets:
        raise ConfigError(f"no word set {name!r}; it has {', '.join(sets)}", file=_shown(PACKS / f"{subject}.yaml"),
                          field="word_sets")
    return sets[name].words


def subjects() -> tuple[str, ...]:
    """Every packaged subject, sorted."""
    return tuple(sorted(p.stem for p in PACKS.glob("*.yaml")))


def _shown(path: Path) -> str:
    """A pack's path as messages show it: relative to the package when it is a packaged one."""
    try:
        return str(path.relative_to(PACKS.parent.parent.parent))
    except ValueError:
        return str(path)
