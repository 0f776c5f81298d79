"""``load_corpus(spec)``: one corpus spec string, used by every command's ``--corpus``, → :class:`Corpus`.

Specs:

- ``builtin`` — the corpus embedded in the package (``tooldial/data/builtin/<Category>/<tool>.json``);
- a directory — ToolBench / StableToolBench ``<dir>/<Category>/<tool>.json`` files (the category is the
  file's ``category`` / ``category_name`` key, else its folder's name), and/or OpenAPI documents;
- a ``.json`` file — a list of tool objects, one tool object, or an OpenAPI document;
- a ``.jsonl`` / ``.jsonl.gz`` file — one tool object per line;
- a ``.yaml`` / ``.yml`` file — an OpenAPI 3.0 / 3.1 document (recognised by its ``openapi`` key);
- an Arazzo 1.x workflow document (``arazzo`` key; :mod:`tooldial.corpus.arazzo`): as the corpus, its OpenAPI
  source descriptions are read from beside it; in a directory, its chains join the directory's OpenAPI tools.

Lenient by default: a broken file, line or API is left out and recorded in ``Corpus.skipped`` (location and
reason), the rest loads. ``strict=True`` raises the first problem as a :class:`~tooldial.errors.CorpusError`.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from importlib import resources
from pathlib import Path
from typing import Any

from tooldial.corpus.arazzo import Workflows, is_arazzo, with_workflow_links
from tooldial.corpus.functions import KNOWN_FORMATS, is_function_list, parse_functions
from tooldial.corpus.models import Corpus, SkippedRecord, Tool
from tooldial.corpus.openapi import is_openapi, parse_openapi
from tooldial.corpus.providers import EMBEDDED, one_file_provider
from tooldial.corpus.toolbench import parse_tool, type_name
from tooldial.errors import CorpusError
from tooldial.jsonfile import loads as loads_json

BUILTIN = "builtin"
BUILTIN_PROVIDER = "tooldial-builtin"
TOOL_SUFFIXES = (".json", ".jsonl", ".jsonl.gz", ".yaml", ".yml")


class ProblemLog:
    """Collects what a lenient load skips; in strict mode the first problem is raised instead."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.skipped: list[SkippedRecord] = []

    def __call__(self, error: CorpusError) -> None:
        if self.strict:
            raise error
        where = ": ".join(p for p in (error.file, error.record, error.field) if p)
        self.skipped.append(SkippedRecord(location=where, reason=error.problem))


def builtin_dir() -> Path:
    """The embedded corpus directory inside the installed package."""
    return Path(str(resources.files("tooldial") / "data" / "builtin"))


def load_corpus(spec: str = BUILTIN, *, strict: bool = False, progress: bool = False,
                implied_outputs: bool = True) -> Corpus:
    """Load the corpus named by ``spec`` (see the module docstring). ``implied_outputs``: give undocumented APIs
    the id outputs their names imply (:mod:`tooldial.corpus.implied_outputs`)."""
    log = ProblemLog(strict)
    spec = str(spec)
    if spec == BUILTIN:
        root = builtin_dir()
        if not root.is_dir():
            raise CorpusError("the embedded corpus is missing from this installation", file=str(root))
        # The embedded corpus is one fictional ecosystem whose tools share id spaces by design (the city ids
        # of geo_locator are what every city search takes), so its tools have one provider.
        tools = [(t.model_copy(update={"provider": t.provider or BUILTIN_PROVIDER,
                                       "provider_rule": t.provider_rule if t.provider else EMBEDDED}), where)
                 for t, where in _load_directory(root, log, progress, display=f"{BUILTIN}:")]
    else:
        path = Path(spec).expanduser()
        workflows: list[Workflows] = []
        if path.is_dir():
            tools = _load_directory(path, log, progress, display=None, workflows=workflows)
        elif path.is_file():
            tools = _load_file(path, log, progress, display=str(spec), folder_category=None, workflows=workflows)
            tools += _workflow_sources(path, workflows, log)
        else:
            raise CorpusError(
                "no such corpus: expected 'builtin', a directory, a .json / .jsonl / .jsonl.gz file of "
                "ToolBench tools, an OpenAPI .yaml / .json file or an Arazzo workflow file",
                file=spec,
            )
        if workflows:
            tools = with_workflow_links(tools, workflows, log)
    unique = _unique(tools, log)
    if implied_outputs:
        from tooldial.corpus.implied_outputs import add_implied_outputs

        unique = add_implied_outputs(unique)
    return Corpus(spec=spec, tools=unique, skipped=log.skipped)


def _unique(tools: Iterable[tuple[Tool, str]], log: ProblemLog) -> list[Tool]:
    """Drop a tool whose ``Category|tool`` repeats one already loaded (ids must be unique)."""
    first: dict[tuple[str, str], str] = {}
    out: list[Tool] = []
    for tool, where in tools:
        key = (tool.category, tool.name)
        if key in first:
            log(CorpusError(f"duplicate tool {tool.category}|{tool.name} (first loaded from {first[key]})",
                            file=where, field="tool_name"))
            continue
        first[key] = where
        out.append(tool)
    return out


