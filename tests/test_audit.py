"""``tooldial audit``: diversity measures, shortcut probes, the DST copy baseline and leak checks."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tooldial.audit import audit_dataset
from tooldial.audit.diversity import distinct_n, mask_values, tokens
from tooldial.audit.leaks import repeated_pair_check, sft_tools_check
from tooldial.audit.probes import copy_tracker
from tooldial.cli import main as cli_main
from tooldial.dataset.pipeline import BuildOptions, build_dataset
from tooldial.dataset.splits import SplitConfig
from tooldial.dialogue.record import DialogueRecord

RELEASE = Path(__file__).parent / "data" / "release" / "clean"


def test_distinct_n_counts_unique_ngrams_over_all_ngrams() -> None:
    toks = [tokens("Thanks, bye now!"), tokens("thanks bye")]
    assert toks[0] == ["thanks", "bye", "now"]
    assert distinct_n(toks, 1) == 3 / 5  # thanks bye now | thanks bye
    assert distinct_n(toks, 2) == 2 / 3  # (thanks bye) (bye now) | (thanks bye)
    assert distinct_n([], 2) == 0.0


def test_mask_values_masks_whole_words_and_numbers() -> None:
    assert mask_values("The city is Paris, 3 nights in Parisian style.", ["Paris", "city"]) == \
        "The <v> is <v>, <v> nights in Parisian style."


def test_copy_tracker_copies_slot_values_from_user_text() -> None:
    docs = {"api_name": "Weather|w|Forecast", "required_parameters": [{"input_parameter_name": "city_name",
                                                                       "description": ""}],
            "optional_parameters": [{"input_parameter_name": "days", "description": ""}]}
    history = (f"User: Weather please, the days should be 3.\nSystem:\n- API documentations: {docs!r}\n"
               "- Message: Which city?\nUser: Sure! It's Oslo.\nSystem:\n")
    state = copy_tracker(history)
    assert state["api_status"] == {"api_name": "Weather|w|Forecast", "required_parameters": {"city_name": "Oslo"},
                                   "optional_parameters": {"days": "3"}}
    assert copy_tracker("User: hi\nSystem:\n") == {"api_confirmed": "false", "api_status": "none"}


def _records(clarify_message: str) -> list[DialogueRecord]:
    """The release fixtures, four renderings each, one dialogue given a clarify turn with ``clarify_message``."""
    out = []
    for name in ("train.json", "val.json", "test.json"):
        for i, raw in enumerate(json.loads((RELEASE / name).read_text())):
            record = DialogueRecord.model_validate(raw)
            for copy_no in range(4):
                out.append(record.model_copy(update={"dialogue_id": f"td-{name[:-5]}-{i}-{copy_no}", "seed": 1}))
    first = out[0]
    clarify = {"System": {"thought": "Unclear.", "action": "clarify", "message": clarify_message,
                          "retriever_status": {"retriever_call": "false", "retrieved_api": "none"},
                          "api_request": {}, "api_response": {},
                          "dialogue_state": {"api_confirmed": "false", "api_status": "none"}}}
    out[0] = first.model_copy(update={"dialogue": [first.dialogue[0], clarify, *first.dialogue[1:]]})
    return out


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> tuple[Path, list[DialogueRecord]]:
    root = tmp_path_factory.mktemp("audit")
    records = _records("Which radio playlist do you want?")  # the user said "radio", never "playlist"
    path = root / "dialogues.jsonl"
    path.write_text("".join(r.model_dump_json() + "\n" for r in records), encoding="utf-8")
    build_dataset(BuildOptions(corpus="none", dialogues=[path], split=SplitConfig(seed=3), progress=False,
                               validate_dialogues=False,  # fixture records with made-up sequence ids
                               cache_dir=root / "cache"), root / "ds")
    return root / "ds", records


def test_distinct_2_with_names_masked_counts_each_name_as_one_token() -> None:
    from tooldial.audit.diversity import Utterance, group_stats

    def utt(text: str) -> Utterance:
        return Utterance(speaker="User", action="user_bye", text=text, template=text)

    stats = group_stats([utt("I'll tell Dana"), utt("I'll tell Marcus"), utt("I'll tell the price")])
    # bigrams: (i ll) x3, (ll tell) x3, (tell dana) (tell marcus) (tell the) (the price) = 10, 6 distinct;
    # "price" is a surname too, but only capitalised words are taken for names
    assert stats.distinct_2 == pytest.approx(6 / 10)
    assert stats.distinct_2_names_masked == pytest.approx(5 / 10)  # tell dana / tell marcus -> tell <name>


def test_audit_measures_match_the_records(dataset) -> None:
    ds, records = dataset
    report = audit_dataset(ds)
    user = [next(iter(t.values()))["message"] for r in records for t in r.dialogue if "User" in t]
    counts = Counter(user)
    stats = report.diversity.by_speaker["User"]
    assert stats.utterances == len(user)
    assert stats.distinct_utterances == len(counts)
    assert stats.repeated == pytest.approx(sum(c for c in counts.values() if c > 1) / len(user))
    assert stats.distinct_2 == pytest.approx(distinct_n([tokens(u) for u in user], 2))
    byes = {next(iter(t.values()))["message"] for r in records for t in r.dialogue
            if next(iter(t.values()))["action"] == "user_bye"}
    assert report.goodbyes["user_bye"] == len(byes)
    assert sum(report.dialogues.values()) == len(records)


def test_audit_probes_and_leak_checks(dataset) -> None:
    ds, _ = dataset
    report = audit_dataset(ds)
    probes = {(p.name, p.setting): p for p in report.probes}
    assert {s for (_, s) in probes} == {"", "gt", "nogt"}
    for probe in probes.values():
        assert probe.test > 0 and (probe.accuracy is None or 0.0 <= probe.accuracy <= 1.0)
    checks = {c.name: c for c in report.checks}
    # sft.tools lists only the APIs retrieved before the turn: nothing the prompt has not shown.
    assert checks["sft.tools shows the gold API"].status == "ok"
    clarify = checks["clarify names what the user never said"]
    assert clarify.affected == 1 and clarify.rows > 1 and "playlist" in clarify.examples[0]  # the others are fine
    assert checks["gold states in nogt DST inputs"].status == "ok"
    assert len(report.verdicts) == 3 + len(report.probes) + len(report.checks)  # user, user w/o intents, phrasings


def test_sft_tools_check_flags_a_gold_api_the_prompt_has_not_shown() -> None:
    def row(i: int, prompt: str) -> dict:
        return {"id": f"d/{i}", "dialogue_id": "d", "messages": [{"role": "user", "content": prompt}],
                "tools": json.dumps([{"type": "function", "function": {"name": "Music_radio_Playlist"}}]),
                "tool_api_ids": json.dumps({"Music_radio_Playlist": "Music|radio|Playlist"})}

    rows = [row(0, "User: play something"), row(1, "User: play\n- Retriever status: {'Music|radio|Playlist': 0.7}")]
    check = sft_tools_check(rows, {"d": {"Music|radio|Playlist"}})
    assert (check.status, check.rows, check.affected) == ("leak", 2, 1) and check.examples[0].startswith("d/0")


def test_repeated_pair_check_flags_test_dialogues_whose_sequence_and_apis_train_has() -> None:
    def row(i: int, seq: str, source: str, target: str) -> dict:
        return {"dialogue_id": f"d{i}", "sequence_id": seq, "source": source, "target": target}

    train = [row(0, "two_api_06", "A|t|List", "A|t|Get"), row(1, "one_api_01", "", "A|t|Get")]
    test = [row(2, "two_api_06", "A|t|List", "A|t|Get"),  # the same pair: seen
            row(3, "two_api_07", "A|t|List", "A|t|Get"),  # another sequence on the same APIs: not the same dialogue
            row(4, "one_api_01", "", "A|t|Get"), row(5, "one_api_01", "", "A|t|Other")]
    check = repeated_pair_check(train, test)
    assert (check.status, check.rows, check.affected) == ("bias", 4, 2)
    assert check.examples == ["d2: A|t|List -> A|t|Get (two_api_06)", "d4: A|t|Get (one_api_01)"]
    assert repeated_pair_check(train, test[1:2]).status == "ok"


def test_cli_writes_markdown_json_png(dataset, tmp_path: Path, capsys) -> None:
    ds, _ = dataset
    assert cli_main(["audit", str(ds), "--out", str(tmp_path / "a"), "--quiet"]) == 0
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["audit.json", "audit.md", "audit.png"]
    data = json.loads((tmp_path / "a" / "audit.json").read_text())
    assert data["verdicts"] and "## Shortcut probes" in (tmp_path / "a" / "audit.md").read_text()
    assert (tmp_path / "a" / "audit.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_rejects_a_folder_that_is_no_dataset(tmp_path: Path, capsys) -> None:
    assert cli_main(["audit", str(tmp_path)]) == 2
    assert "not a tooldial dataset directory" in capsys.readouterr().err


def test_audit_runs_on_a_converted_original_release(tmp_path: Path) -> None:
    assert cli_main(["convert", "--release", str(RELEASE), "--out", str(tmp_path / "orig"), "--quiet",
                     "--no-progress"]) == 0
    report = audit_dataset(tmp_path / "orig")
    assert sum(report.dialogues.values()) == sum(len(json.loads((RELEASE / n).read_text()))
                                                 for n in ("train.json", "val.json", "test.json"))
    assert report.rendered_by == {}  # the release records no renderer
    assert report.diversity.by_speaker["User"].utterances > 0 and report.verdicts


def test_size_matched_distinct_2_does_not_fall_with_corpus_size() -> None:
    from tooldial.audit.diversity import distinct_n, windowed_distinct_2

    rng = __import__("random").Random(0)
    words = [f"w{i}" for i in range(300)]
    one = [[rng.choice(words) for _ in range(12)] for _ in range(200)]  # 2,200 bigrams, mostly new
    many = one * 8  # the same text again and again: plain distinct-2 falls eightfold
    assert distinct_n(many, 2) < distinct_n(one, 2) / 7
    per_window = windowed_distinct_2(many, window=2_000)
    assert per_window is not None and abs(per_window - windowed_distinct_2(one, window=2_000)) < 0.15
    assert windowed_distinct_2(one, window=10_000) is None  # less text than one window: no figure
