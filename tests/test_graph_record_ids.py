"""The same-tool record-id proposer (:mod:`tooldial.graph.record_ids`): an output id whose record is named as the
record an id input of another API of the tool wants becomes a candidate, in the same form only (a slug does not
fill an id), and the record is the whole compound the input's documentation names (``unique tournament``).

Tool names, documentation and values are made up for these tests."""

from __future__ import annotations

import numpy as np

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.graph.build import build_graph
from tooldial.graph.config import GraphConfig
from tooldial.graph.entities import Entity
from tooldial.graph.record_ids import (
    documented_record,
    id_word,
    input_record,
    output_record,
    same_tool_record_id_edges,
)


def ent(api_id: str, role: str, key: str, *, name: str = "", documented: str = "", type: str = "string") -> Entity:
    leaf = key.split("|")[-1]
    return Entity(api_id, role, key, name or leaf.replace("_", " "), documented or leaf, raw=leaf,
                  documented=documented, type=type)


def test_records_and_forms_of_ids():
    venue = ent("Sports|arena|Team", "output", "team|venue|id", type="integer")
    assert output_record(venue) == ("venue",) and id_word(venue) == "id"
    unique = ent("Sports|arena|Team", "output", "events|tournament|uniqueTournament|id", type="integer")
    assert output_record(unique) == ("unique", "tournament")
    assert output_record(ent("Sports|arena|Team", "output", "data|id")) == ("team",)  # the API names it
    assert output_record(ent("Sports|arena|Team", "output", "team|name")) is None  # no identifier
    slug = ent("Sports|arena|Team", "output", "team|slug")
    assert id_word(slug) == "slug"
    wanted = ent("Sports|arena|Venue", "input", "venueId", type="integer")
    assert input_record(wanted) == ("venue",) and id_word(wanted) == "id"
    bare = ent("Sports|arena|Player", "input", "id", name="player id", documented="The ID of the player")
    assert input_record(bare) == ("player",)
    assert input_record(ent("Sports|arena|Player", "input", "query", name="query")) is None


def test_the_input_wants_the_longest_record_of_the_tool_its_documentation_names():
    tid = ent("Sports|arena|League", "input", "tournamentId", documented="The unique tournament ID of the league")
    records = {("tournament",), ("unique", "tournament")}
    assert documented_record(tid, ("tournament",), records) == ("unique", "tournament")
    plain = ent("Sports|arena|League", "input", "tournamentId", documented="The tournament ID")
    assert documented_record(plain, ("tournament",), records) == ("tournament",)


def _propose(outputs, inputs):
    texts = {t: k for k, t in enumerate(sorted({e.description for e in outputs + inputs}))}
    vectors = np.eye(len(texts), dtype=np.float32)
    od = np.array([texts[e.description] for e in outputs])
    idx = np.array([texts[e.description] for e in inputs])
    got = same_tool_record_id_edges(outputs, inputs, od, idx, od, idx, vectors)
    return {(outputs[s].key, inputs[d].key) for s, d in zip(got.src.tolist(), got.dst.tolist(), strict=True)}


def test_proposes_same_record_same_form_inside_one_tool_only():
    outputs = [ent("Sports|arena|Team details", "output", "team|venue|id", type="integer"),
               ent("Sports|arena|Team details", "output", "team|venue|slug"),
               ent("Sports|arena|Team details", "output", "team|manager|id", type="integer"),
               ent("Sports|other|Teams", "output", "teams|venue|id", type="integer")]
    inputs = [ent("Sports|arena|Venue details", "input", "venueId", type="integer")]
    assert _propose(outputs, inputs) == {("team|venue|id", "venueId")}


def test_unique_tournament_ids_feed_the_unique_tournament_input_not_tournament_ids():
    outputs = [ent("Sports|arena|Events", "output", "events|tournament|id", type="integer"),
               ent("Sports|arena|Events", "output", "events|tournament|uniqueTournament|id", type="integer")]
    inputs = [ent("Sports|arena|League seasons", "input", "tournamentId", type="integer",
                  documented="The unique tournament ID for which you want the seasons.")]
    assert _propose(outputs, inputs) == {("events|tournament|uniqueTournament|id", "tournamentId")}


