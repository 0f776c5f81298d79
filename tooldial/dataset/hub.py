"""Upload a dataset directory to the Hugging Face Hub (``tooldial push`` / ``tooldial build --push-to-hub``)."""

from __future__ import annotations

import os
from pathlib import Path

from tooldial.errors import TooldialError

#: Build leftovers that never go to the Hub.
IGNORE_PATTERNS = [".data.partial/**", "**/*.partial", ".cache/**"]


def push_to_hub(dataset_dir: str | Path, repo_id: str, *, private: bool = False, token: str | None = None,
                message: str = "Upload ToolDial dataset (tooldial)") -> str:
    """Create the dataset repo if needed and upload the directory as is; returns the commit URL.

    The token comes from ``token``, ``HF_TOKEN`` or the huggingface_hub login; it is never written anywhere.
    """
    dataset_dir = Path(dataset_dir)
    if not (dataset_dir / "README.md").is_file():
        raise TooldialError("not a dataset directory (no README.md); run `tooldial build` first", file=str(dataset_dir))
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}:
        raise TooldialError("HF_HUB_OFFLINE is set; unset it to upload", field="push")
    from huggingface_hub import HfApi, get_token
    from huggingface_hub.errors import HfHubHTTPError

    if token is None and get_token() is None:
        raise TooldialError("no Hugging Face token: run `hf auth login` or set HF_TOKEN", field="push")
    api = HfApi(token=token)
    try:
        api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
        info = api.upload_folder(folder_path=str(dataset_dir), repo_id=repo_id, repo_type="dataset",
                                 commit_message=message, ignore_patterns=IGNORE_PATTERNS)
    except (HfHubHTTPError, OSError, ValueError) as exc:
        raise TooldialError(f"upload failed: {exc}", field=repo_id) from None
    return str(getattr(info, "commit_url", info))
