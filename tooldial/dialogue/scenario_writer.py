"""From a :class:`~tooldial.dialogue.planner.DialoguePlan` and its intent utterances to every turn of a
:class:`~tooldial.dialogue.scenario.ScenarioInstruction` (step 2 of :mod:`~tooldial.dialogue.planner`).

:func:`build_scenario` writes action, situation, thought, retriever status, dialogue state (values only once they
were said or returned), ``api_request`` / ``api_response`` and the values each message must contain.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tooldial.corpus.models import Api
from tooldial.dialogue.answer_fields import answer_fields
from tooldial.dialogue.answer_text import build_answer
from tooldial.dialogue.chains.effects import made_for_its_output
from tooldial.dialogue.dialogue_plan import ApiSlots, DialoguePlan
from tooldial.dialogue.intents import Intent, goal_clause, persona_of, readable
from tooldial.dialogue.record import NOT_CONFIRMED, NOT_RETRIEVED, procurement_text
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
from tooldial.dialogue.slot_words import slot_label


def label(name: str, api: Api | None = None) -> str:
    """How a parameter of ``api`` is called in messages (``stationId`` → ``station id``, ``q`` → ``search terms``,
    ``k`` documented "Strike Price" → ``strike price``)."""
    param = api.parameter(name) if api is not None else None
    return slot_label(name, readable(name), param.description if param is not None else "")



def user_goal(plan: DialoguePlan) -> UserGoal:
    """Who the user is, what they want and what they know, from the target's domain and the chain."""
    api = plan.target.api
    persona, _lead, _topic, reason = persona_of(api)
    goal = goal_clause(api)
    chain = plan.unit.chain_param
    known = {label(n, api): plan.target.values[n] for n in plan.target.names if n not in plan.procured}
    if plan.source is not None:
        known.update({label(n, plan.source.api): plan.source.values[n] for n in plan.source.names})
    situation = f"The user is {persona} and wants to {goal}" + (f", {reason}." if reason else ".")
    if known:
        situation += " They know the " + ", ".join(f"{k} ({v})" for k, v in known.items())
        situation += f" but not the {' and the '.join(label(n, api) for n in plan.procured)}." if chain else "."
    elif chain:
        situation += f" They do not know the {' and the '.join(label(n, api) for n in plan.procured)}."
    return UserGoal(persona=persona, goal=goal, reason=reason, situation=situation, known=known,
                    unknown=[label(n, api) for n in plan.procured])


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
        self.system("request", f"The system asks the user for {', '.join(label(n, slots.api) for n in names)} to call "
                    f"{slots.api.id}.", thought, dialogue_state=slots.state(known, "request"),
                    content={"api": slots.api.id, "slots": [label(n, slots.api) for n in names],
                             **({} if made_for_its_output(slots.api) else {"acts": True}), **content})

    def inform(self, slots: ApiSlots, names: list[str]) -> None:
        informed = {label(n, slots.api): slots.values[n] for n in names}
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
                situation += f" The user mentions the {label(slot, tgt.api)}: {tgt.values[slot]}."
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
        rest = {label(n, tgt.api): tgt.values[n] for n in others} if cond.user_gives_rest_in_fail_inform else {}
        unknown = [label(n, tgt.api) for n in plan.procured]
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
        # a source input the user already gave for the target (same name, same value) is not asked again
        given = {n for n in plan.shared if n in self.known_t}
        ask = [n for n in src.names if n not in given]
        if src.names:
            told = f" The user already gave {', '.join(n for n in src.names if n in given)}." if given else ""
            self.request(src, ask, f"{src.api.id} can provide {chain} from {chain_comp.arrow}. To call it "
                         f"I need {', '.join(src.names)}.{told} I will ask the user.", given,
                         clause=goal_clause(src.api), why=label(chain, tgt.api))
            self.inform(src, ask)
            self.known_t.update(plan.shared)  # said for the source: the target's too
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
            given = [n for n in plan.shared if n in self.known_t]
            told = f" The user gave {', '.join(given)} for {src.api.id}." if given else ""
            self.request(tgt, missing, f"{chain} is {tgt.values[chain]} from the result of {src.api.id}.{told} I "
                         f"still need {', '.join(missing)}. I will ask the user.", self.known_t, clause=self.clause)
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
        situation, required, content = response_parts(tgt.api, self.plan.target_result, self.plan.known_to_user)
        last_call = self.turns[-1]
        self.system("response", situation, "I can answer the user's request from the call result.",
                    api_request=last_call.api_request, api_response=last_call.api_response,
                    dialogue_state=tgt.state(set(tgt.names), "response"), required_values=required,
                    content={"api": tgt.api.id, "facts": content["facts"], "answer": content["answer"],
                             "clause": self.clause, "answer_fields": content["answer_fields"]})
        self.user("user_bye", "User thanks the system and says goodbye.")
        self.system("system_bye", "The system says goodbye politely.", "The user is done. I will say goodbye.")


def response_parts(api: Api, result: dict[str, Any], known: Iterable[str],
                   fields: list[tuple[str, str, str]] | None = None) -> tuple[str, list[str], dict[str, Any]]:
    """The final response's situation, required values and content (``facts``, ``answer``, ``answer_fields``)
    for ``result`` of the target ``api``; ``known``: the values the user gave (not news to them); ``fields``: the
    fields to tell (path, label, value), else the rules' (:func:`answer_fields`). Shared by the scenario writer
    and the model-written parts that replace a result or pick the answer after the scenario was built."""
    fields = answer_fields(api, result, known=known) if fields is None else fields
    answer = build_answer(api, result, fields)  # units, subject, list: answer_text
    facts = answer.by_label() if fields else {}
    situation = ("The system answers the user's request from the call result: "
                 + ", ".join(f"{k} is {v}" for k, v in facts.items()) + ".")
    return situation, answer.required(), {"facts": facts, "answer": answer.model_dump(),
                                          "answer_fields": [key for key, _, _ in fields]}


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
                                                                   known=plan.known_to_user)],
        mockdata=mock, turns=turns,
    )
