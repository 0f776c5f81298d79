"""The embedded corpus (``builtin``) and its labelled chain file: design minimums and internal consistency."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tooldial.corpus import builtin_dir, load_corpus

DATA = Path(builtin_dir()).parent
CHAINS = DATA / "builtin_chains.jsonl"
REPO = Path(__file__).resolve().parents[1]
ID_LIKE = re.compile(r"(_id|_code|_reference|_number|_hash|^isbn|^sku|^latitude|^longitude|^postal_code)$")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus("builtin", strict=True)


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return [json.loads(line) for line in CHAINS.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def checker():
    spec = importlib.util.spec_from_file_location("check_builtin_corpus", REPO / "scripts" / "check_builtin_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_loads_every_file_without_skipping(corpus):
    files = sorted(Path(builtin_dir()).glob("*/*.json"))
    raw_apis = sum(len(json.loads(f.read_text(encoding="utf-8"))["api_list"]) for f in files)
    assert corpus.skipped == []
    assert len(corpus.tools) == len(files)
    assert len(corpus) == raw_apis  # no two APIs share a Category|tool|api id


def test_design_minimums(corpus):
    assert len(corpus) >= 160
    assert len(corpus.categories) >= 16
    tools_per_domain = Counter(t.category for t in corpus.tools)
    apis_per_domain = Counter(a.category for a in corpus.apis)
    for domain in corpus.categories:
        assert 2 <= tools_per_domain[domain] <= 4, domain
        assert 8 <= apis_per_domain[domain] <= 14, domain
    assert sum(1 for a in corpus.apis if not a.required_parameters) >= 25
    assert sum(1 for a in corpus.apis if a.returns_list) >= 40


def test_every_api_is_documented(corpus):
    for tool in corpus.tools:
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", tool.name), tool.name
        assert tool.description
    for api in corpus.apis:
        assert api.description and api.output_components, api.id
        for prm in api.parameters:
            assert prm.description and prm.default not in (None, ""), (api.id, prm.name)
        for out in api.output_components:
            assert out.description, (api.id, out.key)


def test_descriptions_are_distinct(corpus):
    descriptions = Counter(api.description for api in corpus.apis)
    assert descriptions.most_common(1)[0][1] == 1


def test_checker_finds_no_problem(checker):
    figures, problems = checker.check(DATA)
    assert problems == []
    assert figures["apis"] >= 160 and figures["valid_chains"] >= 60


def test_chain_rows_resolve_in_the_corpus(corpus, rows):
    seen = set()
    for row in rows:
        key = (row["source_api"], row["source_output"], row["target_api"], row["target_input"])
        assert key not in seen, key
        seen.add(key)
        assert isinstance(row["valid"], bool)
        assert row["source_api"] != row["target_api"]
        source, target = corpus.get(row["source_api"]), corpus.get(row["target_api"])
        assert source.output(row["source_output"]) is not None, key
        assert row["target_input"] in {p.name for p in target.required_parameters}, key


def test_chain_file_covers_the_edge_types(corpus, rows):
    valid = [r for r in rows if r["valid"]]
    assert len(valid) >= 60
    assert len({r["source_api"] for r in valid}) >= 45
    assert sum(not r["valid"] for r in rows) >= 30
    # the four edge types of the release: source with/without parameters × target with one/more parameters
    types = Counter()
    for r in valid:
        source, target = corpus.get(r["source_api"]), corpus.get(r["target_api"])
        types[("yes" if source.parameters else "zero") + ("yes" if len(target.parameters) > 1 else "zero")] += 1
    assert set(types) == {"yesyes", "yeszero", "zeroyes", "zerozero"}, types
    assert any(corpus.get(r["source_api"]).output(r["source_output"]).is_list for r in valid)
    assert any(not corpus.get(r["source_api"]).output(r["source_output"]).is_list for r in valid)
    assert any(r["source_api"].split("|")[0] != r["target_api"].split("|")[0] for r in valid)
    assert any(r["source_api"].split("|")[:2] == r["target_api"].split("|")[:2] for r in valid)
    # chained inputs are mostly identifiers, codes or coordinates a user cannot know
    assert sum(bool(ID_LIKE.search(r["target_input"])) for r in valid) / len(valid) > 0.7


def test_valid_chains_are_complete_for_their_inputs(corpus, rows):
    """Closed world: an output whose leaf is labelled as feeding input X of one API feeds every API requiring X
    under the same meaning — so every (producer, consumer) pair sharing a labelled identical name is labelled."""
    label = {(r["source_api"], r["source_output"], r["target_api"], r["target_input"]): r["valid"] for r in rows}
    consumers = defaultdict(set)
    for r in rows:
        if r["valid"]:
            consumers[r["target_input"]].add(r["target_api"])
    for (src, out, _tgt, inp), valid in label.items():
        if valid and corpus.get(src).output(out).name == inp:
            for other in consumers[inp] - {src}:
                assert (src, out, other, inp) in label, (src, out, other, inp)


def test_checker_reports_broken_files(checker, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA / "builtin", data / "builtin")
    rows = CHAINS.read_text(encoding="utf-8").splitlines()
    first = json.loads(rows[0])
    rows.append(json.dumps({**first, "source_output": "no|such|path"}))
    rows.append(json.dumps({**first, "target_input": "not_required"}))
    (data / "builtin_chains.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    tool_file = sorted((data / "builtin").glob("*/*.json"))[0]
    tool = json.loads(tool_file.read_text(encoding="utf-8"))
    api = tool["api_list"][0]
    api["example_response"].pop(next(iter(api["example_response"])))
    api["required_parameters"] = [{"name": "q", "type": "STRING", "description": "", "default": "x"}]
    tool_file.write_text(json.dumps(tool), encoding="utf-8")

    _, problems = checker.check(data)
    text = "\n".join(problems)
    assert "has no output no|such|path" in text
    assert "has no required input not_required" in text
    assert "example keys" in text
    assert "required_parameters.q: no description" in text
