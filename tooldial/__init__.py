"""tooldial: API documentation → API graph → action sequences → dialogues → HF dataset → train / eval.

The pipeline follows the ToolDial paper (Shim et al., ICLR 2025). See ARCHITECTURE.md for the map.
"""

__version__ = "0.1.0"
