"""How the two prompt profiles differ on a dialogue file: rows per config, and what a cross-layout run scores.

    python scripts/compare_profiles.py DIALOGUES.jsonl [--limit N]

Prints the rows each profile cuts per config, whether the DST and action rows are identical (the ``original``
cutter works on the text with the release's substring rules, the ``paper`` one on typed lines), how many overall
targets differ, and the overall turn accuracy /
dialogue success of gold traces of one layout scored against the other's labels (our scoring) — what a model
trained on one profile gets when evaluated with the other.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tooldial.dataset.rows import task_rows
from tooldial.dialogue.io import read_dialogues
from tooldial.evaluation.backends.base import GenerationRequest
from tooldial.evaluation.metrics import dialogue_success
from tooldial.evaluation.tasks import OverallTask
from tooldial.tasks.prompts import PROFILES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dialogues")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    counts: dict[str, Counter] = {p: Counter() for p in PROFILES}
    overall: dict[str, list[dict]] = {p: [] for p in PROFILES}
    same: Counter = Counter()  # dst / action rows equal in both profiles (they should all be)
    for n, record in enumerate(read_dialogues(args.dialogues)):
        if args.limit is not None and n >= args.limit:
            break
        by_profile = {profile: task_rows(record, profile=profile) for profile in PROFILES}
        for profile, rows in by_profile.items():
            counts[profile].update({name: len(r) for name, r in rows.items()})
            overall[profile].extend(r for r in rows["overall"] if r["setting"] == "gt")
        for name in ("dst", "action_prediction"):
            same[name] += by_profile["original"][name] == by_profile["paper"][name]
            same[f"{name} dialogues"] += 1
    for profile in PROFILES:
        print(f"{profile:<9} " + "  ".join(f"{k} {v:,}" for k, v in sorted(counts[profile].items())))
    for name in ("dst", "action_prediction"):
        print(f"{name}: rows identical in both profiles for {same[name]:,} of {same[f'{name} dialogues']:,} dialogues")
    pairs = list(zip(overall["original"], overall["paper"], strict=True))
    print(f"overall targets that differ: {sum(o['target'] != p['target'] for o, p in pairs):,} of {len(pairs):,}")
    task, request = OverallTask(), GenerationRequest(task="overall", messages=[{"role": "user", "content": "-"}])
    for trained, scored in (("paper", "original"), ("original", "paper"), ("original", "original")):
        flags, dialogues = [], []
        for o, p in pairs:
            gold = {"original": o, "paper": p}
            trace = gold[trained]["target"].rstrip("\n") + "\n"
            flags.append(task.score(gold[scored], request, trace, "done")["correct"])
            dialogues.append(o["dialogue_id"])
        success = dialogue_success(dialogues, flags)
        print(f"gold {trained:<8} traces scored on {scored:<8} labels: turn accuracy {sum(flags) / len(flags):.3f}, "
              f"dialogue success {success['success_rate']:.3f} ({success['dialogues']:,} dialogues)")


if __name__ == "__main__":
    main()
