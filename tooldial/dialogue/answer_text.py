"""What a final ``response`` says: the answer fields of a call result as a reader would want them.

The planner picks *which* fields answer the user (:func:`tooldial.dialogue.planner.answer_fields`); this
module decides *how they read*, deterministically, before any renderer runs:

- a field name becomes words and its unit suffix a unit (``temperature_c`` 18.4 → "temperature" "18.4 °C",
  ``wind_kph`` → "km/h", ``price_usd`` → "$12.50"), a price takes its record's currency, ISO dates and
  timestamps read as dates ("2 May 2026 at 07:05"), so do Unix times of a date field ("16 January 2026 at
  14:30 UTC"), large counts get thousands separators ("47,000"),
  abbreviations of real documentation are spelled out or upper-cased (``pb`` → "P/B ratio");
- a single record is told about by its name ("Universidade de Lisboa"), the *subject*, when it has one;
- a list is answered as a list: how many came back and up to :data:`MAX_ITEMS` records by their label
  field (a name, a flight number, a date) with the goal-relevant fields of each.

The result is an :class:`Answer`; its :meth:`Answer.required` strings are what the message must contain
verbatim (the planner makes them the turn's ``required_values``), so the displayed forms are checked by
``tooldial validate`` just as the raw values were. Phrasing (frames, openers) is the renderer's job.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, Field

from tooldial.corpus.models import Api
from tooldial.dialogue.answer_fields import verdict_flag
from tooldial.dialogue.intents import words
from tooldial.dialogue.mockdata import FieldName, as_text, field_kind, records_at, values_at
from tooldial.knowledge import loader
from tooldial.knowledge.english import (
    indefinite_article,
    irregular_plural,
    is_countable,
    past_participle,
    plural,
    singular,
    verb_base,
)

#: Records of a list answer that are named (the rest are counted).
MAX_ITEMS = 3

#: Unit suffixes of field names (last word) -> unit as written after the number.
_UNITS = loader.word_map("units", "field_suffix")
#: Unit words that only read as units after a number ("opening_hours" is no duration).
_NUMERIC_ONLY_UNITS = loader.words("units", "numeric_only")
#: Currency codes a field name may end with, and the symbol written before the amount.
_CURRENCY_SYMBOL = loader.word_map("units", "currency_symbols")
_CURRENCY_CODES = loader.words("units", "field_currency_codes")
#: Abbreviations of real API documentation, spelled out ("" drops the word).
_ABBREVIATIONS = loader.word_map("labels", "abbreviations")
_MONTHS = loader.ordered_words("time", "month_names")
#: Words of a field name around a unit (min as a minimum, c/f as a temperature, a currency code before money); of a
#: generic leaf, a price-like limit, a record's own code; labels that read as a temperature, a founding, a rating,
#: a departure, a date (the ``labels`` pack).
_MINIMUM_HEADS = loader.ordered_words("labels", "minimum_heads")
_TEMPERATURE_HEADS = loader.ordered_words("labels", "temperature_unit_heads")
_MONEY_AFTER_CODE = loader.words("labels", "money_after_code")
_GENERIC_LEAVES = loader.words("labels", "generic_leaves")
_PRICE_LIMIT_WORDS = loader.words("labels", "price_limit_words")
_NAMING_CODE_WORDS = loader.words("labels", "naming_code_words")
_TEMPERATURE_LABELS = loader.words("labels", "temperature_labels")
_FOUNDED_LABELS = loader.words("labels", "founded_labels")
_RATING_LABELS = loader.words("labels", "rating_labels")
_DEPARTURE_WORDS = loader.words("labels", "departure_label_words")
_DATE_LABEL_WORDS = loader.words("labels", "date_label_words")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")
_INTEGER = re.compile(r"^-?\d+$")
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
#: Kinds that name a record (the subject of a single-record answer, the label of a list item), best first.
_LABEL_KINDS = loader.ordered_words("field_kinds", "answer_labels")
#: Kinds that name the record a single-record answer is about (a person may be an author, not the subject).
_SUBJECT_KINDS = loader.ordered_words("field_kinds", "answer_subjects")
#: Kinds worth a detail of a list item when the goal fields give none.
_DETAIL_KINDS = loader.words("field_kinds", "answer_details")
#: The order in which those kinds are added ("time" stands for dates and times).
_DETAIL_ORDER = loader.ordered_words("field_kinds", "answer_detail_order")
#: Kinds never recited in a detail (opaque to a reader).
_HIDDEN_KINDS = loader.words("field_kinds", "answer_hidden")
#: Kinds whose numbers are never grouped in thousands.
_NO_GROUPING = loader.words("field_kinds", "no_digit_grouping")


class ShownFact(BaseModel):
    """One field as the answer says it: ``label`` (words, unit stripped) and ``text`` (the value with its
    unit, currency or date form)."""

    key: str
    label: str
    text: str
    kind: str = ""
    plural: bool = False  # the label is a plural noun ("students"): "has 47,000 students"
    listed: bool = False  # the text joins several records' values ("Fnatic and BIG"): "the team names are ..."
    verdict: bool | None = None  # what a check found (its yes/no flag): "it's not valid", not "the valid is no"


class ListedItem(BaseModel):
    """One record of a list answer: its ``name`` (label field) and the details said about it."""

    name: str
    details: list[ShownFact] = Field(default_factory=list)


class Answer(BaseModel):
    """What the final response reports (see the module docstring)."""

    subject: str = ""
    subject_kind: str = ""
    facts: list[ShownFact] = Field(default_factory=list)
    noun: str = ""  # what a list holds, plural ("flights")
    count: int = 0  # how many records the list has
    items: list[ListedItem] = Field(default_factory=list)

    def required(self) -> list[str]:
        """The strings the message must contain verbatim."""
        out = [self.subject] if self.subject else []
        out += [f.text for f in self.facts if f.verdict is None]  # a verdict's words follow its sentence's form
        for item in self.items:
            out += [item.name, *(d.text for d in item.details)]
        return list(dict.fromkeys(s for s in out if s))

    def by_label(self) -> dict[str, str]:
        """label -> text, what a user may echo when thanking ("the temperature is 18.4 °C")."""
        out = {"name": self.subject} if self.subject else {}
        # a verdict as yes/no: the response has a fact to tell; a thanking user echoes no "yes" (labels pack)
        out.update({f.label: f.text if f.verdict is None else "yes" if f.verdict else "no" for f in self.facts})
        if self.items and not out:  # "So the first hotel is Hotel Miradouro" (not "the hotels is A and B")
            noun = self.noun if self.noun and self.noun not in _GENERIC_NOUNS else "result"
            out[f"first {singular(noun)}"] = self.items[0].name
        return out


# --- labels and values ----------------------------------------------------------------------------------------


#: Words that follow the noun they describe in a field name ("copies available", "seats left").
_POSTMODIFIERS = loader.words("labels", "postmodifiers")


def _head(label: str) -> int:
    """The index of a label's head noun: its last word, or the one before a trailing post-modifier
    ("copies available": "copies")."""
    words = label.split()
    i = len(words) - 1
    while i > 0 and words[i] in _POSTMODIFIERS:
        i -= 1
    return i


def _plural(label: str) -> bool:
    """Whether a label's head noun is a plural ("copies available"; not "status", "news")."""
    words = label.split()
    last = words[_head(label)].lower() if words else ""
    return singular(last) != last


