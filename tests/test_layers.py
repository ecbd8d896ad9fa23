"""veil's packages depend only downwards: rules <- local_models <- policies <- proxy.

``rules`` finds and rewrites personal data and imports nothing else of veil;
``local_models`` runs models and may use ``rules``' types; ``policies`` wires the two to
a site's settings; ``proxy`` is transport and may use them all. Every import counts,
also one inside a function or under ``TYPE_CHECKING``, and ``importlib.import_module``
with a literal name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Each package and what it may import of veil besides itself.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "local_models": frozenset({"rules"}),
    "policies": frozenset({"rules", "local_models"}),
    "proxy": frozenset({"rules", "local_models", "policies"}),
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["veil", *parts])


def _imports(path: Path, module: str) -> Iterator[tuple[str, int, str]]:
    """(imported module, line, statement) for every import in ``path`` (``module``)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, ast.unparse(node)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the file's own package upwards
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:  # "from veil import policies" imports a package
                imported = f"{source}.{alias.name}" if source == "veil" else source
                yield imported, node.lineno, ast.unparse(node)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value, node.lineno, ast.unparse(node)


def _package_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "veil" else None


def _dependencies() -> list[tuple[str, str, str, str]]:
    """(package, module, imported module, statement and where) for every import of another
    package."""
    found = []
    for package in MAY_IMPORT:
        for path in sorted((ROOT / package).rglob("*.py")):
            module = _module_name(path)
            for imported, line, statement in _imports(path, module):
                target = _package_of(imported)
                if target is not None and target != package:
                    where = f"`{statement}` at {path.relative_to(ROOT)}:{line}"
                    found.append((package, module, imported, where))
    return found


def test_every_package_imports_only_the_packages_below_it():
    upward = [
        f"{module} imports {imported}, {where}: {package} may import "
        f"{', '.join(sorted(MAY_IMPORT[package])) or 'nothing else of veil'}"
        for package, module, imported, where in _dependencies()
        if _package_of(imported) not in MAY_IMPORT[package]
    ]
    assert not upward, "upward imports:\n" + "\n".join(upward)


def test_no_two_packages_import_each_other():
    edges: dict[str, dict[str, str]] = {}
    for package, module, imported, where in _dependencies():
        target = _package_of(imported)
        assert target is not None
        edges.setdefault(package, {}).setdefault(target, f"{module} imports {imported}, {where}")

    def cycle_from(start: str, path: list[str]) -> list[str] | None:
        for target in edges.get(path[-1], {}):
            if target == start:
                return [*path, start]
            if target not in path:
                found = cycle_from(start, [*path, target])
                if found:
                    return found
        return None

    for package in sorted(edges):
        cycle = cycle_from(package, [package])
        assert cycle is None, (
            "circular packages "
            + " -> ".join(cycle)
            + ":\n"
            + "\n".join(edges[a][b] for a, b in pairwise(cycle))
        )


def test_the_check_sees_every_kind_of_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import importlib\n"
        "from veil import policies\n"
        "from ..operators import QIOperator\n"
        "def f():\n"
        "    from veil.proxy import cli\n"
        "    return importlib.import_module('veil.local_models.load')\n",
        encoding="utf-8",
    )
    assert sorted(found[:2] for found in _imports(probe, "veil.rules.quasi.probe")) == [
        ("importlib", 1),
        ("veil.local_models.load", 6),
        ("veil.policies", 2),
        ("veil.proxy", 5),
        ("veil.rules.operators", 3),
    ]
