"""Checks of the world inside a dialogue: the validator kinds ``filler``, ``consistency``, ``groups``, ``answer``.

- ``filler``: no value of the mock data is a generated filler token (``willow-5166``, ``Velvet Orbit``) — the
  vocabulary of the old generator, and any ``word-1234`` token — nor Faker lorem text standing in for a typed
  value (``"pb": "mother"``, ``"homeStatusLabel": "Civil Imagine Minute"``, a sentence of lorem words) that
  the documentation does not show (:func:`lorem_filler`);
- ``consistency``: every record (inputs of a call, each object of a result) agrees with itself and the world:
  a start/check-in date before its end/check-out, minimum ≤ maximum temperature, temperatures, ratings and
  percentages in range, clock times that exist, dates that parse, a known city with the country code of its
  country, ``amount × rate = converted``, a currency pair of two currencies; the dates of a result agree with
  the dialogue's time: a series (forecast, schedule, history) in order and inside the start–end range the call
  asked for, "current"/"updated"/"latest" stamps in the world's year (not years stale);
- ``groups``: a call's latitude and longitude come from one origin (both said by the user, or both from one
  API result);
- ``answer``: the final response reports fields of the target's result (``scenario.answer_fields``), and no id
  unless the API's documentation is about ids; a lookup is not answered by an error (a documented 404 or rate
  limit served as its result) or by how the call went alone (``status: success``).
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import Any, Protocol

from tooldial.corpus.models import Corpus
from tooldial.dialogue import error_results
from tooldial.dialogue.mockdata import (
    OLD_TITLE_WORDS,
    STATUS_KEYS,
    WORLD_YEAR,
    FieldName,
    as_text,
    calendar_problems,
    climate_problems,
    code_kind,
    code_name_problems,
    date_bounds,
    documented_error,
    documented_output,
    drawn_topic_title,
    echoed_id_problems,
    elsewhere_words,
    exchange_rate_problems,
    field_kind,
    foreign_lookup,
    foreign_strings,
    input_climate,
    is_now_stamp,
    leaf_items,
    lookup_places,
    names_elsewhere,
    one_name_problems,
    paging_problems,
    parse_date,
    places,
    price_jump_problems,
    series_direction,
    series_key,
    values_at,
)
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.slot_words import is_headline
from tooldial.dialogue.weather import WEATHER_GOAL, needs_climate, weather_problems
from tooldial.dialogue.weather import role as weather_role
from tooldial.knowledge import loader
from tooldial.rules.record import check_record
from tooldial.rules.world.city_country import city_countries

#: The validator kinds this module checks; each message starts with the rule it broke ("ohlc: ...").
WORLD_CHECKS = ("filler", "consistency", "groups", "answer")


class DialogueProblems(Protocol):
    """Where problems go (:class:`tooldial.dialogue.validate.DialogueProblems`)."""

    def add(self, kind: str, message: str) -> None: ...

_OLD_WORDS = loader.ordered_words("placeholders", "old_generator_words")
FILLER = re.compile(r"^[a-z]+-\d{4}$|\b(" + "|".join(_OLD_WORDS) + r")-\d{3,5}\b|^(" +
                    "|".join(w.capitalize() for w in _OLD_WORDS) + r") (" +
                    "|".join(w.capitalize() for w in _OLD_WORDS) + r")$")
#: The old generator's titles ("The Frozen Harvest", "The Secret Cathedral"): placeholders whatever they name.
OLD_TITLE = re.compile(r"^The (" + "|".join(OLD_TITLE_WORDS[0]) + r") (" + "|".join(OLD_TITLE_WORDS[1]) + r")$")


@lru_cache(maxsize=1)
def _lorem_words() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider

    return frozenset(Provider.word_list)


#: Plain words that are real values of status-like fields (and Faker lorem words too).
_VALUE_WORDS = loader.words("status", "plain_values")
_WORDS = re.compile(r"[A-Za-z]+")
#: Kinds whose values are plain words or come from Faker's name/company/address providers (not lorem text).
_NAMED_KINDS = frozenset({"status", "gender", "boolean", "query", "category", "person", "company", "first_name",
                          "last_name", "username", "address", "city", "country", "state", "language",
                          "currency_name", "email", "url", "image", "file", "language_code", "country_code",
                          "currency_code", "timezone"})


@lru_cache(maxsize=1)
def _faker_jobs() -> frozenset[str]:
    from faker.providers.job.en_US import Provider

    return frozenset(Provider.jobs)


def lorem_filler(value: Any, key: str = "", documented: frozenset[str] = frozenset()) -> bool:
    """A Faker lorem value standing in for a typed one: a string made only of lorem words (one lowercase word,
    or two or more words in any case) that the documentation does not show and that is not a plain value word
    (``success``, ``open``) of a status-like field."""
    if not isinstance(value, str) or not value.strip() or value in documented or value.lower() in documented:
        return False
    words = _WORDS.findall(value)
    if not words or len("".join(words)) < len(re.sub(r"[\s.,!?'-]", "", value)):  # digits, symbols: not lorem
        return False
    lorem = _lorem_words()
    if not all(w.lower() in lorem for w in words) or value in _faker_jobs() or is_headline(value):
        return False
    if (field_kind(FieldName(key)) if key else None) in _NAMED_KINDS:
        return False
    return len(words) > 1 or (value.islower() and value not in _VALUE_WORDS)


@lru_cache(maxsize=1)
def _builtin() -> Corpus:
    from tooldial.corpus import load_corpus

    return load_corpus("builtin")


def documented_values(record: DialogueRecord, corpus: Corpus | None) -> frozenset[str] | None:
    """Every scalar the documentation of the record's APIs shows (examples, defaults, enums, example
    responses), as text; None when the documentation is not at hand (no corpus, and the APIs are not the
    embedded corpus's): the lorem check is then skipped rather than guessed."""
    if corpus is None or record.target not in corpus:
        corpus = _builtin()
        if record.target not in corpus:
            return None
    out: set[str] = set()
    for api_id in (record.source, record.target):
        if not api_id or api_id not in corpus:
            continue
        api = corpus.get(api_id)
        for p in api.parameters:
            for v in (p.example, p.default, *(p.enum or [])):
                out.update(as_text(x) for _, x in error_results.leaves(v))
        for c in api.output_components:  # a documented enum member ("standard" tier) is documented, not lorem
            out.update(as_text(x) for _, x in error_results.leaves([c.example, *(c.enum or ())]))
        out.update(as_text(x) for _, x in error_results.leaves(api.example_response))
    return frozenset(out)


def check_world(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], walk: Any,
                dp: DialogueProblems, corpus: Corpus | None = None) -> None:
    """Run the four world checks on one dialogue (``corpus``: what counts as documented for ``filler``)."""
    documented = documented_values(record, corpus)
    said = " ".join([str(b.get("message", "")) for sp, b in turns if sp == "User"] + [
        as_text(v) for side in ("source", "target") for mock in record.mockdata.get(side, [])
        for v in {**mock.get("required_parameters", {}), **mock.get("optional_parameters", {})}.values()]).lower()
    for side in ("source", "target"):
        for mock in record.mockdata.get(side, []):
            inputs = {**mock.get("required_parameters", {}), **mock.get("optional_parameters", {})}
            for where, value in error_results.leaves({"inputs": inputs, "result": mock.get("output_components")}):
                if isinstance(value, str) and FILLER.search(value):
                    dp.add("filler", f"filler token: {mock.get('api_name')}: {where}={value!r}")
                elif isinstance(value, str) and OLD_TITLE.match(value) and (documented is None or value not in documented):
                    dp.add("filler", f"placeholder title: {mock.get('api_name')}: {where}={value!r}")
                elif drawn_topic_title(value, said) is not None:
                    dp.add("filler", f"unasked topic: {mock.get('api_name')}: {where}={value!r} is about "
                                     f"{drawn_topic_title(value, said)}, which the dialogue never mentions")
                elif documented is not None and lorem_filler(value, where.rsplit(".", 1)[-1], documented):
                    dp.add("filler", f"lorem words: {mock.get('api_name')}: {where}={value!r}")
            name = str(mock.get("api_name") or "")
            for problem in id_form_problems(mock.get("output_components")):
                dp.add("filler", _located(problem, f"{name} result"))
            for problem in record_problems(inputs):
                dp.add("consistency", _located(problem, f"{name} inputs"))
            for obj in objects(mock.get("output_components")):
                for problem in record_problems(obj):
                    dp.add("consistency", _located(problem, f"{name} result"))
            for problem in date_problems(inputs, mock.get("output_components"), name):
                dp.add("consistency", _located(problem, f"{name} result"))
            for problem in timezone_problems(inputs, mock.get("output_components")):
                dp.add("consistency", _located(problem, f"{name} result"))
            for problem in climate_problems(inputs, mock.get("output_components")):
                dp.add("consistency", _located(problem, f"{name} result"))
            for problem in _weather_problems(inputs, mock.get("output_components")):
                dp.add("consistency", _located(problem, f"{name} result"))
            for _path, rows in _dict_lists(mock.get("output_components")):
                for problem in one_name_problems(rows) + price_jump_problems(rows):
                    dp.add("consistency", _located(problem, f"{name} result"))
            for problem in exchange_rate_problems(inputs, mock.get("output_components")):
                dp.add("consistency", _located(problem, f"{name} result"))
            for problem in calendar_problems(inputs):
                dp.add("consistency", _located(problem, f"{name} inputs"))
            for problem in echoed_id_problems(inputs, mock.get("output_components")):
                dp.add("consistency", _located(problem, f"{name} result"))
            for path, obj in _objects_at(mock.get("output_components")):
                for problem in code_name_problems(path, obj):
                    dp.add("consistency", _located(problem, f"{name} result"))
            body = mock.get("output_components")
            body = body.get("response", body) if isinstance(body, dict) else body
            for problem in paging_problems(inputs, body) if isinstance(body, dict) else ():
                dp.add("consistency", _located(problem, f"{name} result"))
    for problem in venue_problems(record):
        dp.add("consistency", problem)
    _check_entities(record, turns, dp, corpus)
    _check_groups(turns, walk, dp)
    for problem in error_results.dialogue_problems(turns):  # error records used as data (scenarios, review 8)
        dp.add("consistency", problem)
    _check_answer(record, turns, dp, corpus)


