"""Dialogues: action taxonomy, action sequences, scenarios, rendering, validation, record format."""
