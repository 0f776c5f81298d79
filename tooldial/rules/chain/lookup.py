"""Chain rule ``lookup``: the source is a lookup a user would call to learn a value of the input's kind."""

from __future__ import annotations

from tooldial.dialogue.chains.effects import MAKES_NEW, side_effects
from tooldial.dialogue.chains.records import name_kind
from tooldial.dialogue.intents import description_clause, readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: First words of APIs that fetch a file or a rendering (a download costs quota; nobody runs one to learn an id).
_FETCH_VERBS = knowledge_words("actions", "fetch_verbs")
#: Words of a target's name and description too generic to say it gives back what the user started from.
_GENERIC_TARGET_WORDS = knowledge_words("documentation", "generic_target_words")
#: Words that name a kind of value in a description (what an API gives back).
_KIND_WORDS = {kind: set(words) for kind, words in word_map("places", "coordinate_words").items()}


class Lookup(ChainRule):
    """The source is an API a user would call to learn the value: a lookup of the right kind of value."""

    checks = (ChainCheck.OTHER_KIND, ChainCheck.SOURCE_CHANGES, ChainCheck.SOURCE_CREATES,
              ChainCheck.DOWNLOAD, ChainCheck.UNCHOSEN_ITEM, ChainCheck.SOURCE_NEEDS_VALUE,
              ChainCheck.OPAQUE_IDS, ChainCheck.STARTED_FROM, ChainCheck.UNKNOWN_ID, ChainCheck.MEASURED)

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind = link.chain, link.kind
        out_kind = name_kind(chain.name, chain.type)
        if out_kind and kind and out_kind != kind and not {out_kind, kind} & {"name", "title", "query"}:
            return ChainProblem(ChainCheck.OTHER_KIND,
                                f"output is another kind of value: {out_kind} for a {kind}")
        if kind == "id" and out_kind in ("name", "title", "text", "person", "company"):
            return ChainProblem(ChainCheck.OTHER_KIND,
                                f"output is another kind of value: a {out_kind} for an id ({chain.name} -> {chain_param})")
        if side_effects(source):
            return ChainProblem(ChainCheck.SOURCE_CHANGES,
                                f"source changes something (not a lookup): {source.name}")
        if MAKES_NEW.search(f"{source.name} {description_clause(source)}") or chain.implied == "created":
            # "Obtain a new datacenter proxy": each call issues another resource, whose place or address is nobody's
            return ChainProblem(ChainCheck.SOURCE_CREATES,
                                f"source makes a new resource (not a lookup): {source.name}")
        if (readable(source.name).split() or [""])[0] in _FETCH_VERBS:
            return ChainProblem(ChainCheck.DOWNLOAD, f"a download is not a lookup: {source.name}")
        if side_effects(target) and not chain.is_list and not source.required_parameters:
            # e.g. applying to the "job of the week": the user acts on an item they never saw or picked
            return ChainProblem(ChainCheck.UNCHOSEN_ITEM,
                                f"target changes something for an item the user never chose: {source.name}")
        if any(p.name.lower() == chain_param.lower() or (kind not in (None, "id") and name_kind(p.name, p.type) == kind)
               for p in source.required_parameters):
            return ChainProblem(ChainCheck.SOURCE_NEEDS_VALUE,
                                f"source already needs the value it would provide: {chain_param}")
        if kind != "id" and any(name_kind(p.name, p.type) == "id" for p in target.required_parameters
                                if p.name != chain_param):
            return ChainProblem(ChainCheck.OPAQUE_IDS,
                                f"user gives opaque ids but not the {readable(chain_param)}")
        target_words = set(readable(target.name + " " + target.description).split())
        for p in source.required_parameters:
            if (set(FieldName(p.name).tokens) | _KIND_WORDS.get(name_kind(p.name) or "", set())) & \
                    target_words - _GENERIC_TARGET_WORDS:
                return ChainProblem(ChainCheck.STARTED_FROM,
                                    f"target gives back what the user started from: {p.name}")
        if kind != "id" and any(name_kind(p.name, p.type) == "id" for p in source.required_parameters):
            return ChainProblem(ChainCheck.UNKNOWN_ID,
                                f"source needs an id the user would not know: {readable(chain_param)} looked up by id")
        param = target.parameter(chain_param)
        if kind == "measure" or kind is None and param is not None and FieldName(param.name, param.type or "string").numeric:
            return ChainProblem(ChainCheck.MEASURED,
                                f"a measured quantity, not a value to look up: {readable(chain_param)}")
        return None
