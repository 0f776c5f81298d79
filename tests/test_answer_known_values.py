"""What the user already knows is no answer, and a slot asked by its code is never planned (sample 7541: "that
would be MSCI EM" after the user picked MSCI EM; "Please share the op and the page.")."""

from __future__ import annotations

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.dialogue_plan import ApiSlots, DialoguePlan, DialogueUnit
from tooldial.dialogue.generate import plan_problem
from tooldial.dialogue.planner import answer_fields
from tooldial.dialogue.sequences import SEQUENCES

STATEMENT = Api(category="Finance", tool="Stocks", name="Income statement",
                description="Get the income statement of a stock or index.", method="GET",
                required_parameters=(Parameter(name="pair_id", type="string", description="Pair id"),))


def _plan(api: Api, values: dict[str, str], picked: str = "", procured: str = "") -> DialoguePlan:
    """A plan of one call to ``api`` with these input values (``procured``: the input an earlier call filled)."""
    unit = DialogueUnit(target=api.id, source="Media|Gallery|List" if procured else "", chain_param=procured,
                        chain_output=f"items|{procured}" if procured else "")
    return DialoguePlan(unit=unit, sequence=SEQUENCES[0], target=ApiSlots(api, list(values), [], values),
                        target_result={}, picked=picked)


def test_the_record_the_user_picked_is_no_answer() -> None:
    result = {"data": {"title": "MSCI EM", "revenue": "417460"}}
    plan = _plan(STATEMENT, {"pair_id": "942978"}, picked="MSCI EM")
    assert plan.known_to_user == ["942978", "MSCI EM"]
    said = [value for _, _, value in answer_fields(STATEMENT, result, known=plan.known_to_user)]
    assert "MSCI EM" not in said and "417460" in said
    # nothing picked: the name is news (a lookup by id names its record)
    assert "MSCI EM" in [v for _, _, v in answer_fields(STATEMENT, result, known=_plan(
        STATEMENT, {"pair_id": "942978"}).known_to_user)]


def test_an_input_asked_by_its_code_is_not_planned() -> None:
    api = Api(category="Media", tool="Gallery", name="Pagination", description="Get a page of galleries.",
              method="GET", required_parameters=(
                  Parameter(name="op", type="number", description="Number of items per page"),
                  Parameter(name="page", type="number", description="Page")))
    assert plan_problem(_plan(api, {"op": "30", "page": "1"})) == "input without a spoken name"
    # procured from an earlier call, the user is never asked for it
    assert plan_problem(_plan(api, {"op": "30", "page": "1"}, procured="op")) == ""
    named = Api(category="Media", tool="Gallery", name="Pagination", description="Get a page of galleries.",
                method="GET", required_parameters=(Parameter(name="ip", type="string", description="IP"),))
    assert plan_problem(_plan(named, {"ip": "8.8.4.4"})) == ""


def test_a_lookup_answered_only_by_its_records_name_is_not_planned() -> None:
    """Technicals whose documented arrays came back empty leave only ``title``: "that would be MSCI EM"."""
    from tooldial.corpus.models import OutputComponent
    from tooldial.dialogue.answer_fields import names_only

    technicals = Api(category="Finance", tool="Stocks", name="Stock technicals",
                     description="Get the technical indicators of a stock.", method="GET",
                     required_parameters=(Parameter(name="pair_id", type="string", description="Pair id"),),
                     output_components=(OutputComponent(path=("data", "title"), description="title"),
                                        OutputComponent(path=("data", "tech_studies"), description="studies")))
    empty = {"data": {"title": "MSCI EM", "tech_studies": []}}
    fields = answer_fields(technicals, empty)
    assert [key for key, _, _ in fields] == ["data|title"] and names_only(technicals, fields)
    plan = _plan(technicals, {"pair_id": "942978"})
    plan.target_result = empty
    assert plan_problem(plan) == "lookup without an answer"
    full = {"data": {"title": "MSCI EM", "rsi": "54.2"}}
    assert not names_only(technicals, answer_fields(technicals, full))
    # a goal that asks for the name itself is answered by it
    station = Api(category="Music", tool="Radio", name="Station name", description="Get the name of a station.",
                  method="GET", output_components=(OutputComponent(path=("name",), description="name"),))
    assert not names_only(station, answer_fields(station, {"name": "Radio Paradise"}))


