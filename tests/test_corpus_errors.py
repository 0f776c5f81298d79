"""Bad corpus input: one clear `file: record: field: problem` message, lenient skipping, strict failure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.corpus import load_corpus
from tooldial.errors import CorpusError

GOOD_API = {"name": "Ping", "description": "ok", "method": "GET", "required_parameters": [],
            "optional_parameters": []}


def write_tool_dir(root: Path, files: dict[str, object | str]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return root


def tool(name: str, *apis) -> dict:
    return {"tool_name": name, "tool_description": "", "api_list": list(apis)}


def strict_error(spec: Path | str) -> str:
    with pytest.raises(CorpusError) as info:
        load_corpus(str(spec), strict=True)
    return str(info.value)


def test_wrong_type_names_file_api_and_field(tmp_path):
    bad = {**GOOD_API, "name": "Broken", "required_parameters": "station id, please"}
    root = write_tool_dir(tmp_path / "tools", {
        "Music/x.json": tool("x", GOOD_API, {**GOOD_API, "name": "B"}, {**GOOD_API, "name": "C"}, bad),
    })
    expected = f"{root}/Music/x.json: api_list[3].required_parameters: expected a list, got str"
    assert strict_error(root) == expected
    corpus = load_corpus(str(root))  # lenient: the other three APIs load
    assert [a.name for a in corpus.apis] == ["Ping", "B", "C"]
    assert [(s.location, s.reason) for s in corpus.skipped] == [
        (f"{root}/Music/x.json: api_list[3].required_parameters", "expected a list, got str")]


@pytest.mark.parametrize(
    ("api", "field", "problem"),
    [
        ({**GOOD_API, "optional_parameters": 5}, "api_list[0].optional_parameters", "expected a list, got int"),
        ({**GOOD_API, "required_parameters": [42]}, "api_list[0].required_parameters[0]",
         "expected an object, got int"),
        ({**GOOD_API, "required_parameters": [{"type": "STRING"}]}, "api_list[0].required_parameters[0].name",
         "missing"),
        ({k: v for k, v in GOOD_API.items() if k != "name"}, "api_list[0].name", "missing"),
        ({**GOOD_API, "name": ["a"]}, "api_list[0].name", "expected a string, got list"),
        ("just text", "api_list[0]", "expected an object, got str"),
    ],
)
def test_bad_api_fields(tmp_path, api, field, problem):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([{"category": "Data", **tool("t", api)}]))
    assert strict_error(path) == f"{path}: [0] (tool 't'): {field}: {problem}"


@pytest.mark.parametrize(
    ("obj", "field", "problem"),
    [
        ({"tool_description": "no name", "api_list": []}, "tool_name", "missing"),
        ({"tool_name": "t"}, "api_list", "missing"),
        ({"tool_name": "t", "api_list": {"a": 1}}, "api_list", "expected a list, got dict"),
        ({"tool_name": "t", "category": 3.5, "api_list": []}, "category", "expected a string, got float"),
    ],
)
def test_bad_tool_fields(tmp_path, obj, field, problem):
    root = write_tool_dir(tmp_path, {"Cat/t.json": obj})
    assert strict_error(root) == f"{root}/Cat/t.json: {field}: {problem}"


def test_malformed_json_file_is_skipped_and_the_rest_loads(tmp_path):
    root = write_tool_dir(tmp_path, {
        "Music/good.json": tool("good", GOOD_API),
        "Music/broken.json": '{"tool_name": "broken", "api_list": [}',
        "Music/list.json": [1],
    })
    corpus = load_corpus(str(root))
    assert [t.name for t in corpus.tools] == ["good"]
    reasons = {s.location: s.reason for s in corpus.skipped}
    assert reasons == {
        f"{root}/Music/broken.json": "malformed JSON at line 1 column 38: Expecting value",
        f"{root}/Music/list.json: [0]": "expected a tool object, got int",
    }
    assert strict_error(root) == f"{root}/Music/broken.json: malformed JSON at line 1 column 38: Expecting value"


def test_jsonl_bad_lines(tmp_path):
    path = tmp_path / "tools.jsonl"
    lines = [json.dumps(tool("a", GOOD_API)), "{oops", json.dumps({**tool("c", {**GOOD_API, "required_parameters": {}}),
                                                                 "category": "X"}), "[1, 2]"]
    path.write_text("\n".join(lines) + "\n")
    corpus = load_corpus(str(path))
    assert [t.name for t in corpus.tools] == ["a", "c"]  # an empty dict of parameters is no parameters
    assert [(s.location, s.reason) for s in corpus.skipped] == [
        (f"{path}: line 2", "malformed JSON at column 2: Expecting property name enclosed in double quotes"),
        (f"{path}: line 4", "expected a tool object, got list"),
    ]


def test_duplicate_tool_is_skipped(tmp_path):
    root = write_tool_dir(tmp_path, {"A/one.json": tool("same", GOOD_API), "A/two.json": tool("same", GOOD_API)})
    corpus = load_corpus(str(root))
    assert len(corpus) == 1
    assert corpus.skipped[0].reason == f"duplicate tool A|same (first loaded from {root}/A/one.json)"


OPENAPI = """
openapi: 3.0.3
info: {title: Things}
paths:
  /things:
    get:
      operationId: listThings
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  owner: {$ref: "#/components/schemas/Nope"}
  /ok:
    get:
      operationId: ok
      responses:
        200:
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {a: {type: string}}}
components:
  schemas: {}
