"""Validation of generated dialogues (``tooldial validate FILE``).

Every dialogue is checked against the rules that make it usable as training and evaluation data. Each rule is
one *kind* of failure, counted separately:

- ``schema``: one-key turns, release shapes of retriever statuses and dialogue states, string booleans,
  ``system_action`` matching the turn's action, mock data present;
- ``sequence``: ``sequence_id`` is one of the 23, the turn actions are that sequence's, ``actions`` matches;
- ``conditions``: the API (pair) satisfies the sequence's conditions (source asked for inputs or not, list
  result ↔ ``request-multi``, target slots left after the chain, one slot for ``clear_add`` → ``call``; with a
  corpus, also :meth:`ActionSequence.compatible` on the documented APIs), and ``subgraph_type`` fits the slots;
- ``retriever``: intent searches have ≤ k hits sorted by score; the next system action follows the A.4
  thresholds (confirm the top API ≥ 0.6 / suggest in [0.5, 0.6) / clarify below); the search after
  ``fail_inform`` is the procurement form naming the record's source, target and chain parameter; with a
  retriever, the written scores are re-computed from the user's text;
- ``state_params``: a confirmed state's required parameters are exactly the API's documented required ones,
  its optional ones documented optional parameters (at most one, plus an optional chain parameter);
- ``provenance``: every filled value appeared earlier in a user message or an API result;
- ``chain``: the target's chain value is the source's returned value (the picked record's for
  ``request-multi``), and the mock data agree;
- ``plausible`` (with a corpus): a careful reader would accept the chain — :func:`tooldial.dialogue.chains.
  chain_verdict` (the registered chain rules) on the documented APIs and the graph edge kept in ``scenario.chain``;
  counted per typed check in :attr:`ValidationReport.plausible_kinds`;
- ``call``: ``call`` turns carry a request whose arguments equal the state (all filled) and a response of the
  same API equal to the mock data's output; ``response`` turns repeat the last call;
- ``messages``: silent turns (``retriever_call``, ``call``) have no message, the others have one, containing
  the scenario's required values;
- ``filler``, ``consistency``, ``groups``, ``answer``: the world inside the dialogue
  (:mod:`tooldial.dialogue.world_checks`): no filler tokens; records agree with themselves and the world
  (start < end, a city's country code, amount × rate, values in range, valid clock times); group members
  (latitude + longitude) come from one origin; the response reports goal-relevant fields of the result;
- ``spec`` (with a corpus): every call's arguments and result obey the API's documented JSON Schema (type,
  format, enum, pattern, range, lengths; :mod:`tooldial.dialogue.schema_values`);
- ``slot_names`` (with a corpus): no user or system message spells a parameter's raw slot name
  (``min_rating``, ``q?``) (:mod:`tooldial.dialogue.schema_checks`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.actions import SILENT_ACTIONS
from tooldial.dialogue.chains import chain_verdict, schema_copies
from tooldial.dialogue.flags import flag_value, said_flag
from tooldial.dialogue.intents.text import readable
from tooldial.dialogue.mockdata import as_text, leaf_values, values_at
from tooldial.dialogue.record import NOT_CONFIRMED, NOT_RETRIEVED, STATE_SYSTEM_ACTION, DialogueRecord
from tooldial.dialogue.retriever import Retriever, RetrieverConfig
from tooldial.dialogue.scenario_writer import label
from tooldial.dialogue.schema_checks import check_slot_names, check_spec
from tooldial.dialogue.sequences import ActionSequence, get_sequence, profile_of
from tooldial.dialogue.world_checks import WORLD_CHECKS, check_world
from tooldial.rules.chaining import ChainCheck

CHECKS = ("schema", "sequence", "conditions", "retriever", "state_params", "provenance", "chain", "plausible",
          "call", "messages", "filler", "consistency", "groups", "answer", "spec", "slot_names")
#: Checks across the records of a file (``validate_records``), not of one record.
FILE_CHECKS = ("duplicate_id",)
_PROCURE = re.compile(r"^Output to procure input parameter (?P<param>.+?) of (?P<target>.+): (?P<path>.+)$")


@dataclass
class DialogueProblems:
    dialogue_id: str
    problems: list[tuple[str, str]] = field(default_factory=list)  # (kind, message)
    #: (kind, typed check) of each problem added with one: what reports count (never the message's words).
    checked: list[tuple[str, StrEnum]] = field(default_factory=list)

    def add(self, kind: str, message: str, check: StrEnum | None = None) -> None:
        assert kind in CHECKS or kind in FILE_CHECKS, kind
        self.problems.append((kind, message))
        if check is not None:
            self.checked.append((kind, check))

    def checks(self, kind: str) -> set[StrEnum]:
        """The typed checks of ``kind``'s problems (each once)."""
        return {c for k, c in self.checked if k == kind}

    @property
    def kinds(self) -> set[str]:
        return {k for k, _ in self.problems}


