"""From (API or edge, sequence) to a :class:`~tooldial.dialogue.scenario.ScenarioInstruction`.

Planning happens in two steps so that intent utterances can be scored in batches:

1. :func:`plan_dialogue` fixes the slots of each API (every required parameter, the chain parameter on the
   target, and one optional parameter only where the user states it in the opening), the mock inputs,
   the source's result and the chained value read from it, the target's result, and — for ``clear_add`` —
   which parameter the first utterance carries.
2. :func:`build_scenario` takes the plan and the chosen intent utterances (with their real retriever hits)
   and writes every turn: action, situation, thought, retriever status, dialogue state (values only once they
   were said or returned), ``api_request`` / ``api_response`` and the values each message must contain.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tooldial.corpus.models import Api, Corpus, OutputComponent
from tooldial.dialogue import error_results
from tooldial.dialogue.answer_text import build_answer
from tooldial.dialogue.chains import alike_record, chain_problem, schema_copies
from tooldial.dialogue.intents import Intent, goal_clause, persona_of, readable
from tooldial.dialogue.mockdata import (
    PAGING_KEYS,
    STATUS_KEYS,
    FieldName,
    MockWorld,
    as_text,
    build_result,
    carry_names,
    documented_keys,
    field_kind,
    foreign_lookup,
    grouped_kind,
    input_values,
    leaf_items,
    list_container,
    records_at,
    sibling_candidates,
    values_at,
)
from tooldial.dialogue.record import NOT_CONFIRMED, NOT_RETRIEVED, STATE_SYSTEM_ACTION, procurement_text
from tooldial.dialogue.retriever import Retriever
from tooldial.dialogue.scenario import (
    STYLE_PROBABILITY,
    UTTERANCE_STYLES,
    ApiBrief,
    ScenarioInstruction,
    TurnInstruction,
    UserGoal,
    make_turn,
)
from tooldial.dialogue.sequences import ActionSequence, profile_of, slot_options
from tooldial.dialogue.slot_words import slot_label
from tooldial.dialogue.weather import WEATHER_GOAL
from tooldial.dialogue.weather import role as weather_role
from tooldial.dialogue.world_checks import asked_field, enumerated_words, unasked_id, word_stem


@dataclass(frozen=True)
class DialogueUnit:
    """What one dialogue is about: one API, or an edge source → target (``chain_output`` feeds ``chain_param``)."""

    target: str
    source: str = ""
    chain_param: str = ""
    chain_output: str = ""  # release spelling, ``a|b``
    #: The graph edge's attributes (``reason``, ``confidence``, ``input_group``, ``group_members``, …) when the
    #: graph has them; not part of the unit's identity.
    edge_items: tuple[tuple[str, Any], ...] = field(default=(), compare=False, hash=False)

    @property
    def edge(self) -> dict[str, Any]:
        return dict(self.edge_items)

    @property
    def partners(self) -> dict[str, str]:
        """Other members of the chain parameter's input group -> the source output (``a|b``) providing each,
        from the graph edge's ``group_sources`` (``latitude=lat,longitude=lng``); procured together."""
        sources = dict(item.split("=", 1) for item in str(self.edge.get("group_sources") or "").split(",")
                       if "=" in item)
        return {param: path for param, path in sources.items() if param != self.chain_param}

    @property
    def is_pair(self) -> bool:
        return bool(self.source)


@dataclass
class ApiSlots:
    """The slots one API has in one dialogue, with their mock values."""

    api: Api
    required: list[str]
    optional: list[str]
    values: dict[str, str]

    @property
    def names(self) -> list[str]:
        return self.required + self.optional

    def state(self, known: set[str] | frozenset[str], action: str) -> dict[str, Any]:
        """Confirmed dialogue state with the ``known`` slots filled."""
        return {
            "api_confirmed": "true",
            "api_status": {
                "api_name": self.api.id,
                "required_parameters": {n: self.values[n] if n in known else "" for n in self.required},
                "optional_parameters": {n: self.values[n] if n in known else "" for n in self.optional},
                "system_action": STATE_SYSTEM_ACTION[action],
            },
        }

    def request(self) -> dict[str, Any]:
        return {
            "api_name": self.api.id,
            "required_parameters": {n: self.values[n] for n in self.required},
            "optional_parameters": {n: self.values[n] for n in self.optional},
        }

    def mock(self, result: dict[str, Any]) -> dict[str, Any]:
        """The release ``mockdata`` element for this API."""
        req = self.request()
        return {
            "api_name": self.api.id,
            "api_description": self.api.description,
            "required_parameters": req["required_parameters"],
            "optional_parameters": req["optional_parameters"],
            "output_components": result,
        }


def choose_slots(api: Api, rng: random.Random, *, chain: str | None, add_optional: bool,
                 world: MockWorld | None = None) -> ApiSlots:
    """The API's slots in this dialogue (required ones, the chain parameter, maybe one optional) and their
    values, drawn together in one :func:`~tooldial.dialogue.mockdata.input_values` context."""
    required_names = {p.name for p in api.required_parameters}
    required = [p.name for p in api.required_parameters]
    optional: list[str] = []
    if chain and chain not in required_names:
        optional.append(chain)
    elif add_optional:
        pool = [p.name for p in api.optional_parameters if p.name != chain]
        optional.append(rng.choice(pool))
    values = input_values(api, required + optional, world or MockWorld(rng))
    return ApiSlots(api, required, optional, values)