def _plural_label(label: str) -> str:
    """A label with its head noun in the plural ("team name" → "team names", "copy available" → "copies
    available"); a head with no plural ("weather") stays."""
    return _with_head(label, plural)


def _singular_label(label: str) -> str:
    """A label with its head noun in the singular ("copies available" → "copy available")."""
    return _with_head(label, singular)


def _with_head(label: str, form: Callable[[str], str]) -> str:
    """``label`` with ``form`` applied to its head noun (:func:`_head`)."""
    words = label.split()
    if not words:
        return label
    i = _head(label)
    words[i] = form(words[i])
    return " ".join(words)


def split_unit(name: str, numeric: bool = True) -> tuple[list[str], str, str]:
    """A field name's words without its unit suffix, the unit ("" when none) and a currency code ("" when
    none): ``temperature_c`` → (["temperature"], "°C", ""), ``price_usd`` → (["price"], "", "USD");
    ``numeric``: the value is a number (``opening_hours`` "09:00-18:00" has no unit)."""
    toks = words(name)
    if len(toks) >= 2 and toks[-1] in _UNITS and (numeric or toks[-1] not in _NUMERIC_ONLY_UNITS):
        if toks[-1] == "min" and any(t in toks for t in _MINIMUM_HEADS):
            return toks, "", ""  # temp_min is a minimum
        unit = _UNITS[toks[-1]]
        if toks[-1] in ("c", "f") and not any(t in toks for t in _TEMPERATURE_HEADS):
            return toks, "", ""
        return toks[:-1], unit, ""
    if len(toks) >= 2 and toks[-1] in _CURRENCY_CODES:
        return toks[:-1], "", toks[-1].upper()
    if len(toks) >= 2 and toks[0] in _CURRENCY_CODES and toks[1] in _MONEY_AFTER_CODE:
        return toks[1:], "", toks[0].upper()
    return toks, "", ""


def humanise(toks: list[str]) -> str:
    """Words of a field name as a reader would say them (abbreviations spelled out, short unknown ones in
    capitals: ``pb`` → "P/B ratio", ``nav`` → "NAV")."""
    out: list[str] = []
    for i, t in enumerate(toks):
        if t == "of" and out and out[-1].endswith(" of"):
            continue  # ``no_of_pages``: "number of pages", not "number of of pages"
        if t in _ABBREVIATIONS:
            if _ABBREVIATIONS[t]:  # "number of" of ``num_pages``; last, as in ``competitorNum``, "number"
                out.append(_ABBREVIATIONS[t].removesuffix(" of") if i == len(toks) - 1 else _ABBREVIATIONS[t])
        elif len(t) <= 3 and not re.search(r"[aeiou]", t) and t.isalpha():
            out.append(t.upper())
        else:
            out.append(t)
    text = " ".join(out)
    text = re.sub(r"\bdate time\b", "date and time", text)
    if text.startswith("number of") and not irregular_plural(text.rsplit(" ", 1)[-1]):  # "number of children"
        text = re.sub(r"\bnumber of (\w+?)s?$", r"number of \1s", text)
    return text or " ".join(toks)


