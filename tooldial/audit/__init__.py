"""Dataset audit (``tooldial audit``): diversity, shortcut probes and leak checks of a dataset directory.

:func:`audit_dataset` reads a dataset directory (``tooldial build`` / ``tooldial convert``) and returns an
:class:`~tooldial.audit.report.AuditReport`; :func:`~tooldial.audit.report.write_report` writes it as
``audit.md``, ``audit.json`` and ``audit.png``.
"""

from tooldial.audit.report import AuditReport, audit_dataset, write_report

__all__ = ["AuditReport", "audit_dataset", "write_report"]
