"""Per-request prompt and generation speed of a llama.cpp server, from its own ``llama_perf`` log lines.

    python scripts/llama_perf.py SERVER.log      # the --log of `tooldial serve`

Prints, over the requests whose prompt had >= 100 new tokens (generation: >= 8 tokens), the median tokens/s, the
interquartile range and the maximum: what the engine did under whatever load the machine had.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

PROMPT = re.compile(r"prompt eval time =\s+([\d.]+) ms /\s+(\d+) tokens")
GENERATION = re.compile(r"\s eval time =\s+([\d.]+) ms /\s+(\d+) runs")


def rates(text: str, pattern: re.Pattern[str], min_tokens: int) -> list[float]:
    return sorted(int(n) / (float(ms) / 1000) for ms, n in pattern.findall(text) if int(n) >= min_tokens and float(ms) > 0)


def summary(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no requests"
    quartile = lambda f: values[min(len(values) - 1, int(f * len(values)))]  # noqa: E731
    return (f"{label}: n={len(values)} requests, median {statistics.median(values):.1f} tok/s, "
            f"IQR [{quartile(0.25):.1f}, {quartile(0.75):.1f}], max {values[-1]:.1f}")


def main() -> None:
    text = Path(sys.argv[1]).read_text(errors="replace")
    print(summary("prompt (>= 100 new tokens)", rates(text, PROMPT, 100)))
    print(summary("generation (>= 8 tokens)", rates(text, GENERATION, 8)))


if __name__ == "__main__":
    main()
