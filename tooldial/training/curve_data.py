"""Datasets for the learning curve's two test sets: in-distribution and unseen APIs.

A ``tooldial build --split-by api`` dataset keeps every API pair in one split, so its test split holds pairs no
training dialogue has. To score the *same* model on both kinds of test rows, the curve trains on a second build
made from that dataset's train split alone (``--dialogues``, split by dialogue): its test split is in-distribution
(dialogues never trained on, API pairs the training split has), and the first build's test split is unseen.

    tooldial build --out DS_API --split-by api ...
    python scripts/learning_curve.py --write-dialogues DS_API train seen.jsonl
    tooldial build --dialogues seen.jsonl --out DS_SEEN
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _dialogue_rows(dataset: str, split: str) -> list[dict[str, Any]]:
    from tooldial.evaluation.runner import load_split

    return load_split(dataset, "dialogues", split).to_list()


def write_split_dialogues(dataset: str, split: str, out: str | Path) -> int:
    """Write the dialogues of one split of a built dataset as a ``dialogues.jsonl`` file; return how many."""
    from tooldial.dataset.rows import record_from_dialogue_row

    lines = [record_from_dialogue_row(row).model_dump_json() + "\n" for row in _dialogue_rows(dataset, split)]
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")  # a crash never leaves half a file
    tmp.write_text("".join(lines), encoding="utf-8")
    tmp.replace(path)
    return len(lines)


def api_overlap(train_dataset: str, test_dataset: str, *, train_split: str = "train", test_split: str = "test"
                ) -> dict[str, Any]:
    """How new the test dialogues' APIs are to the training split: pairs and single APIs never trained on."""

    def apis(row: dict[str, Any]) -> set[str]:
        return {a for a in (row["source"], row["target"]) if a}

    train = _dialogue_rows(train_dataset, train_split)
    test = _dialogue_rows(test_dataset, test_split)
    seen_pairs = {(r["source"], r["target"]) for r in train}
    seen_apis = set().union(*(apis(r) for r in train)) if train else set()
    return {
        "train_dialogues": len(train),
        "test_dialogues": len(test),
        "test_pair_unseen": sum((r["source"], r["target"]) not in seen_pairs for r in test),
        "test_every_api_unseen": sum(not (apis(r) & seen_apis) for r in test),
        "test_target_unseen": sum(r["target"] not in seen_apis for r in test),
    }

