"""Progress bars whose ETA reads the steady rate, not the one-off warm-up.

The first batch of a run pays for loading models and embedding the retriever's index; tqdm's moving average
then extrapolates that cost over the whole run (a 200-dialogue build first read "10:46:07"). A
:func:`steady_bar` reports the average rate since the first batch finished (``smoothing=0`` with ``initial`` at
that batch), so its first ETA is the rate the run actually keeps.
"""

from __future__ import annotations

from typing import Any


def steady_bar(**kwargs: Any) -> Any:
    """A tqdm bar (``tqdm.auto``) with ``smoothing=0``: its rate is ``(n - initial) / elapsed``."""
    from tqdm.auto import tqdm

    return tqdm(smoothing=0, **kwargs)


def restart_clock(bar: Any) -> None:
    """Count the rate from now: keep ``n`` and ``total``, restart the clock, take ``n`` as ``initial``."""
    n = bar.n
    if getattr(bar, "disable", False) or not n:
        return
    bar.reset(total=bar.total)
    bar.initial = n
    bar.n = n
    bar.refresh()
