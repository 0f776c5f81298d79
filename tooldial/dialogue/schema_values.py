"""Mock values that obey the documented JSON Schema: checks (for the validator) and repairs (for mock data).

The documented schema comes first: a value the field-kind generators of :mod:`tooldial.dialogue.mockdata` drew
(a person's name for ``member_since``, ``3.7`` for a 1–5 integer rating, a drawn ISBN) is kept only when it is
inside what the schema allows — its ``type``, ``format``, ``enum``, ``pattern``, ``minimum`` / ``maximum``
(exclusive too), ``multipleOf`` and lengths. Otherwise it is repaired, as close to the drawn value as the
schema allows: a number is rounded and clamped into range, a text is cut to its maximum length, a date
format gets a date of the dialogue's time line; a value off its pattern becomes a documented example that
matches it, else a string generated from the pattern itself (``rstr``, seeded by the dialogue's ``Random``, so
the same seed gives the same bytes). A value that already obeys is never touched, so corpora that document no
bounds (the embedded one) keep their bytes.

Request consistency: a field the call bounds is inside the bound (``min_rating=5`` → every review's
``rating`` is 5). Operation consistency: the status of a record an operation creates (``POST``, ``create…``/``place…``/``add…``)
is the first member of its documented lifecycle ``enum`` (``pending``, not ``delivered``; enums list the state
a record starts in first).

Inputs are strings, as a user types them; :func:`violations` reads them as their declared type
(``text=True``). A declared type alone is not a bound (ToolBench-style documents type loosely); a value is
checked and repaired when its documentation states an ``enum``, a checked ``format`` or a keyword bound.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tooldial.corpus.described_values import described_bounds
from tooldial.corpus.models import Api, Constraints, OutputComponent, Parameter
from tooldial.knowledge import loader
from tooldial.knowledge.taxonomy import name_tokens

#: Formats with a check (others are documentation only).
CHECKED_FORMATS = frozenset({"date", "date-time", "email", "uuid", "time"})
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_TIME = re.compile(r"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
#: Operation names that create a record (its status starts at the beginning of its lifecycle).
_CREATES = re.compile(r"^(" + "|".join(loader.ordered_words("records", "creating_operations")) + r")(?![a-z])", re.I)
_STATUS_WORDS = loader.words("status", "field_words")
_MILLISECOND_WORDS = loader.words("time", "millisecond_words")


@dataclass(frozen=True)
class Slot:
    """What the schema says about one value: its type, format, closed set and bounds."""

    type: str = "string"
    format: str | None = None
    enum: tuple[Any, ...] | None = None
    constraints: Constraints | None = None
    example: Any = None

    @property
    def bounded(self) -> bool:
        """Whether the documentation bounds the value: an enum, a checked format or a keyword bound. A type
        alone does not (ToolBench-style documents type loosely: a ticker documented ``BOOLEAN``); with a bound,
        the type is checked too."""
        return bool(self.enum or self.constraints or (self.format in CHECKED_FORMATS))


def slot_of(leaf: Parameter | OutputComponent) -> Slot:
    """What the schema says about a leaf; a number input whose schema bounds it neither way takes the bounds its
    description gives in prose ('Must be between "1" and "10"': :func:`~tooldial.corpus.described_values.
    described_bounds`), so a drawn amount of 388.34 is not sent where 1 to 10 is asked."""
    enum = tuple(leaf.enum) if leaf.enum else None
    constraints = leaf.constraints
    if isinstance(leaf, Parameter) and (leaf.type or "").lower() in ("integer", "number") and not enum and (
            constraints is None or constraints.minimum is None and constraints.maximum is None):
        bounds = described_bounds(leaf.description or "")
        if bounds is not None:
            base = constraints or Constraints()
            constraints = base.model_copy(update={"minimum": bounds[0], "maximum": bounds[1]})
    return Slot(type=leaf.type or "string", format=leaf.format, enum=enum, constraints=constraints,
                example=leaf.example)


# --------------------------------------------------------------------------------------------- checks


def _as_number(value: Any, text: bool) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if text and isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _is_date(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def _is_datetime(text: str) -> bool:
    if len(text) < 16 or text[10] not in "Tt ":
        return False
    try:
        dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return False
    return True


def _format_ok(fmt: str | None, text: str) -> bool:
    if fmt == "date":
        return _is_date(text)
    if fmt == "date-time":
        return _is_datetime(text)
    if fmt == "email":
        return bool(_EMAIL.match(text))
    if fmt == "uuid":
        return bool(_UUID.match(text))
    if fmt == "time":
        return bool(_TIME.match(text))
    return True


def violations(value: Any, slot: Slot, *, text: bool = False) -> list[str]:
    """How ``value`` breaks ``slot`` (empty when it obeys). ``text=True`` reads a string as the declared type."""
    if value is None or isinstance(value, dict | list):
        return []
    out: list[str] = []
    if slot.enum and str(value) not in {str(v) for v in slot.enum} and not (
            isinstance(value, bool) and str(value).lower() in {str(v).lower() for v in slot.enum}):
        out.append(f"{value!r} is not one of {list(slot.enum)[:6]}")
    kind = slot.type
    if kind in ("integer", "number"):
        number = _as_number(value, text)
        if number is None:
            return [*out, f"{value!r} is not {'an' if kind == 'integer' else 'a'} {kind}"]
        if kind == "integer" and not number.is_integer():
            out.append(f"{value!r} is not an integer")
        c = slot.constraints
        if c is not None:
            if c.minimum is not None and number < c.minimum:
                out.append(f"{value!r} is below the minimum {c.minimum:g}")
            if c.maximum is not None and number > c.maximum:
                out.append(f"{value!r} is above the maximum {c.maximum:g}")
            if c.exclusive_minimum is not None and number <= c.exclusive_minimum:
                out.append(f"{value!r} is not above {c.exclusive_minimum:g}")
            if c.exclusive_maximum is not None and number >= c.exclusive_maximum:
                out.append(f"{value!r} is not below {c.exclusive_maximum:g}")
            if c.multiple_of and not math.isclose(number / c.multiple_of, round(number / c.multiple_of),
                                                  abs_tol=1e-9):
                out.append(f"{value!r} is not a multiple of {c.multiple_of:g}")
        return out
    if kind == "boolean":
        ok = isinstance(value, bool) or (text and str(value).lower() in ("true", "false"))
        return out if ok else [*out, f"{value!r} is not a boolean"]
    if kind != "string":
        return out
    if not isinstance(value, str):
        if text or isinstance(value, bool):
            return out
        return [*out, f"{value!r} is not a string"]
    if not _format_ok(slot.format, value):
        out.append(f"{value!r} is not a {slot.format}")
    c = slot.constraints
    if c is not None:
        if c.pattern is not None and not _search(c.pattern, value):
            out.append(f"{value!r} does not match the pattern {c.pattern!r}")
        if c.min_length is not None and len(value) < c.min_length:
            out.append(f"{value!r} is shorter than {c.min_length}")
        if c.max_length is not None and len(value) > c.max_length:
            out.append(f"{value!r} is longer than {c.max_length}")
    return out


@lru_cache(maxsize=4096)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _search(pattern: str, value: str) -> bool:
    return _compiled(pattern).search(value) is not None


# --------------------------------------------------------------------------------------------- repairs


def _pattern_value(slot: Slot, rng: random.Random) -> str:
    """A documented example that matches the pattern, else a string generated from the pattern (at most the
    maximum length when one is documented)."""
    c = slot.constraints
    assert c is not None and c.pattern is not None
    for example in (slot.example, *c.examples):
        if isinstance(example, str | int) and not isinstance(example, bool) and not violations(str(example), slot):
            return str(example)
    import rstr

    gen = rstr.Rstr(rng)
    readable = _readable_pattern(c.pattern)
    for pattern in dict.fromkeys((readable, c.pattern)):
        value = gen.xeger(pattern)
        for _ in range(8):  # unbounded repeats: draw again until the lengths fit
            if not violations(value, slot):
                return value
            value = gen.xeger(pattern)
    return value


#: A negated class (``[^:\s]``) or a dot, with its repeat: what a pattern leaves open.
_OPEN_CLASS = re.compile(r"(\[\^(?:\\.|[^\]\\])*\]|(?<!\\)\.)([*+]|\{\d*,?\d*\})?")


def _readable_pattern(pattern: str) -> str:
    """The pattern with what it leaves open written as lowercase letters and digits: ``arn:aws[^:\\s]*:…``
    gives ``arn:aws:…``, not printable noise ("arn:awswrGoOLE"PYegN#…"); an optional open part is left out, a
    required one is 3 to 10 characters. The value is still checked against the original pattern."""
    def readable(m: re.Match[str]) -> str:
        cls, repeat = m.group(1), m.group(2) or ""
        inner = "" if cls == "." else re.sub(r"\\[^dw]", "", cls[2:-1])  # escaped punctuation and spaces
        letters = not re.search(r"[a-z]|\\w", inner)
        digits = not re.search(r"[0-9]|\\[dw]", inner)
        if not (letters or digits):
            return m.group(0)
        alphabet = "[" + ("a-z" if letters else "") + ("0-9" if digits else "") + "]"
        if repeat == "*":
            return ""
        return alphabet + ("{3,10}" if repeat == "+" else repeat)
    return _OPEN_CLASS.sub(readable, pattern)


def _number_value(value: Any, slot: Slot, rng: random.Random) -> float:
    c = slot.constraints or Constraints()
    low = c.minimum if c.minimum is not None else c.exclusive_minimum
    high = c.maximum if c.maximum is not None else c.exclusive_maximum
    number = _as_number(value, True)
    if number is None:  # not a number at all: a value inside the range (or a small one)
        lo = low if low is not None else (0.0 if high is None or high > 0 else high - 100)
        hi = high if high is not None else lo + 100
        number = rng.uniform(lo, hi)
    step = c.multiple_of or (1.0 if slot.type == "integer" else None)
    if low is not None and number < low:
        number = low
    if high is not None and number > high:
        number = high
    if step:
        number = round(number / step) * step
        if low is not None and (number < low or (c.exclusive_minimum is not None and number <= low)):
            number += step
        if high is not None and (number > high or (c.exclusive_maximum is not None and number >= high)):
            number -= step
    elif c.exclusive_minimum is not None and number <= c.exclusive_minimum:
        number = c.exclusive_minimum + (min(1.0, (high - c.exclusive_minimum) / 2) if high is not None else 1.0)
    elif c.exclusive_maximum is not None and number >= c.exclusive_maximum:
        number = c.exclusive_maximum - (min(1.0, (c.exclusive_maximum - low) / 2) if low is not None else 1.0)
    return number


def _format_value(slot: Slot, rng: random.Random, today: dt.date) -> str:
    day = today - dt.timedelta(days=rng.randint(1, 3 * 365))
    if slot.format == "date":
        return day.isoformat()
    if slot.format == "date-time":
        return _at_a_clock_time(day.isoformat(), rng)
    if slot.format == "time":
        return f"{rng.randint(8, 20):02d}:{rng.choice((0, 15, 30, 45)):02d}"
    if slot.format == "uuid":
        return str(__import__("uuid").UUID(int=rng.getrandbits(128), version=4))
    return f"user{rng.randint(100, 999)}@example.com"


def _at_a_clock_time(day: str, rng: random.Random) -> str:
    """An ISO day as a UTC date-time at a daytime quarter hour (``2025-07-24T14:45:00Z``)."""
    return f"{day}T{rng.randint(8, 20):02d}:{rng.choice((0, 15, 30, 45)):02d}:00Z"


#: ISO forms of one moment, by length: a date-time whose length is documented (24: milliseconds and "Z") is
#: written in the form of that length, not padded.
_DATETIME_FORMS = ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S.{ms}Z", "%Y-%m-%dT%H:%M:%S+00:00",
                   "%Y-%m-%dT%H:%M:%S.{ms}+00:00", "%Y-%m-%dT%H:%M:%S.{us}Z", "%Y-%m-%dT%H:%M:%S.{us}+00:00",
                   "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M")


def _datetime_sized(text: str, low: int | None, high: int | None) -> str | None:
    """The moment ``text`` says, in the first ISO form whose length is within ``low``..``high``; None when the
    text is no date-time or no form fits."""
    if not _is_datetime(text):
        return None
    moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    for form in _DATETIME_FORMS:
        written = moment.strftime(form.format(ms=f"{moment.microsecond // 1000:03d}",
                                              us=f"{moment.microsecond:06d}"))
        if (low is None or len(written) >= low) and (high is None or len(written) <= high):
            return written
    return None


def _same_day(text: str, fmt: str | None, rng: random.Random) -> str | None:
    """The day a value says, written in the other date format: a date where a date-time is documented gets a
    clock time, a date-time where a date is documented loses it (a series placed in the asked range keeps its
    days); ``None`` when the value is neither."""
    text = text.strip()
    if fmt == "date-time" and _is_date(text):
        return _at_a_clock_time(text, rng)
    if fmt == "date" and _is_datetime(text):
        return text[:10]
    return None


def conform(value: Any, slot: Slot, rng: random.Random, today: dt.date, *, text: bool = False) -> Any:
    """``value`` when it obeys ``slot``, else the nearest value that does (a string when ``text``)."""
    if not slot.bounded or not violations(value, slot, text=text):
        return value
    if slot.enum:
        fixed: Any = rng.choice(list(slot.enum))
    elif slot.type in ("integer", "number"):
        number = _number_value(value, slot, rng)
        fixed = int(number) if slot.type == "integer" else round(number, 2) if not (
            slot.constraints and slot.constraints.multiple_of) else number
        if slot.type == "number" and violations(fixed, slot):
            fixed = number
    elif slot.type == "boolean":
        fixed = str(value).lower() in ("true", "1", "yes") if isinstance(value, str) else bool(value)
    elif slot.type == "string":
        fixed = value if isinstance(value, str) else str(value)
        c = slot.constraints
        if slot.format in CHECKED_FORMATS and not _format_ok(slot.format, fixed):
            fixed = _same_day(fixed, slot.format, rng) or _format_value(slot, rng, today)
        if c is not None and c.pattern is not None and not _search(c.pattern, fixed):
            fixed = _pattern_value(slot, rng)
        if c is not None and slot.format == "date-time" and violations(fixed, slot):  # before a cut breaks it
            fixed = _datetime_sized(fixed, c.min_length, c.max_length) or fixed
        if c is not None and c.max_length is not None and len(fixed) > c.max_length:
            cut = fixed[:c.max_length]
            fixed = cut.rsplit(" ", 1)[0] if " " in cut and not violations(cut.rsplit(" ", 1)[0], slot) else cut
        if c is not None and c.min_length is not None and len(fixed) < c.min_length:
            fixed = fixed.ljust(c.min_length, "0") if c.pattern is None else _pattern_value(slot, rng)
    else:
        return value
    if text:
        return fixed if isinstance(fixed, str) else ("true" if fixed is True else "false" if fixed is False
                                                     else str(fixed))
    return fixed


# --------------------------------------------------------------------------------------------- records


def leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict | list, Any, Any]]:
    """``(component path, container, key, value)`` of every scalar leaf; arrays are transparent (as in
    output-component paths)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, dict | list):
                yield from leaves(value, (*path, str(key)))
            else:
                yield (*path, str(key)), node, key, value
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if isinstance(value, dict | list):
                yield from leaves(value, path)
            else:
                yield path or ("response",), node, i, value


