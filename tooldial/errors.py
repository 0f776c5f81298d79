"""User-facing errors.

Every mistake a user can make (a broken API doc, a malformed LLM answer, a wrong config key) is raised as a
:class:`TooldialError` whose message names the file, the record and the field. The CLI prints it as
``tooldial: <message>`` and exits with status 2, never with a traceback. A failure of the environment rather than
of the input (a full disk, a dead server) is an :class:`EnvironmentFailure`: the same one line, exit status 1.
"""

from __future__ import annotations


class TooldialError(Exception):
    """An error caused by user input, with a location: ``file: record: field: problem``."""

    #: The command line's exit status for this error (2: fix the input; 1: fix the environment).
    exit_code = 2

    def __init__(self, message: str, *, file: str | None = None, record: str | None = None,
                 field: str | None = None) -> None:
        self.problem = message
        self.file = file
        self.record = record
        self.field = field
        super().__init__(self.format())

    def format(self) -> str:
        where = [p for p in (self.file, self.record, self.field) if p]
        return ": ".join([*where, self.problem])


class CorpusError(TooldialError):
    """A corpus file or record that cannot be read."""


class ConfigError(TooldialError):
    """A wrong configuration key or value."""


class LLMAnswerError(TooldialError):
    """An LLM answer that does not have the expected shape."""


class LLMUnavailableError(TooldialError):
    """An LLM server that cannot be reached at all (refused port, unknown host): fail fast, name the URL."""


class EnvironmentFailure(TooldialError):
    """The machine, not the input, failed (no space left on the device, an I/O error): exit status 1."""

    exit_code = 1