def test_a_lookup_answered_only_by_a_code_of_how_the_call_went_is_not_planned() -> None:
    """Linguist's Summarizer answered ``{"code": 21}`` and a background removal its ``error_code`` (9 of 300
    dialogues of sample 4291 ended so): no summary, no picture, so it is drawn again; a name that asks for codes, a
    code that is a country, or a code beside what was asked answer."""
    from tooldial.corpus.models import OutputComponent
    from tooldial.dialogue.answer_fields import codes_only

    summarizer = Api(category="Text_Analysis", tool="Linguist", name="Summarizer", description="Summarize a text.",
                     method="POST", required_parameters=(Parameter(name="text", type="string", description="Text"),),
                     output_components=(OutputComponent(path=("code",), type="integer", description="code"),
                                        OutputComponent(path=("data",), type="object", description="summary")))
    fields = answer_fields(summarizer, {"code": 21})
    assert codes_only(summarizer, fields)
    plan = _plan(summarizer, {"text": "The meeting moved to Friday."})
    plan.target_result = {"code": 21}
    assert plan_problem(plan) == "lookup without an answer"
    assert not codes_only(summarizer, answer_fields(summarizer, {"code": 0, "summary": "Meeting on Friday."}))
    assert not codes_only(summarizer.model_copy(update={"name": "Get error codes"}), fields)
    country = summarizer.model_copy(update={"name": "getCountryByIP"})
    assert not codes_only(country, answer_fields(country, {"code": "US"}))


def test_a_result_that_only_says_the_call_went_through_reports_nothing() -> None:
    """"the status is success" (sample 9311): an update that went through is reported as done, a status that is
    news ("pending") is said, and what a lookup's goal names is said even when it is about the account."""
    from tooldial.corpus.models import OutputComponent

    update = Api(category="Education", tool="Campus", name="updateUser", description="Update a user.",
                 method="PUT", required_parameters=(Parameter(name="id", type="string", description="User id"),),
                 output_components=(OutputComponent(path=("response", "status"), description="status"),))
    assert answer_fields(update, {"response": {"status": "success"}}) == []
    assert [v for _, _, v in answer_fields(update, {"response": {"status": "pending"}})] == ["pending"]
    credits = Api(category="Data", tool="Pharma", name="Credits left", description="How many credits are left.",
                  method="GET", output_components=(OutputComponent(path=("credits_left",), description="credits"),))
    assert [v for _, _, v in answer_fields(credits, {"credits_left": 115})] == ["115"]
    search = Api(category="Data", tool="Pharma", name="search term", description="Search news by a term.",
                 method="GET", required_parameters=(Parameter(name="term", type="string", description="Term"),),
                 output_components=(OutputComponent(path=("requests_remaining",), description="quota"),))
    result = {"requests_remaining": 99997}
    assert answer_fields(search, result) == []
    plan = _plan(search, {"term": "insulin"})
    plan.target_result = result
    assert plan_problem(plan) == "lookup without an answer"


def test_a_search_answered_only_by_how_its_listing_stands_is_not_planned() -> None:
    """Rightmove's property search documents records holding an id only beside its paging: "the results per page is
    3 and the total result count is 226" (sample 6607). Keys about the listing are read by their words, not by a
    list of whole keys: ``resultsPerPage`` and ``totalResultCount`` are no answer, and beside a record's own fields
    they are not said."""
    from tooldial.corpus.models import OutputComponent

    search = Api(category="Data", tool="Homes", name="property-for-sale", description="Search properties for sale.",
                 method="GET", required_parameters=(Parameter(name="locationIdentifier", type="string",
                                                              description="Location id"),),
                 output_components=tuple(OutputComponent(path=p, description="") for p in (
                     ("currentPage",), ("resultsPerPage",), ("totalResultCount",), ("data", "id"),
                     ("data", "price"))))
    paging = {"currentPage": 1, "resultsPerPage": 2, "totalResultCount": 207,
              "data": [{"id": "54109839"}, {"id": "87279749"}]}
    assert answer_fields(search, paging) == []
    plan = _plan(search, {"locationIdentifier": "REGION^87490"})
    plan.target_result = paging
    assert plan_problem(plan) == "lookup without an answer"
    priced = {**paging, "data": [{"id": "54109839", "price": "£425,000"}, {"id": "87279749", "price": "£310,000"}]}
    assert [key for key, _, _ in answer_fields(search, priced)] == ["data|price"]
    plan.target_result = priced
    assert plan_problem(plan) == ""