def creates_record(api: Api) -> bool:
    """Whether the operation makes a new record (``POST``-ish name: create/place/add/book ...)."""
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", api.name).replace("_", " ").split()
    return bool(words) and bool(_CREATES.match(words[0]))


#: Bounded names that size the request (``max_results``, ``min_count``), not a field of the records.
_SIZE_FIELDS = loader.words("paging", "size_fields")
#: First words of an input that bounds the searched records' ``distance`` (``radius``, ``within``).
_RADIUS_FIRST = frozenset((w,) for w in loader.words("measures", "radius_inputs"))


def radius_input(name: str) -> bool:
    """Whether an input bounds how far the searched records lie (``radius``, ``radius_km``, ``within``)."""
    return name_tokens(str(name))[:1] in _RADIUS_FIRST
_BOUND_NAME = re.compile(r"^(?:(?P<pre>min|minimum|max|maximum)_?(?P<a>[a-z][a-z_]*)"
                         r"|(?P<b>[a-z][a-z_]*?)_?(?P<post>min|minimum|max|maximum))$")


def request_bounds(inputs: dict[str, Any]) -> dict[str, tuple[float | None, float | None]]:
    """The numeric bounds a call puts on its records' fields: ``min_rating=3`` → ``rating >= 3``,
    ``price_max=20`` → ``price <= 20`` (field names lower-case, without underscores)."""
    out: dict[str, tuple[float | None, float | None]] = {}
    for name, value in inputs.items():
        found = _BOUND_NAME.match(re.sub(r"([a-z])([A-Z])", r"\1_\2", str(name)).lower())
        number = _as_number(value, True)
        if number is not None and number > 0 and radius_input(name):
            # radius=25: no record lies 29.7 away
            out["distance"] = (out.get("distance", (None, None))[0], number)
            continue
        if found is None or number is None:
            continue
        field = (found.group("a") or found.group("b") or "").replace("_", "")
        if field in _SIZE_FIELDS:
            continue  # max_results bounds how many records come back, not a field of theirs
        low, high = out.get(field, (None, None))
        if (found.group("pre") or found.group("post")).startswith("min"):
            low = number
        else:
            high = number
        out[field] = (low, high)
    return out