def _documented_corpus(record: DialogueRecord, corpus: Corpus | None) -> Corpus | None:
    """The corpus that documents the record's target (the one given, else the embedded one), or None."""
    if corpus is not None and record.target in corpus:
        return corpus
    return _builtin() if record.target in _builtin() else None


def _check_entities(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], dp: DialogueProblems,
                    corpus: Corpus | None) -> None:
    """A call by an id (a code, an ISBN) the documented example does not describe returns no name, title or
    text of the example's own entity (:func:`~tooldial.dialogue.mockdata.foreign_lookup`): Inception's plot for
    the Interstellar picked, C++ for Bash. Values the user said or an earlier result returned are known."""
    docs = _documented_corpus(record, corpus)
    if docs is None:
        return
    said = " ".join(b["message"] for sp, b in turns if sp == "User")
    known: set[str] = set()
    for side in ("source", "target"):
        for mock in record.mockdata.get(side, []):
            api_id = str(mock.get("api_name") or "")
            inputs = {**mock.get("required_parameters", {}), **mock.get("optional_parameters", {})}
            leaves = error_results.leaves(mock.get("output_components"))
            if api_id in docs:
                api = docs.get(api_id)
                foreign = foreign_lookup(api, inputs)
                strings = foreign_strings(api) if foreign else frozenset()
                elsewhere = elsewhere_words(api, inputs)
                for where, value in leaves:
                    if not isinstance(value, str) or value in known or value in said:
                        continue
                    parts = tuple(where.split("."))
                    if len(parts) > 1 and parts[-1] == "name" and code_kind(parts[:-1]) is not None:
                        continue  # a language's or country's standard name ("Japanese" for "ja") is no entity's
                    if value in strings:
                        dp.add("consistency", f"documented entity: {api_id} result for "
                               f"{foreign[0]}={inputs[foreign[0]]!r}: {where}={value!r} is the documented example's")
                    elif names_elsewhere(value, elsewhere):
                        dp.add("consistency", f"documented place: {api_id} result for a place its inputs name: "
                               f"{where}={value!r} names the documented example's place")
            known.update(as_text(v) for _, v in leaves)


