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
from typing import Any

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter
from tooldial.dialogue.answer_fields import answer_fields
from tooldial.dialogue.chains import BARE_ID, alike_record, chain_problem, chain_verdict, schema_copies
from tooldial.dialogue.dialogue_plan import ApiSlots, DialoguePlan, DialogueUnit
from tooldial.dialogue.mockdata import (
    FieldName,
    MockWorld,
    as_text,
    build_result,
    carry_names,
    documented_keys,
    field_kind,
    foreign_lookup,
    grouped_kind,
    input_value,
    input_values,
    list_container,
    records_at,
    sibling_candidates,
    values_at,
)
from tooldial.dialogue.mockdata.rule_fixes import world_fix
from tooldial.dialogue.scenario_writer import build_scenario, label, opening_turns, subgraph_type, user_goal
from tooldial.dialogue.sequences import ActionSequence, profile_of, slot_options, stated_optionals
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.world_check import Call, WorldProblem, check_call

#: The plan's data (dialogue_plan), step 2 (scenario_writer) and the answer's fields (answer_fields) live in their
#: own modules; their names stay importable from here.
__all__ = ["ApiSlots", "DialoguePlan", "DialogueUnit", "answer_fields", "build_scenario", "carry_entity",
           "chain_problem", "choose_slots", "label", "opening_turns", "plan_dialogue", "plan_or_reason",
           "subgraph_type", "user_goal", "world_problems"]


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
        optional.append(rng.choice(stated_optionals(api, chain)))
    values = input_values(api, required + optional, world or MockWorld(rng))
    return ApiSlots(api, required, optional, values)


def plan_dialogue(unit: DialogueUnit, sequence: ActionSequence, corpus: Corpus,
                  rng: random.Random) -> DialoguePlan | None:
    """Fix slots and mock data, or None when this unit cannot realize the sequence."""
    return plan_or_reason(unit, sequence, corpus, rng)[0]


