"""Chain rule ``source_error``: no value from the error fields of a source documented only by an error."""

from __future__ import annotations

from tooldial.corpus.error_example import documented_error as error_record
from tooldial.corpus.error_example import error_only_path
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link


class SourceError(ChainRule):
    """The source's only documented response is an error and the chained output is one of its error fields
    (``ErrorCode``, ``traceId``): the value would come from the error, not from an answer. The error's other
    fields (``Latitude``) name the success shape and are procured like any undocumented output, with mock values
    by field semantics (:func:`tooldial.corpus.schema.success_fields`)."""

    checks = (ChainCheck.SOURCE_ERROR,)

    def problem(self, link: Link) -> ChainProblem | None:
        source, chain = link.source, link.chain
        if error_record(source.example_response) and error_only_path(chain.path):
            return ChainProblem(ChainCheck.SOURCE_ERROR,
                                f"the source's documented response is an error: {'|'.join(chain.path)} is one of its error fields")
        return None
