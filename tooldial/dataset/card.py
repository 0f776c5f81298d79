"""The dataset card (``README.md``) and the statistics plot, from the data.

The YAML header is built with ``huggingface_hub``'s :class:`~huggingface_hub.DatasetCardData` plus the
``datasets`` classes that write ``configs`` and ``dataset_info`` for ``push_to_hub`` (``MetadataConfigs``,
``DatasetInfosDict``), so the Hub reads it as it reads its own cards; the body documents every field, the
build's provenance and the data's limitations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tooldial.dataset.features import CONFIG_NAMES, DESCRIPTIONS, FEATURES, FIELD_DOCS, SPLITS, feature_type
from tooldial.dataset.info import CITATION, BuildInfo
from tooldial.dataset.stats import DatasetStats

PLOT_NAME = "tooldial_stats.png"
#: Lines of the example dialogue shown in the card (long dialogues are cut).
EXAMPLE_LINES = 60
#: License when nothing says otherwise: the dialogues derive from API documentation whose terms we do not know.
DEFAULT_LICENSE = "other"

#: Fine-tuning on the ``sft`` config with plain TRL + PEFT (no tooldial code). The card shows it with
#: ``dataset="USER/tooldial"``, ``model="HuggingFaceTB/SmolLM2-135M-Instruct"`` and ``args`` below; the test suite
#: runs this same text with a local dataset, the packaged SmolLM2 and a few steps.
PLAIN_TRL_EXAMPLE = """\
from datasets import load_dataset
from peft import LoraConfig
from trl import SFTConfig, SFTTrainer

sft = load_dataset("{dataset}", "sft", split="train")
# one task and setting, e.g. action prediction with gold history; the loss is on `completion` only
sft = sft.filter(lambda row: row["task"] == "action" and row["setting"] == "gt")
trainer = SFTTrainer(
    model="{model}",
    train_dataset=sft.select_columns(["prompt", "completion", "tools"]),
    args=SFTConfig({args}),
    peft_config=LoraConfig(r=16, lora_alpha=32, target_modules="all-linear", task_type="CAUSAL_LM"),
)
trainer.train()
"""
PLAIN_TRL_CARD_ARGS = 'output_dir="smollm2-tooldial", max_length=4096'


#: Loading the parquet configs needs this ``datasets`` release (the ``Json`` feature; 4.0-4.6 fail with
#: ``TypeError: 'module' object is not callable``). Kept equal to the floor in pyproject.toml.
DATASETS_FLOOR = "datasets>=4.7"
#: What the card says about running its examples without network access.
OFFLINE_NOTE = (
    "Offline (`HF_HUB_OFFLINE=1`, no network): a Hub id such as `HuggingFaceTB/SmolLM2-135M-Instruct` cannot be "
    "resolved, so pass a local model directory as `model=` (one with `config.json`, e.g. a model you saved "
    "with `save_pretrained`) and this dataset's directory as the dataset path. With a local base model, saving "
    "the LoRA adapter (`trainer.save_model()`) stays local too: peft only looks the base model up on the Hub "
    "when its path is not a directory, and `HF_HUB_OFFLINE=1` turns that lookup off."
)


def default_license(corpus: str | None) -> str:
    """The card's license when ``--license`` is not given: the embedded corpus is original work under the
    project's Apache-2.0 license; any other corpus keeps its own terms, which we cannot know (``other``)."""
    return "apache-2.0" if corpus == "builtin" else DEFAULT_LICENSE


def _size_category(n: int) -> str:
    for bound, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if n < bound:
            return name
    return "1M<n<10M"


def _present_splits(stats: DatasetStats, name: str) -> list[str]:
    # Only splits with rows are declared: an empty split has no shard (a release folder with test.json only).
    rows = stats.rows.get(name, {})
    return [s for s in SPLITS if rows.get(s, 0) > 0]


def largest_config_rows(stats: DatasetStats) -> int:
    """Rows of the largest config (all splits): what ``size_categories`` counts (``sft`` has ~10× the dialogues)."""
    return max((sum(stats.rows.get(name, {}).values()) for name in CONFIG_NAMES), default=0)


