"""Persona coherence: does each dialogue's user read as one person whose details agree with the task?

A reader of synthetic dialogues notices when the user is two people ("I work as an insurance surveyor. As a
gamer, …"), ties a private errand to their employer ("It's what Moon-Wells has on file" for a coin's currency),
copies a pick from the system's own list out of a record ("Let's go with Lisbon Geophysical Institute. It's
written in the project wiki."), names a record of another domain (an invoice for a flight), is on a trip while
decoding a VIN, has two purposes at once (a christening and a date night), or claims to keep it short in a long
chatty turn. :func:`coherence_check` counts the dialogues with any such combination, per kind, from the user
turns' text, the dialogue's domain and the actions — the same rows the rest of the audit reads.

The vocabularies are the renderer's own phrase lists (jobs, roles, occasions, plans, records), so the check finds
what the template renderer can say; text from other renderers is checked for the same phrases.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tooldial.audit.leaks import Check
from tooldial.knowledge.loader import ordered_words

#: What a kind of incoherence means, for the verdict.
KINDS = {
    "two_identities": "the user names themselves as two different people (a job and another role)",
    "work_tie_private": "a private errand tied to the user's work or employer",
    "two_purposes": "two different purposes (an occasion and a plan, or two occasions)",
    "source_on_pick": "a pick from the system's options said to come from a record",
    "record_off_domain": "a record of another domain (an invoice for a flight, a boarding pass for a stock)",
    "trip_off_domain": "a traveller's aside in a dialogue that is not about travel",
    "short_claim_long": "says they keep it short (\"I'll keep this short\", \"short replies\") in a long turn",
}
#: Phrases that tie a task to the user's work or employer (said by a user whose role is private).
_WORK_TIE = re.compile("|".join(ordered_words("replies", "work_ties")), re.IGNORECASE)
#: A user saying they keep it short (not "Quick is good": that is about the answer).
_SHORT_CLAIM = re.compile("|".join(ordered_words("replies", "short_claims")), re.IGNORECASE)
#: Sources that are not records but still say a value was copied or read out (not how one picks an option).
_COPIED = "|".join(ordered_words("replies", "copied_value_sources"))
#: Words of a turn above which "I'll keep this short" contradicts the turn itself.
LONG_TURN = 35
#: Self-descriptions: "I'm a …", "I work as an …", "As a …,", "Being a …".
_IDENTITY = re.compile(r"(?:" + "|".join(ordered_words("replies", "self_description_leads")) + r")\s+(an?\s+[a-z][a-z' -]+)",
                       re.IGNORECASE)


@lru_cache(maxsize=1)
def _vocab() -> dict[str, Any]:
    from tooldial.dialogue.intents import DEFAULT_PERSONA, PERSONAS
    from tooldial.dialogue.user_profile import (
        DOMAIN_RECORDS,
        EVENTS,
        OCCASIONS,
        RECORDS,
        WORK_EVENTS,
        WORK_RECORDS,
        WORK_ROLES,
        _lists,
    )
    from tooldial.dialogue.user_situation import PLANS, TRIP_ASIDES, TRIP_DOMAINS, TRIP_PARTS

    roles = {re.sub(r"\btheir\b", "my", e[0]).lower() for e in (*PERSONAS.values(), DEFAULT_PERSONA)}
    jobs = {j.lower() for j in _lists()[1]}
    events = sorted({*EVENTS, *WORK_EVENTS, *(e for v in OCCASIONS.values() for e in v)}, key=len, reverse=True)
    plans = sorted({p for v in PLANS.values() for p in v}, key=len, reverse=True)
    everyday = {r for r in RECORDS if "{" not in r}
    bound: dict[str, set[str]] = {}
    for key, recs in DOMAIN_RECORDS.items():
        for r in recs:
            if "{" not in r and r not in everyday:
                bound.setdefault(r, set()).add(key)
    records = sorted({re.sub(r"\{\w+\}", "", r).strip() for r in (*RECORDS, *WORK_RECORDS,
                                                                  *(x for v in DOMAIN_RECORDS.values() for x in v))
                      if len(re.sub(r"\{\w+\}", "", r).strip()) > 6}, key=len, reverse=True)
    trip = [re.escape(t) for t in TRIP_PARTS] + [re.escape(a).replace(r"\{town\}", r"[A-Z][\w ]+?")
                                                 for a in TRIP_ASIDES]
    # an occasion, not the API's own word ("the tournament id" is no tournament the user is going to)
    return {"roles": roles, "jobs": jobs,
            "events": re.compile(r"\b(" + "|".join(map(re.escape, events)) + r")\b(?!\s+(?:[Ii][Dd]s?|names?)\b)"),
            "plans": re.compile("|".join(map(re.escape, plans))), "bound": bound,
            "bound_re": re.compile("|".join(map(re.escape, sorted(bound, key=len, reverse=True)))),
            "records": re.compile(r"\b(?:from|in|against|with) (?:" + "|".join(map(re.escape, records)) + ")|"
                                  r"(?:" + "|".join(map(re.escape, records)) + r") says|" + _COPIED),
            "trip": re.compile("|".join(trip)),
            "trip_domains": TRIP_DOMAINS, "work_roles": WORK_ROLES}


def _key(domain: str, keys: Sequence[str]) -> str:
    from tooldial.dialogue.user_situation import domain_key

    return domain_key(domain, {k: () for k in keys})


def _role(domain: str) -> str:
    """The domain role a dialogue of ``domain`` gives its user (:func:`tooldial.dialogue.intents.persona_of`)."""
    from tooldial.dialogue.intents import DEFAULT_PERSONA, PERSONAS, words

    for word in words(domain):
        for key, entry in PERSONAS.items():
            if word.startswith(key):
                return entry[0]
    return DEFAULT_PERSONA[0]


def identities(text: str) -> set[str]:
    """The jobs and roles a user's text calls the user ("I'm a nurse", "As a crypto investor, …")."""
    v = _vocab()
    found = set()
    for m in _IDENTITY.finditer(text):
        phrase = re.sub(r"^an?\s+", "", m.group(1).lower()).strip()
        for known in v["roles"]:
            if m.group(1).lower().startswith(known):
                found.add(known)
        words = phrase.split()
        for n in range(min(len(words), 5), 0, -1):  # the longest job the phrase starts with
            head = " ".join(words[:n])
            if head in v["jobs"]:
                found.add(head)
                break
    return found


