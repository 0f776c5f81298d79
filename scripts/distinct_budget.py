"""Where the user side's bigrams go, and how far its distinct-2 is from a target.

With a dataset directory: the user turns' bigram counts per action, split into intent utterances (fixed before
rendering: their exact text was scored by the retriever) and the other user turns (what a renderer can change),
and how many distinct bigrams the other turns would need for the whole user side to reach ``--target``. Tokens are
those of ``tooldial audit`` (:func:`tooldial.audit.diversity.tokens`, all splits of the ``dialogues`` config).

With ``--parts N``: N dialogues are generated (builtin corpus, ``--seed``) and rendered with the template
renderer's trace on, so every user message part is known by its source of words — ``frame`` (the act's own
words and the values), ``context`` (an introduction), ``story`` (situation aside, plan, what was tried),
``source`` (where a value comes from / why it is not at hand / what the user does next), ``goal``, ``opener``,
``closer``, ... Per (act, part): bigrams, distinct bigrams, their ratio, and how many distinct bigrams occur in no
other part (what the part adds that nothing else does). Parts are traced before persona rewrites (typos,
contractions), so their bigrams are close to, not exactly, the messages'.

With ``--sizes``: user distinct-2 over the first 100, 250, 500, 1,000 and 2,000 dialogues (by id) and over the
first 4,218 and 22,179 bigrams (the user side of the AutoDE GPT-3.5 transcripts, one trial per task and all five
trials): distinct-n falls as a corpus grows, so a figure only compares with one over as much text.

    python scripts/distinct_budget.py DATASET_DIR [--target 0.30] [--sizes]
    python scripts/distinct_budget.py --parts 2000 [--seed 7]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
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


def _table(groups: dict[str, Counter[tuple[str, str]]]) -> None:
    """Per group: bigrams, distinct, ratio, and distinct bigrams no other group has."""
    seen_in: Counter[tuple[str, str]] = Counter()
    for counts in groups.values():
        seen_in.update(counts.keys())
    print(f"  {'group':28s} {'bigrams':>8s} {'distinct':>8s} {'ratio':>6s} {'own':>7s}")
    for name, counts in sorted(groups.items(), key=lambda kv: -sum(kv[1].values())):
        own = sum(1 for b in counts if seen_in[b] == 1)
        n = sum(counts.values())
        print(f"  {name:28s} {n:8,d} {len(counts):8,d} {len(counts) / max(1, n):6.3f} {own:7,d}")


def budget(dataset: Path, target: float) -> None:
    check_dataset_dir(dataset)
    rows = [r for split in ("train", "validation", "test") for r in read_rows(dataset, "dialogues", split)]
    user = [u for u in collect_utterances(rows) if u.speaker == "User"]
    intent = bigrams(u.text for u in user if u.action.startswith("inform_intent"))
    other = bigrams(u.text for u in user if not u.action.startswith("inform_intent"))
    n_intent, n_other = sum(intent.values()), sum(other.values())
    shared = len(intent.keys() & other.keys())
    total_distinct = len(intent) + len(other) - shared
    need = target * (n_intent + n_other) - len(intent) + shared
    print(f"user bigrams {n_intent + n_other:,}, distinct {total_distinct:,} "
          f"(distinct-2 {total_distinct / max(1, n_intent + n_other):.3f})")
    print(f"  intent utterances: {n_intent:,} bigrams, {len(intent):,} distinct")
    print(f"  other user turns:  {n_other:,} bigrams, {len(other):,} distinct "
          f"({len(other) / max(1, n_other):.3f}); {shared:,} shared with the intents")
    print(f"for distinct-2 {target}: the other turns would need ~{need:,.0f} distinct bigrams "
          f"({need / max(1, n_other):.2f} of theirs)")
    by_action: dict[str, list[str]] = defaultdict(list)
    for u in user:
        by_action[u.action].append(u.text)
    print("per action (own: distinct bigrams no other action has):")
    _table({action: bigrams(texts) for action, texts in by_action.items()})


#: Bigram counts of the AutoDE GPT-3.5 user transcripts (one trial per task, all five trials), measured with the
#: audit's tokens on ``/work/shared/data/autode/transcripts_user-gpt35_assistant-gpt35.jsonl.gz``.
AUTODE_BIGRAMS = (4_218, 22_179)


def sizes(dataset: Path) -> None:
    """User distinct-2 by corpus size: first N dialogues (by id) and first N bigrams."""
    check_dataset_dir(dataset)
    rows = sorted((r for split in ("train", "validation", "test") for r in read_rows(dataset, "dialogues", split)),
                  key=lambda r: str(r.get("dialogue_id")))
    print("user distinct-2 by corpus size (first dialogues by id):")
    for n in (100, 250, 500, 1000, 2000):
        if n > len(rows):
            break
        counts = bigrams(u.text for u in collect_utterances(rows[:n]) if u.speaker == "User")
        total = sum(counts.values())
        print(f"  {n:5,d} dialogues: {len(counts) / max(1, total):.3f} ({len(counts):,} of {total:,} bigrams)")
    texts = [u.text for u in collect_utterances(rows) if u.speaker == "User"]
    for target in AUTODE_BIGRAMS:
        kept, total = [], 0
        for text in texts:
            kept.append(text)
            total += max(0, len(tokens(text)) - 1)
            if total >= target:
                break
        counts = bigrams(kept)
        print(f"  first {total:,} bigrams (AutoDE size {target:,}): {len(counts) / max(1, total):.3f}")


def parts(n: int, seed: int) -> None:
    from tooldial.corpus import load_corpus
    from tooldial.dialogue.generate import GenerateConfig, generate_dialogues
    from tooldial.dialogue.render_template import TemplateRenderer
    from tooldial.graph import GraphConfig, build_graph

    corpus = load_corpus("builtin")
    renderer = TemplateRenderer()
    renderer.trace = []
    for _ in generate_dialogues(corpus, build_graph(corpus, GraphConfig()), GenerateConfig(n=n, seed=seed),
                                renderer=renderer):
        pass
    texts: dict[str, list[str]] = defaultdict(list)
    for act, part, text in renderer.trace:
        texts[f"{act}.{part}"].append(text)
    print(f"user message parts of {n} dialogues (seed {seed}), before persona rewrites:")
    _table({name: bigrams(group) for name, group in texts.items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("dataset", type=Path, nargs="?")
    parser.add_argument("--target", type=float, default=0.30)
    parser.add_argument("--parts", type=int, metavar="N", help="generate N dialogues and split by message part")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sizes", action="store_true", help="distinct-2 by corpus size (with DATASET_DIR)")
    args = parser.parse_args()
    if args.dataset is None and args.parts is None:
        parser.error("give a dataset directory or --parts N")
    if args.dataset is not None:
        budget(args.dataset, args.target)
        if args.sizes:
            sizes(args.dataset)
    if args.parts is not None:
        parts(args.parts, args.seed)


if __name__ == "__main__":
    main()
