"""The ``sft`` config is accepted as is by ``trl.SFTTrainer``: tokenized (tools included) and collated.

No optimizer step is taken here: on the shared 2-core test machine one SmolLM2 step costs minutes, and the
training stage's own tests train; this test guards the dataset's side of the contract (columns, ``Json``
tools, chat messages) through TRL's real preprocessing and collator.
"""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "release" / "clean"


@pytest.mark.slow
def test_sft_config_is_tokenized_and_collated_by_trl(smollm2_dir, tmp_path):
    import datasets
    from trl import SFTConfig, SFTTrainer

    from tooldial.dataset.convert import convert_release

    convert_release(DATA, tmp_path / "ds", progress=False)
    train = datasets.load_dataset(str(tmp_path / "ds"), "sft", split="train",
                                  cache_dir=str(tmp_path / "hf"))
    # one row per task, the shortest ones: the point is that the rows go through as they are
    picked = []
    for task in ("dst", "action", "faithfulness", "overall"):
        rows = train.filter(lambda r, t=task: r["task"] == t)
        lengths = [len(m[0]["content"]) for m in rows["messages"]]
        picked.append(rows.select([lengths.index(min(lengths))]))
    small = datasets.concatenate_datasets(picked)
    assert isinstance(small[0]["tools"], list) and small[0]["tools"][0]["type"] == "function"

    args = SFTConfig(
        output_dir=str(tmp_path / "out"), max_steps=1, per_device_train_batch_size=4, max_length=4096,
        report_to=[], save_strategy="no", use_cpu=True, dataloader_num_workers=0, seed=0,
    )
    trainer = SFTTrainer(model=str(smollm2_dir), args=args, train_dataset=small)
    tokenized = trainer.train_dataset
    assert "input_ids" in tokenized.column_names and len(tokenized) == 4
    tokenizer = trainer.processing_class
    for row, ids in zip(small, tokenized["input_ids"], strict=True):
        text = tokenizer.decode(ids)
        assert row["messages"][-1]["content"].strip() in text  # the assistant target is in the sequence
    batch = trainer.data_collator([tokenized[i] for i in range(4)])
    assert batch["input_ids"].shape[0] == 4 and batch["labels"].shape == batch["input_ids"].shape
    assert bool((batch["labels"] != -100).any())
