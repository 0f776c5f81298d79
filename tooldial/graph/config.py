"""Configuration of the API graph builder.

Eq. 1 of the paper builds an edge from output component o of API A to required input i of API B iff

    cos(emb(d_o), emb(d_i)) > t_d  and  cos(emb(d_o + k_o), emb(d_i + k_i)) > t_k  and  LCS_sim(n_o, n_i) > t_l

The published thresholds (t_l, t_k, t_d) = (0.83, 0.5, 0.77) were set for all-mpnet-base-v2 on GPT-augmented
entity text; they do not transfer to another embedding model or to the offline entity text. The defaults
here come from ``tooldial graph calibrate`` on the embedded corpus's labelled chains (see
:data:`MINILM_OFFLINE_THRESHOLDS`); :data:`PAPER_THRESHOLDS` reproduces the paper's setting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tooldial.cache import default_cache_dir
from tooldial.embedding import DEFAULT_EMBEDDING_MODEL
from tooldial.errors import ConfigError
from tooldial.graph.validity import RuleConfig


class Thresholds(BaseModel):
    """Strict lower bounds of Eq. 1, in the release's CLI order: LCS, keyword+description, description."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    lcs: float = Field(ge=0.0, le=1.0)
    kw: float = Field(ge=-1.0, le=1.0)
    desc: float = Field(ge=-1.0, le=1.0)

    @classmethod
    def parse(cls, text: str) -> Thresholds:
        """Read ``"LCS,KW,DESC"`` (the order of the release's ``graph_generation.py``)."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 3:
            raise ConfigError(f"expected three comma-separated numbers LCS,KW,DESC, got {text!r}",
                              field="--thresholds")
        try:
            lcs, kw, desc = (float(p) for p in parts)
        except ValueError:
            raise ConfigError(f"not a number in {text!r}", field="--thresholds") from None
        try:
            return cls(lcs=lcs, kw=kw, desc=desc)
        except ValueError as exc:
            raise ConfigError(f"out of range in {text!r}: {exc.errors()[0]['msg']}",  # type: ignore[attr-defined]
                              field="--thresholds") from None

    def __str__(self) -> str:
        return f"{self.lcs:g},{self.kw:g},{self.desc:g}"


#: The paper's thresholds (all-mpnet-base-v2, GPT-4o-mini entity text).
PAPER_THRESHOLDS = Thresholds(lcs=0.83, kw=0.5, desc=0.77)

#: Calibrated for all-MiniLM-L6-v2 with the offline entity text, as the *candidate generator* in front of the
#: validity rules (:mod:`tooldial.graph.validity`): ``tooldial graph calibrate --rules --split fit`` on the
#: labelled ToolBench pairs (``tooldial/data/graph_dev/pairs.jsonl``) picked LCS 0.85, KW 0.4, DESC 0.45
#: together with the rules' thresholds (fit part: precision 0.854, recall 0.917, MCC 0.820 on its 275 pairs);
#: candidates between two tools must also pass the rules' stricter ``cross_tool_lcs`` / ``cross_tool_desc``
#: (0.95 / 0.6). Looser LCS inside one tool lets ``locations|id`` feed ``location``. (Before the rules,
#: 0.95,0.4,0.425 had been fitted in-sample on the embedded corpus's chains.)
MINILM_OFFLINE_THRESHOLDS = Thresholds(lcs=0.85, kw=0.4, desc=0.45)


def default_thresholds(embedding_model: str, entity_text: str) -> Thresholds:
    """Calibrated thresholds for the packaged model with offline text; the paper's for anything else."""
    from tooldial.embedding import _PACKAGED_ALIASES

    if embedding_model.lower() in _PACKAGED_ALIASES and entity_text == "offline":
        return MINILM_OFFLINE_THRESHOLDS
    return PAPER_THRESHOLDS


