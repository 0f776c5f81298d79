"""Documented records stay whole. A list's records beyond its API's example are the tool's other documented records of
that list, whole (their
id, name and slug together), before any is drawn field by field (:mod:`tooldial.dialogue.mockdata.tool_records`)."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, Corpus, Parameter, Tool
from tooldial.dialogue.mockdata import MockWorld, build_result
from tooldial.dialogue.mockdata.tool_records import documented_records, more_records, same_kind

# A made-up bookshop: its branch list documents one branch, its opening-hours API three others.
BRANCHES = {"branches": [{"id": 11, "name": "Harbour Street", "slug": "harbour-street", "manager": "Ines Duarte"}]}
HOURS = {"branches": [
    {"id": 12, "name": "Old Mill Lane", "slug": "old-mill-lane", "manager": "Tom Reyes", "opens": "09:00"},
    {"id": 13, "name": "Castle Yard", "slug": "castle-yard", "manager": "Ana Lima", "opens": "10:00"},
    {"id": 11, "name": "Harbour Street", "slug": "harbour-street", "manager": "Ines Duarte", "opens": "08:30"}],
    "orders": [{"order": "A-1", "total": 12.5}]}
# a ``branches`` list of another kind of record (a repository's branches) shares no field with the shop's
OTHER = {"branches": [{"ref": "main", "sha": "9f1c2e"}, {"ref": "dev", "sha": "77ab01"}]}


def _corpus() -> Corpus:
    apis = tuple(Api(category="Commerce", tool="shelfwise", name=name, example_response=example)
                 for name, example in (("List branches", BRANCHES), ("Branch hours", HOURS), ("Git", OTHER)))
    return Corpus(spec="test", tools=[Tool(category="Commerce", name="shelfwise", apis=apis)])


def test_documented_records_are_keyed_by_their_list_and_distinct() -> None:
    records = documented_records([BRANCHES, HOURS, BRANCHES])
    assert [r["id"] for r in records["branches"]] == [11, 12, 13, 11]  # 11 documented twice, in two forms
    assert records["orders"] == [{"order": "A-1", "total": 12.5}]


def test_only_records_of_the_list_s_kind_not_yet_listed_can_be_added() -> None:
    template = BRANCHES["branches"][0]
    assert same_kind(HOURS["branches"][0], template) and not same_kind(OTHER["branches"][0], template)
    pool = documented_records([HOURS, OTHER])["branches"]
    assert [r["id"] for r in more_records(pool, template, [template])] == [12, 13]  # not 11 again, no git ref


def test_a_further_record_is_one_the_tool_documents_whole() -> None:
    corpus = _corpus()
    api = corpus.get("Commerce|shelfwise|List branches")
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        world = MockWorld(rng, tool_examples=lambda c, t: [a.example_response for a in corpus.tool_apis(c, t)])
        items = build_result(api, rng, records=3, inputs={}, world=world)["response"]["branches"]
        assert items[0]["name"] == "Harbour Street" and len(items) == 3
        for item in items[1:]:
            documented = next(r for r in HOURS["branches"] if r["id"] == item["id"])
            assert (item["name"], item["slug"], item["manager"]) == (
                documented["name"], documented["slug"], documented["manager"])  # whole, not mixed
        assert len({i["id"] for i in items}) == 3
        seen.update(i["id"] for i in items)
    assert seen == {11, 12, 13}


def test_without_the_corpus_further_records_are_drawn_as_before() -> None:
    api = _corpus().get("Commerce|shelfwise|List branches")
    a = build_result(api, random.Random(3), records=3, inputs={})
    b = build_result(api, random.Random(3), records=3, inputs={}, world=MockWorld(random.Random(3)))
    assert a == b
    assert not {"Old Mill Lane", "Castle Yard"} & {i.get("name") for i in a["response"]["branches"]}


# A made-up fixtures feed: the example documents team 40's fixtures; a call asks for team 77's.
FIXTURES = Api(category="Sports", tool="kickoff", name="Team fixtures", description="Fixtures of a team.",
               required_parameters=(Parameter(name="teamId", type="NUMBER", default=40),),
               example_response={"team": {"id": 40, "name": "Harbour Rovers", "slug": "harbour-rovers"},
                                 "fixtures": [{"id": 9001, "opponent": {"id": 52, "name": "Castle Athletic",
                                                                        "slug": "castle-athletic"},
                                               "competition": {"id": 7, "name": "Coastal League",
                                                               "slug": "coastal-league"}}]})


def test_in_a_lookup_of_another_entity_other_documented_records_keep_their_names() -> None:
    """The looked-up team is another than the documented one, so the documented team's name is not served; the
    opponent and the competition are records of their own (their own id, no documented value of the input), and
    keep their names with their ids."""
    for seed in range(5):
        body = build_result(FIXTURES, random.Random(seed), records=1, inputs={"teamId": "77"})["response"]
        fixture = body["fixtures"][0]
        assert fixture["opponent"] == {"id": 52, "name": "Castle Athletic", "slug": "castle-athletic"}
        assert fixture["competition"]["name"] == "Coastal League" and fixture["competition"]["id"] == 7
        assert body["team"].get("name") != "Harbour Rovers"  # the documented team is not the one asked for
    documented = build_result(FIXTURES, random.Random(0), records=1, inputs={"teamId": "40"})["response"]
    assert documented["team"]["name"] == "Harbour Rovers"


def test_a_list_inside_a_record_takes_no_other_record_s_items() -> None:
    """A language's ``links`` are that language's: another API's documented links (another language's) are not
    added to them, while a top-level list of languages does take the tool's other documented languages."""
    one = {"code": "de", "name": "German", "links": [{"rel": "self", "href": "https://x.test/v1/language/de"}]}
    many = {"items": [{"code": "fr", "name": "French", "links": [{"rel": "self", "href": "https://x.test/v1/language/fr"}]},
                      {"code": "es", "name": "Spanish", "links": [{"rel": "self", "href": "https://x.test/v1/language/es"}]}]}
    listed = {"items": [{"code": "it", "name": "Italian", "links": [{"rel": "self", "href": "https://x.test/v1/language/it"}]}]}
    apis = tuple(Api(category="Business", tool="lingo", name=name, example_response=example)
                 for name, example in (("Get language", one), ("All languages", many), ("Source languages", listed)))
    corpus = Corpus(spec="test", tools=[Tool(category="Business", name="lingo", apis=apis)])
    for seed in range(4):
        rng = random.Random(seed)
        world = MockWorld(rng, tool_examples=lambda c, t: [a.example_response for a in corpus.tool_apis(c, t)])
        body = build_result(apis[0], rng, records=3, inputs={}, world=world)["response"]
        assert not [link for link in body["links"] if link["href"].rsplit("/", 1)[-1] in ("fr", "es", "it")], body
        rng = random.Random(seed)
        world = MockWorld(rng, tool_examples=lambda c, t: [a.example_response for a in corpus.tool_apis(c, t)])
        items = build_result(apis[2], rng, records=3, inputs={}, world=world)["response"]["items"]
        assert items[0]["name"] == "Italian" and {i["name"] for i in items[1:]} <= {"French", "Spanish"}
        codes = {"de", "fr", "es", "it"}
        assert not [link for i in items for link in i["links"] if link["href"].rsplit("/", 1)[-1] in codes - {i["code"]}]