def test_a_default_build_keeps_the_chain_eq1_misses(embedder, tmp_path):
    """Eq. 1 alone does not propose it (the input is documented for what the call does with the id)."""
    team = Api(category="Sports", tool="arena", name="Team details", description="Details of a team",
               required_parameters=(Parameter(name="teamId", type="number", description="The team's ID"),),
               output_components=(OutputComponent(path=("team", "name")),
                                  OutputComponent(path=("team", "uniqueTournament", "id"), type="integer")))
    seasons = Api(category="Sports", tool="arena", name="League seasons", description="Seasons of a league",
                  required_parameters=(Parameter(name="tournamentId", type="number",
                                                 description="The unique tournament ID for which you want to "
                                                             "retrieve the league's seasons."),),
                  output_components=(OutputComponent(path=("seasons", "year")),))
    corpus = Corpus(spec="record-ids", tools=[Tool(category="Sports", name="arena", apis=(team, seasons))])
    on = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    off = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False, same_tool_record_ids=False),
                      embedder=embedder)
    key = "team|uniqueTournament|id -> tournamentId"
    assert any(k == key for _, _, k in on.edges(keys=True))
    assert not any(k == key for _, _, k in off.edges(keys=True))


def test_a_records_role_is_not_another_record():
    outputs = [ent("Sports|arena|Match", "output", "event|homeTeam|id", type="integer"),
               ent("Sports|arena|Match", "output", "event|previousEvent|id", type="integer")]
    inputs = [ent("Sports|arena|Team players", "input", "teamId", type="integer"),
              ent("Sports|arena|Event odds", "input", "eventId", type="integer")]
    assert _propose(outputs, inputs) == {("event|homeTeam|id", "teamId"), ("event|previousEvent|id", "eventId")}


def test_an_unnamed_id_is_the_record_its_api_lists_and_an_input_may_abbreviate_it():
    outputs = [ent("Sports|rugby|Competitions", "output", "results|id", type="integer"),
               ent("Sports|rugby|Competitions", "output", "results|season", type="integer")]
    inputs = [ent("Sports|rugby|Standings", "input", "comp_id", type="integer"),
              ent("Sports|rugby|Fixtures", "input", "match_id", type="integer")]
    assert _propose(outputs, inputs) == {("results|id", "comp_id")}


def test_an_id_of_a_shorter_record_does_not_fill_the_longer_record_the_input_names():
    from tooldial.graph.record_ids import compound_record_clash, tool_records

    outputs = [ent("Sports|arena|Events", "output", "events|tournament|id", type="integer"),
               ent("Sports|arena|Events", "output", "events|tournament|uniqueTournament|id", type="integer")]
    records = tool_records(outputs)["Sports|arena"]
    wants_unique = ent("Sports|arena|League seasons", "input", "tournamentId", type="integer",
                       documented="The unique tournament ID for which you want the seasons.")
    wants_plain = ent("Sports|arena|Tournament", "input", "tournamentId", type="integer",
                      documented="The tournament ID.")
    assert compound_record_clash(outputs[0], wants_unique, records)
    assert compound_record_clash(outputs[1], wants_unique, records) is None
    assert compound_record_clash(outputs[0], wants_plain, records) is None
    # a tool that returns no unique tournaments: the word is the docs' own, no record of the tool
    assert compound_record_clash(outputs[0], wants_unique, tool_records(outputs[:1])["Sports|arena"]) is None


def test_a_bare_id_input_takes_the_record_its_documentation_names():
    from tooldial.graph.record_ids import documented_id_clash

    season = ent("Sports|arena|League seasons", "output", "seasons|id", type="integer")
    team = ent("Sports|arena|Team player seasons", "input", "id", name="team id", type="integer",
               documented="The ID of the team for which you want the player statistics seasons.")
    assert documented_id_clash(season, team)
    own = ent("Sports|arena|Team details", "output", "team|id", type="integer")
    assert documented_id_clash(own, team) is None
    # a name taken from the API name ("downvote id") is no documented record
    meme = ent("Fun|jokes|random-meme", "output", "id", type="integer")
    vote = ent("Fun|jokes|downvote-meme", "input", "id", name="downvote id", documented="The object's id.")
    assert documented_id_clash(meme, vote) is None