def _located(problem: str, where: str) -> str:
    """``"rule: detail"`` → ``"rule: where: detail"`` (the rule before the first colon is what reports count)."""
    rule, _, detail = problem.partition(": ")
    return f"{rule}: {where}: {detail}"


def reason(message: str) -> str:
    """The rule a world-check (or ``plausible``) message names: the text before its first colon."""
    return message.split(":", 1)[0]


def objects(node: Any) -> list[dict[str, Any]]:
    """Every dict in a result (each is one record)."""
    if isinstance(node, dict):
        return [node] + [o for v in node.values() for o in objects(v)]
    if isinstance(node, list):
        return [o for v in node for o in objects(v)]
    return []


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(p.timezone for p in (*places(), *lookup_places()))


def timezone_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """A result's time zones are the ones the call asked about: with an IANA zone among the inputs
    (``timezone=Asia/Seoul``), a timezone field of the result naming another zone contradicts it
    (``local_timezone: Europe/Minsk`` for Seoul)."""
    asked = {as_text(v) for v in inputs.values() if as_text(v) in _zones()}
    if not asked:
        return []
    out = []
    for where, value in error_results.leaves(result):
        key = where.rsplit(".", 1)[-1]
        if isinstance(value, str) and value in _zones() and value not in asked and field_kind(
                FieldName(key)) == "timezone":
            out.append(f"timezone: {key}={value!r} is not the zone asked for ({', '.join(sorted(asked))})")
    return out


