"""``scripts/audit_intents.py``: it draws each API's request, packs the requests two checkouts differ on into a
blind A/B packet, and scores readers' labels against the packet's key."""

from __future__ import annotations

import json
from pathlib import Path

from scripts import audit_intents


def test_draw_pack_and_score_round_trip(tmp_path: Path) -> None:
    rows = audit_intents.draw("builtin", 6, 3)
    assert len(rows) == 6 and all(r["request"].startswith("Could you ") for r in rows)
    assert rows == audit_intents.draw("builtin", 6, 3)  # the same APIs and requests for the same seed
    changed = [dict(r) for r in rows]
    changed[0]["request"] = "Could you do something else?"
    changed[2]["request"] = "Could you do another thing?"
    text, key = audit_intents.pack(rows, changed, seed=1, same=2)
    assert len(key) == 4 and sum(e["changed"] for e in key.values()) == 2
    assert "Could you do something else?" in text and "Could you do another thing?" in text
    # a reader who always accepts the new request and prefers it
    labels = []
    for item, entry in key.items():
        new_side = "A" if entry["A"] == "after" else "B"
        labels.append({"item": item, "a_ok": "yes" if new_side == "A" or not entry["changed"] else "no",
                       "b_ok": "yes" if new_side == "B" or not entry["changed"] else "no",
                       "better": new_side if entry["changed"] else "equal"})
    result = audit_intents.score(key, labels)
    assert result["better"] == {"before": 0, "after": 2, "equal": 0}  # controls are not pairs to prefer
    assert result["sayable"] == {"before": 2, "after": 4}  # the two controls count for each side
    assert result["sayable_changed"] == {"before": 0, "after": 2}


def test_the_cli_writes_a_draw_and_a_packet(tmp_path: Path, capsys) -> None:
    out = tmp_path / "a.jsonl"
    assert audit_intents.main(["draw", "--corpus", "builtin", "--n", "4", "--seed", "1", "--out", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 4
    assert audit_intents.main(["pack", "--a", str(out), "--b", str(out), "--out", str(tmp_path / "rev"), "--same", "2"]) == 0
    key = json.loads((tmp_path / "rev" / "key.json").read_text())
    assert len(key) == 2 and not any(e["changed"] for e in key.values())