def card_data(stats: DatasetStats, info: BuildInfo, sizes: dict[str, dict[str, int]]):
    """The YAML header as a :class:`huggingface_hub.DatasetCardData`: metadata, configs, features and sizes.

    ``sizes`` is config → split → bytes on disk.
    """
    from datasets import DatasetInfo, SplitDict, SplitInfo
    from datasets.info import DatasetInfosDict
    from datasets.utils.metadata import MetadataConfigs
    from huggingface_hub import DatasetCardData

    data = DatasetCardData(
        language=["en"],
        license=info.license,
        annotations_creators=["machine-generated"],
        language_creators=["machine-generated"] if info.source == "generated" else ["machine-generated", "found"],
        multilinguality=["monolingual"],
        size_categories=[_size_category(largest_config_rows(stats))],
        source_datasets=["original"],
        task_categories=["text-generation"],
        pretty_name="ToolDial",
        tags=["tool-use", "function-calling", "dialogue", "dialogue-state-tracking", "synthetic", "tooldial"],
    )
    configs: dict[str, dict[str, Any]] = {}
    infos = DatasetInfosDict()
    for name in CONFIG_NAMES:
        present = _present_splits(stats, name)
        if not present:
            continue
        configs[name] = {"data_files": [{"split": s, "path": f"data/{name}/{s}-*.parquet"} for s in present]}
        if name == "dialogues":
            configs[name]["default"] = True
        config_sizes = sizes.get(name, {})
        splits = SplitDict()
        for s in present:
            splits.add(SplitInfo(name=s, num_bytes=config_sizes.get(s, 0), num_examples=stats.rows[name][s]))
        infos[name] = DatasetInfo(features=FEATURES[name], splits=splits, download_size=sum(config_sizes.values()),
                                  dataset_size=sum(config_sizes.values()))
    MetadataConfigs(configs).to_dataset_card_data(data)
    infos.to_dataset_card_data(data)
    order = {name: i for i, name in enumerate(CONFIG_NAMES)}  # both writers sort by name; list as the card does
    for key in ("configs", "dataset_info"):
        if isinstance(data.get(key), list):
            data[key] = sorted(data[key], key=lambda entry: order[entry["config_name"]])
    return data


def card_metadata(stats: DatasetStats, info: BuildInfo, sizes: dict[str, dict[str, int]]) -> dict[str, Any]:
    """The YAML header as a plain dict (see :func:`card_data`)."""
    return card_data(stats, info, sizes).to_dict()


