"""`veil check` as a user runs it: a real subprocess, real stdin and exit codes."""

import json
import os
import subprocess
import sys

import pytest

from tests.big_paste import BIG_POLICY, NAMES, big_paste
from veil.policies.loader import PolicyError, load_site_policy, merge
from veil.policies.schema import SitePolicy

VEIL = [sys.executable, "-m", "veil.proxy.cli"]


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*VEIL, *args], input=stdin, capture_output=True, timeout=120)


def test_json_offsets_point_into_the_original_text():
    text = "Hi, I'm Jane Doe: jane dot doe at gmail dot com, card 4526 0181 5908 3012."
    result = run("check", "--json", text)
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    values = {(s["label"], text[s["start"] : s["end"]]) for s in output["spans"]}
    assert {
        ("PERSON", "Jane Doe"),
        ("EMAIL", "jane dot doe at gmail dot com"),
        ("CREDIT_CARD", "4526 0181 5908 3012"),
    } <= values
    assert output["text"] == "Hi, I'm [[PERSON_1]]: [[EMAIL_1]], card [[CREDIT_CARD_1]]."
    assert all(
        set(s) >= {"start", "end", "label", "source", "score", "replacement"}
        for s in output["spans"]
    )


def test_jsonl_bad_lines_fail_alone():
    lines = [
        json.dumps({"id": "a", "text": "mail jane@acme.io"}).encode(),
        b"{not json",
        b'{"id": "c", "text": "caf\xc3\xa9 \xff\xfe"}',
        json.dumps({"id": "d", "text": "   "}).encode(),
        json.dumps({"id": "e", "text": "call +44 7911 123456", "conversation": 1}).encode(),
        json.dumps({"id": "f", "text": "again +44 7911 123456", "conversation": 1}).encode(),
    ]
    result = run("check", "--jsonl", "-", stdin=b"\n".join(lines) + b"\n")
    assert result.returncode == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r.get("id") for r in records] == ["a", None, "c", "d", "e", "f"]
    assert records[0]["text"] == "mail [[EMAIL_1]]"
    assert [r["line"] for r in records if "error" in r] == [2, 3, 4]
    stderr = result.stderr.decode()
    assert "line 2: not valid JSON" in stderr and "line 3: not valid UTF-8" in stderr
    assert "line 4: empty 'text'" in stderr
    # one conversation, one pseudonym
    assert records[4]["spans"][0]["replacement"] == records[5]["spans"][0]["replacement"]


def test_jsonl_gives_one_record_per_line_in_order_each_with_its_id():
    lines = [
        b'{"id": 1, "text": "mail jane@acme.io"}',
        b"",  # a blank line is a line too
        b'{"id": [2, "x"], "text": 7}',
        b'{"id": "bad-utf8", "text": "AKIAQ3EGQ7ZJ4XMPLE2K \xff"}',
        b'["not", "an", "object"]',
        b'{"id": "cut", "text": "mail',
        b'{"text": "no id, jane@acme.io"}',
        b'{"id": null, "text": "  "}',
    ]
    result = run("check", "--jsonl", "-", stdin=b"\n".join(lines) + b"\n")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == len(lines) and result.returncode == 1
    assert [r["id"] for r in records] == [1, None, [2, "x"], "bad-utf8", None, None, None, None]
    assert [r.get("line") for r in records] == [None, 2, 3, 4, 5, 6, None, 8]
    assert records[0]["text"] == records[6]["text"].replace("no id, ", "mail ")
    bad_byte = lines[3].index(b"\xff")
    assert records[3]["error"] == f"not valid UTF-8 at byte {bad_byte}"
    assert "line 6: not valid JSON" in result.stderr.decode()
    assert b"AKIAQ3" not in result.stderr  # messages say where, never what


@pytest.mark.parametrize(
    ("stdin", "message"), [(b"  \n", b"empty input"), (b"\xff\xfeabc", b"not valid UTF-8")]
)
def test_bad_stdin_is_a_clear_error(stdin, message):
    result = run("check", "-", stdin=stdin)
    assert result.returncode == 2 and message in result.stderr


def test_table_output_and_unknown_site():
    result = run("check", "--sample")
    assert (
        result.returncode == 0
        and b"[[SECRET_1]]" in result.stdout
        and b"finding(s)" in result.stdout
    )
    bad = run("check", "--site", "nosuchsite", "hello")
    assert bad.returncode == 2 and b"unknown site 'nosuchsite'" in bad.stderr


