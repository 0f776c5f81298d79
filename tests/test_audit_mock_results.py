"""``scripts/audit_mock_results.py``: it reads a corpus's results against their documented examples and counts what
a reader would find wrong; a result that breaks a documented example's form is counted, a clean one is not."""

from __future__ import annotations

import json

from scripts import audit_mock_results


def test_the_audit_counts_what_breaks_the_documented_form() -> None:
    audit = audit_mock_results.Audit()
    example = {"countryId": 353, "cover": "https://i.scdn.co/image/ab67.png", "home": "https://a.example.org/x"}
    result = {"countryId": "France", "cover": "https://www.smith.biz/list/tags", "home": "https://a.example.org/y",
              "createdAt": "2024-05-02", "updatedAt": "2023-01-01", "start_date": "2024-05-10",
              "end_date": "2024-05-01"}
    audit.walk(result, example, (), "t / api")
    assert audit.counts["number_as_text"] == 1 and audit.counts["url_other_site"] == 1
    assert audit.counts["picture_lost"] == 1 and audit.counts["created_after_event"] == 1
    assert audit.counts["start_after_end"] == 1 and audit.counts["documented_urls"] == 2
    clean = audit_mock_results.Audit()
    clean.walk({"countryId": 12, "createdAt": "2023-01-01", "updatedAt": "2024-05-02"}, {"countryId": 353}, (), "t")
    assert set(clean.counts) == {"documented_numbers"}


def test_the_audit_runs_on_a_corpus(capsys) -> None:
    assert audit_mock_results.main(["--corpus", "builtin", "--n", "25", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["apis"] == 25 and "documented_numbers" in report["counts"]