@dataclass
class ValidationReport:
    total: int = 0
    failed: list[DialogueProblems] = field(default_factory=list)
    by_kind: Counter = field(default_factory=Counter)  # kind -> dialogues failing it
    by_sequence: Counter = field(default_factory=Counter)
    actions: Counter = field(default_factory=Counter)
    #: ``plausible`` problems by check (:class:`tooldial.rules.chaining.ChainCheck`: "a name or search term the
    #: user says", ...) -> dialogues.
    plausible_kinds: Counter = field(default_factory=Counter)
    #: World-check problems by typed check: (kind, check) -> dialogues (``("consistency", Check.OHLC)``, which
    #: prints as ``ohlc``; :class:`tooldial.rules.world_check.WorldCheck`, :class:`tooldial.rules.record.Check`).
    world_rules: Counter = field(default_factory=Counter)

    @property
    def passed(self) -> int:
        return self.total - len(self.failed)

    @property
    def ok(self) -> bool:
        return not self.failed and self.total > 0

    def summary(self, show: int = 10) -> str:
        lines = [f"{self.passed}/{self.total} dialogues pass ({100.0 * self.passed / max(self.total, 1):.1f}%)"]
        for kind in CHECKS + FILE_CHECKS:
            lines.append(f"  {kind:<13} {self.by_kind.get(kind, 0)} failing")
            if kind == "plausible":
                lines += [f"    {n:>5}  {why}" for why, n in self.plausible_kinds.most_common()]
            elif kind in WORLD_CHECKS:
                lines += [f"    {n:>5}  {rule}" for (k, rule), n in sorted(
                    self.world_rules.items(), key=lambda kv: (-kv[1], kv[0])) if k == kind]
        lines.append(f"  sequences covered: {len(self.by_sequence)}/23; actions covered: {len(self.actions)}/16")
        for dp in self.failed[:show]:
            kind, msg = dp.problems[0]
            lines.append(f"  e.g. {dp.dialogue_id}: {kind}: {msg}")
        return "\n".join(lines)


def _is_confirmed(state: Any) -> bool:
    return isinstance(state, dict) and state.get("api_confirmed") == "true"


