"""The 2026-11-23 relabel of the graph dev set's v1..v5 lines under the current guide: traceable and bounded.

A relabelled line keeps its old label and reason, says what it is now and why, and stays otherwise the line it
was (keys in their order, the relabel's keys appended); only v1..v5 (labelled before v6 applied the guide's echo
line throughout) are relabelled, never a v6 or later line; and the second annotator is still scored against the
labels they were compared with.
"""

from __future__ import annotations

import importlib.util
import json
from importlib import resources
from pathlib import Path

PAIRS = Path(str(resources.files("tooldial") / "data" / "graph_dev" / "pairs.jsonl"))
REPO = Path(__file__).resolve().parents[1]
RELABEL_KEYS = ("valid_before_relabel", "reason_before_relabel", "relabelled")


def rows() -> list[dict]:
    return [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line.strip()]


def agreement_module():
    spec = importlib.util.spec_from_file_location("agreement", REPO / "scripts" / "graph_label_agreement.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_relabelled_line_keeps_its_old_label_and_reason_and_gives_a_new_one():
    changed = [r for r in rows() if any(k in r for k in RELABEL_KEYS)]
    assert changed, "the relabel is gone from pairs.jsonl"
    for r in changed:
        assert all(k in r for k in RELABEL_KEYS), r
        assert r["relabelled"] == "2026-11-23"
        assert isinstance(r["valid_before_relabel"], bool) and r["valid"] != r["valid_before_relabel"], r
        assert r["reason"].strip() and r["reason_before_relabel"].strip(), r
        assert r["reason"] != r["reason_before_relabel"], r


def test_only_v1_to_v5_lines_are_relabelled_and_their_keys_keep_their_order():
    order: dict[str, list[str]] = {}
    for r in rows():
        if not any(k in r for k in RELABEL_KEYS):
            order.setdefault(r["set"], list(r))
    for r in rows():
        if any(k in r for k in RELABEL_KEYS):
            assert r["set"] in {"v1", "v2", "v3", "v4", "v5"}, f"a {r['set']} line was relabelled: {r}"
            assert list(r) == order[r["set"]] + list(RELABEL_KEYS), r


def test_agreement_uses_the_label_the_second_annotator_was_compared_with():
    agreement = agreement_module()
    key = ("A", "a", "B", "b")
    kept = ("A", "x", "B", "y")
    first = {key: {"valid": False, "valid_before_relabel": True}, kept: {"valid": True}}
    second = [dict(zip(agreement.KEY, key, strict=True), valid_second=True, kind="same_tool"),
              dict(zip(agreement.KEY, kept, strict=True), valid_second=False, kind="cross_tool")]
    original = agreement.agreement_by_kind(first, second, "valid_before_relabel")
    relabelled = agreement.agreement_by_kind(first, second, "valid")
    assert original["all"] == [(True, True), (True, False)]
    assert relabelled["all"] == [(False, True), (True, False)]
    assert original["same_tool"] == [(True, True)] and relabelled["cross_tool"] == [(True, False)]


def test_agreement_against_the_original_labels_equals_a_file_with_the_old_labels_restored(tmp_path):
    """Restoring every ``valid_before_relabel`` gives the file the second annotator was compared with."""
    agreement = agreement_module()
    restored = []
    for r in rows():
        r = dict(r)
        if "valid_before_relabel" in r:
            r["valid"] = r.pop("valid_before_relabel")
        restored.append(r)
    first_now = {tuple(r[k] for k in agreement.KEY): r for r in rows()}
    first_old = {tuple(r[k] for k in agreement.KEY): r for r in restored}
    second = [json.loads(x) for x in (PAIRS.parent / "agreement_v4.jsonl").read_text().splitlines()]
    assert any("valid_before_relabel" in first_now[tuple(s[k] for k in agreement.KEY)] for s in second)
    assert (agreement.agreement_by_kind(first_now, second, "valid_before_relabel")
            == agreement.agreement_by_kind(first_old, second, "valid"))
    assert (agreement.agreement_by_kind(first_now, second, "valid")
            != agreement.agreement_by_kind(first_old, second, "valid"))
