"""Chains an API's documentation states in words, read as documented edges.

Real API references often say where an input comes from: "The value of matchId field returned in .../matches/list
endpoint", "Use **Game List** method to get available games", "You can get the organizationId by using the "Get all
Organizations" endpoint". That is the author's own word on a chain, as an OpenAPI ``link`` is
(:mod:`tooldial.graph.documented`), so such a chain becomes an edge of kind ``documented`` that no similarity bar,
rule or cap removes, whatever names the two fields have.

A chain is read only when all of these hold, so that a tool whose API is called "Search" or "Team" does not
link every sentence that uses the word:

- the text is the required input's own documentation (sentence by sentence, then whole), or a sentence of its API's
  description that names the input and names no other parameter nearer to the API it mentions;
- it names another API of the same tool, marked as a name: a path or name with separators or inner capitals
  (``matches/list``, ``getAccessToken``), a name of several words as its API writes it (``Game List``), code /
  quote / bold marks around it, or a word such as "endpoint" after it (``documentation.provenance_marks``); a name
  inside a URL or inside the target's own name is no mention;
- the sentence says the value comes from there (``documentation.provenance_cues``: returned, from, provided,
  obtained, use ..., after the sentence's first word) and not that it is merely like it
  (``documentation.likeness_cues``: "same as");
- the source field is found: a field the sentence names (in code or quote marks, before "field", or a path such as
  ``artist->adamid``; a name of the target's other inputs is none), else the source's output of the input's own
  name, else the bare id of the record the input names (``playerId``: ``players|id``, or the ``id`` of a source
  named for players). Credentials and transport settings (``requests.transport_settings``: key, token, page,
  format) are never chained: no record gives them.

An API that documents no response has no field to find; :func:`tooldial.corpus.implied_outputs.described_components`
gives it the field a :class:`Mention` names, and the graph chains that field only where a sentence says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tooldial.corpus.models import Api, Corpus, Parameter, Tool
from tooldial.graph.entities import split_words
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words

_CUES = re.compile(r"(?i)\b(" + "|".join(map(re.escape, ordered_words("documentation", "provenance_cues"))) + r")\b")
_LIKENESS = re.compile(r"(?i)\b(" + "|".join(map(re.escape, ordered_words("documentation", "likeness_cues")))
                       + r")\b")
_MARK_AFTER = knowledge_words("documentation", "provenance_marks")
#: Words that, after a name, mark it as a field's ("the value of matchId field"; "Url fields").
_FIELD_WORDS = knowledge_words("documentation", "field_marks")
#: Input words of credentials and transport settings (the graph's, :mod:`tooldial.graph.select`): no record
#: gives them, so no described chain is read into them.
_SETTING_WORDS = knowledge_words("requests", "transport_settings")
#: Path elements that wrap records without naming them (``data|results|id``): the graph's containers.
_CONTAINERS = knowledge_words("containers", "graph_container")
_URL = re.compile(r"(?i)\b(?:https?://|www\.)\S+")
#: A sentence end: ``.`` ``!`` ``?`` followed by space and an upper-case letter, a line break, or a run-on "The"
#: after a lower-case word ("... endpoint The value of ..."). ``.../x`` and ``e.g.`` stay inside their sentence.
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|\n+|(?<=[a-z])\s+(?=The\s)")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Code, quote and bold marks around an API's name: `x`, 'x', "x", **x**, [x].
_MARKS = "`'\"*[]"
#: Code and quote marks around a field's name (bold and brackets mark API and section names: **Hotels**
#: collection).
_FIELD_MARKS = "`'\""
#: A field written as a path: ``artist->adamid``, ``seasons/id``, ``data[index]->`locationIdentifier```.
_PATH_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\W{0,3}(?:->|/|\.)\W{0,3}([A-Za-z_][A-Za-z0-9_]*)")


@dataclass(frozen=True)
class DescribedLink:
    """A chain an API's documentation states: ``source_output`` of ``source`` is what ``target_input`` of
    ``target`` takes (API ids; the output as a graph key ``a|b``). ``sentence`` is the text that says so."""

    source: str
    source_output: str
    target: str
    target_input: str
    sentence: str


def name_norm(name: str) -> str:
    """A field or parameter name compared across spellings: ``match_id``, ``matchId`` and ``matchIds`` are one."""
    return "".join(singular(w) for w in split_words(name))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(_URL.sub(" ", text or "")) if s.strip()]


def _is_marked_name(name: str, text: str, start: int, end: int) -> bool:
    """Whether the API name at ``text[start:end]`` is written as a name, not as an ordinary word."""
    if re.search(r"[/_{}.]", name) or re.search(r"[a-z][A-Z]", name) or re.search(r"\d", name):
        return True
    written = text[start:end]
    if re.search(r"[\s-]", name.strip()) and written == name.strip() and re.search(r"\b[A-Z]", written):
        return True  # ``Game List``, ``UK property to rent`` as their API writes them (not "story highlights")
    before, after = text[max(0, start - 2):start], text[end:end + 2]
    if any(c in _MARKS for c in before) and any(c in _MARKS for c in after):
        return True
    if before.endswith("/"):
        return True
    following = text[end:].split()[:2]
    return any(w.strip(_MARKS + ".,;:()").lower() in _MARK_AFTER for w in following)


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(name.strip()) + r"(?![\w-])", re.IGNORECASE)


def mentioned_apis(text: str, tool: Tool, target: Api) -> list[Api]:
    """The other APIs of ``tool`` that ``text`` names as names (longest names first; a name inside a longer
    mention is not counted), in order of first mention."""
    found: list[tuple[int, Api]] = []
    # the target's own name is no mention, nor is a shorter name inside it ("Google Product" in "Google Product
    # Specifications")
    taken: list[tuple[int, int]] = [(m.start(), m.end()) for m in _name_pattern(target.name.strip()).finditer(text)]
    for api in sorted(tool.apis, key=lambda a: (-len(a.name.strip()), a.name)):
        name = api.name.strip()
        if api.name == target.name or len(name) < 4 or not re.search(r"[A-Za-z]", name):
            continue
        for m in _name_pattern(name).finditer(text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            if _is_marked_name(name, text, m.start(), m.end()):
                taken.append((m.start(), m.end()))
                found.append((m.start(), api))
                break
    seen: set[str] = set()
    ordered = []
    for _, api in sorted(found, key=lambda x: x[0]):
        if api.name not in seen:
            seen.add(api.name)
            ordered.append(api)
    return ordered


def _named_fields(sentence: str, api_names: list[str], others: frozenset[str] = frozenset(),
                  ) -> tuple[dict[str, str], set[tuple[str, str]]]:
    """Field names the sentence marks as fields (code / quote marks, a following "field", a name with
    underscores or inner capitals), normalized → as written, and the two-step paths it writes (``artist->adamid``;
    matched only against an output path with those two last steps). A name in ``others`` (the target's other
    inputs, normalized) is the target's parameter, not a source field, unless "field" follows it."""
    text = sentence
    for name in api_names:  # the API names are no field names
        text = _name_pattern(name).sub(" ", text)
    names: dict[str, str] = {}
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        before, after = text[max(0, m.start() - 1):m.start()], text[m.end():m.end() + 1]
        nxt = text[m.end():].lstrip(_FIELD_MARKS + " ").split()[:1]  # ``'artists->id' field``
        field = bool(nxt) and nxt[0].lower().strip(".,;:") in _FIELD_WORDS
        if name_norm(tok) in others and not field:
            continue
        if (before and before in _FIELD_MARKS and after and after in _FIELD_MARKS) or "_" in tok.strip("_") \
                or re.search(r"[a-z][A-Z]", tok) or field:
            names.setdefault(name_norm(tok), tok)
    return names, {(name_norm(a), name_norm(b)) for a, b in _PATH_STEP.findall(text)}