#: Venue words of generated and documented names ("Tabriz Hotel", "Luanda Restaurant").
_VENUE_NAME = re.compile(r"^(?P<city>[A-Z][A-Za-z .'-]+?) (?:Central |North |South |East |West )?(?:"
                         + "|".join(loader.ordered_words("venues", "name_endings")) + ")$")


def venue_problems(record: DialogueRecord) -> list[str]:
    """A venue named after a table city lies in that city: not in a record placed in another city (its own
    city field), nor in a result of a call placed elsewhere (a city the inputs name, or an id an earlier
    result gave out with its city): hotels searched by Brisbane's city id are no "Tabriz Hotel"."""
    index = city_countries()
    id_city: dict[str, str] = {}
    out = []
    for side in ("source", "target"):
        for mock in record.mockdata.get(side, []):
            name = str(mock.get("api_name") or "")
            inputs = {**mock.get("required_parameters", {}), **mock.get("optional_parameters", {})}
            call_city = next((as_text(v) for v in inputs.values() if as_text(v) in index), None) or next(
                (id_city[as_text(v)] for v in inputs.values() if as_text(v) in id_city), None)
            for obj in objects(mock.get("output_components")):
                scalars = {k: as_text(v) for k, v in obj.items() if not isinstance(v, dict | list) and v is not None}
                own = next((v for k, v in scalars.items() if field_kind(FieldName(k)) == "city" and v in index), None)
                for key, value in scalars.items():
                    m = _VENUE_NAME.match(value)
                    where = own or call_city
                    if m and m["city"] in index and where and m["city"] != where and not (
                            index[m["city"]] & index.get(where, frozenset()) and m["city"] in where):
                        out.append(f"venue elsewhere: {name} result: {key}={value!r} lies in {where}")
                if own:
                    for key, value in scalars.items():
                        if field_kind(FieldName(key)) == "id":
                            id_city.setdefault(value, own)
    return out


def _weather_problems(inputs: dict[str, Any], result: Any) -> list[str]:
    """Rule ``weather`` on every object of a result (``weather.weather_problems``); a record that states no
    temperature is judged by the climate of the call's place and day."""
    out: list[str] = []
    for obj in objects(result):
        out += weather_problems(obj, input_climate(inputs) if needs_climate(obj) else None)
    return out


def record_problems(record: dict[str, Any]) -> list[str]:
    """Consistency problems of one flat record (nested dicts are checked on their own): the registered record
    rules (:data:`tooldial.registry.RECORD_RULES`, one loop for the planner and the validator), as messages."""
    return [str(p) for p in check_record(record)]


#: "Now" stamps may lie this many days before the world's first "today" (a "last updated" of yesterday).
_NOW_SLACK = dt.timedelta(days=3)
#: ... and a forecast inside a "current" API may run this far past its last.
_LATE = dt.timedelta(days=60)