def field_label(path: tuple[str, ...], numeric: bool = True) -> tuple[str, str, str]:
    """(label, unit, currency) of a result field; the parent's name leads a generic leaf ("artist name")."""
    toks, unit, currency = split_unit(path[-1], numeric)
    if len(path) > 1 and (not toks or " ".join(toks) in _GENERIC_LEAVES):
        parent = " ".join(words(path[-2]))
        toks = [singular(parent), *toks] if parent else toks
    return humanise(toks), unit, currency


def _date(value: str) -> str:
    m = _ISO_DATE.match(value)
    if not m:
        return value
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    try:
        dt.date(year, month, day)
    except ValueError:
        return value
    text = f"{day} {_MONTHS[month - 1]} {year}"
    if m.group(4) is not None:
        text += f" at {m.group(4)}:{m.group(5)}"
        if m.group(6) in ("Z", "+00:00", "+0000"):
            text += " UTC"
    return text


def _unix_time(text: str) -> str | None:
    """A Unix time in seconds (or milliseconds, 12-13 digits) as a reader says it: "16 January 2026 at 14:30 UTC",
    a midnight as its day alone ("2 May 1987", a birth date); None for a number that is no moment of 1900-2100."""
    if not re.fullmatch(r"-?\d{9,10}|\d{12,13}", text):
        return None
    seconds = int(text) / (1000 if len(text) >= 12 else 1)
    moment = dt.datetime(1970, 1, 1, tzinfo=dt.UTC) + dt.timedelta(seconds=seconds)
    if not 1900 <= moment.year <= 2100:
        return None
    day = f"{moment.day} {_MONTHS[moment.month - 1]} {moment.year}"
    return day if (moment.hour, moment.minute, moment.second) == (0, 0, 0) else f"{day} at {moment:%H:%M} UTC"


#: Kinds of a number said with every digit it has (an id, a code): never rounded (``field_kinds.exact_digits``).
_EXACT_KINDS = loader.words("field_kinds", "exact_digits")
#: Kinds said with four decimals, not two: a position, a rate (``field_kinds.fine_precision``).
_FINE_KINDS = loader.words("field_kinds", "fine_precision")


def said_precision(number: float, kind: str = "") -> str:
    """A number with many decimals as a person says it: two decimals (four for a position or a rate), three
    significant digits below one (four for a rate), trailing zeros dropped but a price's cents. A float32 written
    as a double (233.63999938964844) or a ratio (0.8571403775917661) is no measurement to ten digits."""
    decimals = 4 if kind in _FINE_KINDS else 2
    if 0 < abs(number) < 1:
        significant = 4 if kind in _FINE_KINDS else 3
        decimals = max(decimals, significant - 1 - math.floor(math.log10(abs(number))))
    text = f"{number:.{decimals}f}"
    if kind == "price" and abs(number) >= 1:
        return text  # money keeps its cents: 21.20
    return text.rstrip("0").rstrip(".") if "." in text else text


#: Names of numbers that are codes, never grouped or rounded.
_CODE_NAME = r"(?i)(id|code|zip|year|phone|isbn|ean|upc|gtin|number|serial|account|sku)s?$"


def show_value(path: tuple[str, ...], value: Any, record: dict[str, Any] | None = None) -> ShownFact:
    """One field as the answer says it (see the module docstring); ``record`` (the field's own record) lends
    a price its currency."""
    name = path[-1]
    text = as_text(value).strip()
    label, unit, currency = field_label(path, bool(_NUMBER.match(text)))
    kind = _kind_of(name, value) if not isinstance(value, bool) else "boolean"
    shown = text
    if isinstance(value, bool) or text in ("true", "false") and kind == "boolean":
        shown = "yes" if text == "true" else "no"
    elif _ISO_DATE.match(text) and kind not in ("id",):
        shown = _date(text)
    elif kind in ("datetime", "date", "time") and (moment := _unix_time(text)) is not None:
        shown = moment  # "starts at 1,767,029,400" was a Unix time read as a count
    elif _NUMBER.match(text):
        if not currency and kind == "price" and record is not None:
            currency = next((as_text(v).upper() for k, v in record.items() if isinstance(v, str)
                             and re.fullmatch(r"[A-Za-z]{3}", v) and "currency" in k.lower()), "")
        number = text
        whole = re.sub(r"\.0+$", "", text)
        if _INTEGER.match(whole) and kind not in _NO_GROUPING and abs(int(whole)) >= 10000 \
                and len(whole.lstrip("-")) <= 15 and not re.search(_CODE_NAME, name):
            number = f"{int(whole):,}"  # a market cap of 1,348,000,000,000, not 1348000000000.0
        elif kind == "price" and "." in text and len(text.split(".")[1]) == 1:
            number = f"{float(text):,.2f}"
        elif "." in text and len(text.split(".")[1]) > 2 and abs(float(text)) >= 1000 and kind not in _NO_GROUPING \
                and not re.search(_CODE_NAME, name):
            number = f"{float(text):,.2f}"  # a volume of $2,908,035,207.20, not $2908035207.20143
        elif "." in text and len(text.split(".")[1]) >= 5 and kind not in _EXACT_KINDS and not re.search(
                _CODE_NAME, name):
            number = said_precision(float(text), kind)  # a direction of 233.64, not 233.63999938964844
        if currency:
            symbol = _CURRENCY_SYMBOL.get(currency.lower())
            shown = f"{symbol}{number}" if symbol and not number.startswith("-") else f"{number} {currency}"
        elif unit == "%" or (kind == "percent" and not unit and (("." not in text) or float(text) > 1)
                             and 0 <= float(text) <= 100):
            shown = f"{number}%"
        elif unit:
            shown = f"{number} {unit}" if unit not in ("°C", "°F") else f"{number} {unit}"
        else:
            shown = number
    if re.match(r"^(number of|total) \w+s$", label) and _INTEGER.match(text.replace(",", "")):
        label = label.split(" ", 2)[-1] if label.startswith("number of") else label.split(" ", 1)[1]  # 147 hearts
    return ShownFact(key="|".join(path), label=label, text=shown, kind=kind, plural=_plural(label))


