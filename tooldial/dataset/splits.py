"""Train / validation / test assignment: stratified by action sequence, deterministic for a seed.

Two units of assignment:

- ``dialogue`` (default): each dialogue, together with the dialogues that repeat its sequence and APIs
  (``sequence_id``, ``source``, ``target``: the same dialogue with other values; in the 2,000-dialogue embedded build
  of main ``6f52283``, 122 of 200 test dialogues had such a twin in train when each dialogue went alone). Units are
  grouped by ``sequence_id``, shuffled within their group with ``random.Random(seed)``, and dealt in order to the
  split that is furthest below its share, so every sequence is split ≈ 80/10/10 (up to one unit) and the totals
  match the ratios.
- ``api``: every dialogue of one API pair (``source`` → ``target``; single-API dialogues: ``"" → target``)
  lands in the same split, so no API pair is shared across splits (leakage-free evaluation). Pairs are
  dealt whole, ordered by their most frequent sequence, so the sequence mix stays close to stratified.

The result depends only on the set of keys and the seed, not on the order the dialogues come in.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from tooldial.dataset.features import SPLITS

SplitBy = Literal["dialogue", "api"]


class SplitConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Shares of train, validation, test (normalised; the paper's 8,859 / 1,086 / 1,166 is ≈ 80/10/10).
    ratios: tuple[float, float, float] = (0.8, 0.1, 0.1)
    by: SplitBy = "dialogue"
    seed: int = 0

    @field_validator("ratios")
    @classmethod
    def _positive(cls, value: tuple[float, float, float]) -> tuple[float, float, float]:
        if any(r < 0 for r in value) or sum(value) <= 0:
            raise ValueError("split ratios must be non-negative and not all zero")
        return value


class SplitKey(BaseModel):
    """What the assignment looks at for one dialogue."""

    model_config = ConfigDict(frozen=True)

    dialogue_id: str
    sequence_id: str
    source: str = ""
    target: str = ""

    @property
    def pair(self) -> tuple[str, str]:
        return (self.source, self.target)

    @property
    def scenario(self) -> tuple[str, str, str]:
        """The sequence and the APIs: dialogues that share it differ only in their values."""
        return (self.sequence_id, self.source, self.target)


def assign_splits(keys: Iterable[SplitKey], config: SplitConfig | None = None) -> dict[str, str]:
    """``dialogue_id -> split`` for every key (raises ``ValueError`` on a duplicate dialogue id)."""
    config = config or SplitConfig()
    total = sum(config.ratios)
    ratios = [r / total for r in config.ratios]
    units: dict[object, list[SplitKey]] = defaultdict(list)
    seen: set[str] = set()
    for key in keys:
        if key.dialogue_id in seen:
            raise ValueError(f"duplicate dialogue_id {key.dialogue_id!r}")
        seen.add(key.dialogue_id)
        units[key.scenario if config.by == "dialogue" else key.pair].append(key)

    def stratum(members: list[SplitKey]) -> str:
        counts = Counter(k.sequence_id for k in members)
        return min(counts, key=lambda s: (-counts[s], s))

    by_stratum: dict[str, list[object]] = defaultdict(list)
    for unit, members in units.items():
        members.sort(key=lambda k: k.dialogue_id)
        by_stratum[stratum(members)].append(unit)
    rng = random.Random(config.seed)
    ordered: list[object] = []
    for name in sorted(by_stratum):
        group = sorted(by_stratum[name], key=repr)
        rng.shuffle(group)
        ordered.extend(group)

    counts = [0] * len(SPLITS)
    assigned = 0
    result: dict[str, str] = {}
    for unit in ordered:
        members = units[unit]
        after = assigned + len(members)
        deficits = [ratios[j] * after - counts[j] for j in range(len(SPLITS))]
        j = max(range(len(SPLITS)), key=lambda i: (deficits[i], -i))
        counts[j] += len(members)
        assigned = after
        for key in members:
            result[key.dialogue_id] = SPLITS[j]
    return result