def _within(value: Any, low: float | None, high: float | None, rng: random.Random) -> Any:
    """``value`` when it is inside ``[low, high]``, else a value drawn inside (near the bound it broke: a
    listing under a 1,800 rent cap costs 1,080–1,800, not exactly 1,800 each)."""
    number = _as_number(value, True)  # mock values may still be numbers written as text ("3.7")
    if number is None or (low is not None and high is not None and low > high):
        return value
    if (low is None or number >= low) and (high is None or number <= high):
        return value
    if high is not None and number > high:
        floor = max(low if low is not None else 0.0, high * 0.6 if high > 0 else high - abs(high) * 0.4 - 1)
        fixed = rng.uniform(floor, high)
    else:
        assert low is not None
        ceiling = high if high is not None else (low * 1.4 if low > 0 else low + 1)
        fixed = rng.uniform(low, max(low, ceiling))
    if isinstance(value, str):
        return str(round(fixed, 2)) if "." in value else str(round(fixed))
    if isinstance(value, int):
        return max(math.ceil(low), min(math.floor(high), round(fixed))) if low is not None and high is not None \
            else math.ceil(fixed) if high is None else math.floor(fixed) if low is None else round(fixed)
    return round(fixed, 2)


def conform_result(api: Api, body: Any, rng: random.Random, today: dt.date,
                   inputs: dict[str, Any] | None = None) -> Any:
    """Repair the leaves of a result body (in place) that break their documented schema; a created record's
    status is the first of its lifecycle; a field the call bounds (``min_rating``) is inside the bound."""
    slots = {c.path: slot_of(c) for c in api.output_components}
    fresh = creates_record(api)
    bounds = request_bounds(inputs or {})
    for path, holder, key, value in list(leaves(body)):
        bound = bounds.get(path[-1].lower().replace("_", ""))
        if bound is not None:
            holder[key] = value = _within(value, *bound, rng)
        slot = slots.get(path)
        if slot is None:
            continue
        if fresh and slot.enum and path[-1].lower() in _STATUS_WORDS and len(path) == 1:
            holder[key] = slot.enum[0]
            continue
        if slot.bounded:
            holder[key] = conform(value, slot, rng, today)
    return body


