"""Which fields of a call result answer the user's goal (:func:`answer_fields`), most relevant first.

The scenario writer reports them in the final answer; :mod:`~tooldial.dialogue.answer_text` then says them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tooldial.corpus.models import Api
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import (
    STATUS_KEYS,
    FieldName,
    about_the_call,
    as_text,
    field_kind,
    leaf_items,
    price_sign_field,
    values_at,
)
from tooldial.dialogue.mockdata.files import made_file
from tooldial.dialogue.mockdata.paging import PAGE_KEYS, PAGES_KEYS, SIZE_KEYS
from tooldial.dialogue.weather import WEATHER_GOAL
from tooldial.dialogue.weather import role as weather_role
from tooldial.dialogue.world_checks import asked_field, enumerated_words, unasked_id
from tooldial.graph.record_types import api_subject_words
from tooldial.knowledge.english import plural, singular, stem, word_classes
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.knowledge.taxonomy import name_tokens, picture_side, picture_size_keys

#: Kinds a user asking about something wants to hear about (ids, links and flags only when the goal asks).
_READABLE_KINDS = knowledge_words("field_kinds", "readable")
_GENERIC_LEAVES = knowledge_words("documentation", "generic_leaves")
#: Parents that name no record (``labels.generic_nouns``: data, results, value): a generic leaf under one is
#: named alone.
_GENERIC_NOUNS = knowledge_words("labels", "generic_nouns")
#: Kinds whose bare-number value is an unexplained code ("the team type is 0"): said only when the goal names it.
_CODED_KINDS = knowledge_words("field_kinds", "coded_when_numeric")

#: Words of a goal that asks for links or images (``knowledge/packs/web.yaml``).
_LINK_GOALS = knowledge_words("web", "link_goals")

#: Values of a yes/no flag whatever its documented type (``knowledge/packs/labels.yaml``): "true" names nothing.
_FLAG_VALUES = knowledge_words("labels", "boolean_values")

#: Words of a goal about colours (``knowledge/packs/answer_goals.yaml``).
_COLOUR_GOAL = knowledge_words("answer_goals", "colour_goal")
#: How the keys a framework adds to a record begin (``envelope.bookkeeping_prefixes``: GraphQL's ``__typename``,
#: MongoDB's ``__v``).
_BOOKKEEPING = tuple(sorted(knowledge_words("envelope", "bookkeeping_prefixes")))

#: Words of a goal that asks for a picture's size (``knowledge/packs/answer_goals.yaml``).
_PICTURE_SIZE_GOALS = knowledge_words("answer_goals", "picture_size_goal")


#: Words that make an API a check, and words of a check that say how it checks (``answer_goals`` pack).
_CHECK_GOAL = knowledge_words("answer_goals", "check_goal")
_NOT_VERDICT_GOAL = knowledge_words("answer_goals", "verdict_not_goal")
#: First words of a flag's name that only say it is a flag ("is valid", "has mx").
_FLAG_LEADS = frozenset(str(k) for k in word_map("english", "flag_label_leads"))


def verdict_flag(api_name: str, description: str, result: Any, inputs: Iterable[str] = ()) -> tuple[str, ...] | None:
    """The yes/no flag that answers a check, or None: the API's name or description makes it a check
    (``answer_goals.check_goal``: validate, verify, check, detect, whether) and the flag's own words ask about one of
    the goal's words in another form (a shared Snowball stem: ``valid`` of "Validate Email Address", ``in_stock`` of
    "Pharmacy Stock Check", ``available`` of "availability"), a word that is not only a noun and not the words of the
    ``inputs``' names (what is checked: ``free_email`` of an email check is no verdict; a ``database`` component
    neither), nor a flag named like the call's own report (``result``, ``status``, ``success``: which way it
    answers is not in its name). Of several, the shallowest (the email's ``valid``, not its SMTP step's); a flag of
    a list's records is none (each record has its own)."""
    goal = set(readable(f"{api_name} {description}").lower().split())
    if not goal & _CHECK_GOAL:
        return None
    given = {w for name in inputs for w in readable(name).lower().split()}  # what is checked: the email, the domain
    stems = {stem(w) for w in goal - _NOT_VERDICT_GOAL - given if len(w) >= 4 and w.isalpha()}
    items = leaf_items(result)
    counts: dict[tuple[str, ...], int] = {}
    for path, _ in items:
        counts[path] = counts.get(path, 0) + 1
    found = [path for path, value in items if path and counts[path] == 1 and (
        isinstance(value, bool) or as_text(value).strip().lower() in ("true", "false")) and any(
        stem(t) in stems and word_classes(t) != {"NOUN"} for t in name_tokens(path[-1]) if t not in _FLAG_LEADS)
        and "".join(name_tokens(path[-1])) not in _CALL_WRAPPERS | STATUS_KEYS]  # a bare "result": true says not what
    return min(found, key=len) if found else None


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
    asked_by = _asked_by_records(api)
    wants_links = bool(goal & _LINK_GOALS)
    # the fields the description enumerates ("agency, phone, rating and number of active listings") are all
    # reported, whatever the limit: a user who named four fields gets four (world engineer, issue 11)
    enumerated = enumerated_words(api.description)
    asked_count = len({p[-1] for p, v in leaf_items(result) if p and asked_field(p[-1], enumerated)
                       and not unasked_id(p[-1], api.name, api.description)})
    verdict = verdict_flag(api.name, api.description, result, (p.name for p in api.parameters))
    limit = max(limit, asked_count) + (verdict is not None)  # the verdict takes no other field's place
    scored: list[tuple[float, int, str, str, str]] = []
    seen_paths: set[tuple[str, ...]] = set()
    items = leaf_items(result)
    # a JSON:API record's ``type`` ("discussion", "filing") names the resource kind, never an answer
    resource_types = {p[:-1] + ("type",) for p, _ in items if len(p) >= 2 and p[-2] in ("attributes", "relationships")}
    picture_sides = _picture_sides(result, {p for p, _ in items})
    page_sizes = _page_sizes(result, {p for p, _ in items})
    made = made_file(api)  # the link to the file a conversion or an edit made is what the user asked for
    made_path = made[0].path if made is not None else None
    for order, (path, value) in enumerate(items):
        if path and path == verdict:  # what the check found ("it's not valid") comes first
            seen_paths.add(path)
            scored.append((-1000.0, order, "|".join(path), _field_label(path), as_text(value).strip()))
            continue
        if not path or path in seen_paths or value is None or isinstance(value, bool):
            continue
        seen_paths.add(path)
        text = as_text(value).strip()
        kind = field_kind(FieldName(path[-1], "string"))
        asked = asked_field(path[-1], enumerated)
        if path in resource_types or text in said and _all_said(result, path, said) or path in page_sizes and not asked:
            continue  # a page's size ("size": 25 beside "page": 1) is how the listing is cut, not news
        if kind in _CODED_KINDS and re.fullmatch(r"-?\d+", text) and not asked and not _path_words(
                tuple(name_tokens(path[-1])[-1:])) & goal:
            continue  # "the team type is 0": a code, not a fact, unless the goal names its head ("Get team type")
        if path[-1].startswith(_BOOKKEEPING) or kind == "symbol" and not asked and price_sign_field(FieldName(
                path[-1], parent=path[-2] if len(path) > 1 else "")) and not _path_words(path[-1:]) & goal:
            continue  # a framework's bookkeeping (``__typename``: "ContextEpisodePage") and a price's currency sign
            # ("₹ with 3.3 stars") name no record and answer nothing, unless the goal asks for the sign
        if not text or len(text) > 80 or unasked_id(path[-1], api.name, api.description) or (
                kind in ("url", "image") and not wants_links and not asked and path != made_path) or (
                re.fullmatch(r"#[0-9a-fA-F]{3,8}", text) and not goal & _COLOUR_GOAL) or (
                not asked and not goal & _PICTURE_SIZE_GOALS and (path in picture_sides or picture_side(
                    FieldName(path[-1], "number", parent=path[-2] if len(path) > 1 else "")) is not None)):
            continue  # a picture's width or height is about the picture, not news, unless the goal asks for it
        # every enumerated field first: the limit then never cuts one
        score = _relevance(path, kind, _goal_of_path(path, goal, asked_by)) + (100.0 if asked else 0.0)
        scored.append((-score, order, "|".join(path), _field_label(path), text))
    scored.sort()
    told = "|".join(verdict) if verdict else None
    if any(not _about_the_call(key, text, enumerated) for _, _, key, _, text in scored):
        # how the call went ("status: success", "current page: 1") and what it cost ("server time: 10:45",
        # "credit count: 115", "has more: yes", "num results: 5") are no answer when the result holds one
        scored = [row for row in scored if row[2] == told or not _about_the_call(row[2], row[4], enumerated)]
    else:  # only the call's own report: a status other than "done" ("pending") or what the goal names
        # ("credits left" of a credits lookup) is news; "status: success", "request left: 99,997" are not
        scored = [row for row in scored if row[2] == told or _still_news(row[2], row[4], goal)]
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


