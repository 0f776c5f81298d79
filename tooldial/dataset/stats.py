"""Dataset statistics (paper Table 2 and the distributions the card shows), accumulated while streaming."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

from tooldial.dataset.features import SPLITS
from tooldial.dialogue.record import DialogueRecord


class DatasetStats(BaseModel):
    """Counts over all splits unless a field says otherwise."""

    dialogues: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(SPLITS, 0))
    turns: int = 0
    user_turns: int = 0
    system_turns: int = 0
    #: number of turns → number of dialogues with that many.
    turns_histogram: dict[int, int] = Field(default_factory=dict)
    sequences: dict[str, int] = Field(default_factory=dict)
    #: sequence id → its actions (``request-multi`` kept), from the first dialogue of the sequence.
    sequence_actions: dict[str, str] = Field(default_factory=dict)
    actions: dict[str, int] = Field(default_factory=dict)
    subgraph_types: dict[str, int] = Field(default_factory=dict)
    domains: dict[str, int] = Field(default_factory=dict)
    apis: int = 0
    api_pairs: int = 0
    #: config → split → rows.
    rows: dict[str, dict[str, int]] = Field(default_factory=dict)
    #: records read but not written (malformed), with their location.
    skipped: list[str] = Field(default_factory=list)

    @property
    def total_dialogues(self) -> int:
        return sum(self.dialogues.values())

    @property
    def turns_per_dialogue(self) -> float:
        return self.turns / self.total_dialogues if self.total_dialogues else 0.0

    def table2(self) -> list[tuple[str, str]]:
        """Paper Table 2 plus what the issue asks for: metric, value (formatted)."""
        rows = [
            ("Train", f"{self.dialogues.get('train', 0):,}"),
            ("Validation", f"{self.dialogues.get('validation', 0):,}"),
            ("Test", f"{self.dialogues.get('test', 0):,}"),
            ("Total", f"{self.total_dialogues:,}"),
            ("# of turns", f"{self.turns:,}"),
            ("# of turns per dialogue", f"{self.turns_per_dialogue:.2f}"),
            ("# of action sequences", f"{len(self.sequences):,}"),
            ("# of actions", f"{len(self.actions):,}"),
            ("# of APIs", f"{self.apis:,}"),
            ("# of API pairs", f"{self.api_pairs:,}"),
            ("# of domains", f"{len(self.domains):,}"),
        ]
        if self.skipped:
            rows.append(("Skipped (malformed)", f"{len(self.skipped):,}"))
        return rows


class StatsAccumulator:
    """Feed it every written record (and row counts); :meth:`result` gives :class:`DatasetStats`."""

    def __init__(self) -> None:
        self._stats = DatasetStats()
        self._turns: Counter[int] = Counter()
        self._sequences: Counter[str] = Counter()
        self._actions: Counter[str] = Counter()
        self._types: Counter[str] = Counter()
        self._domains: Counter[str] = Counter()
        self._apis: set[str] = set()
        self._pairs: set[tuple[str, str]] = set()

    def add_record(self, split: str, record: DialogueRecord) -> None:
        s = self._stats
        s.dialogues[split] = s.dialogues.get(split, 0) + 1
        n = len(record.dialogue)
        s.turns += n
        self._turns[n] += 1
        for turn in record.dialogue:
            (speaker, body), = turn.items()
            if speaker == "User":
                s.user_turns += 1
            else:
                s.system_turns += 1
            self._actions[str(body.get("action", ""))] += 1
        self._sequences[record.sequence_id] += 1
        if record.sequence_id not in self._stats.sequence_actions:
            self._stats.sequence_actions[record.sequence_id] = " ".join(record.actions or record.turn_actions())
        self._types[record.subgraph_type] += 1
        self._domains[record.domain] += 1
        self._apis.update(a for a in (record.source, record.target) if a)
        self._pairs.add((record.source, record.target))

    def add_rows(self, config: str, split: str, n: int) -> None:
        per = self._stats.rows.setdefault(config, dict.fromkeys(SPLITS, 0))
        per[split] = per.get(split, 0) + n

    def skip(self, location: str) -> None:
        self._stats.skipped.append(location)

    def result(self) -> DatasetStats:
        s = self._stats.model_copy(deep=True)
        s.turns_histogram = dict(sorted(self._turns.items()))
        s.sequences = dict(sorted(self._sequences.items(), key=lambda kv: (-kv[1], kv[0])))
        s.sequence_actions = {k: s.sequence_actions[k] for k in s.sequences}
        s.actions = dict(sorted(self._actions.items(), key=lambda kv: (-kv[1], kv[0])))
        s.subgraph_types = dict(sorted(self._types.items()))
        s.domains = dict(sorted(self._domains.items(), key=lambda kv: (-kv[1], kv[0])))
        s.apis = len(self._apis)
        s.api_pairs = len(self._pairs)
        return s