# --- the answer -----------------------------------------------------------------------------------------------


def _list_container(result: Any, path: tuple[str, ...]) -> tuple[str, ...] | None:
    """The longest prefix of ``path`` that holds a list of records in ``result`` (None when none does)."""
    for cut in range(len(path) - 1, -1, -1):
        if len(records_at(result, path[:cut])) > 1:
            return path[:cut]
    return None


def _parent_record(result: Any, path: tuple[str, ...]) -> dict[str, Any] | None:
    node = result.get("response", result) if isinstance(result, dict) else result
    for key in path[:-1]:
        node = node.get(key) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


def _kind_of(key: str, value: Any) -> str:
    """The mock-data kind of a field, "datetime"/"date" when its value is an ISO date whatever its name."""
    kind = field_kind(FieldName(key, "number" if isinstance(value, int | float) else "string")) or ""
    if isinstance(value, str) and kind not in ("id",) and (m := _ISO_DATE.match(value.strip())):
        return "datetime" if m.group(4) is not None else "date"
    if kind == "limit" and _PRICE_LIMIT_WORDS & set(words(key)):  # price_per_night
        return "price"
    return kind


#: Values of a yes/no flag, whatever its documented type ("daylight": "true").
BOOLEAN_WORDS = loader.words("labels", "boolean_values")


def _label_key(records: list[dict[str, Any]], prefer: list[str], noun: str = "") -> str:
    """The field that names the records of a list: a code or number named after the record ("flight_number"
    TP1026 of flights), a goal field that names, a name/title/... field, a short code-like field, else ""."""
    first = records[0]
    # a yes/no flag names no record ("2 entries: true and false" for hourly entries by their daylight flag)
    scalars = {k: v for k, v in first.items() if not isinstance(v, dict | list) and as_text(v).strip()
               and len(as_text(v)) <= 60 and as_text(v).strip().lower() not in BOOLEAN_WORDS}
    if len(records) > 1:  # what every record shares (the one league of a table) names none of them
        scalars = {k: v for k, v in scalars.items() if any(r.get(k) != v for r in records[1:])} or scalars
    kinds = {k: _kind_of(k, v) for k, v in scalars.items()}
    for key, value in scalars.items():
        toks = words(key)
        if noun and len(toks) == 2 and toks[0] == singular(noun) and toks[1] in _NAMING_CODE_WORDS \
                and isinstance(value, str) and not _NUMBER.match(value):
            return key
    for want in _LABEL_KINDS:  # a goal field that names: the programme's name before its teaching language
        for key in prefer:
            if kinds.get(key) == want:
                return key
    for want in _LABEL_KINDS:
        for key, kind in kinds.items():
            if kind == want:
                return key
    for key, value in scalars.items():
        if isinstance(value, str) and re.search(r"(?i)(number|code|symbol|no)$", key) and kinds[key] != "id" \
                and not _NUMBER.match(value) and not re.search(r"(?i)airline|country|currency|language", key):
            return key
    for key, value in scalars.items():  # a plain word ("section": "Stalls"), never a code, an id or a link
        if isinstance(value, str) and kinds[key] in ("", "category", "status") and not _NUMBER.match(value) \
                and not re.fullmatch(r"[A-Z]{3}", value) and not value.startswith("http") and len(value) <= 40:
            return key
    return ""