def _shape_problems(i: int, speaker: str, body: dict[str, Any]) -> list[str]:
    out = []
    if speaker == "User":
        return [f"turn {i}: user turn keys {sorted(body)}"] if set(body) != {"message", "action"} else []
    keys = {"thought", "action", "retriever_status", "api_request", "api_response", "message", "dialogue_state"}
    if set(body) != keys:
        out.append(f"turn {i}: system turn keys {sorted(body)}")
        return out
    rs = body["retriever_status"]
    if not isinstance(rs, dict) or rs.get("retriever_call") not in ("true", "false"):
        out.append(f"turn {i}: retriever_status must have a string boolean retriever_call")
    elif rs["retriever_call"] == "false" and rs != NOT_RETRIEVED:
        out.append(f"turn {i}: retriever not called but status is {rs}")
    elif rs["retriever_call"] == "true" and not isinstance(rs.get("retrieved_api"), dict | list):
        out.append(f"turn {i}: retrieved_api must be a dict of scores or a procurement list")
    st = body["dialogue_state"]
    action = body["action"]
    if not isinstance(st, dict) or st.get("api_confirmed") not in ("true", "false"):
        out.append(f"turn {i}: dialogue_state must have a string boolean api_confirmed")
    elif st["api_confirmed"] == "false":
        if st != NOT_CONFIRMED:
            out.append(f"turn {i}: unconfirmed state must be {NOT_CONFIRMED}")
        if action in STATE_SYSTEM_ACTION:
            out.append(f"turn {i}: {action} needs a confirmed state")
    else:
        status = st.get("api_status")
        if not isinstance(status, dict) or not {"api_name", "required_parameters", "optional_parameters"} <= set(status):
            out.append(f"turn {i}: confirmed state lacks api_name/required_parameters/optional_parameters")
        elif status.get("system_action") != STATE_SYSTEM_ACTION.get(action):
            out.append(f"turn {i}: system_action {status.get('system_action')!r} does not fit action {action}")
    return out


@dataclass
class _Walk:
    """What the state/call walk collects for the later checks."""

    calls: list[dict[str, Any]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    returned: list[str] = field(default_factory=list)


def validate_record(record: DialogueRecord, *, corpus: Corpus | None = None,
                    retriever_config: RetrieverConfig | None = None,
                    retriever: Retriever | None = None) -> DialogueProblems:
    """All problems of one dialogue (empty ``problems`` when it is valid)."""
    conf = retriever.config if retriever is not None else (retriever_config or RetrieverConfig())
    dp = DialogueProblems(record.dialogue_id or "?")
    turns = _check_schema(record, dp)
    if turns is None:
        return dp
    seq = _check_sequence(record, turns, dp)
    if seq is None:
        return dp
    docs = _documentation(record, corpus)
    walk = _Walk()
    last_call: dict[str, Any] | None = None
    mock_by_api = {m.get("api_name"): m for side in ("source", "target") for m in record.mockdata.get(side, [])}
    for i, (sp, body) in enumerate(turns):
        if sp == "User":
            walk.said.append(body["message"])
            continue
        _check_state(record, i, body, docs, corpus, walk, dp)
        if body["action"] == "call":
            _check_call(i, body, mock_by_api, walk, dp)
            last_call = body
        elif body["action"] == "response":
            if last_call is None or body["api_response"] != last_call["api_response"]:
                dp.add("call", f"turn {i}: response does not repeat the last call's result")
        elif body["api_request"] or body["api_response"]:
            dp.add("call", f"turn {i}: {body['action']} carries an API request/response")
    _check_retriever(record, turns, conf, retriever, dp)
    _check_conditions(record, turns, seq, docs, corpus, dp)
    if seq.conditions.kind == "two_api":
        _check_chain(record, turns, walk.calls, dp)
        if corpus is not None:
            _check_plausible(record, corpus, dp)
    _check_messages(record, turns, dp, corpus)
    check_world(record, turns, walk, dp, corpus)
    if corpus is not None:
        check_spec(walk.calls, corpus, dp)
        check_slot_names(turns, corpus, dp)
    return dp


def _check_schema(record: DialogueRecord, dp: DialogueProblems) -> list[tuple[str, dict[str, Any]]] | None:
    """Release shapes; the (speaker, body) turns, or None when the record cannot be checked further."""
    try:
        typed = record.turns()
    except ValueError as exc:
        dp.add("schema", str(exc).splitlines()[0])
        return None
    turns = [(sp, next(iter(t.values()))) for t, (sp, _) in zip(record.dialogue, typed, strict=True)]
    for i, (sp, body) in enumerate(turns):
        for msg in _shape_problems(i, sp, body):
            dp.add("schema", msg)
    if record.subgraph_type not in ("yesyes", "yeszero", "zeroyes", "zerozero"):
        dp.add("schema", f"subgraph_type {record.subgraph_type!r}")
    if not isinstance(record.mockdata.get("target"), list) or len(record.mockdata["target"]) != 1:
        dp.add("schema", "mockdata.target must hold one element")
    return None if "schema" in dp.kinds else turns


def _check_sequence(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], dp: DialogueProblems
                    ) -> ActionSequence | None:
    """The sequence of the record, or None when its turns do not follow it."""
    try:
        seq = get_sequence(record.sequence_id)
    except KeyError:
        dp.add("sequence", f"unknown sequence_id {record.sequence_id!r}")
        return None
    actions = [b["action"] for _, b in turns]
    if tuple(actions) != seq.turn_actions:
        dp.add("sequence", f"turn actions differ from {seq.id}")
    if record.actions and tuple(record.actions) != seq.actions:
        dp.add("sequence", f"actions metadata differs from {seq.id}")
    return None if "sequence" in dp.kinds else seq


