"""Fine-tuning (`tooldial train`): config keys, data rules, label masking, and short real training runs.

The dataset is a tiny hand-made `sft` config (same row schema as `tooldial build` writes: parquet + a README
card with `configs:`), so these tests do not depend on the generator. Training runs use SmolLM2-135M with
2-4 steps and a tiny max_length.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.training.config import load_train_config, parse_overrides

ACTIONS = ["Retriever call", "Request", "Call", "Response", "Clarify", "Suggest"]


def _rows(n: int, *, split: str) -> list[dict]:
    """Short chats (CPU training time grows with tokens); dst prompts are longer than action prompts."""
    rows = []
    for i in range(n):
        task = "action" if i % 2 == 0 else "dst"
        history = f"User: I need the weather in city number {i}.\nSystem: Which day?"
        prompt = (f"Predict the next system action.\n{history}" if task == "action" else
                  f"Track the dialogue state as a Python dict with api_confirmed and api_status.\n{history}\n"
                  "User: Tomorrow, please.")
        target = ACTIONS[i % len(ACTIONS)] if task == "action" else "{'api_confirmed': 'false', 'api_status': 'none'}"
        messages = [{"role": "user", "content": prompt}, {"role": "assistant", "content": target}]
        rows.append({
            "id": f"{split}-{i}", "dialogue_id": f"d{i // 3}", "turn_index": i % 3, "task": task,
            "setting": "gt" if i % 3 else "nogt", "messages": messages, "tools": json.dumps([]),
        })
    return rows


def write_sft_dataset(root: Path, splits: dict[str, list[dict]], *, config: str = "sft") -> Path:
    """A dataset directory in the `tooldial build` layout: ``<config>/<split>.parquet`` + README card."""
    import datasets

    root.mkdir(parents=True, exist_ok=True)
    data_files = []
    for split, rows in splits.items():
        (root / config).mkdir(exist_ok=True)
        datasets.Dataset.from_list(rows).to_parquet(str(root / config / f"{split}.parquet"))
        data_files.append(f"  - split: {split}\n    path: {config}/{split}.parquet")
    card = f"---\nconfigs:\n- config_name: {config}\n  data_files:\n" + "\n".join(data_files) + "\n---\n# tiny\n"
    (root / "README.md").write_text(card, encoding="utf-8")
    return root


@pytest.fixture(scope="module", autouse=True)
def _one_thread(one_torch_thread):
    """Every test of this module runs with one torch thread (see conftest)."""


@pytest.fixture(scope="module")
def sft_dir(tmp_path_factory) -> Path:
    return write_sft_dataset(tmp_path_factory.mktemp("sft-ds"),
                             {"train": _rows(12, split="train"), "validation": _rows(4, split="validation")})


def _recipe(smollm2_dir: Path, dataset: Path, out: Path, **extra) -> dict:
    recipe = {
        "model_name_or_path": str(smollm2_dir), "dataset": str(dataset), "output_dir": str(out),
        "r": 8, "lora_alpha": 16, "lora_dropout": 0.0, "target_modules": "all-linear",
        "max_steps": 3, "per_device_train_batch_size": 2, "learning_rate": 3e-3, "max_length": 256,
        "activation_checkpointing": False, "bf16": False, "logging_steps": 1, "save_steps": 2, "seed": 0,
        "disable_tqdm": True,
    }
    recipe.update(extra)
    return recipe


# --- config ---------------------------------------------------------------------------------------------


def test_recipes_in_repo_resolve():
    repo = Path(__file__).resolve().parents[1]
    recipes = sorted((repo / "train").glob("*.yaml"))
    assert {p.name for p in recipes} >= {"smoke-cpu.yaml", "td-llama.yaml", "small-gpu.yaml"}
    for path in recipes:
        resolved = load_train_config(path)
        resolved.build_lora_config()
    td = load_train_config(repo / "train" / "td-llama.yaml")
    assert (td.lora["r"], td.lora["lora_alpha"], td.lora["lora_dropout"]) == (64, 16, 0.1)
    assert td.tooldial.load_in_4bit and td.tooldial.bnb_4bit_quant_type == "nf4"
    assert td.tooldial.bnb_4bit_use_double_quant and td.sft["learning_rate"] == 1e-5


def test_overrides_are_coerced_and_routed(tmp_path):
    recipe = tmp_path / "r.yaml"
    recipe.write_text("model_name_or_path: m\ndataset: d\noutput_dir: o\nlearning_rate: 1e-5\nr: 4\n")
    resolved = load_train_config(recipe, ["--max_steps", "8", "--r=16", "--merge", "--target_modules",
                                          "[q_proj, v_proj]", "--max-chars-by-task", "{faithfulness: 10000}"])
    assert resolved.sft["learning_rate"] == 1e-5  # YAML 1.1 reads 1e-5 as a string
    assert resolved.sft["max_steps"] == 8 and resolved.lora["r"] == 16
    assert resolved.lora["target_modules"] == ["q_proj", "v_proj"]
    assert resolved.tooldial.merge is True
    assert resolved.tooldial.max_chars_by_task == {"faithfulness": 10000}
    assert load_train_config(tmp_path / "r.yaml", {"hub_model_id": "123"}).sft["hub_model_id"] == "123"
    assert "max_steps: 8" in resolved.to_yaml()


def test_bad_keys_name_the_key_and_suggest(tmp_path):
    recipe = tmp_path / "r.yaml"
    recipe.write_text("model_name_or_path: m\ndataset: d\noutput_dir: o\nlora_alpah: 4\n")
    with pytest.raises(ConfigError, match=r"r\.yaml: lora_alpah: unknown config key `lora_alpah`; did you mean "
                                          r"`lora_alpha`"):
        load_train_config(recipe)
    recipe.write_text("model_name_or_path: m\ndataset: d\noutput_dir: o\n")
    with pytest.raises(ConfigError, match="command line: max_step: .*did you mean `max_steps`"):
        load_train_config(recipe, ["--max_step", "3"])
    with pytest.raises(ConfigError, match="max_steps: cannot use 'three'"):
        load_train_config(recipe, ["--max_steps", "three"])
    with pytest.raises(ConfigError, match="long_examples"):
        load_train_config(recipe, {"long_examples": "drop"})
    with pytest.raises(ConfigError, match="missing required key `dataset`"):
        load_train_config({"model_name_or_path": "m", "output_dir": "o"})


def test_yaml_alias_bomb_and_huge_recipes_fail_fast_in_one_line(tmp_path):
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    bomb = tmp_path / "bomb.yaml"  # 9**9 (387 million) strings when expanded, 600 bytes on disk
    bomb.write_text("\n".join(["model_name_or_path: m", "dataset: d", "output_dir: o", *levels[:-1],
                               levels[-1].replace("a8: ", "target_modules: ")]) + "\n")
    with pytest.raises(ConfigError) as err:
        load_train_config(bomb)
    message = str(err.value)
    assert "more than 100,000 values" in message and "\n" not in message and len(message) < 300

    huge = tmp_path / "huge.yaml"
    huge.write_text("model_name_or_path: m\n# " + "x" * (2 << 20) + "\n")
    with pytest.raises(ConfigError, match="at most 1,048,576 are read"):
        load_train_config(huge)
    broken = tmp_path / "broken.yaml"
    broken.write_text("model_name_or_path: [m\n")
    with pytest.raises(ConfigError, match=r"not valid YAML: .*\(line \d+, column \d+\)$"):
        load_train_config(broken)
    long_value = tmp_path / "long.yaml"  # a bad value is named, never printed whole
    long_value.write_text("model_name_or_path: m\ndataset: d\noutput_dir: o\nmax_steps: " + "9x" * 5000 + "\n")
    with pytest.raises(ConfigError) as err:
        load_train_config(long_value)
    assert "max_steps" in str(err.value) and len(str(err.value)) < 400


def test_a_trl_recipe_loads_with_the_same_meaning(tmp_path):
    from trl import ModelConfig, ScriptArguments, SFTConfig, TrlParser

    recipe = tmp_path / "trl.yaml"  # as TRL's own sft script takes it
    recipe.write_text("model_name_or_path: HuggingFaceTB/SmolLM2-135M-Instruct\ndataset_name: org/tooldial\n"
                      "dataset_config: sft\ndataset_train_split: train\noutput_dir: out\nmax_steps: 5\n"
                      "use_peft: true\nlora_r: 8\nlora_alpha: 16\nlora_target_modules: [q_proj, v_proj]\n"
                      "dtype: float32\nlearning_rate: 1.0e-4\nbf16: false\n")
    script, sft, model = TrlParser((ScriptArguments, SFTConfig, ModelConfig)).parse_args_and_config(
        ["--config", str(recipe), "--lora_r", "4"])
    ours = load_train_config(recipe, ["--lora_r", "4"])
    assert ours.tooldial.dataset == script.dataset_name and ours.tooldial.dataset_config == script.dataset_config
    assert ours.lora["r"] == model.lora_r == 4 and ours.lora["target_modules"] == model.lora_target_modules
    assert ours.lora["lora_alpha"] == model.lora_alpha and ours.tooldial.use_peft == model.use_peft
    assert ours.sft["max_steps"] == sft.max_steps and ours.sft["learning_rate"] == sft.learning_rate
    assert ours.sft["model_init_kwargs"] == {"dtype": model.dtype}
    both = tmp_path / "both.yaml"
    both.write_text("model_name_or_path: m\ndataset: d\noutput_dir: o\nr: 8\nlora_r: 4\n")
    with pytest.raises(ConfigError, match="keep one"):
        load_train_config(both)


def test_model_card_names_base_model_dataset_recipe_and_evaluation_with_intervals():
    from huggingface_hub import ModelCard

    from tooldial.model_resolver import SMOLLM2_HUB_ID
    from tooldial.training.model_card import render_model_card

    evaluation = {"config": {"split": "test", "limit": 50},
                  "provenance": {"dataset_source": "generated", "dataset_corpus": "builtin"},
                  "tasks": {"action": {"gt": {"accuracy": 0.5, "accuracy_ci": [0.3634, 0.6366], "n": 50}}}}
    text = render_model_card(base_model="smollm2-135m-local", base_model_id=SMOLLM2_HUB_ID, dataset="org/tooldial",
                             recipe_yaml="max_steps: 4\n", metrics={"global_step": 4, "loss_first": 3.1,
                                                                   "loss_last": 1.2, "rows": "2/2 rows kept"},
                             evaluation=evaluation)
    card = ModelCard(text)
    assert card.data.base_model == SMOLLM2_HUB_ID and card.data.datasets == ["org/tooldial"]
    assert "max_steps: 4" in text and "[None]" not in text
    assert "| action | gt | 50.0 [36.3, 63.7] | 50 |" in text and "not the paper's" in text


def test_parse_overrides():
    assert parse_overrides(["--a", "1", "--flag", "--b=x y", "--c-d", "2"]) == {
        "a": "1", "flag": True, "b": "x y", "c_d": "2"}
    with pytest.raises(ConfigError):
        parse_overrides(["oops"])


# --- data -----------------------------------------------------------------------------------------------


def test_missing_sft_config_is_a_clear_error(tmp_path, smollm2_dir):
    from tooldial.training import train

    ds = write_sft_dataset(tmp_path / "ds", {"train": _rows(2, split="train")}, config="dst")
    with pytest.raises(ConfigError, match=r"no `sft` config in this dataset \(it has: dst\)"):
        train(_recipe(smollm2_dir, ds, tmp_path / "out"))
    with pytest.raises(ConfigError, match="dataset not found"):
        train(_recipe(smollm2_dir, tmp_path / "nowhere", tmp_path / "out"))


def test_model_without_chat_template_is_a_clear_error(tmp_path, smollm2_dir, sft_dir):
    import shutil

    from tooldial.training import train

    bare = tmp_path / "bare-model"
    shutil.copytree(smollm2_dir, bare)
    (bare / "chat_template.jinja").unlink(missing_ok=True)
    config = json.loads((bare / "tokenizer_config.json").read_text())
    config.pop("chat_template", None)
    (bare / "tokenizer_config.json").write_text(json.dumps(config))
    with pytest.raises(ConfigError, match="no chat template.*--chat_template"):
        train(_recipe(bare, sft_dir, tmp_path / "out"))


def test_length_rule_skips_and_counts(smollm2_dir, sft_dir):
    from transformers import AutoTokenizer

    from tooldial.training.trainer import prepare_datasets

    tokenizer = AutoTokenizer.from_pretrained(smollm2_dir)
    full, _, report = prepare_datasets(load_train_config(_recipe(smollm2_dir, sft_dir, "o", max_length=4096)),
                                       tokenizer)
    assert report.rows == report.kept == 12 and report.skipped_tokens == 0
    lengths = sorted(
        len(tokenizer.apply_chat_template(r["prompt"] + r["completion"])["input_ids"]) for r in full)
    # dst prompts are longer than action prompts: a limit between them skips exactly the dst rows
    limit = (lengths[5] + lengths[6]) // 2
    assert lengths[5] < limit < lengths[6]
    kept, _, report = prepare_datasets(load_train_config(_recipe(smollm2_dir, sft_dir, "o", max_length=limit)),
                                       tokenizer)
    assert (report.kept, report.skipped_tokens) == (6, 6) and len(kept) == 6
    assert report.by_task["dst"]["skipped_tokens"] == 6 and report.by_task["action"]["kept"] == 6
    _, _, report = prepare_datasets(load_train_config(
        _recipe(smollm2_dir, sft_dir, "o", max_length=limit, long_examples="truncate")), tokenizer)
    assert (report.kept, report.truncated) == (12, 6)
    _, _, report = prepare_datasets(load_train_config(
        _recipe(smollm2_dir, sft_dir, "o", max_length=4096, max_chars=10**6, max_chars_by_task={"dst": 100})),
        tokenizer)
    assert report.skipped_chars == 6 and report.kept == 6
    _, _, report = prepare_datasets(load_train_config(
        _recipe(smollm2_dir, sft_dir, "o", max_length=4096, tasks=["action"], settings=["gt"])), tokenizer)
    assert report.rows == len([r for r in _rows(12, split="train") if r["task"] == "action" and r["setting"] == "gt"])


def test_labels_mask_the_prompt(smollm2_dir, sft_dir, tmp_path):
    """Only the assistant answer and its end-of-turn token are supervised."""
    from transformers import AutoTokenizer
    from trl import SFTTrainer

    from tooldial.training.trainer import _sft_defaults, prepare_datasets

    resolved = load_train_config(_recipe(smollm2_dir, sft_dir, tmp_path / "o", max_length=4096))
    tokenizer = AutoTokenizer.from_pretrained(smollm2_dir)
    rows, _, _ = prepare_datasets(resolved, tokenizer)
    trainer = SFTTrainer(model=str(smollm2_dir), args=resolved.build_sft_config(**_sft_defaults(resolved)),
                         train_dataset=rows, processing_class=tokenizer, peft_config=resolved.build_lora_config())
    for raw, prepared in zip(rows, trainer.train_dataset, strict=True):
        labels = prepared["labels"]
        first = next(i for i, t in enumerate(labels) if t != -100)
        supervised = labels[first:]
        assert -100 not in supervised  # one contiguous supervised span: the answer at the end
        assert supervised == prepared["input_ids"][first:]
        assert tokenizer.decode(supervised) == raw["completion"][0]["content"] + "<|im_end|>\n"
        prompt_text = tokenizer.decode(prepared["input_ids"][:first])
        assert raw["prompt"][0]["content"][-40:] in prompt_text and prompt_text.endswith("assistant\n")


# --- training runs --------------------------------------------------------------------------------------


def test_loss_decreases_and_adapter_loads(smollm2_dir, tmp_path):
    """A repeated tiny batch: the loss must fall; the saved adapter must load with peft and change outputs."""
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from tooldial.training import train

    rows = _rows(2, split="train")
    ds = write_sft_dataset(tmp_path / "ds", {"train": rows})
    out = tmp_path / "run"
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = train(_recipe(smollm2_dir, ds, out, max_steps=4, save_steps=2, merge=True))
    # saving never looks the base model up on the Hub (peft's vocabulary check reads the local config.json)
    assert not [w for w in caught if "Could not find a config file" in str(w.message)]
    assert result.global_step == 4 and len(result.loss_history) == 4
    assert result.loss_last < result.loss_first * 0.8
    assert result.train_tokens > 0 and result.tokens_per_second > 0
    for name in ("adapter_config.json", "adapter_model.safetensors", "tokenizer_config.json",
                 "train_config.yaml", "train_metrics.json", "loss.png"):
        assert (out / name).is_file(), name
    metrics = json.loads((out / "train_metrics.json").read_text())
    assert metrics["train_rows"]["kept"] == 2 and metrics["loss_first"] == result.loss_first
    assert load_train_config(out / "train_config.yaml").sft["max_steps"] == 4
    # shareable: the adapter names the base model's Hub id (not our cache path), and so does its model card
    from tooldial.model_resolver import SMOLLM2_HUB_ID, resolve_model

    assert json.loads((out / "adapter_config.json").read_text())["base_model_name_or_path"] == SMOLLM2_HUB_ID
    for checkpoint in sorted(out.glob("checkpoint-*")):  # checkpoints name it too (save_steps=2: two of them)
        assert json.loads((checkpoint / "adapter_config.json").read_text())["base_model_name_or_path"] == SMOLLM2_HUB_ID
    card = (out / "README.md").read_text()
    assert f"base_model: {SMOLLM2_HUB_ID}" in card and "[None]" not in card
    assert str(ds) in card and "max_steps: 4" in card  # dataset and recipe
    assert resolve_model(None, str(out)).path == str(smollm2_dir.resolve())  # --adapter alone finds its base

    tokenizer = AutoTokenizer.from_pretrained(out)
    base = AutoModelForCausalLM.from_pretrained(smollm2_dir)
    batch = tokenizer.apply_chat_template(rows[0]["messages"], return_tensors="pt", return_dict=True)
    with torch.no_grad():
        before = base(**batch).logits
        tuned = PeftModel.from_pretrained(base, out)
        after = tuned(**batch).logits
        merged = AutoModelForCausalLM.from_pretrained(result.merged_dir)(**batch).logits
    assert not torch.allclose(before, after)
    assert torch.allclose(after, merged, atol=2e-3)  # --merge folds the same adapter into the weights


def test_resume_from_checkpoint(smollm2_dir, sft_dir, tmp_path):
    from tooldial.training import train

    out = tmp_path / "run"
    first = train(_recipe(smollm2_dir, sft_dir, out, max_steps=2, max_length=256, save_steps=2))
    assert first.global_step == 2 and (out / "checkpoint-2").is_dir()
    with pytest.raises(ConfigError, match="checkpoint-2 from an earlier run: pass --resume"):
        train(_recipe(smollm2_dir, sft_dir, out, max_steps=4, max_length=256))
    second = train(_recipe(smollm2_dir, sft_dir, out, max_steps=3, max_length=256, save_steps=2, resume=True))
    assert second.resumed_from.endswith("checkpoint-2")
    assert second.global_step == 3 and [s for s, _ in second.loss_history] == [1, 2, 3]


def test_cli_reports_errors_in_one_line(tmp_path, capsys):
    from tooldial.cli import main

    recipe = tmp_path / "r.yaml"
    recipe.write_text("model_name_or_path: m\ndataset: d\noutput_dir: o\n")
    assert main(["train", "--config", str(recipe), "--lora_rank", "4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial: command line: lora_rank: unknown config key") and err.count("\n") == 1
    assert main(["train", "--config", str(recipe), "--max_steps", "5", "--print-config"]) == 0
    assert "max_steps: 5" in capsys.readouterr().out


def _dialogue_rows(n_turns: int) -> list[dict]:
    """Action rows of one dialogue, one per turn: the history grows, and the last turn's label is its own."""
    rows = []
    for turn in range(1, n_turns + 1):
        history = "\n".join(f"User: line {i} about the forecast for city number {i}.\nSystem: noted {i}."
                            for i in range(turn))
        prompt = f"Predict the next system action.\nDialogue History:\n{history}\nUser: and now?\nSystem:\n"
        target = "- Action:system_bye" if turn == n_turns else "- Action:request"
        rows.append({"id": f"t{turn}", "dialogue_id": "d", "turn_index": turn, "task": "action", "setting": "gt",
                     "messages": [{"role": "user", "content": prompt}, {"role": "assistant", "content": target}],
                     "tools": json.dumps([])})
    return rows