def test_check_applies_the_users_policy_files(tmp_path):
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "claude.yaml").write_text("deny_list:\n  Project Falcon: CODENAME\n")
    env = {**os.environ, "VEIL_CONFIG_DIR": str(config)}
    result = subprocess.run([*VEIL, "check", "--json", "--site", "claude", "Ship Project Falcon"],
                            capture_output=True, timeout=120, env=env)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["text"] == "Ship [[CODENAME_1]]"
    broken = config / "policies" / "claude.yaml"
    broken.write_text("slow_stage: {max_rounds: 99}\n")
    result = subprocess.run([*VEIL, "check", "--site", "claude", "hi"], capture_output=True,
                            timeout=120, env=env)  # fmt: skip
    assert result.returncode == 2 and b"claude.yaml" in result.stderr


def test_check_scans_a_paste_of_megabytes(tmp_path):
    """Past spaCy's 1,000,000 characters: scanned, its names replaced, not refused."""
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "big.yaml").write_text("name: big\n" + BIG_POLICY)
    env = {**os.environ, "VEIL_CONFIG_DIR": str(config)}
    command = [*VEIL, "check", "--json", "--site", "big", "-"]
    paste = big_paste().encode()
    result = subprocess.run(command, input=paste, capture_output=True, timeout=600, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    text = json.loads(result.stdout)["text"]
    assert not any(name in text for name in NAMES) and text.count("[[PERSON_") == 24


def test_site_policy_is_default_overridden_field_by_field():
    chatgpt = load_site_policy("chatgpt")
    assert chatgpt.hosts == ["chatgpt.com", "chat.openai.com"]
    assert chatgpt.on_error == "block" and chatgpt.pseudonym_style == "placeholder"
    assert merge(
        {"actions": {"SECRET": "block"}, "threshold": 0.5}, {"actions": {"PERSON": "mask"}}
    ) == {"actions": {"SECRET": "block", "PERSON": "mask"}, "threshold": 0.5}
    with pytest.raises(PolicyError, match="unknown site"):
        load_site_policy("nope")


def test_policy_rejects_unknown_labels_and_fields():
    with pytest.raises(ValueError, match="unknown label"):
        SitePolicy(name="x", actions={"PERSN": "mask"})
    with pytest.raises(ValueError, match="extra"):
        SitePolicy.model_validate({"name": "x", "pseudonym_styl": "surrogate"})


def test_the_four_folders_install_as_veil_subpackages():
    import veil.local_models
    import veil.policies
    import veil.proxy
    import veil.rules

    assert {m.__name__ for m in (veil.proxy, veil.rules, veil.local_models, veil.policies)} == {
        "veil.proxy",
        "veil.rules",
        "veil.local_models",
        "veil.policies",
    }


def test_policy_passes_recognizer_options_and_rejects_unknown_recognizers(tmp_path):
    from veil.policies.engine import FastStage
    from veil.rules.recognizers.gliner import GlinerRecognizer

    policy = SitePolicy(
        name="x",
        recognizers=["regex.email.v1", "gliner.v1"],
        recognizer_options={"gliner.v1": {"model_dir": str(tmp_path), "threshold": 0.7}},
    )
    gliner = next(r for r in FastStage(policy).analyzer.recognizers if r.name == "gliner.v1")
    assert isinstance(gliner, GlinerRecognizer)
    assert (gliner.model_dir, gliner.threshold) == (str(tmp_path), 0.7)
    with pytest.raises(ValueError, match="unknown recognizer"):
        SitePolicy(name="x", recognizers=["regex.emial.v1"])


def test_a_recognizer_that_cannot_load_is_a_clear_error(tmp_path, monkeypatch):
    """A policy that enables GLiNER without a model says so instead of a traceback."""
    from click.testing import CliRunner

    from veil.proxy import cli, site_policies

    def policy_without_model(name: str, config_dir) -> SitePolicy:
        options = {"gliner.v1": {"model_dir": str(tmp_path)}}
        return SitePolicy(name=name, recognizers=["gliner.v1"], recognizer_options=options)

    monkeypatch.setattr(site_policies, "effective_policy", policy_without_model)
    result = CliRunner().invoke(cli.main, ["check", "Jane Doe"])
    assert result.exit_code == 1
    assert "GlinerUnavailableError" in result.stderr and "veil models pull" in result.stderr
    assert str(tmp_path) in result.stderr


def test_the_readme_policy_examples_are_valid_policies():
    import pathlib
    import re

    import yaml

    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text("utf-8")
    from veil.policies.profile import Profile

    blocks = re.findall(r"```yaml\n(.*?)```", readme, re.DOTALL)
    profiles = [Profile.model_validate(yaml.safe_load(b)) for b in blocks if "profile.yaml" in b]
    assert profiles and all(p.deny_list() for p in profiles)
    from veil.policies.loader import load_site_policy, merge, site_names

    def as_veil_reads_it(data: dict) -> SitePolicy:
        # a file named after a shipped site is laid over it, as the proxy does
        name = data.get("name")
        base = load_site_policy(name if name in site_names() else "default").model_dump()
        return SitePolicy.model_validate(merge(base, data))

    policies = [as_veil_reads_it(yaml.safe_load(b)) for b in blocks if "profile.yaml" not in b]
    assert len(policies) >= 2
    assert any(
        p.actions.get("SECRET") == "block" and "gliner.v1" in p.recognizers for p in policies
    )
    assert any(p.adapter == "openai" and p.hosts == ["127.0.0.1:9000/v1"] for p in policies)


def test_fast_stage_recognizes_a_resent_text_once():
    from veil.policies.engine import FastStage
    from veil.rules.vault import Vault

    stage = FastStage(load_site_policy("default"))
    first = stage.run("Jane Doe wrote to jane@acme.io", Vault()).redacted
    again = stage.run("Jane Doe wrote to jane@acme.io", Vault()).redacted
    assert stage._recognize.hits == 1
    assert first.text == again.text == "[[PERSON_1]] wrote to [[EMAIL_1]]"


def test_check_shows_kept_public_entities_and_why():
    text = "My landlord Gerald Thornbury asks: was Abraham Lincoln a lawyer?"
    output = json.loads(run("check", "--json", text).stdout)
    kept = [s for s in output["spans"] if s["action"] == "keep"]
    assert [text[s["start"] : s["end"]] for s in kept] == ["Abraham Lincoln"]
    assert kept[0]["reason"] and kept[0]["replacement"] is None
    assert "Gerald Thornbury" not in output["text"] and "Abraham Lincoln" in output["text"]
    table = run("check", text).stdout.decode()
    assert "public entity kept" in table and "Abraham Lincoln" in table


def test_check_lists_quasi_identifiers_and_the_residual_risk():
    text = "I'm a 34-year-old nurse here in Portland and my husband teaches."
    output = json.loads(run("check", "--json", text).stdout)
    disclosed = {(q["attribute"], q["original"], q["whose"]) for q in output["quasi_identifiers"]}
    assert {("age", "34-year-old", "writer"), ("location", "Portland", "writer")} <= disclosed
    assert all(q["operator"] == "generalize" for q in output["quasi_identifiers"])
    assert "Oregon" in output["text"] and "34" not in output["text"]
    risk = output["risk"]
    assert 0 < risk["kappa"] < risk["kappa_before"] <= 1
    assert risk["matching"] > risk["matching_before"]
    # QI spans are listed once, in their own list, not among the PII spans
    assert not any(s["start"] == text.index("Portland") for s in output["spans"])
    table = run("check", text).stdout.decode()
    assert "quasi-identifier(s) the writer discloses" in table
    assert "residual re-identification risk" in table


def test_check_json_reports_a_risk_block_with_its_reason_and_exit_code_3(tmp_path):
    """What the proxy would do: the operators leave too few people who fit, so the policy
    stops the message, and `veil check` says so and why."""
    config = tmp_path / "config"
    (config / "policies").mkdir(parents=True)
    (config / "policies" / "default.yaml").write_text(
        "quasi_identifiers: {risk: {block_above: 0.0000001}}\n"
    )
    env = {**os.environ, "VEIL_CONFIG_DIR": str(config)}
    text = "I'm a 43-year-old nurse at Northwind Health in Sacramento"
    result = subprocess.run([*VEIL, "check", "--json", text], capture_output=True, timeout=120,
                            env=env)  # fmt: skip
    assert result.returncode == 3, result.stderr
    output = json.loads(result.stdout)
    assert output["blocked"] is True
    assert "re-identification risk" in output["blocked_reason"]
    assert "1e-07" in output["blocked_reason"]
    assert output["risk"]["kappa"] > 0.0000001
    table = subprocess.run([*VEIL, "check", text], capture_output=True, timeout=120, env=env)
    assert table.returncode == 3 and b"would be blocked" in table.stdout


def test_check_json_says_null_when_nothing_stops_the_message():
    output = json.loads(run("check", "--json", "mail jane@acme.io").stdout)
    assert output["blocked"] is False and output["blocked_reason"] is None
