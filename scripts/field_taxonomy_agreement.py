"""Where the graph's value kinds (``graph.value_kinds``) and the mock world's field kinds (``mockdata.fields``)
answer the same question ("is this an id, an e-mail, a date, a place ...") alike, over a corpus's fields.

For every input parameter and output leaf (deduplicated by name, type, path and API) it asks both taxonomies and
counts, per shared question, the fields both say yes to, only the graph, only the mock world. The graph is asked
with the field's own texts (no keyword ranker): a name-level inventory, not the graph build's exact entities.

    python scripts/field_taxonomy_agreement.py --corpus builtin
    python scripts/field_taxonomy_agreement.py --corpus /tmp/tb400.jsonl --examples 3
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from tooldial.corpus import load_corpus
from tooldial.dialogue.mockdata.fields import FieldName, api_words, field_kind
from tooldial.graph.entities import example_text
from tooldial.graph.value_kinds import _classify

#: question → (the graph's standard kinds or "identifier", the mock world's kinds)
QUESTIONS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "identifier": (frozenset({"identifier"}), frozenset({"id"})),
    "email": (frozenset({"email"}), frozenset({"email"})),
    "url": (frozenset({"url"}), frozenset({"url"})),
    "phone": (frozenset({"phone"}), frozenset({"phone"})),
    "latitude": (frozenset({"latitude"}), frozenset({"latitude"})),
    "longitude": (frozenset({"longitude"}), frozenset({"longitude"})),
    "timezone": (frozenset({"timezone"}), frozenset({"timezone"})),
    "date": (frozenset({"date"}), frozenset({"date"})),
    "datetime": (frozenset({"datetime"}), frozenset({"datetime"})),
    "time": (frozenset({"time"}), frozenset({"time"})),
    "country": (frozenset({"country"}), frozenset({"country", "country_code"})),
    "language": (frozenset({"language"}), frozenset({"language", "language_code"})),
    "currency": (frozenset({"currency"}), frozenset({"currency_code", "currency_name"})),
    "postal code": (frozenset({"postal_code"}), frozenset({"postal"})),
    "place": (frozenset({"place"}), frozenset({"city", "address", "state"})),
    "symbol": (frozenset({"symbol"}), frozenset({"symbol", "coin"})),
}


def fields(corpus):
    """(api, leaf name, type, path, description, example, is output) of every parameter and output leaf."""
    for api in corpus.apis:
        for p in api.parameters:
            yield api, p.name, p.type, (p.name,), p.description, p.example if p.example is not None else p.default, False
        for c in api.output_components:
            yield api, c.name, c.type, c.path, c.description, c.example, True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="builtin")
    parser.add_argument("--examples", type=int, default=0, help="show this many disagreeing names per question")
    args = parser.parse_args()
    corpus = load_corpus(args.corpus)
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    examples: dict[tuple[str, str], list[str]] = defaultdict(list)
    seen = set()
    n = 0
    for api, name, typ, path, doc, example, output in fields(corpus):
        key = (api.id, path, output)
        if key in seen:
            continue
        seen.add(key)
        n += 1
        raw = "|".join(path)
        traits = _classify(raw, name, typ or "", "", doc or "", example_text(example) if example is not None else "",
                           f"{raw} {api.name}", api.tool, raw, "", output)
        graph = traits.standard if traits.kind == "standard" else traits.kind
        words = api_words(api) | {w for part in path[:-1] for w in FieldName(part).tokens}
        title = frozenset(FieldName(f"{api.name} {' '.join(path[:-1])}").tokens)
        mock = field_kind(FieldName(name, typ or "string", words, title, path[-2] if len(path) > 1 else ""))
        for q, (g_kinds, m_kinds) in QUESTIONS.items():
            g, m = graph in g_kinds, mock in m_kinds
            side = "both" if g and m else "graph only" if g else "mock only" if m else ""
            if side:
                counts[q][side] += 1
                if side != "both" and len(examples[q, side]) < args.examples:
                    examples[q, side].append(f"{raw} ({typ}; graph {graph}, mock {mock})")
    print(f"{args.corpus}: {n} fields")
    print("| question | both | graph only | mock only | agreement |")
    print("|---|---:|---:|---:|---:|")
    for q in QUESTIONS:
        c = counts[q]
        total = c["both"] + c["graph only"] + c["mock only"]
        share = f"{c['both'] / total:.0%}" if total else "-"
        print(f"| {q} | {c['both']} | {c['graph only']} | {c['mock only']} | {share} |")
    for (q, side), names in examples.items():
        print(f"{q}, {side}: " + "; ".join(names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