def plan_or_reason(unit: DialogueUnit, sequence: ActionSequence, corpus: Corpus,
                   rng: random.Random) -> tuple[DialoguePlan | None, str]:
    """:func:`plan_dialogue` with the reason when there is no plan ("" with one): ``generate`` counts the
    reasons, so a user whose own APIs give no two-API dialogue sees which step stopped them."""
    cond = sequence.conditions
    target = corpus.get(unit.target)
    source = corpus.get(unit.source) if unit.is_pair else None
    if unit.is_pair and (target.parameter(unit.chain_param) is None or source is None):
        return None, "the chain input is not the target's"
    profile = profile_of(target, source, chain_param=unit.chain_param or None,
                         chain_output=unit.chain_output or None)
    options = slot_options(cond, profile)
    if not options:
        return None, "no choice of inputs fits the sequence"
    t_extra, s_extra = rng.choice(options)
    world = MockWorld(rng, tool_examples=lambda category, tool: [
        a.example_response for a in corpus.tool_apis(category, tool)])
    target_slots = choose_slots(target, rng, chain=unit.chain_param or None, add_optional=t_extra, world=world)
    plan = DialoguePlan(unit, sequence, target_slots, {}, world=world)
    if source is not None:
        chain = source.output(unit.chain_output)
        if chain is None:
            return None, "the chain output is not the source's"
        verdict = chain_verdict(source, target, unit.chain_param, chain, unit.edge,
                                schema_copies=schema_copies(corpus, source))
        if verdict is not None:
            return None, f"chain rule: {verdict.check.value}"
        plan.chain_component = chain
        plan.source = choose_slots(source, rng, chain=None, add_optional=s_extra, world=world)
        if (source.category, source.tool) == (target.category, target.tool):
            # one system: an input both APIs take by the same name is one value of the user's (one timezone,
            # one language), said once (DialoguePlan.shared)
            for name in plan.source.names:
                if name in plan.target.values and name != unit.chain_param and name not in plan.partners:
                    plan.source.values[name] = plan.target.values[name]
        multi = cond.after_source == "request_multi"
        plan.source_result = build_result(source, rng, records=rng.choice((2, 3)) if multi else 2,
                                          inputs=plan.source.values, world=world)
        _supply_chain_values(plan.source_result, source, chain, target.parameter(unit.chain_param), rng)
        if multi:
            picked = _pick_record(plan, source, chain, rng)
            if isinstance(picked, str):
                return None, picked
            chain_value, record, prefix = picked
        else:
            found = values_at(plan.source_result, chain.path)
            if len(found) != 1 or isinstance(found[0], dict | list) or not as_text(found[0]).strip():
                return None, "the source result holds no single chain value"
            chain_value = as_text(found[0])
            record, prefix = plan.source_result, ()
        if chain_value in {as_text(v) for v in plan.source.values.values()}:
            return None, "the source result echoes the user's input"  # no value was procured
        plan.target.values[unit.chain_param] = chain_value
        for param, path in plan.partners.items():  # group members come from the same record
            parts = tuple(path.split("|"))
            found = values_at(record, parts[len(prefix):] if parts[:len(prefix)] == prefix else parts)
            if len(found) != 1 or isinstance(found[0], dict | list) or not as_text(found[0]).strip():
                return None, "a grouped input is not in the picked record"
            plan.target.values[param] = as_text(found[0])
        if cond.after_source == "request" and not [n for n in target_slots.names if n != unit.chain_param
                                                   and n not in plan.partners and n not in plan.shared]:
            return None, "nothing left to ask once the source's inputs are said"
        if cond.user_gives_rest_in_fail_inform and plan.source.names \
                and not [n for n in plan.source.names if n not in plan.shared]:
            # the user gave every source input with the target's: no request for the source
            return None, "the user already gave every source input"
    plan.target_result = build_result(target, rng, records=2, inputs=plan.target.values, world=world)
    if source is not None:
        carry_entity(plan)
    problems = world_problems(plan)
    if problems:
        return None, f"world rule: {problems[0].check.value}"
    if cond.adds_value:
        # the clear_add value is redrawn from a fixed set: never a member of a group or a date
        # the optional slot, when there is one, is the value the user volunteers (it is never asked for)
        stated = [n for n in target_slots.optional if n not in plan.procured] if t_extra else target_slots.names
        free = [n for n in stated if n not in plan.procured
                and not grouped_kind(target.parameter(n))]  # type: ignore[arg-type]
        if not free:
            return None, "no input left for the user to add"
        plan.added_slot = rng.choice(free)
    return plan, ""


def _supply_chain_values(result: dict[str, Any], source: Api, chain: OutputComponent, param: Parameter | None,
                         rng: random.Random) -> None:
    """The chained output in every record of the source's result where the builder left it out (an
    undocumented field it cannot name a value for: Kinto's ``bucket``, an AWS ``AssociationArn``), drawn as the
    target's input is drawn (its schema, pattern, described example): what the source gives is what the target
    takes. Records keep every value they have; values differ between records. A success flag the builder left
    false because nothing stood beside it ("is it taken?") then stands beside a payload, and a call that answers
    succeeded: the status fix runs again (the validator's ``status code`` check)."""
    if param is None:
        return
    container = list_container(source, chain) if chain.is_list else ()
    if len(chain.path) <= len(container):
        return  # a list of scalars: nothing to fill in a record
    records = records_at(result, container) if chain.is_list else [result.get("response")]
    rel = chain.path[len(container):]
    used = {as_text(v) for r in records for v in values_at({"response": r}, rel)}
    for record in records:
        if not isinstance(record, dict) or values_at({"response": record}, rel):
            continue
        value = next((v for v in (input_value(param, rng) for _ in range(4)) if v and v not in used), None)
        if value is None:
            break
        node = record
        if not all(isinstance(node := node.setdefault(key, {}), dict) for key in rel[:-1]):
            break  # the path crosses a list inside the record: left as built
        used.add(value)
        node[rel[-1]] = value
        world_fix("status")(result.get("response"))


