"""What an API's documentation shows: the values it is sent and gives back, their shapes, an error
example about its input."""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge.loader import ordered_words


def sent_inputs(api: Api) -> list[Any]:
    """The inputs a call of ``api`` carries: the required ones and the optional ones with a documented default."""
    return list(api.required_parameters) + [p for p in api.optional_parameters if as_text(p.default).strip()]


def param_documented_values(param: Any) -> set[str]:
    """A parameter's documented example and default, a comma list split into its items."""
    values = set()
    for value in (param.example, param.default):
        text = as_text(value).strip()
        values.update(v.strip() for v in text.split(",") if v.strip())
    return values


def example_values(example: Any, path: tuple[str, ...]) -> list[Any]:
    """The values a documented example response holds at ``path`` (arrays transparent)."""
    nodes = [example]
    for key in path:
        found = []
        for node in nodes:
            stack = [node]
            while stack:
                item = stack.pop()
                if isinstance(item, list):
                    stack.extend(item)
                elif isinstance(item, dict) and key in item:
                    found.append(item[key])
        nodes = found
    flat = []
    for node in nodes:
        flat.extend(node if isinstance(node, list) else [node])
    return [v for v in flat if isinstance(v, (str, int, float)) and not isinstance(v, bool)]


def distinctive(value: str) -> bool:
    """A value that names one thing (an id, a name), not one that recurs by chance (``1``, ``en``, ``true``)."""
    return len(value) >= 4 and not re.fullmatch(r"-?\d{1,4}(\.\d+)?", value) and value.lower() not in (
        "true", "false", "null", "none")


def takes_several(param: Any) -> bool:
    """Whether an id input takes several ids (``ids``, ``artist_ids``, "Album IDs (you can use commas)")."""
    tokens = FieldName(param.name).tokens
    text = (param.description or "").lower()
    return bool(tokens) and tokens[-1] in _ID_LIST_ENDINGS or bool(
        re.search(r"\b(comma|commas|comma-separated|one or more|list of)\b|\bids\b", text))


#: A path element that is a value, not a field name: symbols no field name has, or a date or number inside.
DATA_KEY = re.compile(r"[@^*:/=+,;]|\d{4}-\d{2}-\d{2}|^\d+$")
#: Upper-case codes, one or a list ("USD", "USD,JPY", "EUR/USD", "BTCUSDT").
_CODES = re.compile(r"[A-Z]{2,10}(\s*[,/]\s*[A-Z]{2,10})*")
_DATE_SHAPE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}([T ][\d:.]+Z?)?$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$")


def value_shape(text: str) -> str:
    """``date``, ``number``, ``host`` (a domain or URL) or ``word`` for a documented scalar value ("" when it says nothing: empty or mixed)."""
    text = text.strip()
    if _DATE_SHAPE.match(text):
        return "date"
    if re.fullmatch(r"-?\d+(\.\d+)?", text):
        return "number"
    if re.fullmatch(r"(https?://)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(/\S*)?", text):
        return "host"
    if _CODES.fullmatch(text):
        return "code"
    if re.fullmatch(r"[A-Za-z][A-Za-z .'-]*", text):
        return "word"
    return ""


#: Last words of an input that takes a list of ids; keys of a response example's status and of its texts (read in
#: this order).
_ID_LIST_ENDINGS = ordered_words("identifiers", "id_list_endings")
_STATUS_KEYS = ordered_words("errors", "example_status_keys")
_TEXT_KEYS = ordered_words("errors", "example_text_keys")
_ERROR_TEXT = re.compile(r"\b(" + "|".join(ordered_words("errors", "result_error_text")) + r")\b", re.I)
_ACCOUNT_TEXT = re.compile(r"\b(" + "|".join(ordered_words("errors", "account_error_text")) + r")\b", re.I)


def documented_error(api: Api) -> str:
    """The error an API's documented example response reports about its input ("" when it is an answer)."""
    example = api.example_response
    if not isinstance(example, dict):
        return ""
    status = next((example[k] for k in _STATUS_KEYS if k in example), None)
    bad_status = isinstance(status, (int, str)) and not isinstance(status, bool) and \
        str(status).isdigit() and 400 <= int(str(status)) < 500 and int(str(status)) not in (401, 402, 403, 429)
    texts = [str(example[k]) for k in _TEXT_KEYS
             if isinstance(example.get(k), str)]
    for text in texts:
        if _ERROR_TEXT.search(text) and not _ACCOUNT_TEXT.search(text):
            return text[:80]
    if bad_status and not any(_ACCOUNT_TEXT.search(t) for t in texts):
        return f"status {status}"
    return ""
