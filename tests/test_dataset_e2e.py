"""``tooldial build`` end to end on the embedded corpus with a small ``--n`` (the real generator and graph)."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest

from tooldial.cli import main as cli_main
from tooldial.dataset.features import CONFIG_NAMES, SPLITS


@pytest.mark.slow
def test_tooldial_build_small_n(tmp_path, capsys):
    pytest.importorskip("tooldial.dialogue.generate")
    out = tmp_path / "ds"
    # embeddings come from the user's cache (keyed by model and text); graph and dialogues are made afresh
    argv = ["build", "--out", str(out), "--n", "10", "--seed", "5", "--no-progress", "--work-dir", str(tmp_path / "w")]
    code = cli_main(argv)
    printed = capsys.readouterr().out
    assert code == 0
    assert "# of turns per dialogue" in printed and "example dialogue (train):" in printed
    build = json.loads((out / "tooldial_build.json").read_text())
    assert build["info"]["source"] == "generated" and build["info"]["generation"]["n"] == 10
    stats = build["stats"]
    assert sum(stats["dialogues"].values()) == 10 and stats["dialogues"]["train"] == 8
    dialogues = {}
    for split in SPLITS:
        for row in pq.read_table(sorted((out / "data" / "dialogues").glob(f"{split}-*.parquet"))).to_pylist():
            dialogues[row["dialogue_id"]] = row
    assert all(row["renderer"] == "template" and row["seed"] == 5 for row in dialogues.values())
    for config in CONFIG_NAMES:
        rows = [r for s in SPLITS for r in pq.read_table(sorted((out / "data" / config).glob(f"{s}-*.parquet"))).to_pylist()]
        assert len(rows) == sum(stats["rows"][config].values()) > 0
        if config == "action_prediction":
            for row in rows:
                turn = dialogues[row["dialogue_id"]]["turns"][row["turn_index"]]
                assert turn["speaker"] == "System" and row["label"] == turn["action"]
    # same options, same bytes (the finished dialogues are reused; the dataset is rewritten)
    first = {p.name: p.read_bytes() for p in (out / "data" / "dst").iterdir()}
    assert cli_main([*argv, "--quiet", "--overwrite"]) == 0
    assert {p.name: p.read_bytes() for p in (out / "data" / "dst").iterdir()} == first
