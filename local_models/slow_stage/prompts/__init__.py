"""The slow stage's prompts, stored as package files under versioned names.

Every call sends the same system message (``preamble.v1``) and a user message that starts
with the text under review; the role's task (``attacker.v2``, ...) follows the text. The
three roles, and the next round's attack up to its first edit, thus share one prompt
prefix, which llama.cpp (and llama-server's prompt cache) evaluates once: on two CPU cores
that is about 200 tokens a second, the larger part of a call's time otherwise.

A task file's ``$fields`` are filled in per call. A changed prompt gets a new version, so
cached results made with the old one are never reused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from string import Template

from veil.local_models.backend import ChatMessage

PREAMBLE = "preamble.v1"
_NAME = re.compile(r"^[a-z_]+\.v\d+$")


class PromptError(ValueError):
    """A prompt name that does not exist, or a prompt file that is empty."""


@dataclass(frozen=True)
class Prompt:
    name: str
    system: str
    task: Template

    def messages(self, text: str, **fields: str) -> list[ChatMessage]:
        try:
            task = self.task.substitute(fields)
        except KeyError as missing:
            raise PromptError(f"prompt {self.name} needs the field {missing}") from None
        return [
            ChatMessage(role="system", content=self.system),
            ChatMessage(role="user", content=f'The text:\n"""\n{text}\n"""\n\n{task}'),
        ]


def available() -> list[str]:
    files = resources.files(__name__).iterdir()
    return sorted(f.name.removesuffix(".txt") for f in files if f.name.endswith(".txt"))


def _read(name: str) -> str:
    if not _NAME.match(name):
        raise PromptError(f"prompt names look like 'attacker.v2', not {name!r}")
    source = resources.files(__name__) / f"{name}.txt"
    if not source.is_file():
        raise PromptError(f"no prompt {name!r}; available: {', '.join(available())}")
    body = source.read_text("utf-8").strip()
    if not body:
        raise PromptError(f"prompt {name} is empty")
    return body


@cache
def load_prompt(name: str) -> Prompt:
    return Prompt(name, _read(PREAMBLE), Template(_read(name)))