def test_records_of_another_kind_under_a_shared_shape_are_not_of_the_list_s_kind() -> None:
    """JSON:API rows share ``id``/``type``/``attributes`` and edges share ``node``: the kind is in the ``type`` and
    one level down."""
    tag = {"id": "1", "type": "tag", "attributes": {"slug": "spx", "name": "S&P 500"}}
    metric = {"id": "9", "type": "metric", "attributes": {"value": 4.2, "field": "pe"}}
    other_tag = {"id": "2", "type": "tag", "attributes": {"slug": "dji", "name": "Dow Jones"}}
    assert same_kind(other_tag, tag) and not same_kind(metric, tag)
    post = {"node": {"id": "1", "display_url": "https://x.test/p.jpg", "taken_at": 1}}
    comment = {"node": {"id": "2", "text": "nice", "owner": "a"}}
    assert not same_kind(comment, post)


def test_a_call_s_error_list_takes_no_other_call_s_errors() -> None:
    failed = {"transfers": [{"hash": "0x1f", "amount": 3.5}],
              "errors": [{"path": "chain", "reason": "Chains", "note": "chain is partly indexed"}]}
    other = {"pools": [{"pool": "0x9a", "tvl": 1200}],
             "errors": [{"path": "service", "reason": "Services", "note": "unknown service"},
                        {"path": "offset", "reason": "Offset", "note": "offset too large"}]}
    apis = tuple(Api(category="Finance", tool="chainwatch", name=name, example_response=example)
                 for name, example in (("Wallet transfers", failed), ("Pools", other)))
    corpus = Corpus(spec="test", tools=[Tool(category="Finance", name="chainwatch", apis=apis)])
    rng = random.Random(1)
    world = MockWorld(rng, tool_examples=lambda c, t: [a.example_response for a in corpus.tool_apis(c, t)])
    body = build_result(apis[0], rng, records=3, inputs={}, world=world)["response"]
    assert body["transfers"] and not {e.get("reason") for e in body.get("errors", [])} & {"Services", "Offset"}


