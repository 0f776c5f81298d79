"""Which graph edges make a chain a careful reader accepts: would a user procure that value from that API?

A graph edge says an output *can* fill an input; a dialogue also needs a user who plausibly does not know the
value and would get it from that source. :func:`chain_problem` names the first reason a reader would reject a
chain ("" when none); the sampler leaves such edges out (counted by the text before the colon) and picks
another sequence or unit instead. The rules, from the held-out chain reviews (``scripts/data/chain_review_*.tsv``):

- **what the user says**: values a user knows or chooses (a year, a page, dates, currencies), names, titles
  and search terms, where they start from, and the place parts of an address they gave to the source;
- **what the source really gives**: no source that changes something, needs the value it would give, or asks
  for ids the user would not know; an output of the same kind as the input; a bare ``id`` only between APIs
  about the same thing; no second lookup of the record the source already returned;
- **input groups**: coordinates, date ranges and currency pairs are procured together from one record (one
  point's latitude *and* longitude, never one of each of two points), and never into a target documenting one
  coordinate without its pair;
- **echoes**: no value from the source's request echo (``request.city``) or an output repeating one of the
  source's inputs (the user's own value), no target whose documented answer is an error about its input;
- **across tools**, only what the graph judged one value space: identifiers with evidence of one provider
  (a documented provider or the target's documentation naming the source tool; a tool-name resemblance is
  not enough), standard values whose formats agree (country, language, currency codes), place values from a
  place-aware source; never generic or free-text values, never between tools scoped to different countries,
  never a ticker across markets (crypto vs stocks), never into a checker (it checks the user's own ticket,
  address, code).

The rules are registered units, one per file under ``tooldial/rules/chain/`` (:data:`tooldial.registry.CHAIN_RULES`,
contract in :mod:`tooldial.rules.chaining`); this package holds the readings they share (``records``,
``documented``, ``scope``, ``effects``) and :func:`chain_verdict`, the one loop the sampler, the planner and the
validator call.
"""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.chains.documented import documented_error, value_shape
from tooldial.dialogue.chains.effects import made_for_its_output, side_effects
from tooldial.dialogue.chains.records import (
    BARE_ID,
    CONTAINERS,
    COPIED_SCHEMA,
    alike_record,
    coordinate_of,
    name_kind,
    schema_copies,
    top_record,
)
from tooldial.dialogue.chains.scope import countries_of
from tooldial.dialogue.mockdata import FieldName, field_kind
from tooldial.rules.chaining import ChainProblem, Link, check_chain

#: Names other modules and tests import from here (the submodules hold them).
__all__ = ["BARE_ID", "CONTAINERS", "alike_record", "chain_link", "chain_problem", "chain_verdict",
           "countries_of", "documented_error", "made_for_its_output", "schema_copies", "side_effects", "top_record",
           "value_shape"]


def chain_link(source: Api, target: Api, chain_param: str, chain: OutputComponent,
               edge: dict[str, Any] | None = None, *, schema_copies: int = 1) -> Link:
    """The chain the rules judge: ``target``'s input ``chain_param`` from ``source``'s ``chain`` output, with the
    input's field kind. ``edge`` holds the graph edge's attributes (``kind``, ``reason``, ``cross_tool``,
    ``group_members``, ``group_sources``) when the graph has them; ``schema_copies`` is how many APIs of the
    source's tool document the source's very output (:func:`schema_copies`)."""
    edge = dict(edge or {})
    if schema_copies >= COPIED_SCHEMA:
        edge["schema_copies"] = schema_copies
    param = target.parameter(chain_param)
    f = FieldName(chain_param, param.type if param is not None else "string")
    # lat1 is a latitude too, country1 (person 1's country) a country
    kind = field_kind(f) or (coordinate_of(chain_param) or (None,))[0] or name_kind(re.sub(r"\d+", "", chain_param))
    if kind is None and set(FieldName(chain.name).tokens) <= BARE_ID:
        kind = "id"  # a bare id into "playlist" ("Playlist URL or ID") is an id of the thing the input names
    return Link(source, target, chain_param, chain, kind, edge)


def chain_verdict(source: Api, target: Api, chain_param: str, chain: OutputComponent,
                  edge: dict[str, Any] | None = None, *, schema_copies: int = 1) -> ChainProblem | None:
    """The first problem a registered chain rule finds with procuring ``chain_param`` of ``target`` from
    ``source``'s ``chain`` output (None when the chain is plausible); arguments as for :func:`chain_link`."""
    return check_chain(chain_link(source, target, chain_param, chain, edge, schema_copies=schema_copies))


def chain_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent,
                  edge: dict[str, Any] | None = None, *, schema_copies: int = 1) -> str:
    """:func:`chain_verdict`'s message, ``"<kind>: <detail>"`` ("" when the chain is plausible), for people."""
    problem = chain_verdict(source, target, chain_param, chain, edge, schema_copies=schema_copies)
    return "" if problem is None else str(problem)