@dataclass
class DialoguePlan:
    """Everything decided before the intent utterances are chosen."""

    unit: DialogueUnit
    sequence: ActionSequence
    target: ApiSlots
    target_result: dict[str, Any]
    world: MockWorld | None = None
    source: ApiSlots | None = None
    source_result: dict[str, Any] | None = None
    chain_component: OutputComponent | None = None
    #: request-multi: the records returned, the attribute picked by, the picked record.
    options: list[str] = field(default_factory=list)
    pick_by: OutputComponent | None = None
    picked: str = ""
    #: clear_add: the slot whose value the first clear utterance carries.
    added_slot: str = ""

    @property
    def partners(self) -> dict[str, str]:
        """Target slots procured together with the chain parameter (its input group) -> source output."""
        return {p: path for p, path in self.unit.partners.items() if p in self.target.names}

    @property
    def procured(self) -> list[str]:
        """The chain parameter and its group partners: what the user does not know."""
        return [self.unit.chain_param, *self.partners] if self.unit.chain_param else []


def plan_dialogue(unit: DialogueUnit, sequence: ActionSequence, corpus: Corpus,
                  rng: random.Random) -> DialoguePlan | None:
    """Fix slots and mock data, or None when this unit cannot realize the sequence."""
    cond = sequence.conditions
    target = corpus.get(unit.target)
    source = corpus.get(unit.source) if unit.is_pair else None
    if unit.is_pair and (target.parameter(unit.chain_param) is None or source is None):
        return None
    profile = profile_of(target, source, chain_param=unit.chain_param or None,
                         chain_output=unit.chain_output or None)
    options = slot_options(cond, profile)
    if not options:
        return None
    t_extra, s_extra = rng.choice(options)
    world = MockWorld(rng)
    target_slots = choose_slots(target, rng, chain=unit.chain_param or None, add_optional=t_extra, world=world)
    plan = DialoguePlan(unit, sequence, target_slots, {}, world=world)
    if source is not None:
        chain = source.output(unit.chain_output)
        if chain is None or chain_problem(source, target, unit.chain_param, chain, unit.edge,
                                          schema_copies=schema_copies(corpus, source)):
            return None
        plan.chain_component = chain
        plan.source = choose_slots(source, rng, chain=None, add_optional=s_extra, world=world)
        multi = cond.after_source == "request_multi"
        plan.source_result = build_result(source, rng, records=rng.choice((2, 3)) if multi else 2,
                                          inputs=plan.source.values, world=world)
        if multi:
            picked = _pick_record(plan, source, chain, rng)
            if picked is None:
                return None
            chain_value, record, prefix = picked
        else:
            found = values_at(plan.source_result, chain.path)
            if len(found) != 1 or isinstance(found[0], dict | list) or not as_text(found[0]).strip():
                return None
            chain_value = as_text(found[0])
            record, prefix = plan.source_result, ()
        if chain_value in {as_text(v) for v in plan.source.values.values()}:
            return None  # the result echoes the user's own input: no value was procured
        plan.target.values[unit.chain_param] = chain_value
        for param, path in plan.partners.items():  # group members come from the same record
            parts = tuple(path.split("|"))
            found = values_at(record, parts[len(prefix):] if parts[:len(prefix)] == prefix else parts)
            if len(found) != 1 or isinstance(found[0], dict | list) or not as_text(found[0]).strip():
                return None
            plan.target.values[param] = as_text(found[0])
        if cond.after_source == "request" and not [n for n in target_slots.names
                                                   if n != unit.chain_param and n not in plan.partners]:
            return None
    plan.target_result = build_result(target, rng, records=2, inputs=plan.target.values, world=world)
    if source is not None:
        carry_entity(plan)
    if world_problems(plan):
        return None
    if cond.adds_value:
        # the clear_add value is redrawn from a fixed set: never a member of a group or a date
        # the optional slot, when there is one, is the value the user volunteers (it is never asked for)
        stated = [n for n in target_slots.optional if n not in plan.procured] if t_extra else target_slots.names
        free = [n for n in stated if n not in plan.procured
                and not grouped_kind(target.parameter(n))]  # type: ignore[arg-type]
        if not free:
            return None
        plan.added_slot = rng.choice(free)
    return plan


def _pick_record(plan: DialoguePlan, source: Api, chain: OutputComponent,
                 rng: random.Random) -> tuple[str, Any, tuple[str, ...]] | None:
    """The user's pick from the source's list: the chained value, its record and the list's path (sets the
    plan's options, pick field and picked text), or None when the records cannot be told apart."""
    container = list_container(source, chain)
    records = records_at(plan.source_result, container)
    rel = len(container)
    chain_vals = [_first_scalar(r, chain.path[rel:]) for r in records]
    if len(records) < 2 or not all(chain_vals) or len(set(chain_vals)) != len(chain_vals):
        return None
    sibling, pick_texts = None, []
    # a record is picked by its own field ("Red Foxes"), not by one of a record inside it (the country
    # both teams of a match share); the away team of a picked match is the system's choice, so a team is
    # picked by the team's own fields only
    candidates = sorted(sibling_candidates(source, chain), key=lambda c: c.path[:-1] != chain.path[:-1])
    if alike_record(source, chain):
        candidates = [c for c in candidates if c.path[:len(chain.path) - 1] == chain.path[:-1]]
    found = [(c, [_first_scalar(r, c.path[rel:]) for r in records]) for c in candidates]
    found = [(c, texts) for c, texts in found if _distinct_picks(texts, chain_vals)]
    # a user names a record ("Bash (5.0.0)", "15 March"), not its machine timestamp or link path: those
    # only when nothing else tells the records apart, a timestamp before a path
    found.sort(key=lambda item: max(_unsayable(t) for t in item[1]))
    if found:
        sibling, pick_texts = found[0]
    if sibling is None:
        return None
    k = rng.randrange(len(records))
    plan.options, plan.pick_by, plan.picked = pick_texts, sibling, pick_texts[k]
    return chain_vals[k], {"response": records[k]}, container