def test_the_documented_entity_check_reads_records_of_their_own_as_the_builder_does() -> None:
    """``validate``'s documented-entity check flags the looked-up entity's documented strings only: the opponent and
    the competition that the builder keeps are not flagged (a generator whose output its validator rejects)."""
    from tooldial.dialogue.mockdata import foreign_lookup, foreign_strings

    foreign = foreign_lookup(FIXTURES, {"teamId": "77"})
    assert foreign == ["teamId"]
    strings = foreign_strings(FIXTURES, foreign)
    assert "Harbour Rovers" in strings and not {"Castle Athletic", "Coastal League"} & strings
    assert {"Harbour Rovers", "Castle Athletic", "Coastal League"} <= foreign_strings(FIXTURES)


# A made-up media feed of a team: the example documents team 40's videos; a call asks for team 77's.
MEDIA = Api(category="Sports", tool="kickoff", name="Team media", description="Videos of a team.",
            required_parameters=(Parameter(name="teamId", type="NUMBER", default=40),),
            example_response={"media": [
                {"id": 4713863, "subtitle": "Full Highlights", "title": "Harbour Rovers 3-1 Castle Athletic",
                 "note": "Harbour Rovers beat Castle Athletic by 2 goals"},
                {"id": 4715159, "subtitle": "Full Highlights", "title": "Dune United 0-2 Harbour Rovers"}]})


def test_a_string_the_kept_records_share_is_no_documented_entity_s() -> None:
    """Every documented video of another team is a record of its own and served as documented: a string it shares
    with the looked-up record ("Full Highlights") names no entity, so ``validate`` does not flag what the builder
    keeps (44 of a sample's 48 draws again were such labels); the looked-up record's own title still is flagged."""
    from tooldial.dialogue.mockdata import foreign_lookup, foreign_strings

    strings = foreign_strings(MEDIA, foreign_lookup(MEDIA, {"teamId": "77"}))
    assert "Harbour Rovers 3-1 Castle Athletic" in strings and "Full Highlights" not in strings
    assert "Full Highlights" in foreign_strings(MEDIA)  # no call: every entity string of the example


def test_a_drawn_record_keeps_no_sentence_of_the_documented_entity_with_new_numbers() -> None:
    """Records drawn after the looked-up one vary its documented values; a sentence of the documented entity with
    only its numbers redrawn ("Harbour Rovers beat Castle Athletic by 7 goals") is still that entity's, so it is
    left out like the sentence itself."""
    notes = []
    for seed in range(6):
        body = build_result(MEDIA, random.Random(seed), records=4, inputs={"teamId": "77"})["response"]
        notes += [m["note"] for m in body["media"] if "note" in m]
        assert all(m.get("subtitle", "Full Highlights") == "Full Highlights" for m in body["media"])
    assert not [n for n in notes if "Harbour Rovers beat" in n], notes