def _check_state(record: DialogueRecord, i: int, body: dict[str, Any], docs: dict[str, tuple[list[str], list[str]]],
                 corpus: Corpus | None, walk: _Walk, dp: DialogueProblems) -> None:
    """A confirmed state: documented parameters, values said or returned before."""
    st = body["dialogue_state"]
    if not _is_confirmed(st):
        return
    status = st["api_status"]
    api = status["api_name"]
    req, opt = status["required_parameters"], status["optional_parameters"]
    doc = docs.get(api)
    if doc is not None:
        doc_req, doc_opt = doc
        chain_extra = {record_chain_param(record)} if api == record.target else set()
        if set(req) != set(doc_req):
            dp.add("state_params", f"turn {i}: required parameters {sorted(req)} != documented "
                                   f"{sorted(doc_req)} of {api}")
        if not set(opt) <= set(doc_opt):
            dp.add("state_params", f"turn {i}: optional parameters {sorted(set(opt) - set(doc_opt))} "
                                   f"not documented for {api}")
        if len(set(opt) - chain_extra) > 1:
            dp.add("state_params", f"turn {i}: more than one optional parameter for {api}")
    elif corpus is not None or record.scenario.get("apis"):
        dp.add("state_params", f"turn {i}: {api} is not documented")
    api_doc = corpus.get(api) if corpus is not None and api in corpus else None
    for name, value in {**req, **opt}.items():
        text = as_text(value)
        if text and not any(text in m for m in walk.said) and text not in walk.returned \
                and not _said_as_flag(name, text, api_doc, walk.said):
            dp.add("provenance", f"turn {i}: {name}={text!r} was neither said nor returned before")


def _said_as_flag(name: str, value: str, api: Any, said: list[str]) -> bool:
    """Whether a yes/no value was said in words ("don't use logo" for ``use_logo=false``,
    :mod:`tooldial.dialogue.flags`), under the input's spoken label (from its documentation when the corpus is
    given) or its name read aloud."""
    flag = flag_value(value)
    if flag is None:
        return False
    labels = {readable(name), label(name, api)}
    return any(said_flag(spoken, flag, m) for spoken in labels for m in said)


def _check_call(i: int, body: dict[str, Any], mock_by_api: dict[str, Any], walk: _Walk,
                dp: DialogueProblems) -> None:
    """A call: request = state (all filled), response of the same API = the mock data's output."""
    st = body["dialogue_state"]
    request, response = body["api_request"], body["api_response"]
    if not _is_confirmed(st):
        dp.add("call", f"turn {i}: call without a confirmed state")
    elif not request or request.get("api_name") != st["api_status"]["api_name"]:
        dp.add("call", f"turn {i}: api_request does not name the state's API")
    else:
        status = st["api_status"]
        if (request.get("required_parameters") != status["required_parameters"]
                or request.get("optional_parameters") != status["optional_parameters"]):
            dp.add("call", f"turn {i}: api_request arguments differ from the dialogue state")
        if any(as_text(v) == "" for v in {**status["required_parameters"],
                                           **status["optional_parameters"]}.values()):
            dp.add("call", f"turn {i}: call with an empty slot")
    if not response or response.get("api_name") != request.get("api_name"):
        dp.add("call", f"turn {i}: api_response does not name the called API")
    else:
        mock = mock_by_api.get(response["api_name"])
        if mock is None or mock.get("output_components") != response.get("result"):
            dp.add("call", f"turn {i}: api_response result differs from the mock data")
        walk.returned.extend(leaf_values(response.get("result")))
    walk.calls.append(body)


