"""Benchmark tasks cut from dialogues: history text (A.12), per-task samples, prompts (A.13)."""
