"""The slow stage's prompts, stored as package files under versioned names.

A name such as ``attacker.v1`` is the file ``prompts/attacker.v1.txt``: a ``[system]``
section and a ``[user]`` section whose ``$fields`` are filled in per call. A changed prompt
gets a new version, so cached results made with the old one are never reused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from string import Template

from veil.local_models.backend import ChatMessage

_NAME = re.compile(r"^[a-z_]+\.v\d+$")
_SECTION = re.compile(r"^\[(system|user)\]\s*$", re.MULTILINE)


class PromptError(ValueError):
    """A prompt name that does not exist, or a prompt file without its sections."""


@dataclass(frozen=True)
class Prompt:
    name: str
    system: str
    user: Template

    def messages(self, **fields: str) -> list[ChatMessage]:
        try:
            user = self.user.substitute(fields)
        except KeyError as missing:
            raise PromptError(f"prompt {self.name} needs the field {missing}") from None
        return [
            ChatMessage(role="system", content=self.system),
            ChatMessage(role="user", content=user),
        ]


def available() -> list[str]:
    files = resources.files("veil.local_models.slow_stage.prompts").iterdir()
    return sorted(f.name.removesuffix(".txt") for f in files if f.name.endswith(".txt"))


@cache
def load_prompt(name: str) -> Prompt:
    if not _NAME.match(name):
        raise PromptError(f"prompt names look like 'attacker.v1', not {name!r}")
    source = resources.files("veil.local_models.slow_stage.prompts") / f"{name}.txt"
    if not source.is_file():
        raise PromptError(f"no prompt {name!r}; available: {', '.join(available())}")
    parts = _SECTION.split(source.read_text("utf-8"))
    # split() yields: text before the first header, then (header, body) pairs
    sections = dict(zip(parts[1::2], (body.strip() for body in parts[2::2]), strict=True))
    if set(sections) != {"system", "user"}:
        raise PromptError(f"prompt {name} needs exactly a [system] and a [user] section")
    return Prompt(name, sections["system"], Template(sections["user"]))