def _check_messages(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], dp: DialogueProblems,
                    corpus: Corpus | None = None) -> None:
    """Silent turns have no message, the others one that says the scenario's required values: verbatim, or a
    yes/no value of an input the dialogue states in words ("Don't use logo, please." for ``use_logo=false``), as
    the renderer's check reads it (:meth:`~tooldial.dialogue.scenario.TurnInstruction.says`)."""
    required = [t.get("required_values", []) for t in record.scenario.get("turns", [])]
    stated = [(name, as_text(value), body["dialogue_state"]["api_status"]["api_name"])
              for sp, body in turns if sp == "System" and _is_confirmed(body["dialogue_state"])
              and isinstance(body["dialogue_state"].get("api_status"), dict)
              for name, value in {**body["dialogue_state"]["api_status"]["required_parameters"],
                                  **body["dialogue_state"]["api_status"]["optional_parameters"]}.items()]
    for i, (sp, body) in enumerate(turns):
        message = body["message"]
        if sp == "System" and body["action"] in SILENT_ACTIONS:
            if message:
                dp.add("messages", f"turn {i}: {body['action']} must have no message")
        elif not str(message).strip():
            dp.add("messages", f"turn {i}: empty message")
        if i < len(required):
            for value in required[i]:
                if value not in message and not any(
                        _said_as_flag(name, value, corpus.get(api) if corpus is not None and api in corpus else None,
                                      [str(message)]) for name, text, api in stated if text == value):
                    dp.add("messages", f"turn {i}: message lacks required value {value!r}")


def record_chain_param(record: DialogueRecord) -> str:
    """The chain parameter named in the procurement search ("" for single-API dialogues)."""
    for turn in record.dialogue:
        body = turn.get("System")
        if body and isinstance(body.get("retriever_status", {}).get("retrieved_api"), list):
            items = body["retriever_status"]["retrieved_api"]
            if len(items) == 2 and isinstance(items[1], str) and (m := _PROCURE.match(items[1])):
                return m["param"]
    return ""


def _documentation(record: DialogueRecord, corpus: Corpus | None) -> dict[str, tuple[list[str], list[str]]]:
    """API id -> (required names, optional names), from the corpus or the record's scenario metadata."""
    docs: dict[str, tuple[list[str], list[str]]] = {}
    for api_id in filter(None, (record.source, record.target)):
        if corpus is not None and api_id in corpus:
            api = corpus.get(api_id)
            docs[api_id] = ([p.name for p in api.required_parameters], [p.name for p in api.optional_parameters])
    if corpus is None:
        for brief in record.scenario.get("apis", []):
            docs[brief["api_id"]] = (list(brief.get("required_parameters", {})),
                                     list(brief.get("optional_parameters", {})))
    return docs


def _next_system(turns: list[tuple[str, dict[str, Any]]], i: int) -> dict[str, Any] | None:
    for sp, body in turns[i + 1:]:
        if sp == "System":
            return body
        return None
    return None


