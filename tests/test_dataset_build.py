"""Dataset directory: splits, rows vs. source labels, offline load_dataset, converter round trip and errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tooldial.cli import main as cli_main
from tooldial.dataset.convert import convert_release, write_release
from tooldial.dataset.features import CONFIG_NAMES, FEATURES, SPLITS
from tooldial.dataset.pipeline import BuildOptions, build_dataset
from tooldial.dataset.rows import record_from_dialogue_row
from tooldial.dataset.splits import SplitConfig, SplitKey, assign_splits
from tooldial.dialogue.record import DialogueRecord

DATA = Path(__file__).parent / "data" / "release"


def _our_records() -> list[DialogueRecord]:
    """The clean fixtures as our own records: ids, sequences, seed, renderer and scenario filled in."""
    out = []
    for name in ("train.json", "val.json", "test.json"):
        for i, raw in enumerate(json.loads((DATA / "clean" / name).read_text())):
            record = DialogueRecord.model_validate(raw)
            for copy_no in range(2):  # two renderings per scenario, as a generator with n > scenarios gives
                out.append(record.model_copy(update={
                    "dialogue_id": f"td-{name[:-5]}-{i}-{copy_no}",
                    "sequence_id": f"seq-{len(record.dialogue)}",
                    "actions": record.turn_actions(),
                    "domain": record.target.split("|")[0],
                    "seed": 7,
                    "renderer": "template",
                    "scenario": {"unit": i, "copy": copy_no},
                }))
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, list[DialogueRecord]]:
    root = tmp_path_factory.mktemp("build")
    records = _our_records()
    path = root / "dialogues.jsonl"
    path.write_text("".join(r.model_dump_json() + "\n" for r in records), encoding="utf-8")
    options = BuildOptions(corpus="none", dialogues=[path], split=SplitConfig(seed=3), progress=False,
                           validate_dialogues=False,  # fixture records with made-up sequence ids
                           cache_dir=root / "cache")
    build_dataset(options, root / "ds")
    return root / "ds", records


def _table(ds: Path, config: str, split: str):
    return pq.read_table(sorted((ds / "data" / config).glob(f"{split}-*.parquet")))


def _rows(ds: Path, config: str) -> list[dict]:
    rows = []
    for split in SPLITS:
        for row in _table(ds, config, split).to_pylist():
            rows.append({**row, "_split": split})
    return rows


# ----------------------------------------------------------------------------------------------------------------
# splits


def _keys(n: int = 1000) -> list[SplitKey]:
    return [SplitKey(dialogue_id=f"d{i:04d}", sequence_id=f"s{i % 7}", source=f"A{i % 37}", target=f"B{i % 23}")
            for i in range(n)]


def test_split_is_deterministic_stratified_and_order_free():
    keys = _keys()
    a = assign_splits(keys, SplitConfig(seed=1))
    assert a == assign_splits(list(reversed(keys)), SplitConfig(seed=1))
    assert a != assign_splits(keys, SplitConfig(seed=2))
    counts = Counter(a.values())
    assert counts == {"train": 800, "validation": 100, "test": 100}
    per_seq: dict[str, Counter] = defaultdict(Counter)
    for k in keys:
        per_seq[k.sequence_id][a[k.dialogue_id]] += 1
    for seq, c in per_seq.items():
        total = sum(c.values())
        for split, share in zip(SPLITS, (0.8, 0.1, 0.1), strict=True):
            assert abs(c[split] - share * total) <= 1.5, (seq, c)


def test_split_by_dialogue_keeps_a_dialogues_repeats_together():
    """Dialogues that repeat one sequence on the same APIs (the same dialogue with other values) share a split:
    alone, half the test dialogues of a 2,000-dialogue build had a twin in train."""
    keys = [SplitKey(dialogue_id=f"d{i:04d}", sequence_id=f"s{i % 5}", source=f"A{i % 11}", target=f"B{i % 13}")
            for i in range(2000)]  # 715 scenarios, most of them two or three times
    assert max(Counter(k.scenario for k in keys).values()) >= 3
    a = assign_splits(keys, SplitConfig(seed=4))
    where: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for k in keys:
        where[k.scenario].add(a[k.dialogue_id])
    assert all(len(s) == 1 for s in where.values())
    counts = Counter(a.values())
    assert abs(counts["train"] - 1600) <= 3 and abs(counts["test"] - 200) <= 3


def test_split_by_api_shares_no_pair_and_stays_near_the_ratios():
    keys = _keys()
    a = assign_splits(keys, SplitConfig(by="api", seed=0))
    pair_splits: dict[tuple[str, str], set[str]] = defaultdict(set)
    for k in keys:
        pair_splits[k.pair].add(a[k.dialogue_id])
    assert all(len(s) == 1 for s in pair_splits.values())
    counts = Counter(a.values())
    assert len({s for v in pair_splits.values() for s in v}) == 3
    assert abs(counts["train"] - 800) <= 30 and counts["validation"] > 50 and counts["test"] > 50


def test_build_splits_are_deterministic(built, tmp_path):
    ds, records = built
    path = tmp_path / "d.jsonl"
    path.write_text("".join(r.model_dump_json() + "\n" for r in reversed(records)), encoding="utf-8")
    build_dataset(BuildOptions(corpus="none", dialogues=[path], split=SplitConfig(seed=3), progress=False,
                               validate_dialogues=False,  # fixture records with made-up sequence ids
                               cache_dir=tmp_path / "c"), tmp_path / "again")
    first = {r["dialogue_id"]: r["_split"] for r in _rows(ds, "dialogues")}
    again = {r["dialogue_id"]: r["_split"] for r in _rows(tmp_path / "again", "dialogues")}
    assert first == again and set(first.values()) == set(SPLITS)
    for config in ("dialogues", "dst"):  # same bytes for the same input, whatever its order within a split
        assert sorted(map(json.dumps, _table(ds, config, "test").to_pylist())) == sorted(
            map(json.dumps, _table(tmp_path / "again", config, "test").to_pylist()))


# ----------------------------------------------------------------------------------------------------------------
# rows vs. source labels


def test_per_turn_rows_reproduce_the_labels_of_their_dialogue(built):
    ds, records = built
    by_id = {r.dialogue_id: r for r in records}
    split_of = {r["dialogue_id"]: r["_split"] for r in _rows(ds, "dialogues")}
    dst = _rows(ds, "dst")
    actions = _rows(ds, "action_prediction")
    assert dst and actions
    for row in dst:
        record = by_id[row["dialogue_id"]]
        state = json.loads(row["label"])
        gold = json.loads(json.dumps(record.dialogue[row["turn_index"]]["System"]["dialogue_state"]))
        if isinstance(gold.get("api_status"), dict):
            gold["api_status"].pop("system_action")
        assert state == gold
        assert row["_split"] == split_of[row["dialogue_id"]]
        assert row["sequence_id"] == record.sequence_id
    for row in actions:
        record = by_id[row["dialogue_id"]]
        assert row["label"] == record.dialogue[row["turn_index"]]["System"]["action"]
    # every system turn of every dialogue appears once per setting
    expected = sum(sum(1 for t in r.dialogue if "System" in t) for r in records) * 2
    assert len(actions) == expected
    assert {r["setting"] for r in dst} == {"gt", "nogt"}


def test_dialogues_config_is_lossless(built):
    ds, records = built
    by_id = {r.dialogue_id: r for r in records}
    rows = _rows(ds, "dialogues")
    assert len(rows) == len(records)
    for row in rows:
        for key in ("mockdata", "scenario", "extra"):
            row[key] = json.loads(row[key]) if row[key] is not None else None
        for turn in row["turns"]:
            for key in ("retriever_status", "dialogue_state", "api_request", "api_response", "extra"):
                turn[key] = json.loads(turn[key]) if turn[key] is not None else None
        rebuilt = record_from_dialogue_row(row)
        assert rebuilt.model_dump() == by_id[row["dialogue_id"]].model_dump()


def test_sft_rows_use_the_prompts_and_their_targets(built):
    from tooldial.tasks.prompts import build_messages

    ds, _ = built
    sft = _rows(ds, "sft")
    dst = {r["id"]: r for r in _rows(ds, "dst")}
    assert {r["task"] for r in sft} == {"dst", "action", "faithfulness", "overall"}
    for row in sft:
        if row["task"] != "dst":
            continue
        source = dst[row["id"]]
        assert row["messages"][:-1] == build_messages("dst", source["history"], row["profile"])
        assert row["messages"][-1]["role"] == "assistant"
        assert row["messages"][-1]["content"] == "- Dialogue State: " + repr(json.loads(source["label"]))
        tools = json.loads(row["tools"])
        assert tools and all(t["type"] == "function" for t in tools)


# ----------------------------------------------------------------------------------------------------------------
# load_dataset, card


def test_every_config_loads_offline_in_a_fresh_process(built):
    ds, _ = built
    code = (
        "import json, sys, datasets\n"
        "out = {}\n"
        f"for c in {list(CONFIG_NAMES)!r}:\n"
        "    d = datasets.load_dataset(sys.argv[1], c)\n"
        "    out[c] = {s: d[s].num_rows for s in d}\n"
        "    out[c + ':features'] = {s: d[s].features.to_dict() for s in d}\n"
        "    out[c + ':first'] = type(d['train'][0].get('label', d['train'][0].get('tools'))).__name__\n"
        "print(json.dumps(out))\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
           "HF_DATASETS_CACHE": str(ds.parent / "hf-cache")}
    proc = subprocess.run([sys.executable, "-c", code, str(ds)], capture_output=True, text=True, env=env, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    stats = json.loads((ds / "tooldial_build.json").read_text())["stats"]
    for config in CONFIG_NAMES:
        assert out[config] == stats["rows"][config], config
        for features in out[config + ":features"].values():
            assert features == FEATURES[config].to_dict()
    assert out["dst:first"] == "dict"  # Json decodes to Python objects
    assert out["sft:first"] == "list"


def test_card_declares_configs_and_statistics(built):
    import yaml

    ds, records = built
    text = (ds / "README.md").read_text()
    header = yaml.safe_load(text.split("---\n")[1])
    assert [c["config_name"] for c in header["configs"]] == list(CONFIG_NAMES)
    assert {c["config_name"] for c in header["dataset_info"]} == set(CONFIG_NAMES)
    assert f"| Total | {len(records)} |" in text
    assert "@misc{shim2025tooldial" in text and "```text\nUser: " in text
    assert (ds / "tooldial_stats.png").read_bytes()[:4] == b"\x89PNG"


# ----------------------------------------------------------------------------------------------------------------
# converter


def test_converter_round_trip_gives_identical_configs(built, tmp_path):
    ds, _ = built
    by_split: dict[str, list[DialogueRecord]] = {}
    for split in SPLITS:
        rows = _table(ds, "dialogues", split).to_pylist()
        recs = []
        for row in rows:
            for key in ("mockdata", "scenario", "extra"):
                row[key] = json.loads(row[key]) if row[key] is not None else None
            for turn in row["turns"]:
                for key in ("retriever_status", "dialogue_state", "api_request", "api_response", "extra"):
                    turn[key] = json.loads(turn[key]) if turn[key] is not None else None
            recs.append(record_from_dialogue_row(row))
        by_split[split] = recs
    write_release(by_split, tmp_path / "release")
    assert json.loads((tmp_path / "release" / "val.json").read_text())[0].keys() >= {
        "subgraph_type", "dialogue", "mockdata", "source", "target"}
    result, report = convert_release(tmp_path / "release", tmp_path / "converted", progress=False)
    assert report.skipped == []
    for config in CONFIG_NAMES:
        for split in SPLITS:
            assert _table(ds, config, split).equals(_table(tmp_path / "converted", config, split)), (config, split)


def test_converter_reports_broken_records_and_keeps_the_good_ones(tmp_path):
    result, report = convert_release(DATA / "broken", tmp_path / "out", progress=False)
    where = {(Path(s.file).name, s.index) for s in report.skipped}
    assert where == {("train.json", 1), ("train.json", 2), ("train.json", 4), ("train.json", 5),
                     ("val.json", 0), ("val.json", 2), ("test.json", 0)}
    reasons = {(Path(s.file).name, s.index): s.reason for s in report.skipped}
    assert "dialogue[4].System.action" in reasons[("train.json", 5)]
    assert "unknown speaker" in reasons[("val.json", 0)]
    assert report.read == {"train": 6, "validation": 3, "test": 2}
    assert report.converted == {"train": 2, "validation": 1, "test": 1}
    assert result.stats.skipped and len(result.stats.skipped) == 7
    ids = [r["dialogue_id"] for r in _table(tmp_path / "out", "dialogues", "train").to_pylist()]
    assert ids == ["train-00000", "train-00003"]


def test_convert_cli_prints_every_skipped_record(tmp_path, capsys):
    code = cli_main(["convert", "--release", str(DATA / "broken"), "--out", str(tmp_path / "o"), "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "converted 4 of 11 records; skipped 7" in out
    assert err.count("skipped: ") == 7 and "train.json: record 4:" in err


def test_cli_errors_are_one_line(tmp_path, capsys, monkeypatch):
    assert cli_main(["convert", "--release", str(tmp_path), "--out", str(tmp_path / "o")]) == 2
    assert "no release file found" in capsys.readouterr().err
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "README.md").write_text("---\n---\n")
    assert cli_main(["push", str(tmp_path / "ds"), "someone/tooldial"]) == 2  # not written by tooldial
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and "no manifest" in err and "Traceback" not in err
    convert_release(DATA / "clean", tmp_path / "built", progress=False)
    assert cli_main(["push", str(tmp_path / "built"), "someone/tooldial"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and "token" in err and "Traceback" not in err


def test_builder_class_prepares_and_serves_splits(tmp_path):
    from tooldial.dataset.builder import ToolDialBuilder

    builder = ToolDialBuilder(config_name="action_prediction", release=str(DATA / "clean"), cache_dir=str(tmp_path))
    builder.download_and_prepare()
    test = builder.as_dataset(split="test")
    assert test.features == FEATURES["action_prediction"]
    clean_test = json.loads((DATA / "clean" / "test.json").read_text())
    assert test.num_rows == 2 * sum(1 for r in clean_test for t in r["dialogue"] if "System" in t)
    assert set(test["dialogue_id"]) == {"test-00000", "test-00001", "test-00002"}


def test_release_with_only_a_test_file_converts_and_loads(tmp_path):
    """A release folder holding test.json only: the empty splits get no shard and are left out of the card."""
    import shutil

    import datasets

    release = tmp_path / "release"
    release.mkdir()
    shutil.copy(DATA / "clean" / "test.json", release / "test.json")
    result, report = convert_release(release, tmp_path / "out", progress=False)
    assert report.converted["test"] > 0 and not report.converted.get("train")
    assert not list((tmp_path / "out" / "data" / "dst").glob("train-*"))
    loaded = datasets.load_dataset(str(tmp_path / "out"), "dst", cache_dir=str(tmp_path / "hf-cache"))
    assert list(loaded) == ["test"]
    assert loaded["test"].num_rows == result.stats.rows["dst"]["test"]