def build_answer(api: Api | None, result: dict[str, Any], fields: list[tuple[str, str, str]]) -> Answer:
    """The :class:`Answer` for ``fields`` (answer-field path ``a|b``, label, value, most relevant first) of
    ``result``: list fields as a counted list of named records, the others as facts about one subject."""
    answer = Answer()
    list_fields: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    scalar: list[tuple[str, ...]] = []
    for key, _label, _value in fields:
        path = tuple(key.split("|"))
        container = _list_container(result, path)
        if container is not None and len(path) == len(container) + 1:
            list_fields.setdefault(container, []).append(path)
        else:
            scalar.append(path)
    if list_fields:
        container, paths = next(iter(list_fields.items()))
        _add_listed_items(answer, records_at(result, container), container, paths)
        for more in list(list_fields.values())[1:]:  # a second list: its fields as joined facts
            scalar.extend(more)
    scalar = _add_numbered_values(answer, result, scalar)
    for path in scalar:
        _add_fact(answer, result, path)
    for fact in answer.facts:  # {"data": 96} of "Place Distance" is the place distance, not "the data"
        if fact.label in _GENERIC_LABELS and api is not None:
            fact.label = humanise([w for w in words(api.name) if w not in _LOOKUP_VERBS]) or fact.label
    verdict = verdict_flag(api.name, api.description, result, (p.name for p in api.parameters)) if api else None
    for fact in answer.facts:
        if verdict and fact.key == "|".join(verdict) and fact.kind == "boolean":
            fact.verdict = fact.text == "yes"
            lead, _, rest = fact.label.partition(" ")
            fact.label = rest if rest and lead.lower() in _STATE_LEADS else fact.label  # "is valid" says "valid"
            fact.text = verdict_text(fact.label, fact.verdict)
    answer.facts.sort(key=lambda f: (f.verdict is None, f.text.endswith((".", "!", "?")),
                                     f.label.startswith("feels like")))
    _count_the_list_by_its_total(answer)
    if not answer.subject and answer.facts and not answer.items:
        # the record's own name leads, when its fields are about one record and it has one
        record = _parent_record(result, tuple(answer.facts[0].key.split("|")))
        for want in _SUBJECT_KINDS:
            hit = next((as_text(v) for k, v in (record or {}).items() if isinstance(v, str) and v.strip()
                        and len(v) <= 60 and _kind_of(k, v) == want), "")
            if hit and any(f.text != hit for f in answer.facts):  # a fact to tell beside the name
                answer.subject, answer.subject_kind = hit, want
                answer.facts = [f for f in answer.facts if f.text != hit]  # not "for X, the name is X"
                break
    return answer


def _count_the_list_by_its_total(answer: Answer) -> None:
    """A page of a longer list ("found 2 videos ... There are 20 videos"): a count fact that counts the listed
    noun and is at least the records shown becomes the list's count, said once ("I found 20 videos; the first 2
    are ...")."""
    if not answer.items or not answer.noun:
        return
    noun = answer.noun.split()[-1].lower()
    for fact in answer.facts:
        total = fact.text.replace(",", "")
        if _count_like(fact) and total.isdigit() and fact.label.split()[-1:] == [noun] \
                and int(total) >= answer.count:
            answer.count = int(total)
            answer.facts.remove(fact)
            return


#: Labels that say nothing about what a value is: the API's name says it instead.
_GENERIC_LABELS = loader.words("labels", "generic_labels")
_LOOKUP_VERBS = loader.words("labels", "lookup_verbs")


#: The most goal fields said of each listed record.
MAX_GOAL_DETAILS = 4


def _list_detail_keys(records: list[dict[str, Any]], goal_keys: list[str], name_key: str) -> list[str]:
    """The goal fields shown per listed record (at most :data:`MAX_GOAL_DETAILS`), then what tells the records apart besides them: a
    time, a price, a rating (at most 3 details in all)."""
    detail_keys = [k for k in goal_keys if k != name_key]
    extra_kinds: dict[str, str] = {}  # one field per kind, the telling kinds first
    for k, v in records[0].items():
        kind = _kind_of(k, v) if not isinstance(v, dict | list) else ""
        if k != name_key and k not in detail_keys and kind in _DETAIL_KINDS:
            extra_kinds.setdefault("time" if kind in ("date", "datetime", "hours") else kind, k)
    extra = [extra_kinds[kind] for kind in _DETAIL_ORDER if kind in extra_kinds]
    # every goal field the user asked for (open, high, low and close; price, condition and shipping time)
    detail_keys = [k for k in detail_keys if _kind_of(k, records[0].get(k)) not in _HIDDEN_KINDS][:MAX_GOAL_DETAILS]
    return detail_keys + extra[:max(0, 3 - len(detail_keys))]


def _add_listed_items(answer: Answer, records: list[dict[str, Any]], container: tuple[str, ...],
                      paths: list[tuple[str, ...]]) -> None:
    """A list answer: how many records, and up to :data:`MAX_ITEMS` of them by a readable label with details."""
    goal_keys = [p[-1] for p in paths]
    named = [c for c in container if not c.isdigit()]  # estimates|1150|revenue|3: "revenue", not "3"
    noun = " ".join(words(named[-1])) if named else ""
    name_key = _label_key(records, goal_keys, noun)
    detail_keys = _list_detail_keys(records, goal_keys, name_key)
    answer.noun, answer.count = noun or "results", len(records)
    for record in records[:MAX_ITEMS]:
        details = [show_value((*container, k), record[k], record) for k in detail_keys
                   if k in record and not isinstance(record[k], dict | list) and as_text(record[k]).strip()]
        if name_key and as_text(record.get(name_key, "")).strip():
            name = show_value((*container, name_key), record[name_key], record).text
        elif details:  # no naming field: the first detail with its label ("44.2 points", "points 44.2")
            first = details[0]
            name = f"{first.text} {first.label}" if _count_like(first) else f"{first.label} {first.text}"
            details = details[1:]
        else:
            continue
        if any(d.kind == "price" and not _NUMBER.match(d.text) for d in details):  # "€142.00" says it
            details = [d for d in details if d.kind != "currency_code"]
        for d in details:  # "with no stops", not "with 0 stops"
            if d.text == "0" and _count_like(d):
                d.text = f"no {d.label}"
        answer.items.append(ListedItem(name=name, details=details))
    if len({i.name for i in answer.items}) < len(answer.items) and not any(i.details for i in answer.items):
        # "self and self" tells nothing: the value they share is a fact (every wallpaper is an "Illustration"),
        # not a silent "the request went through"
        alike = len({i.name for i in answer.items}) == 1
        answer.items, answer.count = [], 0
        if alike and name_key:
            answer.facts.append(show_value((*container, name_key), records[0][name_key], records[0]))
        elif alike and detail_keys and detail_keys[0] in records[0]:  # both say currency codes USD
            answer.facts.append(show_value((*container, detail_keys[0]), records[0][detail_keys[0]], records[0]))


