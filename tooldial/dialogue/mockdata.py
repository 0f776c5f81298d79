"""Mock data for dialogues: input values and API results, consistent along the chain.

Input values come from a parameter's enum, default or example, or a generator keyed on the parameter's name
and type (ids, dates, coordinates, cities, currencies, …). API results are built from the documented output
components: nesting follows the ``|`` paths, and components under a list (``is_list``) become 2–3 records
with distinct values, so a ``request-multi`` has real alternatives to pick from.

Chaining: :func:`chain_records` reads the chained output off the *source's* generated result; the generator
puts that exact value into the target's state and request. All values are strings (as a user would type
them), so "the value appeared in the history" is a plain substring check.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from tooldial.corpus.models import Api, OutputComponent, Parameter

_CITIES = ("Lisbon", "Osaka", "Toronto", "Nairobi", "Melbourne", "Denver", "Seville", "Hamburg", "Bogota",
           "Singapore", "Krakow", "Austin", "Dublin", "Marseille", "Busan")
_COUNTRIES = ("Portugal", "Japan", "Canada", "Kenya", "Australia", "Mexico", "Spain", "Germany", "Colombia",
              "Brazil", "Poland", "Ireland", "France", "Korea", "Norway")
_COUNTRY_CODES = ("US", "GB", "DE", "FR", "JP", "BR", "IN", "CA", "ES", "IT")
_LANGS = ("en", "fr", "de", "es", "it", "pt", "ja")
_CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD")
_SYMBOLS = ("AAPL", "MSFT", "TSLA", "NVDA", "AMZN", "GOOGL", "BTC", "ETH")
_FIRST = ("Maria", "James", "Aiko", "Lucas", "Fatima", "Noah", "Elena", "Omar", "Chloe", "Ravi", "Ingrid")
_LAST = ("Silva", "Tanaka", "Müller", "Okafor", "Nguyen", "Rossi", "Kowalski", "Haddad", "Lindqvist", "Park")
_WORDS = ("aurora", "harbor", "summit", "meadow", "cobalt", "ember", "willow", "atlas", "orbit", "juniper",
          "falcon", "coral", "quartz", "sierra", "velvet", "maple")
_TOPICS = ("jazz", "machine learning", "electric cars", "coffee", "climate", "basketball", "photography",
           "vegan recipes", "space travel", "startups", "hiking", "chess")
_STREETS = ("Baker Street", "Elm Avenue", "Rua Augusta", "Queen Street", "Sunset Boulevard", "Maple Road")


@lru_cache(maxsize=65536)
def _tokens(name: str) -> tuple[str, ...]:
    return tuple(_split(name))


def _split(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [t for t in re.split(r"[^a-zA-Z0-9]+", spaced.lower()) if t]


@lru_cache(maxsize=65536)
def _token_set(name: str) -> frozenset[str]:
    return frozenset(_tokens(name))


def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(10 ** (n - 1), 10**n - 1))


_ID_WORDS = frozenset({"id", "ids", "uuid", "guid", "slug", "hash", "key", "code", "token"})


def synth_value(name: str, type_: str, rng: random.Random, *, generic: bool = True) -> str | None:
    """A plausible value for a field called ``name`` of ``type_``; None when the name says nothing.

    ``generic=False`` returns None instead of a type-only value (a random integer for an unknown integer), so
    callers with a documented example can vary that instead.
    """
    toks = _tokens(name)
    joined = "".join(toks)
    t = (type_ or "string").lower()
    has = _token_set(name).__contains__
    if toks and toks[-1] in _ID_WORDS and not (has("country") or has("currency") or has("zip") or has("postal")
                                                 or has("language") or has("lang")):
        if t in ("integer", "number", "int"):
            return _digits(rng, rng.choice((4, 5, 6)))
        prefix = toks[0][:3] if toks[0] not in _ID_WORDS else "id"
        return f"{prefix}_{_digits(rng, 5)}"
    if "email" in joined:
        return f"{rng.choice(_FIRST).lower()}.{rng.choice(_LAST).lower().replace('ü', 'u')}@example.com"
    if has("url") or has("link") or has("website") or has("href") or has("image") or has("avatar"):
        return f"https://www.example.com/{rng.choice(_WORDS)}/{_digits(rng, 4)}"
    if has("lat") or has("latitude"):
        return f"{rng.uniform(-60, 60):.4f}"
    if has("lon") or has("lng") or has("longitude"):
        return f"{rng.uniform(-170, 170):.4f}"
    if has("datetime") or has("timestamp"):
        return f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.choice(('00', '15', '30', '45'))}:00"
    if has("date") or has("day") or joined.endswith("date") or t == "date":
        return f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if has("time"):
        return f"{rng.randint(7, 21):02d}:{rng.choice(('00', '15', '30', '45'))}"
    if has("year") or (has("season") and t in ("integer", "number")):
        return str(rng.randint(2018, 2025))
    if has("month"):
        return str(rng.randint(1, 12))
    if has("page") or has("offset"):
        return str(rng.randint(1, 3))
    if has("limit") or has("count") or has("size") or has("max") or has("num") or has("per"):
        return str(rng.choice((5, 10, 20, 25, 50)))
    if "countrycode" in joined or (has("country") and has("code")) or has("region"):
        return rng.choice(_COUNTRY_CODES)
    if has("country"):
        return rng.choice(_COUNTRIES)
    if has("city") or has("location") or has("place") or has("destination") or has("origin"):
        return rng.choice(_CITIES)
    if has("address") or has("street"):
        return f"{rng.randint(1, 250)} {rng.choice(_STREETS)}"
    if has("zip") or has("postal") or has("postcode"):
        return _digits(rng, 5)
    if has("lang") or has("language") or has("locale"):
        return rng.choice(_LANGS)
    if has("currency"):
        return rng.choice(_CURRENCIES)
    if has("symbol") or has("ticker") or has("coin"):
        return rng.choice(_SYMBOLS)
    if has("phone") or has("mobile"):
        return f"+1-555-{_digits(rng, 3)}-{_digits(rng, 4)}"
    if has("price") or has("amount") or has("cost") or has("balance") or has("salary"):
        return f"{rng.uniform(5, 5000):.2f}"
    if has("rating") or has("score"):
        return f"{rng.uniform(1, 5):.1f}"
    person = has("first") or has("last") or has("full") or has("player") or has("person")
    if has("username") or has("user") or has("author") or has("artist") or (has("name") and person):
        return f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    if has("query") or has("q") or has("keyword") or has("keywords") or has("search") or has("term") or has("topic") or has("text"):
        return rng.choice(_TOPICS)
    if has("title") or has("name") or has("label"):
        first, second = rng.sample(_WORDS, 2)
        return f"{first.capitalize()} {second.capitalize()}"
    if has("id") or joined.endswith("id") or has("uuid") or has("code") or has("key") or has("slug") or has("hash"):
        if t in ("integer", "number", "int"):
            return _digits(rng, rng.choice((4, 5, 6)))
        prefix = (toks[0][:3] if toks and toks[0] not in ("id", "uuid") else "id")
        return f"{prefix}_{_digits(rng, 5)}"
    if not generic:
        return None
    if t in ("boolean", "bool"):
        return rng.choice(("true", "false"))
    if t in ("integer", "int"):
        return str(rng.randint(1, 500))
    if t in ("number", "float", "double"):
        return f"{rng.uniform(1, 500):.2f}"
    return None


def as_text(value: Any) -> str:
    """A value as the string a user would type / the state holds."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def input_value(param: Parameter, rng: random.Random) -> str:
    """A value for an input parameter (enum > default/example > name/type generator > generic)."""
    if param.enum:
        return as_text(rng.choice(list(param.enum)))
    documented = [v for v in (param.example, param.default) if v not in (None, "", [], {})]
    generated = synth_value(param.name, param.type, rng)
    if documented and (generated is None or rng.random() < 0.5):
        value = documented[0]
        if isinstance(value, list):  # list-valued examples contribute one element (as the release did)
            value = rng.choice(value) if value else ""
        text = as_text(value).strip()
        if text:
            return text
    if generated is not None:
        return generated
    return f"{rng.choice(_WORDS)}-{_digits(rng, 4)}"


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def _typed(text: str, type_: str) -> Any:
    t = (type_ or "").lower()
    try:
        if t in ("integer", "int") and re.fullmatch(r"-?\d+", text):
            return int(text)
        if t in ("number", "float", "double") and re.fullmatch(r"-?\d+(\.\d+)?", text):
            return float(text)
    except ValueError:
        pass
    return text