def _picture_sides(result: dict[str, Any], paths: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The paths of a result that hold a picture's width or height by the record around them (a cover's
    ``sources[]`` with its ``url``: :func:`~tooldial.knowledge.taxonomy.picture_size_keys`)."""
    return {path for path in paths if path and name_tokens(path[-1]) in (("width",), ("height",)) and any(
        path[-1] in picture_size_keys(record) for record in values_at(result, path[:-1]) if isinstance(record, dict))}


def _page_sizes(result: dict[str, Any], paths: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The paths of a result that hold a page's size (``size``, ``limit``, ``pageSize``) by the record around them:
    one that also says which page it is or how many pages there are (a bare ``size`` is a file's or a shoe's)."""
    def paged(record: dict[str, Any]) -> bool:
        return any("".join(name_tokens(k)) in PAGE_KEYS | PAGES_KEYS for k in record)
    return {path for path in paths if path and "".join(name_tokens(path[-1])) in SIZE_KEYS and any(
        paged(record) for record in values_at(result, path[:-1]) if isinstance(record, dict))}


#: A word with a one-letter prefix (``E-Sports``, ``e-mail``, ``X-ray``): one word; not inside a longer hyphenated
#: run (a URL slug's ``create-a-file``), nor after a one-letter English word (``english.one_letter_words``).
_PREFIXED = re.compile(r"(?<![\w-])(?!(?:" + "|".join(sorted(knowledge_words("english", "one_letter_words")))
                       + r")-)[A-Za-z]-[A-Za-z]+(?![\w-])", re.IGNORECASE)