def _pick_record(plan: DialoguePlan, source: Api, chain: OutputComponent,
                 rng: random.Random) -> tuple[str, Any, tuple[str, ...]] | str:
    """The user's pick from the source's list: the chained value, its record and the list's path (sets the
    plan's options, pick field and picked text), or why the user cannot pick one."""
    container = list_container(source, chain)
    records = records_at(plan.source_result, container)
    rel = len(container)
    chain_vals = [_first_scalar(r, chain.path[rel:]) for r in records]
    if len(records) < 2:
        return "the source lists fewer than two records to pick from"
    if not all(chain_vals) or len(set(chain_vals)) != len(chain_vals):
        return "the listed records have no distinct chain values"
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
        return "no field tells the listed records apart"
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
    by_account = field_kind(param) == "username"  # a user name names one account, as an id does
    if field_kind(param) != "id" and not param.has(*_SAME_ENTITY_INPUTS) and not by_account:
        return  # only an identifier says "the same entity"
    if not isinstance(body, dict) or plan.chain_component is None or plan.source_result is None:
        return
    out_key = plan.chain_component.path[-1]
    if out_key in body and not isinstance(body[out_key], dict | list):  # the entity's own id field
        body[out_key] = _typed_like(chain_value, body[out_key])
    echoed = any(as_text(v) == chain_value for v in body.values() if not isinstance(v, dict | list))
    # without the echo, only the fields that name the entity of the id (city_name for city_id: the weather of
    # the city the user picked names that city) and its place
    entity = [t for t in param.tokens if t not in _KEY_WORDS]
    entity_words = set(entity) | {t for t in FieldName(out_key).tokens if t not in _KEY_WORDS}
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
    keys = {out_key, plan.unit.chain_param}
    asked = plan.target.values  # a field that echoes what the call asked (season 2020) keeps it: not the picked
    # record's own (its standings row of 2010)
    if by_account:  # the account's objects in the target are the picked account; the record around it (a post) not
        if isinstance(holder, dict) and is_account(holder, (*container, *rel[:-1])):
            carry_same_entity(body, holder, keys, chain_value, asked)
        return
    own_holder = isinstance(holder, dict) and (next((k for k in holder if field_kind(FieldName(k)) == "id"), None)
                                               == out_key or set(FieldName(out_key).tokens) <= BARE_ID)
    if own_holder:
        # names of the picked record, nested ones too (world engineer); its uuid or slug is its own id as its
        # first id is (Competition data by the picked Premier League's uuid was "Tangshan Open")
        carry_names(body, holder, entity_words)
    # a lookup by the picked record's own id (its first id) whose documented example is another entity: the
    # fields both name (a title, a name) are the picked record's, also where the foreign example's were left out
    own_id = next((k for k in record if field_kind(FieldName(k)) == "id"), None) == out_key
    if own_id and plan.unit.chain_param in foreign_lookup(plan.target.api, plan.target.values):
        echoed = True
        body.update({k: v for k, v in record.items() if k not in body and k in documented_keys(plan.target.api)
                     and not isinstance(v, dict | list)})
    for key, value in record.items():
        if key in body and not isinstance(value, dict | list) and not isinstance(body[key], dict | list) and not \
                _echoes_request(body, key, asked) and (echoed or (entity and FieldName(key).tokens[:len(entity)] == tuple(entity))
                or set(entity) & _PLACES and field_kind(FieldName(key)) in ("country", "country_code", "timezone")):
            body[key] = value
    # a nested object that echoes the id describes the same entity ("metadata" of the contracts of symbol ZR:
    # its name is the picked asset's, not the documented crude oil)
    for nested in body.values():
        if isinstance(nested, dict) and any(as_text(v) == chain_value for v in nested.values()
                                            if not isinstance(v, dict | list)):
            for key, value in record.items():
                if key in nested and not isinstance(value, dict | list) and not isinstance(nested[key], dict | list) \
                        and not _echoes_request(nested, key, asked):
                    nested[key] = value
    owner_keys = (*container, *rel[:-1])  # the key right above the id names its record: categories, category
    if owner_keys and isinstance(holder, dict) and FieldName(str(owner_keys[-1])).tokens:
        carry_filter_record(body, holder, singular(FieldName(str(owner_keys[-1])).tokens[-1]), out_key,
                            FieldName(plan.target.api.name).tokens)
    if own_holder:
        carry_same_entity(body, holder, keys, chain_value, asked)