def test_trim_history_keeps_late_turns_that_skip_drops(smollm2_dir, tmp_path):
    """`skip` loses exactly the long late turns (and their labels); `trim_history` keeps every row within
    max_length by dropping the fewest oldest history lines, instruction, latest turn and answer intact."""
    from transformers import AutoTokenizer

    from tooldial.training.data import HISTORY_MARKER, trim_history
    from tooldial.training.trainer import prepare_datasets

    tokenizer = AutoTokenizer.from_pretrained(smollm2_dir)
    rows = _dialogue_rows(12)
    dataset = write_sft_dataset(tmp_path / "ds", {"train": rows})

    def length(row) -> int:
        return len(tokenizer.apply_chat_template(row["prompt"] + row["completion"])["input_ids"])

    limit = 160
    skipped, _, report = prepare_datasets(load_train_config(
        _recipe(smollm2_dir, dataset, tmp_path / "o", max_length=limit)), tokenizer)
    assert 0 < report.skipped_tokens < len(rows) and report.trimmed == 0
    assert "- Action:system_bye" not in {r["completion"][0]["content"] for r in skipped}
    trimmed, _, report = prepare_datasets(load_train_config(
        _recipe(smollm2_dir, dataset, tmp_path / "o", max_length=limit, long_examples="trim_history")), tokenizer)
    assert report.kept == len(rows) and report.skipped_tokens == 0
    assert report.trimmed == len(rows) - len(skipped) and report.by_task["action"]["trimmed"] == report.trimmed
    assert "- Action:system_bye" in {r["completion"][0]["content"] for r in trimmed}
    for row, original in zip(trimmed, rows, strict=True):
        assert length(row) <= limit and row["completion"][0]["content"] == original["messages"][-1]["content"]
        text, source = row["prompt"][-1]["content"], original["messages"][0]["content"]
        assert text.startswith("Predict the next system action.\n" + HISTORY_MARKER)
        assert source.endswith(text[text.index(HISTORY_MARKER) + len(HISTORY_MARKER):])  # a suffix of the history
    # the fewest lines: one more line back would not fit
    last = {"prompt": [{"role": "user", "content": rows[-1]["messages"][0]["content"]}],
            "completion": rows[-1]["messages"][-1:], "tools": None}
    cut = trim_history(last, tokenizer, limit)
    kept_lines = cut["prompt"][0]["content"].split(HISTORY_MARKER)[1].split("\n")
    all_lines = last["prompt"][0]["content"].split(HISTORY_MARKER)[1].split("\n")
    one_more = {**last, "prompt": [{"role": "user", "content": last["prompt"][0]["content"].split(HISTORY_MARKER)[0]
                                    + HISTORY_MARKER + "\n".join(all_lines[-len(kept_lines) - 1:])}]}
    assert cut["history_trimmed"] and length(cut) <= limit < length(one_more)
    # a long row without a history marker cannot be trimmed: left as it is (the length rule skips it)
    plain = {**last, "prompt": [{"role": "user", "content": "x " * 400}]}
    assert trim_history(plain, tokenizer, limit) == {**plain, "history_trimmed": False}
