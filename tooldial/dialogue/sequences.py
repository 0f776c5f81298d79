"""The 23 action sequences of ToolDial (paper A.6, Tables 11–13), their conditions and compatibility.

The sequences are data, copied from the paper's tables in their order (``two_api_01`` … ``two_api_15`` is
Table 11, ``one_api_01`` … ``one_api_07`` Table 12, ``fail_01`` Table 13). Their *conditions* are not listed
by hand: :func:`conditions_of` reads them off the action list, and :meth:`ActionSequence.compatible` decides
from those conditions whether an API (or an edge source → target) can realize the sequence:

- ``opening``: how the intent is expressed — ``clear`` (first utterance clear), ``clarify`` (vague, the top
  retriever score < 0.5, the system clarifies, the user restates clearly) or ``suggest`` (vague, top score in
  [0.5, 0.6), the system suggests, the user affirms — or negates in the failure sequence);
- ``adds_value``: the clear intent carries one input value (``inform_intent_clear_add``);
- one-API: ``target_requests`` — the system requests inputs before the call (else the added value was the
  only input);
- two-API: ``source_needs_inputs`` (``request`` → ``inform`` before the source call, else a direct ``call``)
  and ``after_source``: ``call`` (the target is called right away: the user gave the target's other inputs
  in ``fail_inform``, A.5), ``request`` (the target still needs inputs the user gave no value for yet) or
  ``request_multi`` (the source returned several records; the user picks one by another attribute).

Compatibility uses an :class:`ApiPairProfile`, computed from the documentation (:func:`profile_of`).
Retriever bands (whether an utterance of the right clarity exists for the target) are checked at generation
time, with real scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from tooldial.corpus.models import Api
from tooldial.dialogue.actions import turn_action
from tooldial.dialogue.record import REQUEST_MULTI
from tooldial.knowledge import loader
from tooldial.knowledge.taxonomy import name_tokens
from tooldial.rules.edge.paging_cursor import names_a_cursor

Kind = Literal["two_api", "one_api", "fail"]
Opening = Literal["clear", "clarify", "suggest"]
AfterSource = Literal["call", "request", "request_multi"]

_V, _C, _CA = "inform_intent_vague", "inform_intent_clear", "inform_intent_clear_add"
_END = ["response", "user_bye", "system_bye"]


def _seq(*parts: str) -> tuple[str, ...]:
    return tuple(p for part in parts for p in part.split())


# Table 11: two APIs. Abbreviations expanded below.
_OPEN = {
    "C": f"{_C} retriever_call",
    "CA": f"{_CA} retriever_call",
    "V-clarify-C": f"{_V} retriever_call clarify {_C} retriever_call",
    "V-clarify-CA": f"{_V} retriever_call clarify {_CA} retriever_call",
    "V-suggest": f"{_V} retriever_call suggest affirm",
}
_TAIL = "response user_bye system_bye"

#: (sequence id, paper table, number in table, actions) — verbatim from Tables 11–13.
SEQUENCE_TABLE: tuple[tuple[str, str, int, tuple[str, ...]], ...] = (
    ("two_api_01", "Table 11", 1, _seq(_OPEN["V-suggest"], "request fail_inform retriever_call request inform call call", _TAIL)),
    ("two_api_02", "Table 11", 2, _seq(_OPEN["V-suggest"], "request fail_inform retriever_call call request inform call", _TAIL)),
    ("two_api_03", "Table 11", 3, _seq(_OPEN["V-clarify-C"], "request fail_inform retriever_call call request inform call", _TAIL)),
    ("two_api_04", "Table 11", 4, _seq(_OPEN["V-clarify-C"], "request fail_inform retriever_call request inform call request-multi inform call", _TAIL)),
    ("two_api_05", "Table 11", 5, _seq(_OPEN["V-clarify-C"], "request fail_inform retriever_call request inform call request inform call", _TAIL)),
    ("two_api_06", "Table 11", 6, _seq(_OPEN["C"], "request fail_inform retriever_call call request-multi inform call", _TAIL)),
    ("two_api_07", "Table 11", 7, _seq(_OPEN["C"], "request fail_inform retriever_call request inform call request inform call", _TAIL)),
    ("two_api_08", "Table 11", 8, _seq(_OPEN["C"], "request fail_inform retriever_call request inform call call", _TAIL)),
    ("two_api_09", "Table 11", 9, _seq(_OPEN["C"], "request fail_inform retriever_call call request inform call", _TAIL)),
    ("two_api_10", "Table 11", 10, _seq(_OPEN["V-suggest"], "request fail_inform retriever_call request inform call request-multi inform call", _TAIL)),
    ("two_api_11", "Table 11", 11, _seq(_OPEN["V-clarify-C"], "request fail_inform retriever_call request inform call call", _TAIL)),
    ("two_api_12", "Table 11", 12, _seq(_OPEN["V-suggest"], "request fail_inform retriever_call request inform call request inform call", _TAIL)),
    ("two_api_13", "Table 11", 13, _seq(_OPEN["C"], "request fail_inform retriever_call request inform call request-multi inform call", _TAIL)),
    ("two_api_14", "Table 11", 14, _seq(_OPEN["V-clarify-C"], "request fail_inform retriever_call call request-multi inform call", _TAIL)),
    ("two_api_15", "Table 11", 15, _seq(_OPEN["V-suggest"], "request fail_inform retriever_call call request-multi inform call", _TAIL)),
    ("one_api_01", "Table 12", 1, _seq(_OPEN["V-clarify-C"], "request inform call", _TAIL)),
    ("one_api_02", "Table 12", 2, _seq(_OPEN["V-clarify-CA"], "call", _TAIL)),
    ("one_api_03", "Table 12", 3, _seq(_OPEN["V-suggest"], "request inform call", _TAIL)),
    ("one_api_04", "Table 12", 4, _seq(_OPEN["V-clarify-CA"], "request inform call", _TAIL)),
    ("one_api_05", "Table 12", 5, _seq(_OPEN["CA"], "request inform call", _TAIL)),
    ("one_api_06", "Table 12", 6, _seq(_OPEN["CA"], "call", _TAIL)),
    ("one_api_07", "Table 12", 7, _seq(_OPEN["C"], "request inform call", _TAIL)),
    ("fail_01", "Table 13", 1, _seq(f"{_V} retriever_call suggest negate response_fail")),
)


@dataclass(frozen=True)
class Conditions:
    """What a sequence demands of its API(s); read off the action list by :func:`conditions_of`."""

    kind: Kind
    opening: Opening
    adds_value: bool = False
    #: one-API: ``request``/``inform`` before the call.
    target_requests: bool = True
    #: two-API only.
    source_needs_inputs: bool = False
    after_source: AfterSource | None = None

    @property
    def user_gives_rest_in_fail_inform(self) -> bool:
        """A.5: the user states the target's other inputs along with the one they lack."""
        return self.after_source in ("call", "request_multi")