#: Field names that only name their record, and goal words that ask for a name (``answer_goals`` pack).
_LABEL_FIELDS = knowledge_words("answer_goals", "label_fields")
_LABEL_GOAL = knowledge_words("answer_goals", "label_goal")


def names_only(api: Api, fields: list[tuple[str, str, str]]) -> bool:
    """Whether an answer is only its record's name while the goal asks for something else: a lookup of a
    statement, technicals or a forecast whose documented data came back empty and leaves only ``title``."""
    return bool(fields) and all(re.sub(r"[^a-z0-9]", "", key.split("|")[-1].lower()) in _LABEL_FIELDS
                                for key, _, _ in fields) and not (_goal_words(api) & _LABEL_GOAL)


def codes_only(api: Api, fields: list[tuple[str, str, str]]) -> bool:
    """Whether an answer is only codes of how the call went, a status code or an error code that is a whole number
    (Linguist's Summarizer answered ``{"code": 21}``, a background removal its ``error_code``), while the API's name
    asks for no code (its description often says what an error returns): the call gave nothing the user asked for."""
    return bool(fields) and all("".join(name_tokens(key.split("|")[-1])) in _CALL_CODE_KEYS and re.fullmatch(
        r"-?\d+", value.strip()) for key, _, value in fields) and not set(readable(api.name).split()) & _CODE_GOALS


def _goal_words(api: Api) -> set[str]:
    """The words of what the user asks for: the API's name and description, singular forms too ("ingredient
    quantities" asks for each ``quantity``), less what the call is asked *by* (schedules "from a specific
    category" on "a specific day": the category's name is no answer to a schedule)."""
    # a word after a one-letter prefix is one word ("E-Sports" is esports, not sports: a player's team's ``sport``
    # is no answer; e-mail, X-ray); longer hyphenated phrases keep their words ("due-back date", "feels-like")
    text = _PREFIXED.sub(lambda m: m.group(0).replace("-", ""), api.name + " " + api.description)
    goal = set(readable(text).replace("'s", "").split())
    goal |= {singular(w) for w in goal}
    given = {w for p in api.parameters for w in readable(p.name).split()} - set(readable(api.name).split())
    return goal - given


