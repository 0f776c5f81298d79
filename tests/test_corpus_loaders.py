"""Each corpus loader on hand-made fixtures and on the real tool sets in ../shared."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tooldial.corpus import builtin_dir, load_corpus

DATA = Path(__file__).parent / "data" / "corpus"


def test_toolbench_directory():
    corpus = load_corpus(str(DATA / "toolbench"))
    assert corpus.skipped == []
    assert sorted(corpus.categories) == ["Location", "Music", "Weather"]  # category_name beats the folder
    featured = corpus.get("Music|radio_hub|Featured Station")  # standardized_name wins over tool_name
    assert featured.parameters == ()
    assert [(o.key, o.example) for o in featured.output_components] == [
        ("station|station_id", "st_48213"), ("station|name", "Jazz FM Live")]  # schema + example values
    playlist = corpus.get("Music|radio_hub|Station Playlist")
    assert playlist.method == "GET"
    assert [p.name for p in playlist.required_parameters] == ["stationId"]  # Python-literal string
    limit = playlist.optional_parameters[0]
    assert (limit.type, limit.default) == ("number", 10)  # "NUMBER", "10"
    assert playlist.returns_list
    assert playlist.output("tracks—year").example == 1959  # from the test_endpoint Python literal
    search = corpus.get("Music|radio_hub|Search Stations")
    assert search.optional_parameters[0].format == "date"
    assert [o.key for o in search.output_components] == ["station_id", "name", "tags"]  # truncated JSON
    forecast = corpus.get("Weather|sky_watch|Forecast")
    assert forecast.optional_parameters[0].default is True
    assert [o.key for o in forecast.output_components] == ["days|date", "days|high_c"]  # bare property map


def test_json_list_file():
    corpus = load_corpus(str(DATA / "tools_list.json"))
    assert [t.name for t in corpus.tools] == ["fx_rates", "ledger"]
    rate = corpus.get("Finance|fx_rates|Latest Rate")  # api_name / api_description spellings
    assert rate.description.startswith("Latest exchange rate")
    assert [o.key for o in rate.output_components] == ["rate", "as_of"]  # {"response": ...} unwrapped
    assert rate.example_response == {"rate": 1.08, "as_of": "2024-05-01"}  # paths address the stored example
    # Two endpoints with one name keep distinct ids.
    assert "Finance|ledger|Balance" in corpus and corpus.get("Finance|ledger|Balance_2").method == "POST"


def test_jsonl_gz(tmp_path):
    tools = json.loads((DATA / "tools_list.json").read_text())
    path = tmp_path / "tools.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for tool in tools:
            fh.write(json.dumps(tool) + "\n\n")
    corpus = load_corpus(str(path), progress=True)
    assert len(corpus) == 4 and corpus.skipped == []
    assert corpus.get("Finance|fx_rates|Currencies").output("currencies|code").is_list


def test_openapi_with_refs():
    corpus = load_corpus(str(DATA / "openapi" / "library.yaml"))
    assert corpus.skipped == []
    assert corpus.categories == ["Education"]  # x-category
    books = corpus.get("Education|Little Library|listBooks")
    assert [p.name for p in books.required_parameters] == ["genre"]  # $ref parameter; header left out
    assert books.required_parameters[0].enum == ["fiction", "science"]
    assert {o.key for o in books.output_components} == {
        "title", "year", "book_id", "opening", "author|author_id", "author|name"}  # allOf + nested $ref
    assert all(o.is_list for o in books.output_components)
    add = corpus.get("Education|Little Library|addBook")
    assert [p.name for p in add.required_parameters] == ["title"]
    assert [p.name for p in add.optional_parameters] == ["year"]  # readOnly book_id is not an input
    one = corpus.get("Education|Little Library|GET /books/{bookId}")  # no operationId
    assert [(p.name, p.type, p.format) for p in one.required_parameters] == [("bookId", "integer", "int64")]
    assert one.output("author|name").example == "Frank Herbert"
    assert one.output("opening").example == "18:00"  # YAML 1.2: not the sexagesimal 1080
    tree = corpus.get("Education|Little Library|authorTree")  # recursive schema terminates
    assert {o.key for o in tree.output_components} == {"author_id", "children"}
    assert tree.optional_parameters[0].default == 2


def test_openapi_realtools(shared_dir):
    corpus = load_corpus(str(shared_dir / "data" / "realtools" / "openapi"))
    assert corpus.skipped == []
    assert len(corpus) == 33  # 19 + 8 + 6 operations (realtools README)
    pet = next(a for a in corpus.apis if a.name == "getPetById")
    assert pet.required_parameters[0].name == "petId"
    assert {"category|name", "tags|name", "name"} <= {o.key for o in pet.output_components}
    assert pet.output("tags|name").is_list


def test_toolbench_json_list_realtools(shared_dir):
    corpus = load_corpus(str(shared_dir / "data" / "realtools" / "taubench_retail_tools.json"))
    assert len(corpus) == 16 and corpus.skipped == []
    details = corpus.get("tau-bench retail|get_product_details|get_product_details")
    assert details.output("variants|item_id").is_list


def test_builtin_corpus():
    if not builtin_dir().is_dir():
        pytest.skip("the embedded corpus has not landed yet")
    corpus = load_corpus("builtin", strict=True)
    assert len(corpus) >= 150
    assert len(corpus.categories) >= 15
    assert all(len(api.id.split("|")) == 3 for api in corpus.apis)


def test_release_catalogue_entries(tmp_path):
    """The ToolDial release's catalogue spelling: api_name, category_name, output_components by name, `output`."""
    entry = {"category_name": "Music", "tool_name": "radio_hub", "api_list": [{
        "api_name": "Featured Station", "description": "Today's station.",
        "required_parameters": [], "optional_parameters": [],
        "output_components": [{"name": "station|station_id", "object_long": "Identifier of the station"},
                              {"name": "tracks|title", "object_long": "Title"}],
        "output": {"response": {"station": {"station_id": "st_1"}, "tracks": [{"title": "So What"}]}},
    }]}
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps([entry]))
    api = load_corpus(str(path)).get("Music|radio_hub|Featured Station")
    station, title = api.output_components
    assert (station.key, station.description, station.example, station.is_list) == (
        "station|station_id", "Identifier of the station", "st_1", False)
    assert (title.key, title.is_list, title.example) == ("tracks|title", True, "So What")


