"""From (API or edge, sequence) to a :class:`~tooldial.dialogue.scenario.ScenarioInstruction`.

Planning happens in two steps so that intent utterances can be scored in batches:

1. :func:`plan_dialogue` fixes the slots of each API (every required parameter, at most one optional one, the
   chain parameter on the target; the optional slot is added when the sequence needs it), the mock inputs,
   the source's result and the chained value read from it, the target's result, and — for ``clear_add`` —
   which parameter the first utterance carries.
2. :func:`build_scenario` takes the plan and the chosen intent utterances (with their real retriever hits)
   and writes every turn: action, situation, thought, retriever status, dialogue state (values only once they
   were said or returned), ``api_request`` / ``api_response`` and the values each message must contain.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from tooldial.corpus.models import Api, Corpus, OutputComponent
from tooldial.dialogue.intents import Intent, description_clause, readable
from tooldial.dialogue.mockdata import (
    as_text,
    build_result,
    input_value,
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
    make_turn,
)
from tooldial.dialogue.sequences import ActionSequence, profile_of, slot_options


@dataclass(frozen=True)
class DialogueUnit:
    """What one dialogue is about: one API, or an edge source → target (``chain_output`` feeds ``chain_param``)."""

    target: str
    source: str = ""
    chain_param: str = ""
    chain_output: str = ""  # release spelling, ``a|b``

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


def choose_slots(api: Api, rng: random.Random, *, chain: str | None, add_optional: bool) -> ApiSlots:
    required_names = {p.name for p in api.required_parameters}
    required = [p.name for p in api.required_parameters]
    optional: list[str] = []
    if chain and chain not in required_names:
        optional.append(chain)
    elif add_optional:
        pool = [p.name for p in api.optional_parameters if p.name != chain]
        optional.append(rng.choice(pool))
    values = {n: input_value(api.parameter(n), rng) for n in required + optional}  # type: ignore[arg-type]
    return ApiSlots(api, required, optional, values)


@dataclass
class DialoguePlan:
    """Everything decided before the intent utterances are chosen."""

    unit: DialogueUnit
    sequence: ActionSequence
    target: ApiSlots
    target_result: dict[str, Any]
    source: ApiSlots | None = None
    source_result: dict[str, Any] | None = None
    chain_component: OutputComponent | None = None
    #: request-multi: the records returned, the attribute picked by, the picked record.
    options: list[str] = field(default_factory=list)
    pick_by: OutputComponent | None = None
    picked: str = ""
    #: clear_add: the slot whose value the first clear utterance carries.
    added_slot: str = ""


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
    target_slots = choose_slots(target, rng, chain=unit.chain_param or None, add_optional=t_extra)
    plan = DialoguePlan(unit, sequence, target_slots, {})
    if source is not None:
        chain = source.output(unit.chain_output)
        if chain is None:
            return None
        plan.chain_component = chain
        plan.source = choose_slots(source, rng, chain=None, add_optional=s_extra)
        multi = cond.after_source == "request_multi"
        plan.source_result = build_result(source, rng, records=rng.choice((2, 3)) if multi else 2)
        if multi:
            container = list_container(source, chain)
            records = records_at(plan.source_result, container)
            rel = len(container)
            chain_vals = [_first_scalar(r, chain.path[rel:]) for r in records]
            if len(records) < 2 or not all(chain_vals) or len(set(chain_vals)) != len(chain_vals):
                return None
            sibling, pick_texts = None, []
            for candidate in sibling_candidates(source, chain):
                texts = [_first_scalar(r, candidate.path[rel:]) for r in records]
                if _distinct_picks(texts, chain_vals):
                    sibling, pick_texts = candidate, texts
                    break
            if sibling is None:
                return None
            k = rng.randrange(len(records))
            plan.options, plan.pick_by, plan.picked = pick_texts, sibling, pick_texts[k]
            chain_value = chain_vals[k]
        else:
            found = values_at(plan.source_result, chain.path)
            if len(found) != 1 or isinstance(found[0], dict | list) or not as_text(found[0]).strip():
                return None
            chain_value = as_text(found[0])
        plan.target.values[unit.chain_param] = chain_value
    plan.target_result = build_result(target, rng, records=2)
    if cond.adds_value:
        plan.added_slot = rng.choice(target_slots.names)
    return plan


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
    """How a parameter is called in messages (``stationId`` → ``station id``)."""
    return readable(name)


def _facts(result: dict[str, Any], rng: random.Random, limit: int = 2) -> dict[str, str]:
    """A few short leaf values of a result that a response reports (path label → value)."""
    found: list[tuple[str, str]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, str(k)))
        elif isinstance(node, list):
            if node:
                walk(node[0], path)
        elif node is not None and not isinstance(node, bool):
            text = as_text(node).strip()
            if text and len(text) <= 80 and path:
                found.append((" ".join(readable(p) for p in path[-2:]), text))

    walk(result.get("response", result), ())
    seen: dict[str, str] = {}
    for key, value in found:
        if key not in seen and value not in seen.values():
            seen[key] = value
    keys = list(seen)
    chosen = sorted(rng.sample(range(len(keys)), min(limit, len(keys))))
    return {keys[i]: seen[keys[i]] for i in chosen}


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
    cond = plan.sequence.conditions
    tgt, src = plan.target, plan.source
    tgt_id = tgt.api.id
    turns: list[TurnInstruction] = []
    known_t: set[str] = set()
    conf = retriever.config

    def system(action: str, situation: str, thought: str, **kw: Any) -> None:
        fixed = "" if action in ("retriever_call", "call") else None
        kw.setdefault("retriever_status", dict(NOT_RETRIEVED))
        kw.setdefault("dialogue_state", dict(NOT_CONFIRMED))
        turns.append(make_turn("System", action, situation, thought=thought, fixed_message=fixed,
                               style=_style(action if action != "request-multi" else "request", rng), **kw))

    def user(action: str, situation: str, **kw: Any) -> None:
        if "fixed_message" not in kw:
            kw["style"] = _style(action, rng)
        turns.append(make_turn("User", action, situation, **kw))

    def intent_rc(intent: Intent) -> None:
        top_api, top = intent.hits[0]
        system("retriever_call", "The system calls the retriever to find an API for the user's request.",
               "The user seems to have intent. I will call the retriever.",
               retriever_status=retriever.status(intent.hits),
               content={"top": top_api, "score": top})

    def call(slots: ApiSlots, result: dict[str, Any], thought: str) -> None:
        system("call", f"The system calls {slots.api.id} with the collected inputs.", thought,
               api_request=slots.request(), api_response={"api_name": slots.api.id, "result": result},
               dialogue_state=slots.state(set(slots.names), "call"), content={"api": slots.api.id})

    def values_of(slots: ApiSlots, names: list[str]) -> dict[str, str]:
        return {label(n): slots.values[n] for n in names}

    clause = description_clause(tgt.api)
    # ---- opening -------------------------------------------------------------------------------------
    if cond.opening in ("clarify", "suggest"):
        assert opening_intent is not None
        user("inform_intent_vague", "User requests something from the system, vaguely.",
             fixed_message=opening_intent.text)
        intent_rc(opening_intent)
        top_api, top = opening_intent.hits[0]
        if cond.opening == "clarify":
            system("clarify",
                   f"No API scores {conf.suggest_threshold} or higher, so the system asks the user to clarify "
                   "what they want.",
                   f"No retrieved API scores above {conf.suggest_threshold}; the request is unclear. "
                   "I will ask the user to clarify.", content={"domain": tgt.api.category})
        else:
            system("suggest",
                   f"No API scores {conf.confirm_threshold} or higher, but {top_api} scores {top} "
                   f"(between {conf.suggest_threshold} and {conf.confirm_threshold}). The system asks whether it "
                   "should run it, without naming the API.",
                   f"The best API, {top_api}, scores {top}, below {conf.confirm_threshold} but above "
                   f"{conf.suggest_threshold}. I will suggest it to the user.",
                   content={"api": top_api, "clause": clause})
            if cond.kind == "fail":
                user("negate", "User rejects the system's suggestion.")
                system("response_fail", "The system tells the user it cannot fulfil the request.",
                       "The user declined the suggestion and no retrieved API fits. I cannot fulfil the request.")
                return _scenario(plan, turns, clear_intent or opening_intent, dialogue_id, seed)
            user("affirm", "User agrees with the system's proposition.")
    if cond.opening in ("clear", "clarify"):
        assert clear_intent is not None
        action = "inform_intent_clear_add" if cond.adds_value else "inform_intent_clear"
        situation = "User states clearly what they want."
        if cond.adds_value:
            situation += f" The user mentions the {label(plan.added_slot)}: {tgt.values[plan.added_slot]}."
            known_t.add(plan.added_slot)
        user(action, situation, fixed_message=clear_intent.text)
        intent_rc(clear_intent)
    top_api, top = (clear_intent or opening_intent).hits[0]  # type: ignore[union-attr]
    confirm_why = (f"{tgt_id} scores {top}, at least {conf.confirm_threshold}, so I confirm it."
                   if cond.opening != "suggest" else f"The user accepted {tgt_id}.")
    # ---- single API ----------------------------------------------------------------------------------
    if cond.kind == "one_api":
        missing = [n for n in tgt.names if n not in known_t]
        if cond.target_requests:
            system("request", f"The system asks the user for {', '.join(map(label, missing))} to call {tgt_id}.",
                   f"{confirm_why} To call it I need {', '.join(missing)}. I will ask the user.",
                   dialogue_state=tgt.state(known_t, "request"),
                   content={"api": tgt_id, "slots": [label(n) for n in missing], "clause": clause})
            informed = values_of(tgt, missing)
            user("inform", "User gives the requested information: "
                 + ", ".join(f"{k} is {v}" for k, v in informed.items()) + ".",
                 required_values=list(informed.values()), content={"values": informed})
            known_t.update(missing)
            call(tgt, plan.target_result, f"I have every input of {tgt_id}. I will call it.")
        else:
            call(tgt, plan.target_result,
                 f"{confirm_why} The user already gave {plan.added_slot}, its only input. I will call it.")
        return _finish(plan, turns, system, user, clear_intent or opening_intent, rng, dialogue_id, seed)
    # ---- two APIs ------------------------------------------------------------------------------------
    assert src is not None and plan.chain_component is not None and plan.source_result is not None
    chain = plan.unit.chain_param
    others = [n for n in tgt.names if n != chain]
    system("request", f"The system asks the user for {', '.join(map(label, tgt.names))} to call {tgt_id}.",
           f"{confirm_why} To call it I need {', '.join(tgt.names)}. I will ask the user.",
           dialogue_state=tgt.state(known_t, "request"),
           content={"api": tgt_id, "slots": [label(n) for n in tgt.names], "clause": clause})
    gives_rest = cond.user_gives_rest_in_fail_inform and bool(others)
    rest = values_of(tgt, others) if gives_rest else {}
    situation = f"User does not know the {label(chain)}."
    if rest:
        situation += " User gives the rest: " + ", ".join(f"{k} is {v}" for k, v in rest.items()) + "."
        known_t.update(others)
    user("fail_inform", situation, required_values=list(rest.values()),
         content={"missing": [label(chain)], "values": rest})
    system("retriever_call",
           f"The system looks for an API whose output provides {chain}: {src.api.id} returns "
           f"{plan.chain_component.arrow}.",
           f"The user does not know {chain}. I will look for an API that can provide it.",
           retriever_status={"retriever_call": "true", "retrieved_api": [
               src.api.id, procurement_text(chain, tgt_id, plan.chain_component.arrow)]},
           content={"api": src.api.id})
    if src.names:
        system("request", f"The system asks the user for {', '.join(map(label, src.names))} to call {src.api.id}.",
               f"{src.api.id} can provide {chain} from {plan.chain_component.arrow}. To call it I need "
               f"{', '.join(src.names)}. I will ask the user.",
               dialogue_state=src.state(set(), "request"),
               content={"api": src.api.id, "slots": [label(n) for n in src.names],
                        "clause": description_clause(src.api), "why": label(chain)})
        informed = values_of(src, src.names)
        user("inform", "User gives the requested information: "
             + ", ".join(f"{k} is {v}" for k, v in informed.items()) + ".",
             required_values=list(informed.values()), content={"values": informed})
        call(src, plan.source_result, f"I have every input of {src.api.id}. I will call it to get {chain}.")
    else:
        call(src, plan.source_result, f"{src.api.id} needs no input. I will call it to get {chain}.")
    if cond.after_source != "request_multi":  # a multi result: the chain value is known once the user picks
        known_t.add(chain)
    chain_value = tgt.values[chain]
    if cond.after_source == "request":
        missing = [n for n in others if n not in known_t]
        system("request", f"The system asks the user for {', '.join(map(label, missing))} to call {tgt_id}.",
               f"{chain} is {chain_value} from the result of {src.api.id}. I still need "
               f"{', '.join(missing)}. I will ask the user.",
               dialogue_state=tgt.state(known_t, "request"),
               content={"api": tgt_id, "slots": [label(n) for n in missing], "clause": clause})
        informed = values_of(tgt, missing)
        user("inform", "User gives the requested information: "
             + ", ".join(f"{k} is {v}" for k, v in informed.items()) + ".",
             required_values=list(informed.values()), content={"values": informed})
        known_t.update(missing)
    elif cond.after_source == "request_multi":
        assert plan.pick_by is not None
        by = label(plan.pick_by.name)
        system("request-multi",
               f"{src.api.id} returned several results. The system lists them by {by} "
               f"({', '.join(plan.options)}) and asks the user to pick one.",
               f"{src.api.id} returned {len(plan.options)} values for {plan.chain_component.arrow}. I will ask "
               f"the user to pick one by {plan.pick_by.name}.",
               dialogue_state=tgt.state(known_t, "request"), required_values=list(plan.options),
               content={"api": tgt_id, "options": list(plan.options), "pick_by": by})
        user("inform", f"User picks the result whose {by} is {plan.picked}.", required_values=[plan.picked],
             content={"values": {by: plan.picked}, "pick_by": by})
        known_t.add(chain)
    call(tgt, plan.target_result,
         f"{chain} is {chain_value} from the result of {src.api.id}; I have every input of {tgt_id}. "
         "I will call it.")
    return _finish(plan, turns, system, user, clear_intent or opening_intent, rng, dialogue_id, seed)


def _finish(plan: DialoguePlan, turns: list[TurnInstruction], system: Any, user: Any, query: Intent | None,
            rng: random.Random, dialogue_id: str, seed: int) -> ScenarioInstruction:
    tgt = plan.target
    facts = _facts(plan.target_result, rng)
    last_call = turns[-1]
    system("response", "The system answers the user's request from the call result: "
           + ", ".join(f"{k} is {v}" for k, v in facts.items()) + ".",
           "I can answer the user's request from the call result.",
           api_request=last_call.api_request, api_response=last_call.api_response,
           dialogue_state=tgt.state(set(tgt.names), "response"), required_values=list(facts.values()),
           content={"api": tgt.api.id, "facts": facts, "clause": description_clause(tgt.api)})
    user("user_bye", "User thanks the system and says goodbye.")
    system("system_bye", "The system says goodbye politely.", "The user is done. I will say goodbye.")
    return _scenario(plan, turns, query, dialogue_id, seed)


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
        domain=tgt.api.category, seed=seed, query=query.text if query else "", relation=relation, apis=apis,
        mockdata=mock, turns=turns,
    )