@dataclass(frozen=True)
class ApiPairProfile:
    """What compatibility needs to know about an API, or an edge source → target.

    Slot counts follow the release: a dialogue's state holds every required parameter plus at most one
    optional one (plus the chain parameter on the target).
    """

    #: Target: (fewest, most) slots a dialogue can give it (``most`` adds one optional parameter).
    target_slots: tuple[int, int]
    #: Two-API: target slots other than the chain parameter (fewest, most); source slots (fewest, most).
    target_other_slots: tuple[int, int] = (0, 0)
    source_slots: tuple[int, int] = (0, 0)
    has_source: bool = False
    #: The source returns several values for the chained output.
    chain_is_list: bool = False
    #: The chained output has a sibling attribute in the same records, to pick a record by.
    chain_has_sibling: bool = False


#: Optional inputs nobody states in a request (``requests.unstated_inputs``) and page numbers (``paging.page_keys``):
#: joined words of the whole name. How many records (a limit, a page size) a person may say ("just the top 5").
_UNSTATED = loader.words("requests", "unstated_inputs") | loader.words("paging", "page_keys")


def stated_optionals(api: Api, chain: str | None = None) -> list[str]:
    """The optional inputs a user may state in a request, in documentation order: not the chain parameter, and not
    which page or how the answer is encoded or sent ("The offset is 0.", "The page is 3." and "format json" are no
    request a person makes; the API's default serves them)."""
    return [p.name for p in api.optional_parameters if p.name != chain and not _unstated(p.name)]


