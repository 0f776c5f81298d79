"""`tooldial corpus stats/show/list` through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.cli import main
from tooldial.corpus import builtin_dir, load_corpus
from tooldial.corpus.models import OutputComponent
from tooldial.corpus.stats import compute_stats, normalize_name, output_keys

DATA = Path(__file__).parent / "data" / "corpus"
TOOLBENCH = str(DATA / "toolbench")


def test_stats_text(capsys):
    assert main(["corpus", "stats", "--corpus", TOOLBENCH]) == 0
    out = capsys.readouterr().out
    rows = dict(line.strip().split("  ", 1) for line in out.splitlines()[1:] if "  " in line.strip())
    rows = {k: v.strip() for k, v in rows.items()}
    assert out.splitlines()[0] == f"corpus: {TOOLBENCH}"
    assert rows["tools"] == "3" and rows["APIs"] == "5" and rows["domains"] == "3"
    assert rows["APIs without inputs"] == "1"
    assert rows["list-returning APIs"] == "3"
    assert rows["chainable APIs"].startswith("3 (can feed another API's required input; 2 APIs can be fed")
    assert rows["skipped records"] == "0"
    assert "chain rule: an output of API A can feed a required input of API B" in out


def test_stats_json_counts_chains(capsys):
    assert main(["corpus", "stats", "--corpus", TOOLBENCH, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["apis"] == 5 and stats["tools"] == 3 and stats["skipped"] == 0
    assert stats["required_parameters"] == 4 and stats["optional_parameters"] == 3
    # Sources: Featured Station (station|station_id), Search Stations and City Lookup (station_id) → stationId;
    # City Lookup's `city` → Forecast's `city`. Targets: Station Playlist, Forecast.
    assert stats["chainable_apis"] == 3
    assert stats["fed_apis"] == 2
    assert stats["chain_links"] == 4
    assert stats["labelled_chains"] is None


def test_chain_rule_names():
    assert normalize_name("station_ID") == "stationid"
    assert output_keys(OutputComponent(path=("station", "id"))) == {"stationid"}  # generic leaf: qualified only
    assert output_keys(OutputComponent(path=("hotel_id",))) == {"hotelid"}
    assert output_keys(OutputComponent(path=("page",))) == set()


def test_stats_reports_skipped(tmp_path, capsys):
    (tmp_path / "Cat").mkdir()
    (tmp_path / "Cat" / "bad.json").write_text("{")
    (tmp_path / "Cat" / "ok.json").write_text(json.dumps({"tool_name": "ok", "api_list": [{"name": "a"}]}))
    assert main(["corpus", "stats", "--corpus", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "skipped records       1" in out
    assert f"{tmp_path}/Cat/bad.json: malformed JSON at line 1 column 2" in out
    assert main(["corpus", "stats", "--corpus", str(tmp_path), "--strict"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tooldial: {tmp_path}/Cat/bad.json: malformed JSON") and err.count("\n") == 1


def test_labelled_chain_summary(tmp_path, capsys):
    corpus = load_corpus(TOOLBENCH)
    chains = tmp_path / "chains.jsonl"
    rows = [
        {"source_api": "Music|radio_hub|Featured Station", "source_output": "station—station_id",
         "target_api": "Music|radio_hub|Station Playlist", "target_input": "stationId", "valid": True},
        {"source_api": "Location|geo_names|City Lookup", "source_output": "city",
         "target_api": "Weather|sky_watch|Forecast", "target_input": "city", "valid": False},
        {"source_api": "Location|geo_names|City Lookup", "source_output": "missing",
         "target_api": "Weather|sky_watch|Forecast", "target_input": "city", "valid": True},
    ]
    chains.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    labelled = compute_stats(corpus, chains_file=chains).labelled_chains
    assert (labelled.rows, labelled.valid, labelled.valid_source_apis) == (3, 2, 2)
    assert (labelled.resolvable, labelled.found_by_name_rule) == (1, 1)
    assert main(["corpus", "stats", "--corpus", TOOLBENCH, "--chains", str(chains)]) == 0
    assert "labelled chains       2 source APIs with a valid chain (2 valid of 3 rows; 1 resolve" in capsys.readouterr().out
    chains.write_text('{"source_api": "a"}\n')
    assert main(["corpus", "stats", "--corpus", TOOLBENCH, "--chains", str(chains)]) == 2
    assert capsys.readouterr().err == (
        f"tooldial: {chains}: line 1: source_output, target_api, target_input: missing\n")
    assert labelled.invalid_found_by_name_rule == 1  # the name rule links city → city, labelled invalid


def test_show(capsys):
    assert main(["corpus", "show", "--corpus", TOOLBENCH, "--api", "Music|radio_hub|Station Playlist"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Music|radio_hub|Station Playlist  (GET)"
    assert "    stationId (string) — Station identifier" in out
    assert "    limit (number) — How many tracks [default 10]" in out
    assert "    tracks—title (string, list) [e.g. So What]" in out
    assert '"artist": "Miles Davis"' in out


def test_show_unknown_api_suggests(capsys):
    assert main(["corpus", "show", "--corpus", TOOLBENCH, "--api", "Music|radio|Station Playlist"]) == 2
    err = capsys.readouterr().err
    assert err == (f"tooldial: {TOOLBENCH}: --api: no API 'Music|radio|Station Playlist'; "
                   "closest: Music|radio_hub|Station Playlist\n")


def test_list(capsys):
    assert main(["corpus", "list", "--corpus", TOOLBENCH, "--domain", "Weather"]) == 0
    assert capsys.readouterr().out == "Weather|sky_watch|Forecast\n"


def test_stats_builtin_default(capsys):
    if not (builtin_dir() / "..").resolve().joinpath("builtin_chains.jsonl").is_file():
        pytest.skip("the embedded corpus has not landed yet")
    assert main(["corpus", "stats", "--json"]) == 0  # --corpus defaults to builtin
    stats = json.loads(capsys.readouterr().out)
    assert stats["spec"] == "builtin" and stats["skipped"] == 0
    assert stats["chainable_apis"] >= 40
    assert stats["labelled_chains"]["valid_source_apis"] >= 40
    assert stats["labelled_chains"]["resolvable"] == stats["labelled_chains"]["valid"]
