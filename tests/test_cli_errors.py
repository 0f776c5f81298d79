"""Issue 14, case 5: user mistakes are one ``tooldial: …`` line naming the file / record / flag, exit code 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tooldial.cli import main as cli_main

REPO = Path(__file__).resolve().parents[1]
BUILTIN = REPO / "tooldial" / "data" / "builtin"
RELEASE = REPO / "tests" / "data" / "release" / "clean"
BINARY = b"\xff\xfe\x00\x01PK\x03\x04 not text"
DEEP = "[" * 100_000 + "]" * 100_000


def _one_line_error(capsys, *needles: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


@pytest.mark.parametrize("argv, flag", [
    (["build", "--out", "x", "--n", "0"], "--n"),
    (["generate", "--n", "0"], "--n"),
    (["eval", "--limit", "0", "--dataset", "d", "--out", "o"], "--limit"),
    (["eval", "--batch-size", "0", "--dataset", "d", "--out", "o"], "--batch-size"),
    (["generate", "--n", "2", "--batch-size", "0"], "--batch-size"),
    (["quality", "f.jsonl", "--base-url", "u", "--model", "m", "--timeout", "0"], "--timeout"),
    (["eval", "--batch-size", "many", "--dataset", "d", "--out", "o"], "--batch-size"),
])
def test_zero_or_malformed_counts_name_the_flag(argv, flag, capsys):
    with pytest.raises(SystemExit) as exc:
        cli_main(argv)
    assert exc.value.code == 2
    _one_line_error(capsys, f"argument {flag}")


def _binary(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(BINARY)
    return path


def test_binary_graph_labels_dialogues_and_recipe_files(tmp_path, capsys):
    graph = _binary(tmp_path, "graph.json")
    assert cli_main(["graph", "stats", str(graph)]) == 2
    _one_line_error(capsys, str(graph), "not UTF-8 text")
    labels = _binary(tmp_path, "labels.jsonl")
    good_graph = tmp_path / "g.json"
    good_graph.write_text(json.dumps({"directed": True, "multigraph": True, "graph": {}, "nodes": [], "edges": []}))
    assert cli_main(["graph", "evaluate", str(good_graph), "--labels", str(labels)]) == 2
    _one_line_error(capsys, str(labels), "not UTF-8 text")
    dialogues = _binary(tmp_path, "dialogues.jsonl")
    assert cli_main(["validate", str(dialogues)]) == 2
    _one_line_error(capsys, str(dialogues), "not UTF-8 text")
    recipe = _binary(tmp_path, "recipe.yaml")
    assert cli_main(["train", "--config", str(recipe)]) == 2
    _one_line_error(capsys, str(recipe), "not UTF-8 text")


def test_graph_evaluate_with_an_empty_labels_file_says_so(tmp_path, capsys):
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps({"directed": True, "multigraph": True, "graph": {}, "nodes": [], "edges": []}))
    labels = tmp_path / "labels.jsonl"
    labels.write_text("")
    assert cli_main(["graph", "evaluate", str(graph), "--labels", str(labels)]) == 2
    _one_line_error(capsys, "no labelled rows")


@pytest.mark.parametrize("argv", [
    ["generate", "--n", "2", "--out", "{dir}"],
    ["graph", "build", "--out", "{dir}", "--no-progress"],
    ["quality", "{file}", "--out", "{dir}", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"],
])
def test_out_that_is_a_directory_fails_before_the_work(argv, tmp_path, capsys):
    (tmp_path / "d.jsonl").write_text("{}\n")
    argv = [a.format(dir=tmp_path, file=tmp_path / "d.jsonl") for a in argv]
    assert cli_main(argv) == 2
    _one_line_error(capsys, "--out", "is a directory")


def test_eval_out_that_is_a_file_fails_before_the_work(tmp_path, capsys):
    target = tmp_path / "run.json"
    target.write_text("{}")
    assert cli_main(["eval", "--backend", "rule", "--dataset", str(tmp_path / "nowhere"), "--out", str(target)]) == 2
    _one_line_error(capsys, "--out", "is a file, not a directory")


def test_deeply_nested_json_is_a_skipped_file_not_an_aborted_directory_load(tmp_path):
    from tooldial.corpus import load_corpus

    root = tmp_path / "corpus"
    shutil.copytree(BUILTIN / "Books", root / "Books")
    (root / "Books" / "deep.json").write_text('{"tool_name": "deep", "api_list": ' + DEEP + "}")
    corpus = load_corpus(str(root))
    assert corpus.tools and any("deep.json" in str(s) and "nested too deeply" in str(s) for s in corpus.skipped)


def test_deeply_nested_dialogue_line_names_file_and_line(tmp_path, capsys):
    path = tmp_path / "d.jsonl"
    path.write_text(DEEP + "\n")
    assert cli_main(["validate", str(path)]) == 2
    _one_line_error(capsys, str(path), "line 1", "nested too deeply")


@pytest.mark.parametrize("content", ['{"tasks": 3', '["a", "b"]', '{"tasks": {"action": [1]}}', ""])
def test_eval_compare_with_malformed_results(content, tmp_path, capsys):
    run = tmp_path / "run"
    run.mkdir()
    (run / "results.json").write_text(content)
    assert cli_main(["eval", "compare", str(run)]) == 2
    _one_line_error(capsys, "results.json")


def test_validate_flags_duplicate_dialogue_ids(tmp_path, capsys):
    records = json.loads((RELEASE / "train.json").read_text())
    from tooldial.dataset.convert import parse_release_record

    record = parse_release_record(records[0], "td-dup")
    path = tmp_path / "d.jsonl"
    path.write_text((record.model_dump_json() + "\n") * 2)
    assert cli_main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "duplicate_id  1 failing" in out
    from tooldial.dialogue.validate import validate_records

    report = validate_records([record, record, record.model_copy(update={"dialogue_id": "td-other"})])
    dups = [p for dp in report.failed for p in dp.problems if p[0] == "duplicate_id"]
    assert dups == [("duplicate_id", "dialogue_id 'td-dup' repeats record 1 (this is record 2)")]


def test_generate_counts_the_dialogues_it_drew_again_by_the_check_that_failed():
    from tooldial.cli.generate import invalid_by_check

    invalid = [("d1", "consistency: calendar: x"), ("d2", "messages: turn 3: y"), ("d3", "consistency: status code: z")]
    assert invalid_by_check(invalid) == "consistency 2, messages 1"
