"""The ToolDial dataset builder, for users who point at a file.

``datasets`` ≥ 4 no longer loads builder scripts by path (``load_dataset("builders/tooldial_builder.py")`` is
refused), so import the class and drive it::

    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("tooldial_builder", "builders/tooldial_builder.py")
    module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)

    builder = module.ToolDialBuilder(config_name="dst", release="path/to/dialogue_data")
    builder.download_and_prepare()
    test = builder.as_dataset(split="test")

or simply ``from tooldial.dataset.builder import ToolDialBuilder``. For a dataset directory (what the Hub
serves), use ``tooldial build`` / ``tooldial convert`` and ``datasets.load_dataset(DIR, CONFIG)``.
"""

from tooldial.dataset.builder import ToolDialBuilder, ToolDialConfig

__all__ = ["ToolDialBuilder", "ToolDialConfig"]
