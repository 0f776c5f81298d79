"""``ToolDialBuilder``: the dataset as a ``datasets.GeneratorBasedBuilder``.

Since ``datasets`` 4.0 a builder can no longer be loaded from a script path, so it is used directly::

    from tooldial.dataset.builder import ToolDialBuilder

    builder = ToolDialBuilder(config_name="dst", release="path/to/ToolDial/dialogue_data")  # converts
    builder = ToolDialBuilder(config_name="sft", corpus="builtin", n=500, seed=1)           # generates
    builder.download_and_prepare()
    test = builder.as_dataset(split="test")

Its configs are the dataset directory's (``dialogues``, ``dst``, ``action_prediction``, ``faithfulness``,
``overall``, ``sft``), with the same features and rows (:mod:`tooldial.dataset.rows`). The source is, in order
of precedence: ``release`` (a directory with the original ``train.json`` / ``val.json`` / ``test.json``; its
splits are kept), ``dialogues`` (dialogue files: our JSONL or release JSON lists; split by ``split_by``), or
``corpus`` (dialogues are generated with ``n`` and ``seed``, then split). Malformed records are logged and
skipped. ``datasets`` caches the prepared splits under a key of all these options.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import datasets

from tooldial.dataset.features import CONFIG_NAMES, DESCRIPTIONS, FEATURES, SPLITS
from tooldial.dataset.info import CITATION
from tooldial.dataset.sources import DialogueFiles, release_records, valid_records
from tooldial.dataset.splits import SplitConfig
from tooldial.dialogue.record import DialogueRecord
from tooldial.tasks.prompts import DEFAULT_PROFILE, check_profile

logger = datasets.logging.get_logger(__name__)

_SPLIT_NAMES = {"train": datasets.Split.TRAIN, "validation": datasets.Split.VALIDATION, "test": datasets.Split.TEST}


@dataclass
class ToolDialConfig(datasets.BuilderConfig):
    """One config of the dataset, plus where its dialogues come from."""

    #: Original release directory (``train.json``, ``val.json``, ``test.json``): converted, splits kept.
    release: str | None = None
    #: Dialogue files (``dialogues.jsonl`` or release JSON lists), split by ``split_by``.
    dialogues: tuple[str, ...] | None = None
    #: Corpus spec: used to generate dialogues when neither of the above is given, and for API documentation.
    corpus: str | None = "builtin"
    n: int = 2000
    seed: int = 0
    renderer: str | None = None
    split_by: str = "dialogue"
    split_ratios: tuple[float, float, float] = (0.8, 0.1, 0.1)
    #: Prompt/layout profile of the task configs (``original`` | ``paper``, :mod:`tooldial.tasks.prompts`).
    profile: str = DEFAULT_PROFILE


class ToolDialBuilder(datasets.GeneratorBasedBuilder):
    """ToolDial dialogues and their benchmark / fine-tuning configs."""

    BUILDER_CONFIG_CLASS = ToolDialConfig
    BUILDER_CONFIGS = [ToolDialConfig(name=name, description=DESCRIPTIONS[name]) for name in CONFIG_NAMES]
    DEFAULT_CONFIG_NAME = "dialogues"
    VERSION = datasets.Version("1.0.0")

    def _info(self) -> datasets.DatasetInfo:
        return datasets.DatasetInfo(
            description=DESCRIPTIONS[self.config.name],
            features=FEATURES[self.config.name],
            citation=CITATION,
            homepage="https://arxiv.org/abs/2503.00564",
        )

    # -- sources ------------------------------------------------------------------------------------------------

    def _corpus(self):
        config: ToolDialConfig = self.config
        if not config.corpus or config.corpus == "none" or config.release:
            return None
        from tooldial.corpus import load_corpus

        return load_corpus(config.corpus)

    def _split_generators(self, dl_manager: Any) -> list[datasets.SplitGenerator]:
        config: ToolDialConfig = self.config
        if config.name not in FEATURES:
            raise ValueError(f"unknown config {config.name!r}; expected one of {', '.join(CONFIG_NAMES)}")
        self._docs_corpus = self._corpus()
        self._files: DialogueFiles | None = None
        if not config.release:
            from tooldial.dataset.pipeline import BuildOptions, generate_dialogue_file

            split = SplitConfig(ratios=config.split_ratios, by=config.split_by, seed=config.seed)  # type: ignore[arg-type]
            if config.dialogues:
                paths = [Path(p) for p in config.dialogues]
            else:
                options = BuildOptions(corpus=config.corpus or "builtin", n=config.n, seed=config.seed,
                                       renderer=config.renderer, split=split, progress=False)
                generated = generate_dialogue_file(options)
                paths, self._docs_corpus = [generated.path], generated.corpus
            self._files = DialogueFiles(paths, split)
        return [datasets.SplitGenerator(name=_SPLIT_NAMES[s], gen_kwargs={"split": s}) for s in SPLITS]

    def _records(self, split: str) -> Iterator[DialogueRecord]:
        """The valid records of ``split`` (malformed and duplicate ones are logged and skipped)."""
        items = release_records(self.config.release) if self._files is None else iter(self._files)
        for item in valid_records(items, lambda location, exc: logger.warning("skipped %s: %s", location, exc)):
            if item.split == split:
                yield item.record  # type: ignore[misc]

    def _generate_examples(self, split: str) -> Iterator[tuple[str, dict[str, Any]]]:
        from tooldial.dataset.rows import dialogue_row, task_rows

        name = self.config.name
        for record in self._records(split):
            if name == "dialogues":
                yield record.dialogue_id, dialogue_row(record)
                continue
            try:
                rows = task_rows(record, self._docs_corpus, check_profile(self.config.profile))[name]
            except Exception as exc:  # noqa: BLE001 - a malformed record never stops the build
                logger.warning("skipped dialogue %s: %s", record.dialogue_id, exc)
                continue
            for row in rows:
                yield row["id"], row