class FilterConfig(BaseModel):
    """The release's filters, each configurable. Name matching is on lower-cased alphanumerics."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Output components whose name contains one of these words, or that sit directly in an object named so, are
    #: never edge sources (status flags, human messages: they carry no entity another API could take).
    drop_outputs_containing: tuple[str, ...] = ("status", "message")
    #: Output components under one of these path elements are never edge sources: response metadata (paging,
    #: counts, field documentation) describes the response, it holds no entity.
    drop_outputs_under: tuple[str, ...] = ("meta", "_meta", "metadata_fields", "pagination", "paging")
    #: Edges whose input name or output name contains one of these are dropped (paging arguments).
    drop_names_containing: tuple[str, ...] = ("page", "limit")
    #: Mask edges from an API to itself.
    drop_self_edges: bool = True
    #: Also mask edges between two APIs of the same tool (off in the release).
    drop_same_tool_edges: bool = False
    #: Remove APIs that end up with no edge at all.
    drop_isolated: bool = True


class GraphConfig(BaseModel):
    """Everything that decides the graph; two builds with equal configs give identical graphs."""

    model_config = ConfigDict(extra="forbid")

    thresholds: Thresholds | None = None
    embedding_model: str = DEFAULT_EMBEDDING_MODEL
    entity_text: Literal["offline", "llm"] = "offline"
    cache_dir: Path = Field(default_factory=default_cache_dir)
    filters: FilterConfig = Field(default_factory=FilterConfig)
    #: Output entities per block of the similarity search: memory is ``block_size × inputs × 4`` bytes.
    block_size: int = Field(default=1024, ge=1)
    #: Which cosine criterion the blocked matmul screens with; the other one is checked on survivors.
    screen: Literal["desc", "kw"] = "desc"
    #: Also propose pairs inside one tool whose documented leaf names are equal (``Name`` → ``name``), with Eq. 1's
    #: description and keyword criteria (see :func:`tooldial.graph.build.same_tool_raw_name_edges`).
    same_tool_raw_names: bool = True
    #: Description bar of those same-name pairs (``None``: Eq. 1's). Lower than Eq. 1's because the equal
    #: documented name inside one tool is itself evidence; the keyword bar stays Eq. 1's.
    same_tool_raw_name_desc: float | None = Field(default=0.35, ge=-1.0, le=1.0)
    #: Also propose id chains inside one tool whose output keys the record the input names (``team|venue|id`` →
    #: ``venueId``), judged by the rules without Eq. 1's bars (:mod:`tooldial.graph.record_ids`).
    same_tool_record_ids: bool = True
    #: Also propose value chains inside one tool whose two names mean one value (``symbol`` → ``ticker``, ``stopid``
    #: → ``req1`` "Stop ID"), judged by the rules without Eq. 1's bars (:mod:`tooldial.graph.same_values`).
    same_tool_values: bool = True
    #: Also read the chains an input's documentation states in words ("The value of matchId field returned in
    #: .../matches/list"): edges of kind ``documented`` that no rule or cap removes
    #: (:mod:`tooldial.corpus.described_links`).
    described_links: bool = True
    #: Decide each Eq. 1 candidate with the validity rules (:mod:`tooldial.graph.validity`); off = plain Eq. 1.
    apply_rules: bool = True
    rules: RuleConfig = Field(default_factory=RuleConfig)
    #: Keep at most this many target inputs (an input group is one), each fed by at most this many source outputs
    #: (best confidence, then ``desc + kw + lcs`` first), between one source and one target API
    #: (:func:`tooldial.graph.select.apply_caps`); the release kept one edge per API pair. ``None`` keeps every entity-level edge. 3 from the fit part
    #: of the ToolBench dev set: one API often feeds another through two or three fields (a currency pair, a
    #: ``from_symbol`` and a ``to_symbol``), and recall there is 0.68 with 1, 0.82 with 2, 0.87 with 3.
    max_edges_per_api_pair: int | None = Field(default=3, ge=1)
    #: Keep at most this many API pairs leaving / entering one API (best first): Eq. 1 candidates grow with the
    #: square of the corpus, and the paper's graph has 1.4 edges per API. ``None``: no cap.
    max_out_edges_per_api: int | None = Field(default=None, ge=1)
    max_in_edges_per_api: int | None = Field(default=None, ge=1)
    #: Keep at most this many API pairs to *other tools* leaving one API, and at most
    #: ``max_cross_tool_in_edges_per_api`` entering one (best first); pairs inside a tool are not counted.
    #: ``None``: no cap. Entering is capped looser than leaving: on the ToolBench dev set the valid edges the caps
    #: cut were coordinates of homes and places into weather and geo APIs that many tools feed (the *entering*
    #: cap; 38 valid vs 1 invalid of the fit pairs at 40/40), while a source's fan-out to every geo API is what
    #: makes a whole-corpus graph dense (the *leaving* cap). docs/history/api-graph.md has the figures (dev fit
    #: pairs and whole ToolBench edges per API) for the pairs of values tried. 50 / 120 since the ToolBench v1..v9 labels
    #: chose it out of fold (each labelling round scored with the caps that maximise MCC on the others, among
    #: settings that kept whole ToolBench at 2.8 edges per API or fewer): picked in all nine folds (pooled out of
    #: fold MCC 0.680 vs 0.666, recall 0.854 vs 0.823, precision 0.693 vs 0.699); 2.514 edges per API; 40 / 80 before.
    max_cross_tool_edges_per_api: int | None = Field(default=50, ge=1)
    max_cross_tool_in_edges_per_api: int | None = Field(default=120, ge=1)
    #: Memory bound inside one tool: an input keeps at most this many candidate sources *of its own tool* (the
    #: most similar, ``desc + kw + lcs``), chosen while the similarity blocks stream, before the rules judge
    #: them (:mod:`tooldial.graph.bounds`). Without it a tool of many similar operations makes candidates grow with
    #: the square of its size (10,000 operations: past 10 GB). The embedded corpus, realtools and two random
    #: 400-tool ToolBench samples have at most 5 / 14 / 25 / 51 same-tool candidates per input: 64 changes none
    #: of their graphs (32 cut 100 of the second sample's 799 edges). ``None``: no bound.
    max_same_tool_candidates_per_input: int | None = Field(default=64, ge=1)
    #: The bound above, lowered in a tool with so many inputs that the bound above allows more than this many same-tool
    #: candidates in all: then ``this // inputs of the tool`` each (at least 1). A tool of 10,000 operations and
    #: 20,000 inputs gets 13 per input; a ToolBench-sized tool (hundreds of inputs) is never affected.
    max_same_tool_candidates_per_tool: int | None = Field(default=262_144, ge=1)
    #: Backstop: a build whose Eq. 1 candidates (after the bound above) exceed this stops with a one-line error
    #: naming it, before the rules build one object per candidate (whole ToolBench: 1.70 M; ~1 GB per million).
    max_candidates: int | None = Field(default=3_000_000, ge=1)
    #: Who decides which candidates become edges: ``rules`` (the hand rules of :mod:`tooldial.graph.validity`),
    #: ``learned`` (the fitted model of :mod:`tooldial.graph.learned` over features that include the rules'
    #: verdicts; its probability is the edge's ``confidence`` and cap rank), ``rules-ranked`` (the rules keep
    #: or drop, the model's probability is the confidence and ranks the edges for the density caps), or ``auto``:
    #: ``learned`` with the packaged system model (``graph_edge_model_system.json``, fitted on labelled real
    #: OpenAPI specs with the layout features of :mod:`tooldial.graph.layout_features`) for one provider's API
    #: set documented with URL paths, ``rules`` for everything else (ToolBench, the embedded corpus, function
    #: lists) (:func:`tooldial.graph.learned.is_one_system`; the graph records what was decided).
    validity: Literal["auto", "rules", "learned", "rules-ranked"] = "auto"
    #: The learned model file (``None``: the packaged ``tooldial/data/graph_edge_model.json``; with ``auto``,
    #: ``graph_edge_model_system.json``).
    edge_model: Path | None = None
    #: The learned model's keep threshold instead of the one in its file (lower: more chains, fewer of them
    #: right; a file's own threshold, 0.70 in the packaged system model, is its best MCC out of group).
    edge_threshold: float | None = Field(default=None, ge=0.0, le=1.0)
    #: Embedding batch size.
    batch_size: int = Field(default=128, ge=1)
    #: LLM endpoint for ``entity_text="llm"`` (the key comes from ``OPENAI_API_KEY``).
    base_url: str | None = None
    llm_model: str | None = None
    llm_concurrency: int = Field(default=8, ge=1)
    #: Seconds per LLM request and attempts per request (``--timeout`` / ``--max-attempts``).
    llm_timeout: float = Field(default=600.0, gt=0)
    llm_max_attempts: int = Field(default=6, ge=1)
    progress: bool = False

    @field_validator("cache_dir", "edge_model", mode="before")
    @classmethod
    def _path(cls, value: object) -> object:
        return Path(value).expanduser() if isinstance(value, str) else value

    @property
    def effective_thresholds(self) -> Thresholds:
        return self.thresholds or default_thresholds(self.embedding_model, self.entity_text)