def _check_retriever(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], conf: RetrieverConfig,
                     retriever: Retriever | None, dp: DialogueProblems) -> None:
    for i, (sp, body) in enumerate(turns):
        if sp != "System" or body["retriever_status"].get("retriever_call") != "true":
            if sp == "System" and body["action"] == "retriever_call":
                dp.add("retriever", f"turn {i}: retriever_call without a retriever status")
            continue
        if body["action"] != "retriever_call":
            dp.add("retriever", f"turn {i}: {body['action']} turn carries a retriever status")
            continue
        retrieved = body["retriever_status"]["retrieved_api"]
        prev_user = next(((j, b) for j, (s, b) in reversed(list(enumerate(turns[:i]))) if s == "User"), None)
        if isinstance(retrieved, list):
            ok = (len(retrieved) == 2 and retrieved[0] == record.source and isinstance(retrieved[1], str)
                  and (m := _PROCURE.match(retrieved[1])) is not None and m["target"] == record.target)
            if not ok:
                dp.add("retriever", f"turn {i}: procurement status must name the source, target and chain")
            if prev_user is None or prev_user[1]["action"] != "fail_inform":
                dp.add("retriever", f"turn {i}: procurement search without a preceding fail_inform")
            continue
        hits = list(retrieved.items())
        scores = [s for _, s in hits]
        if not hits or len(hits) > conf.top_k or not all(isinstance(s, int | float) for s in scores):
            dp.add("retriever", f"turn {i}: intent search must list 1..{conf.top_k} numeric scores")
            continue
        if scores != sorted(scores, reverse=True):
            dp.add("retriever", f"turn {i}: scores are not in descending order")
        if prev_user is None or not prev_user[1]["action"].startswith("inform_intent"):
            dp.add("retriever", f"turn {i}: intent search does not follow an intent")
        band = conf.band(scores[0])
        nxt = _next_system(turns, i)
        nxt_action = nxt["action"] if nxt else None
        expected = {"confirm": ("request", "call"), "suggest": ("suggest",), "clarify": ("clarify",)}[band]
        if nxt_action not in expected:
            dp.add("retriever", f"turn {i}: top score {scores[0]} ({band}) but the system does {nxt_action}")
        elif band == "confirm" and nxt is not None and (
                not _is_confirmed(nxt["dialogue_state"])
                or nxt["dialogue_state"]["api_status"]["api_name"] not in _confirmable(hits, conf)):
            dp.add("retriever", f"turn {i}: the system confirms neither the top API {hits[0][0]} nor a close "
                                "candidate")
        if retriever is not None and prev_user is not None:
            real = retriever.search([prev_user[1]["message"]])[0]
            if not _same_hits(real, hits):
                dp.add("retriever", f"turn {i}: written scores differ from the retriever's for the user's text")


def _confirmable(hits: list[tuple[str, Any]], conf: RetrieverConfig) -> list[str]:
    """The top API and the candidates within ``close_margin`` of it above the confirm threshold."""
    top = hits[0][1]
    return [a for a, s in hits if s >= conf.confirm_threshold and round(top - s, 4) <= conf.close_margin] \
        or [hits[0][0]]


def _same_hits(real: list[tuple[str, float]], written: list[tuple[str, Any]], tol: float = 2e-3) -> bool:
    """Equal up to float noise: scores within ``tol`` position by position, and the same APIs except where
    scores tie within ``tol`` (their order there depends on the last bits of the embedding)."""
    if len(real) != len(written) or any(abs(a - b) > tol for (_, a), (_, b) in zip(real, written, strict=True)):
        return False
    for (ra, rs), (wa, _) in zip(real, written, strict=True):
        if ra != wa and not any(abs(rs - s) <= tol for a, s in written if a == ra) \
                and not abs(rs - real[-1][1]) <= tol:
            return False
    return True


