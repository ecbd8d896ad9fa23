"""Optional GLiNER recognizer, loaded from a local directory (never from a hub at run time).

GLiNER reads entity types as natural-language prompts, so it finds names and places in
any language the model knows. It needs the `gliner` extra (torch, CPU build).
"""

from __future__ import annotations

import os
import threading
from functools import cache
from pathlib import Path

from veil.rules import labels, nlp
from veil.rules.registry import register
from veil.rules.spans import Span

# GLiNER prompt -> veil label.
DEFAULT_ENTITY_PROMPTS: dict[str, str] = {
    "person": labels.PERSON,
    "location": labels.LOCATION,
    "organization": labels.ORGANIZATION,
    "nationality or religion or political group": labels.NORP,
    "street address": labels.STREET_ADDRESS,
    "date of birth": labels.DATE_OF_BIRTH,
}

_load_lock = threading.Lock()


class GlinerUnavailableError(RuntimeError):
    pass


def default_model_dir() -> Path:
    """Where `veil models pull` puts the GLiNER model: the user's data dir."""
    import platformdirs

    return platformdirs.user_data_path("veil") / "models" / "gliner"


@cache
def _load_model(directory: str):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        with nlp.LOCK:  # not while a spaCy load hides torch
            from gliner import GLiNER
    except ImportError as error:
        raise GlinerUnavailableError(
            "GLiNER is not installed; install veil with the 'gliner' extra"
        ) from error
    if not (Path(directory) / "gliner_config.json").is_file():
        raise GlinerUnavailableError(
            f"no GLiNER model in {directory} (expected gliner_config.json); "
            "run `veil models pull` on a connected machine"
        )
    with _load_lock:
        return GLiNER.from_pretrained(directory, local_files_only=True)


class GlinerRecognizer:
    name = "gliner.v1"

    def __init__(
        self,
        model_dir: str | os.PathLike[str] | None = None,
        entity_prompts: dict[str, str] | None = None,
        threshold: float = 0.5,
    ) -> None:
        self.model_dir = str(model_dir or default_model_dir())
        self.entity_prompts = entity_prompts or DEFAULT_ENTITY_PROMPTS
        self.labels = tuple(dict.fromkeys(self.entity_prompts.values()))
        self.threshold = threshold

    def load(self) -> None:
        """Load now (it is lazy otherwise); raises GlinerUnavailableError with the fix."""
        _load_model(self.model_dir)

    def find(self, text: str) -> list[Span]:
        model = _load_model(self.model_dir)
        predictions = model.predict_entities(
            text, list(self.entity_prompts), threshold=self.threshold
        )
        spans = []
        for prediction in predictions:
            label = self.entity_prompts.get(prediction["label"])
            start, end = int(prediction["start"]), int(prediction["end"])
            if label and 0 <= start < end <= len(text):
                spans.append(Span(start, end, label, float(prediction["score"]), self.name))
        return spans


register("gliner.v1")(GlinerRecognizer)
