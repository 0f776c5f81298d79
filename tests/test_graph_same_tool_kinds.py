"""The same-tool kind proposer (:func:`tooldial.graph.system_edges.same_tool_kind_edges`): inside one tool, an
output holding a value that names one thing (a URL, an e-mail ...) is a candidate for each required input of the
same kind of another API, whatever Eq. 1's similarities; URLs only when they may address the same page; never
across tools, never a flag or a count whose name merely mentions the kind.

Tool names, documentation and values are made up for these tests."""

from __future__ import annotations

import numpy as np

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.graph.build import build_graph
from tooldial.graph.config import GraphConfig
from tooldial.graph.entities import Entity
from tooldial.graph.system_edges import same_tool_kind_edges


def ent(api_id: str, role: str, key: str, *, documented: str = "", example: str = "", type: str = "string") -> Entity:
    leaf = key.split("|")[-1]
    return Entity(api_id, role, key, leaf.replace("_", " "), documented or leaf, raw=leaf, documented=documented,
                  example=example, type=type)


def _propose(outputs, inputs, limit=None):
    texts = {t: k for k, t in enumerate(sorted({e.description for e in outputs + inputs}))}
    vectors = np.eye(len(texts), dtype=np.float32)
    od = np.array([texts[e.description] for e in outputs])
    idx = np.array([texts[e.description] for e in inputs])
    got = same_tool_kind_edges(outputs, inputs, vectors, od, od, idx, idx, limit=limit)
    return {(outputs[s].key, inputs[d].key) for s, d in zip(got.src.tolist(), got.dst.tolist(), strict=True)}


def test_a_page_url_of_a_listing_into_the_profile_call_of_its_tool():
    listing = "Data|people|Staff listing"
    outputs = [ent(listing, "output", "staff|profile_url"),
               ent(listing, "output", "staff|website"),  # shares no word with the input: another page
               ent(listing, "output", "staff|papers|url"),
               ent("Data|other|Staff listing", "output", "staff|profile_url")]  # another tool: never
    inputs = [ent("Data|people|Profile", "input", "url", example="https://net.example/in/jane/",
                  documented="URL of the member's profile page to read.")]
    assert _propose(outputs, inputs) == {("staff|profile_url", "url")}


def test_documented_examples_decide_between_two_kinds_of_page():
    outputs = [ent("Data|people|Search", "output", "hits|link", example="https://net.example/in/jane"),
               ent("Data|people|Search", "output", "hits|org_link", example="https://net.example/org/acme")]
    inputs = [ent("Data|people|Profile", "input", "url", example="https://net.example/in/bob/")]
    assert _propose(outputs, inputs) == {("hits|link", "url")}


def test_a_picture_is_no_page_the_input_shows_by_its_example():
    outputs = [ent("Data|people|Search", "output", "hits|profile_pic_url"),
               ent("Data|people|Search", "output", "hits|profile_url")]
    page = ent("Data|people|Profile", "input", "profile_url", example="https://net.example/in/bob/")
    image = ent("Data|people|Describe", "input", "profile_image_url", example="https://img.example/a/face.jpg")
    assert _propose(outputs, [page]) == {("hits|profile_url", "profile_url")}
    assert ("hits|profile_pic_url", "profile_image_url") in _propose(outputs, [image])


def test_flags_counts_and_other_kinds_are_left_alone():
    api = "Email|checker|Lookup"
    outputs = [ent(api, "output", "emails", type="array"),
               ent(api, "output", "work_email"),
               ent(api, "output", "is_disposable_email", type="boolean"),
               ent(api, "output", "email_queue_count", type="integer"),
               ent(api, "output", "country")]  # a country is not a value that names one thing on its own
    inputs = [ent("Email|checker|Check", "input", "email", example="ann@mail.example"),
              ent("Email|checker|By country", "input", "country", example="FR")]
    assert _propose(outputs, inputs) == {("work_email", "email")}


def test_each_input_keeps_its_most_similar_few_sources():
    outputs = [ent(f"Email|checker|List {k}", "output", f"contact_{k}_email") for k in range(6)]
    inputs = [ent("Email|checker|Check", "input", "email")]
    assert len(_propose(outputs, inputs)) == 6
    assert len(_propose(outputs, inputs, limit=2)) == 2


def test_a_default_build_keeps_the_chain_eq1_misses(embedder, tmp_path):
    listing = Api(category="Data", tool="netbook", name="Member listing", description="Members of a group",
                  required_parameters=(Parameter(name="group", description="Group name", example="chess"),),
                  output_components=(OutputComponent(path=("members", "profile_url")),
                                     OutputComponent(path=("members", "joined"), example="2021-04-02")))
    profile = Api(category="Data", tool="netbook", name="Read member", description="One member's full page",
                  required_parameters=(Parameter(name="url", description="URL of the Member Profile to read.",
                                                 example="https://netbook.example/in/jane/"),),
                  output_components=(OutputComponent(path=("full_name",), example="Jane Roe"),))
    corpus = Corpus(spec="same-kinds", tools=[Tool(category="Data", name="netbook", apis=(listing, profile))])
    on = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False), embedder=embedder)
    off = build_graph(corpus, GraphConfig(cache_dir=tmp_path, progress=False, same_tool_kinds=False),
                      embedder=embedder)
    edge = ("members|profile_url", "url")
    assert edge in {(d["source_output"], d["target_input"]) for _, _, d in on.edges(data=True)}
    assert edge not in {(d["source_output"], d["target_input"]) for _, _, d in off.edges(data=True)}
