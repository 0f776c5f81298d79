"""How a dataset directory was made: recorded in ``tooldial_build.json`` and in the dataset card."""

from __future__ import annotations

import importlib.metadata
from typing import Any, Literal

from pydantic import BaseModel, Field

from tooldial import __version__
from tooldial.tasks.prompts import DEFAULT_PROFILE, PROMPT_VERSION, Profile

#: The paper, as its authors cite it (holi-lab/ToolDial README).
CITATION = """@misc{shim2025tooldialmultiturndialoguegeneration,
      title={ToolDial: Multi-turn Dialogue Generation Method for Tool-Augmented Language Models},
      author={Jeonghoon Shim and Gyuhyeon Seo and Cheongsu Lim and Yohan Jo},
      year={2025},
      eprint={2503.00564},
      archivePrefix={arXiv},
      primaryClass={cs.CL},
      url={https://arxiv.org/abs/2503.00564},
}"""


def versions() -> dict[str, str]:
    """Versions of the packages that shape the data."""
    out = {"tooldial": __version__, "prompts": PROMPT_VERSION}
    for package in ("datasets", "pyarrow", "sentence-transformers", "networkx"):
        try:
            out[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            continue
    return out


class BuildInfo(BaseModel):
    """Provenance of a dataset directory. No timestamps: same inputs, same bytes."""

    source: Literal["generated", "release", "dialogues"] = "generated"
    #: Corpus spec (``builtin``, a ToolBench path, an OpenAPI file) or ``None``.
    corpus: str | None = None
    #: Graph settings (embedding model, thresholds…) as given to the graph stage.
    graph: dict[str, Any] = Field(default_factory=dict)
    #: Dialogue generation settings (renderer, n, seed…).
    generation: dict[str, Any] = Field(default_factory=dict)
    #: How splits were made (``SplitConfig`` dump, or the release's files).
    split: dict[str, Any] = Field(default_factory=dict)
    #: Where converted dialogues came from (release directory or dialogue files), names only.
    inputs: list[str] = Field(default_factory=list)
    #: sha256 of the corpus content and of the API graph file the dialogues were generated from (``None``: unknown).
    corpus_sha256: str | None = None
    graph_sha256: str | None = None
    license: str = "apache-2.0"
    #: Prompt/layout profile of every task row (``original``: the released code's texts; ``paper``: A.13).
    #: A build file written before profiles existed has none: its rows are ``paper`` (see :func:`build_profile`).
    profile: Profile = DEFAULT_PROFILE
    versions: dict[str, str] = Field(default_factory=versions)


def build_profile(build: dict[str, Any]) -> Profile:
    """The profile recorded in the ``info`` of a ``tooldial_build.json`` (``paper`` when it predates profiles)."""
    return "original" if build.get("profile") == "original" else "paper"