def _add_numbered_values(answer: Answer, result: dict[str, Any], scalar: list[tuple[str, ...]]
                         ) -> list[tuple[str, ...]]:
    """``{"0": …, "1": …}`` under one parent: one fact listing the values; returns the scalar paths left."""
    numbered = [p for p in scalar if p[-1].isdigit()]
    if len(numbered) <= 1 or len({p[:-1] for p in numbered}) != 1:
        return scalar
    parent = numbered[0][:-1]
    values = [v for p in numbered for v in values_at(result, p) if not isinstance(v, dict | list)]
    texts = list(dict.fromkeys(show_value(p, v).text for p, v in zip(numbered, values, strict=False)))
    if texts:
        label = humanise(words(parent[-1])) if parent else "values"
        answer.facts.append(ShownFact(key="|".join(numbered[0]), label=label, plural=True, text=join(texts)))
    return [p for p in scalar if p not in numbered]


def _named_values(texts: list[str]) -> list[str]:
    """The values of a list field an answer names: all of them up to one more than :data:`MAX_ITEMS` + 2, else
    that many and how many more ("GOOGL, EBAY, MSFT, TSLA, NFLX and 3 more"; a sixth competitor was dropped
    unsaid)."""
    shown = MAX_ITEMS + 2
    return texts if len(texts) <= shown + 1 else [*texts[:shown], f"{len(texts) - shown} more"]


def _add_fact(answer: Answer, result: dict[str, Any], path: tuple[str, ...]) -> None:
    """One scalar answer field: the answer's subject when it names the record, else a fact (no repeats)."""
    values = [v for v in values_at(result, path) if not isinstance(v, dict | list)]
    if not values:
        return
    record = _parent_record(result, path)
    said = [v for v in values if as_text(v).strip()]  # an empty value says nothing ("the twitter is  and ...")
    values = said or values
    fact = show_value(path, values[0], record)
    joined = len(dict.fromkeys(as_text(v) for v in values)) > 1
    if joined:  # a list field named without its records: "the team names are Fnatic and BIG"
        fact.text = join(_named_values(list(dict.fromkeys(show_value(path, v, record).text for v in values))))
        fact.listed = True
        fact.label = _plural_label(fact.label)
    own = _own_name(record)
    if not answer.items and not answer.subject and own is not None and fact.kind in _SUBJECT_KINDS and (
            _SUBJECT_KINDS.index(own[1]) < _SUBJECT_KINDS.index(fact.kind)) and own[0] != fact.text:
        # the book's own title is the subject, its publisher a fact ("As for North of Quiet, the publisher is ...")
        answer.subject, answer.subject_kind = own
    if not answer.items and fact.kind in _SUBJECT_KINDS and not joined and (
            not answer.subject or _SUBJECT_KINDS.index(fact.kind) < _SUBJECT_KINDS.index(answer.subject_kind)):
        if answer.subject:  # a better subject (a title over a brand name): the old one is a fact again
            answer.facts.append(ShownFact(key="", label=answer.subject_kind, text=answer.subject,
                                          kind=answer.subject_kind))
        answer.subject, answer.subject_kind = fact.text, fact.kind
        answer.facts = [f for f in answer.facts if f.text != fact.text]  # the subject is never also a fact
        return
    if any(fact.label == f.label for f in answer.facts):  # "change" -1.37 and "change" -1.6%
        fact.label = ("percentage " if fact.text.endswith("%") else "") + (
            humanise(words(" ".join(path))) if not fact.text.endswith("%") else fact.label)
        if fact.listed:  # "groups unique tournaments IDs are 294 and 13352"
            fact.label = _plural_label(fact.label)
    if fact.text != answer.subject and all(fact.text != f.text for f in answer.facts) and all(
            fact.label != f.label for f in answer.facts):
        answer.facts.append(fact)


def _own_name(record: dict[str, Any] | None) -> tuple[str, str] | None:
    """The record's own title or name (text, kind), the best of :data:`_SUBJECT_KINDS` it has."""
    for want in _SUBJECT_KINDS:
        hit = next((as_text(v) for k, v in (record or {}).items() if isinstance(v, str) and v.strip()
                    and len(v) <= 60 and _kind_of(k, v) == want), "")
        if hit:
            return hit, want
    return None


# --- phrasing -------------------------------------------------------------------------------------------------

