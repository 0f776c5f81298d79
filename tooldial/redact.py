"""Credentials out of every URL tooldial logs, records or reports.

``--base-url http://alice:s3cr3t@host/v1?api_key=…`` is a common way to reach a gateway; the URL itself then
carries a secret. :func:`redact_url` removes the userinfo (``alice:s3cr3t@``) and replaces the value of every
query parameter whose name looks like a credential (``key``, ``token``, ``secret``, ``password``, ``sig``, …)
with ``REDACTED``. :func:`redact_text` does the same for every URL inside a free text (an error message, a log
line); :func:`redact_data` for every string in a JSON-like value. The redacted base URL is also what names a
server in cache keys: the same server under another password is the same server.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDACTED = "REDACTED"
#: A query parameter whose name contains one of these words carries a credential.
_SECRET_PARAM = re.compile(r"key|token|secret|passw|pwd|auth|sig|credential|session|cookie", re.IGNORECASE)
#: A URL inside free text: a scheme, ``//``, and everything up to whitespace or a closing quote/bracket.
_URL_IN_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>()\[\]{}`]+")


def redact_url(url: str) -> str:
    """``url`` without userinfo and with the values of credential-like query parameters replaced.

    A string that is not a URL with a network location comes back unchanged.
    """
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not parts.netloc:
        return url
    netloc = parts.netloc.rpartition("@")[2] if "@" in parts.netloc else parts.netloc
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(_SECRET_PARAM.search(name) for name, _ in pairs):
            query = urlencode([(name, REDACTED if _SECRET_PARAM.search(name) else value) for name, value in pairs])
    if netloc == parts.netloc and query == parts.query:
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def redact_text(text: str) -> str:
    """``text`` with every URL in it passed through :func:`redact_url`."""
    if "://" not in text:
        return text
    return _URL_IN_TEXT.sub(lambda m: redact_url(m.group(0)), text)


def redact_data(value: Any) -> Any:
    """A copy of a JSON-like value (dicts, lists, strings) with every string passed through :func:`redact_text`."""
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        return {key: redact_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [redact_data(item) for item in value]
    return value