#: Words that say "the id of this record" (``identifiers.bare_id``): an input named so alone (``id``) names its
#: record in its description ("The ID of the team for which to retrieve the players").
_BARE_IDS = knowledge_words("identifiers", "bare_id")
#: Words between "the ID of" and the record it names ("the", "a specific": ``documentation.topic_determiners``).
_DETERMINERS = knowledge_words("documentation", "topic_determiners")
_RECORD_OF_ID = re.compile(r"\b(?:" + "|".join(sorted(_BARE_IDS)) + r")\s+(?:of|for)\s+(?:(?:"
                           + "|".join(sorted(_DETERMINERS)) + r")\s+)+([a-z]+)\b", re.IGNORECASE)


def _asked_by_records(api: Api) -> set[str]:
    """The records a call is asked *by*, which the user already knows: the record an id input names (``team`` of
    ``team_id``; of a bare ``id``, the one its description names), unless it is the record the API's name is about
    (its last record word before "by": ``player`` of "TeamPlayers", ``city`` of "Get city by ID", ``item`` of "Item
    Detail"). Read by :func:`_goal_of_path`."""
    subject = api_subject_words(api.name)  # "Item Detail" is about the item: its details name no record
    head = subject[-1] if subject else ""
    records: set[str] = set()
    for p in api.parameters:
        words = readable(p.name).split()
        if not words or words[-1] not in _BARE_IDS:
            continue
        if len(words) > 1:
            records.add(singular(words[-2]))
        elif (m := _RECORD_OF_ID.search(p.description or "")) is not None:
            records.add(singular(m.group(1).lower()))
    records.discard(head)
    # records the documentation says in the plural are what comes back too ("Returns 4 related movies" by a
    # movie's id): those stay in the goal
    said = set(readable(api.name + " " + (api.description or "")).split())
    asked_by = {w for w in records if plural(w) not in said}
    return asked_by | {plural(w) for w in asked_by}


def _goal_of_path(path: tuple[str, ...], goal: set[str], asked_by: set[str]) -> set[str]:
    """The goal words a field's path is scored by: less the records the call is asked by (:func:`_asked_by_records`)
    where the path reaches one inside a record the goal names. A player's ``team|tournament|name`` is about the
    team the call was asked by, not about the players; a product's name at the top of its reviews still counts."""
    seen_goal = False
    for segment in path[:-1]:
        words = _path_words((segment,))
        if seen_goal and words & asked_by:
            return goal - asked_by
        seen_goal = seen_goal or bool(words & (goal - asked_by))
    return goal


def _relevance(path: tuple[str, ...], kind: str | None, goal: set[str]) -> float:
    """How much a field answers the goal: its words in the goal, a kind people read, a shallow path; a forecast's
    air temperature and a quote's last price lead their goals."""
    words = _path_words(path)
    return 2.0 * len(words & goal) + (1.0 if kind in _READABLE_KINDS else 0.0) - 0.25 * (len(path) - 1) + (
        3.0 if _leads(path, goal) else 0.0)


def _path_words(path: tuple[str, ...]) -> set[str]:
    """The words of a result path as a goal is compared with them, singular forms too."""
    words = set(readable(" ".join(path)).split())
    return words | {singular(w) for w in words}


def _leads(path: tuple[str, ...], goal: set[str]) -> bool:
    """Whether the field is what its kind of goal is about: a forecast's air temperature, a quote's last price,
    a table's positions and points."""
    return bool(goal & WEATHER_GOAL and weather_role(path[-1]) == "temp" or goal & QUOTE_GOAL and path[
        -1].lower() in PRICE_FIELDS or goal & TABLE_GOAL and _table_column(path[-1]))


#: Words of a goal about a league table or a ranking: its rows' positions and points are the answer.
TABLE_GOAL = knowledge_words("answer_goals", "table_goal")