_FRAMES = loader.phrase_banks("en", "answer")  # tooldial/knowledge/phrases/en/answer.yaml
#: A list answer: ``{n}`` how many, ``{noun}``, ``{items}`` the named records.
_LIST_FRAMES = _FRAMES["list_frames"]
#: A list with more records than are named (``{k}`` named).
_MORE_FRAMES = _FRAMES["more_frames"]
#: The same, when one record is named ("the first 1 are" is no English).
_MORE_FRAMES_ONE = _FRAMES["more_frames_one"]
#: Facts about a named subject (``{S}``), as independent clauses.
_SUBJECT_FRAMES = _FRAMES["subject_frames"]
_TITLE_FRAMES = _FRAMES["title_frames"]
_PLACE_FRAMES = _FRAMES["place_frames"]
_NO_SUBJECT_FRAMES = _FRAMES["no_subject_frames"]
_GENERIC_NOUNS = loader.words("labels", "generic_nouns")


#: How a check's finding is said (``answer.verdict_clauses``, ``answer.verdict_predicates``) and the first words of
#: a flag's name that say its shape (``english.flag_label_leads``: "has"/"with" → has).
_VERDICT_CLAUSES = _FRAMES["verdict_clauses"]
_VERDICT_PREDICATES = _FRAMES["verdict_predicates"]
_HAS_LEADS = frozenset(str(k) for k, v in loader.word_map("english", "flag_label_leads").items() if v == "with")
_STATE_LEADS = frozenset(str(k) for k, v in loader.word_map("english", "flag_label_leads").items() if v == "state")


def verdict_text(label: str, value: bool, *, predicate: bool = False) -> str:
    """What a check found, its flag's ``label`` ("valid", "in stock", "has MX", "exists") and ``value``: "it's not
    valid", "it's in stock", "it has no MX", "it doesn't exist", "it's not verified" (``verify``); with
    ``predicate``, of a named subject ("is not valid")."""
    words_ = label.split()
    first = words_[0].lower() if words_ else ""
    base = verb_base(first)
    if first in _HAS_LEADS and len(words_) > 1:
        shape, x = "has", " ".join(words_[1:])
    elif base is not None and base != first:  # "exists", "matches": a verb in the third person
        shape, x = "verb", label if value else " ".join([base, *words_[1:]])
    elif base == first:  # "verify": false says it is not verified
        shape, x = "state", " ".join([past_participle(first), *words_[1:]])
    else:
        shape, x = "state", label
    bank = _VERDICT_PREDICATES if predicate else _VERDICT_CLAUSES
    return bank[f"{shape}_{'on' if value else 'off'}"][0].format(x=x)


def _count_like(fact: ShownFact) -> bool:
    return fact.plural and bool(re.match(r"^-?[\d,]+(\.\d+)?$", fact.text))


def _clause(fact: ShownFact, p: Any) -> str:
    """One fact as an independent clause without a subject ("the humidity is 64%")."""
    if fact.verdict is not None:
        return fact.text
    v, label = p(fact.text), fact.label
    if fact.kind == "temperature" and label in _TEMPERATURE_LABELS:
        return f"it's {v}"
    if fact.kind == "temperature" and label.startswith("feels like"):
        return f"it feels like {v}"
    if _count_like(fact):
        if label.startswith("maximum "):
            return f"it takes up to {v} {label[len('maximum '):]}"
        return f"there are {v} {label}" if fact.text not in ("1", "-1") else f"there is {v} {_singular_label(label)}"
    if label in _FOUNDED_LABELS:
        return f"it was founded in {v}"
    if fact.listed:  # several records' values: "the team names are Fnatic and BIG", "the weather is sunny and wet"
        head = (label.split() or [""])[_head(label)]
        return f"the {label} {'are' if is_countable(head) else 'is'} {v}"
    be = "are" if fact.plural and fact.kind not in ("count", "price", "measure") else "is"
    return f"the {label} {be} {v}"


def _predicate(fact: ShownFact, p: Any) -> str:
    """One fact as a predicate of a named subject ("has 47,000 students"), or "" when none reads well."""
    if fact.verdict is not None:
        return verdict_text(fact.label, fact.verdict, predicate=True)
    v, label = p(fact.text), fact.label
    if fact.kind == "temperature" or fact.listed:  # several records' values are no predicate of one subject
        return ""
    if _count_like(fact):
        if label.startswith("maximum "):
            return f"takes up to {v} {label[len('maximum '):]}"
        return f"has {v} {label}"
    if label in _FOUNDED_LABELS:
        return f"was founded in {v}"
    if fact.kind == "address" and label in ("address", "street address"):
        return f"is at {v}"
    if fact.kind == "rating" and label in _RATING_LABELS:
        return f"is rated {v}" if label != "stars" else f"has {v} stars"
    if fact.kind == "price" and label == "price":
        return f"costs {v}"
    if fact.kind in ("price", "rating", "percent") or (fact.kind in ("count", "measure") and not fact.plural) \
            or re.search(r"(rate|score|size|ratio|count)$", label):
        article = indefinite_article(label)
        return f"has {article} {label} of {v}"
    return ""


