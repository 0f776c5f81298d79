"""API corpus: the normalized model of API documentation and the loaders that read it.

``load_corpus(spec)`` reads ``builtin``, a ToolBench / StableToolBench directory, a ``.json`` list or
``.jsonl[.gz]`` of tool objects, or OpenAPI 3 documents (see :mod:`tooldial.corpus.loaders`).
"""

from tooldial.corpus.loaders import BUILTIN, builtin_dir, load_corpus
from tooldial.corpus.models import (
    ARROW_SEP,
    PROMPT_SEP,
    RELEASE_SEP,
    Api,
    Corpus,
    OutputComponent,
    Parameter,
    SkippedRecord,
    Tool,
    make_api_id,
)

__all__ = [
    "ARROW_SEP",
    "BUILTIN",
    "PROMPT_SEP",
    "RELEASE_SEP",
    "Api",
    "Corpus",
    "OutputComponent",
    "Parameter",
    "SkippedRecord",
    "Tool",
    "builtin_dir",
    "load_corpus",
    "make_api_id",
]