#: Last words of a table row's answer fields (``knowledge/packs/answer_goals.yaml``).
_TABLE_COLUMNS = knowledge_words("answer_goals", "table_columns")


def _table_column(key: str) -> bool:
    f = FieldName(key, "number")
    return field_kind(f) == "standing" and f.tokens[-1] in _TABLE_COLUMNS and not f.has(
        "home", "away")


#: Status values that only say the call went through (``knowledge/packs/status.yaml``).
_DONE_VALUES = knowledge_words("status", "done_values")


def _still_news(key: str, text: str, goal: set[str]) -> bool:
    """Whether a field about the call still tells the user something when the result holds nothing else: a status
    other than done ("pending", "false"), or a value the goal names (the credits a credits lookup asks for)."""
    last = key.split("|")[-1]
    if last.lower() in STATUS_KEYS:  # "status": "false" answers "is this username taken?"
        return text.lower() not in _DONE_VALUES
    return bool(_path_words(tuple(key.split("|"))) & goal) and text.lower() not in _FLAG_VALUES


#: Joined result keys about the call itself (``knowledge/packs/envelope.yaml``).
_META_KEYS = knowledge_words("envelope", "meta_keys")
#: Joined keys of an error code (``errors`` pack): a code of 0 says only that the call went through.
_ERROR_CODE_KEYS = knowledge_words("errors", "error_code_keys")
#: Keys of a status code or an error code (``errors.status_code_keys``, ``errors.error_code_keys``; words joined).
_CALL_CODE_KEYS = knowledge_words("errors", "status_code_keys") | _ERROR_CODE_KEYS
#: Words of an API's name that ask for a code of how a call goes ("Get error codes", "Check URL status").
_CODE_GOALS = knowledge_words("answer_goals", "code_goals")
#: Keys whose ``status`` is the call's: the envelope and the wrappers of a result (``data``, ``response``).
_CALL_WRAPPERS = knowledge_words("envelope", "envelope") | knowledge_words("containers", "mock_wrapper")


def _about_the_call(key: str, text: str, enumerated: frozenset[str]) -> bool:
    """Whether a field is about the call rather than what it was for: how it went (status, paging), what it
    cost or returned (server time, credits, a more-pages flag, a count of returned items, a next-page token),
    or a bare yes/no flag.
    A status the description asks for ("delivery status": out for delivery) is news. (Paging tokens and cursors
    are mostly ids already: ``unasked_id`` keeps them out.)"""
    parts = key.split("|")
    last = parts[-1]
    done = text.lower() in _DONE_VALUES
    joined = "".join(name_tokens(last))
    meta = about_the_call(last) or joined in _META_KEYS or joined in _ERROR_CODE_KEYS and text in ("0", "") or (
        text.lower() in _FLAG_VALUES)  # a flag in text ("following: true") names nothing either
    if meta and not done and last.lower() == "status" and len(parts) > 1 and parts[-2].lower() not in _CALL_WRAPPERS:
        return False  # a record's own status (an e-mail's "invalid", an order's "shipped") is news, not the call's
    return (meta or done) and not (asked_field(last, enumerated) and not done)


#: Words of a goal about a price or a quote, and the fields that state the price itself (a quote's ``last``).
QUOTE_GOAL = knowledge_words("answer_goals", "quote_goal")
PRICE_FIELDS = knowledge_words("answer_goals", "price_fields")


def _all_said(result: dict[str, Any], path: tuple[str, ...], said: set[str]) -> bool:
    """Whether every value of ``path`` is one the user said (a search's other titles are news, its own is not)."""
    return all(as_text(v).strip() in said for v in values_at(result, path) if not isinstance(v, dict | list))


#: Kinds that name a list's records (what a list answer enumerates).
_LISTED_KINDS = knowledge_words("field_kinds", "listed")


def _field_label(path: tuple[str, ...]) -> str:
    """How a response names a field: its last part, with the parent for generic ones (``artist name``)."""
    last = readable(path[-1])
    if path[-1].lower() in _GENERIC_LEAVES and len(path) > 1 and readable(path[-2]) not in _GENERIC_NOUNS:
        return f"{singular(readable(path[-2]))} {last}"
    return last  # under a wrapper that names no record (OData's ``value``): "title", not "value title"