def _other_inputs(target: Api, param: Parameter) -> frozenset[str]:
    """The target's other parameters, normalized: a sentence naming them names no field of the source."""
    return frozenset(name_norm(p.name) for p in target.required_parameters + target.optional_parameters
                     if p.name != param.name)


def source_output(source: Api, target: Api, param: Parameter, sentence: str, api_names: list[str]) -> str | None:
    """The output of ``source`` the sentence means for ``param`` (graph key), else ``None``. Of several fields
    of that name, the one whose record the sentence or the target's name mentions (``type is station``:
    ``stations|id``, not ``cities|id``), then the shallowest."""
    outs = [(("|".join(o.path)), o.path) for o in source.output_components if o.path]
    if not outs:
        return None
    said = {singular(w) for w in split_words(f"{sentence} {target.name}")}

    def best(keys: list[tuple[str, tuple[str, ...]]]) -> str | None:
        def rank(k: tuple[str, tuple[str, ...]]) -> tuple[int, int, str]:
            mentioned = sum(singular(w) in said for part in k[1][:-1] for w in split_words(part))
            return -mentioned, len(k[1]), k[0]
        return min(keys, key=rank)[0] if keys else None

    names, paths = _named_fields(sentence, api_names, _other_inputs(target, param))
    if paths:
        hit = [k for k in outs if len(k[1]) >= 2 and (name_norm(k[1][-2]), name_norm(k[1][-1])) in paths]
        if hit:
            return best(hit)
    own = name_norm(param.name)
    if names:
        hit = [k for k in outs if name_norm(k[1][-1]) in names]
        if len(hit) > 1 and any(name_norm(k[1][-1]) == own for k in hit):
            hit = [k for k in hit if name_norm(k[1][-1]) == own]
        if hit:
            return best(hit)
    hit = [k for k in outs if name_norm(k[1][-1]) == own]
    if hit:
        return best(hit)
    words = split_words(param.name)
    if len(words) >= 2 and words[-1] == "id":  # ``playerId``: the id of a player record of the source
        record = singular(words[-2])
        hit = [k for k in outs if name_norm(k[1][-1]) == "id" and len(k[1]) >= 2 and singular(
            (split_words(k[1][-2]) or [""])[-1]) == record]
        if hit:
            return best(hit)
        # ``apiId`` from "Get All APIs", ``organizationTeamId`` from "Get All Teams": the source's records are the
        # ones the input names, so their bare id (top level, or under a container) is it
        if record in {singular(w) for w in split_words(source.name)}:
            hit = [k for k in outs if name_norm(k[1][-1]) == "id" and all(
                p.lower() in _CONTAINERS or singular((split_words(p) or [""])[-1]) == record for p in k[1][:-1])]
            if hit:
                return best(hit)
    return None