def carry_entity(plan: DialoguePlan) -> None:
    """When the target looks up the entity the source returned (its result echoes the chain value at the top
    level), its other top-level fields named like the source record's take that record's values: "Get
    language" for code ``ar`` says Arabic, as the list it was picked from did."""
    body = plan.target_result.get("response")
    chain_value = plan.target.values.get(plan.unit.chain_param, "")
    param = FieldName(plan.unit.chain_param)
    if field_kind(param) != "id" and not param.has("code", "isbn", "symbol", "ticker", "slug"):
        return  # only an identifier says "the same entity"
    if not isinstance(body, dict) or plan.chain_component is None or plan.source_result is None:
        return
    out_key = plan.chain_component.path[-1]
    if out_key in body and not isinstance(body[out_key], dict | list):  # the entity's own id field
        body[out_key] = _typed_like(chain_value, body[out_key])
    echoed = any(as_text(v) == chain_value for v in body.values() if not isinstance(v, dict | list))
    # without the echo, only the fields that name the entity of the id (city_name for city_id: the weather of
    # the city the user picked names that city) and its place
    entity = [t for t in param.tokens if t not in ("id", "code", "key", "slug")]
    entity_words = set(entity) | {t for t in FieldName(out_key).tokens if t not in ("id", "code", "key", "slug")}
    container = list_container(plan.source.api, plan.chain_component) if plan.source is not None else ()
    root_list = isinstance(plan.source_result.get("response"), list)  # container () is then the root list
    records = records_at(plan.source_result, container) if container or root_list else [
        plan.source_result.get("response")]
    rel = plan.chain_component.path[len(container):]
    if not records and container:  # one nested record ({"city": {...}}), not a list
        records = [r for r in values_at(plan.source_result, container) if isinstance(r, dict)]
    record = next((r for r in records if isinstance(r, dict) and _first_scalar(r, rel) == chain_value), None)
    if record is None:
        return
    holder: Any = record  # the object that holds the id (a result's ``video`` under its list item)
    for key in rel[:-1]:
        holder = holder.get(key) if isinstance(holder, dict) else None
    if isinstance(holder, dict) and next((k for k in holder if field_kind(FieldName(k)) == "id"), None) == out_key:
        carry_names(body, holder, entity_words)  # names of the picked record, nested ones too (world engineer)
    # a lookup by the picked record's own id (its first id) whose documented example is another entity: the
    # fields both name (a title, a name) are the picked record's, also where the foreign example's were left out
    own_id = next((k for k in record if field_kind(FieldName(k)) == "id"), None) == out_key
    if own_id and plan.unit.chain_param in foreign_lookup(plan.target.api, plan.target.values):
        echoed = True
        body.update({k: v for k, v in record.items() if k not in body and k in documented_keys(plan.target.api)
                     and not isinstance(v, dict | list)})
    for key, value in record.items():
        if key in body and not isinstance(value, dict | list) and not isinstance(body[key], dict | list) and (
                echoed or (entity and FieldName(key).tokens[:len(entity)] == tuple(entity))
                or set(entity) & _PLACES and field_kind(FieldName(key)) in ("country", "country_code", "timezone")):
            body[key] = value
    # a nested object that echoes the id describes the same entity ("metadata" of the contracts of symbol ZR:
    # its name is the picked asset's, not the documented crude oil)
    for nested in body.values():
        if isinstance(nested, dict) and any(as_text(v) == chain_value for v in nested.values()
                                            if not isinstance(v, dict | list)):
            for key, value in record.items():
                if key in nested and not isinstance(value, dict | list) and not isinstance(nested[key], dict | list):
                    nested[key] = value


_PLACES = frozenset({"city", "town", "region", "location", "place", "airport", "station"})


def _typed_like(text: str, like: Any) -> Any:
    """``text`` as an int when ``like`` is one (ids documented as numbers stay numbers)."""
    return int(text) if isinstance(like, int) and not isinstance(like, bool) and text.isdigit() else text


def world_problems(plan: DialoguePlan) -> list[str]:
    """Consistency problems of the plan's inputs and results (:func:`~tooldial.dialogue.world_checks.
    record_problems`); a plan with any is not used (a chained value may clash with a documented one)."""
    from tooldial.dialogue.world_checks import objects, record_problems

    out: list[str] = []
    for slots, result in ((plan.target, plan.target_result), (plan.source, plan.source_result)):
        if slots is None:
            continue
        out += record_problems(dict(slots.values))
        out += error_results.input_problems(dict(slots.values)) + error_results.result_problems(result)
        for obj in objects(result):
            out += record_problems(obj)
    return out


