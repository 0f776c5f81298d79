"""Values an input's description gives in prose: examples ("Ticket number, e.g. '220-1234567890'") and the allowed
choices ("Allowed values are "cnam", "format" and "hlr"").

Real documentation often says what a value looks like only in its description; a mock call that knows nothing else
would have to leave the input empty (and the dialogue is not made). The cues are knowledge: the
``documentation`` pack's ``example_cues`` and ``choice_cues`` (regular expressions, case ignored).
"""

from __future__ import annotations

import html
import re
from functools import cache

from tooldial.knowledge import loader

#: A quoted value: 'LH096;LH480', "cnam", `authorization_code`, “x”.
_QUOTED = re.compile(r"""'([^'\n]{1,60})'|"([^"\n]{1,60})"|`([^`\n]{1,60})`|“([^”\n]{1,60})”|&quot;(.{1,60}?)&quot;""")
#: An unquoted value right after a cue: one token of letters, digits and value punctuation (``0680010203``,
#: ``Genbank``, ``role_product``), not a word of the sentence's own prose.
_BARE = re.compile(r"\s*[:=]?\s*\(?\s*([A-Za-z0-9][\w.+\-/;:@#=]*[\w])")
#: Where a cue's values end: the end of its sentence or bracket.
_CLAUSE_END = re.compile(r"(?<!\b(?:e\.g|i\.e|etc))\.(?:\s|$)|\)|\n|;\s")
_PROSE = loader.words("documentation", "function_words") | loader.words("documentation", "described_value_prose")


@cache
def _cues(name: str) -> re.Pattern[str]:
    words = loader.ordered_words("documentation", name)
    return re.compile("|".join(f"(?:{w})" for w in words), re.I)


def _quoted(text: str) -> list[str]:
    text = re.sub(r"(?<![\w'\"])(''|\"\")", " ", text)  # an empty choice ("", "economy") keeps the quotes paired
    return [next(g for g in m.groups() if g is not None).strip() for m in _QUOTED.finditer(text)]


#: An expression written as the example: ``forward('alice@example.com')``, ``match_recipient(".*@x.org")``.
_CALL = re.compile(r"\s*:?\s*([A-Za-z_][\w.]*\([^()\n]{0,80}\))")
#: A format mask, no value: ``MM/DD/YYYY``, ``YYYY-MM-DD``, ``hh:mm``, ``DD.MM.YYYY HH:mm:ss``.
_MASK = re.compile(r"(?i)(?=.*(?:yy|mm|dd|hh))[ymdhs]+(?:[-/.: T][ymdhs]+)*")
#: ``maxValuesPerFacet=10`` written as the example of ``maxValuesPerFacet``: the value is what follows "=".
_ASSIGNED = re.compile(r"^[A-Za-z_][\w\[\]]*=([^=;&]+)$")


def _after(description: str, cues: re.Pattern[str], *, bare: bool = True) -> list[list[str]]:
    """For each cue in the description, the values said right after it (quoted ones, else one bare token when
    ``bare``). A JSON example (of an object or array input) gives none."""
    out = []
    # "&quot;ClientAccount&quot;" as written in some specs; a quote behind the backslashes of a JSON string escaped
    # once or many times ('\\"True\\"', 'double garage\\\\\\"') is a quote
    description = re.sub(r"\\+([\"'])", r"\1", html.unescape(description))
    for m in cues.finditer(description):
        rest = description[m.end():]
        if rest.lstrip(" :(`'\"").startswith(("[", "{")):
            continue
        call = _CALL.match(rest)
        if call:  # "Example: forward('alice@example.com')": the whole expression, not the quoted argument
            out.append([call.group(1)])
            continue
        end = _CLAUSE_END.search(rest)
        clause = rest[:end.start()] if end else rest
        values = _quoted(clause)
        if not values and bare:
            token = _BARE.match(clause)
            if token and token.group(1).lower() not in _PROSE:
                values = [token.group(1)]
        values = [(m2.group(1) if (m2 := _ASSIGNED.match(v.strip())) else v).strip().rstrip(".,;:") for v in values]
        values = [v for v in values if v and len(v) <= 120 and not _MASK.fullmatch(v)]
        if values:
            out.append(values)
    return out


#: Choices written inside one pair of quotes: "`RELEVANCE, LOWEST_PRICE, NEWEST`" (codes, no spaces inside one).
_LISTED = re.compile(r"[\w.+\-]+(?:\s*[,|]\s*[\w.+\-]+)+")


def _listed(values: list[str]) -> list[str]:
    """The values of a cue, one quoted list of codes split into its choices."""
    if len(values) == 1 and _LISTED.fullmatch(values[0]):
        return [v.strip() for v in re.split(r"[,|]", values[0]) if v.strip()]
    return values


def described_choices(description: str) -> tuple[str, ...]:
    """The allowed values a description lists ("Allowed values are "cnam", "format"", "Allowed values: `RELEVANCE,
    LOWEST_PRICE`"), in order; () when none."""
    for values in _after(description or "", _cues("choice_cues")):
        values = _listed(values)
        if len(values) >= 2:
            return tuple(dict.fromkeys(values))
    return ()


def described_example(description: str) -> str:
    """The first example value a description gives ("e.g. 'LH096;LH480'", "(exemple 0680010203)"), a single
    value the description says the input must be ("must be `authorization_code`"), else ""."""
    for values in _after(description or "", _cues("example_cues")):
        return values[0]
    for values in _after(description or "", _cues("choice_cues")):
        if len(_listed(values)) == 1:  # one choice is the value; a quoted list of them is no example
            return values[0]
    for values in _after(description or "", _cues("exact_cues"), bare=False):  # "must be `x`", never prose
        if len(values) == 1:
            return values[0]
    return ""


@cache
def _patterns(name: str) -> tuple[re.Pattern[str], ...]:
    """The ``documentation`` pack's patterns ``name``, each compiled on its own (their groups are read by number)."""
    return tuple(re.compile(p, re.I) for p in loader.ordered_words("documentation", name))


def described_bounds(description: str) -> tuple[float, float] | None:
    """The (minimum, maximum) a description gives a number input in prose ('Must be between "1" and "10"', "ranges
    from 0 to 100"; pack ``documentation.bound_patterns``), or None when it gives none or they run backwards."""
    for pattern in _patterns("bound_patterns"):
        found = pattern.search(description or "")
        if found:
            low, high = float(found.group(1)), float(found.group(2))
            return (low, high) if low < high else None
    return None


def described_default_value(description: str) -> str:
    """The value a description says its input takes when none is sent ("(default: cities)", "Defaults to
    `weekly`"; pack ``documentation.default_cues``), one value, else "". A default is what the API's own documentation
    would have the input hold, so it is the documented value of an input that has no other."""
    for values in _after(description or "", _cues("default_cues")):
        return values[0] if len(values) == 1 else ""
    return ""


def described_default(description: str) -> float | None:
    """The default a description names for a number input in prose ('Default is "1"', "the default value is 14";
    pack ``documentation.default_patterns``), or None."""
    for pattern in _patterns("default_patterns"):
        found = pattern.search(description or "")
        if found:
            return float(found.group(1))
    return None
