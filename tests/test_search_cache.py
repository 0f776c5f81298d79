"""Retriever hits kept on disk by content (dialogue.intents.SearchCache): a later run, whatever its seed, reads them."""

from __future__ import annotations

from test_dialogue import make_corpus

from tooldial.dialogue.intents import SearchCache
from tooldial.dialogue.retriever import Retriever, RetrieverConfig

TEXTS = ["Please get the playlist of a station.", "Is it going to rain in Lisbon tomorrow?",
         "Please get the playlist of a station."]


def test_hits_are_read_back_by_text_and_index_only(tmp_path, embedder) -> None:
    corpus = make_corpus()
    retriever = Retriever(corpus, embedder)
    first = SearchCache(retriever, tmp_path)
    hits = first(TEXTS)
    assert hits == retriever.search(TEXTS) and first.searched == 2  # the repeated text is scored once
    first.close()
    # another run (a new SearchCache, texts in another order) scores nothing and returns the same hits, as tuples
    again = SearchCache(Retriever(corpus, embedder), tmp_path)
    assert again(TEXTS[::-1]) == hits[::-1] and again.searched == 0
    assert all(isinstance(h, tuple) for h in again(TEXTS)[0])
    again.close()
    # another index (top_k) is another scope: nothing is reused from the first one
    narrow = Retriever(corpus, embedder, RetrieverConfig(top_k=2))
    other = SearchCache(narrow, tmp_path)
    assert other(TEXTS) == narrow.search(TEXTS) and other.searched == 2
    other.close()
    # no cache folder: every call goes to the retriever
    bare = SearchCache(retriever, None)
    assert bare(TEXTS) == hits and bare(TEXTS) == hits and bare.searched == 6