def conform_input(param: Parameter, value: str, rng: random.Random, today: dt.date) -> str:
    """One input string repaired to its parameter's documented schema (a value that obeys is kept). An input the
    field kinds had nothing for (``""``) gets one from its schema when the schema can make one (a pattern, a
    format, a numeric range). A number input always gets a number, as the validator reads it: a date said for it
    becomes its epoch count, any other word the documented number or a drawn id (a generator that types every
    input ``NUMBER`` documents "Contact data" so)."""
    if param.type in ("array", "object"):
        return value
    if param.type in ("integer", "number") and value != "" and _as_number(value, True) is None:
        value = _epoch_text(value, param) or _documented_number(param) or str(rng.randint(1000, 99999))
    slot = slot_of(param)
    if value == "" and not _can_make(slot):
        return value
    return conform(value, slot, rng, today, text=True) if slot.bounded else value


def _epoch_text(value: str, param: Parameter) -> str | None:
    """A date or date-time said for a number input, as the epoch count the number means (a Unix timestamp: the
    validator reads a number input as a number, and "2025-07-02T19:30:00" is none), in milliseconds when the
    input's name or description says so; None when ``value`` is no ISO date."""
    text = value.strip()
    if _is_date(text):
        moment = dt.datetime.combine(dt.date.fromisoformat(text), dt.time(), dt.UTC)
    elif _is_datetime(text):
        moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
        moment = moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
    else:
        return None
    said = set(re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", f"{param.name} {param.description or ''}")
                          .lower()))
    seconds = int(moment.timestamp())
    return str(seconds * 1000 if said & _MILLISECOND_WORDS else seconds)


