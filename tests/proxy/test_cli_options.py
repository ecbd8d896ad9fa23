"""Every option of the `veil` command line is declared once (proxy/cli/options.py holds
those several commands take), so a name means the same wherever it appears."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import click

import veil.proxy.cli as cli_package
from veil.proxy.cli import main

CLI = Path(cli_package.__file__).parent


def _declarations() -> dict[str, list[tuple[str, int, str | None]]]:
    """Option name -> (file, line, enclosing function) of each click.option(...) naming it."""
    found: dict[str, list[tuple[str, int, str | None]]] = defaultdict(list)

    def visit(node: ast.AST, function: str | None, file: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef) else function
            if isinstance(child, ast.Call) and _is_click_option(child.func):
                for arg in child.args:
                    if isinstance(arg, ast.Constant) and str(arg.value).startswith("-"):
                        found[arg.value].append((file, child.lineno, function))
            visit(child, inner, file)

    for path in sorted(CLI.glob("*.py")):
        visit(ast.parse(path.read_text("utf-8")), None, path.name)
    return found


def _is_click_option(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr in ("option", "Option")
        and isinstance(func.value, ast.Name)
        and func.value.id == "click"
    )


def _commands(group: click.Group, path: str = "veil"):
    context = click.Context(group)  # commands are imported on first use: ask the group
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, name
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from _commands(command, f"{path} {name}")


def _options_by_name() -> dict[str, list[tuple[str, click.Option]]]:
    used: dict[str, list[tuple[str, click.Option]]] = defaultdict(list)
    for path, command in _commands(main):
        for param in command.params:
            if isinstance(param, click.Option):
                for name in param.opts:
                    used[name].append((path, param))
    return used


def test_no_option_name_is_declared_twice_in_the_cli_package():
    declarations = _declarations()
    twice = {name: where for name, where in declarations.items() if len(where) > 1}
    assert not twice, f"declared more than once: {twice}"
    used = _options_by_name()
    assert set(used) <= set(declarations) | {"--help", "--version"}


def test_options_several_commands_take_come_from_options_py_and_agree():
    declarations = _declarations()
    # an option whose declaring function takes the help may say per command what it does
    per_command_help = {
        name
        for name, [(file, _, function)] in declarations.items()
        if file == "options.py" and function is not None and _takes_help(function)
    }
    shared = {name: uses for name, uses in _options_by_name().items() if len(uses) > 1}
    assert {"--config-dir", "--data-dir", "--site", "--json", "--models-dir"} <= set(shared)
    for name, uses in shared.items():
        assert declarations[name][0][0] == "options.py", f"{name} is not in options.py"
        first = uses[0][1]
        for path, option in uses[1:]:
            same = (option.name, option.envvar, option.is_flag, option.multiple, option.metavar)
            assert same == (
                first.name, first.envvar, first.is_flag, first.multiple, first.metavar
            ), f"{name} on {path}"  # fmt: skip
            assert repr(option.type) == repr(first.type), f"{name} on {path}"
            if name not in per_command_help:
                assert (option.help, option.default) == (first.help, first.default), path


def _takes_help(function: str) -> bool:
    tree = ast.parse((CLI / "options.py").read_text("utf-8"))
    defined = next(
        node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
        and node.name == function
    )  # fmt: skip
    return any(arg.arg == "help" for arg in defined.args.args)