"""


def test_unresolvable_ref_names_file_operation_and_field(tmp_path):
    path = tmp_path / "things.yaml"
    path.write_text(OPENAPI)
    field = "paths./things.get.responses.200.content.application/json.schema.properties.owner.$ref"
    assert strict_error(path) == f"{path}: operation 'listThings': {field}: unresolvable $ref '#/components/schemas/Nope'"
    corpus = load_corpus(str(path))
    assert [a.name for a in corpus.apis] == ["ok"]
    assert [o.key for o in corpus.apis[0].output_components] == ["a"]  # unquoted 200 key
    assert corpus.skipped[0].reason == "unresolvable $ref '#/components/schemas/Nope'"


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        ("bad.yaml", "openapi: 3.0.0\npaths: [\n", "not valid YAML: "),
        ("swagger.yaml", "swagger: '2.0'\npaths: {}\n", "Swagger 2.0 documents are not supported"),
        ("v2.json", '{"openapi": "2.0", "paths": {}}', "unsupported OpenAPI version '2.0'"),
        ("notes.yaml", "- a\n- b\n", "not an OpenAPI 3 document"),
    ],
)
def test_bad_openapi_documents(tmp_path, name, text, problem):
    path = tmp_path / name
    path.write_text(text)
    assert problem in strict_error(path)
    assert load_corpus(str(path)).tools == []


def test_missing_spec():
    message = strict_error("/nonexistent/tools.json")
    assert message.startswith("/nonexistent/tools.json: no such corpus")


JUNK = [None, 1, 2.5, True, "x", "[1,", "{'a':", [], {}, [1, "a"], {"a": {"b": []}}, {"$ref": "#/nope"},
        {"$ref": 5}, {"type": ["x"]}, {"properties": 3}, {"items": "s"}, {"allOf": 3},
        {"allOf": [3, {"$ref": "#/x"}]}, {"anyOf": "s"}, {"type": {"a": 1}}, [[{}]], {"enum": 3}]


def test_mangled_documents_never_raise_anything_but_corpus_error(tmp_path):
    """Seeded random corruption of valid ToolBench and OpenAPI documents: a CorpusError or a load, never a crash."""
    import random

    import yaml

    data = Path(__file__).parent / "data" / "corpus"
    docs = [json.loads((data / "tools_list.json").read_text()),
            yaml.safe_load((data / "openapi" / "library.yaml").read_text())]
    rng = random.Random(7)

    def mangle(obj):
        if rng.random() < 0.15:
            return rng.choice(JUNK)
        if isinstance(obj, dict):
            return {k: mangle(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [mangle(v) for v in obj]
        return obj

    path = tmp_path / "doc.json"
    for i in range(300):
        path.write_text(json.dumps(mangle(docs[i % 2])))
        lenient = load_corpus(str(path))
        try:
            strict = load_corpus(str(path), strict=True)
        except CorpusError:
            assert lenient.skipped  # strict fails exactly when lenient had something to skip
        else:
            assert not lenient.skipped and len(strict) == len(lenient)
