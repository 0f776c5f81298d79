"""The API retriever of the dialogues: sentence embeddings of API descriptions, cosine top-k.

Every ``retriever_status`` written in a dialogue is what this retriever returned for that turn's text, and the
system's next action follows from the scores by the A.4 rules (:meth:`RetrieverConfig.band`):

- some API scores ≥ ``confirm_threshold`` (0.6) → the top one is confirmed (``request`` / ``call``);
- the top score is in [``suggest_threshold``, ``confirm_threshold``) = [0.5, 0.6) → ``suggest``;
- the top score is < ``suggest_threshold`` (0.5) → ``clarify``.

Scores are rounded to 4 decimals *before* the band is decided, so the written numbers and the action always
agree. Unlike the original release (which showed the window starting at the gold API and hid higher-ranked
ones) the status is the honest top-k; the generator instead picks utterances whose real ranking fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, model_validator

from tooldial.corpus.models import Api, Corpus
from tooldial.embedding import Embedder

Band = Literal["confirm", "suggest", "clarify"]
SCORE_DECIMALS = 4


class RetrieverConfig(BaseModel):
    """Retriever settings; thresholds are those of paper A.4 by default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    top_k: int = 5
    confirm_threshold: float = 0.6
    suggest_threshold: float = 0.5
    #: A confirmed API may be ranked below the top one when both score at least ``confirm_threshold`` and it is
    #: within this margin of the top score: the system reads the close candidates' documentation and confirms
    #: the one that fits the request (0 = always the top one).
    close_margin: float = 0.05
    #: What is embedded per API: ``name_description`` ("name: description"), ``description``, or
    #: ``tool_name_description`` ("tool name: description").
    document: Literal["name_description", "description", "tool_name_description"] = "name_description"

    @model_validator(mode="after")
    def _ordered(self) -> RetrieverConfig:
        if not 0 <= self.suggest_threshold <= self.confirm_threshold <= 1:
            raise ValueError("need 0 <= suggest_threshold <= confirm_threshold <= 1")
        if self.top_k < 1:
            raise ValueError("top_k must be >= 1")
        if not 0 <= self.close_margin <= 1:
            raise ValueError("need 0 <= close_margin <= 1")
        return self

    def band(self, top_score: float) -> Band:
        """The A.4 band of a (rounded) top score."""
        if top_score >= self.confirm_threshold:
            return "confirm"
        if top_score >= self.suggest_threshold:
            return "suggest"
        return "clarify"


def api_document(api: Api, kind: str = "name_description") -> str:
    """The text embedded for an API (its description, falling back to the tool's)."""
    description = (api.description or api.tool_description or "").strip()
    if kind == "description":
        return description or api.name
    if kind == "tool_name_description":
        return f"{api.tool} {api.name}: {description}".strip()
    return f"{api.name}: {description}".strip()


Hits = list[tuple[str, float]]


class Retriever:
    """Cosine top-k over the corpus's API documents. Vectors come from (and go to) the embedder's cache."""

    def __init__(self, corpus: Corpus, embedder: Embedder, config: RetrieverConfig | None = None) -> None:
        self.config = config or RetrieverConfig()
        self.embedder = embedder
        self.api_ids = sorted(api.id for api in corpus.apis)
        documents = [api_document(corpus.get(i), self.config.document) for i in self.api_ids]
        self.matrix = embedder.encode(documents) if documents else np.zeros((0, 1), dtype=np.float32)

    def search(self, texts: Sequence[str]) -> list[Hits]:
        """Top-k (API id, rounded score) per text, best first; ties broken by API id."""
        if not texts:
            return []
        scores = self.embedder.encode(list(texts)) @ self.matrix.T
        k = min(self.config.top_k, len(self.api_ids))
        if k == 0:
            return [[] for _ in texts]
        # candidates: a margin beyond k so that ties at the boundary (equal rounded scores) are broken by id,
        # making the selection depend on the rounded scores only
        m = min(k + 10, scores.shape[1])
        top = np.argpartition(-scores, m - 1, axis=1)[:, :m] if m < scores.shape[1] else \
            np.tile(np.arange(scores.shape[1]), (len(texts), 1))
        top_scores = np.round(np.take_along_axis(scores, top, axis=1).astype(np.float64), SCORE_DECIMALS)
        ids = self.api_ids
        results: list[Hits] = []
        for cols, vals in zip(top.tolist(), top_scores.tolist(), strict=True):
            hits = [(ids[j], v) for j, v in zip(cols, vals, strict=True)]
            hits.sort(key=lambda h: (-h[1], h[0]))
            results.append(hits[:k])
        return results

    def band(self, hits: Hits) -> Band:
        return self.config.band(hits[0][1]) if hits else "clarify"

    def fits(self, hits: Hits, band: Band, target: str) -> bool:
        """Whether ``hits`` put the dialogue in ``band`` the way a sequence needs it.

        ``suggest``: the target is the top hit and the top score is in that band (the system suggests it).
        ``confirm``: the target is a confirmable hit (:meth:`confirmable`). ``clarify``: the top score is below
        the suggest threshold.
        """
        if not hits or self.band(hits) != band:
            return False
        if band == "confirm":
            return target in self.confirmable(hits)
        return band == "clarify" or hits[0][0] == target

    def confirmable(self, hits: Hits) -> list[str]:
        """APIs the system may confirm for these hits: the top one, and those scoring at least the confirm
        threshold within ``close_margin`` of the top score (close candidates, told apart by documentation)."""
        if not hits or self.band(hits) != "confirm":
            return []
        top = hits[0][1]
        return [a for a, s in hits if s >= self.config.confirm_threshold
                and round(top - s, SCORE_DECIMALS) <= self.config.close_margin] or [hits[0][0]]

    @staticmethod
    def status(hits: Hits) -> dict[str, object]:
        """The release's intent-search retriever status for these hits."""
        return {"retriever_call": "true", "retrieved_api": dict(hits)}
