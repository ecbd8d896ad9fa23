"""`veil dashboard` and the dashboard address `veil start` prints."""

from __future__ import annotations

from click.testing import CliRunner

from veil.proxy.cli import main


def test_dashboard_prints_the_address():
    result = CliRunner().invoke(main, ["dashboard", "--listen-port", "9123"])
    assert result.exit_code == 0
    assert result.output.strip() == "http://127.0.0.1:9123/veil/"


def _start_output(tmp_path, *options: str) -> str:
    # An invalid policy file stops `veil start` right after its greeting: no proxy runs.
    (tmp_path / "policies").mkdir()
    (tmp_path / "policies" / "claude.yaml").write_text("name: claude\nuploads: sometimes\n")
    arguments = ["start", "--config-dir", str(tmp_path), "--data-dir", str(tmp_path / "d")]
    result = CliRunner().invoke(main, [*arguments, *options])
    assert result.exit_code == 1
    return result.output


def test_start_prints_the_dashboard_address(tmp_path):
    output = _start_output(tmp_path, "--listen-port", "9124")
    assert "veil: dashboard at http://127.0.0.1:9124/veil/\n" in output


def test_start_says_when_the_dashboard_is_unreachable(tmp_path):
    output = _start_output(tmp_path, "--listen-host", "192.0.2.7")
    assert "http://127.0.0.1:8080/veil/ (unavailable: the proxy listens on 192.0.2.7" in output