def _documented_number(param: Parameter) -> str | None:
    """The parameter's documented example or default when it reads as a number."""
    for value in (param.example, param.default):
        if isinstance(value, int | float | str) and _as_number(value, True) is not None:
            return str(value).strip()
    return None


def _can_make(slot: Slot) -> bool:
    c = slot.constraints
    return bool(slot.enum or slot.format in CHECKED_FORMATS or (c is not None and (
        c.pattern is not None or (slot.type in ("integer", "number") and (c.minimum is not None
                                                                           or c.maximum is not None)))))


def conform_inputs(api: Api, values: dict[str, str], rng: random.Random, today: dt.date) -> dict[str, str]:
    """Input strings repaired to their parameters' documented schema (a value that obeys is kept)."""
    out = dict(values)
    for name, value in values.items():
        param = api.parameter(name)
        if param is not None and value is not None:
            out[name] = conform_input(param, value, rng, today)
    return out


def spec_problems(api: Api, inputs: dict[str, Any], result: Any) -> list[str]:
    """Values of one call that break the API's documented schema: ``input q: ...`` / ``output results|isbn: ...``."""
    out: list[str] = []
    for name, value in inputs.items():
        param = api.parameter(name)
        if param is None or param.type in ("array", "object") or isinstance(value, dict | list):
            continue
        out += [f"input {name}: {v}" for v in violations(value, slot_of(param), text=isinstance(value, str))]
    slots = {c.path: slot_of(c) for c in api.output_components}
    bounds = request_bounds(inputs)
    for path, _, _, value in leaves(result):
        slot = slots.get(path)
        if slot is not None and slot.bounded:
            out += [f"output {'|'.join(path)}: {v}" for v in violations(value, slot)]
        low, high = bounds.get(path[-1].lower().replace("_", ""), (None, None))
        number = _as_number(value, True)
        if number is not None and ((low is not None and number < low) or (high is not None and number > high)):
            out.append(f"output {'|'.join(path)}: {value!r} is outside the bounds the call asked for")
    return out