def _unstated(name: str) -> bool:
    words = name_tokens(name)
    return names_a_cursor(words) or "".join(words) in _UNSTATED


def _slot_range(api: Api, chain: str | None = None) -> tuple[int, int]:
    required = {p.name for p in api.required_parameters}
    optional = stated_optionals(api, chain)
    if chain:
        required.add(chain)
    base = len(required)
    chain_is_optional = chain is not None and chain not in {p.name for p in api.required_parameters}
    # at most one optional parameter per API: when the chain parameter is optional it is that one
    extra = 0 if chain_is_optional or not optional else 1
    return base, base + extra


def profile_of(target: Api, source: Api | None = None, *, chain_param: str | None = None,
               chain_output: str | None = None) -> ApiPairProfile:
    """Profile of one API (``source=None``) or of an edge ``source --chain_output--> target.chain_param``."""
    lo, hi = _slot_range(target, chain_param)
    if source is None:
        return ApiPairProfile(target_slots=(lo, hi))
    component = source.output(chain_output) if chain_output else None
    is_list = bool(component and component.is_list)
    sibling = False
    if component is not None and is_list:
        group = component.path[:-1]
        sibling = any(o.is_list and o.path[:-1] == group and o.path != component.path
                      for o in source.output_components)
    return ApiPairProfile(
        target_slots=(lo, hi),
        target_other_slots=(lo - 1, hi - 1),
        source_slots=_slot_range(source),
        has_source=True,
        chain_is_list=is_list,
        chain_has_sibling=sibling,
    )


@dataclass(frozen=True)
class ActionSequence:
    """One of the 23 sequences: id, where it comes from in the paper, actions (``request-multi`` kept)."""

    id: str
    table: str
    number: int
    actions: tuple[str, ...]

    @cached_property
    def conditions(self) -> Conditions:
        return conditions_of(self.actions)

    @property
    def kind(self) -> Kind:
        return self.conditions.kind

    @property
    def turn_actions(self) -> tuple[str, ...]:
        """The actions as written in turns (``request-multi`` → ``request``)."""
        return tuple(turn_action(a) for a in self.actions)

    def compatible(self, profile: ApiPairProfile) -> bool:
        """Whether an API / edge with this profile can realize the sequence (retriever bands aside)."""
        return slot_choice(self.conditions, profile) is not None


def slot_choice(cond: Conditions, profile: ApiPairProfile) -> tuple[bool, bool] | None:
    """Whether to give (target, source) one optional slot so the sequence fits, or None if nothing fits.

    The first element says "add an optional parameter to the target", the second "to the source". When both
    choices fit, the caller's preference decides (:func:`slot_options` lists all).
    """
    options = slot_options(cond, profile)
    return options[0] if options else None


def slot_options(cond: Conditions, profile: ApiPairProfile) -> list[tuple[bool, bool]]:
    """Every (target_extra, source_extra) choice of optional slots under which the profile fits ``cond``.

    The system asks for required inputs only; an optional one enters a dialogue only when the user states it
    unasked, in a clear intent that carries a value (``inform_intent_clear_add``), or when a chain provides it
    (the target's chain parameter, counted in the profile). So the target gets an extra optional slot only in a
    sequence whose intent adds a value, and the source (whose inputs are always asked for) never does."""
    found = []
    for t_extra in (False, True) if cond.adds_value else (False,):
        if t_extra and profile.target_slots[1] == profile.target_slots[0]:
            continue
        if _fits(cond, profile, t_extra, False):
            found.append((t_extra, False))
    return found