#: A machine timestamp (``2022-12-20T20:56:04-04:00``), which no one reads out to pick a record.
_MACHINE_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")


def _unsayable(text: str) -> int:
    """0 for a value a user reads out to pick a record, 1 for a machine timestamp, 2 for a link or path
    (``/comments/90854808``)."""
    if text.startswith("/") or "://" in text:
        return 2
    return 1 if _MACHINE_STAMP.search(text) else 0


def _distinct_picks(texts: list[str], chain_values: list[str]) -> bool:
    """Pick values a user can name unambiguously: distinct, not numbers, no one inside another or a chain value."""
    if not all(len(t) >= 3 and not re.fullmatch(r"[-+.\d\s]+", t) for t in texts):
        return False
    if len(set(texts)) != len(texts) or set(texts) & set(chain_values):
        return False
    return not any(a != b and a in b for a in texts for b in texts + chain_values)


def _first_scalar(record: dict[str, Any], path: tuple[str, ...]) -> str:
    found = values_at({"response": record}, path)
    return as_text(found[0]).strip() if found and not isinstance(found[0], dict | list) else ""


def label(name: str) -> str:
    """How a parameter is called in messages (``stationId`` → ``station id``, ``q`` → ``search terms``)."""
    return slot_label(name, readable(name))


#: Kinds a user asking about something wants to hear about (ids, links and flags only when the goal asks).
_READABLE_KINDS = frozenset({"name", "title", "person", "company", "city", "country", "date", "datetime", "time",
                             "hours", "price", "temperature", "rating", "percent", "count", "address", "language",
                             "currency_code", "currency_name", "rate", "converted", "symbol", "phone", "email",
                             "status", "category", "text", "year"})
_GENERIC_LEAVES = frozenset({"name", "value", "id", "title", "text", "type", "code", "label", "amount", "count"})


def answer_fields(api: Api, result: dict[str, Any], limit: int = 3, known: Iterable[str] = ()
                  ) -> list[tuple[str, str, str]]:
    """The result fields relevant to the user's goal, most relevant first: (path ``a|b``, label, value).

    Relevance: the field's words shared with the API's name and description (what the user asked for), then
    whether people read that kind of value (a name, a date, a price, a temperature) at all. Ids only count when
    the documentation is about ids (:func:`~tooldial.dialogue.world_checks.unasked_id`, the ``answer`` check's
    rule), URLs and booleans when the goal names them; values longer than 80 characters are not recited, nor
    ``known`` values (what the user said: the id they looked up is not news to them)."""
    said = {k.strip() for k in known if k.strip()}
    goal = _goal_words(api)
    wants_links = bool(goal & {"url", "link", "links", "image", "photo", "logo", "download", "website"})
    # the fields the description enumerates ("agency, phone, rating and number of active listings") are all
    # reported, whatever the limit: a user who named four fields gets four (world engineer, issue 11)
    enumerated = enumerated_words(api.description)
    asked_count = len({p[-1] for p, v in leaf_items(result) if p and asked_field(p[-1], enumerated)
                       and not unasked_id(p[-1], api.name, api.description)})
    limit = max(limit, asked_count)
    scored: list[tuple[float, int, str, str, str]] = []
    seen_paths: set[tuple[str, ...]] = set()
    items = leaf_items(result)
    # a JSON:API record's ``type`` ("discussion", "filing") names the resource kind, never an answer
    resource_types = {p[:-1] + ("type",) for p, _ in items if len(p) >= 2 and p[-2] in ("attributes", "relationships")}
    for order, (path, value) in enumerate(items):
        if not path or path in seen_paths or value is None or isinstance(value, bool):
            continue
        seen_paths.add(path)
        text = as_text(value).strip()
        kind = field_kind(FieldName(path[-1], "string"))
        asked = asked_field(path[-1], enumerated)
        if path in resource_types or text in said and _all_said(result, path, said):
            continue
        if not text or len(text) > 80 or unasked_id(path[-1], api.name, api.description) or (
                kind in ("url", "image") and not wants_links and not asked) or (
                re.fullmatch(r"#[0-9a-fA-F]{3,8}", text) and not goal & {"color", "colour", "colors", "colours"}):
            continue
        score = _relevance(path, kind, goal) + (100.0 if asked else 0.0)  # every enumerated field first: the
        # limit then never cuts one
        scored.append((-score, order, "|".join(path), _field_label(path), text))
    scored.sort()
    if any(not _how_it_went(key, text, enumerated) for _, _, key, _, text in scored):
        # how the call went ("status: success", "errors: none", "current page: 1") is not an answer when there
        # is one
        scored = [row for row in scored if not _how_it_went(row[2], row[4], enumerated)]
    out: list[tuple[str, str, str]] = []
    for _, _, key, lab, text in scored:
        path = tuple(key.split("|"))
        found = [as_text(v).strip() for v in values_at(result, path) if not isinstance(v, dict | list)
                 and as_text(v).strip()]
        listed = list(dict.fromkeys(found))
        if len(found) > 1 and len(listed) == 1:
            continue  # the same in every record (the sport of every event): what the list shares, not news
        if len(listed) > 1:
            # a list was asked for: its records by their most telling field ("Arabic, Bulgarian and
            # Croatian"), not the first record's fields (world engineer, issue 11); a field the goal names
            # (the ADX of an "ADX" series, the x and y of "points") is listed too, not only the timestamps
            asked = bool(set(readable(" ".join(path)).split()) & goal) or _leads(path, goal)
            listed_kind = field_kind(FieldName(path[-1], "string"))
            if (not out and listed_kind in _LISTED_KINDS) or (asked and all(lab != o[1] for o in out)) or (
                    out and listed_kind in ("name", "title", "company") and all(lab != o[1] for o in out)):
                out.append((key, lab, ", ".join(listed[:-1]) + " and " + listed[-1]))
                if len(out) == limit:
                    break
            continue
        if asked_field(path[-1], enumerated) and any(o[0].split("|")[-1] == path[-1] for o in out):
            continue  # one report of an enumerated field (customer|name, not billing_address|name too): the
            # limit counts enumerated fields by their last key
        if all(lab != o[1] and (text != o[2] or asked_field(path[-1], enumerated)) for o in out):
            out.append((key, lab, text))
        if len(out) == limit:
            break
    if not out and scored:  # only list fields that do not name their records: the first record's field that
        # tells them apart (the comments of each discussion, not the "discussion" every record is)
        telling = [row for row in scored if len({as_text(v) for v in values_at(result, tuple(row[2].split("|")))}) > 1]
        _, _, key, lab, text = (telling or scored)[0]
        out.append((key, lab, text))
    return out


