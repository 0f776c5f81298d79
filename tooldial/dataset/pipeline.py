"""The main job: corpus → graph → dialogues → validation → dataset directory (``tooldial build``).

Intermediate artifacts (``graph.json``, ``dialogues.jsonl``) live in the cache (``$TOOLDIAL_CACHE/builds/<key>``),
keyed by the *content* of what shapes them — the corpus files' sha256, the ``--graph`` file's sha256, every
option, and the code and prompt versions — so a corpus replaced at the same path rebuilds, and an interrupted
or repeated build resumes from the finished stages. A finished ``dialogues.jsonl`` is reused only when its
line count, size and sha256 match what ``dialogues.done`` recorded; a truncated or edited file is reported and
generated again. The dataset directory only ever holds the dataset (:mod:`tooldial.dataset.output`).

With ``dialogues`` given (our JSONL files or release-format JSON lists), generation is skipped and the
dialogues are split and converted as they are.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tooldial import faults
from tooldial.cache import default_cache_dir
from tooldial.dataset.export import DatasetResult, write_dataset
from tooldial.dataset.info import BuildInfo
from tooldial.dataset.output import OutputDir, check_output, file_sha256
from tooldial.dataset.sources import DialogueFiles, SourceRecord
from tooldial.dataset.splits import SplitConfig
from tooldial.errors import ConfigError, TooldialError
from tooldial.outputs import ENVIRONMENT_ERRNOS, os_error
from tooldial.tasks.prompts import DEFAULT_PROFILE

logger = logging.getLogger(__name__)


class BuildOptions(BaseModel):
    """Everything ``tooldial build`` takes; the graph and generation options pass through to their stages."""

    model_config = ConfigDict(extra="forbid")

    corpus: str = "builtin"
    #: A graph saved by ``tooldial graph build`` (skips building one).
    graph: Path | None = None
    #: Existing dialogue files (skips generation): our ``dialogues.jsonl`` or release-format JSON lists.
    dialogues: list[Path] = Field(default_factory=list)
    n: int = Field(default=2000, ge=1)
    seed: int = 0
    renderer: str | None = None
    #: Extra ``GraphConfig`` fields (``thresholds``, ``embedding_model``, ``entity_text``…).
    graph_options: dict[str, Any] = Field(default_factory=dict)
    #: Extra ``GenerateConfig`` fields.
    generate_options: dict[str, Any] = Field(default_factory=dict)
    split: SplitConfig = Field(default_factory=SplitConfig)
    #: Validate generated dialogues and leave out the invalid ones.
    validate_dialogues: bool = True
    num_proc: int = Field(default=1, ge=1)
    progress: bool = True
    cache_dir: Path = Field(default_factory=default_cache_dir)
    #: Largest share of failed LLM renderer requests a build accepts (the template fallback hides them otherwise).
    max_failure_rate: float = Field(default=0.05, ge=0.0, le=1.0)
    #: Where ``graph.json`` and ``dialogues.jsonl`` are kept (default: ``<cache_dir>/builds/<key of the options>``).
    work_dir: Path | None = None
    #: License in the dataset card (default: :func:`tooldial.dataset.card.default_license` of the corpus).
    license: str | None = None
    #: Prompt/layout profile of the task rows (:mod:`tooldial.tasks.prompts`); never shapes the dialogues.
    profile: Literal["original", "paper"] = DEFAULT_PROFILE


class StageTimes(BaseModel):
    #: Wall-clock seconds per stage.
    seconds: dict[str, float] = Field(default_factory=dict)
    #: CPU seconds of this process per stage (on a shared machine the more telling figure).
    cpu_seconds: dict[str, float] = Field(default_factory=dict)


class BuildResult(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    dataset: DatasetResult
    dialogues_path: Path | None
    times: StageTimes
    #: Generated dialogues the validator rejected (``dialogue_id: reason``).
    rejected: list[str] = Field(default_factory=list)
    #: Records that could not be read or converted (``location: reason``).
    skipped: list[str] = Field(default_factory=list)


@contextmanager
def _timed(times: StageTimes, stage: str) -> Iterator[None]:
    start, cpu = time.perf_counter(), time.process_time()
    try:
        yield
    finally:
        times.seconds[stage] = round(time.perf_counter() - start, 3)
        times.cpu_seconds[stage] = round(time.process_time() - cpu, 3)


# ----------------------------------------------------------------------------------------------------------------
# Stages


#: Options that never change an artefact (how long to wait, how many tries, the key): not part of the build key.
_UNKEYED_RENDERER_OPTIONS = frozenset({"api_key", "timeout", "max_retries", "max_concurrency", "progress"})
_UNKEYED_GRAPH_OPTIONS = frozenset({"llm_timeout", "llm_max_attempts", "llm_concurrency"})
#: Source folders and files whose code shapes the graph and the dialogues (their digest is part of the build key):
#: this module too, since it turns the options into the stage configs and filters what the validator rejects.
_CODE_PARTS = ("corpus", "graph", "dialogue", "rules", "knowledge", "tasks", "embedding.py", "llm.py", "registry.py",
               "dataset/pipeline.py", "data/graph_edge_model.json")
#: What in a folder of ``_CODE_PARTS`` shapes the output: code, and the knowledge packs and phrase books (data).
_CODE_SUFFIXES = frozenset({".py", ".yaml"})


def path_digest(path: str | Path) -> str:
    """sha256 of a file, or of a folder's files (relative names and contents), in a stable order."""
    path = Path(path)
    if path.is_file():
        return file_sha256(path)
    digest = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames.sort()
        for name in sorted(filenames):
            file = Path(dirpath, name)
            digest.update(f"{file.relative_to(path).as_posix()}\0{file_sha256(file)}\n".encode())
    return digest.hexdigest()


