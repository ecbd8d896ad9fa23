"""Policy YAML read with line marks, so every error can name the file, line and field."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError


class PolicyError(ValueError):
    """A policy that cannot be used; each problem names the file, the line and the field."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class YamlSource:
    """A parsed mapping and the node tree it came from (for line numbers)."""

    where: str  # how messages name the file, e.g. "policies/claude.yaml"
    data: dict[str, Any]
    root: yaml.Node | None

    def line_of(self, loc: tuple[str | int, ...]) -> int:
        """The line of the deepest node on ``loc`` that the file has (1-based).

        A mapping key's own line is used, so ``actions.SECRET`` points at ``SECRET:``
        and a missing or defaulted field points at its nearest parent in the file."""
        node = self.root
        if node is None:
            return 1
        line = node.start_mark.line + 1
        for step in loc:
            if isinstance(node, yaml.MappingNode):
                found = next(
                    ((k, v) for k, v in node.value if getattr(k, "value", None) == str(step)),
                    None,
                )
                if found is None:
                    break
                line, node = found[0].start_mark.line + 1, found[1]
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
                if not 0 <= step < len(node.value):
                    break
                node = node.value[step]
                line = node.start_mark.line + 1
            else:
                break
        return line

    def top_level_lines(self) -> dict[str, int]:
        if not isinstance(self.root, yaml.MappingNode):
            return {}
        return {str(k.value): k.start_mark.line + 1 for k, _ in self.root.value}

    def errors(self, error: ValidationError, model: type[BaseModel]) -> PolicyError:
        """``error`` from validating ``model``, one located line per problem."""
        return PolicyError([self.describe(item, model) for item in error.errors()])

    def describe(self, item: Any, model: type[BaseModel]) -> str:
        loc = tuple(item["loc"])
        field = ".".join(str(step) for step in loc) or "(top level)"
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            message = "unknown field"
            close = difflib.get_close_matches(str(loc[-1]), _field_names(model, loc[:-1]), n=1)
            if close:
                message += f"; did you mean {close[0]!r}?"
        elif item["type"] != "missing" and _is_scalar(item.get("input")):
            message += f" (got {item['input']!r})"
        return f"{self.where}:{self.line_of(loc)}: {field}: {message}"


def _field_names(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    """The fields of the (nested) model at ``loc``; none where loc leaves the models."""
    for step in loc:
        field = model.model_fields.get(str(step))
        annotation = field.annotation if field is not None else None
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return []
        model = annotation
    return list(model.model_fields)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def parse_yaml(text: str, where: str) -> YamlSource:
    """A file's top-level mapping with its node tree; YAML errors name file and line."""
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as error:  # a control character, before any parsing
        line = text[: error.position].count("\n") + 1
        raise PolicyError([f"{where}:{line}: YAML: {error.reason}"]) from None
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else {}
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        problem = error.problem or error.context or "invalid YAML"
        raise PolicyError([f"{where}:{line}: YAML syntax: {problem}"]) from None
    except yaml.YAMLError as error:
        line = text[: getattr(error, "position", 0)].count("\n") + 1
        raise PolicyError([f"{where}:{line}: YAML: {error}"]) from None
    finally:
        loader.dispose()
    if data is None:
        data = {}
    if not isinstance(data, dict):
        line = root.start_mark.line + 1 if root is not None else 1
        raise PolicyError([f"{where}:{line}: (top level): expected a mapping of fields"])
    return YamlSource(where, data, root)