def date_problems(inputs: dict[str, Any], result: Any, api_name: str = "") -> list[str]:
    """Dates of a result against the call and the world: series lists (forecast/schedule/history by their
    path or API name, or any dated list when the call asks for a start–end range) in order and inside the
    range; fields named current/now/updated/latest/recent in the world's year."""
    bounds = date_bounds(inputs)
    words = frozenset(FieldName(api_name).tokens)
    out: list[str] = []
    first, last = dt.date(WORLD_YEAR, 1, 1) - _NOW_SLACK, dt.date(WORLD_YEAR, 12, 31) + _LATE
    for path, obj in _objects_at(result):
        title = words | {t for p in path for t in FieldName(p).tokens}
        for key, value in obj.items():
            day = parse_date(value)
            f = FieldName(key, title=frozenset(title))
            if day is not None and is_now_stamp(f) and not first <= day <= last:
                out.append(f"stale now: {key}={value!r} is not the dialogue's today (stale 'now')")
    for path, rows in _dict_lists(result):
        key = series_key(rows[0])
        days = [parse_date(r.get(key)) for r in rows] if key else []
        if not key or not all(days):
            continue
        direction = series_direction(words | {t for p in path for t in FieldName(p).tokens} | set(FieldName(key).tokens))
        in_range = bool(bounds.start and bounds.end)
        if direction == 0 and not in_range:
            continue
        where = ".".join(path) or "result"
        if any(b < a for a, b in zip(days, days[1:], strict=False)):  # type: ignore[operator]
            out.append(f"series out of order: {where}: {key} dates {', '.join(map(str, days))}")
        if bounds.start and not bounds.end and direction and any(d < bounds.start for d in days):  # type: ignore[operator]
            out.append(f"before the asked start: {where}: {key} dates before {bounds.start}")
        if in_range and any(not bounds.start <= d <= bounds.end for d in days):  # type: ignore[operator]
            out.append(f"outside the asked range: {where}: {key} dates outside the range asked for ({bounds.start}..{bounds.end})")
    return out


