"""Arazzo workflows → :class:`~tooldial.corpus.models.DocumentedLink`: chains a workflow document declares between
the operations of the OpenAPI documents it names (issue 27: documented chains are edges).

An Arazzo 1.x document (top-level ``arazzo: 1.0.1``) lists its ``sourceDescriptions`` (OpenAPI documents by
``url``) and ``workflows`` of ``steps``. A step calls one operation (``operationId``, possibly qualified as
``$sourceDescriptions.<name>.<operationId>``, or ``operationPath`` ``{$sourceDescriptions.<name>.url}#/paths/
~1pets~1{petId}/get``), names its ``outputs`` (``petId: $response.body#/id``) and passes ``parameters`` whose
``value`` may be an earlier step's output (``$steps.findPet.outputs.petId``). Each such parameter is a chain: the
earlier step's operation's output at that body pointer → this step's operation's parameter, kept when the
pointer is an output of the source and the parameter a required input of the target (as for OpenAPI ``links``:
:mod:`tooldial.corpus.openapi_links`). Workflow inputs (``$inputs.*``), headers, the whole body, request bodies
and constants are no output of a step and give no chain. A step naming an operation that no loaded document
has, or a chain between two documents (two tools), is reported (file, workflow, step, field) and left out.

Loaded with the corpus: in a corpus directory, an Arazzo file's chains join the OpenAPI tools of the directory
whose operations it names; given as the corpus itself, its source descriptions are loaded from their local
paths, relative to the Arazzo file (nothing is fetched).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from tooldial.corpus.models import DocumentedLink, OutputComponent, Tool
from tooldial.corpus.schema import as_dict
from tooldial.errors import CorpusError

_STEP_OUTPUT = re.compile(r"^\{?\$steps\.([^.\s}]+)\.outputs\.([^\s}]+?)\}?$")
_BODY = re.compile(r"^\$response\.body#(/.*)$")
_QUALIFIED = re.compile(r"^\$sourceDescriptions\.([^.]+)\.(.+)$")
_PATH = re.compile(r"^\{?\$sourceDescriptions\.([^.}]+)\.url\}?#/paths/(.+)$")


def is_arazzo(doc: Any) -> bool:
    return isinstance(doc, dict) and str(doc.get("arazzo", "")).startswith("1.")


@dataclass(frozen=True)
class Workflows:
    """One Arazzo document as loaded: the document, where it was read (shown in messages), and its source
    descriptions (name → url)."""

    doc: dict
    file: str

    @property
    def sources(self) -> dict[str, str]:
        return {str(s.get("name")): str(s.get("url", "")) for s in self.doc.get("sourceDescriptions") or []
                if isinstance(s, dict) and s.get("name")}

    def openapi_urls(self) -> list[str]:
        """The urls of the OpenAPI source descriptions (the files to load when the document is the corpus)."""
        return [str(s.get("url")) for s in self.doc.get("sourceDescriptions") or []
                if isinstance(s, dict) and s.get("url") and s.get("type", "openapi") == "openapi"]


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


def _operation(step: dict, sources: dict[str, str], tools: list[tuple[Tool, str]]
               ) -> tuple[int, str] | str:
    """``(index of the tool, API name)`` of the operation a step calls, or why it names none."""
    def in_file(url: str) -> list[int]:
        name = PurePosixPath(url).name
        return [i for i, (_, where) in enumerate(tools) if name and PurePosixPath(where).name == name]

    op_id, op_path = step.get("operationId"), step.get("operationPath")
    if isinstance(op_id, str):
        m = _QUALIFIED.match(op_id)
        key, scope = (m.group(2), in_file(sources.get(m.group(1), ""))) if m else (op_id, list(range(len(tools))))
        what = f"operationId {op_id!r}"
    elif isinstance(op_path, str) and (m := _PATH.match(op_path)):
        parts = [_unescape(p) for p in m.group(2).split("/")]
        key, scope = f"{parts[-1].lower()} {'/'.join(parts[:-1])}", in_file(sources.get(m.group(1), ""))
        what = f"operationPath {op_path!r}"
    else:
        return "the step names no operationId or operationPath of a source description"
    found = [(i, name) for i in scope for k, name in tools[i][0].operations if k == key]
    if len(found) == 1:
        return found[0]
    return f"{what} is {'in several documents' if found else 'in no loaded OpenAPI document'}"


def workflow_links(workflows: Workflows, tools: list[tuple[Tool, str]],
                   report: Callable[[CorpusError], None]) -> dict[int, list[DocumentedLink]]:
    """Tool index → the chains the document's steps declare inside that tool (see the module docstring)."""
    out: dict[int, list[DocumentedLink]] = {}
    sources = workflows.sources
    for w, flow in enumerate(workflows.doc.get("workflows") or []):
        flow = as_dict(flow)
        name = str(flow.get("workflowId") or f"workflows[{w}]")
        steps = [as_dict(s) for s in flow.get("steps") or []]
        calls: dict[str, tuple[int, str] | str] = {}
        for s, step in enumerate(steps):
            step_id = str(step.get("stepId") or f"steps[{s}]")
            record = f"workflow {name!r} step {step_id!r}"
            field = f"workflows[{w}].steps[{s}]"
            calls[step_id] = _operation(step, sources, tools)
            if isinstance(calls[step_id], str):
                report(CorpusError(str(calls[step_id]), file=workflows.file, record=record, field=field))
                continue
            target_tool, target_name = calls[step_id]
            target = next(a for a in tools[target_tool][0].apis if a.name == target_name)
            required = {p.name for p in target.required_parameters}
            for k, param in enumerate(step.get("parameters") or []):
                param = as_dict(param)
                m = _STEP_OUTPUT.match(str(param.get("value", "")).strip())
                if not m or m.group(1) not in calls:
                    continue  # $inputs.*, a constant, or a later / unknown step
                where = f"{field}.parameters[{k}]"
                source = calls[m.group(1)]
                source_step = next((x for x in steps if x.get("stepId") == m.group(1)), {})
                expression = str(as_dict(source_step.get("outputs")).get(m.group(2), ""))
                body = _BODY.match(expression.strip())
                if isinstance(source, str) or not body:
                    continue  # the source step was reported; a header or the whole body is no output leaf
                path = tuple(_unescape(p) for p in body.group(1).split("/") if p and not p.isdigit())
                source_tool, source_name = source
                source_api = next(a for a in tools[source_tool][0].apis if a.name == source_name)
                key = OutputComponent(path=path).key if path else ""
                if source_tool != target_tool:
                    problem = f"{source_name!r} and {target_name!r} are in two documents: no chain inside one tool"
                elif str(param.get("name")) not in required or source_api.output(key) is None:
                    problem = (f"{expression!r} -> {param.get('name')!r} names no output of {source_name!r} or no "
                               f"required parameter of {target_name!r}")
                else:
                    out.setdefault(target_tool, []).append(DocumentedLink(
                        name=f"{name}.{step_id}", source=source_name, source_output=key, target=target_name,
                        target_input=str(param["name"])))
                    continue
                report(CorpusError(problem, file=workflows.file, record=record, field=where))
    return out


def with_workflow_links(tools: list[tuple[Tool, str]], documents: Iterable[Workflows],
                        report: Callable[[CorpusError], None]) -> list[tuple[Tool, str]]:
    """``tools`` with the chains of every Arazzo document added to the links of the tool they are in."""
    added: dict[int, list[DocumentedLink]] = {}
    for doc in documents:
        for i, links in workflow_links(doc, tools, report).items():
            added.setdefault(i, []).extend(links)
    out = list(tools)
    for i, links in added.items():
        tool, where = out[i]
        merged = sorted(set(tool.links) | set(links), key=lambda x: (x.source, x.target, x.source_output,
                                                                     x.target_input, x.name))
        out[i] = (tool.model_copy(update={"links": tuple(merged)}), where)
    return out