def _goal_words(api: Api) -> set[str]:
    """The words of what the user asks for: the API's name and description, singular forms too ("ingredient
    quantities" asks for each ``quantity``), less what the call is asked *by* (schedules "from a specific
    category" on "a specific day": the category's name is no answer to a schedule)."""
    goal = set(readable(api.name + " " + api.description).replace("'s", "").split())
    goal |= {word_stem(w) for w in goal}
    given = {w for p in api.parameters for w in readable(p.name).split()} - set(readable(api.name).split())
    return goal - given


def _relevance(path: tuple[str, ...], kind: str | None, goal: set[str]) -> float:
    """How much a field answers the goal: its words in the goal, a kind people read, a shallow path; a forecast's
    air temperature and a quote's last price lead their goals."""
    words = set(readable(" ".join(path)).split())
    words |= {word_stem(w) for w in words}
    return 2.0 * len(words & goal) + (1.0 if kind in _READABLE_KINDS else 0.0) - 0.25 * (len(path) - 1) + (
        3.0 if _leads(path, goal) else 0.0)


def _leads(path: tuple[str, ...], goal: set[str]) -> bool:
    """Whether the field is what its kind of goal is about: a forecast's air temperature, a quote's last price,
    a table's positions and points."""
    return bool(goal & WEATHER_GOAL and weather_role(path[-1]) == "temp" or goal & QUOTE_GOAL and path[
        -1].lower() in PRICE_FIELDS or goal & TABLE_GOAL and _table_column(path[-1]))


#: Words of a goal about a league table or a ranking: its rows' positions and points are the answer.
TABLE_GOAL = frozenset({"standings", "standing", "table", "tables", "ranking", "rankings", "leaderboard"})


def _table_column(key: str) -> bool:
    f = FieldName(key, "number")
    return field_kind(f) == "standing" and f.tokens[-1] in ("pts", "points", "position", "rank") and not f.has(
        "home", "away")


def _how_it_went(key: str, text: str, enumerated: frozenset[str]) -> bool:
    """Whether a field says how the call went (status, paging); a status the description asks for ("delivery
    status": out for delivery) is news."""
    done = text.lower() in ("success", "ok", "200")
    return (key.split("|")[-1].lower() in STATUS_KEYS | PAGING_KEYS or done) and not (
        asked_field(key.split("|")[-1], enumerated) and not done)


#: Words of a goal about a price or a quote, and the fields that state the price itself (a quote's ``last``).
QUOTE_GOAL = frozenset({"quote", "quotes", "price", "prices", "cost", "costs"})
PRICE_FIELDS = frozenset({"last", "price", "lastprice", "last_price", "current_price", "currentprice", "close",
                          "regularmarketprice", "regular_market_price", "price_usd", "priceusd"})


def _all_said(result: dict[str, Any], path: tuple[str, ...], said: set[str]) -> bool:
    """Whether every value of ``path`` is one the user said (a search's other titles are news, its own is not)."""
    return all(as_text(v).strip() in said for v in values_at(result, path) if not isinstance(v, dict | list))


#: Kinds that name a list's records (what a list answer enumerates).
_LISTED_KINDS = frozenset({"name", "title", "person", "company", "city", "country", "language", "symbol",
                           "currency_name", "address", "date", "datetime", "username", "category"})


def _field_label(path: tuple[str, ...]) -> str:
    """How a response names a field: its last part, with the parent for generic ones (``artist name``)."""
    last = readable(path[-1])
    if path[-1].lower() in _GENERIC_LEAVES and len(path) > 1:
        parent = readable(path[-2])
        if parent.endswith("ies"):
            parent = parent[:-3] + "y"
        elif parent.endswith("s") and not parent.endswith("ss"):
            parent = parent[:-1]
        return f"{parent} {last}"
    return last