def test_toolbench_response_schema_of_keywords_only_documents_no_output(tmp_path):
    """ToolBench's ``"schema": {"$schema": "…draft-04…"}`` documents nothing (it was served as a one-key result);
    loosely typed property descriptions (``"type": "double"``) are a schema, not an example body."""
    tool = {"tool_name": "Proxies", "category": "Tools", "api_list": [
        {"name": "Tier1", "method": "GET", "required_parameters": [], "optional_parameters": [],
         "schema": {"$schema": "http://json-schema.org/draft-04/schema#"}},
        {"name": "Restore", "method": "POST", "required_parameters": [{"name": "image", "type": "STRING"}],
         "optional_parameters": [], "schema": {
             "image": {"type": "string", "required": False, "description": "base64 encoded picture."},
             "ratio": {"type": "double", "required": False, "description": "Recover ratio."}}}]}
    path = tmp_path / "tools.jsonl"
    path.write_text(json.dumps(tool) + "\n")
    corpus = load_corpus(str(path))
    tier1, restore = corpus.get("Tools|Proxies|Tier1"), corpus.get("Tools|Proxies|Restore")
    assert tier1.output_components == () and tier1.example_response is None
    assert [(o.key, o.type) for o in restore.output_components] == [("image", "string"), ("ratio", "number")]
    assert restore.example_response is None  # the descriptions are no recorded response


def test_toolbench_transport_headers_are_no_inputs(tmp_path):
    """A ToolBench API that documents the wire format as parameters (``Content-Type``, ``Accept``) takes them as
    an OpenAPI spec's header parameters are taken: not at all (no user says "the content type is
    application/json"); a header a user chooses (``Accept-Language``) and a body field named like one stay."""
    tool = {"category": "Storage", "tool_name": "Drive", "api_list": [{
        "name": "Update file permissions", "method": "PATCH", "description": "Update a file's permissions.",
        "required_parameters": [{"name": "Content-Type", "type": "STRING", "default": "application/json"},
                                {"name": "file_id", "type": "STRING", "default": "f1"}],
        "optional_parameters": [{"name": "Accept", "type": "STRING", "default": "application/json"},
                                {"name": "Accept-Language", "type": "STRING", "default": "fr"},
                                {"name": "contentType", "type": "STRING", "default": "csv"}]}]}
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([tool]))
    api = load_corpus(str(path)).get("Storage|Drive|Update file permissions")
    assert [p.name for p in api.required_parameters] == ["file_id"]
    assert [p.name for p in api.optional_parameters] == ["Accept-Language", "contentType"]
