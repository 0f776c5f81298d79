"""``scripts/blind_dialogue_review.py``: every (scenario, version) is read exactly once, no reviewer reads both
versions of a scenario, packets show no trace of who wrote what, and the score joins labels back to versions."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tooldial.corpus.models import make_api_id

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("blind_dialogue_review", REPO / "scripts" / "blind_dialogue_review.py")
review = importlib.util.module_from_spec(spec)
spec.loader.exec_module(review)

API_ID = make_api_id("Weather", "sky_cast", "Daily Forecast")
TOOL = {"category": "Weather", "tool_name": "sky_cast", "tool_description": "Forecasts.", "api_list": [
    {"name": "Daily Forecast", "description": "Daily forecast for a city.", "method": "GET",
     "required_parameters": [{"name": "city", "type": "STRING", "description": "City name", "default": "Paris"}],
     "optional_parameters": []}]}


def _record(i: int, who: str) -> dict:
    return {"dialogue_id": f"d{i}", "target": API_ID, "source": None, "dialogue": [
        {"User": {"message": f"forecast {i} please ({who} words)", "action": "inform_intent_clear"}},
        {"System": {"action": "call", "message": "", "api_request": {"api_name": API_ID},
                    "api_response": {"result": {"city": "Paris"}}}},
        {"System": {"action": "response", "message": "Sunny.", "api_request": {}, "api_response": {}}}],
        "scenario": {"written_by": {"goal": [who]}}}


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"corpus": tmp_path / "corpus.jsonl", "a": tmp_path / "a.jsonl", "b": tmp_path / "b.jsonl"}
    paths["corpus"].write_text(json.dumps(TOOL) + "\n", encoding="utf-8")
    for version, who in (("a", "template"), ("b", "model")):
        paths[version].write_text("".join(json.dumps(_record(i, who)) + "\n" for i in range(8)), encoding="utf-8")
    return paths


def test_each_reading_once_never_both_versions_for_one_reviewer(files, tmp_path) -> None:
    out = tmp_path / "review"
    assert review.main(["pack", "--a", str(files["a"]), "--b", str(files["b"]), "--corpus", str(files["corpus"]),
                        "--reviewers", "4", "--out", str(out)]) == 0
    key = json.loads((out / "key.json").read_text())
    assert sorted((k["dialogue_id"], k["version"]) for k in key.values()) == \
        sorted((f"d{i}", v) for i in range(8) for v in "ab")
    for r in range(1, 5):
        mine = [k for k in key.values() if k["reviewer"] == r]
        assert len(mine) == 4 and len({k["dialogue_id"] for k in mine}) == 4
        packet = (out / f"packet_{r}.md").read_text()
        assert packet.count("## Dialogue ") == 4 and "written_by" not in packet and "Daily Forecast" in packet
        assert all(f"## Dialogue {b}" in packet for b, k in key.items() if k["reviewer"] == r)


def test_one_file_as_both_versions_gives_two_readers_per_dialogue_and_paired_refuses_it(files, tmp_path) -> None:
    """Session 38 packed one file as both versions with ``--design paired``: each reader read 20 dialogues twice."""
    args = ["pack", "--a", str(files["a"]), "--b", str(files["a"]), "--corpus", str(files["corpus"]),
            "--reviewers", "2"]
    with pytest.raises(SystemExit, match="crossed"):
        review.main([*args, "--design", "paired", "--out", str(tmp_path / "paired")])
    assert review.main([*args, "--out", str(tmp_path / "crossed")]) == 0
    key = json.loads((tmp_path / "crossed" / "key.json").read_text())
    readers = {}
    for k in key.values():
        readers.setdefault(k["dialogue_id"], set()).add(k["reviewer"])
    assert len(readers) == 8 and all(r == {1, 2} for r in readers.values())


def test_score_joins_labels_and_rejects_unknown_kinds(files, tmp_path, capsys) -> None:
    out = tmp_path / "review"
    review.main(["pack", "--a", str(files["a"]), "--b", str(files["b"]), "--corpus", str(files["corpus"]),
                 "--reviewers", "2", "--out", str(out)])
    key = json.loads((out / "key.json").read_text())
    labels = out / "labels.tsv"
    lines = ["blind_id\tproblems\tfinal_ok\tnotes"] + [
        f"{b}\t{'utterance,value' if k['version'] == 'a' else 'none'}\t{'no' if k['version'] == 'a' else 'yes'}\tx"
        for b, k in key.items()]
    labels.write_text("\n".join(lines) + "\n")
    assert review.main(["score", "--key", str(out / "key.json"), "--labels", str(labels)]) == 0
    text = capsys.readouterr().out
    assert "version a: 8/8 = 100.0%" in text and "version b: 0/8 = 0.0%" in text and "final_ok 8/8" in text
    assert "utterance: both 0, only a 8, only b 0, neither 0" in text
    labels.write_text(lines[0] + "\n" + lines[1].replace("utterance", "grammar") + "\n")
    with pytest.raises(SystemExit, match="unknown kinds"):
        review.main(["score", "--key", str(out / "key.json"), "--labels", str(labels)])


def test_paired_design_gives_each_reviewer_both_versions_of_their_scenarios(files, tmp_path, capsys) -> None:
    out = tmp_path / "review"
    assert review.main(["pack", "--a", str(files["a"]), "--b", str(files["b"]), "--corpus", str(files["corpus"]),
                        "--reviewers", "3", "--design", "paired", "--out", str(out)]) == 0
    key = json.loads((out / "key.json").read_text())
    assert sorted((k["dialogue_id"], k["version"]) for k in key.values()) == \
        sorted((f"d{i}", v) for i in range(8) for v in "ab")
    by_scenario: dict[str, set[int]] = {}
    for k in key.values():
        by_scenario.setdefault(k["dialogue_id"], set()).add(k["reviewer"])
    assert all(len(readers) == 1 for readers in by_scenario.values())  # one reader reads both versions
    # the score reads the pairs one reader read: a versions all flagged, b none -> 8 discordant pairs, p = 2/2^8
    lines = ["blind_id\tproblems\tfinal_ok\tnotes"] + [
        f"{b}\t{'value' if k['version'] == 'a' else 'none'}\tyes\tx" for b, k in key.items()]
    (out / "labels.tsv").write_text("\n".join(lines) + "\n")
    assert review.main(["score", "--key", str(out / "key.json"), "--labels", str(out / "labels.tsv")]) == 0
    text = capsys.readouterr().out
    assert "(8 by one reader)" in text
    assert "value: both 0, only a 8, only b 0, neither 0; one reader: only a 8, only b 0, sign test p = 0.008" in text


def test_crossed_design_needs_an_even_number_of_reviewers(files, tmp_path) -> None:
    with pytest.raises(SystemExit, match="must be even"):
        review.main(["pack", "--a", str(files["a"]), "--b", str(files["b"]), "--corpus", str(files["corpus"]),
                     "--reviewers", "3", "--out", str(tmp_path / "r")])


def test_sign_test_is_exact_and_symmetric() -> None:
    assert review.sign_test(0, 0) == 1.0
    assert review.sign_test(5, 0) == review.sign_test(0, 5) == pytest.approx(2 / 32)
    assert review.sign_test(3, 3) == 1.0
    assert review.sign_test(1, 9) == pytest.approx(2 * 11 / 1024)


def test_changed_reads_only_the_dialogues_a_change_altered_in_the_same_scenario(files, tmp_path, capsys) -> None:
    """A before/after review of a template change: dialogues of the same bytes and dialogues whose draw moved to
    another scenario are left out and counted; ``--n`` reads a random subset of the rest."""
    before = [_record(i, "template") for i in range(8)]
    after = [dict(r) for r in before]
    for i in (2, 3, 4, 5):  # the change altered these four dialogues
        after[i] = {**after[i], "dialogue": [{"User": {"message": f"changed {i}", "action": "inform_intent_clear"}},
                                             *after[i]["dialogue"][1:]]}
    for i in (6, 7):  # these drew another scenario
        after[i] = {**after[i], "target": make_api_id("Weather", "sky_cast", "Hourly Forecast")}
    paths = {v: tmp_path / f"{v}_changed.jsonl" for v in "ab"}
    for v, rows in (("a", before), ("b", after)):
        paths[v].write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    args = ["pack", "--a", str(paths["a"]), "--b", str(paths["b"]), "--corpus", str(files["corpus"]),
            "--reviewers", "2", "--design", "paired", "--changed"]
    assert review.main([*args, "--out", str(tmp_path / "all")]) == 0
    key = json.loads((tmp_path / "all" / "key.json").read_text())
    assert {k["dialogue_id"] for k in key.values()} == {"d2", "d3", "d4", "d5"} and len(key) == 8
    assert "4 dialogues changed, 2 the same bytes, 2 another scenario" in capsys.readouterr().err
    assert review.main([*args, "--n", "2", "--out", str(tmp_path / "two")]) == 0
    key = json.loads((tmp_path / "two" / "key.json").read_text())
    assert len({k["dialogue_id"] for k in key.values()}) == 2 <= len(key) == 4
    with pytest.raises(SystemExit, match="no dialogue of the same scenario differs"):
        review.main(["pack", "--a", str(paths["a"]), "--b", str(paths["a"]), "--corpus", str(files["corpus"]),
                     "--reviewers", "2", "--changed", "--out", str(tmp_path / "none")])
