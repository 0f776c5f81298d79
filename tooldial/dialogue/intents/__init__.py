"""Intent utterances whose real retriever scores land in the band a sequence needs.

For every API a fixed, deterministic set of candidate utterances is written from its documentation, in three
clarity levels: ``clear`` (paraphrases of the description), ``suggest`` (related but vague: what the goal is
about, or the request cut short) and ``clarify`` (vague: only the domain). Each candidate is scored by the real
:class:`~tooldial.dialogue.retriever.Retriever`; only candidates whose actual ranking fits their band are kept
(:meth:`Retriever.fits`). A sequence whose band has no fitting candidate for an API is not realized with that
API — scores are never edited. ``clear_add`` utterances carry an input value; each (API, parameter) has a
small fixed set of values whose utterances are scored once (:meth:`IntentBank.clear_add_pool`).

Candidates are embedded in batches through the embedder's disk cache, so a second run costs no model time, and
their hits are kept on disk too (:class:`SearchCache`, keyed by the retriever's index and the text, never by a run
or a seed), so a second run on the same corpus scores nothing again.

Submodules by concept: ``text`` (words of names), ``personas``, ``clauses`` (what an API does),
``goals`` (what the user wants), ``topics`` (what it is about), ``candidates`` (the utterances per band),
``bank`` (the scored pools and their disk cache), ``personal`` (per-dialogue utterances from the user's profile).
"""

from __future__ import annotations

from tooldial.dialogue.intents.bank import Intent, IntentBank, SearchCache, ungreeted, unintroduced
from tooldial.dialogue.intents.candidates import CLARIFY_TEMPLATES, POOL_SIZE, candidates
from tooldial.dialogue.intents.clauses import description_clause, intent_source, name_clause
from tooldial.dialogue.intents.goals import _ID_WORDS, goal_clause
from tooldial.dialogue.intents.personal import personal_texts
from tooldial.dialogue.intents.personas import (
           DEFAULT_PERSONA,
           PERSONAS,
           introduces,
           persona_entry,
           persona_of,
)
from tooldial.dialogue.intents.text import _stem, name_words, raw_name, readable, words

#: Names other modules and tests import from here (the submodules hold them).
__all__ = ["CLARIFY_TEMPLATES", "DEFAULT_PERSONA", "Intent", "IntentBank", "PERSONAS", "POOL_SIZE",
           "SearchCache", "_ID_WORDS", "_stem", "candidates", "description_clause", "goal_clause",
           "intent_source", "introduces", "name_clause", "name_words", "persona_entry", "persona_of",
           "personal_texts", "raw_name", "readable", "ungreeted", "unintroduced", "words"]
