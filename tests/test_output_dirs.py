"""Issue 14, cases 1–2: output directories (marker, --overwrite, lock, push plan) and content-keyed build caches."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tooldial.cli import main as cli_main
from tooldial.dataset.convert import convert_release, write_release
from tooldial.dataset.output import MANIFEST_NAME, OutputDir, read_manifest, verify_manifest
from tooldial.dialogue.record import DialogueRecord

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "tests" / "data" / "release" / "clean"
BUILTIN = REPO / "tooldial" / "data" / "builtin"


def _convert(out: Path, *extra: str) -> int:
    return cli_main(["convert", "--release", str(RELEASE), "--out", str(out), "--no-progress", "--quiet", *extra])


def _dialogue_ids(ds: Path) -> set[str]:
    return {r["dialogue_id"] for f in sorted((ds / "data" / "dialogues").glob("*.parquet"))
            for r in pq.read_table(f).to_pylist()}


def test_foreign_non_empty_out_is_refused_and_left_alone(tmp_path, capsys):
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "data" / "photos.txt").write_text("mine")
    (home / "README.md").write_text("my notes")
    for extra in ((), ("--overwrite",)):
        assert _convert(home, *extra) == 2
        err = capsys.readouterr().err
        assert err.startswith("tooldial: ") and "did not create" in err and "--out" in err
    assert (home / "data" / "photos.txt").read_text() == "mine" and (home / "README.md").read_text() == "my notes"
    assert sorted(p.name for p in home.iterdir()) == ["README.md", "data"]


def test_empty_out_is_used_and_rebuild_needs_overwrite(tmp_path, capsys):
    out = tmp_path / "ds"
    out.mkdir()
    assert _convert(out) == 0
    assert out.is_symlink() and read_manifest(out) is not None and verify_manifest(out) == []
    first = read_manifest(out)
    assert _convert(out) == 2
    assert "pass --overwrite" in capsys.readouterr().err
    assert read_manifest(out) == first  # untouched
    assert _convert(out, "--overwrite") == 0
    assert verify_manifest(out) == []


def test_overwrite_replaces_only_what_tooldial_wrote(tmp_path, capsys):
    out = tmp_path / "ds"
    assert _convert(out) == 0
    (out / "my_notes.md").write_text("keep me")
    assert _convert(out, "--overwrite") == 2
    err = capsys.readouterr().err
    assert "my_notes.md" in err and "did not write" in err
    assert (out / "my_notes.md").read_text() == "keep me"
    (out / "my_notes.md").unlink()
    assert _convert(out, "--overwrite") == 0


def test_out_that_is_a_file_fails_before_any_work(tmp_path, capsys):
    target = tmp_path / "dataset.parquet"
    target.write_text("not a directory")
    work = tmp_path / "work"
    code = cli_main(["build", "--out", str(target), "--n", "2", "--no-progress", "--work-dir", str(work)])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and "is a file, not a directory" in err and "Traceback" not in err
    assert not work.exists()  # refused before the corpus, graph or dialogues were touched
    assert target.read_text() == "not a directory"
    assert _convert(tmp_path / "dataset.parquet" / "sub") == 2


def test_push_plan_uploads_manifest_files_and_deletes_stale_shards(tmp_path):
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete

    from tooldial.dataset.hub import plan_commit

    out = tmp_path / "ds"
    convert_release(RELEASE, out, progress=False)
    (out / "scratch.log").write_text("not tooldial's")
    remote = ["README.md", ".gitattributes", "data/dst/train-00000-of-00003.parquet",
              "data/dst/train-00000-of-00001.parquet", "data/old_config/test-00000-of-00001.parquet"]
    ops = plan_commit(out, remote)
    added = {op.path_in_repo for op in ops if isinstance(op, CommitOperationAdd)}
    deleted = {op.path_in_repo for op in ops if isinstance(op, CommitOperationDelete)}
    assert added == set(read_manifest(out)["files"]) and "scratch.log" not in added
    assert MANIFEST_NAME not in added and "README.md" in added
    assert deleted == {"data/dst/train-00000-of-00003.parquet", "data/old_config/test-00000-of-00001.parquet"}
    shard = next((out / "data" / "dst").glob("train-*.parquet"))
    shard.write_bytes(shard.read_bytes()[:-10])  # a damaged file is never uploaded
    from tooldial.errors import TooldialError

    with pytest.raises(TooldialError, match="does not match its manifest"):
        plan_commit(out, remote)


def test_private_flag_on_every_upload_path():
    from tooldial.cli import build_parser

    parser = build_parser()
    for argv in (["push", "d", "r/x", "--private"], ["build", "--out", "d", "--private"],
                 ["convert", "--release", "r", "--out", "d", "--private"]):
        assert parser.parse_args(argv).private is True


def test_output_dir_commit_is_all_or_nothing(tmp_path):
    out = tmp_path / "ds"
    with OutputDir(out) as target:
        (target.staging() / "README.md").write_text("v1")
        target.commit()
    assert (out / "README.md").read_text() == "v1"
    with OutputDir(out, overwrite=True) as target:
        (target.staging() / "README.md").write_text("v2")
        # not committed: the context ends without a switch (an exception, a kill)
    assert (out / "README.md").read_text() == "v1"
    versions = [p for p in (tmp_path / ".ds.tooldial").iterdir() if p.is_dir()]
    assert len(versions) == 1  # the uncommitted staging folder is gone


# ------------------------------------------------------------------------------------------------------------
# content-keyed build cache


def _corpus_dir(root: Path, category: str) -> Path:
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(BUILTIN / category, root / category)
    return root


def _domains(ds: Path) -> set[str]:
    return {r["domain"] for f in sorted((ds / "data" / "dialogues").glob("*.parquet"))
            for r in pq.read_table(f).to_pylist()}


@pytest.mark.slow
def test_corpus_replaced_at_the_same_path_rebuilds(tmp_path):
    corpus = _corpus_dir(tmp_path / "corpus", "Flights")
    work = tmp_path / "work"
    argv = ["build", "--corpus", str(corpus), "--n", "4", "--no-progress", "--quiet", "--work-dir", str(work)]
    assert cli_main([*argv, "--out", str(tmp_path / "a")]) == 0
    assert _domains(tmp_path / "a") == {"Flights"}
    _corpus_dir(corpus, "Hotels")  # same path, other APIs
    assert cli_main([*argv, "--out", str(tmp_path / "b")]) == 0
    assert _domains(tmp_path / "b") == {"Hotels"}


@pytest.mark.slow
def test_truncated_cached_dialogues_are_detected_and_regenerated(tmp_path, caplog):
    work = tmp_path / "work"
    argv = ["build", "--n", "4", "--no-progress", "--quiet", "--work-dir", str(work)]
    assert cli_main([*argv, "--out", str(tmp_path / "a")]) == 0
    cached = work / "dialogues.jsonl"
    lines = cached.read_text().splitlines(keepends=True)
    assert len(lines) == 4
    cached.write_text("".join(lines[:2]))  # a truncated cache file
    # the handler sits on the pipeline's own logger, so a logging setup left by another test of the same worker
    # (a disabled logger, a global ``logging.disable``, no propagation) cannot hide the warning
    logger, previous = logging.getLogger("tooldial.dataset.pipeline"), logging.root.manager.disable
    logger.addHandler(caplog.handler)
    logger.disabled, was_disabled = False, logger.disabled
    logging.disable(logging.NOTSET)
    try:
        with caplog.at_level(logging.WARNING):
            assert cli_main([*argv, "--out", str(tmp_path / "b")]) == 0
    finally:
        logger.removeHandler(caplog.handler)
        logger.disabled = was_disabled
        logging.disable(previous)
    assert "damaged" in caplog.text and "2 dialogues, 4 recorded" in caplog.text
    assert _dialogue_ids(tmp_path / "b") == _dialogue_ids(tmp_path / "a")
    stats = json.loads((tmp_path / "b" / "tooldial_build.json").read_text())["stats"]
    assert sum(stats["dialogues"].values()) == 4
    assert len(cached.read_text().splitlines()) == 4


def test_release_round_trip_ids_survive_overwrite(tmp_path):
    """A rebuild with fewer dialogues leaves no shard of the old one behind (the switch replaces everything)."""
    records = [DialogueRecord.model_validate(r) for r in json.loads((RELEASE / "train.json").read_text())]
    small = tmp_path / "small"
    write_release({"train": records[:1], "test": records[1:2]}, small)
    out = tmp_path / "ds"
    assert _convert(out) == 0
    before = _dialogue_ids(out)
    assert cli_main(["convert", "--release", str(small), "--out", str(out), "--overwrite", "--no-progress",
                     "--quiet"]) == 0
    after = _dialogue_ids(out)
    assert len(after) == 2 and len(before) > len(after)
    assert sorted(p.name for p in (out / "data").iterdir()) == sorted(
        {Path(rel).parts[1] for rel in read_manifest(out)["files"] if rel.startswith("data/")})


def test_build_key_code_digest_follows_the_code_that_shapes_dialogues(tmp_path, monkeypatch):
    """Every part the digest names exists (a renamed one would drop out silently), and editing one — the
    pipeline itself included, which turns options into stage configs — gives a new build key."""
    from tooldial.dataset import pipeline

    package = Path(pipeline.__file__).resolve().parents[1]
    copy = tmp_path / "tooldial"
    for part in pipeline._CODE_PARTS:
        source = package / part
        assert source.exists(), f"code digest names missing {part}"
        (copy / part).parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copy)(source, copy / part)
    monkeypatch.setattr(pipeline, "__file__", str(copy / "dataset" / "pipeline.py"))
    before = pipeline.code_digest()
    assert before == pipeline.code_digest()
    for part in ("dataset/pipeline.py", "registry.py", "dialogue/planner.py", "rules/record.py",
                 "knowledge/packs/identifiers.yaml", "knowledge/phrases/en/user.yaml"):
        with (copy / part).open("a", encoding="utf-8") as f:
            f.write("\n# edited\n")
        after = pipeline.code_digest()
        assert after != before, part
        before = after
