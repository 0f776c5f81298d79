"""What the documentation of a dialogue's APIs shows: every scalar of its examples, defaults, enums and example
responses (the ``filler`` rules' "documented", not drawn), and the corpus that documents its target."""

from __future__ import annotations

from functools import lru_cache

from tooldial.corpus.models import Corpus
from tooldial.dialogue.mockdata import as_text
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.result_records import leaves


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
                out.update(as_text(x) for _, x in leaves(v))
        for c in api.output_components:  # a documented enum member ("standard" tier) is documented, not lorem
            out.update(as_text(x) for _, x in leaves([c.example, *(c.enum or ())]))
        # the tool's other documented records are documented too: a result lists them (mockdata.tool_records)
        for sibling in corpus.tool_apis(api.category, api.tool) or [api]:
            out.update(as_text(x) for _, x in leaves(sibling.example_response))
    return frozenset(out)


def documented_corpus(record: DialogueRecord, corpus: Corpus | None) -> Corpus | None:
    """The corpus that documents the record's target (the one given, else the embedded one), or None."""
    if corpus is not None and record.target in corpus:
        return corpus
    return _builtin() if record.target in _builtin() else None