def _fits(cond: Conditions, p: ApiPairProfile, t_extra: bool, s_extra: bool) -> bool:
    target = p.target_slots[0] + int(t_extra)
    if cond.kind == "fail":
        return not p.has_source and not s_extra
    if cond.kind == "one_api":
        if p.has_source or s_extra:
            return False
        if cond.adds_value and not cond.target_requests:
            return target == 1
        if cond.adds_value:
            return target >= 2
        return target >= 1
    # two APIs
    if not p.has_source:
        return False
    source = p.source_slots[0] + int(s_extra)
    other = p.target_other_slots[0] + int(t_extra)
    if cond.source_needs_inputs != (source > 0):
        return False
    if cond.after_source == "request_multi":
        return p.chain_is_list and p.chain_has_sibling
    if p.chain_is_list:
        return False
    if cond.after_source == "request":
        return other > 0
    return True  # direct call: the user gave the other target inputs in fail_inform (or there are none)


def conditions_of(actions: tuple[str, ...] | list[str]) -> Conditions:
    """Read a sequence's conditions off its actions (raises ``ValueError`` on a shape none of the 23 has)."""
    acts = list(actions)
    if not acts or acts[0] not in (_V, _C, _CA) or len(acts) < 2 or acts[1] != "retriever_call":
        raise ValueError(f"a sequence starts with an intent and a retriever call: {acts[:2]}")
    if acts[0] == _V:
        if acts[2] == "clarify":
            opening: Opening = "clarify"
            intent = acts[3]
            body = acts[5:]
        elif acts[2] == "suggest":
            opening = "suggest"
            intent = _C
            if acts[3] == "negate":
                return Conditions(kind="fail", opening="suggest")
            body = acts[4:]
        else:
            raise ValueError(f"a vague intent is followed by clarify or suggest, not {acts[2]!r}")
    else:
        opening, intent, body = "clear", acts[0], acts[2:]
    adds_value = intent == _CA
    if "fail_inform" not in body:
        return Conditions(kind="one_api", opening=opening, adds_value=adds_value,
                          target_requests=body[0] == "request")
    i = body.index("fail_inform")
    after_rc = body[i + 2:]  # after fail_inform, retriever_call
    source_needs_inputs = after_rc[0] == "request"
    rest = after_rc[3:] if source_needs_inputs else after_rc[1:]  # after the source call
    nxt = rest[0]
    after: AfterSource = {"call": "call", "request": "request", REQUEST_MULTI: "request_multi"}[nxt]
    return Conditions(kind="two_api", opening=opening, adds_value=adds_value,
                      source_needs_inputs=source_needs_inputs, after_source=after)


SEQUENCES: tuple[ActionSequence, ...] = tuple(ActionSequence(i, t, n, a) for i, t, n, a in SEQUENCE_TABLE)
SEQUENCES_BY_ID: dict[str, ActionSequence] = {s.id: s for s in SEQUENCES}
SEQUENCE_IDS: tuple[str, ...] = tuple(SEQUENCES_BY_ID)


def get_sequence(sequence_id: str) -> ActionSequence:
    try:
        return SEQUENCES_BY_ID[sequence_id]
    except KeyError:
        raise KeyError(f"unknown sequence id {sequence_id!r}; known: {', '.join(SEQUENCE_IDS)}") from None


def match_sequence(turn_actions: list[str] | tuple[str, ...]) -> list[ActionSequence]:
    """The sequences whose turn actions equal ``turn_actions`` (several when only ``request-multi`` differs)."""
    key = tuple(turn_actions)
    return [s for s in SEQUENCES if s.turn_actions == key]
