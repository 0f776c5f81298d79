"""Run files of a dynamic evaluation: ``transcripts.jsonl``, ``scores.jsonl`` written atomically (``results.json``
with :func:`tooldial.jsonfile.write_json`), and the check of a run directory."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """One JSON object per line, written through a temporary file (URLs redacted: error texts name servers)."""
    from tooldial.outputs import atomic_writer
    from tooldial.redact import redact_data

    with atomic_writer(path) as handle:
        for row in rows:
            handle.write(json.dumps(redact_data(row), ensure_ascii=False, sort_keys=True, default=str) + "\n")


#: Files ``tooldial simulate`` writes into a run directory.
RUN_FILES = frozenset({"results.json", "transcripts.jsonl", "scores.jsonl", "report.md", "success_by_stratum.png",
                       "pass_hat_k.png"})
RUN_KINDS = frozenset({"dynamic", "autode_transcripts"})


def check_out_dir(path: str | Path) -> Path:
    """The run directory, refusing one that holds anything ``tooldial simulate`` did not write (a rerun into
    its own run directory replaces its files; someone else's files are never overwritten)."""
    from tooldial.errors import ConfigError
    from tooldial.outputs import output_folder

    out = output_folder(path)
    if not out.is_dir():
        return out
    foreign = sorted(p.name for p in out.iterdir() if p.name not in RUN_FILES and not p.name.endswith(".tmp"))
    results = out / "results.json"
    if not foreign and results.is_file():
        try:
            kind = json.loads(results.read_text(encoding="utf-8")).get("kind")
        except (OSError, ValueError, AttributeError):
            kind = None
        if kind not in RUN_KINDS:
            foreign = ["results.json (not a tooldial simulate run)"]
    if foreign:
        raise ConfigError(f"the directory holds files tooldial simulate did not write ({', '.join(foreign[:3])}); "
                          "choose another --out", file=str(out), field="out")
    return out
