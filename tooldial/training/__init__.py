"""Fine-tuning on the `sft` config: TRL ``SFTTrainer`` + PEFT LoRA/QLoRA, driven by a flat YAML recipe.

``train(config, overrides)`` runs one recipe (see ``train/*.yaml``); ``load_train_config`` resolves and checks one
without training. Heavy imports (torch, trl) happen inside the functions.
"""

from tooldial.training.config import ResolvedConfig, TrainConfig, load_train_config, parse_overrides

__all__ = ["ResolvedConfig", "TrainConfig", "TrainResult", "load_train_config", "parse_overrides", "train"]


def __getattr__(name: str):
    if name in ("train", "TrainResult"):
        from tooldial.training import trainer

        return getattr(trainer, name)
    raise AttributeError(name)
