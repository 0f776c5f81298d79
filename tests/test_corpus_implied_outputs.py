"""The id outputs an undocumented API's name implies (``tooldial.corpus.implied_outputs``)."""

from __future__ import annotations

import json

import pytest

from tooldial.corpus import load_corpus
from tooldial.corpus.implied_outputs import add_implied_outputs, implied_count, name_record, wanted_record
from tooldial.corpus.models import Api, OutputComponent, Parameter, Tool


def _api(name: str, *required: str, outputs: tuple[str, ...] = (), example=None) -> Api:
    return Api(category="C", tool="t", name=name,
               required_parameters=tuple(Parameter(name=p, example="fo_1" if p == "folderId" else None)
                                         for p in required),
               output_components=tuple(OutputComponent(path=tuple(o.split("|"))) for o in outputs),
               example_response=example)


def _implied(*apis: Api) -> dict[str, list[tuple[str, str, bool]]]:
    (tool,) = add_implied_outputs([Tool(category="C", name="t", apis=apis)])
    return {a.name: [(o.key, o.implied, o.is_list) for o in a.output_components if o.implied]
            for a in tool.apis if any(o.implied for o in a.output_components)}


@pytest.mark.parametrize(("name", "expected"), [
    ("createFolder", ("created", ("folder",))),
    ("listFolders", ("listed", ("folder",))),
    ("getEnterpriseGroups", ("listed", ("enterprise", "group"))),
    ("getSingleBasket", ("found", ("basket",))),
    ("get collection list by user id", ("listed", ("collection",))),
    ("find_book_by_isbn", ("found", ("book",))),
    ("findUserIdByEmail", ("found", ("user",))),
    ("uploadAttachmentToTask", ("created", ("attachment",))),
    ("addUserToWorkspace", None),      # puts an existing user somewhere
    ("deleteFolder", None),            # no verb that returns records
    ("getDetails", None),              # names no record
    ("Weather", None),
])
def test_an_api_name_says_what_record_it_returns(name: str, expected) -> None:
    got = name_record(_api(name))
    assert (got[:2] if got else None) == expected


@pytest.mark.parametrize(("name", "record"), [
    ("folderId", ("folder",)), ("retention_policy_id", ("retention", "policy")), ("homeTeamId", ("team",)),
    ("taskUuid", ("task",)), ("id", None), ("folderName", None), ("ticker_slug", None),
])
def test_a_required_id_input_names_its_record(name: str, record) -> None:
    assert wanted_record(name) == record


def test_undocumented_apis_get_the_ids_other_apis_of_the_tool_take() -> None:
    got = _implied(_api("createFolder", "name"), _api("listFolders"), _api("getFolder", "folderId"),
                   _api("deleteFolder", "folderId"), _api("createLegalHoldPolicy"), _api("deletePolicy", "policyId"),
                   _api("getUsers", outputs=("users|name",)), _api("getUserGroups", "userId"))
    assert got == {"createFolder": [("folderId", "created", False)],
                   "listFolders": [("folders|folderId", "listed", True)]}
    # getFolder takes the id it would return; a legal hold policy is not the policy ``policyId`` names; getUsers
    # documents its output (not touched), so the users' ids stay unknown


def test_the_implied_id_takes_the_inputs_documented_form_and_an_example_response_counts_as_documentation() -> None:
    (tool,) = add_implied_outputs([Tool(category="C", name="t", apis=(
        _api("createFolder"), _api("searchFolders", example={"entries": []}), _api("deleteFolder", "folderId")))])
    create, search, _ = tool.apis
    assert create.output_components[0].example == "fo_1" and not search.output_components
    assert create.output_components[0].description.startswith("The id of the folder it creates (implied")


def test_a_tool_without_id_inputs_is_returned_as_it_was_and_counts_are_reported() -> None:
    plain = Tool(category="C", name="t", apis=(_api("listFolders"), _api("search", "q")))
    assert add_implied_outputs([plain])[0] is plain
    (tool,) = add_implied_outputs([Tool(category="C", name="t", apis=(
        _api("createFolder"), _api("listFolders"), _api("deleteFolder", "folderId")))])
    assert implied_count(tool.apis) == (2, 2)


def test_load_corpus_adds_them_by_default_and_not_when_asked(tmp_path) -> None:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([{"tool_name": "Files", "category_name": "Data", "api_list": [
        {"name": "createFolder", "method": "POST", "required_parameters": [], "optional_parameters": []},
        {"name": "deleteFolder", "method": "DELETE", "optional_parameters": [],
         "required_parameters": [{"name": "folderId", "type": "STRING", "default": ""}]}]}]))
    assert implied_count(load_corpus(str(path)).apis) == (1, 1)
    assert implied_count(load_corpus(str(path), implied_outputs=False).apis) == (0, 0)


def test_graph_attributes_and_stats_report_the_implied_outputs() -> None:
    from tooldial.corpus.models import Corpus
    from tooldial.graph.build import graph_attributes
    from tooldial.graph.config import GraphConfig
    from tooldial.graph.stats import implied_output_line

    tools = add_implied_outputs([Tool(category="C", name="t", apis=(
        _api("createFolder"), _api("listFolders"), _api("deleteFolder", "folderId")))])
    attrs = graph_attributes(Corpus(spec="x", tools=tools), GraphConfig())
    assert attrs["implied_outputs"] == {"outputs": 2, "apis": 2}
    assert implied_output_line(attrs["implied_outputs"]).startswith("implied outputs: 2 ids on 2 APIs")
    plain = graph_attributes(Corpus(spec="x", tools=[Tool(category="C", name="t", apis=(_api("x"),))]), GraphConfig())
    assert "implied_outputs" not in plain and implied_output_line(None) == ""