def _detail(fact: ShownFact, p: Any) -> tuple[str, bool]:
    """How a list item's detail reads, and whether it reads after the name without parentheses."""
    v, label = p(fact.text), fact.label
    first = label.split()[0] if label.split() else ""
    if fact.text.startswith("no ") and fact.text.endswith(label):
        return f"with {v}", True
    if fact.kind in ("time", "hours", "datetime") and first in _DEPARTURE_WORDS:
        return (f"departing {v}" if first != "start" else f"starting {v}"), True
    if fact.kind in ("time", "hours") and re.match(r"^\d{1,2}:\d{2}$", fact.text) and first in ("time", "at"):
        return f"at {v}", True
    if fact.kind in ("date", "datetime") and first in _DATE_LABEL_WORDS:
        return f"on {v}", True
    if fact.kind == "price" and not re.match(r"^-?[\d,.]+$", fact.text):  # a currency is shown
        per = re.match(r"price (per|a) (\w+)", label)
        return (f"for {v} a {per.group(2)}" if per else f"for {v}"), True
    if _count_like(fact):
        return f"with {v} {label if fact.text not in ('1',) else _singular_label(label)}", True
    if fact.kind == "rating":
        return (f"rated {v}" if label != "stars" else f"with {v} stars"), True
    return f"{label} {v}", False


def _item(item: ListedItem, p: Any) -> str:
    """A list item: its name, the details that read after it, the rest in brackets. One amount reads "for €45";
    a second ("Therapist for $25 for $98,000") is said with its label, in brackets ("median salary $98,000")."""
    inline, bracket = [], []
    order = {"departing": 0, "starting": 0, "on": 0, "at": 0, "for": 1, "rated": 2, "with": 3}
    priced = False
    for d in sorted(item.details, key=lambda d: order.get(_detail(d, p)[0].split(" ", 1)[0], 4)):
        if d.text.strip() == item.name.strip():
            continue  # a detail that repeats the item's name ("9 July 2025 on 9 July 2025": a schedule's date and day)
        text, is_inline = _detail(d, p)
        if text.startswith("for ") and d.kind == "price":
            if priced:
                text, is_inline = f"{d.label} {p(d.text)}", False
            priced = True
        (inline if is_inline else bracket).append(text)
    out = " ".join([p(item.name), *inline])
    return out + (f" ({', '.join(bracket)})" if bracket else "")


def join(items: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def _join_predicates(preds: list[str]) -> str:
    """``has 24 appearances, 17 goals and 5 assists``: a verb said once for a run of predicates."""
    out: list[str] = []
    for i, pred in enumerate(preds):
        verb = pred.split(" ", 1)[0]
        if i and verb in ("has", "is") and preds[i - 1].split(" ", 1)[0] == verb:
            pred = pred.split(" ", 1)[1]
        out.append(pred)
    return join(out)


def _clauses(facts: list[ShownFact], p: Any, rng: Any) -> str:
    """Facts as clauses; counts ("24 appearances, 17 goals") said together in one."""
    counts = [f for f in facts if _count_like(f) and not f.label.startswith("maximum ")]
    clauses = [_clause(f, p) for f in facts if f not in counts and not f.text.endswith((".", "!", "?"))]
    if len(counts) > 1:
        nps = join([f"{p(f.text)} {f.label}" for f in counts])
        clauses.append(rng.choice(("the record shows {x}", "it lists {x}")).format(x=nps))
    else:
        clauses += [_clause(f, p) for f in counts]
    # a value that ends a sentence of its own ("No parties; quiet hours after 22:00.") goes last; a second one
    # starts a new sentence
    ending = [_clause(f, p) for f in facts if f not in counts and f.text.endswith((".", "!", "?"))]
    text = join(clauses + ending[:1])
    return " ".join([text, *(c[:1].upper() + c[1:] for c in ending[1:])])


def phrase(answer: Answer, rng: Any, p: Any) -> str:
    """The sentences of a final response for ``answer`` (frames drawn with ``rng``; every value passed
    through ``p``, the renderer's protection of verbatim values). "" when the answer is empty."""
    sentences: list[str] = []
    if answer.items:
        shown = len(answer.items)
        noun = answer.noun if answer.noun not in _GENERIC_NOUNS else "entries"
        if not noun.endswith("s"):  # "2 lineup entries", not "2 lineup"
            noun = f"{noun} entries"
        if answer.count == 1:
            noun = singular(noun)
        items = join([_item(i, p) for i in answer.items])
        if answer.count > shown:
            frames = _MORE_FRAMES_ONE if shown == 1 else _MORE_FRAMES
            sentences.append(rng.choice(frames).format(n=answer.count, noun=noun, k=shown, items=items))
        else:
            sentences.append(rng.choice(_LIST_FRAMES).format(n=answer.count, noun=noun, items=items))
    facts = answer.facts
    if answer.subject:
        preds = [_predicate(f, p) for f in facts]
        if facts and all(preds) and rng.random() < 0.7:
            sentences.append(f"{p(answer.subject)} {_join_predicates(preds)}.")
        elif facts:
            frames = _PLACE_FRAMES if answer.subject_kind in ("city", "country") else \
                _TITLE_FRAMES if answer.subject_kind == "title" else _SUBJECT_FRAMES
            sentences.append(rng.choice(frames).format(S=p(answer.subject), c=_clauses(facts, p, rng)))
        elif not answer.items:
            sentences.append(rng.choice(("It's {S}.", "The answer is {S}.", "That would be {S}.")).format(
                S=p(answer.subject)))
    elif facts:
        clauses = _clauses(facts, p, rng)
        sentences.append(rng.choice(_NO_SUBJECT_FRAMES).format(c=clauses, C=clauses[:1].upper() + clauses[1:]))
    return " ".join(sentences)