def corpus_digest(spec: str) -> str:
    """The content of a corpus spec: its files' sha256 (``builtin``: the embedded files)."""
    from tooldial.corpus.loaders import BUILTIN, builtin_dir

    path = builtin_dir() if spec == BUILTIN else Path(spec).expanduser()
    return path_digest(path) if path.exists() else f"missing:{spec}"


def code_digest() -> str:
    """sha256 of the library code that shapes graphs and dialogues, plus the prompt version."""
    from tooldial.tasks.prompts import PROMPT_VERSION

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"prompts={PROMPT_VERSION}\n".encode())
    for part in _CODE_PARTS:
        target = root / part
        files = [target] if target.is_file() else sorted(p for p in target.rglob("*") if p.suffix in _CODE_SUFFIXES)
        for file in files:
            digest.update(f"{file.relative_to(root).as_posix()}\0{file_sha256(file)}\n".encode())
    return digest.hexdigest()


def _options_key(options: BuildOptions) -> str:
    """Digest of everything that shapes the graph and the dialogues: contents, options, code and prompt versions.

    Paths count by what they hold, never by their name: a corpus replaced at the same path gets a new key.
    """
    generate = dict(options.generate_options)
    if isinstance(generate.get("renderer_options"), dict):  # an API key never shapes a cache key
        generate["renderer_options"] = {k: v for k, v in generate["renderer_options"].items()
                                        if k not in _UNKEYED_RENDERER_OPTIONS}
    key = {
        "corpus": corpus_digest(options.corpus),
        "graph": path_digest(options.graph) if options.graph else None,
        "graph_options": {k: v for k, v in options.graph_options.items() if k not in _UNKEYED_GRAPH_OPTIONS},
        "generate": {"n": options.n, "seed": options.seed, "renderer": options.renderer, **generate},
        "validate": options.validate_dialogues,
        "code": code_digest(),
    }
    return hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _line_count(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


def _reusable(dialogues_path: Path, done: Path, key: str) -> dict[str, Any] | None:
    """What ``dialogues.done`` recorded, when it belongs to ``key`` and the file still matches it."""
    if not (done.is_file() and dialogues_path.is_file()):
        return None
    try:
        finished = json.loads(done.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        logger.warning("%s: unreadable; generating the dialogues again", done)
        return None
    if not isinstance(finished, dict) or finished.get("key") != key:
        return None
    size, count = dialogues_path.stat().st_size, _line_count(dialogues_path)
    problem = None
    if count != finished.get("count"):
        problem = f"{count} dialogues, {finished.get('count')} recorded"
    elif size != finished.get("size"):
        problem = f"{size} bytes, {finished.get('size')} recorded"
    elif file_sha256(dialogues_path) != finished.get("sha256"):
        problem = "its sha256 differs from the recorded one"
    if problem:
        logger.warning("cached %s is damaged (%s); generating the dialogues again", dialogues_path, problem)
        return None
    return finished


def _work_dir(options: BuildOptions, key: str) -> Path:
    if options.work_dir is not None:
        return Path(options.work_dir)
    return Path(options.cache_dir) / "builds" / key


def _graph_config(options: BuildOptions):
    from tooldial.graph import GraphConfig

    try:
        return GraphConfig(cache_dir=options.cache_dir, progress=options.progress, **options.graph_options)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigError(err["msg"], field="graph option " + ".".join(str(p) for p in err["loc"])) from None


def _generate_config(options: BuildOptions):
    from tooldial.dialogue.generate import GenerateConfig

    fields = {"n": options.n, "seed": options.seed, **options.generate_options}
    if options.renderer:
        fields["renderer"] = options.renderer
    fields.setdefault("cache_dir", str(options.cache_dir))
    fields.setdefault("progress", options.progress)
    # one embedding model for the whole build unless the generation stage is given its own
    if "embedding_model" not in fields and "embedding_model" in options.graph_options:
        fields["embedding_model"] = options.graph_options["embedding_model"]
    try:
        return GenerateConfig(**fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigError(err["msg"], field="generate option " + ".".join(str(p) for p in err["loc"])) from None


def _validator(corpus: Any):
    """``record -> ["kind: problem", …]`` from the dialogue stage's validator (empty when valid)."""
    from tooldial.dialogue.validate import validate_record

    def problems(record: Any) -> list[str]:
        return [f"{kind}: {message}" for kind, message in validate_record(record, corpus=corpus).problems]

    return problems


def _validated(items: Iterator[SourceRecord], check: Any, rejected: list[str]) -> Iterator[SourceRecord]:
    """The items whose record passes ``check``; each rejected one is added to ``rejected`` (``id: reason``).

    Only records tooldial generated (``renderer`` set) are checked: the original release's records follow
    its own conventions (free-form sequence ids, extra user keys), which the validator does not know."""
    for item in items:
        if not isinstance(item.record, Exception) and item.record.renderer:
            problems = check(item.record)
            if problems:
                rejected.append(f"{item.record.dialogue_id}: {problems[0]}")
                continue
        yield item


@dataclass
class GeneratedDialogues:
    """What :func:`generate_dialogue_file` made: the file, the corpus, the settings the card shows, the
    dialogues the validator rejected (``dialogue_id: reason``), the stage times and the graph file used."""

    path: Path
    corpus: Any
    settings: dict[str, dict[str, Any]]
    rejected: list[str]
    times: StageTimes
    graph_path: Path


def _card_settings(options: BuildOptions, graph_config: Any, generate_config: Any) -> dict[str, dict[str, Any]]:
    """The graph and generation settings the dataset card shows."""
    graph_info = {
        "embedding_model": graph_config.embedding_model,
        "entity_text": graph_config.entity_text,
        "thresholds (lcs,kw,desc)": str(graph_config.effective_thresholds),
    }
    if options.graph:
        graph_info["graph file"] = str(options.graph)
    generation = {
        "n": generate_config.n,
        "seed": generate_config.seed,
        "renderer": generate_config.renderer,
        "retriever embedding_model": generate_config.embedding_model,
    }
    renderer_model = (generate_config.renderer_options or {}).get("model")
    if renderer_model:
        generation["renderer model"] = renderer_model
    if generate_config.llm_roles:
        generation["llm roles"] = ", ".join(generate_config.llm_roles)
    if generate_config.sequences:
        generation["sequences"] = ", ".join(generate_config.sequences)
    if generate_config.even_sequences:
        generation["even sequences"] = "yes (small pools repeated)"
    return {"graph": graph_info, "generation": generation}


def _write_dialogues(records: Any, partial: Path, check: Any, rejected: list[str],
                     times: StageTimes, parts: Counter | None = None) -> tuple[int, Counter]:
    """Write the dialogues that pass ``check`` to ``partial`` (the rest go to ``rejected`` with their reasons);
    returns how many were written and the messages per renderer (an LLM renderer falls back turn by turn).

    Generation and validation are timed apart: ``records`` is a lazy generator, so its time is what is left.
    """
    validation_seconds = validation_cpu = 0.0
    start, cpu = time.perf_counter(), time.process_time()
    count = 0
    written_by: Counter = Counter()
    with partial.open("w", encoding="utf-8") as f:
        for record in records:
            written_by.update(m for m in record.scenario.get("rendered_by") or [] if m != "fixed")
            if parts is not None:
                parts.update(model_part_counts(record.scenario.get("written_by")))
            if check is not None:
                t0, c0 = time.perf_counter(), time.process_time()
                problems = check(record)
                validation_seconds += time.perf_counter() - t0
                validation_cpu += time.process_time() - c0
                if problems:
                    rejected.append(f"{record.dialogue_id}: {'; '.join(problems)}")
                    continue
            f.write(record.model_dump_json() + "\n")
            count += 1
    times.seconds["dialogues"] = round(time.perf_counter() - start - validation_seconds, 3)
    times.seconds["validation"] = round(validation_seconds, 3)
    times.cpu_seconds["dialogues"] = round(time.process_time() - cpu - validation_cpu, 3)
    times.cpu_seconds["validation"] = round(validation_cpu, 3)
    return count, written_by


def model_part_counts(written_by: dict[str, Any] | None) -> Counter:
    """``role model`` / ``role template`` -> parts of one dialogue's ``scenario.written_by``."""
    out: Counter = Counter()
    for role, who in (written_by or {}).items():
        out.update(f"{role} {w}" for w in (who if isinstance(who, list) else [who]))
    return out


def model_part_shares(parts: Counter) -> str:
    """``goal 2/3 (66.7%), result 1/4 (25.0%)``: the parts the model wrote, per role."""
    roles = list(dict.fromkeys(k.rsplit(" ", 1)[0] for k in parts))
    return ", ".join(f"{r} {parts[f'{r} model']}/{parts[f'{r} model'] + parts[f'{r} template']} "
                     f"({parts[f'{r} model'] / max(1, parts[f'{r} model'] + parts[f'{r} template']):.1%})"
                     for r in roles)


def _mark_done(done: Path, dialogues_path: Path, key: str, count: int, rejected: list[str],
               messages_by_renderer: str, model_parts: str = "") -> None:
    """Record the finished ``dialogues.jsonl`` (count, size, sha256) atomically in ``dialogues.done``."""
    record = {"key": key, "count": count, "size": dialogues_path.stat().st_size,
              "sha256": file_sha256(dialogues_path), "rejected": rejected,
              "messages by renderer": messages_by_renderer,
              **({"model-written parts": model_parts} if model_parts else {})}
    done_partial = done.with_suffix(".done.partial")
    done_partial.write_text(json.dumps(record) + "\n", encoding="utf-8")
    done_partial.replace(done)


def generate_dialogue_file(options: BuildOptions, times: StageTimes | None = None) -> GeneratedDialogues:
    """Run corpus → graph → dialogues → validation into the work dir (times added to ``times`` when given).

    A finished run (``dialogues.done``) is reused as is.
    """
    from tooldial.corpus import load_corpus
    from tooldial.corpus.functions import check_loaded

    times = StageTimes() if times is None else times
    rejected: list[str] = []

    key = _options_key(options)
    work = _work_dir(options, key)
    graph_path = Path(options.graph) if options.graph else work / "graph.json"
    work.mkdir(parents=True, exist_ok=True)
    dialogues_path = work / "dialogues.jsonl"
    done = work / "dialogues.done"
    with _timed(times, "corpus"):
        corpus = check_loaded(load_corpus(options.corpus, progress=options.progress))
    graph_config = _graph_config(options)
    generate_config = _generate_config(options)
    settings = _card_settings(options, graph_config, generate_config)
    generation = settings["generation"]
    finished = _reusable(dialogues_path, done, key)
    if finished is not None:
        rejected.extend(finished.get("rejected", []))
        if finished.get("messages by renderer"):
            generation["messages by renderer"] = finished["messages by renderer"]
        if finished.get("model-written parts"):
            generation["model-written parts"] = finished["model-written parts"]
        return GeneratedDialogues(dialogues_path, corpus, settings, rejected, times, graph_path)
    done.unlink(missing_ok=True)
    faults.checkpoint("corpus")
    from tooldial.dialogue.generate import generate_dialogues
    from tooldial.graph import build_graph, load_graph, save_graph

    with _timed(times, "graph"):
        if options.graph:
            graph = load_graph(options.graph)
        else:
            graph = build_graph(corpus, graph_config)
            save_graph(graph, graph_path)
    faults.checkpoint("graph")
    check = _validator(corpus) if options.validate_dialogues else None
    partial = dialogues_path.with_suffix(".jsonl.partial")
    from tooldial.dialogue.generate import make_renderer

    renderer = make_renderer(generate_config)
    records = generate_dialogues(corpus, graph, generate_config, renderer=renderer)
    parts: Counter = Counter()
    count, written_by = _write_dialogues(records, partial, check, rejected, times, parts)
    _check_renderer_failures(renderer, options.max_failure_rate, partial)
    partial.replace(dialogues_path)
    if written_by:
        total = sum(written_by.values())
        generation["messages by renderer"] = ", ".join(f"{name} {n / total:.1%}"
                                                        for name, n in written_by.most_common())
    if parts:
        generation["model-written parts"] = model_part_shares(parts)
    _mark_done(done, dialogues_path, key, count, rejected, generation.get("messages by renderer", ""),
               generation.get("model-written parts", ""))
    faults.checkpoint("dialogues")
    return GeneratedDialogues(dialogues_path, corpus, settings, rejected, times, graph_path)


class FailureRateError(TooldialError):
    """More of an LLM stage's requests failed than ``max_failure_rate`` allows (the CLI exits 1)."""

    def __init__(self, message: str, reasons: dict[str, int]) -> None:
        super().__init__(message, field="--max-failure-rate")
        self.reasons = reasons


def _check_renderer_failures(renderer: Any, max_rate: float, partial: Path) -> None:
    """Refuse to cache dialogues whose LLM renderer could not be reached for too many requests.

    The template fallback writes the turns of failed requests, so the file looks complete; cached, it would be
    reused after the server is back. Over the threshold nothing is cached and the build stops.
    """
    stats = getattr(getattr(renderer, "client", None), "stats", None)
    if stats is None or not stats.errors or stats.failure_rate <= max_rate:
        return
    partial.unlink(missing_ok=True)
    asked = stats.sent + stats.cache_hits
    raise FailureRateError(f"{stats.errors} of {asked} renderer requests failed ({100 * stats.failure_rate:.1f}% > "
                           f"{100 * max_rate:g}%); nothing was cached, rerun when the server answers",
                           dict(stats.failures))


def build_dataset(options: BuildOptions, out_dir: str | Path, *, overwrite: bool = False) -> BuildResult:
    """The whole build; see the module docstring.

    ``out_dir`` is checked and locked before any work (:class:`~tooldial.dataset.output.OutputDir`);
    ``overwrite`` replaces a dataset tooldial built there before.
    """
    check_output(out_dir, overwrite=overwrite)
    with OutputDir(out_dir, overwrite=overwrite) as target:
        try:
            return _build(options, target)
        except OSError as exc:  # a full disk while writing the version (pyarrow names no file): one line, exit 1
            if exc.errno not in ENVIRONMENT_ERRNOS:
                raise
            raise os_error(exc, exc.filename or out_dir, None if exc.filename else "--out") from None


def _build(options: BuildOptions, target: OutputDir) -> BuildResult:
    times = StageTimes()
    rejected: list[str] = []
    skipped: list[str] = []
    corpus = None
    from tooldial.dataset.card import default_license

    if options.dialogues:
        paths = [Path(p) for p in options.dialogues]
        corpus_spec = options.corpus if options.corpus and options.corpus != "none" else None
        info = BuildInfo(source="dialogues", inputs=[p.name for p in paths], split=options.split.model_dump(mode="json"),
                         license=options.license or default_license(corpus_spec), profile=options.profile)
        dialogues_path = None
        if options.corpus and options.corpus != "none":
            from tooldial.corpus import load_corpus
            from tooldial.corpus.functions import check_loaded

            with _timed(times, "corpus"):
                corpus = check_loaded(load_corpus(options.corpus, progress=options.progress))
            info.corpus = options.corpus
            info.corpus_sha256 = corpus_digest(options.corpus)
    else:
        generated = generate_dialogue_file(options, times)
        dialogues_path, corpus, settings, rejected = (generated.path, generated.corpus, generated.settings,
                                                      generated.rejected)
        paths = [dialogues_path]
        info = BuildInfo(source="generated", corpus=options.corpus, graph=settings["graph"],
                         generation=settings["generation"], split=options.split.model_dump(mode="json"),
                         license=options.license or default_license(options.corpus), profile=options.profile)
        info.corpus_sha256 = corpus_digest(options.corpus)
        info.graph_sha256 = path_digest(generated.graph_path) if generated.graph_path.is_file() else None

    with _timed(times, "split"):
        source = DialogueFiles(paths, options.split)
    items: Iterator[SourceRecord] = iter(source)
    if options.dialogues and options.validate_dialogues:  # given files pass the same validator as generated ones
        items = _validated(items, _validator(corpus), rejected)

    with _timed(times, "dataset"):
        dataset = write_dataset(
            items, target, info=info, corpus=corpus, num_proc=options.num_proc, progress=options.progress,
            total=source.total, on_error=lambda location, exc: skipped.append(f"{location}: {exc}"),
        )
    return BuildResult(dataset=dataset, dialogues_path=dialogues_path, times=times, rejected=rejected,
                       skipped=skipped)
