"""``hf``: a local transformers causal LM, optionally with a LoRA adapter (peft).

The chat template is applied with a generation prompt, the task's assistant prefix appended, prompts are
sorted by length and generated in left-padded batches (greedy unless a temperature is asked for). Stop strings
are passed to ``generate`` (``stop_strings``) so a trace stops where an observation starts, and cut off the
completion.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

from tooldial.errors import ConfigError
from tooldial.evaluation.backends.base import Backend, GenerationRequest
from tooldial.evaluation.traces import cut_at_stop


def _adapter_digest(adapter: str) -> str:
    """Content hash of the adapter weights, so retraining into the same folder invalidates the cache."""
    h = hashlib.sha256()
    root = Path(adapter)
    for path in sorted(root.glob("adapter_*")) if root.is_dir() else []:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


class HFBackend(Backend):
    name = "hf"

    def __init__(self, model: str | None, adapter: str | None = None, *, batch_size: int = 8,
                 device: str | None = None, dtype: str = "auto", seed: int = 0, merge_adapter: bool = True,
                 **_: object) -> None:
        super().__init__()
        if not model and not adapter:
            raise ConfigError("the hf backend needs --model PATH_OR_ID (or --adapter DIR)", field="model")
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        from tooldial.model_resolver import resolve_model

        # aliases (smollm2-135m-local), local dirs, Hub ids; an adapter alone names its base model
        resolved = resolve_model(model, adapter)
        self.model_name = resolved.path
        self.adapter = resolved.adapter
        self.batch_size = max(1, int(batch_size))
        self.seed = seed
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.model_name)
            torch_dtype: Any = dtype if dtype == "auto" else getattr(torch, dtype)
            # straight onto the accelerator when there is one (an 8B model need not pass through CPU memory)
            placement = {"device_map": self.device} if self.device != "cpu" else {}
            lm = AutoModelForCausalLM.from_pretrained(self.model_name, dtype=torch_dtype, **placement)
        except OSError as exc:
            raise ConfigError(f"cannot load model: {exc}", file=self.model_name, field="model") from None
        if self.adapter:
            from peft import PeftModel

            if not (Path(self.adapter) / "adapter_config.json").is_file():
                raise ConfigError("not a peft adapter folder (no adapter_config.json)", file=self.adapter,
                                  field="adapter")
            lm = PeftModel.from_pretrained(lm, self.adapter)
            if merge_adapter:
                lm = lm.merge_and_unload()
        self.model = lm.to(self.device).eval()
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self._adapter_digest = _adapter_digest(self.adapter) if self.adapter else None

    def fingerprint(self) -> dict[str, Any]:
        return {
            "backend": self.name,
            "model": self.model_name,
            "adapter": self.adapter,
            "adapter_digest": self._adapter_digest,
        }

    def describe(self) -> dict[str, Any]:
        return {**self.fingerprint(), "batch_size": self.batch_size, "device": self.device,
                "dtype": str(self.model.dtype)}

    def render(self, request: GenerationRequest) -> str:
        """The exact prompt text: chat template with generation prompt, then the assistant prefix."""
        text = self.tokenizer.apply_chat_template(request.messages, tokenize=False, add_generation_prompt=True)
        return text + request.assistant_prefix

    def plan_batches(self, requests: list[GenerationRequest]) -> list[tuple[list[int], dict[str, Any], Any]]:
        """Group requests by decoding settings, sort by prompt length, cut into padded batches.

        Returns ``(indices, generate_kwargs, encoded_batch)`` triples — exactly what :meth:`generate` runs, so
        a benchmark can time the bare ``model.generate`` calls on the same batches.
        """
        texts = [self.render(r) for r in requests]
        ids = self.tokenizer(texts, add_special_tokens=False)["input_ids"]
        groups: dict[tuple[int, float, tuple[str, ...]], list[int]] = {}
        for i, r in enumerate(requests):
            groups.setdefault((r.max_new_tokens, r.temperature, tuple(r.stop)), []).append(i)
        plan = []
        for (max_new, temperature, stop), members in groups.items():
            members.sort(key=lambda i: -len(ids[i]))
            for start in range(0, len(members), self.batch_size):
                chunk = members[start : start + self.batch_size]
                batch = self.tokenizer.pad({"input_ids": [ids[i] for i in chunk]}, padding=True, return_tensors="pt")
                kwargs: dict[str, Any] = {
                    "max_new_tokens": max_new,
                    "pad_token_id": self.tokenizer.pad_token_id,
                    "do_sample": temperature > 0,
                }
                if temperature > 0:
                    kwargs["temperature"] = temperature
                else:
                    kwargs.update(temperature=None, top_p=None, top_k=None)
                if stop:
                    kwargs.update(stop_strings=list(stop), tokenizer=self.tokenizer)
                plan.append((chunk, kwargs, batch))
        return plan

    def run_batch(self, kwargs: dict[str, Any], batch: Any) -> list[str]:
        import torch

        batch = {k: v.to(self.device) for k, v in batch.items()}
        if kwargs.get("do_sample"):
            torch.manual_seed(self.seed)
        with torch.inference_mode():
            out = self.model.generate(**batch, **kwargs)
        new_tokens = out[:, batch["input_ids"].shape[1] :]
        return self.tokenizer.batch_decode(new_tokens, skip_special_tokens=True)

    def generate(self, requests: list[GenerationRequest]) -> list[str]:
        out = [""] * len(requests)
        logging.getLogger("transformers.generation.utils").setLevel(logging.ERROR)
        for indices, kwargs, batch in self.plan_batches(requests):
            for i, text in zip(indices, self.run_batch(kwargs, batch), strict=True):
                out[i] = cut_at_stop(text, requests[i].stop)
        return out

    def close(self) -> None:
        self.model = None  # type: ignore[assignment]
