"""How far a dataset's user distinct-2 is from a target, split into intent utterances and the other user turns.

Intent utterances (``inform_intent_*``) are fixed before rendering (their exact text was scored by the
retriever), so a renderer can only change the other user turns. This prints both parts' bigram counts and how
many distinct bigrams the other turns would need for the whole user side to reach ``--target``, with the same
tokens as ``tooldial audit`` (:func:`tooldial.audit.diversity.tokens`, all splits of the ``dialogues`` config).

    python scripts/distinct_budget.py DATASET_DIR [--target 0.30]
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from tooldial.audit.data import check_dataset_dir, read_rows
from tooldial.audit.diversity import collect_utterances, tokens


def bigrams(texts: Iterable[str]) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for text in texts:
        t = tokens(text)
        out.update(zip(t, t[1:], strict=False))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("dataset", type=Path)
    parser.add_argument("--target", type=float, default=0.30)
    args = parser.parse_args()
    check_dataset_dir(args.dataset)
    rows = [r for split in ("train", "validation", "test") for r in read_rows(args.dataset, "dialogues", split)]
    user = [u for u in collect_utterances(rows) if u.speaker == "User"]
    intent = bigrams(u.text for u in user if u.action.startswith("inform_intent"))
    other = bigrams(u.text for u in user if not u.action.startswith("inform_intent"))
    n_intent, n_other = sum(intent.values()), sum(other.values())
    shared = len(intent.keys() & other.keys())
    total_distinct = len(intent) + len(other) - shared
    need = args.target * (n_intent + n_other) - len(intent) + shared
    print(f"user bigrams {n_intent + n_other:,}, distinct {total_distinct:,} "
          f"(distinct-2 {total_distinct / max(1, n_intent + n_other):.3f})")
    print(f"  intent utterances: {n_intent:,} bigrams, {len(intent):,} distinct")
    print(f"  other user turns:  {n_other:,} bigrams, {len(other):,} distinct "
          f"({len(other) / max(1, n_other):.3f}); {shared:,} shared with the intents")
    print(f"for distinct-2 {args.target}: the other turns would need ~{need:,.0f} distinct bigrams "
          f"({need / max(1, n_other):.2f} of theirs)")


if __name__ == "__main__":
    main()
