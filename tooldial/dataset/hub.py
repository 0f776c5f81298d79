"""Upload a dataset directory to the Hugging Face Hub (``tooldial push`` / ``tooldial build --push-to-hub``).

Only the files tooldial wrote go up — the ones the directory's manifest lists
(:mod:`tooldial.dataset.output`), after their sizes and checksums are verified — in one commit that also deletes
the remote shards under ``data/`` the new dataset no longer has (a smaller rebuild leaves no stale shard
behind to be loaded with the new ones). Other remote files (a hand-written ``.gitattributes``…) are kept.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tooldial.dataset.output import read_manifest, verify_manifest
from tooldial.errors import TooldialError

#: Remote folder tooldial owns: what is there and not in the new dataset is deleted.
OWNED_REMOTE_PREFIX = "data/"


def plan_commit(dataset_dir: str | Path, remote_files: list[str]) -> list[Any]:
    """The commit operations of a push: add every manifest file, delete stale remote files under ``data/``.

    Pure (no network): ``remote_files`` is the repo's current file list (``HfApi.list_repo_files``).
    """
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete

    root = Path(dataset_dir)
    manifest = read_manifest(root)
    if manifest is None:
        raise TooldialError("not a dataset directory tooldial wrote (no manifest); run `tooldial build` first",
                            file=str(dataset_dir))
    problems = verify_manifest(root)
    if problems:
        raise TooldialError(f"does not match its manifest ({'; '.join(problems[:3])}); rebuild it",
                            file=str(dataset_dir))
    local = sorted(manifest["files"])
    operations: list[Any] = [CommitOperationAdd(path_in_repo=rel, path_or_fileobj=str(root / rel)) for rel in local]
    keep = set(local)
    operations += [CommitOperationDelete(path_in_repo=rel) for rel in sorted(remote_files)
                   if rel.startswith(OWNED_REMOTE_PREFIX) and rel not in keep]
    return operations


def push_to_hub(dataset_dir: str | Path, repo_id: str, *, private: bool = False, token: str | None = None,
                message: str = "Upload ToolDial dataset (tooldial)") -> str:
    """Create the dataset repo if needed (``private`` for a new one) and commit the dataset; returns the commit URL.

    The token comes from ``token``, ``HF_TOKEN`` or the huggingface_hub login; it is never written anywhere.
    """
    dataset_dir = Path(dataset_dir)
    plan_commit(dataset_dir, [])  # refuse a foreign or damaged directory before touching the network
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}:
        raise TooldialError("HF_HUB_OFFLINE is set; unset it to upload", field="push")
    from huggingface_hub import HfApi, get_token
    from huggingface_hub.errors import HfHubHTTPError

    from tooldial.errors import EnvironmentFailure
    from tooldial.redact import redact_text, redact_url

    if token is None and get_token() is None:
        raise TooldialError("no Hugging Face token: run `hf auth login` or set HF_TOKEN", field="push")
    api = HfApi(token=token)
    try:
        api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
        remote = api.list_repo_files(repo_id, repo_type="dataset")
        info = api.create_commit(repo_id, plan_commit(dataset_dir, remote), commit_message=message,
                                 repo_type="dataset")
    except HfHubHTTPError as exc:  # the Hub answered no (a token without write access, a bad repo id)
        raise TooldialError(f"upload failed: {redact_text(str(exc)).splitlines()[0]}", field=repo_id) from None
    except Exception as exc:  # noqa: BLE001 - whatever the HTTP stack raises (its library varies by release)
        # no answer, or not the Hub's (a wrong HF_ENDPOINT, a proxy page): the environment, not the input
        from huggingface_hub.constants import ENDPOINT

        detail = redact_text(f"{type(exc).__name__}: {exc}").splitlines()[0] if str(exc) else type(exc).__name__
        raise EnvironmentFailure(f"upload failed: the Hub endpoint {redact_url(ENDPOINT)} could not be reached or "
                                 f"did not answer as the Hub does ({detail})", field=repo_id) from None
    return str(getattr(info, "commit_url", info))