def _has_cue(sentence: str) -> bool:
    """A provenance cue after the sentence's first word (an API description's own verb, "Fetch ...", "Get ...",
    says what the API does, not where an input comes from)."""
    return any(m.start() > 0 and sentence[:m.start()].strip() for m in _CUES.finditer(sentence))


def _texts(target: Api, param: Parameter) -> list[tuple[str, bool]]:
    """The sentences that speak of ``param``, each with whether it is the input's own documentation (else a sentence
    of its API's description that names it). The input's own documentation is read sentence by sentence, then
    whole; a run-on "... endpoint The value of 'artists->id' field ..." is two sentences."""
    own: list[tuple[str, bool]] = []
    if param.description:  # each sentence first (one names its sources and field), then all of it together
        parts = _sentences(param.description)
        own = [(p, True) for p in parts] + ([(" ".join(parts), True)] if len(parts) > 1 else [])
    name = _name_pattern(param.name)
    return own + [(s, False) for s in _sentences(target.description) if name.search(s)]


def _nearest_parameter(sentence: str, target: Api, param: Parameter, sources: list[Api]) -> bool:
    """Whether ``param`` is, of the target's parameters the sentence names, the one nearest to the first API it
    mentions ("The product ID is in the `product_id` parameter; ... a location parameter (locations can be retrieved
    from the Locations API)" sources the location, not the product id)."""
    at = min((m.start() for a in sources for m in _name_pattern(a.name.strip()).finditer(sentence)), default=None)
    if at is None:
        return True

    def distance(p: Parameter) -> int | None:
        spots = [abs(m.start() - at) for m in _name_pattern(p.name).finditer(sentence)]
        return min(spots) if spots else None

    own = distance(param)
    others = [d for p in target.required_parameters + target.optional_parameters
              if p.name != param.name and (d := distance(p)) is not None]
    return own is not None and all(own <= d for d in others)


@dataclass(frozen=True)
class Mention:
    """A sentence of ``target``'s documentation saying that ``param`` comes from ``sources`` (other APIs of the
    same tool, in order of mention)."""

    target: Api
    param: Parameter
    sentence: str
    sources: tuple[Api, ...]

    def field_names(self) -> dict[str, str]:
        """The fields the sentence names, other than the target's other inputs: normalized → as written."""
        return _named_fields(self.sentence, [a.name for a in self.sources], _other_inputs(self.target, self.param))[0]

    def named_field(self) -> str | None:
        """The one field the sentence names, as written (``matchId``), else ``None`` (none, or several)."""
        names = self.field_names()
        own = name_norm(self.param.name)
        if own in names:
            return names[own]
        return next(iter(names.values())) if len(names) == 1 else None


def mentions(tool: Tool) -> list[Mention]:
    """Every sentence of the tool's documentation that states where a required input comes from (see the module
    docstring): the input's own documentation, or its API's description naming it, with a provenance cue, no
    likeness cue and another API of the tool named as a name. Credentials and transport settings are skipped."""
    out: list[Mention] = []
    if len(tool.apis) < 2:
        return out
    for target in tool.apis:
        for param in target.required_parameters:
            if param.format == "credentials" or set(split_words(param.name)) & _SETTING_WORDS:
                continue
            for sentence, own_doc in _texts(target, param):
                if not _has_cue(sentence) or _LIKENESS.search(sentence):
                    continue
                sources = mentioned_apis(sentence, tool, target)
                if sources and (own_doc or _nearest_parameter(sentence, target, param, sources)):
                    out.append(Mention(target, param, sentence, tuple(sources)))
    return out


def described_links(corpus: Corpus) -> list[DescribedLink]:
    """Every chain the corpus's documentation states in words (see the module docstring), one per target input
    and source API, sorted."""
    found: dict[tuple[str, str, str], DescribedLink] = {}
    for tool in corpus.tools:
        for m in mentions(tool):
            names = [a.name for a in m.sources]
            for source in m.sources:
                key = (source.id, m.target.id, m.param.name)
                if key in found:
                    continue
                output = source_output(source, m.target, m.param, m.sentence, names)
                if output is not None:
                    found[key] = DescribedLink(source.id, output, m.target.id, m.param.name, m.sentence[:300])
    return [found[k] for k in sorted(found)]