def dialogue_problems(row: dict[str, Any]) -> list[str]:
    """The kinds of :data:`KINDS` one dialogue row (``turns`` with speaker/action/message, ``domain``, and the
    sequence ``actions`` when the row has them) shows."""
    v = _vocab()
    domain = str(row.get("domain") or "")
    turns = row.get("turns") or []
    user = [str(t.get("message") or "") for t in turns if t.get("speaker") == "User"]
    text = " ".join(user)
    out = []
    if len(set().union(*map(identities, user)) if user else set()) > 1:
        out.append("two_identities")
    if _role(domain) not in v["work_roles"] and _WORK_TIE.search(v["plans"].sub(" ", text)):  # "move cities for work"
        out.append("work_tie_private")
    plans = set(v["plans"].findall(text))
    events = set(v["events"].findall(_IDENTITY.sub(" ", v["plans"].sub(" ", text))))  # "I'm a charity fundraiser"
    if len(events) > 1 or (events and plans) or len(plans) > 1:
        out.append("two_purposes")
    # the release writes ``request-multi`` as ``request``: the row's sequence actions tell them apart
    actions = row.get("actions") or []
    acts = list(actions) if len(actions) == len(turns) else [t.get("action") for t in turns]
    for before, act, turn in zip(acts, acts[1:], turns[1:], strict=False):
        if before == "request-multi" and act == "inform" \
                and v["records"].search(str(turn.get("message") or "")):
            out.append("source_on_pick")
            break
    for record in set(v["bound_re"].findall(text)):
        if not _key(domain, sorted(v["bound"][record])):
            out.append("record_off_domain")
            break
    if not _key(domain, v["trip_domains"]) and v["trip"].search(text):
        out.append("trip_off_domain")
    if any(_SHORT_CLAIM.search(u) and len(u.split()) > LONG_TURN for u in user):
        out.append("short_claim_long")
    return out


def coherence_check(dialogue_rows: Sequence[dict[str, Any]]) -> Check:
    """Dialogues whose user is not one coherent person (:data:`KINDS`), with counts per kind in the verdict."""
    counts: Counter[str] = Counter()
    affected, examples = 0, []
    for row in dialogue_rows:
        kinds = dialogue_problems(row)
        counts.update(kinds)
        if kinds:
            affected += 1
            if len(examples) < 3:
                first = next((str(t.get("message")) for t in row.get("turns") or [] if t.get("speaker") == "User"), "")
                examples.append(f"{row.get('dialogue_id')}: {', '.join(kinds)}: {first[:120]!r}")
    rows = len(dialogue_rows)
    if not rows:
        return Check(name="persona coherence", status="n/a", rows=0, affected=0, verdict="no rows to check")
    per_kind = "; ".join(f"{k} {counts[k]}" for k in KINDS if counts[k])
    verdict = (f"{affected:,} of {rows:,} dialogues ({affected / rows:.1%}) have an incoherent user ({per_kind})"
               if affected else f"every user reads as one person ({rows:,} dialogues)")
    return Check(name="persona coherence", status="incoherent" if affected else "ok", rows=rows, affected=affected,
                 verdict=verdict, examples=examples)