def _check_conditions(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], seq: ActionSequence,
                      docs: dict[str, tuple[list[str], list[str]]], corpus: Corpus | None,
                      dp: DialogueProblems) -> None:
    cond = seq.conditions
    if (cond.kind == "two_api") != bool(record.source):
        dp.add("conditions", f"{seq.id} is a {cond.kind} sequence but source is {record.source!r}")
        return

    def slots_of(api: str) -> list[str]:
        for sp, body in turns:
            st = body.get("dialogue_state") if sp == "System" else None
            if _is_confirmed(st) and st["api_status"]["api_name"] == api:
                return list(st["api_status"]["required_parameters"]) + list(st["api_status"]["optional_parameters"])
        for side in ("source", "target"):  # no state for it (failure dialogues): the mock inputs are the slots
            for mock in record.mockdata.get(side, []):
                if mock.get("api_name") == api:
                    return list(mock.get("required_parameters", {})) + list(mock.get("optional_parameters", {}))
        return []

    target_slots = slots_of(record.target)
    expected_type = ("yes" if record.source and slots_of(record.source) else "zero") + (
        "yes" if len(target_slots) > 1 else "zero")
    if record.subgraph_type != expected_type:
        dp.add("conditions", f"subgraph_type {record.subgraph_type} but the slots say {expected_type}")
    if cond.kind == "one_api":
        n = len(target_slots)
        if cond.adds_value and not cond.target_requests and n != 1:
            dp.add("conditions", f"{seq.id} calls right after clear_add, so the API needs exactly one slot (has {n})")
        elif cond.adds_value and cond.target_requests and n < 2:
            dp.add("conditions", f"{seq.id} needs at least two slots (has {n})")
        elif n < 1 and cond.kind == "one_api":
            dp.add("conditions", f"{seq.id} needs at least one slot")
        return
    if cond.kind != "two_api":
        return
    chain = record_chain_param(record)
    source_slots = slots_of(record.source)
    if cond.source_needs_inputs != bool(source_slots):
        dp.add("conditions", f"{seq.id}: source inputs {source_slots} do not fit the sequence")
    others = [s for s in target_slots if s != chain]
    if cond.after_source == "request" and not others:
        dp.add("conditions", f"{seq.id} requests target inputs after the source call but the target has none left")
    path = _chain_path(record)
    source_call = next((b for sp, b in turns if sp == "System" and b["action"] == "call"
                        and b["api_request"].get("api_name") == record.source), None)
    if path and source_call is not None:
        n_values = len(values_at(source_call["api_response"].get("result", {}), path))
        if cond.after_source == "request_multi" and n_values < 2:
            dp.add("conditions", f"{seq.id} needs several returned values for the chain, got {n_values}")
        if cond.after_source != "request_multi" and n_values != 1:
            dp.add("conditions", f"{seq.id} needs one returned value for the chain, got {n_values}")
    if corpus is not None and record.source in corpus and record.target in corpus and path:
        profile = profile_of(corpus.get(record.target), corpus.get(record.source), chain_param=chain,
                             chain_output="|".join(path))
        if not seq.compatible(profile):
            dp.add("conditions", f"{seq.id} is not compatible with the documented APIs")


def _chain_path(record: DialogueRecord) -> tuple[str, ...]:
    for turn in record.dialogue:
        body = turn.get("System")
        items = body.get("retriever_status", {}).get("retrieved_api") if body else None
        if isinstance(items, list) and len(items) == 2 and isinstance(items[1], str):
            m = _PROCURE.match(items[1])
            if m:
                return tuple(p.strip() for p in re.split(r"->|\|", m["path"]))
    return ()


