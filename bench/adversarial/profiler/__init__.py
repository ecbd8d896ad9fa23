"""An attacker independent of veil: hand-written cue rules, then naive Bayes.

It shares no code and no word lists with veil's recognizers (nothing here imports
``veil.rules``, ``veil.policies`` or ``veil.local_models``), so a drop in its accuracy
measures what veil removed, not what veil's own lists happen to look for.
"""

from bench.adversarial.profiler.model import Guess, Profiler

__all__ = ["Guess", "Profiler"]