def carry_filter_record(body: Any, picked: dict[str, Any], record: str, id_key: str, api_words: Iterable[str]) -> int:
    """A list filtered by the picked record is a list of things of that record: where the target's name names the
    record (``CategorySchedules`` by the id of a category picked from ``categories``), every object keyed by the
    record's name at least two levels inside a listed item (an event's ``tournament.category``) holding the id key
    is the picked record, with its id and names (LoL's events under LoL, not the documented CS:GO). One level
    inside an item is left alone: a follower list's ``user`` objects are the followers, not the user asked
    about. Returns the objects changed."""
    if record not in set(api_words) or record in _WRAPPER_KEYS:  # "Symbols Data": ``data`` wraps, it names nothing
        return 0
    changed = 0

    def visit(node: Any, depth: int) -> None:
        nonlocal changed
        if isinstance(node, list):
            for item in node:
                visit(item, 0)
            return
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            if isinstance(value, dict) and depth >= 1 and FieldName(str(key)).tokens == (record,) and id_key in value:
                for k, v in picked.items():  # its names too where the foreign example's were left out
                    if not isinstance(v, dict | list) and not isinstance(value.get(k), dict | list) and (
                            k in value or field_kind(FieldName(k)) in ("name", "title") or FieldName(k).has("slug")):
                        value[k] = v
                changed += 1
            visit(value, depth + 1 if isinstance(value, dict) else depth)

    visit(body, -1)
    return changed


#: Record words of a person's account (``owner``, ``user``, ``author``); fields of one written as one word.
_ACCOUNT_RECORDS = knowledge_words("accounts", "person_records")
_ACCOUNT_FIELDS = knowledge_words("accounts", "user_fields")


def is_account(holder: dict[str, Any], keys: tuple[str, ...]) -> bool:
    """Whether the object that holds a user name is that user's account, not a record that names its author: it
    sits under a key naming a person's account (a post's ``owner``, a list of ``users``), or holds two account
    fields (``username``, ``full_name``). A tweet's ``username`` is its author's, and the tweet is no account."""
    above = FieldName(str(keys[-1])).tokens if keys else ()
    return bool(above) and singular(above[-1]) in _ACCOUNT_RECORDS or sum(
        FieldName(str(k)).joined in _ACCOUNT_FIELDS for k in holder) >= 2


def _echoes_request(node: dict[str, Any], key: str, asked: dict[str, Any]) -> bool:
    """Whether ``node[key]`` repeats the value the call asked under that name (a result's ``parameters`` object,
    a record's ``season`` of the season asked for)."""
    return key in asked and as_text(node[key]).strip() == as_text(asked[key]).strip()


def carry_same_entity(body: Any, picked: dict[str, Any], keys: set[str], value: str,
                      asked: dict[str, Any] | None = None) -> int:
    """Every object of the target result that holds the chain value under one of ``keys`` (the picked record's
    own id, an account's user name; in its ``data``, a video list's ``owner``, at any depth) is the picked record:
    its scalar fields named as the picked record's take their values, so the owner a post showed with 852,184
    followers and a blue tick is not 767,447 and unverified in the profile a call later, nor another person's
    full name. A field that echoes what the call asked (``asked``: the call's inputs) keeps it. Returns the objects
    changed."""
    changed = 0

    def visit(node: Any) -> None:
        nonlocal changed
        if isinstance(node, list):
            for item in node:
                visit(item)
            return
        if not isinstance(node, dict):
            return
        if any(k in keys and as_text(v).strip() == value for k, v in node.items() if not isinstance(v, dict | list)):
            for key, known in picked.items():
                if key in node and key not in keys and _same_scalar_type(known, node[key]) \
                        and not _echoes_request(node, key, asked or {}):
                    node[key] = _written_like(known, node[key])
                elif key in node and isinstance(known, str) and isinstance(node[key], dict) and is_account(
                        node[key], (key,)):
                    rename_account(node[key], known)  # the tweet's ``user`` the list named, as the list wrote it
            changed += 1
        for child in node.values():
            visit(child)

    visit(body)
    return changed


