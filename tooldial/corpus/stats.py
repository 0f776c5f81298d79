"""Corpus statistics, including how many APIs can feed another API's required input ("chainable").

The chain count is a cheap, explainable proxy for the API graph (:mod:`tooldial.graph`), which decides
edges by name, keyword and description similarity. Here an output component of API *A* can feed a
required input of API *B* (*A* ≠ *B*) when their **normalized names** are equal (:data:`CHAIN_RULE`):

- a name is normalized to its lowercase ASCII letters and digits (``station_id``, ``stationId`` → ``stationid``);
- an output is matched by its leaf (``station_id``) and by its leaf qualified with its parent
  (``station|id`` → ``stationid``);
- generic names (:data:`GENERIC_NAMES`: ``id``, ``name``, ``page``, ``limit``…) never match on their own,
  only qualified; a required input with a generic name is never counted as a target;
- credential inputs (``format == "credentials"``: API keys) are never targets.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from pydantic import BaseModel, Field

from tooldial.corpus.models import Api, Corpus, OutputComponent, SkippedRecord
from tooldial.knowledge import loader

GENERIC_NAMES = loader.words("names", "corpus_generic")

CHAIN_RULE = (
    "an output of API A can feed a required input of API B (A != B) when the lowercase alphanumerics of the "
    "output's leaf, or of its parent+leaf (station|id -> stationid), equal those of the input's name; "
    "generic names (id, name, page, limit, ...) count only when qualified by their parent, and credential "
    "inputs are ignored"
)

#: How many skipped records ``stats`` lists by default.
SKIPPED_EXAMPLES = 5

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def normalize_name(name: str) -> str:
    """Lowercase ASCII letters and digits only: ``Station-ID`` → ``stationid``."""
    return _NON_ALNUM.sub("", name.lower())


def output_keys(output: OutputComponent) -> set[str]:
    """Normalized names under which an output can feed an input (see :data:`CHAIN_RULE`)."""
    keys: set[str] = set()
    leaf = normalize_name(output.path[-1])
    if leaf and leaf not in GENERIC_NAMES:
        keys.add(leaf)
    if len(output.path) >= 2:
        parent = normalize_name(output.path[-2])
        if parent and leaf:
            keys.add(parent + leaf)
    return keys


def input_key(api: Api, name: str) -> str | None:
    param = api.parameter(name)
    if param is not None and param.format == "credentials":
        return None
    key = normalize_name(name)
    return key if key and key not in GENERIC_NAMES else None


class ChainLink(BaseModel):
    """One name-matched (output → required input) link."""

    source_api: str
    source_output: str
    target_api: str
    target_input: str


def chain_links(corpus: Corpus, *, limit: int | None = None) -> list[ChainLink]:
    """Name-matched links, in corpus order (all of them, or the first ``limit``)."""
    targets: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for api in corpus.apis:
        for param in api.required_parameters:
            key = input_key(api, param.name)
            if key:
                targets[key].append((api.id, param.name))
    links: list[ChainLink] = []
    for api in corpus.apis:
        for out in api.output_components:
            for key in sorted(output_keys(out)):
                for target_api, target_input in targets.get(key, ()):
                    if target_api == api.id:
                        continue
                    links.append(ChainLink(source_api=api.id, source_output=out.key, target_api=target_api,
                                           target_input=target_input))
                    if limit is not None and len(links) >= limit:
                        return links
    return links


class LabelledChains(BaseModel):
    """Summary of a labelled chain file (``builtin_chains.jsonl``)."""

    path: str
    rows: int
    valid: int
    valid_source_apis: int
    #: valid rows whose APIs, output and input all exist in the corpus
    resolvable: int
    #: valid rows that the name rule also finds
    found_by_name_rule: int
    #: rows labelled invalid (hard negatives) that the name rule would still link
    invalid_found_by_name_rule: int = 0


class CorpusStats(BaseModel):
    spec: str
    tools: int
    apis: int
    domains: int
    required_parameters: int
    optional_parameters: int
    output_components: int
    list_output_components: int
    apis_without_inputs: int
    apis_without_outputs: int
    list_returning_apis: int
    chainable_apis: int = Field(description="APIs with an output that can feed another API's required input")
    fed_apis: int = Field(description="APIs with a required input that another API's output can feed")
    chain_links: int = Field(description="name-matched (source output, target input) pairs")
    chain_rule: str = CHAIN_RULE
    labelled_chains: LabelledChains | None = None
    apis_per_domain: dict[str, int]
    skipped: int
    skipped_examples: list[SkippedRecord]
    load_seconds: float | None = None


def compute_stats(corpus: Corpus, *, chains_file: Path | None = None, load_seconds: float | None = None,
                  skipped_examples: int = SKIPPED_EXAMPLES) -> CorpusStats:
    """Counts over ``corpus``; ``chains_file`` adds the labelled-chain summary when it exists."""
    apis = corpus.apis
    # Required inputs by normalized name → number of distinct APIs having one.
    input_apis: dict[str, set[str]] = defaultdict(set)
    for api in apis:
        for param in api.required_parameters:
            key = input_key(api, param.name)
            if key:
                input_apis[key].add(api.id)
    output_apis: dict[str, set[str]] = defaultdict(set)
    chainable = 0
    links = 0
    for api in apis:
        can_feed = False
        for out in api.output_components:
            for key in output_keys(out):
                output_apis[key].add(api.id)
                hits = input_apis.get(key)
                if hits:
                    n = len(hits) - (api.id in hits)
                    links += n
                    can_feed = can_feed or n > 0
        chainable += can_feed
    fed = 0
    for api in apis:
        for param in api.required_parameters:
            key = input_key(api, param.name)
            sources = output_apis.get(key) if key else None
            if sources and len(sources) - (api.id in sources) > 0:
                fed += 1
                break
    per_domain = Counter(api.domain for api in apis)
    return CorpusStats(
        spec=corpus.spec,
        tools=len(corpus.tools),
        apis=len(apis),
        domains=len(per_domain),
        required_parameters=sum(len(a.required_parameters) for a in apis),
        optional_parameters=sum(len(a.optional_parameters) for a in apis),
        output_components=sum(len(a.output_components) for a in apis),
        list_output_components=sum(o.is_list for a in apis for o in a.output_components),
        apis_without_inputs=sum(1 for a in apis if not a.parameters),
        apis_without_outputs=sum(1 for a in apis if not a.output_components),
        list_returning_apis=sum(1 for a in apis if a.returns_list),
        chainable_apis=chainable,
        fed_apis=fed,
        chain_links=links,
        labelled_chains=labelled_chain_summary(corpus, chains_file) if chains_file else None,
        apis_per_domain=dict(sorted(per_domain.items(), key=lambda kv: (-kv[1], kv[0]))),
        skipped=len(corpus.skipped),
        skipped_examples=corpus.skipped[:skipped_examples],
        load_seconds=load_seconds,
    )


def labelled_chain_summary(corpus: Corpus, path: Path) -> LabelledChains | None:
    """How a labelled chain file relates to the corpus (read by :func:`tooldial.graph.labels.read_labels`, the
    one reader of label files)."""
    from tooldial.graph.labels import read_labels

    if not path.is_file():
        return None
    rows = read_labels(path)
    valid = [r for r in rows if r.valid]
    found = {(link.source_api, link.source_output, link.target_api, link.target_input)
             for link in chain_links(corpus)}
    resolvable = 0
    by_rule = 0
    invalid_by_rule = 0
    for row in rows:
        src, tgt = row.source_api, row.target_api
        if src not in corpus or tgt not in corpus:
            continue
        out = corpus.get(src).output(row.source_output)
        if out is None or corpus.get(tgt).parameter(row.target_input) is None:
            continue
        matched = (src, out.key, tgt, row.target_input) in found
        if row.valid:
            resolvable += 1
            by_rule += matched
        else:
            invalid_by_rule += matched
    return LabelledChains(
        path=str(path),
        rows=len(rows),
        valid=len(valid),
        valid_source_apis=len({r.source_api for r in valid}),
        resolvable=resolvable,
        found_by_name_rule=by_rule,
        invalid_found_by_name_rule=invalid_by_rule,
    )
