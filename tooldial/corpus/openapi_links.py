"""OpenAPI ``links`` → :class:`~tooldial.corpus.models.DocumentedLink`: the chains a spec declares itself.

A link on an operation's success response names the next operation (``operationId``, or ``operationRef`` as a
local JSON pointer ``#/paths/~1users~1{id}/get``) and, per parameter of it, a runtime expression. Only
``$response.body#/<pointer>`` expressions are an output feeding an input: the pointer is the output component's
path (array indices dropped: arrays are transparent, as in the output components), and the parameter (``username``
or ``path.username``) must be a required parameter of the target. ``$request.*`` (the source's own input passed
on), ``$response.header.*``, constants and ``requestBody`` are not an output of the source and give no link.

A link to an operation that is not in the document, or to a parameter or output the document does not have, is a
documentation error: it is reported (file, operation, field) and left out.
"""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Api, DocumentedLink, OutputComponent
from tooldial.corpus.schema import as_dict
from tooldial.corpus.toolbench import Report, clean_name
from tooldial.errors import CorpusError

_BODY = re.compile(r"^\$response\.body#(/.*)?$")
_LOCATIONS = ("path.", "query.", "header.", "cookie.")


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


def success_response_links(resolver: Any, base: str, op: dict) -> tuple[str, dict]:
    """``(field, links)`` of the response the outputs were read from (first 2xx, else ``default``)."""
    responses = op.get("responses")
    if not isinstance(responses, dict):
        return "", {}
    codes = sorted((c for c in responses if str(c).startswith("2")), key=lambda c: str(c).upper().replace("X", "9"))
    code = codes[0] if codes else ("default" if "default" in responses else None)
    if code is None:
        return "", {}
    field = f"{base}.responses.{code}"
    response = resolver.deref(responses[code], field)
    return f"{field}.links", as_dict(as_dict(response).get("links"))


def raw_links(resolver: Any, source: str, base: str, op: dict) -> list[tuple[str, str, dict]]:
    """``(field, name, link object)`` of one operation, ``$ref`` s resolved."""
    field, links = success_response_links(resolver, base, op)
    return [(f"{field}.{name}", str(name), as_dict(resolver.deref(link, f"{field}.{name}")))
            for name, link in links.items()]


def _target_name(link: dict, operations: dict[tuple[str, str], str], ids: dict[str, str]) -> str | None:
    op_id = link.get("operationId")
    if isinstance(op_id, str):
        return ids.get(op_id)
    ref = link.get("operationRef")
    if isinstance(ref, str) and ref.startswith("#/paths/"):
        parts = [_unescape(p) for p in ref.removeprefix("#/paths/").split("/")]
        if len(parts) >= 2:
            return operations.get(("/".join(parts[:-1]) if len(parts) > 2 else parts[0], parts[-1].lower()))
    return None


def _output_key(expression: str) -> tuple[str, ...] | None:
    m = _BODY.match(expression.strip())
    if not m:
        return None
    return tuple(_unescape(p) for p in (m.group(1) or "").split("/") if p and not p.isdigit())


def resolve_links(pending: list[tuple[str, str, str, dict]], apis: list[Api], operations: dict[tuple[str, str], str],
                  ids: dict[str, str], *, file: str, report: Report) -> tuple[DocumentedLink, ...]:
    """Links of a document once all its APIs are known. ``pending``: ``(source API name, field, link name,
    link object)``; ``operations``: ``(path, method)`` → API name; ``ids``: ``operationId`` → API name."""
    by_name = {a.name: a for a in apis}
    out: list[DocumentedLink] = []
    for source_name, field, name, link in pending:
        source = by_name.get(source_name)
        if source is None:
            continue
        target_name = _target_name(link, operations, ids)
        target = by_name.get(target_name or "")
        if target is None:
            what = link.get("operationId") or link.get("operationRef")
            report(CorpusError(f"link {name!r} names no operation of this document ({what!r})", file=file,
                               record=f"operation {source_name!r}", field=field))
            continue
        required = {p.name for p in target.required_parameters}
        for param, expression in as_dict(link.get("parameters")).items():
            if not isinstance(expression, str) or (path := _output_key(expression)) is None:
                continue  # $request.*, headers, constants: no output of the source
            pname = str(param)
            for loc in _LOCATIONS:
                pname = pname.removeprefix(loc)
            key = "|".join(path) if path else ""
            if pname not in required or not path or source.output(key) is None:
                report(CorpusError(f"link {name!r}: {expression!r} -> {param!r} names no output of "
                                   f"{source_name!r} or no required parameter of {target.name!r}", file=file,
                                   record=f"operation {source_name!r}", field=f"{field}.parameters.{param}"))
                continue
            out.append(DocumentedLink(name=name, source=source.name, source_output=OutputComponent(path=path).key,
                                      target=target.name, target_input=pname))
    return tuple(sorted(set(out), key=lambda x: (x.source, x.target, x.source_output, x.target_input, x.name)))


def operation_key(path: str, method: str) -> tuple[str, str]:
    return (str(path), method.lower())


def api_name_of(op: dict, path: str, method: str) -> str:
    """The API name :mod:`tooldial.corpus.openapi` gives an operation (before a duplicate is renamed)."""
    name = op.get("operationId") if isinstance(op.get("operationId"), str) else None
    return clean_name(name or f"{method.upper()} {path}")
