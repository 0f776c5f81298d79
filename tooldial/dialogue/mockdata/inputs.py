"""Input values of a call: documented first, drawn in one context so that grouped inputs agree."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Iterable

from tooldial.corpus.described_values import (
    described_bounds,
    described_choices,
    described_default,
    described_default_value,
    described_example,
)
from tooldial.corpus.error_example import documented_error
from tooldial.corpus.models import Api, Constraints, Parameter
from tooldial.dialogue.mockdata.dates import parse_date, whole_date, written_like
from tooldial.dialogue.mockdata.documented import example_record, identifying
from tooldial.dialogue.mockdata.fields import FieldName, api_words, field_kind, name_tokens, said_name
from tooldial.dialogue.mockdata.files import file_format
from tooldial.dialogue.mockdata.generators import (
    INPUT_GROUPS,
    USER_PLACE_KINDS,
    _by_type,
    draw_in_range,
    generate,
    small_whole_number,
)
from tooldial.dialogue.mockdata.money import in_minor_units, minor_units_described
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.dialogue.mockdata.placeholders import is_placeholder, is_stand_in_name, is_stand_in_text
from tooldial.dialogue.mockdata.places import _country_names, _place_index, places, searched_place_kind
from tooldial.dialogue.mockdata.rule_fixes import world_fix
from tooldial.dialogue.mockdata.sports import api_sport
from tooldial.dialogue.mockdata.texts import text_purpose, user_text
from tooldial.dialogue.mockdata.world import WORLD_YEAR, MockWorld, RecordContext
from tooldial.dialogue.schema_values import conform_input, conform_inputs, slot_of
from tooldial.knowledge import loader

#: Kinds of an input whose documented stand-in name ("John Doe") is drawn anew (``placeholders.stand_in_kinds``).
_STAND_IN_KINDS = loader.words("placeholders", "stand_in_kinds")


def _documented(param: Parameter, rng: random.Random) -> str:
    """The parameter's documented value (enum > example > default > a default its description states), "" when none
    or a placeholder; a value written as a JSON string (Kloudless's ``"false"``) is its content. (Single quotes stay:
    MLB Data's lookup service takes ``season='2017'`` as written.)"""
    if param.enum:
        return as_text(rng.choice(list(param.enum)))
    for value in (param.example, param.default):
        if isinstance(value, list):  # list-valued examples contribute one element (as the release did)
            value = rng.choice(value) if value else ""
        text = as_text(value).strip() if value not in (None, {}) else ""
        if re.fullmatch(r'"[^"]+"', text):  # a JSON string as the documentation wrote it ('"false"'): its content
            text = text[1:-1].strip()
        if text and not is_placeholder(text, param.name):
            return text
    if (param.type or "").lower() in ("integer", "int", "number"):
        return ""  # a number is drawn near the default its description states (_inside_bounds), not fixed to it
    said = described_default_value(param.description or "")  # "(default: cities)": what the API takes unasked
    return said if said and not is_placeholder(said, param.name) else ""


def _described(param: Parameter, rng: random.Random, others: Iterable[str] = ()) -> str | None:
    """A value the parameter's description gives in prose (one of the choices it lists, else its example), for
    an input that neither its schema nor its name says how to draw; None when there is none. A value that is
    the name of one of the API's inputs (``others``) is the description naming a field, not a value."""
    fields = {name.lower() for name in others}
    choices = tuple(c for c in described_choices(param.description) if c.lower() not in fields)
    text = as_text(rng.choice(choices)) if choices else described_example(param.description)
    return text if text and text.lower() not in fields and not is_placeholder(text, param.name) else None


def input_values(api: Api, names: Iterable[str], world: MockWorld, context: Iterable[str] = ()
                 ) -> dict[str, str]:
    """Values for the named inputs of ``api``, drawn in one context: documented values first, except dates
    (drawn around the dialogue's "today") and groups (:data:`INPUT_GROUPS`: coordinates, a currency pair, a
    place) with an undocumented member, which are generated as a whole so that their members agree."""
    ctx = RecordContext(world)
    ctx.sport, ctx.league = api_sport(api)
    words = frozenset(context) | api_words(api)
    params = [p for p in (api.parameter(n) for n in names) if p is not None]
    title = frozenset(name_tokens(said_name(api)))
    fields = {p.name: FieldName(p.name, p.type or "string", words, title) for p in params}
    documented = {p.name: _documented(p, world.rng) for p in params}
    described = example_record(api.example_response) if not documented_error(api.example_response) else None
    for p in params:  # an id the example response describes is the one asked (the airport it shows: ZUUU)
        shown = next((v for k, v in (described or {}).items() if k.lower() == p.name.lower()
                      and isinstance(v, str | int) and not isinstance(v, bool)), None)
        if shown is not None and identifying(p.name) and not p.enum and as_text(shown).strip() \
                and not is_placeholder(as_text(shown), p.name):
            documented[p.name] = as_text(shown)
    kinds = {p.name: field_kind(fields[p.name]) for p in params}
    free = {p.name for p in params if not p.enum}
    stand_ins = {p.name for p in params if p.name in free and _stand_in(api, kinds[p.name], documented[p.name])}
    documented.update(dict.fromkeys(stand_ins, ""))
    for p in params:  # an e-mail drawn beside a documented person's name is that person's ("Ana Ribeiro")
        said = documented[p.name].split()
        if field_kind(FieldName(p.name)) in ("name", "person") and len(said) == 2 and all(
                w[:1].isupper() and w.isalpha() for w in said):  # the name alone: a job API's context reads "title"
            ctx._person = (said[0], said[1])
            break
    regenerate = {n for n, k in kinds.items() if k in ("date", "datetime") and n in free}
    # the user's own place (coordinates, a city, a country) is the dialogue's, never the documented example's
    # point; the rest of a place group (an address, a postal code) follows it
    placed = [n for n in kinds if kinds[n] in USER_PLACE_KINDS]
    moved = [n for n in placed if n in free and (not documented[n] or _table_place(kinds[n], documented[n]))]
    # all of them or none: an enum's country or a documented US state keeps the documented city beside it
    if moved and len(moved) == len(placed) and "state" not in kinds.values():
        ctx._place = world.home
        regenerate.update(moved)
        regenerate.update(n for n in free if kinds[n] in ("latitude", "longitude", "address", "postal"))
    for group in INPUT_GROUPS:
        members = [n for n, k in kinds.items() if k in group]
        if len(members) > 1 and not all(documented[n] for n in members):
            regenerate.update(n for n in members if n in free)
    out: dict[str, str] = {}
    inputs = [p.name for p in (*api.required_parameters, *api.optional_parameters)]
    for p in params:
        if documented[p.name] and p.name not in regenerate:
            out[p.name] = documented[p.name]
            continue
        ctx.file_format = file_format(api, p.name) if kinds[p.name] == "file" else None
        place = searched_place_kind(api, p.name) if kinds[p.name] == "query" else None
        value = " ".join(ctx.person) if p.name in stand_ins and kinds[p.name] in _STAND_IN_KINDS else generate(
            FieldName(place, "string") if place else fields[p.name], ctx)  # John Doe: a person; a city search: a town
        if value is not None and kinds[p.name] == "price" and minor_units_described(p.description or "") \
                and "." in value:
            value = in_minor_units(value)  # "Charge amount (In cents)": 28676, not 286.76
        if value is not None and kinds[p.name] == "country_code" and documented[p.name].islower():
            value = value.lower()  # the documented form ("us") is kept
        value = value if value is not None else (documented[p.name] or _described(p, world.rng, inputs)
                                                 or _said_number(p.type, world.rng) or _by_type(p.type, ctx))
        if not value and kinds[p.name] == "text":  # free text nothing documents: a text of the API's purpose
            value = user_text(api, world.rng) or value
        if value is not None and not documented[p.name]:
            value = _inside_bounds(p, _in_described_unit(p, value), ctx, api)
        out[p.name] = value if value is not None else ""  # "": nothing a user could say (the plan is dropped)
    world_fix("calendar")(out, kinds, ctx, documented)
    out = conform_inputs(api, out, world.rng, world.today)  # inside the documented schema (bounds, pattern)
    world_fix("window")(out)  # a range asked for has length: not the documented example twice
    for name in regenerate:  # a date drawn anew is written as the API documents its dates (20250816, not 2025-08-16)
        if kinds.get(name) in ("date", "datetime") and whole_date(documented[name]) and not parse_date(documented[name]):
            out[name] = written_like(documented[name], out[name]) or out[name]
    return out


def _stand_in(api: Api | None, kind: str | None, documented: str) -> bool:
    """Whether a documented value is a stand-in the caller draws anew: "John Doe" as a person's name (kinds
    ``placeholders.stand_in_kinds``), "Hello world" as the text an API with a known purpose is sent (the user text
    of :func:`~tooldial.dialogue.mockdata.texts.user_text` then takes its place)."""
    if kind in _STAND_IN_KINDS:
        return is_stand_in_name(documented)
    return kind == "text" and api is not None and is_stand_in_text(documented) and text_purpose(api) is not None


_METER_UNITS = loader.words("measures", "meter_units")


def _in_described_unit(param: Parameter, value: str) -> str:
    """A person's height drawn in centimeters (``measures.body_ranges``) said in meters when the input's
    documentation gives it so ("The user's height in meters (**m**)": 1.72, not 172); any other value as drawn."""
    if param.name.lower() != "height" or not re.fullmatch(r"1\d\d", value):
        return value
    said = set(re.findall(r"[a-z]+", (param.description or "").lower()))
    return f"{int(value) / 100:.2f}" if said & _METER_UNITS else value


def _said_number(type_: str | None, rng: random.Random) -> str | None:
    """A whole number for an undocumented ``integer`` or ``number`` input of no kind (:func:`small_whole_number`:
    RapidAPI types every numeric input ``NUMBER``, so the type says nothing of decimals); None for other types."""
    if (type_ or "").lower() not in ("integer", "int", "number"):
        return None
    return small_whole_number(rng)


def _inside_bounds(param: Parameter, value: str, ctx: RecordContext, api: Api | None = None) -> str:
    """A number drawn for ``param`` as it is, or drawn anew inside the bounds its schema or description gives when
    it lies outside them ('Must be between "1" and "10"': 388.34 becomes a number of 1 to 10, not 10 clamped), or
    that its API's description gives it (:func:`api_bounds`); near the default the description names ("the default
    value is 14"), else the middle; whole when the type is or both ends are and they lie more than 1 apart (0 to 1
    is a fraction)."""
    c = slot_of(param).constraints if (param.type or "").lower() in ("integer", "number") else None
    if (c is None or c.minimum is None or c.maximum is None) and api is not None:
        c = api_bounds(api, param) or c
    if c is None or c.minimum is None or c.maximum is None or c.minimum >= c.maximum:
        return value
    try:
        if c.minimum <= float(value) <= c.maximum:
            return value
    except ValueError:
        return value
    whole = (param.type or "").lower() == "integer" or (
        c.minimum.is_integer() and c.maximum.is_integer() and c.maximum - c.minimum > 1)
    default = described_default(param.description or "")
    typical = default if default is not None and c.minimum <= default <= c.maximum else (c.minimum + c.maximum) / 2
    return draw_in_range(c.minimum, c.maximum, typical, "integer" if whole else "number", ctx.world.rng)


def api_bounds(api: Api, param: Parameter) -> Constraints | None:
    """The bounds a sentence of the API's description gives a number input ("For valid response try integer IDs
    with value >= 1 and <= 10" of Petstore's getOrderById, "height and width … must be a value between 1 - 10000"):
    the input the sentence names, or the API's one number input when it names none; None otherwise."""
    if (param.type or "").lower() not in ("integer", "number"):
        return None
    numbers = [p for p in api.parameters if (p.type or "").lower() in ("integer", "number")]
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", api.description or ""):
        bounds = described_bounds(sentence)
        if bounds is None:
            continue
        said = set(re.findall(r"[a-z0-9]+", sentence.lower()))
        named = [p for p in numbers if "".join(name_tokens(p.name)) in said or p.name.lower() in said]
        if param in named or (not named and numbers == [param]):
            return Constraints(minimum=bounds[0], maximum=bounds[1])
    return None


def _table_place(kind: str | None, text: str) -> bool:
    """A documented input value that is a place of the city table in the form the kind says (coordinates, a
    city, a country name, a two-letter country code): another table place of that form can stand in for it.
    An airport code under ``origin`` or "New York, NY" under ``location`` is not one."""
    text = text.strip()
    if kind in ("latitude", "longitude"):
        return bool(re.fullmatch(r"-?\d{1,3}(\.\d+)?", text))
    if kind == "city":
        return text in _place_index()
    if kind == "country":
        return text.lower() in _country_names()
    return kind == "country_code" and len(text) == 2 and text.upper() in {p.country_code for p in places()}


def input_value(param: Parameter, rng: random.Random, api: Api | None = None) -> str | None:
    """A value for one input parameter on its own (documented > by name > by type), None when there is none; with
    ``api``, a file input is of the format that API takes (:func:`~tooldial.dialogue.mockdata.files.file_format`)
    and a documented stand-in or an undocumented free text is drawn as :func:`input_values` draws it."""
    field = FieldName(param.name, param.type or "string")
    documented, kind = _documented(param, rng), field_kind(field)
    stand_in = bool(documented) and not param.enum and _stand_in(api, kind, documented)
    if documented and not stand_in:
        return conform_input(param, documented, rng, dt.date(WORLD_YEAR, 1, 1))
    ctx = RecordContext(MockWorld(rng))
    ctx.file_format = file_format(api, param.name) if api is not None else None
    value = " ".join(ctx.person) if stand_in and kind in _STAND_IN_KINDS else generate(field, ctx)
    value = value if value is not None else (_described(param, rng) or _said_number(param.type, rng)
                                             or _by_type(param.type, ctx))
    if not value and kind == "text" and api is not None:  # as :func:`input_values` draws it
        value = user_text(api, rng) or value
    if value is None and param.constraints is not None and param.constraints.pattern:
        value = ""  # drawn from its documented pattern (an AWS ARN)
    value = _in_described_unit(param, value) if value and not documented else value
    if value and api is not None and not documented and api_bounds(api, param) is not None:
        value = _inside_bounds(param, value, ctx, api)  # as :func:`input_values` bounds it
    return conform_input(param, value, rng, ctx.world.today) if value is not None else None


def grouped_kind(param: Parameter) -> bool:
    """Whether the parameter belongs to an input group (or is a date): it must not be drawn alone."""
    kind = field_kind(FieldName(param.name, param.type or "string"))
    return kind is not None and (kind in ("date", "datetime") or any(kind in g for g in INPUT_GROUPS[:3])
                                 or kind in ("latitude", "longitude"))