def rename_account(account: dict[str, Any], name: str) -> bool:
    """Make ``account`` (a post's ``user`` object) the account a list named by ``name`` alone ("user": "Donna
    Stone"): a person's name goes to its name field, a handle to its user name field; its other text fields made
    from the old name (``franksmith34``, ``frank.smith@…``) are made from the new one. False when it holds no such
    field."""
    handle = " " not in name.strip()
    wanted = ("username",) if handle else ("person", "name")
    key = next((k for k, v in account.items() if isinstance(v, str) and field_kind(FieldName(k)) in wanted
                and (handle or FieldName(k).has("name"))), None)
    if key is None or not name.strip():
        return False
    old, account[key] = account[key], name.strip()
    old_words = re.findall(r"[a-z0-9]+", old.lower())
    new_words = re.findall(r"[a-z0-9]+", name.lower())
    if handle or len(old_words) < 2 or not new_words:
        return True
    for k, v in account.items():  # "franksmith34" of Frank Smith is "donnastone34" of Donna Stone
        if k != key and isinstance(v, str):
            for sep in ("", ".", "_"):
                v = v.replace(sep.join(old_words), sep.join(new_words))
            account[k] = v
    return True


def _written_like(value: Any, like: Any) -> Any:
    """``value`` in the JSON type of ``like``: text where the target writes text, a number where it writes an id as
    a number (``"57640"`` → 57640)."""
    if isinstance(like, str):
        return str(value)
    return _typed_like(value, like) if isinstance(value, str) else value


def _same_scalar_type(value: Any, like: Any) -> bool:
    """Both scalars of one JSON kind (flags with flags, numbers with numbers, text with text or a numeric id)."""
    if isinstance(value, dict | list) or isinstance(like, dict | list) or value is None or like is None:
        return False
    if isinstance(value, bool) or isinstance(like, bool):
        return isinstance(value, bool) and isinstance(like, bool)
    if isinstance(like, int | float):
        return isinstance(value, int | float) or isinstance(value, str) and value.isdigit()
    return isinstance(value, str) or isinstance(like, str) and isinstance(value, int)


_PLACES = knowledge_words("places", "place_entities")
#: Words of a non-id input that still name one entity; words that key an entity, not say which.
_SAME_ENTITY_INPUTS = knowledge_words("identifiers", "same_entity_inputs")
_KEY_WORDS = knowledge_words("identifiers", "entity_key_words")
#: Path keys that wrap a record without naming what it is (``data``).
_WRAPPER_KEYS = knowledge_words("containers", "mock_wrapper")


def _typed_like(text: str, like: Any) -> Any:
    """``text`` as an int when ``like`` is one (ids documented as numbers stay numbers)."""
    return int(text) if isinstance(like, int) and not isinstance(like, bool) and text.isdigit() else text


def world_problems(plan: DialoguePlan) -> list[WorldProblem]:
    """Problems of the plan's calls by the world rules the planner runs (:func:`tooldial.rules.world_check.
    check_call` with ``plan``: the record rules and the error-record rules); a plan with any is not used (a
    chained value may clash with a documented one)."""
    out: list[WorldProblem] = []
    for slots, result in ((plan.target, plan.target_result), (plan.source, plan.source_result)):
        if slots is None:
            continue
        out += [p for _, p in check_call(Call("", dict(slots.values), result), plan=True)]
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