def user_goal(plan: DialoguePlan) -> UserGoal:
    """Who the user is, what they want and what they know, from the target's domain and the chain."""
    api = plan.target.api
    persona, _lead, _topic, reason = persona_of(api)
    goal = goal_clause(api)
    chain = plan.unit.chain_param
    known = {label(n): plan.target.values[n] for n in plan.target.names if n not in plan.procured}
    if plan.source is not None:
        known.update({label(n): plan.source.values[n] for n in plan.source.names})
    situation = f"The user is {persona} and wants to {goal}, {reason}."
    if known:
        situation += " They know the " + ", ".join(f"{k} ({v})" for k, v in known.items())
        situation += f" but not the {' and the '.join(map(label, plan.procured))}." if chain else "."
    elif chain:
        situation += f" They do not know the {' and the '.join(map(label, plan.procured))}."
    return UserGoal(persona=persona, goal=goal, reason=reason, situation=situation, known=known,
                    unknown=[label(n) for n in plan.procured])


def _style(action: str, rng: random.Random) -> str | None:
    styles = UTTERANCE_STYLES.get(action)
    if styles and rng.random() < STYLE_PROBABILITY:
        return rng.choice(styles)
    return None


def _brief(api: Api) -> ApiBrief:
    return ApiBrief(
        api_id=api.id, name=api.name, tool=api.tool, category=api.category, description=api.description,
        required_parameters={p.name: p.description for p in api.required_parameters},
        optional_parameters={p.name: p.description for p in api.optional_parameters},
    )


def subgraph_type(plan: DialoguePlan) -> str:
    """Release edge type from the slots this dialogue uses: source part ``yes`` when the source is asked for
    inputs, ``zero`` otherwise (and for single-API dialogues); target part ``yes`` when the target has more
    than one slot."""
    src = "yes" if plan.source is not None and plan.source.names else "zero"
    tgt = "yes" if len(plan.target.names) > 1 else "zero"
    return src + tgt


def build_scenario(plan: DialoguePlan, *, opening_intent: Intent | None, clear_intent: Intent | None,
                   retriever: Retriever, rng: random.Random, dialogue_id: str, seed: int) -> ScenarioInstruction:
    """Write every turn of the plan's sequence.

    ``opening_intent`` is the vague first utterance (sequences that open vaguely), ``clear_intent`` the clear
    (or clear_add) utterance; both carry the retriever's real hits for their text.
    """
    writer = _ScenarioWriter(plan, retriever, rng)
    query = clear_intent or opening_intent
    if not writer.opening(opening_intent, clear_intent):  # a failure dialogue ends after the suggestion
        return _scenario(plan, writer.turns, query, dialogue_id, seed)
    if plan.sequence.conditions.kind == "one_api":
        writer.one_api()
    else:
        writer.two_apis()
    writer.finish()
    return _scenario(plan, writer.turns, query, dialogue_id, seed)


def opening_turns(plan: DialoguePlan, *, opening_intent: Intent | None, clear_intent: Intent | None,
                  retriever: Retriever, rng: random.Random) -> tuple[list[TurnInstruction], str]:
    """The turns :func:`build_scenario` writes up to the confirmed API, and the reason the system confirms it.

    They are the only turns that depend on the intent utterances: the later ones see them only through that reason,
    which starts their thought. ``generate.ScenarioFactory.personalize`` swaps a first utterance with this instead
    of rebuilding the whole scenario; ``rng`` must be in the state :func:`build_scenario` started from."""
    writer = _ScenarioWriter(plan, retriever, rng)
    writer.opening(opening_intent, clear_intent)
    return writer.turns, writer.confirm_why


