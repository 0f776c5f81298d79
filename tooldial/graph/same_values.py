"""A proposer of value chains inside one tool whose two names differ though they name one value: a listing's
``symbol`` into a quote's ``ticker``, a route's ``stopid`` into ``req1`` documented "Stop ID", a list's
``employees|profile_url`` into ``url`` documented "LinkedIn profile URL", a village's ``village_slug`` into
``urban_slug`` of an API about "an urban / village". Eq. 1 never proposes these (the names and their short texts
are far apart); inside one tool a value keeps one meaning, so the names are the evidence. An output leaf and a
required input of another API of the same tool are paired when

- their names are one phrase once words are read through a small synonym vocabulary and the form words
  (``id``, ``number``, ``no``) are set aside (``knowledge/packs/same_values.yaml``; a name with no form word
  stands for a number only when its value is one: ``route`` '17' is a route number, ``images`` no ``image_num``),
  the input read by its name or, when that says nothing (``req1``), by its short documentation;
- the output's phrase is the input's phrase less qualifiers that the output's path, API or example bear out
  (``profile url`` from linkedin.com in "LinkedIn profile URL"; not a person's in "LinkedIn company profile
  URL"); or
- the input takes free search text (``keyword``), or is its API's one required input and says nothing of
  itself (``req1``, undocumented), and its documentation or (when it is the API's one required input) its API's
  description names the output's phrase
  ("matching on: Movie Title/IMDb Code"; "By train number"; a sentence telling what the API returns names no
  input);
- or, whatever the names, both documented examples are URLs of one host, or one code pattern (``tt0111161``).

Examples that are URLs of two kinds of page (``/in/jane``, ``/company/acme``) veto a pair whatever the names.

Candidates are judged by the edge rules like Eq. 1's (echoes, record types, the caps); each input keeps at most
``limit`` sources, distinct output texts first."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import urlparse

import numpy as np

from tooldial.graph.bounds import proposed_edges
from tooldial.graph.edges import EdgeArrays
from tooldial.graph.entities import CONTAINER_NAMES, GENERIC_NAMES, STOPWORDS, Entity, split_words
from tooldial.graph.value_kinds import classify
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words

_SYNONYMS: Mapping[str, object] = word_map("same_values", "synonyms")
_FORMS = knowledge_words("same_values", "form_words")
_SEARCH = knowledge_words("same_values", "search_inputs")
_LEGS = knowledge_words("same_values", "leg_roles")
_PARTICLES = knowledge_words("same_values", "kept_particles")
_RETURNS = knowledge_words("same_values", "return_words")
_BARE_IDS = knowledge_words("same_values", "bare_ids")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
_OPAQUE = re.compile(r"^[a-z]{1,5}\d+$")  # req1, param2, arg3: the name says nothing
_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_ALTERNATIVE = re.compile(r"\b([A-Za-z]{3,})\s*(?:/|\bor\b)\s*([A-Za-z]{3,})\b")
_MAX_DOC_WORDS = 6  # an input documented in more words is not named by its documentation


def _word(w: str) -> str:
    w = w.lower()
    got = _SYNONYMS.get(w)
    if got is None:
        got = _SYNONYMS.get(singular(w), singular(w))
    return str(got)


def _unglue(w: str) -> list[str]:
    """``stopid`` → stop id, ``trainno`` → train no: a form word glued to a name of four letters or more."""
    for tail in sorted(_FORMS, key=len, reverse=True):
        if w.endswith(tail) and len(w) - len(tail) >= 4:
            return [w[: -len(tail)], tail]
    return [w]


def phrase(text: str, *, drop_legs: bool = False, prose: bool = False) -> tuple[str, ...]:
    """The words of a name or short text, read through the synonyms: ``stopid`` → (stop, id); ``lng`` →
    (longitude,); ``Route number`` → (route, number). ``drop_legs``: leading leg words go (``orig_train``).
    ``prose``: the text is documentation, its words are split at spaces and signs only ("IMDb" is one word)."""
    split = [w.lower() for w in _TEXT.findall(text)] if prose else split_words(text)
    raw = [p for w in split if not w.isdigit() for p in _unglue(w)]
    words = [w for w in (_word(w) for w in raw) if w not in STOPWORDS or w in _FORMS or w in _PARTICLES]
    if drop_legs:
        while len(words) > 1 and words[0] in _LEGS:
            words = words[1:]
    return tuple(words)


def core(words: tuple[str, ...]) -> tuple[str, ...]:
    """A phrase less its trailing form words (``stop id`` → stop)."""
    end = len(words)
    while end > 0 and (words[end - 1] in _FORMS or _word(words[end - 1]) == "number"):
        end -= 1
    return words[:end]


def output_phrases(entity: Entity) -> set[tuple[str, ...]]:
    """What an output leaf is called: its leaf (``orig_train`` → train) and, for a one-word leaf, the leaf
    qualified by its record (``movies|title`` → movie title). Nothing for a bare generic leaf (``id``, ``name``)
    with no record: the record-id proposer and Eq. 1 handle those."""
    parts = entity.key.split("|")
    leaf = phrase(entity.raw or parts[-1], drop_legs=True)
    got: set[tuple[str, ...]] = set()
    if not leaf:
        return got
    if not (len(leaf) == 1 and leaf[0] in GENERIC_NAMES):
        got.add(leaf)
    if len(leaf) == 1 and leaf[0] not in _FORMS and leaf[0] not in _BARE_IDS:  # ids: the record-id proposer's
        for part in reversed(parts[:-1]):
            words = [w for w in split_words(part) if w not in CONTAINER_NAMES]
            if words:
                got.add((singular(words[-1]), *leaf))
                break
    return {p for p in got if core(p)}


def _alternatives(text: str) -> dict[str, str]:
    """Words a text offers as one another ("an urban / village", "ticker or symbol"), each way."""
    alt: dict[str, str] = {}
    for a, b in _ALTERNATIVE.findall(text or ""):
        a, b = _word(a), _word(b)
        if a != b:
            alt.setdefault(a, b)
            alt.setdefault(b, a)
    return alt


def input_phrases(entity: Entity, api_doc: str = "") -> set[tuple[str, ...]]:
    """What a required input is called: its name unless opaque (``req1``), its documentation when short ("Stop
    ID", "LinkedIn profile URL"), each also with a word the API's description offers as the alternative of a
    word of the API's name ("Postal Code by Urban": "an urban / village": ``urban_slug`` is a village slug; an
    input's "maximum width/height" makes no width a height)."""
    got: set[tuple[str, ...]] = set()
    raw = entity.raw or entity.key.rsplit(".", 1)[-1]
    if not _OPAQUE.match(raw.lower()):
        got.add(phrase(raw, drop_legs=True))
    doc = entity.documented or ""
    if doc and len(_TEXT.findall(doc)) <= _MAX_DOC_WORDS:
        got.add(phrase(doc, drop_legs=True, prose=True))
    alt = _alternatives(api_doc)
    named = set(phrase(entity.api_id.rsplit("|", 1)[-1]))  # the API is about it ("Postal Code by Urban")
    for p in list(got):
        for i, w in enumerate(p):
            if w in alt and w in named:
                got.add((*p[:i], alt[w], *p[i + 1:]))
    return {p for p in got if core(p)}


def is_search_input(entity: Entity) -> bool:
    """An input that takes free search text (``keyword``, ``query_term``, ``q``)."""
    words = split_words(entity.raw or entity.key)
    return bool(words) and words[-1] in _SEARCH or (len(words) == 2 and words[0] in _SEARCH)


def _ngrams(text: str, n: int = 4) -> set[tuple[str, ...]]:
    words = phrase(text, prose=True)
    return {words[i:i + k] for k in range(1, n + 1) for i in range(len(words) - k + 1)}


def search_grams(target: Entity, api_doc: str) -> set[tuple[str, ...]]:
    """The phrases a search input's documentation names: its own documentation, and the sentences of its API's
    description that do not tell what the API returns ("returns details ... including title, price"). Give
    ``api_doc`` only when the input is its API's one required input (else the description speaks of the others:
    "a center coordinate point and zoom level")."""
    sentences = [s for s in _SENTENCE.split(api_doc or "")
                 if not {w.lower() for w in _TEXT.findall(s)} & _RETURNS]
    return _ngrams(target.documented or "") | {g for s in sentences for g in _ngrams(s)}


def _numeric(entity: Entity) -> bool:
    return entity.type in ("integer", "number") or (entity.example or "").strip().isdigit()


def _shape(example: str) -> tuple[str, ...] | None:
    """What a documented example's shape is: ``("url", host, first path segment)`` for a URL
    (``https://www.linkedin.com/in/jane`` → linkedin.com, in), ``("code", pattern)`` for a code mixing letters and
    digits whose letters are kept and digit runs read as 9 (``tt0111161`` → tth, a hex run with a digit
    being h; ``D-1021`` → D-9, not ``P-9``),
    else ``None`` (a number or a word says nothing of its kind)."""
    text = (example or "").strip()
    if not text or " " in text:
        return None
    if text.startswith(("http://", "https://")):
        url = urlparse(text)
        host = (url.hostname or "").removeprefix("www.")
        first = url.path.strip("/").split("/", 1)[0]
        return ("url", host, first) if "." in host else None
    if len(text) < 6 or not re.search(r"\d", text) or not re.search(r"[A-Za-z]", text):
        return None
    # a hex run with a digit (``0x880fd393``) is read as one, a long one (32+) with its length (a 64-digit hash is
    # no 40-digit address; short ones drop leading zeros); other digit runs as 9; letters stay
    runs: list[str] = []

    def hex_run(m: re.Match) -> str:
        if not re.search(r"\d", m.group()):
            return m.group()
        if len(m.group()) >= 32 and re.search(r"[a-f]", m.group()):  # a long hex run's length is its kind
            runs.append(str(len(m.group())))
        return "h"

    text = re.sub(r"[0-9a-f]{6,}", hex_run, text)
    return ("code", re.sub(r"\d+", "9", text), *runs)


def matches(source: Entity, target: Entity, api_doc: str = "", source_doc: str = "") -> str | None:
    """Why an output and a required input of one tool name one value (``None``: they do not). A pure function of
    the two entities and the two APIs' descriptions (``api_doc``: the target's; ``source_doc``: the source's)."""
    grams = search_grams(target, api_doc) if is_search_input(target) else None  # api_doc: see search_grams
    return _why(output_phrases(source), _shape(source.example), input_phrases(target, api_doc), grams,
                _shape(target.example), _numeric(source), _context(source, source_doc))


def _context(source: Entity, source_doc: str) -> frozenset[str]:
    """The words around an output that may qualify it: its path, its API's name and description, its example's
    words (``https://www.linkedin.com/in/...`` → linkedin)."""
    api = source.api_id.rsplit("|", 1)[-1]
    return frozenset(phrase(f"{source.key.replace('|', ' ')} {api}") + phrase(f"{source_doc} {source.example}",
                                                                            prose=True))


def _why(outs: set[tuple[str, ...]], s: tuple[str, ...] | None, ins: set[tuple[str, ...]],
         grams: set[tuple[str, ...]] | None, t: tuple[str, ...] | None, numeric: bool = False,
         context: frozenset[str] = frozenset()) -> str | None:
    if s is not None and t is not None and s[0] == t[0] == "url" and s != t:
        return None  # the examples are pages of two kinds (``/in/jane`` is no ``/company/acme``)
    for o in outs:
        for i in ins:
            if o == i or (core(o) == core(i) and (numeric or core(o) != o and core(i) != i)):
                return "one name"  # ``route`` '17' is a route number; ``images`` is no ``image_num``
            if (len(o) >= 2 and o[-1] == i[-1] and len(o) < len(i) and _subsequence(o, i)
                    and set(i) - set(o) <= context):  # "LinkedIn company profile URL": a company's, not a person's
                return "the input's qualified name"
    if grams is not None and any(o in grams and any(w not in GENERIC_NAMES for w in o)
                                 and (len(o) >= 2 or len(o[0]) >= 4) for o in outs):
        return "a value the search input's documentation names"
    if s is not None and s == t:
        return "examples of one shape"
    return None


def _subsequence(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    it = iter(long)
    return all(w in it for w in short)


def same_tool_value_edges(outputs: Sequence[Entity], inputs: Sequence[Entity], out_desc: np.ndarray,
                          in_desc: np.ndarray, out_kw: np.ndarray, in_kw: np.ndarray, vectors: np.ndarray, *,
                          api_docs: Mapping[str, str] | None = None, mask_self: bool = True,
                          limit: int | None = None) -> EdgeArrays:
    """Candidates inside one tool for which :func:`matches` gives a reason, one per (output, input). ``lcs_sim``
    is 1 (the names agree); the cosines are recorded for the caps' ranking, not used as bars. ``limit``: each
    input is paired with at most ``limit`` outputs, distinct output texts first. ``api_docs``: API id → its
    description (what a search input or an opaque ``req1`` is documented by)."""
    api_docs = api_docs or {}
    by_tool: dict[str, list[int]] = {}
    phrases: dict[int, set[tuple[str, ...]]] = {}
    contexts: dict[int, frozenset[str]] = {}
    shapes: dict[int, tuple[str, ...] | None] = {}
    numeric = [_numeric(e) for e in outputs]
    for i, e in enumerate(outputs):
        phrases[i], shapes[i] = output_phrases(e), _shape(e.example)
        if (phrases[i] or shapes[i] is not None) and e.type != "boolean":
            contexts[i] = _context(e, api_docs.get(e.api_id, ""))
            by_tool.setdefault(e.tool_id, []).append(i)
    required: dict[str, int] = {}  # an API's one undocumented opaque input (``req1``) is what its description names
    for t in inputs:
        required[t.api_id] = required.get(t.api_id, 0) + 1
    src: list[int] = []
    dst: list[int] = []
    for j, t in enumerate(inputs):
        candidates = by_tool.get(t.tool_id)
        if not candidates:
            continue
        if t.type == "boolean":
            continue
        doc = api_docs.get(t.api_id, "")
        ins, shape = input_phrases(t, doc), _shape(t.example)
        sole = required[t.api_id] == 1
        opaque = bool(_OPAQUE.match((t.raw or t.key).lower())) and not t.documented
        grams = search_grams(t, doc if sole else "") if is_search_input(t) or (opaque and sole) else None
        if not ins and grams is None and shape is None:
            continue
        search = is_search_input(t)
        found = [i for i in candidates if not (mask_self and outputs[i].api_id == t.api_id)
                 and not (search and classify(outputs[i]).kind == "identifier")  # a key is no search text
                 and _why(phrases[i], shapes[i], ins, grams, shape, numeric[i], contexts[i]) is not None]
        if limit is not None and len(found) > limit:
            firsts: dict[int, int] = {}
            for i in found:
                firsts.setdefault(int(out_desc[i]), i)
            rest = [i for i in found if firsts[int(out_desc[i])] != i]
            found = (list(firsts.values()) + rest)[:limit]
        src.extend(found)
        dst.extend([j] * len(found))
    return proposed_edges(src, dst, vectors, out_desc, out_kw, in_desc, in_kw)