def _workflow_sources(path: Path, workflows: list[Workflows], log: ProblemLog) -> list[tuple[Tool, str]]:
    """The OpenAPI documents an Arazzo file given as the corpus names, read from their paths relative to it;
    a source that is not a local file is reported (nothing is fetched)."""
    tools: list[tuple[Tool, str]] = []
    for flow in workflows:
        for i, url in enumerate(flow.openapi_urls()):
            source = path.parent / url
            if "://" in url or not source.is_file():
                log(CorpusError(f"source description {url!r} is no local file beside the workflow document "
                                "(nothing is fetched)", file=flow.file, field=f"sourceDescriptions[{i}].url"))
                continue
            tools += _load_file(source, log, False, display=str(source), folder_category=None)
    return tools


def _display(path: Path, root: Path, prefix: str | None) -> str:
    if prefix is None:
        return str(path)
    return prefix + path.relative_to(root).as_posix()


def _load_directory(root: Path, log: ProblemLog, progress: bool, display: str | None,
                    workflows: list[Workflows] | None = None) -> list[tuple[Tool, str]]:
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.name.endswith(TOOL_SUFFIXES)
                   and not any(part.startswith(".") for part in p.relative_to(root).parts))
    if not files:
        raise CorpusError("no tool files (.json, .jsonl, .jsonl.gz, .yaml) in this directory", file=str(root))
    files_iter: Iterable[Path] = files
    if progress:
        from tqdm.auto import tqdm

        files_iter = tqdm(files, desc="loading corpus", unit="file")
    tools: list[tuple[Tool, str]] = []
    for path in files_iter:
        rel = path.relative_to(root).parts
        folder = rel[-2] if len(rel) >= 2 else None  # <dir>/<Category>/<tool>.json
        tools.extend(_load_file(path, log, False, display=_display(path, root, display), folder_category=folder,
                                workflows=workflows))
    return tools


def _read_text(path: Path, shown: str) -> str:
    try:
        if path.name.endswith(".gz"):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                return fh.read()
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise CorpusError(f"cannot read: {exc}", file=shown) from None


def _json_error(exc: json.JSONDecodeError) -> str:
    return f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"


def _load_file(path: Path, log: ProblemLog, progress: bool, display: str,
               folder_category: str | None, workflows: list[Workflows] | None = None) -> list[tuple[Tool, str]]:
    """Tools of one file; a file that cannot be read at all is reported and yields nothing. An Arazzo document
    yields no tool: it goes to ``workflows`` (its chains join the tools once all are loaded)."""
    try:
        if path.name.endswith((".jsonl", ".jsonl.gz")):
            return list(_load_jsonl(path, log, progress, display))
        text = _read_text(path, display)
        if path.suffix in (".yaml", ".yml"):
            doc = _load_yaml(text, display)
            if is_arazzo(doc) and workflows is not None:
                workflows.append(Workflows(doc, display))
                return []
            if is_function_list(doc):
                return [(t, display) for t in parse_functions(doc, file=display, report=log)]
            if not is_openapi(doc):
                raise CorpusError(_not_openapi(doc), file=display)
            return [(t, display) for t in parse_openapi(doc, file=display, report=log)]
        try:
            doc = loads_json(text)
        except json.JSONDecodeError as exc:
            raise CorpusError(_json_error(exc), file=display) from None
        if is_arazzo(doc) and workflows is not None:
            workflows.append(Workflows(doc, display))
            return []
        return list(_tools_of_document(doc, log, display, folder_category))
    except CorpusError as exc:
        log(exc)
        return []


def _not_openapi(doc: Any) -> str:
    if isinstance(doc, dict) and "swagger" in doc:
        return "Swagger 2.0 documents are not supported; convert to OpenAPI 3 (e.g. with swagger2openapi)"
    return "not an OpenAPI 3 document (no top-level 'openapi' key)"


def _yaml_loader() -> type:
    """A safe YAML loader with YAML 1.2 scalars, as OpenAPI 3.1 requires.

    PyYAML implements YAML 1.1, which reads ``18:00`` as the integer 1080, ``NO`` / ``on`` as booleans,
    ``010`` as octal 8 and ``2024-01-01`` as a ``date``: wrong (or not JSON) for example values such as
    opening hours, country codes, zip codes and dates. Numbers with a leading zero stay strings.
    """
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    dropped = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
               "tag:yaml.org,2002:timestamp"}  # dates stay strings, as in JSON

    class Yaml12Loader(base):  # type: ignore[misc, valid-type]
        pass

    Yaml12Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in dropped]
        for first, resolvers in base.yaml_implicit_resolvers.items()
    }
    Yaml12Loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    Yaml12Loader.add_implicit_resolver(
        "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$|^0x[0-9a-fA-F]+$"), list("-+0123456789"))
    Yaml12Loader.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?$|^[-+]?[0-9]+[eE][-+]?[0-9]+$"
                   r"|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$"),
        list("-+0123456789."))
    return Yaml12Loader