class _ScenarioWriter:
    """Appends the turns of one scenario, step by step (opening, one or two APIs, the answer)."""

    def __init__(self, plan: DialoguePlan, retriever: Retriever, rng: random.Random) -> None:
        self.plan, self.retriever, self.rng = plan, retriever, rng
        self.cond = plan.sequence.conditions
        self.conf = retriever.config
        self.turns: list[TurnInstruction] = []
        self.known_t: set[str] = set()
        self.clause = goal_clause(plan.target.api)
        self.confirm_why = ""

    # ---- turn builders ---------------------------------------------------------------------------------
    def system(self, action: str, situation: str, thought: str, **kw: Any) -> None:
        fixed = "" if action in ("retriever_call", "call") else None
        kw.setdefault("retriever_status", dict(NOT_RETRIEVED))
        kw.setdefault("dialogue_state", dict(NOT_CONFIRMED))
        self.turns.append(make_turn("System", action, situation, thought=thought, fixed_message=fixed,
                                    style=_style(action if action != "request-multi" else "request", self.rng),
                                    **kw))

    def user(self, action: str, situation: str, **kw: Any) -> None:
        if "fixed_message" not in kw:
            kw["style"] = _style(action, self.rng)
        self.turns.append(make_turn("User", action, situation, **kw))

    def intent_search(self, intent: Intent) -> None:
        top_api, top = intent.hits[0]
        self.system("retriever_call", "The system calls the retriever to find an API for the user's request.",
                    "The user seems to have intent. I will call the retriever.",
                    retriever_status=self.retriever.status(intent.hits), content={"top": top_api, "score": top})

    def call(self, slots: ApiSlots, result: dict[str, Any], thought: str) -> None:
        self.system("call", f"The system calls {slots.api.id} with the collected inputs.", thought,
                    api_request=slots.request(), api_response={"api_name": slots.api.id, "result": result},
                    dialogue_state=slots.state(set(slots.names), "call"), content={"api": slots.api.id})

    def request(self, slots: ApiSlots, names: list[str], thought: str, known: set[str], **content: Any) -> None:
        self.system("request", f"The system asks the user for {', '.join(map(label, names))} to call "
                    f"{slots.api.id}.", thought, dialogue_state=slots.state(known, "request"),
                    content={"api": slots.api.id, "slots": [label(n) for n in names], **content})

    def inform(self, slots: ApiSlots, names: list[str]) -> None:
        informed = {label(n): slots.values[n] for n in names}
        self.user("inform", "User gives the requested information: "
                  + ", ".join(f"{k} is {v}" for k, v in informed.items()) + ".",
                  required_values=list(informed.values()), content={"values": informed})

    # ---- steps -------------------------------------------------------------------------------------------
    def opening(self, opening_intent: Intent | None, clear_intent: Intent | None) -> bool:
        """The intent turns up to the confirmed API; False when the dialogue ends there (failure)."""
        cond, conf, tgt = self.cond, self.conf, self.plan.target
        if cond.opening in ("clarify", "suggest"):
            assert opening_intent is not None
            self.user("inform_intent_vague", "User requests something from the system, vaguely.",
                      fixed_message=opening_intent.text)
            self.intent_search(opening_intent)
            top_api, top = opening_intent.hits[0]
            if cond.opening == "clarify":
                # the system knows only what the user said: no domain, topic or API the user did not name
                self.system("clarify", f"No API scores {conf.suggest_threshold} or higher, so the system asks the "
                            "user to clarify what they want, naming nothing the user did not say.",
                            f"No retrieved API scores above {conf.suggest_threshold}; the request is unclear. "
                            "I will ask the user to clarify.",
                            content={"said": opening_intent.text})
            else:
                self.system("suggest", f"No API scores {conf.confirm_threshold} or higher, but {top_api} scores "
                            f"{top} (between {conf.suggest_threshold} and {conf.confirm_threshold}). The system "
                            "asks whether it should run it, without naming the API.",
                            f"The best API, {top_api}, scores {top}, below {conf.confirm_threshold} but above "
                            f"{conf.suggest_threshold}. I will suggest it to the user.",
                            content={"api": top_api, "clause": self.clause})
                if cond.kind == "fail":
                    self.user("negate", "User rejects the system's suggestion.")
                    self.system("response_fail", "The system tells the user it cannot fulfil the request.",
                                "The user declined the suggestion and no retrieved API fits. I cannot fulfil the "
                                "request.")
                    return False
                self.user("affirm", "User agrees with the system's proposition.")
        if cond.opening in ("clear", "clarify"):
            assert clear_intent is not None
            action = "inform_intent_clear_add" if cond.adds_value else "inform_intent_clear"
            situation = "User states clearly what they want."
            if cond.adds_value:
                slot = self.plan.added_slot
                situation += f" The user mentions the {label(slot)}: {tgt.values[slot]}."
                self.known_t.add(slot)
            self.user(action, situation, fixed_message=clear_intent.text)
            self.intent_search(clear_intent)
        hits = (clear_intent or opening_intent).hits  # type: ignore[union-attr]
        top_api, top = hits[0]
        score = dict(hits).get(tgt.api.id, top)
        if cond.opening == "suggest":
            self.confirm_why = f"The user accepted {tgt.api.id}."
        elif top_api != tgt.api.id:
            self.confirm_why = (f"{top_api} ({top}) and {tgt.api.id} ({score}) both score at least "
                                f"{conf.confirm_threshold} and are close; from their documentation, {tgt.api.id} "
                                f"is the one that can {self.clause}, so I confirm it.")
        else:
            self.confirm_why = f"{tgt.api.id} scores {top}, at least {conf.confirm_threshold}, so I confirm it."
        return True

    def one_api(self) -> None:
        tgt = self.plan.target
        missing = [n for n in tgt.names if n not in self.known_t]
        if self.cond.target_requests:
            self.request(tgt, missing, f"{self.confirm_why} To call it I need {', '.join(missing)}. I will ask "
                         "the user.", self.known_t, clause=self.clause)
            self.inform(tgt, missing)
            self.known_t.update(missing)
            self.call(tgt, self.plan.target_result, f"I have every input of {tgt.api.id}. I will call it.")
        else:
            self.call(tgt, self.plan.target_result, f"{self.confirm_why} The user already gave "
                      f"{self.plan.added_slot}, its only input. I will call it.")

    def two_apis(self) -> None:
        plan, cond = self.plan, self.cond
        tgt, src, chain_comp = plan.target, plan.source, plan.chain_component
        assert src is not None and chain_comp is not None and plan.source_result is not None
        chain = plan.unit.chain_param
        others = [n for n in tgt.names if n not in plan.procured]
        self.request(tgt, tgt.names, f"{self.confirm_why} To call it I need {', '.join(tgt.names)}. I will ask "
                     "the user.", self.known_t, clause=self.clause)
        rest = {label(n): tgt.values[n] for n in others} if cond.user_gives_rest_in_fail_inform else {}
        unknown = [label(n) for n in plan.procured]
        situation = f"User does not know the {' and the '.join(unknown)}."
        if rest:
            situation += " User gives the rest: " + ", ".join(f"{k} is {v}" for k, v in rest.items()) + "."
            self.known_t.update(others)
        self.user("fail_inform", situation, required_values=list(rest.values()),
                  content={"missing": unknown, "values": rest})
        self.system("retriever_call", f"The system looks for an API whose output provides {chain}: {src.api.id} "
                    f"returns {chain_comp.arrow}.",
                    f"The user does not know {chain}. I will look for an API that can provide it.",
                    retriever_status={"retriever_call": "true", "retrieved_api": [
                        src.api.id, procurement_text(chain, tgt.api.id, chain_comp.arrow)]},
                    content={"api": src.api.id})
        if src.names:
            self.request(src, src.names, f"{src.api.id} can provide {chain} from {chain_comp.arrow}. To call it "
                         f"I need {', '.join(src.names)}. I will ask the user.", set(),
                         clause=goal_clause(src.api), why=label(chain))
            self.inform(src, src.names)
            self.call(src, plan.source_result, f"I have every input of {src.api.id}. I will call it to get "
                      f"{chain}.")
        else:
            self.call(src, plan.source_result, f"{src.api.id} needs no input. I will call it to get {chain}.")
        self.after_source(chain, others)
        self.call(tgt, plan.target_result, f"{chain} is {tgt.values[chain]} from the result of {src.api.id}; "
                  f"I have every input of {tgt.api.id}. I will call it.")

    def after_source(self, chain: str, others: list[str]) -> None:
        """Between the source call and the target call: ask for the rest, or let the user pick a record."""
        plan, tgt, src = self.plan, self.plan.target, self.plan.source
        assert src is not None and plan.chain_component is not None
        if self.cond.after_source != "request_multi":  # a multi result: the chain value is known once picked
            self.known_t.update(plan.procured)
        if self.cond.after_source == "request":
            missing = [n for n in others if n not in self.known_t]
            self.request(tgt, missing, f"{chain} is {tgt.values[chain]} from the result of {src.api.id}. I still "
                         f"need {', '.join(missing)}. I will ask the user.", self.known_t, clause=self.clause)
            self.inform(tgt, missing)
            self.known_t.update(missing)
        elif self.cond.after_source == "request_multi":
            assert plan.pick_by is not None
            by = label(plan.pick_by.name)
            self.system("request-multi", f"{src.api.id} returned several results. The system lists them by {by} "
                        f"({', '.join(plan.options)}) and asks the user to pick one.",
                        f"{src.api.id} returned {len(plan.options)} values for {plan.chain_component.arrow}. I "
                        f"will ask the user to pick one by {plan.pick_by.name}.",
                        dialogue_state=tgt.state(self.known_t, "request"), required_values=list(plan.options),
                        content={"api": tgt.api.id, "options": list(plan.options), "pick_by": by,
                                 "pick_label": by})
            self.user("inform", f"User picks the result whose {by} is {plan.picked}.",
                      required_values=[plan.picked], content={"values": {by: plan.picked}, "pick_by": by})
            self.known_t.update(plan.procured)

    def finish(self) -> None:
        """The answer from the target's result (goal-relevant fields), then the goodbyes."""
        tgt = self.plan.target
        fields = answer_fields(tgt.api, self.plan.target_result, known=tgt.values.values())
        answer = build_answer(tgt.api, self.plan.target_result, fields)  # units, subject, list: answer_text
        facts = answer.by_label() if fields else {}
        last_call = self.turns[-1]
        self.system("response", "The system answers the user's request from the call result: "
                    + ", ".join(f"{k} is {v}" for k, v in facts.items()) + ".",
                    "I can answer the user's request from the call result.",
                    api_request=last_call.api_request, api_response=last_call.api_response,
                    dialogue_state=tgt.state(set(tgt.names), "response"), required_values=answer.required(),
                    content={"api": tgt.api.id, "facts": facts, "answer": answer.model_dump(), "clause": self.clause,
                             "answer_fields": [key for key, _, _ in fields]})
        self.user("user_bye", "User thanks the system and says goodbye.")
        self.system("system_bye", "The system says goodbye politely.", "The user is done. I will say goodbye.")