def output_value(component: OutputComponent, rng: random.Random, *, first: bool) -> Any:
    """A leaf value of an API result: generated from the name when it is telling, else a variation of the
    documented example (its digits redrawn), else the example itself for the first record."""
    example = component.example
    generated = synth_value(component.name, component.type, rng, generic=example is None)
    if generated is not None:
        return _typed(generated, component.type)
    if isinstance(example, int) and not isinstance(example, bool):
        return rng.randint(max(1, example // 2), max(10, example * 2))
    if isinstance(example, float):
        return round(example * rng.uniform(0.5, 1.5), 2)
    if isinstance(example, str) and example.strip():
        if _ISO_DATE.match(example):  # keep dates valid: redraw them, in the example's format
            date = f"{rng.randint(2019, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
            rest = example[10:]
            if rest:
                rest = re.sub(r"\d{2}:\d{2}(:\d{2})?", lambda m: f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
                              + (f":{rng.randint(0, 59):02d}" if m.group(1) else ""), rest, count=1)
            return date + rest
        if re.search(r"\d", example):
            return re.sub(r"\d", lambda _: str(rng.randint(0, 9)), example)
        if first:
            return example
    return f"{rng.choice(_WORDS)}-{_digits(rng, 4)}"


def _set_path(root: dict[str, Any], path: Iterable[str], value: Any) -> None:
    *parents, leaf = path
    node = root
    for key in parents:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[leaf] = value


def list_container(api: Api, comp: OutputComponent) -> tuple[str, ...]:
    """The path of the list that holds ``comp``'s records.

    Read from the documented example when it has one (``("tracks",)`` for ``tracks|title`` when ``tracks``
    is a list of objects; the component's own path when it is a list of scalars, e.g. ``data|gaps``);
    otherwise the parent path.
    """
    node: Any = api.example_response
    container: tuple[str, ...] | None = None
    if isinstance(node, dict | list):
        for i, key in enumerate(comp.path):
            while isinstance(node, list):
                container = comp.path[:i]
                node = node[0] if node else None
            if not isinstance(node, dict) or key not in node:
                node = None
                break
            node = node[key]
        if isinstance(node, list):
            return comp.path
        if container is not None:
            return container
    return comp.path[:-1]


def list_groups(api: Api) -> dict[tuple[str, ...], list[OutputComponent]]:
    """List components grouped by the path of their record container (``()`` = the result is a list)."""
    groups: dict[tuple[str, ...], list[OutputComponent]] = {}
    for comp in api.output_components:
        if comp.is_list:
            groups.setdefault(list_container(api, comp), []).append(comp)
    return groups


class _Filler:
    """Regenerates the leaves of a documented example, keeping its structure; lists get ``records`` items."""

    def __init__(self, api: Api, rng: random.Random, records: int) -> None:
        self.rng = rng
        self.records = max(1, records)
        self.by_path = {c.path: c for c in api.output_components}
        self.seen: dict[tuple[str, ...], set[str]] = {}

    def leaf(self, path: tuple[str, ...], example: Any) -> Any:
        comp = self.by_path.get(path) or OutputComponent(path=path or ("value",), example=example)
        if comp.example is None and example is not None:
            comp = comp.model_copy(update={"example": example})
        seen = self.seen.setdefault(path, set())
        value = output_value(comp, self.rng, first=not seen)
        tries = 0
        while as_text(value) in seen and tries < 5:
            value = output_value(comp, self.rng, first=False)
            tries += 1
        if as_text(value) in seen:
            value = f"{as_text(value)}-{len(seen) + 1}"
        if isinstance(value, str) and len(value) > 200:
            value = value[:200]
        seen.add(as_text(value))
        return value

    def fill(self, node: Any, path: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            return {k: self.fill(v, (*path, str(k))) for k, v in node.items()}
        if isinstance(node, list):
            if not node:
                return []
            return [self.fill(node[0], path) for _ in range(self.records)]
        if node is None or isinstance(node, bool):
            return node
        return self.leaf(path, node)


def build_result(api: Api, rng: random.Random, *, records: int = 2) -> dict[str, Any]:
    """An API result ``{"response": …}``: the documented example's structure with fresh values, or (without
    an example) a structure built from the output components. Lists hold ``records`` records whose values
    are distinct per attribute.
    """
    filler = _Filler(api, rng, records)
    example = api.example_response
    if isinstance(example, dict | list) and example:
        return {"response": filler.fill(example, ())}
    body: dict[str, Any] = {}
    for comp in api.output_components:
        if not comp.is_list:
            _set_path(body, comp.path, filler.leaf(comp.path, comp.example))
    root_list: list[Any] | None = None
    for container, comps in list_groups(api).items():
        if any(c.path == container for c in comps):  # a list of scalars
            values = [filler.leaf(container, comps[0].example) for _ in range(filler.records)]
            if container:
                _set_path(body, container, values)
            continue
        rows: list[dict[str, Any]] = [{} for _ in range(filler.records)]
        for comp in comps:
            for row in rows:
                _set_path(row, comp.path[len(container):], filler.leaf(comp.path, comp.example))
        if container:
            _set_path(body, container, rows)
        else:
            root_list = rows
    if root_list is not None:
        return {"response": root_list}
    if not body:
        body = {"result": "ok"}
    return {"response": body}


def values_at(result: Any, path: tuple[str, ...]) -> list[Any]:
    """Every leaf value at ``path`` in a result (lists are transparent), in document order."""
    nodes = [result.get("response", result) if isinstance(result, dict) else result]
    for key in path:
        nxt: list[Any] = []
        for node in nodes:
            for item in node if isinstance(node, list) else [node]:
                if isinstance(item, dict) and key in item:
                    nxt.append(item[key])
        nodes = nxt
    flat: list[Any] = []
    for node in nodes:
        flat.extend(node if isinstance(node, list) else [node])
    return flat


def records_at(result: Any, container: tuple[str, ...]) -> list[dict[str, Any]]:
    """The records of the list at ``container`` (``()`` = the result itself)."""
    node = result.get("response", result) if isinstance(result, dict) else result
    for key in container:
        node = node.get(key) if isinstance(node, dict) else None
    return [r for r in node if isinstance(r, dict)] if isinstance(node, list) else []


def leaf_values(result: Any) -> list[str]:
    """Every scalar in a result, as text (what "appeared in an API result" means)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        else:
            out.append(as_text(node))

    walk(result)
    return out


def sibling_candidates(api: Api, chain: OutputComponent) -> list[OutputComponent]:
    """Attributes a user could pick a record by (same records as ``chain``), names/titles first."""
    container = list_container(api, chain)
    if container == chain.path:
        return []
    siblings = [o for o in api.output_components
                if o.is_list and o.path != chain.path and list_container(api, o) == container]
    preferred = ("name", "title", "label", "city", "date", "country", "symbol")

    def rank(o: OutputComponent) -> tuple[int, int]:
        low = o.name.lower()
        word = next((i for i, w in enumerate(preferred) if w in low), len(preferred))
        numeric = int(o.type.lower() in ("integer", "number", "int", "float", "boolean"))
        return numeric, word

    return sorted(siblings, key=rank)


def pick_sibling(api: Api, chain: OutputComponent) -> OutputComponent | None:
    """The attribute a user picks a record by (same records as ``chain``; names/titles preferred)."""
    found = sibling_candidates(api, chain)
    return found[0] if found else None
