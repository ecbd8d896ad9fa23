"""`veil policy list | show | check | switch` against a config dir of user files."""

from __future__ import annotations

import yaml
from click.testing import CliRunner

from veil.proxy.cli import main


def _config(tmp_path):
    folder = tmp_path / "policies"
    folder.mkdir(parents=True)
    (folder / "claude.yaml").write_text(
        "# mine\nname: claude\n\ndry_run: true\nactions:\n  NORP: warn\n"
    )
    (folder / "local.yaml").write_text(
        "name: local-vllm\nhosts: ['127.0.0.1:9000/v1']\nadapter: openai\n"
    )
    (folder / "gemini.yaml").write_text("enabled: false\n")
    (tmp_path / "profile.yaml").write_text("names: [Dana Whitfield]\nnever_redact: [Acme]\n")
    return tmp_path


def _run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def test_list_shows_hosts_adapter_state_and_source(tmp_path):
    config = _config(tmp_path)
    result = _run("policy", "list", env={"VEIL_CONFIG_DIR": str(config), "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if "│" in line}
    assert "shipped, overridden by policies/claude.yaml" in rows["claude"]
    assert "dry run" in rows["claude"]
    assert "127.0.0.1:9000/v1" in rows["local-vllm"] and "policies/local.yaml" in rows["local-vllm"]
    assert "off" in rows["gemini"] and "claude_web" in rows["claude"]
    assert "shipped" in rows["chatgpt"] and " on " in rows["chatgpt"]
    assert "profile.yaml applies to every site" in result.output


def test_list_reports_an_invalid_file_and_lists_the_rest(tmp_path):
    config = _config(tmp_path)
    (config / "policies" / "claude.yaml").write_text("name: claude\nuploads: sometimes\n")
    result = CliRunner().invoke(main, ["policy", "list", "--config-dir", str(config)])
    assert result.exit_code == 0
    assert "policies/claude.yaml:2: uploads: Input should be 'block' or 'pass'" in result.output
    assert "not in force" in result.output and "local-vllm" in result.output


def test_show_prints_the_effective_policy_with_origins(tmp_path):
    config = _config(tmp_path)
    result = _run("policy", "show", "claude", "--config-dir", str(config))
    assert result.exit_code == 0, result.output
    shown = yaml.safe_load(result.output)
    assert shown["dry_run"] is True and shown["actions"]["NORP"] == "warn"
    assert shown["deny_list"]["Dana Whitfield"] == "PERSON" and "Acme" in shown["allow_list"]
    lines = result.output.splitlines()
    assert "dry_run: true  # from policies/claude.yaml:4" in lines
    assert "actions:  # from policies/claude.yaml:5" in lines
    assert any(line.startswith("deny_list:") and "profile.yaml:1 (names)" in line for line in lines)
    assert any(line.startswith("hosts:") and "#" not in line for line in lines)  # shipped


def test_show_unknown_site_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(main, ["policy", "show", "nope", "--config-dir", str(tmp_path)])
    assert result.exit_code == 2 and "unknown site 'nope'" in result.output


def test_check_good_and_bad_files(tmp_path):
    config = _config(tmp_path)
    good = _run(
        "policy", "check", str(config / "policies" / "claude.yaml"), "--config-dir", str(config)
    )
    assert good.exit_code == 0 and "overrides the shipped site 'claude'" in good.output
    profile = _run("policy", "check", str(config / "profile.yaml"), "--config-dir", str(config))
    assert profile.exit_code == 0 and "1 term(s) always redacted" in profile.output
    bad = config / "policies" / "claude.yaml"
    bad.write_text("name: claude\nactions:\n  SECRET: blok\n")
    result = CliRunner().invoke(main, ["policy", "check", str(bad), "--config-dir", str(config)])
    assert result.exit_code == 1
    assert result.output.startswith("policies/claude.yaml:3: actions.SECRET: Input should be")


def test_check_a_candidate_file_outside_the_config_dir(tmp_path):
    config = _config(tmp_path / "config")
    candidate = tmp_path / "new-claude.yaml"
    candidate.write_text("name: claude\nactions:\n  SECRET: blok\nthreshhold: 2\n")
    result = CliRunner().invoke(
        main, ["policy", "check", str(candidate), "--config-dir", str(config)]
    )
    assert result.exit_code == 1
    lines = result.output.splitlines()
    # every problem, each located; a site set in the config dir is no conflict for a candidate
    assert lines[0] == (
        f"{candidate}:3: actions.SECRET: Input should be 'pseudonymize', 'mask', 'block', "
        "'warn' or 'allow' (got 'blok')"
    )
    assert lines[1] == f"{candidate}:4: threshhold: unknown field; did you mean 'threshold'?"


def test_switch_turns_a_site_off_and_on(tmp_path):
    config = _config(tmp_path)
    off = _run("policy", "switch", "chatgpt", "off", "--config-dir", str(config))
    assert off.exit_code == 0
    assert (config / "policies" / "chatgpt.yaml").read_text() == "name: chatgpt\nenabled: false\n"
    _run("policy", "switch", "gemini", "on", "--config-dir", str(config))
    assert (config / "policies" / "gemini.yaml").read_text() == "enabled: true\n"


def test_start_refuses_an_invalid_file_with_its_location(tmp_path):
    folder = tmp_path / "policies"
    folder.mkdir()
    (folder / "claude.yaml").write_text("name: claude\nuploads: sometimes\n")
    result = CliRunner().invoke(main, ["start", "--config-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "policies/claude.yaml:2: uploads: Input should be 'block' or 'pass'" in result.output
