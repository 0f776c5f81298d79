"""Dialogue generation: corpus + API graph → annotated dialogues in the release format.

For each dialogue: draw a sequence and a compatible unit (:mod:`~tooldial.dialogue.sampling`), find intent
utterances whose real retriever scores fit the sequence's bands (:mod:`~tooldial.dialogue.intents`), plan slots
and mock data (:mod:`~tooldial.dialogue.planner`), write the scenario, render it (:mod:`~tooldial.dialogue.
renderer`), check the rendering, and assemble the :class:`~tooldial.dialogue.record.DialogueRecord`.

A (sequence, unit) that cannot be realized is dropped and another unit is drawn for the same sequence; a
sequence whose pool runs dry is skipped (the report says which and why). The draws come from
``random.Random(config.seed)``; each attempt at a dialogue has its own generator, seeded by the run's seed, the
dialogue's index and the attempt (:func:`attempt_rng`), so the same seed gives the same dialogues, byte for byte,
and a change that alters how one dialogue is realized does not redraw the dialogues after it.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tooldial.cache import default_cache_dir
from tooldial.corpus.models import Api, Corpus, Parameter
from tooldial.dialogue.answer_fields import codes_only, names_only
from tooldial.dialogue.chains import made_for_its_output
from tooldial.dialogue.chains.effects import answered_by_status
from tooldial.dialogue.intents import (
    Intent,
    IntentBank,
    SearchCache,
    persona_of,
    personal_texts,
    ungreeted,
    unintroduced,
)
from tooldial.dialogue.mockdata import (
    about_the_call,
    build_result,
    documented_output,
    input_value,
    is_credential,
    reports_something,
)
from tooldial.dialogue.mockdata.created import created_id_output
from tooldial.dialogue.mockdata.files import made_file
from tooldial.dialogue.planner import (
    DialoguePlan,
    DialogueUnit,
    answer_fields,
    build_scenario,
    label,
    opening_turns,
    plan_or_reason,
)
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.render_template import scenario_profile, scenario_strings
from tooldial.dialogue.renderer import Renderer, check_messages, get_renderer
from tooldial.dialogue.retriever import Retriever, RetrieverConfig
from tooldial.dialogue.sampling import Sampler
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.dialogue.schema_checks import is_raw_slot_name
from tooldial.dialogue.sequences import SEQUENCES, ActionSequence, get_sequence
from tooldial.dialogue.user_profile import UserProfile
from tooldial.embedding import DEFAULT_EMBEDDING_MODEL, Embedder
from tooldial.errors import ConfigError


class GenerateConfig(BaseModel):
    """Settings of :func:`generate_dialogues` (``n`` or ``all_combinations``, not both)."""

    model_config = ConfigDict(extra="forbid")

    n: int | None = Field(default=None, ge=1)
    all_combinations: bool = False
    seed: int = 0
    renderer: str = "template"
    #: Passed to the renderer's constructor (``openai``: base_url, model, api_key, cache_dir, max_concurrency).
    renderer_options: dict[str, Any] = Field(default_factory=dict, repr=False)
    #: Parts a model writes (:data:`~tooldial.dialogue.model_parts.LLM_ROLES`), each checked, the template's part
    #: kept where it fails; the server is ``renderer_options``' (base_url, model, ...). Empty: none (default).
    llm_roles: list[str] = Field(default_factory=list)
    retriever: RetrieverConfig = Field(default_factory=RetrieverConfig)
    embedding_model: str = DEFAULT_EMBEDDING_MODEL
    #: Embedding cache directory; None = ``$TOOLDIAL_CACHE``.
    cache_dir: str | None = None
    #: Texts per model batch of the embedder generate_dialogues makes. Generation embeds a few dozen texts at a
    #: time (one round of personal proposals, one API's candidates) of mixed length; every text in a batch is padded
    #: to the longest, so small batches waste less: 10 calls of 64 first utterances took 6.1 s CPU at 16 vs
    #: 10.0 s at 128 (one thread, load 8).
    embedding_batch_size: int = Field(default=16, ge=1)
    #: Restrict to these sequence ids (default: all 23).
    sequences: list[str] | None = None
    #: Keep the sequence counts of ``n`` even by repeating the (sequence, API/edge) pairs of small pools while other
    #: pools still hold new ones (default: a pair repeats only when every pool has given all of its pairs).
    even_sequences: bool = False
    #: Units tried for one dialogue before its sequence is skipped for this draw.
    max_attempts: int = Field(default=20, ge=1)
    #: Scenarios handed to the renderer at once (LLM renderers keep that many requests available).
    batch_size: int = Field(default=64, ge=1)
    #: torch intra-op threads while generating (None: leave as is); see :func:`torch_threads`.
    torch_threads: int | None = 1
    progress: bool = False

    @model_validator(mode="after")
    def _mode(self) -> GenerateConfig:
        if (self.n is None) == (not self.all_combinations):
            raise ValueError("set exactly one of n and all_combinations")
        from tooldial.dialogue.model_parts import LLM_ROLES

        bad = [r for r in self.llm_roles if r not in LLM_ROLES]
        if bad:
            raise ValueError(f"unknown LLM role {bad[0]!r}; choose from {', '.join(LLM_ROLES)}")
        if self.llm_roles and not (self.renderer_options.get("base_url") and self.renderer_options.get("model")):
            raise ValueError("llm_roles need renderer_options base_url and model (the model's server)")
        for sid in self.sequences or []:
            try:
                get_sequence(sid)
            except KeyError as exc:
                raise ValueError(str(exc)) from None
        return self


@dataclass
class GenerationReport:
    """What happened during a run (printed by the CLI, asserted on by tests)."""

    produced: Counter = field(default_factory=Counter)  # sequence id -> dialogues
    #: (sequence id, source API, target API) -> dialogues written: a pair written twice is the same dialogue with
    #: other values (the sampler repeats one only when every pool has run out of undrawn chains)
    pairs: Counter = field(default_factory=Counter)
    failures: Counter = field(default_factory=Counter)  # reason -> attempts
    render_failures: list[tuple[str, str]] = field(default_factory=list)  # (dialogue id, reason)
    #: (dialogue id, first problem): rendered dialogues ``tooldial validate`` would reject; never written, each
    #: drawn again (a generator that writes data its own validator fails hands the user a broken file).
    invalid: list[tuple[str, str]] = field(default_factory=list)
    pool_sizes: dict[str, int] = field(default_factory=dict)  # sequence id -> compatible units at start
    exhausted: list[str] = field(default_factory=list)  # sequences whose pool ran dry
    rendered_by: Counter = field(default_factory=Counter)  # renderer (or "fixed") -> messages of kept dialogues
    implausible_edges: Counter = field(default_factory=Counter)  # reason -> graph edges left out of the pools
    unusable_units: Counter = field(default_factory=Counter)  # reason -> units left out (credentials, no answer)
    #: band -> first-turn intent utterances composed for their dialogue ("confirm") or fallen back to the pool
    #: candidate because no composition fit the band ("confirm fallback"); see ScenarioFactory.personalize.
    personal_intents: Counter = field(default_factory=Counter)
    #: The model-written parts of this run (None without ``llm_roles``): shares, failures, tokens.
    model_parts: Any = None

    @property
    def total(self) -> int:
        return sum(self.produced.values())

    @property
    def repeated(self) -> int:
        """Dialogues whose (sequence, source, target) an earlier dialogue of the run already had."""
        return sum(n - 1 for n in self.pairs.values())

    def personal_summary(self) -> str:
        """Per band: first intent utterances composed for their dialogue, and the share that fell back to the
        pool utterance (``confirm 1,010/1,304 kept, 22.5% fallback``)."""
        parts = []
        for band in ("confirm", "suggest", "clarify"):
            kept, back = self.personal_intents[band], self.personal_intents[f"{band} fallback"]
            if kept + back:
                parts.append(f"{band} {kept:,}/{kept + back:,} kept, {back / (kept + back):.1%} fallback")
        return "; ".join(parts)


#: Settings of the model's server in ``renderer_options``: the template renderer takes none of them (with
#: ``llm_roles`` they are there for the model-written parts).
SERVER_OPTIONS = frozenset({"base_url", "model", "api_key", "cache_dir", "max_concurrency", "max_retries", "timeout",
                            "max_attempts", "max_tokens", "goal_tokens",
                            "result_tokens"})


def make_renderer(config: GenerateConfig) -> Renderer:
    """The configured renderer (the template renderer without the server settings it does not take)."""
    options = {k: v for k, v in config.renderer_options.items() if k not in ("goal_tokens", "result_tokens")}
    if config.renderer == "template":
        options = {k: v for k, v in options.items() if k not in SERVER_OPTIONS}
    return get_renderer(config.renderer, **options)


def clear_add_values(api: Api, param: Parameter, k: int = 4) -> list[str]:
    """The fixed value set a clear_add utterance draws from for one (API, parameter): deterministic, so its
    utterances are embedded once and served from the cache afterwards."""
    values = [input_value(param, random.Random(f"clear_add|{api.id}|{param.name}|{i}"), api=api) for i in range(k)]
    return [v for v in dict.fromkeys(values) if v]


def unit_problem(corpus: Corpus, unit: DialogueUnit, *, written_results: bool = False) -> str:
    """Why no dialogue should be made of this unit ("" when it is usable):

    - a required input (or the chain input) is a credential (API key, token, session id, password): the
      system holds those, a user never says them, so the API is left out rather than asking for a key;
    - the target is a lookup (or a call made for what it returns: "Send image and get result") whose
      documentation says nothing about what it returns (no example response,
      only an error example or a generic envelope): its only "answer" would be ``status: success`` — unless a
      model writes its response (``written_results``: the ``result`` role) or the corpus is one system and no
      API of the target's tool documents an output (:func:`_silent_system`);
    - the target changes something, documents no result, and is no call whose whole answer is that it was done
      (:func:`~tooldial.dialogue.chains.effects.answered_by_status`: it names no record by its id and its verb
      is not "send", "update", "delete", …), creates no record whose id it returns and makes no file: it made
      something no documentation shows ("add num1 and num2", "create a QR code"), with the same exceptions.
    """
    target = corpus.get(unit.target)
    apis = [target] + ([corpus.get(unit.source)] if unit.source else [])
    chain = target.parameter(unit.chain_param) if unit.chain_param else None
    if any(is_credential(p) for a in apis for p in a.required_parameters) or (chain and is_credential(chain)):
        return "credential input"
    if not documented_output(target) and made_file(target) is None and not written_results \
            and not _silent_system(corpus, target):
        if made_for_its_output(target):
            return "lookup without a documented result"  # a call that makes a file answers with its link
        if created_id_output(target) is None and not answered_by_status(target):
            return "call without a documented result"  # "add num1 and num2": not "the request went through"
    return ""


def _silent_system(corpus: Corpus, api: Any) -> bool:
    """Whether the corpus is one system (one provider, or one tool) and no API of the target's tool documents an
    output (function definitions without output schemas): then the user chose a format with no results to show,
    and its one-API dialogues still teach the calls (the loader said in one line why nothing chains; ids only
    implied by API names are no documentation). A silent tool among many (a ToolBench sample) is only badly
    documented: its lookups would be answered "the status is success" (38 of 60 dialogues of a held-out
    400-tool sample, issue 28), so they are left out there."""
    if len({t.provider or f"{t.category}|{t.name}" for t in corpus.tools}) > 1:
        return False
    tool = next((t for t in corpus.tools if t.name == api.tool and t.category == api.category), None)
    return tool is not None and not any(any(not c.implied for c in a.output_components) or a.example_response
                                        for a in tool.apis)


def plan_problem(plan: Any) -> str:
    """Why a plan is not used ("" when it is): a credential slot (an optional one drawn), an input nothing
    documents or names (the user could only say a filler word), an input the user is asked for that has no name
    but its code (the ``slot_names`` check), or a lookup whose result says nothing."""
    for slots in (plan.target, plan.source):
        if slots is None:
            continue
        if any(is_credential(p) for p in (slots.api.parameter(n) for n in slots.names) if p is not None):
            return "credential input"
        if any(not str(v).strip() for v in slots.values.values()):
            return "undocumented input"
        if any(is_raw_slot_name(label(n, slots.api)) for n in slots.names if n not in plan.procured):
            return "input without a spoken name"  # "Please share the op": asked of the user by its code
    # an API that documents no output at all passed unit_problem only as part of a silent system: no answer to ask
    if made_for_its_output(plan.target.api) and documented_output(plan.target.api):
        fields = answer_fields(plan.target.api, plan.target_result, known=plan.known_to_user)
        if not reports_something(plan.target_result) or names_only(plan.target.api, fields) or codes_only(
                plan.target.api, fields) or all(about_the_call(key.split("|")[-1]) for key, _, _ in fields):
            return "lookup without an answer"
    return ""


@contextmanager
def torch_threads(n: int | None) -> Iterator[None]:
    """Limit torch's intra-op threads for the duration (restored after).

    Generation embeds tiny batches; on a busy machine spinning intra-op threads make each forward ~10x
    slower than one thread (measured: 2.3 s vs 0.16 s for 6 sentences at load 12 on 2 cores). The BLAS pool
    behind the retriever's numpy product is limited too: its idle threads spin (2,000 dialogues on the builtin
    corpus, warm: 16.3 s CPU with the default pool, 3.6 s with one thread).
    """
    if n is None:
        yield
        return
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=n, user_api="blas"):
        if "torch" not in sys.modules:
            yield
            return
        import torch

        before = torch.get_num_threads()
        torch.set_num_threads(n)
        try:
            yield
        finally:
            torch.set_num_threads(before)


def dialogue_id(seed: int, index: int) -> str:
    """Stable id of the ``index``-th dialogue generated with ``seed``."""
    return f"td-s{seed}-{index:06d}"


def attempt_rng(seed: int, index: int, attempt: int) -> random.Random:
    """The generator of one attempt at the ``index``-th dialogue: its own seed, not a draw from the run's stream,
    so a dialogue realized differently (a fix to one API's result, a plan that takes one more draw) leaves the
    dialogues after it as they were, and a before/after comparison reads the same scenarios. (A string seed is
    hashed with SHA-512: the same on every platform and Python version.)"""
    return random.Random(f"attempt|{seed}|{index}|{attempt}")


class ScenarioFactory:
    """Realizes (sequence, unit) draws as scenario instructions; holds the retriever and intent pools."""

    def __init__(self, corpus: Corpus, retriever: Retriever) -> None:
        self.corpus = corpus
        self.retriever = retriever
        #: Hits of every text scored (intent candidates, personal proposals), on disk beside the embeddings.
        self.search = SearchCache(retriever, getattr(retriever.embedder, "cache_dir", None))
        self.bank = IntentBank(corpus, retriever, self.search)
        self._built: dict[str, _Built] = {}  # dialogue id -> what its scenario was built from (until personalize)
        #: With ``keep_built``: what personalized scenarios were built from, with their final first intents, for
        #: the model-written opening request (:class:`~tooldial.dialogue.model_parts.ModelParts` pops them).
        self.keep_built = False
        self.kept: dict[str, _Built] = {}
        #: With the ``need`` role: the model parts that write each API's need (``ModelParts.need``). The
        #: factory's corpus then holds the needs kept so far (the caller's corpus is never changed).
        self.needs: Any = None
        self._asked: set[str] = set()
        #: With the ``ranges`` role: the model parts that write each API's number ranges (``ModelParts.ranges``),
        #: put on the factory's corpus copy (``Api.value_ranges``) before the API's first plan.
        self.ranges: Any = None
        self._ranged: set[str] = set()
        #: The caller's corpus and its pools, for the rules' clauses the needs are compared with.
        self._rules_bank = IntentBank(corpus, retriever, self.search)

    def close(self) -> None:
        self.search.close()

    def prepare(self, api_ids: Iterable[str]) -> None:
        """Score every intent candidate of these APIs (bands and clear_add values) in two batches; afterwards
        generation embeds nothing new for them."""
        ids = list(dict.fromkeys(api_ids))
        self.bank.prepare(ids)
        items = []
        for api_id in ids:
            api = self.corpus.get(api_id)
            for param in api.parameters:
                said = label(param.name, api)
                if not is_raw_slot_name(said):
                    items.append((api_id, param.name, said, clear_add_values(api, param)))
        self.bank.prepare_clear_add(items)

    def realize(self, seq: ActionSequence, unit: DialogueUnit, rng: random.Random, did: str, seed: int
                ) -> tuple[ScenarioInstruction | None, str]:
        """The scenario, or None and the reason it cannot be realized with this unit."""
        cond = seq.conditions
        target = unit.target
        needs = {"clear": ["confirm"], "clarify": ["clarify", "confirm"], "suggest": ["suggest"]}[cond.opening]
        if self.ranges is not None:
            self._write_ranges(unit)
        # plan first: planning is cheap, scoring an API's ~300 intent candidates is not (cold cache), and most
        # failed draws on real documentation fail in planning
        plan, why = plan_or_reason(unit, seq, self.corpus, rng)
        if plan is None:
            return None, f"no plan: {why}"
        problem = plan_problem(plan)
        if problem:
            return None, problem
        if self.needs is not None:
            self._write_needs(plan)
        for band in needs:
            if not self.bank.has(target, band):  # type: ignore[arg-type]
                return None, f"no {band} intent"
        opening = None
        if cond.opening != "clear":
            opening = self.bank.choose(target, "clarify" if cond.opening == "clarify" else "suggest", rng)
        clear = None
        if cond.opening in ("clear", "clarify"):
            if cond.adds_value:
                slot = plan.added_slot
                param = plan.target.api.parameter(slot)
                assert param is not None
                values = clear_add_values(plan.target.api, param)
                said = label(slot, plan.target.api)
                if is_raw_slot_name(said):  # "The mt is 1.": a value is added under a name a user can say
                    return None, "added slot has no spoken name"
                pool = self.bank.clear_add_pool(target, slot, said, values)
                if not pool:
                    return None, "no clear_add intent"
                later = unintroduced(ungreeted(pool), persona_of(plan.target.api)) if opening is not None else pool
                value, clear = rng.choice(later)
                plan.target.values[slot] = value
                plan.target_result = build_result(plan.target.api, rng, records=2, inputs=plan.target.values,
                                                  world=plan.world)
            else:
                clear = self.bank.choose(target, "confirm", rng, later=opening is not None)
        state = rng.getstate()
        scenario = build_scenario(plan, opening_intent=opening, clear_intent=clear, retriever=self.retriever,
                                  rng=rng, dialogue_id=did, seed=seed)
        self._built[did] = _Built(plan, opening, clear, state, seed, bool(cond.adds_value))
        return scenario, ""

    def _write_ranges(self, unit: DialogueUnit) -> None:
        """Put the model's ranges of the unit's APIs (asked once per API) on the factory's corpus copy, where the
        mock world draws their undocumented numbers from them (the caller's corpus is never changed)."""
        for api_id in (unit.target, unit.source):
            if not api_id or api_id in self._ranged:
                continue
            self._ranged.add(api_id)
            ranges = self.ranges.ranges(api_id)
            if ranges:
                api = self.corpus.get(api_id).model_copy(update={"value_ranges": tuple(
                    (key, *bounds) for key, bounds in sorted(ranges.items()))})
                self.corpus = self.corpus.with_apis([api])
                self.bank.corpus = self.corpus

    def _write_needs(self, plan: DialoguePlan) -> None:
        """Ask the model for the need of each API of ``plan`` not asked yet, and put the kept ones in the plan and
        the factory's corpus. A need is kept only where the retriever finds the API from it, and the requests
        composed from it fit every band the rules' requests fit (the retriever decides, as for every composed
        request); else the rules' clause stays."""
        from tooldial.dialogue.model_parts.need import finds_its_api

        slots = [s for s in (plan.target, plan.source) if s is not None]
        for slot in slots:
            api_id = slot.api.id
            if api_id in self._asked:
                continue
            self._asked.add(api_id)
            need = self.needs.need(api_id)
            if not need:
                continue
            if not finds_its_api(self.search, api_id, need):
                self.needs.need_not_kept(api_id, "the retriever does not find the API from it")
                continue
            rules_bands = {b for b in ("confirm", "suggest", "clarify") if self._rules_bank.has(api_id, b)}
            self.corpus = self.corpus.with_apis([self.corpus.get(api_id).model_copy(update={"user_goal": need})])
            self.bank.corpus = self.corpus
            self.bank.forget(api_id)
            lost = sorted(b for b in rules_bands if not self.bank.has(api_id, b))  # type: ignore[arg-type]
            if lost:
                bands = " and ".join(lost) + (" bands" if len(lost) > 1 else " band")
                self.needs.need_not_kept(api_id, f"no request fits the {bands}")
                self.corpus = self.corpus.with_apis([self.corpus.get(api_id).model_copy(update={"user_goal": ""})])
                self.bank.corpus = self.corpus
                self.bank.forget(api_id)
        for slot in slots:
            slot.api = self.corpus.get(slot.api.id)

    def personalize(self, scenarios: list[ScenarioInstruction], report: GenerationReport
                    ) -> list[ScenarioInstruction]:
        """Each dialogue's first intent utterance rewritten for that dialogue, where the retriever agrees.

        The pool utterance was chosen before the dialogue's user existed; here the user profile the renderer will
        use (:func:`~tooldial.dialogue.render_template.scenario_profile`) is put into it
        (:func:`~tooldial.dialogue.intents.personal_texts`). Proposals are scored in rounds, one deduplicated
        retriever call per round for the whole batch: every dialogue's first proposal, then the next proposal of
        those whose earlier ones did not fit (most fit at the first, and each new text costs a model pass). A
        dialogue keeps its first proposal whose real hits fit its band; its intent turns are then written again
        from the same RNG state (:meth:`_swap_first_intent`). When none fits, or the new scenario would get
        another profile, the pool utterance stays (counted as a fallback).
        """
        jobs: list[tuple[int, _Built, str, Intent, list[str], UserProfile]] = []
        for i, scenario in enumerate(scenarios):
            built = self._built.pop(scenario.dialogue_id, None)
            if built is None:
                continue
            first, band = (built.opening, built.plan.sequence.conditions.opening) if built.opening is not None \
                else (built.clear, "confirm")
            band = {"clarify": "clarify", "suggest": "suggest"}.get(band, "confirm")
            if first is None:
                continue
            profile = scenario_profile(scenario)
            proposals = personal_texts(first.text, band, built.plan.target.api, profile.fields(),  # type: ignore[arg-type]
                                       random.Random(f"personal:{scenario.dialogue_id}"),
                                       carries_value=first is built.clear and built.adds_value,
                                       later=built.clear.text if first is built.opening and built.clear else "")
            jobs.append((i, built, band, first, proposals, profile))
        picks = self._first_fitting([(built.plan.target.api.id, band, proposals)
                                     for _, built, band, _, proposals, _ in jobs])
        out = list(scenarios)
        for (i, built, band, first, _, profile), pick in zip(jobs, picks, strict=True):
            swapped = None
            if pick is not None:
                opening, clear = (pick, built.clear) if first is built.opening else (built.opening, pick)
                swapped = self._swap_first_intent(scenarios[i], built, opening, clear)
                # the profile is drawn from the dialogue's values and slot names: same strings, same profile
                if scenario_strings(swapped) != scenario_strings(scenarios[i]) and \
                        scenario_profile(swapped) != profile:
                    swapped = None
            if swapped is None:
                report.personal_intents[f"{band} fallback"] += 1
            else:
                report.personal_intents[band] += 1
                out[i] = swapped
                built.opening, built.clear = opening, clear
            if self.keep_built:
                self.kept[scenarios[i].dialogue_id] = built
        return out

    def _first_fitting(self, asks: list[tuple[str, str, list[str]]]) -> list[Intent | None]:
        """Per (target, band, proposals): the first proposal whose real hits fit the band, or None. Round k scores
        the k-th proposal of every ask still open in one deduplicated retriever call."""
        picks: list[Intent | None] = [None] * len(asks)
        found: dict[str, Any] = {}
        open_ = list(range(len(asks)))
        for k in range(max((len(p) for _, _, p in asks), default=0)):
            open_ = [j for j in open_ if len(asks[j][2]) > k]
            todo = list(dict.fromkeys(t for j in open_ if (t := asks[j][2][k]) not in found))
            found.update(zip(todo, self.search(todo), strict=True))
            still = []
            for j in open_:
                target, band, proposals = asks[j]
                text = proposals[k]
                if self.retriever.fits(found[text], band, target):  # type: ignore[arg-type]
                    picks[j] = Intent(text, found[text])
                else:
                    still.append(j)
            open_ = still
        return picks

    def _swap_first_intent(self, scenario: ScenarioInstruction, built: _Built, opening: Intent | None,
                           clear: Intent | None) -> ScenarioInstruction:
        """``scenario`` as :func:`build_scenario` would write it from ``built`` with these intents, without
        writing it all again: the intent turns are written anew (:func:`opening_turns`, from the same RNG state, so
        the later turns' styles still follow), and the later turns get the new confirmation reason at the start of
        their thought. ``tests/test_personal_intents.py`` checks the result against a full rebuild."""
        def written(first: Intent | None, second: Intent | None) -> tuple[list, str]:
            rng = random.Random()
            rng.setstate(built.state)
            return opening_turns(built.plan, opening_intent=first, clear_intent=second, retriever=self.retriever,
                                 rng=rng)

        old_turns, old_why = written(built.opening, built.clear)
        new_turns, new_why = written(opening, clear)
        rest = scenario.turns[len(old_turns):]
        if new_why != old_why:
            rest = [t.model_copy(update={"thought": new_why + t.thought[len(old_why):]})
                    if old_why and t.thought.startswith(old_why) else t for t in rest]
        query = clear or opening
        return scenario.model_copy(update={"turns": [*new_turns, *rest], "query": query.text if query else ""})


@dataclass
class _Built:
    """What a scenario was built from, to build it again with another first intent utterance."""

    plan: DialoguePlan
    opening: Intent | None
    clear: Intent | None
    state: Any
    seed: int
    adds_value: bool


def to_record(scenario: ScenarioInstruction, messages: list[str], renderer: str,
              rendered_by: list[str] | None = None, written_by: dict[str, Any] | None = None) -> DialogueRecord:
    """Assemble the release-format record (turn keys in the release's order) plus our metadata.

    ``rendered_by`` (per turn: ``fixed`` or the renderer that wrote the message) and ``written_by`` (model-written
    parts: ``goal`` and per call ``result``, ``model`` or ``template``) go into ``scenario`` when given.
    """
    turns: list[dict[str, dict[str, Any]]] = []
    for turn, message in zip(scenario.turns, messages, strict=True):
        if turn.speaker == "User":
            turns.append({"User": {"message": message, "action": turn.action}})
        else:
            turns.append({"System": {
                "thought": turn.thought, "action": turn.action, "retriever_status": turn.retriever_status,
                "api_request": turn.api_request, "api_response": turn.api_response, "message": message,
                "dialogue_state": turn.dialogue_state,
            }})
    return DialogueRecord(
        subgraph_type=scenario.subgraph_type, dialogue=turns, mockdata=scenario.mockdata,
        source=scenario.source, target=scenario.target, dialogue_id=scenario.dialogue_id,
        sequence_id=scenario.sequence_id, actions=scenario.actions, domain=scenario.domain, seed=scenario.seed,
        renderer=renderer,
        scenario={
            "query": scenario.query,
            "user": scenario.user.model_dump() if scenario.user is not None else None,
            "answer_fields": list(scenario.answer_fields),
            "relation": scenario.relation,
            **({"chain": dict(scenario.chain_edge)} if scenario.chain_edge else {}),
            "apis": [b.model_dump() for b in scenario.apis],
            "turns": [{"situation": t.situation, "style": t.style, "required_values": t.required_values}
                      for t in scenario.turns],
            **({"rendered_by": rendered_by} if rendered_by is not None else {}),
            **({"written_by": written_by} if written_by is not None else {}),
        },
    )


def generate_dialogues(corpus: Corpus, graph: Any, config: GenerateConfig, *, embedder: Embedder | None = None,
                       renderer: Renderer | None = None, report: GenerationReport | None = None
                       ) -> Iterator[DialogueRecord]:
    """Yield dialogues in a deterministic order. ``graph`` may be None (single-API sequences only).

    ``embedder`` / ``renderer`` default to the configured ones; pass ``report`` to learn what was skipped.
    """
    report = report if report is not None else GenerationReport()
    rng = random.Random(config.seed)
    own_embedder = embedder is None
    if embedder is None:
        embedder = Embedder(config.embedding_model, Path(config.cache_dir) if config.cache_dir else default_cache_dir(),
                            batch_size=config.embedding_batch_size)
    try:
        with torch_threads(config.torch_threads):
            factory = ScenarioFactory(corpus, Retriever(corpus, embedder, config.retriever))
            try:
                yield from _generate(corpus, graph, config, factory, renderer, report, rng)
            finally:
                factory.close()
    finally:
        if own_embedder:
            embedder.close()


def _generate(corpus: Corpus, graph: Any, config: GenerateConfig, factory: ScenarioFactory,
              renderer: Renderer | None, report: GenerationReport, rng: random.Random) -> Iterator[DialogueRecord]:
    from tooldial.progress import restart_clock, steady_bar

    if renderer is None:
        renderer = make_renderer(config)
    parts = None
    if config.llm_roles:
        parts, renderer = _model_parts(corpus, config, renderer)
        report.model_parts = parts
        factory.keep_built = "goal" in config.llm_roles
        if "need" in config.llm_roles:
            factory.needs = parts
        if "ranges" in config.llm_roles:
            factory.ranges = parts
    sequences = tuple(get_sequence(s) for s in config.sequences) if config.sequences else SEQUENCES
    sampler = Sampler(corpus, graph, rng, sequences, even_sequences=config.even_sequences)
    problems: dict[DialogueUnit, str] = {}
    for seq_id, pool in sampler.pools.items():
        for unit in pool:
            if unit not in problems:
                problems[unit] = unit_problem(corpus, unit, written_results="result" in (config.llm_roles or ()))
        sampler.pools[seq_id] = [u for u in pool if not problems[u]]
    report.unusable_units = Counter(p for p in problems.values() if p)
    report.pool_sizes = sampler.counts()
    report.implausible_edges = sampler.implausible
    if not any(report.pool_sizes.values()):
        raise ConfigError("no API or edge of this corpus/graph is compatible with any sequence",
                          file=corpus.spec)
    draws = sampler.all_combinations() if config.all_combinations else sampler.balanced()
    total = config.n if config.n is not None else sum(report.pool_sizes.values())
    bar = steady_bar(total=total, unit="dialogue", desc="generate", disable=not config.progress)
    pending: list[ScenarioInstruction] = []
    unit_of: dict[str, DialogueUnit] = {}  # dialogue id -> the unit it was realized from, until its batch is written
    index = 0
    buffer: list[tuple[ActionSequence, DialogueUnit]] = []
    draws_left = True

    def dropped() -> int:
        """Dialogues the model parts or the validator dropped so far, each drawn again (``--n`` counts the dialogues
        written), up to ``--n`` of them: a model that fails every time does not keep the run drawing forever."""
        model = sum(parts.dropped.values()) if parts is not None else 0
        return min(model + len(report.invalid), config.n or 0)

    def flush(scenarios: list[ScenarioInstruction]) -> Iterator[DialogueRecord]:
        """Write a batch; a dialogue the validator rejects is drawn again for its own sequence (``--n`` stays
        balanced over the sequences)."""
        sequence_of = {s.dialogue_id: s.sequence_id for s in scenarios}
        before = len(report.invalid)
        written: set[str] = set()
        for record in _flush(_with_parts(factory.personalize(scenarios, report), parts, factory, corpus), renderer,
                             report, bar, corpus, config.retriever, parts):
            written.add(record.dialogue_id)
            yield record
        for dialogue_id, unit in [(d, unit_of.pop(d)) for d in sequence_of]:
            if dialogue_id not in written:  # dropped (validator, renderer, model parts): no dialogue of its chain
                sampler.undraw(sequence_of[dialogue_id], unit)
        for dialogue_id, _ in report.invalid[before:]:
            unit = None if config.all_combinations else sampler.redraw(sequence_of[dialogue_id])
            if unit is not None:
                buffer.append((get_sequence(sequence_of[dialogue_id]), unit))

    while draws_left or buffer or (pending and config.n is not None):
        if config.n is not None and index - dropped() >= config.n:
            if not pending:
                break
            yield from flush(pending)
            pending = []
            continue  # the flush may have dropped some: draw again while draws are left
        if not (draws_left or buffer):
            break
        if not buffer:
            ahead = config.batch_size
            if config.n is not None and not config.even_sequences:
                # no more draws than dialogues still wanted: a draw marks its chain as drawn, so draws the run would
                # not use left sequences with no new chain for a redraw (2 of 23 sequences missing at ``--n 23``)
                ahead = max(1, min(ahead, config.n - (index - dropped())))
            for draw in draws:
                buffer.append(draw)
                if len(buffer) >= ahead:
                    break
            else:
                draws_left = False
            buffer.reverse()
            if not buffer:
                break
            if factory.needs is not None and parts.client.max_concurrency > 1:
                # a server that answers several at once: ask the batch's needs together (asked alone otherwise:
                # on one CPU server every need of a draw that fails to plan would cost its seconds for nothing)
                factory.needs.write_needs(a for _, u in buffer for a in (u.target, u.source) if a)
            if factory.ranges is not None and parts.client.max_concurrency > 1:
                factory.ranges.write_ranges(a for _, u in buffer for a in (u.target, u.source) if a)
        seq, unit = buffer.pop()
        did = dialogue_id(config.seed, index)
        scenario = None
        for attempt in range(config.max_attempts):
            sub = attempt_rng(config.seed, index, attempt)
            scenario, reason = factory.realize(seq, unit, sub, did, config.seed)
            if scenario is not None:
                break
            report.failures[f"{seq.kind}: {reason}"] += 1
            sampler.discard(seq.id, unit)
            if config.all_combinations:
                break
            nxt = sampler.redraw(seq.id)
            if nxt is None:
                if not sampler.pools[seq.id]:
                    report.exhausted.append(seq.id)
                break
            unit = nxt
        if scenario is None:
            continue
        index += 1
        unit_of[scenario.dialogue_id] = unit
        pending.append(scenario)
        if len(pending) >= config.batch_size:
            first = bar.n == 0
            yield from flush(pending)
            pending = []
            if first:  # the first batch paid the warm-up (models, the retriever's index): not the run's rate
                restart_clock(bar)
    if pending:
        yield from flush(pending)
    bar.close()
    if parts is not None and parts.own_client:
        parts.client.close()


def _model_parts(corpus: Corpus, config: GenerateConfig, renderer: Renderer) -> tuple[Any, Renderer]:
    """The model-parts writer of ``config.llm_roles`` and the renderer to use (``utterance``: the ``openai``
    renderer on the same client, unless ``renderer`` is one already)."""
    from tooldial.dialogue.model_parts import ModelParts
    from tooldial.dialogue.render_llm import LLMRenderer
    from tooldial.llm import LLMClient

    opts = config.renderer_options
    given = getattr(renderer, "client", None)
    client = given or LLMClient(
        opts["base_url"], opts["model"], api_key=opts.get("api_key"), cache_dir=opts.get("cache_dir"),
        max_concurrency=opts.get("max_concurrency", 8), max_retries=opts.get("max_retries", 5),
        timeout=opts.get("timeout", 600.0))
    parts = ModelParts(config.llm_roles, client, corpus, max_attempts=opts.get("max_attempts", 2),
                       goal_tokens=opts.get("goal_tokens", 64), result_tokens=opts.get("result_tokens", 384),
                       progress=config.progress)
    parts.own_client = given is None  # closed when generation ends (the caller's renderer keeps its own)
    if "utterance" in config.llm_roles and not isinstance(renderer, LLMRenderer):
        renderer = LLMRenderer(client=client, max_attempts=opts.get("max_attempts", 3),
                               max_tokens=opts.get("max_tokens", 96), progress=config.progress)
    return parts, renderer


def _with_parts(scenarios: list[ScenarioInstruction], parts: Any, factory: ScenarioFactory, corpus: Corpus
                ) -> list[ScenarioInstruction]:
    """The scenarios with the model-written parts that passed (unchanged without ``llm_roles``)."""
    if parts is None:
        return scenarios
    from tooldial.dialogue.render_template import TemplateRenderer
    from tooldial.dialogue.validate import validate_record

    template = TemplateRenderer()

    def problems(scenario: ScenarioInstruction, written_by: dict[str, Any] | None = None) -> set[str]:
        record = to_record(scenario, template.messages(scenario), template.name, written_by=written_by)
        return {f"{kind}: {message}" for kind, message in validate_record(record, corpus=corpus).problems}

    return parts.apply(scenarios, factory, problems)


def _flush(pending: list[ScenarioInstruction], renderer: Renderer, report: GenerationReport, bar: Any,
           corpus: Corpus, retriever_config: RetrieverConfig, parts: Any = None) -> Iterator[DialogueRecord]:
    """Render ``pending`` and yield the records that pass the renderer's message checks and ``tooldial validate``
    (with the corpus and the retriever settings the dialogues were scored with); the rest are counted in
    ``report`` and drawn again by the caller."""
    from tooldial.dialogue.validate import validate_record

    results = renderer.render(pending)
    for scenario, result in zip(pending, results, strict=True):
        problems = check_messages(scenario, result.messages) if result.ok and result.messages is not None else []
        if not result.ok or problems:
            report.render_failures.append((scenario.dialogue_id, result.error or "; ".join(problems)))
            if parts is not None:
                parts.forget(scenario.dialogue_id)
            continue
        written_by = parts.written_by.get(scenario.dialogue_id, {}) if parts is not None else None
        record = to_record(scenario, list(result.messages or []), renderer.name, result.rendered_by, written_by)
        invalid = validate_record(record, corpus=corpus, retriever_config=retriever_config).problems
        if invalid:
            kind, message = invalid[0]
            report.invalid.append((scenario.dialogue_id, f"{kind}: {message}"))
            if parts is not None:
                parts.forget(scenario.dialogue_id)
            continue
        if parts is not None:
            parts.written_by.pop(scenario.dialogue_id, None)
        report.produced[scenario.sequence_id] += 1
        report.pairs[scenario.sequence_id, scenario.source, scenario.target] += 1
        report.rendered_by.update(result.rendered_by or [])
        bar.update(1)
        yield record