def _load_yaml(text: str, shown: str) -> Any:
    """The document, through the guard every YAML read shares (:mod:`tooldial.safe_yaml`: an alias bomb is one
    skipped file, not a hang)."""
    from tooldial.safe_yaml import load_yaml_text

    return load_yaml_text(text, source=shown, loader=_yaml_loader(), error=CorpusError)


def _tools_of_document(doc: Any, log: ProblemLog, shown: str,
                       folder_category: str | None) -> Iterator[tuple[Tool, str]]:
    if is_openapi(doc):
        for tool in parse_openapi(doc, file=shown, report=log):
            yield tool, shown
        return
    if isinstance(doc, dict) and "swagger" in doc and "paths" in doc:
        raise CorpusError(_not_openapi(doc), file=shown)
    if is_function_list(doc):
        for tool in parse_functions(doc, file=shown, report=log):
            yield tool, shown
        return
    if not _toolbench_like(doc):
        raise CorpusError(f"matches no known format (tried: {'; '.join(KNOWN_FORMATS)})", file=shown)
    if isinstance(doc, dict):
        yield parse_tool(doc, file=shown, category=folder_category, report=log), shown
        return
    if not isinstance(doc, list):
        raise CorpusError(f"expected a tool object or a list of them, got {type_name(doc)}", file=shown)
    tools: list[Tool] = []
    for i, obj in enumerate(doc):
        try:
            tools.append(parse_tool(obj, file=shown, record=f"[{i}]", category=folder_category, report=log))
        except CorpusError as exc:
            log(exc)
    for tool in one_file_provider(tools, shown):  # a list of one category's tools is one system
        yield tool, shown


def _load_jsonl(path: Path, log: ProblemLog, progress: bool, shown: str) -> Iterator[tuple[Tool, str]]:
    """One tool per line. A line that is not UTF-8 or not JSON costs that line only; a truncated or corrupt gzip
    keeps the lines read before the damage (a skipped record says where it stopped; ``strict`` raises)."""
    for lineno, raw in _binary_lines(path, shown, progress, log):
        if not raw.strip():
            continue
        where = f"{shown}:{lineno}"
        try:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise CorpusError(f"not UTF-8 text (byte {exc.start}: 0x{raw[exc.start]:02x})", file=shown,
                                  record=f"line {lineno}") from None
            try:
                obj = loads_json(line)
            except json.JSONDecodeError as exc:
                raise CorpusError(f"malformed JSON at column {exc.colno}: {exc.msg}", file=shown,
                                  record=f"line {lineno}") from None
            yield parse_tool(obj, file=shown, record=f"line {lineno}", report=log), where
        except CorpusError as exc:
            log(exc)


def _toolbench_like(doc: Any) -> bool:
    """A tool object, or a list with at least one (its broken neighbours are skipped one by one)."""
    def tool(obj: Any) -> bool:
        return isinstance(obj, dict) and any(k in obj for k in ("api_list", "tool_name", "standardized_name"))
    if isinstance(doc, list):  # a list of non-objects keeps its per-record errors ("expected a tool object")
        return bool(doc) and (any(tool(o) for o in doc) or not all(isinstance(o, dict) for o in doc))
    return tool(doc) or not isinstance(doc, dict)


def _binary_lines(path: Path, shown: str, progress: bool, log: ProblemLog) -> Iterator[tuple[int, bytes]]:
    """``(line number, bytes)`` of a ``.jsonl`` / ``.jsonl.gz`` file, up to the first read error (logged)."""
    with ExitStack() as stack:
        try:
            if path.name.endswith(".gz"):
                fh = stack.enter_context(gzip.open(path, "rb"))
            else:
                fh = stack.enter_context(path.open("rb"))
        except OSError as exc:
            raise CorpusError(f"cannot read: {exc}", file=shown) from None
        lines: Iterable[bytes] = fh
        if progress:
            from tqdm.auto import tqdm

            lines = tqdm(fh, desc="loading corpus", unit="tool")
        lineno = 0
        try:
            for lineno, raw in enumerate(lines, start=1):  # noqa: B007 (used after the loop on error)
                yield lineno, raw
        except (OSError, EOFError, zlib.error) as exc:  # gzip.BadGzipFile is an OSError
            detail = "the compressed stream ends early (truncated)" if isinstance(exc, EOFError) else str(exc)
            log(CorpusError(f"cannot read after line {lineno}: {detail}; the {lineno} line(s) before are kept",
                            file=shown))
