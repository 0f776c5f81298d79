"""The ``ranges`` role: a typical value and the usual range of each number an API's results hold that its
documentation says nothing of ("wickets: 2 (0 to 10)"), written once per API by the model, checked, and then drawn
from by the mock world (a triangular draw peaking at the typical value) in place of the JSON type's 1-100 or a
generic kind's range (:meth:`~tooldial.dialogue.mockdata.builder.ResultBuilder._in_range`).

Why a model: a schema-only response ("wickets": integer, "yes_price": integer, "apgar_value": integer) gives the rules
only a type, and a field-name lexicon for every sport, market and score does not transfer. Reviewers of every
held-out review since session 5 found values like these the most frequent problem ("95 wickets", "a d6 roll of 25",
"an Apgar score of 422"). The usual range of a named number is what a small model knows; the draw stays the world's
(seeded), so dialogues stay varied and the same seed gives the same bytes.

Asked: the numbers :func:`~tooldial.dialogue.mockdata.builder.rangeable_leaves` finds (no documented example, no
specific kind), at most :data:`MAX_FIELDS` per request, by their last two path segments. Checks
(:func:`read_ranges`), per line: a name that was asked, three numbers ``typical (low to high)`` with low below high
and the typical value between them, whole numbers for an ``integer``, magnitudes below 1e12, and not the prompt's
own example. Asking for a typical value first narrows the range: asked for a range alone, the 1.5B model wrote
"0 to 500,000" for a living area and "0 to 100" for a property tax rate (sample 6133, read while writing this). A line that fails leaves
that number to the rules; the others are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tooldial.corpus.models import Corpus
from tooldial.dialogue.model_parts.goal import _api_line

RANGES_PROMPT = """\
{api}

For each number below, give a typical value in a real response of this API and its usual range, one line each as \
"name: typical (low to high)". Example for a weather API:
temp_c: 18 (-10 to 35)
humidity: 65 (20 to 100)

Numbers:
{names}"""

#: The prompt's example lines, (low, high, typical): an answer that repeats one for another number copied it.
EXAMPLE_RANGES = ((-10.0, 35.0, 18.0), (20.0, 100.0, 65.0))
#: Numbers asked in one request (an API with more gets more requests); tokens of one answer line, with slack.
MAX_FIELDS = 20
TOKENS_PER_FIELD = 20
#: Larger bounds are no usual range (a 1.5B model writes 1e15 as "no limit").
MAX_MAGNITUDE = 1e12

_NUMBER = r"[-−]?\d[\d,]*(?:\.\d+)?%?"
_LINE = re.compile(rf"^\s*(?:[-*•]\s*|\d+[.)]\s+)?[`\"']?(?P<name>[^:`\"']+?)[`\"']?\s*:\s*(?P<typical>{_NUMBER})\s*"
                   rf"\(\s*(?P<low>{_NUMBER})\s*(?:to|-|–|—)\s*(?P<high>{_NUMBER})\s*\)\s*\.?\s*$")


def display_names(keys: Iterable[str]) -> dict[str, str]:
    """What the model is shown for each leaf path ``a|b|c``: its last two segments ``b.c`` (the record and the
    number), the whole path where two would read the same. Returns shown name -> path."""
    keys = list(keys)
    short = {k: ".".join(k.split("|")[-2:]) for k in keys}
    clash = {s for s in short.values() if list(short.values()).count(s) > 1}
    return {(k.replace("|", ".") if short[k] in clash else short[k]): k for k in keys}


def ranges_prompt(corpus: Corpus, api_id: str, names: Iterable[str]) -> list[dict[str, str]]:
    """The one-message chat asking for the ranges of ``names`` (shown names) of ``api_id``'s results."""
    return [{"role": "user", "content": RANGES_PROMPT.format(api=_api_line(corpus, api_id), names="\n".join(names))}]


def _number(text: str) -> float:
    return float(text.replace(",", "").replace("−", "-").rstrip("%"))


def read_ranges(text: str, names: dict[str, str], types: dict[str, str]
                ) -> tuple[dict[str, tuple[float, float, float]], list[str]]:
    """The ranges an answer gives, leaf path -> (low, high, typical), and why each other line or asked name was not kept.

    ``names``: shown name -> leaf path (:func:`display_names`); ``types``: leaf path -> ``integer``/``number``."""
    kept: dict[str, tuple[float, float, float]] = {}
    answered: set[str] = set()
    problems: list[str] = []
    by_lower = {n.lower(): k for n, k in names.items()}
    for line in text.splitlines():
        if not line.strip() or line.strip().startswith("```"):
            continue
        m = _LINE.match(line)
        if m is None:
            problems.append("a line that is no range")
            continue
        key = by_lower.get(m["name"].strip().lower())
        if key is None or key in kept:
            problems.append("a number not asked" if key is None else "a number given twice")
            continue
        answered.add(key)
        low, high, typical = _number(m["low"]), _number(m["high"]), _number(m["typical"])
        problem = range_problem(low, high, typical, types.get(key, "number"))
        if problem:
            problems.append(problem)
            continue
        kept[key] = (low, high, typical)
    problems.extend("a number left out" for k in names.values() if k not in answered)
    return kept, problems


def range_problem(low: float, high: float, typical: float, type_: str) -> str:
    """Why ``typical (low to high)`` is no usable range for a number of ``type_`` ("" when it is)."""
    if not low < high:
        return "an empty range" if low == high else "low above high"
    if not low <= typical <= high:
        return "a typical value outside its range"
    if max(abs(low), abs(high)) >= MAX_MAGNITUDE:
        return "a bound too large"
    if type_ == "integer" and not all(v.is_integer() for v in (low, high, typical)):
        return "a fraction for a whole number"
    if (low, high, typical) in EXAMPLE_RANGES:
        return "the prompt's example"
    return ""