def _check_chain(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], calls: list[dict[str, Any]],
                 dp: DialogueProblems) -> None:
    chain, path = record_chain_param(record), _chain_path(record)
    src_call = next((c for c in calls if c["api_request"].get("api_name") == record.source), None)
    tgt_call = next((c for c in calls if c["api_request"].get("api_name") == record.target), None)
    if not chain or not path or src_call is None or tgt_call is None:
        dp.add("chain", "two-API dialogue without a procurement search, a source call and a target call")
        return
    args = {**tgt_call["api_request"].get("required_parameters", {}),
            **tgt_call["api_request"].get("optional_parameters", {})}
    value = as_text(args.get(chain, ""))
    result = src_call["api_response"].get("result", {})
    returned = [as_text(v) for v in values_at(result, path)]
    if value not in returned:
        dp.add("chain", f"target's {chain}={value!r} is not among the source's {'->'.join(path)} values {returned[:5]}")
    elif len(returned) > 1:
        # the user picked a record by another attribute: the picked record must hold the chain value
        src_index = next(j for j, (s, b) in enumerate(turns) if b is src_call)
        pick = next((b["message"] for s, b in turns[src_index:] if s == "User" and b["action"] == "inform"), "")
        picked = [c for c, others in _path_records(result, path)
                  if any(len(o) > 1 and o in pick for o in others)]
        if value not in picked:
            dp.add("chain", f"target's {chain}={value!r} is not the value of the record the user picked")
    mock_t = record.mockdata.get("target", [{}])[0]
    mock_args = {**mock_t.get("required_parameters", {}), **mock_t.get("optional_parameters", {})}
    if as_text(mock_args.get(chain, "")) != value:
        dp.add("chain", f"mockdata target {chain}={mock_args.get(chain)!r} differs from the call's {value!r}")


def _check_plausible(record: DialogueRecord, corpus: Corpus, dp: DialogueProblems) -> None:
    """The chain a careful reader would accept (the sampler's own rule, re-run on the documented APIs)."""
    edge = dict(record.scenario.get("chain") or {})
    chain, path = record_chain_param(record), _chain_path(record)
    output = str(edge.get("source_output") or "|".join(path or ()))
    if record.source not in corpus or record.target not in corpus or not chain:
        return
    component = corpus.get(record.source).output(output)
    if component is None:
        dp.add("plausible", f"undocumented output: {record.source} has no {output}", ChainCheck.UNDOCUMENTED_OUTPUT)
        return
    source = corpus.get(record.source)
    problem = chain_verdict(source, corpus.get(record.target), chain, component, edge,
                            schema_copies=schema_copies(corpus, source))
    if problem is not None:
        dp.add("plausible", str(problem), problem.check)


def _path_records(result: Any, path: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """For the deepest list along ``path``: (chain value, other leaf values) per record."""
    node = result.get("response", result) if isinstance(result, dict) else result
    records: list[Any] | None = None
    rest: tuple[str, ...] = path
    i = 0
    while True:
        if isinstance(node, list):
            records, rest = node, path[i:]
            node = node[0] if node else None
            continue
        if i == len(path) or not isinstance(node, dict):
            break
        node = node.get(path[i])
        i += 1
    out = []
    for record in records or []:
        found = values_at({"response": record}, rest) if rest else [record]
        chain = as_text(found[0]) if found else ""
        out.append((chain, [v for v in leaf_values(record) if v != chain]))
    return out


def validate_records(records: Iterable[DialogueRecord], *, corpus: Corpus | None = None,
                     retriever_config: RetrieverConfig | None = None, retriever: Retriever | None = None,
                     ) -> ValidationReport:
    report = ValidationReport()
    first_seen: dict[str, int] = {}  # dialogue_id -> 1-based position of its first record
    for record in records:
        report.total += 1
        dp = validate_record(record, corpus=corpus, retriever_config=retriever_config, retriever=retriever)
        if record.dialogue_id in first_seen:  # ids key every dataset row: a repeat silently merges two dialogues
            dp.add("duplicate_id", f"dialogue_id {record.dialogue_id!r} repeats record {first_seen[record.dialogue_id]}"
                   f" (this is record {report.total})")
        else:
            first_seen[record.dialogue_id] = report.total
        if dp.problems:
            report.failed.append(dp)
            for kind in dp.kinds:
                report.by_kind[kind] += 1
            report.plausible_kinds.update(dp.checks("plausible"))
            report.world_rules.update({(k, c) for k, c in dp.checked if k in WORLD_CHECKS})
        else:
            report.by_sequence[record.sequence_id] += 1
            for action in record.actions or record.turn_actions():
                report.actions[action if action != "request-multi" else "request"] += 1
    return report