def _table(header: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _share(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "-"


def render_card(stats: DatasetStats, info: BuildInfo, sizes: dict[str, dict[str, int]], example: str | None,
                *, plot: bool = True) -> str:
    """The full ``README.md`` text."""
    parts = ["# ToolDial\n", _intro(info)]
    parts += _configs_section(stats, info)
    parts.append(_fields_section(stats))
    parts.append(_trl_section())
    parts.append(_limitations_section(info))
    parts.append(_provenance_section(info))
    parts += _statistics_section(stats, plot)
    if example:
        lines = example.rstrip("\n").split("\n")
        shown = "\n".join(lines[:EXAMPLE_LINES]) + ("\n…" if len(lines) > EXAMPLE_LINES else "")
        parts.append("## Example\n")
        parts.append(f"One dialogue in the history format of the benchmarks:\n\n```text\n{shown}\n```\n")
    parts.append("## Citation\n")
    parts.append(f"```bibtex\n{CITATION}\n```\n")
    from huggingface_hub import DatasetCard

    header = card_data(stats, info, sizes).to_yaml()
    return str(DatasetCard(f"---\n{header}\n---\n\n" + "\n".join(parts)))


def _intro(info: BuildInfo) -> str:
    """What the dataset is and where it came from."""
    origin = {
        "generated": "generated by `tooldial build` with the ToolDial method",
        "release": "converted by `tooldial convert` from the original ToolDial release",
        "dialogues": "converted by `tooldial` from dialogue files",
    }[info.source]
    return (
        f"Multi-turn dialogues between a user and a tool-augmented language model, {origin} "
        "(Shim et al., *ToolDial: Multi-turn Dialogue Generation Method for Tool-Augmented Language Models*, "
        "ICLR 2025). Every dialogue follows one of the paper's action sequences: the system calls a retriever, "
        "asks for missing API inputs, and — when the user cannot give one — finds and calls a second API that "
        "provides it. Each system turn carries its thought, action, retriever status and dialogue state, so the "
        "dialogues yield the paper's benchmarks (dialogue state tracking, action prediction, faithfulness, "
        "overall performance) and chat-format fine-tuning data.\n"
    )


def _configs_section(stats: DatasetStats, info: BuildInfo) -> list[str]:
    """The configs with their row counts, how to load them, and the conventions every per-turn row follows."""
    return [
        "## Configs\n",
        _table(
            ("config", *SPLITS, "content"),
            [(f"`{n}`", *(f"{stats.rows.get(n, {}).get(s, 0):,}" for s in SPLITS), DESCRIPTIONS[n]) for n in CONFIG_NAMES],
        )
        + "\n",
        f"Loading needs `{DATASETS_FLOOR}` (the `Json` feature; older releases fail with `TypeError: 'module' "
        "object is not callable`).\n\n"
        "```python\nfrom datasets import load_dataset\n\n"
        'dialogues = load_dataset("path/or/repo_id", "dialogues")\n'
        'dst = load_dataset("path/or/repo_id", "dst", split="test").filter(lambda r: r["setting"] == "gt")\n'
        "```\n\n"
        "Every per-turn row keeps `dialogue_id` and `turn_index` (the index of its turn in the dialogue; for "
        "`overall`, the user turn) so a prediction can be traced back to its dialogue. `num_user_turns` counts the "
        "user turns in the row's history. Histories use the paper's A.12 text format (`- Action:` without a space, "
        "states without `system_action`, dicts as Python `repr`); prompts are the A.13 instructions "
        f"(`{info.versions.get('prompts', '')}`). Free-form fields (states, statuses, call results, tool schemas) "
        "are `Json` features.\n",
    ]


def _statistics_section(stats: DatasetStats, plot: bool) -> list[str]:
    """Table 2 figures, edge types, action sequences, actions, domains and the plot."""
    total = stats.total_dialogues
    parts: list[str] = []
    parts.append("## Statistics\n")
    parts.append(_table(("Metric", "Value"), stats.table2()) + "\n")
    if stats.subgraph_types:
        parts.append(
            "Edge types (source / target has parameters): "
            + ", ".join(f"`{k}` {v:,}" for k, v in stats.subgraph_types.items())
            + "\n"
        )
    parts.append("### Action sequences\n")
    parts.append(
        _table(("sequence", "dialogues", "share", "actions"),
               [(f"`{k}`", f"{v:,}", _share(v, total), stats.sequence_actions.get(k, "")) for k, v in stats.sequences.items()])
        + "\n"
    )
    parts.append("### Actions\n")
    turns = stats.turns
    parts.append(
        _table(("action", "turns", "share"), [(f"`{k}`", f"{v:,}", _share(v, turns)) for k, v in stats.actions.items()])
        + "\n"
    )
    if stats.domains:
        parts.append("### Domains\n")
        parts.append(
            _table(("domain", "dialogues", "share"), [(k or "(none)", f"{v:,}", _share(v, total)) for k, v in stats.domains.items()])
            + "\n"
        )
    if plot:
        parts.append(f"![Turns per dialogue and action frequencies]({PLOT_NAME})\n")
    return parts


def _fields_section(stats: DatasetStats) -> str:
    parts = ["## Fields\n"]
    for name in CONFIG_NAMES:
        if not _present_splits(stats, name):
            continue
        docs = FIELD_DOCS[name]
        rows = [(f"`{field}`", f"`{feature_type(feature)}`", docs.get(field, ""))
                for field, feature in FEATURES[name].items()]
        parts.append(f"### `{name}`\n\n" + _table(("field", "type", "meaning"), rows) + "\n")
    return "\n".join(parts)


def _trl_section() -> str:
    code = PLAIN_TRL_EXAMPLE.format(dataset="path/or/repo_id", model="HuggingFaceTB/SmolLM2-135M-Instruct",
                                    args=PLAIN_TRL_CARD_ARGS)
    return (
        "## Fine-tuning with plain TRL\n\n"
        "`prompt` / `completion` is TRL's prompt-completion format: `SFTTrainer` puts the loss on the completion "
        "tokens only, with any chat template (no `{% generation %}` markers needed). `tools` holds only the APIs "
        "retrieved before the turn, so templates that render tools (Qwen2.5, Llama 3.1) do not see the answer; "
        "drop it from `select_columns` to train without tools.\n\n"
        f"```python\n{code}```\n\n"
        "Length: TRL truncates sequences to `max_length` (default 1,024 tokens), and many `action`, `dst` and "
        "`overall` prompts are longer (they hold the whole history and API documentation). Set `max_length` to "
        "your model's context, or filter long rows before training; tooldial's own trainer (`tooldial train`) "
        "measures every row and skips or truncates long ones with counts.\n\n"
        "On a CPU, add `bf16=False` to `SFTConfig`: recent TRL releases default to bf16, which a CPU runs as "
        "autocast, many times slower (with TRL 1.16, two steps of SmolLM2-135M took ~15 min instead of under 2).\n\n"
        f"{OFFLINE_NOTE}\n"
    )


def _limitations_section(info: BuildInfo) -> str:
    if info.source == "release":
        made = "converted from the original ToolDial release, whose dialogues GPT-4o wrote from scenario instructions"
    else:
        renderer = str(info.generation.get("renderer", "") or "")
        how = ("by an LLM (`" + renderer + "`)" if renderer and renderer != "template"
               else "from templates (no LLM)") if info.source == "generated" else "by the renderer each record names"
        made = f"synthetic: generated by `tooldial` from API documentation, utterances written {how}"
    lines = [
        f"- **Synthetic data.** The dialogues are {made}. Users, their goals and the API results are simulated "
        "(mock data consistent along the dialogue); no API was called and no real user took part.",
        "- **Scripted structure.** Every dialogue follows one of the paper's 23 action sequences; real "
        "conversations drift, interrupt and combine requests in ways these do not.",
        "- **Template language.** Template-rendered utterances repeat phrasings; LLM-rendered ones inherit the "
        "model's style and errors. Neither is a sample of how people talk to assistants.",
        "- **API documentation as given.** Descriptions, parameters and types come from the corpus unchanged; "
        "wrong or vague documentation yields wrong or vague dialogues.",
    ]
    if info.source != "release":
        lines.append("- **Benchmarks on this data are not the paper's.** Scores on this test split are not "
                     "comparable with the paper's Table 4 numbers (different dialogues, APIs and split sizes).")
    if info.license == DEFAULT_LICENSE:
        lines.append("- **License.** `other`: the API documentation the dialogues are built from keeps its own "
                     "terms; check them before redistributing.")
    return "## Limitations\n\n" + "\n".join(lines) + "\n"


def _provenance_section(info: BuildInfo) -> str:
    how = [f"- source: {info.source}"]
    if info.corpus:
        how.append(f"- corpus: `{info.corpus}`")
    if info.corpus_sha256:
        how.append(f"- corpus sha256: `{info.corpus_sha256}`")
    if info.graph_sha256:
        how.append(f"- graph sha256: `{info.graph_sha256}`")
    for key, value in info.graph.items():
        how.append(f"- graph {key}: `{value}`")
    for key, value in info.generation.items():
        how.append(f"- generation {key}: `{value}`")
    for key, value in info.split.items():
        how.append(f"- split {key}: `{value}`")
    if info.inputs:
        how.append("- inputs: " + ", ".join(f"`{i}`" for i in info.inputs))
    how.append(f"- license: `{info.license}`")
    how.append(f"- prompt profile: `{info.profile}` (`original`: the released ToolDial code's prompts and layouts; "
               "`paper`: the paper's appendix A.13)")
    how.append("- versions: " + ", ".join(f"{k} {v}" for k, v in info.versions.items()))
    return "## Provenance\n\n" + "\n".join(how) + "\n"


def write_plot(stats: DatasetStats, path: Path) -> Path:
    """PNG with the turns-per-dialogue histogram and the action frequencies (deterministic bytes)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5), gridspec_kw={"width_ratios": [1, 1.6]})
    hist = stats.turns_histogram
    left.bar(list(hist), list(hist.values()), color="#4c72b0")
    left.set_xlabel("turns per dialogue")
    left.set_ylabel("dialogues")
    left.set_title(f"Turns per dialogue (mean {stats.turns_per_dialogue:.2f})")
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    left.xaxis.set_major_locator(MaxNLocator(integer=True))
    actions = list(stats.actions.items())
    right.barh([a for a, _ in actions][::-1], [n for _, n in actions][::-1], color="#dd8452")
    right.set_xlabel("turns")
    right.set_title("Action frequencies")
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return path
