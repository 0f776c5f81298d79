"""Model backends end to end: ``hf`` with SmolLM2-135M (plain and with a LoRA adapter made here), the prediction
cache (a rerun makes no backend call), and ``openai`` against the real local server (``openai_server``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tooldial.evaluation import EvalConfig, GenerationRequest, evaluate, make_backend

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def eval_dataset(tmp_path_factory) -> Path:
    from test_eval import write_eval_dataset

    return write_eval_dataset(tmp_path_factory.mktemp("eval-ds-models"))


@pytest.fixture(scope="module", autouse=True)
def _one_thread(one_torch_thread):
    """Every test of this module runs with one torch thread (see conftest)."""


@pytest.fixture(scope="module")
def hf_backend(smollm2_dir):
    backend = make_backend("hf", model=str(smollm2_dir), batch_size=4)
    yield backend
    backend.close()


@pytest.fixture(scope="module")
def lora_adapter(smollm2_dir, tmp_path_factory) -> Path:
    """A randomly initialised LoRA adapter (B not zero, so it changes the model), saved like a trained one."""
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_pretrained(smollm2_dir)
    peft_model = get_peft_model(model, LoraConfig(r=4, lora_alpha=64, target_modules=["q_proj", "v_proj"],
                                                  init_lora_weights=False))
    path = tmp_path_factory.mktemp("lora") / "adapter"
    peft_model.save_pretrained(path)
    return path


def _config(dataset: Path, out: Path, cache: Path, backend: str, **fields) -> EvalConfig:
    return EvalConfig.expand(fields.pop("task", "action"), fields.pop("setting", "gt"), backend=backend,
                             dataset=str(dataset), out=str(out), cache_dir=str(cache), progress=False,
                             **fields)


def test_hf_backend_left_pads_batches_and_matches_single_generation(hf_backend):
    messages = [{"role": "user", "content": "Say hello."}]
    long = [{"role": "user", "content": "Please list three colours of the rainbow, separated by commas."}]
    requests = [GenerationRequest(task="action", messages=m, assistant_prefix="- Action:", max_new_tokens=6)
                for m in (messages, long)]
    batched = hf_backend.generate(requests)
    single = [hf_backend.generate([r])[0] for r in requests]
    assert batched == single and all(isinstance(t, str) and t for t in batched)
    assert hf_backend.tokenizer.padding_side == "left"
    assert hf_backend.render(requests[0]).endswith("assistant\n- Action:")


def test_hf_end_to_end_resumes_from_cache_and_keys_by_adapter(hf_backend, eval_dataset, lora_adapter, tmp_path):
    cache = tmp_path / "cache"
    # the first rows of a dialogue have the shortest histories: cheap prompts for a CPU test
    config = _config(eval_dataset, tmp_path / "base", cache, "hf", model=hf_backend.model_name, limit=1,
                     max_new_tokens=4, task="action")
    first = evaluate(config, backend=hf_backend)
    metrics = first["tasks"]["action"]["gt"]
    assert metrics["n"] == 1 and metrics["backend_requests"] == 1 and 0.0 <= metrics["accuracy"] <= 1.0
    assert sum(metrics["confusion_matrix"]["matrix"][i][j] for i in range(8) for j in range(9)) == 1
    records = [json.loads(line) for line in (tmp_path / "base" / "predictions.jsonl").read_text().splitlines()]
    assert len(records) == 1 and all(r["error_kind"] or r["correct"] for r in records)

    again = evaluate(config.model_copy(update={"out": str(tmp_path / "again")}), backend=hf_backend)
    assert again["generation"]["backend_requests"] == 0 and again["generation"]["cache_hits"] == 1
    assert [json.loads(line)["prediction"] for line in (tmp_path / "again" / "predictions.jsonl").read_text()
            .splitlines()] == [r["prediction"] for r in records]

    # the same run with a LoRA adapter is another model: nothing comes from the base model's cache entries
    # (--adapter alone: the base model is read from adapter_config.json)
    adapted = make_backend("hf", model=None, adapter=str(lora_adapter), batch_size=4)
    try:
        assert adapted.model_name == str(Path(hf_backend.model_name).resolve())
        assert adapted.fingerprint()["adapter_digest"]
        lora = evaluate(config.model_copy(update={"out": str(tmp_path / "lora"), "adapter": str(lora_adapter)}),
                        backend=adapted)
    finally:
        adapted.close()
    assert lora["generation"]["backend_requests"] == 1
    assert lora["backend"]["adapter"] == str(lora_adapter)
    lora_predictions = [json.loads(line)["prediction"] for line in
                        (tmp_path / "lora" / "predictions.jsonl").read_text().splitlines()]
    assert lora_predictions != [r["prediction"] for r in records]  # the adapter is really applied
    assert "+adapter" in (tmp_path / "lora" / "report.md").read_text()


def test_hf_overall_generates_multi_round_traces(hf_backend, eval_dataset, tmp_path):
    config = _config(eval_dataset, tmp_path / "overall", tmp_path / "cache", "hf", model=hf_backend.model_name,
                     limit=1, max_new_tokens=8, task="overall")
    result = evaluate(config, backend=hf_backend)["tasks"]["overall"]["gt"]
    assert result["n"] == 1 and result["backend_requests"] >= 1
    assert sum(result["error_kinds"].values()) == result["n"] - result["correct"]


def test_openai_backend_and_judge_against_a_real_server(openai_server, eval_dataset, tmp_path):
    cache = tmp_path / "cache"
    config = _config(eval_dataset, tmp_path / "openai", cache, "openai", model=openai_server.model,
                     base_url=openai_server.base_url, limit=1, max_new_tokens=2, task="action")
    before = openai_server.request_count()
    result = evaluate(config)["tasks"]["action"]["gt"]
    assert result["n"] == 1 and result["backend_requests"] == 1 and result["backend_failures"] == 0
    assert openai_server.request_count() - before == 1
    again = evaluate(config.model_copy(update={"out": str(tmp_path / "again")}))
    assert again["tasks"]["action"]["gt"]["backend_requests"] == 0

    faith = _config(eval_dataset, tmp_path / "faith", cache, "openai", model=openai_server.model,
                    base_url=openai_server.base_url, limit=1, max_new_tokens=3, task="faithfulness",
                    judge_base_url=openai_server.base_url, judge_model=openai_server.model, judge_n=2)
    metrics = evaluate(faith)["tasks"]["faithfulness"]["nogt"]
    assert metrics["n"] == 1 and metrics["judge"]["n"] == 2 and metrics["judge_failures"] == 0
    record = json.loads((tmp_path / "faith" / "predictions.jsonl").read_text().splitlines()[0])
    assert len(record["verdicts"]) == 2 and record["score"] in (0.0, 0.5, 1.0)
    assert metrics["accuracy"] == record["score"]


def test_max_length_trims_oldest_history_lines_like_training_and_counts_them(hf_backend, eval_dataset, tmp_path):
    """`--max-length N`: each action prompt's oldest history lines are dropped (training's trim_history) until the
    prompt and its max_new_tokens fit N tokens; counted per setting, recorded, and keyed in the cache by the
    prompt actually sent. Without it, prompts are sent whole and results carry no trace of the option."""
    from tooldial.errors import ConfigError
    from tooldial.evaluation.benchmark import load_benchmark
    from tooldial.evaluation.prompt_fit import PromptFitter
    from tooldial.evaluation.runner import dataset_profile, load_rows
    from tooldial.evaluation.tasks import ActionTask
    from tooldial.training.data import HISTORY_MARKER

    limit, new_tokens, max_length = 5, 4, 700  # the first 5 rows: 501..990 tokens, three of them over 700
    spec = load_benchmark(None).tasks["action"].model_copy(update={"max_new_tokens": new_tokens})
    rows = load_rows(str(eval_dataset), spec.config, "test", "gt", limit)
    requests = [ActionTask().request(row, "gt", spec, profile=dataset_profile(str(eval_dataset))) for row in rows]

    def size(request: GenerationRequest) -> int:
        return len(hf_backend.tokenizer(hf_backend.render(request), add_special_tokens=False)["input_ids"])

    over = [size(r) + new_tokens > max_length for r in requests]
    assert 0 < sum(over) < len(rows)
    fitter = PromptFitter(hf_backend.tokenizer, max_length)
    fitted = [fitter.fit(r) for r in requests]
    assert [cut for _, cut in fitted] == over
    for (request, cut), original in zip(fitted, requests, strict=True):
        assert size(request) + new_tokens <= max_length
        if not cut:
            assert request is original
            continue
        head, _, history = original.messages[-1]["content"].partition(HISTORY_MARKER)
        kept_head, _, kept = request.messages[-1]["content"].partition(HISTORY_MARKER)
        lines, kept_lines = history.split("\n"), kept.split("\n")
        # the instruction whole, the newest lines whole, only the oldest dropped: the fewest that make it fit
        assert kept_head == head and 1 <= len(kept_lines) < len(lines) and lines[-len(kept_lines):] == kept_lines
        one_more = request.model_copy(update={"messages": [{**request.messages[-1], "content": head + HISTORY_MARKER
                                                            + "\n".join(lines[-len(kept_lines) - 1:])}]})
        assert size(one_more) + new_tokens > max_length - 2  # (the trimmed row ends with <|im_end|>\n: 2 tokens)

    config = _config(eval_dataset, tmp_path / "fit", tmp_path / "cache", "hf", model=hf_backend.model_name,
                     limit=limit, max_new_tokens=new_tokens, max_length=max_length)
    results = evaluate(config, backend=hf_backend)
    assert results["tasks"]["action"]["gt"]["history_trimmed"] == sum(over)
    assert results["prompt_fit"]["max_length"] == max_length
    assert results["prompt_fit"]["function"] == "tooldial.training.data.trim_history"
    records = [json.loads(line) for line in (tmp_path / "fit" / "predictions.jsonl").read_text().splitlines()]
    assert [r["input_hash"] for r in records] == [r.input_hash() for r, _ in fitted]  # what was sent, cached

    whole = evaluate(config.model_copy(update={"out": str(tmp_path / "whole"), "max_length": None}),
                     backend=hf_backend)
    assert "prompt_fit" not in whole and "history_trimmed" not in whole["tasks"]["action"]["gt"]
    assert whole["generation"]["backend_requests"] == sum(over)  # the prompts that fitted came from the cache
    with pytest.raises(ConfigError, match="max-length"):
        evaluate(_config(eval_dataset, tmp_path / "rule", tmp_path / "cache", "rule", max_length=max_length))