def _scenario(plan: DialoguePlan, turns: list[TurnInstruction], query: Intent | None, dialogue_id: str,
              seed: int) -> ScenarioInstruction:
    tgt, src = plan.target, plan.source
    mock = {"source": [src.mock(plan.source_result or {})] if src is not None else [],
            "target": [tgt.mock(plan.target_result)]}
    relation = ""
    if src is not None and plan.chain_component is not None:
        relation = (f"The output {plan.chain_component.arrow} of {src.api.id} can be used as the input "
                    f"{plan.unit.chain_param} of {tgt.api.id}.")
    apis = [_brief(src.api)] if src is not None else []
    apis.append(_brief(tgt.api))
    return ScenarioInstruction(
        dialogue_id=dialogue_id, sequence_id=plan.sequence.id, actions=list(plan.sequence.actions),
        subgraph_type=subgraph_type(plan), source=src.api.id if src is not None else "", target=tgt.api.id,
        domain=tgt.api.domain, seed=seed, query=query.text if query else "", relation=relation, apis=apis,
        chain_edge={"source_output": plan.unit.chain_output, "target_input": plan.unit.chain_param,
                    **plan.unit.edge} if src is not None else {},
        user=user_goal(plan), answer_fields=[key for key, _, _ in answer_fields(tgt.api, plan.target_result,
                                                                   known=tgt.values.values())],
        mockdata=mock, turns=turns,
    )
