"""Reading user files as text and JSON (a binary file or JSON nested too deep is a one-line error, not a
traceback); writing a JSON file atomically.

:func:`read_text` names the file and the first byte that is not UTF-8; :func:`loads` turns the parser's
``RecursionError`` on deeply nested input (``[[[[…`` a hundred thousand levels) into a
:class:`JSONTooDeepError`, a ``json.JSONDecodeError``, so every reader's existing JSON error path reports it
with its file and record — and a directory load skips that file instead of aborting. :func:`write_json` writes
run files (``results.json`` of ``eval`` and ``simulate``) through a temporary file, with credentials taken out of
every URL in them (:mod:`tooldial.redact`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tooldial.errors import TooldialError


class JSONTooDeepError(json.JSONDecodeError):
    """JSON nested deeper than the parser can follow (the interpreter's recursion limit, ~1000 levels)."""


def loads(text: str | bytes) -> Any:
    """``json.loads`` whose only failure is ``json.JSONDecodeError`` (:class:`JSONTooDeepError` included)."""
    try:
        return json.loads(text)
    except RecursionError:
        doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
        raise JSONTooDeepError("nested too deeply (more levels than the JSON parser follows)", doc, 0) from None


def not_text_error(path: str | Path, exc: UnicodeDecodeError) -> TooldialError:
    """The one-line error for a file that is not UTF-8 text."""
    return TooldialError(f"not UTF-8 text (byte {exc.start}: 0x{exc.object[exc.start]:02x}); is it a binary file?",
                         file=str(path))


def read_text(path: str | Path) -> str:
    """The file's text (UTF-8); a binary file raises :class:`TooldialError` naming it."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise not_text_error(path, exc) from None


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented JSON through ``<name>.tmp`` (a crash never leaves half a file), URLs redacted."""
    from tooldial.outputs import write_text
    from tooldial.redact import redact_data

    write_text(path, json.dumps(redact_data(data), indent=2, ensure_ascii=False, default=str) + "\n")
