"""Per-dialogue scores of a finished :class:`~tooldial.simulation.episode.Episode` against its gold plan.

- ``api_selection``: the set of APIs the system called equals the gold set (no call at all in ``fail_01``);
- ``slot_precision`` / ``slot_recall`` / ``slot_f1``: AutoDE's definition per gold call, against the system's
  last successful call of the same API (0 when there is none), averaged over the gold calls; a dialogue without
  gold calls scores 1 when the system made none, else 0;
- ``calls_correct``: every gold call was made successfully with exactly the gold arguments;
- ``answered``: the system's last talking action is the gold one (``response`` or ``response_fail``) and, for a
  response, its message reports every goal-relevant fact of the gold response;
- ``task_success``: ``calls_correct`` and ``answered``, and no failed or extra call on the way;
- ``journey_adherent``: every consecutive pair of actions (user and system) occurs in one of the 23 sequences
  and the conversation ends as a sequence does (``system_bye`` or ``response_fail``) — JourneyBench's
  user-journey-constraint spirit; ``first_deviation`` names the first pair that does not (``(end)`` when the
  conversation stopped mid-journey; an LLM user's unknown act matches any user action that makes both pairs
  allowed);
- ``tests_passed`` / ``tests_total`` (ALMITA): the i-th gold system step is a test, passed when the system's
  i-th step has the same action (and, for a call, the same API and arguments).
"""

from __future__ import annotations

from typing import Any

from tooldial.dialogue.record import USER_ACTIONS
from tooldial.simulation.episode import UNKNOWN_USER_ACTION, Episode
from tooldial.simulation.metrics import ZERO, slot_prf
from tooldial.simulation.scenario import allowed_transitions, release_action

_ALLOWED = allowed_transitions()


def _norm(args: dict[str, Any]) -> dict[str, str]:
    return {str(k): str(v).strip().lower() for k, v in args.items() if str(v).strip() != ""}


#: Actions a finished journey ends with (every one of the 23 sequences ends with one of them).
JOURNEY_ENDS = ("system_bye", "response_fail")


def journey(actions: list[str], *, finished: bool = True) -> tuple[bool, dict[str, Any] | None]:
    """Whether every transition is allowed (and, with ``finished``, the journey reached an end); the first
    deviation as ``{index, from, to}`` (``to`` is ``"(end)"`` when the conversation stopped mid-journey)."""
    sequence = ["", *actions]
    ok, deviation = _transitions(sequence)
    if ok and finished and (not actions or actions[-1] not in JOURNEY_ENDS):
        return False, {"index": len(actions), "from": actions[-1] if actions else "", "to": "(end)"}
    return ok, deviation


def _transitions(sequence: list[str]) -> tuple[bool, dict[str, Any] | None]:
    for i in range(1, len(sequence)):
        prev, nxt = sequence[i - 1], sequence[i]
        if nxt == UNKNOWN_USER_ACTION:
            after = sequence[i + 1] if i + 1 < len(sequence) else None
            if any((prev, u) in _ALLOWED and (after is None or (u, after) in _ALLOWED) for u in USER_ACTIONS):
                continue
            return False, {"index": i - 1, "from": prev, "to": nxt}
        if prev == UNKNOWN_USER_ACTION:
            continue  # checked together with the pair before it
        if (prev, nxt) not in _ALLOWED:
            return False, {"index": i - 1, "from": prev, "to": nxt}
    return True, None


def score_episode(ep: Episode, *, journeys: bool = True) -> dict[str, Any]:
    """Scores of one episode. ``journeys=False`` (native tool calling, whose actions are only call / request /
    response) leaves the journey and per-turn test metrics out (``None``): that protocol cannot express
    retriever calls, clarifications or suggestions."""
    s = ep.scenario
    calls = ep.calls()
    ok_calls = [c for c in calls if c.ok]
    gold_apis = {c.api for c in s.calls}
    called_apis = {c.api for c in calls}
    if s.calls:
        scores = []
        for gold in s.calls:
            made = [c for c in ok_calls if c.api == gold.api]
            scores.append(slot_prf(made[-1].arguments, gold.arguments) if made else ZERO)
        precision = sum(x.precision for x in scores) / len(scores)
        recall = sum(x.recall for x in scores) / len(scores)
        f1 = sum(x.f1 for x in scores) / len(scores)
    else:
        precision = recall = f1 = float(not calls)
    calls_correct = all(any(c.api == g.api and _norm(c.arguments) == _norm(g.arguments) for c in ok_calls)
                        for g in s.calls)
    talking = [t for t in ep.turns if t.speaker == "System" and t.message]
    final = talking[-1] if talking else None
    final_action = ""
    if final is not None:
        finals = [t for t in talking if t.action in ("response", "responsefail")]
        final_action = finals[-1].action if finals else final.action
    answered = final_action == s.final_action
    if answered and s.final_action == "response":
        message = next(t.message for t in reversed(talking) if t.action == "response").lower()
        answered = all(str(f).lower() in message for f in s.facts)
    clean = len(calls) == len(ok_calls) == len(s.calls)
    adherent, deviation = journey(ep.action_sequence())
    system_steps = [(st.action, st.call) for t in ep.turns if t.speaker == "System" for st in t.steps]
    gold_steps = list(s.system_actions)
    gold_calls = iter(s.calls)
    passed = 0
    for i, action in enumerate(gold_steps):
        gold_call = next(gold_calls) if action == "call" else None
        if i >= len(system_steps) or system_steps[i][0] != action:
            continue
        if gold_call is not None:
            made = system_steps[i][1]
            if made is None or not made.ok or made.api != gold_call.api or \
                    _norm(made.arguments) != _norm(gold_call.arguments):
                continue
        passed += 1
    if not journeys:
        adherent, deviation, passed = None, None, None
    return {
        "id": ep.id,
        "dialogue_id": s.dialogue_id,
        "trial": ep.trial,
        "sequence_id": s.sequence_id,
        "stratum": s.stratum_label(),
        **{f"stratum_{k}": v for k, v in s.stratum.items()},
        "api_selection": float(called_apis == gold_apis),
        "slot_precision": precision,
        "slot_recall": recall,
        "slot_f1": f1,
        "calls_correct": float(calls_correct),
        "answered": float(answered),
        "task_success": float(calls_correct and answered and clean),
        "journey_adherent": None if adherent is None else float(adherent),
        "first_deviation": deviation,
        "exact_journey": None if adherent is None else float(ep.action_sequence() == s.actions),
        "tests_passed": passed,
        "tests_total": len(gold_steps),
        "test_pass_rate": None if passed is None else passed / len(gold_steps) if gold_steps else 1.0,
        "calls": len(calls),
        "failed_calls": len(calls) - len(ok_calls),
        "user_turns": ep.user_turns(),
        "off_script_user_turns": sum(1 for t in ep.turns if t.speaker == "User" and not t.on_script),
        "end_reason": ep.end_reason,
        "failures": list(ep.failures),
        "final_action": release_action(final_action) if final_action else "",
    }


#: Metrics aggregated with intervals (per run, per stratum, per sequence).
METRICS = ("task_success", "api_selection", "slot_precision", "slot_recall", "slot_f1", "calls_correct",
           "answered", "journey_adherent", "exact_journey", "test_pass_rate")
