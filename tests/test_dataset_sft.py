"""The ``sft`` config is accepted as is by ``trl.SFTTrainer``: tokenized (tools included) and collated; the card's
plain-TRL example trains on it with completion-only loss; ``tools`` never leak the gold API.
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
    with_tools = [r for r in small if r["tools"]]
    assert with_tools and all(t["type"] == "function" for r in with_tools for t in r["tools"])

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


# ----------------------------------------------------------------------------------------------------------------
# tools: only what the system knows at the turn


def _release_records():
    import json

    from tooldial.dialogue.record import DialogueRecord

    out = []
    for name in ("train.json", "val.json", "test.json"):
        for i, raw in enumerate(json.loads((DATA / name).read_text())):
            out.append(DialogueRecord.model_validate({**raw, "dialogue_id": f"{name}-{i}"}))
    return out


def _generated_records(embedder):
    from test_dialogue import make_corpus, make_graph

    from tooldial.dialogue.generate import GenerateConfig, generate_dialogues

    corpus = make_corpus()
    records = list(generate_dialogues(corpus, make_graph(corpus), GenerateConfig(all_combinations=True, seed=3),
                                      embedder=embedder))
    return records, corpus


def _assert_no_gold_before_retrieval(record, corpus) -> int:
    import json

    from tooldial.dataset.rows import FUNCTION_NAME_PATTERN, function_name, known_apis, task_rows

    gold = [a for a in (record.source, record.target) if a]
    checked = 0
    for row in task_rows(record, corpus)["sft"]:
        tools = json.loads(row["tools"])
        names = json.loads(row["tool_api_ids"])
        known = known_apis(record, row["turn_index"])
        assert [t["function"]["name"] for t in tools] == list(names)
        assert all(FUNCTION_NAME_PATTERN.match(n) for n in names), names
        assert list(names.values()) == known  # documented = retrieved before this turn, nothing else
        assert row["prompt"] + row["completion"] == row["messages"]
        model_input = json.dumps(row["prompt"], ensure_ascii=False) + row["tools"]
        for api in gold:
            if api in known:
                continue
            checked += 1
            assert api not in model_input, (row["id"], api)
            assert function_name(api) not in model_input, (row["id"], api)
    return checked


def test_no_gold_api_reaches_a_model_input_before_it_was_retrieved(embedder):
    records, corpus = _generated_records(embedder)
    assert len({r.sequence_id for r in records}) >= 20  # every kind of dialogue, not a lucky few
    checked = sum(_assert_no_gold_before_retrieval(r, corpus) for r in records)
    checked += sum(_assert_no_gold_before_retrieval(r, None) for r in _release_records())
    assert checked > 100  # rows before the first retrieval exist and were looked at


def test_first_turn_rows_have_no_tools_and_names_are_valid_and_unique():
    from tooldial.dataset.rows import FUNCTION_NAME_PATTERN, function_name, task_rows

    record = _release_records()[0]
    first = [r for r in task_rows(record)["sft"] if r["turn_index"] <= 1]
    assert first and all(r["tools"] == "[]" and r["tool_api_ids"] == "{}" for r in first)
    long_id = "Data|" + "x" * 80 + "|Get item (v2)"
    name = function_name(long_id)
    assert FUNCTION_NAME_PATTERN.match(name) and len(name) == 64
    assert function_name("A|b|C d") == "A__b__C_d"
    assert function_name("A|b|C d", taken={"A__b__C_d"}) != "A__b__C_d"
    assert FUNCTION_NAME_PATTERN.match(function_name("Ünïcode|tööl|ä/b"))


@pytest.mark.slow
def test_card_example_fine_tunes_with_plain_trl_and_only_completion_tokens_carry_loss(
        smollm2_dir, tmp_path, one_torch_thread):
    import math

    from tooldial.dataset.card import PLAIN_TRL_CARD_ARGS, PLAIN_TRL_EXAMPLE
    from tooldial.dataset.convert import convert_release

    convert_release(DATA, tmp_path / "ds", progress=False)
    card = (tmp_path / "ds" / "README.md").read_text()
    shown = PLAIN_TRL_EXAMPLE.format(dataset="path/or/repo_id", model="HuggingFaceTB/SmolLM2-135M-Instruct",
                                     args=PLAIN_TRL_CARD_ARGS)
    assert shown in card and len(shown.splitlines()) <= 16  # the card shows exactly the code run below
    # bf16=False: SFTConfig's default bf16 runs as CPU autocast on today's releases (2 steps took 15 min)
    args = (f'output_dir="{tmp_path / "out"}", max_length=4096, max_steps=1, per_device_train_batch_size=1, '
            'learning_rate=1e-3, report_to=[], save_strategy="no", use_cpu=True, bf16=False, '
            'dataloader_num_workers=0, seed=0')
    code = PLAIN_TRL_EXAMPLE.format(dataset=str(tmp_path / "ds"), model=str(smollm2_dir), args=args)
    namespace: dict = {}
    exec(compile(code, "dataset-card-example", "exec"), namespace)  # plain TRL + PEFT, no tooldial code
    trainer = namespace["trainer"]
    assert trainer.state.global_step == 1  # one optimizer step: the card's code trains (~50 s a step here)
    assert all(math.isfinite(e["loss"]) for e in trainer.state.log_history if "loss" in e)

    tokenizer = trainer.processing_class
    rows = namespace["sft"]
    tokenized = trainer.train_dataset
    assert len(tokenized) == len(rows) > 0
    batch = trainer.data_collator([tokenized[i] for i in range(len(tokenized))])
    for i, row in enumerate(rows):
        prompt_ids = tokenizer.apply_chat_template(row["prompt"], tools=row["tools"] or None,
                                                   add_generation_prompt=True, tokenize=True, return_dict=True)
        n_prompt = len(prompt_ids["input_ids"])
        ids, labels = batch["input_ids"][i], batch["labels"][i]
        supervised = (labels != -100).nonzero().flatten().tolist()
        assert supervised and supervised[0] == n_prompt  # every prompt token is -100, the first answer token is not
        assert labels[supervised].tolist() == ids[supervised].tolist()
        answer = tokenizer.decode(ids[supervised])
        assert answer.startswith(row["completion"][0]["content"].strip()[:40])