def _objects_at(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every dict in a result with the path of keys above it."""
    if isinstance(node, dict):
        return [(path, node)] + [x for k, v in node.items() for x in _objects_at(v, (*path, str(k)))]
    if isinstance(node, list):
        return [x for v in node for x in _objects_at(v, path)]
    return []


def _dict_lists(node: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], list[dict[str, Any]]]]:
    """Every list of two or more records in a result, with its path."""
    if isinstance(node, dict):
        return [x for k, v in node.items() for x in _dict_lists(v, (*path, str(k)))]
    if not isinstance(node, list):
        return []
    found = [x for v in node for x in _dict_lists(v, path)]
    if len(node) > 1 and all(isinstance(v, dict) for v in node):
        found.insert(0, (path, node))
    return found


_FORMED_ID = re.compile(r"^[A-Za-z]{1,6}[_\-][A-Za-z0-9]")


def id_form_problems(result: Any) -> list[str]:
    """The ids of one list share a form: a bare number beside prefixed ones ("91584653" after "htl_31120" and
    "htl_20977") is an id drawn off the documented pattern."""
    out = []
    for path, rows in _dict_lists(result):
        for key in rows[0]:
            if field_kind(FieldName(key)) != "id":
                continue
            values = [as_text(r.get(key)) for r in rows if r.get(key) is not None]
            formed = [v for v in values if _FORMED_ID.match(v)]
            bare = [v for v in values if v.isdigit()]
            if formed and bare:
                out.append(f"id off pattern: {'.'.join((*path, key))}={bare[0]!r} beside {formed[0]!r}")
    return out


def _check_groups(turns: list[tuple[str, dict[str, Any]]], walk: Any, dp: DialogueProblems) -> None:
    """Latitude and longitude of one call come from one origin (the user, or one API result)."""
    said: list[str] = []
    results: list[list[str]] = []
    for i, (sp, body) in enumerate(turns):
        if sp == "User":
            said.append(body["message"])
            continue
        if body["action"] != "call":
            continue
        req = body["api_request"]
        args = {**req.get("required_parameters", {}), **req.get("optional_parameters", {})}
        coords = {k: as_text(v) for k, v in args.items()
                  if field_kind(FieldName(k)) in ("latitude", "longitude")}
        if len(coords) == 2:
            origins = [_origin(v, said, results) for v in coords.values()]
            if origins[0] != origins[1]:
                dp.add("groups", f"coordinates from two origins: turn {i}: {' and '.join(coords)} come from {origins}")
        results.append([as_text(v) for _, v in error_results.leaves(body["api_response"].get("result"))])


def _origin(value: str, said: list[str], results: list[list[str]]) -> str:
    for j, leaves in enumerate(results):
        if value in leaves:
            return f"result {j}"
    return "user" if any(value in m for m in said) else "unknown"


def _is_action(record: DialogueRecord, corpus: Corpus | None) -> bool:
    """The target changes something (its method or its description's first verb): "done" answers it. Without
    a corpus the stored description decides (its first verb after the clause's lead-in)."""
    from tooldial.corpus.models import Api
    from tooldial.dialogue.chains import side_effects

    if corpus is not None and record.target in corpus:
        return side_effects(corpus.get(record.target))
    brief = next((b for b in record.scenario.get("apis", []) if b.get("api_id") == record.target), {})
    return side_effects(Api(category=str(brief.get("category") or "x"), tool=str(brief.get("tool") or "x"),
                            name=str(brief.get("name") or "x"), description=str(brief.get("description") or "")))


#: Words by which an API's documentation says it is about ids (then an id is an answer).
_ABOUT_IDS = re.compile(r"\b(id|ids|identifier|code|key)\b", re.I)


def unasked_id(field: str, api_name: str, api_description: str) -> bool:
    """Whether result field ``field`` (its last key) is an id the user did not ask for: an id, and the API's name
    and description do not say id, identifier, code or key as a word. One rule for the answer chooser
    (:func:`tooldial.dialogue.planner.answer_fields`) and the ``answer`` check, so generation never emits what
    validation rejects."""
    return field_kind(FieldName(field)) == "id" and not _ABOUT_IDS.search(f"{api_name} {api_description}")


#: An enumeration in an API's description ("agency, phone, rating and number of active listings"): the fields
#: a user who asks in those words names one by one.
_ENUMERATION = re.compile(r"([A-Za-z][\w' /-]*(?:, [A-Za-z0-9][\w' /-]*)+,? (?:and|or) [A-Za-z0-9][\w' /-]*)")
_ENUM_STOP = loader.words("stopwords", "enumeration")
#: Words a user says for a field named otherwise ("coordinates" of a record with latitude and longitude).
_FIELD_ALIASES = loader.word_map("labels", "field_aliases")


#: "How many calories a recipe has": the quantity a description asks for by a question.
_HOW_MANY = re.compile(r"(?i)\bhow (?:many|much) ([a-z]+)")


def word_stem(word: str) -> str:
    """A word without its plural ending, so "pages" meets ``page_count`` and "quantities" ``quantity``."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=4096)
def enumerated_words(description: str) -> frozenset[str]:
    """The words of the fields an API's description enumerates (the last two words of each item, aliases
    added) and the noun of a "how many X" question: what a user asking in the description's words named and
    expects in the answer; plural and singular forms both."""
    out: set[str] = set()
    for m in _ENUMERATION.finditer(description):
        for item in re.split(r",\s*(?:and |or )?|\s(?:and|or)\s", m.group(1)):
            words = [w for w in FieldName(item.replace("'s", "")).tokens if w not in _ENUM_STOP]
            for w in words[-2:]:
                out.add(w)
                out.update(_FIELD_ALIASES.get(w, ()))
    out.update(m.group(1).lower() for m in _HOW_MANY.finditer(description) if m.group(1).lower() not in _ENUM_STOP)
    return frozenset(out | {word_stem(w) for w in out})


def asked_field(key: str, enumerated: frozenset[str]) -> bool:
    """Whether result field ``key`` (its last part) is one the description enumerates (``min_age`` for "age
    limit", ``active_listings`` for "number of active listings", ``page_count`` for "pages")."""
    return bool(enumerated) and any(t in enumerated or word_stem(t) in enumerated for t in FieldName(key).tokens)


def asked_left_out(result: Any, fields: list[str], enumerated: frozenset[str], api_name: str, description: str,
                   said: frozenset[str] = frozenset()) -> list[str]:
    """Scalar fields of a one-record result that the description enumerates, in the result, and not among the
    answer ``fields`` (the rating of an agent profile asked for its agency, phone and rating): each path."""
    if not enumerated:
        return []
    chosen = {k.split("|")[-1] for k in fields}
    counts: dict[tuple[str, ...], int] = {}
    for path, _ in leaf_items(result):
        counts[path] = counts.get(path, 0) + 1
    out = []
    for path, value in leaf_items(result):
        if counts[path] > 1 or not path or isinstance(value, bool | dict | list) or value is None:
            continue  # lists are answered by their records, not field by field
        text = as_text(value).strip()
        if (not text or len(text) > 80 or text in said or path[-1] in chosen
                or path[-1].lower() in STATUS_KEYS or unasked_id(path[-1], api_name, description)
                or not asked_field(path[-1], enumerated)):
            continue
        out.append("|".join(path))
    return out


def _check_answer(record: DialogueRecord, turns: list[tuple[str, dict[str, Any]]], dp: DialogueProblems,
                  corpus: Corpus | None = None) -> None:
    """The response reports fields of the target's result, no ids unless the documentation is about ids."""
    fields = record.scenario.get("answer_fields")
    if fields is None:  # records written before answer fields existed
        return
    response = next((b for sp, b in turns if sp == "System" and b["action"] == "response"), None)
    if response is None:
        return
    result = response["api_response"].get("result", {})
    body = result.get("response", result) if isinstance(result, dict) else result
    if documented_error(body):
        dp.add("answer", f"error served: the result answered with is an error: {as_text(body)[:80]}")
    elif fields and all(k.split("|")[-1].lower() in STATUS_KEYS for k in fields) and not _is_action(record, corpus) \
            and (corpus is None or record.target not in corpus or documented_output(corpus.get(record.target))):
        # a function documented without an output has nothing but how the call went to report
        dp.add("answer", f"status only: a lookup answered by how the call went ({', '.join(fields)})")
    brief = next((b for b in record.scenario.get("apis", []) if b.get("api_id") == record.target), {})
    for key in fields:
        path = tuple(key.split("|"))
        if not values_at(result, path):
            dp.add("answer", f"missing field: answer field {key} is not in the result")
        elif unasked_id(path[-1], str(brief.get("name", "")), str(brief.get("description", ""))):
            dp.add("answer", f"unasked id: answer field {key} is an id the user did not ask for")
    request = response.get("api_request") or {}
    said = frozenset(as_text(v).strip() for v in {**request.get("required_parameters", {}),
                                                   **request.get("optional_parameters", {})}.values())
    description = str(brief.get("description", ""))
    for key in asked_left_out(body, fields, enumerated_words(description), str(brief.get("name", "")),
                              description, said):
        dp.add("answer", f"asked field left out: the description names {key}, the response does not report it")
    for m in _AGREEMENT.finditer(str(response.get("message", ""))):
        dp.add("answer", f"agreement: the response says {m.group(0)!r}")
    for problem in weather_answer_problems(body, fields, str(brief.get("name", "")), description,
                                           str(response.get("message", ""))):
        dp.add("answer", problem)


#: A listed record named by a yes/no flag ("I found 2 entries: true (humidity 85%) and false").
_FLAG_NAME = re.compile(r"(?i)\b(?:entries|results|records|items|\w+s):\s+(?:true|false|yes|no)\b(?:\s+\(|,|\s+and\b)")


def weather_answer_problems(body: Any, fields: list[str], api_name: str, description: str,
                            message: str) -> list[str]:
    """Rules ``flag as name`` (list items named "true"/"false") and ``forecast without temperature`` (a weather
    goal answered by humidity or precipitation while its result states the air temperature)."""
    out = []
    if (m := _FLAG_NAME.search(message)) is not None:
        out.append(f"flag as name: the response names records by a yes/no flag: {m.group(0)!r}")
    goal = set(re.findall(r"[a-z]+", f"{api_name} {description}".lower()))
    if goal & WEATHER_GOAL and fields and not any(weather_role(k.split("|")[-1]) == "temp" for k in fields) and any(
            weather_role(path[-1]) == "temp" for path, _ in leaf_items(body)):
        out.append("forecast without temperature: a weather result states the temperature, the response does not")
    return out


#: A plural noun with a singular verb or number, as field names phrased carelessly read ("the copies available
#: is 1", "there is 1 copies").
_AGREEMENT = re.compile(r"\bthere is 1 (?!\w*(?:ss|us|is|news|series)\b)[a-z]{3,}s\b|\bthe (?!\w*(?:ss|us|is)\b)[a-z]{3,}s "
                        r"(?:available|remaining|left|sold|booked) is\b")
