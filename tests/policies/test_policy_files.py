"""User policy files and the profile: field-by-field overrides, errors that name the file,
line and field, the last valid version kept in force, and the site switch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from veil.policies.loader import load_site_policy
from veil.policies.profile import Profile
from veil.policies.schema import Role, SitePolicy, UploadAction
from veil.policies.user_config import UserConfig
from veil.policies.yaml_source import PolicyError, parse_yaml
from veil.proxy.pac import pac_file
from veil.proxy.site_policies import NO_HOST, SitePolicies


def _write(config: Path, name: str, text: str) -> Path:
    path = config / "policies" / name if name != "profile.yaml" else config / name
    path.parent.mkdir(parents=True, exist_ok=True)
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text)
    if before:  # coarse file-system clocks: make sure the edit is seen as one
        os.utime(path, ns=(before + 10_000_000, before + 10_000_000))
    return path


def _error(config: Path) -> str:
    with pytest.raises(PolicyError) as caught:
        SitePolicies.load(config)
    return str(caught.value)


CLAUDE_TYPO = """\
# my claude settings
name: claude
dry_run: false
roles: [user]
actions:
  PERSON: mask
  SECRET: blok
"""


def test_override_is_merged_field_by_field(tmp_path):
    _write(tmp_path, "claude.yaml", "name: claude\nactions: {NORP: warn}\ndry_run: true\n")
    claude = SitePolicies.load(tmp_path).get("claude")
    shipped = load_site_policy("claude")
    assert claude.dry_run is True
    assert claude.actions == {**shipped.actions, "NORP": "warn"}  # nested: per key
    assert claude.hosts == shipped.hosts and claude.adapter == "claude_web"


def test_file_stem_names_the_site_when_the_file_does_not(tmp_path):
    _write(tmp_path, "chatgpt.yaml", "uploads: pass\n")
    assert SitePolicies.load(tmp_path).get("chatgpt").uploads is UploadAction.PASS


def test_invalid_value_names_file_line_and_field(tmp_path):
    _write(tmp_path, "claude.yaml", CLAUDE_TYPO)
    message = _error(tmp_path)
    assert message.startswith("policies/claude.yaml:7: actions.SECRET: Input should be ")
    assert "'pseudonymize'" in message and "(got 'blok')" in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "name: claude\n\nroles: [user, bot]\n",
            "policies/claude.yaml:3: roles.1: Input should be",
        ),
        (
            "name: claude\nthreshhold: 0.3\n",
            "policies/claude.yaml:2: threshhold: unknown field; did you mean 'threshold'?",
        ),
        (
            "name: claude\nslow_stage:\n  enable: true\n",
            "policies/claude.yaml:3: slow_stage.enable: unknown field; did you mean 'enabled'?",
        ),
        (
            "name: claude\nslow_stage:\n  max_rounds: 0\n",
            "policies/claude.yaml:3: slow_stage.max_rounds: Input should be greater than",
        ),
        (
            "name: claude\nhosts:\n  - claude.ai\n  - 'bad host'\n",
            "policies/claude.yaml:2: hosts: 'bad host' is not host[:port][/path prefix]",
        ),
        (
            "name: claude\ndeny_list: {Falcon: code name}\n",
            "policies/claude.yaml:2: deny_list: label(s) ['code name'] must be a word",
        ),
        (
            'name: claude\nallow_list: ["re:(unclosed"]\n',
            "policies/claude.yaml:2: allow_list: allow_list: invalid regex",
        ),
        ("name: claude\nactions: [\n", "policies/claude.yaml:3: YAML syntax:"),
        ("- just\n- a list\n", "policies/claude.yaml:1: (top level): expected a mapping"),
        ("name: 'my site!'\nhosts: [x.org]\n", "policies/claude.yaml:1: name: use letters"),
    ],
)
def test_each_kind_of_mistake_is_located(tmp_path, text, expected):
    _write(tmp_path, "claude.yaml", text)
    assert _error(tmp_path).startswith(expected)


def test_two_files_for_one_site_are_an_error(tmp_path):
    _write(tmp_path, "a.yaml", "name: claude\ndry_run: true\n")
    _write(tmp_path, "b.yaml", "name: claude\ndry_run: false\n")
    assert "policies/b.yaml:1: name: site 'claude' is already set by policies/a.yaml" in _error(
        tmp_path
    )


@settings(max_examples=40, deadline=None)
@given(
    padding=st.lists(
        st.sampled_from(["dry_run: true", "# a comment", "", "uploads: pass"]), max_size=6
    ),
    label=st.sampled_from(["SECRET", "PERSON", "EMAIL", "IBAN"]),
    bad=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12).filter(
        lambda v: (
            v
            not in {
                "pseudonymize",
                "mask",
                "block",
                "warn",
                "allow",
                "y",
                "n",
                "yes",
                "no",
                "on",
                "off",
                "null",
                "true",
                "false",
            }
        )
    ),
)
def test_reported_line_is_the_bad_entry_line(padding, label, bad):
    lines = ["name: claude", *padding, "actions:", "  NORP: warn", f"  {label}: {bad}"]
    source = parse_yaml("\n".join(lines) + "\n", "policies/claude.yaml")
    with pytest.raises(ValidationError) as caught:
        SitePolicy.model_validate(source.data)
    (problem,) = source.errors(caught.value, SitePolicy).problems
    assert problem.startswith(f"policies/claude.yaml:{len(lines)}: actions.{label}: ")
    assert f"(got {bad!r})" in problem


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_a_mapping_or_a_located_policy_error(text):
    try:
        source = parse_yaml(text, "policies/x.yaml")
    except PolicyError as error:
        assert all(line.startswith("policies/x.yaml:") for line in error.problems)
    else:
        assert isinstance(source.data, dict)


def test_invalid_edit_keeps_the_last_valid_version(tmp_path, caplog):
    path = _write(tmp_path, "claude.yaml", "name: claude\nactions: {PERSON: mask}\n")
    policies = SitePolicies.load(tmp_path)
    good = policies.get("claude")
    _write(tmp_path, "claude.yaml", CLAUDE_TYPO)
    assert policies.refresh() is False
    assert policies.get("claude") is good  # still in force
    assert "policies/claude.yaml:7: actions.SECRET" in caplog.text
    assert "keeps using the last valid version" in caplog.text
    assert [p.problems[0][:26] for p in policies.config.problems()] == [
        "policies/claude.yaml:7: ac"
    ]
    path.write_text("name: claude\nactions: {PERSON: block}\n")
    assert policies.refresh() is True
    assert policies.get("claude").actions["PERSON"] == "block"
    assert policies.config.problems() == []


def test_new_invalid_file_is_left_out_until_fixed_and_deleted_file_drops(tmp_path, caplog):
    policies = SitePolicies.load(tmp_path)
    _write(tmp_path, "local.yaml", "name: local\nhosts: ['127.0.0.1:99999']\nadapter: openai\n")
    assert policies.refresh() is False and policies.get("local") is None
    assert "policies/local.yaml:2: hosts:" in caplog.text
    path = _write(
        tmp_path, "local.yaml", "name: local\nhosts: ['127.0.0.1:9000']\nadapter: openai\n"
    )
    assert policies.refresh() is True
    assert policies.match("127.0.0.1", 9000, "/v1/chat/completions").name == "local"
    path.unlink()
    assert policies.refresh() is True and policies.get("local") is None


def test_unchanged_sites_keep_their_objects_across_a_reload(tmp_path):
    policies = SitePolicies.load(tmp_path)
    before = {p.name: p for p in policies.all()}
    _write(tmp_path, "claude.yaml", "name: claude\ndry_run: true\n")
    assert policies.refresh() is True
    after = {p.name: p for p in policies.all()}
    assert after["chatgpt"] is before["chatgpt"] and after["claude"] is not before["claude"]


PROFILE = """\
names: [Dana Whitfield, Dana]
family: [Marcus Whitfield]
employer: Northwind Health
places: [Sacramento, 1842 Larkspur Lane]
other: {Project Falcon: CODENAME}
never_redact: [Acme Corp]
"""


def test_profile_joins_every_sites_lists_with_labels(tmp_path):
    _write(tmp_path, "profile.yaml", PROFILE)
    _write(tmp_path, "claude.yaml", "name: claude\ndeny_list: {Dana: USERNAME}\n")
    policies = SitePolicies.load(tmp_path)
    for site in policies.all():
        assert site.deny_list["Northwind Health"] == "ORGANIZATION"
        assert site.deny_list["Sacramento"] == "LOCATION"
        assert site.deny_list["Marcus Whitfield"] == "PERSON"
        assert site.deny_list["Project Falcon"] == "CODENAME"
        assert "Acme Corp" in site.allow_list
    assert policies.get("claude").deny_list["Dana"] == "USERNAME"  # the site's own wins
    assert policies.get("chatgpt").deny_list["Dana"] == "PERSON"


def test_profile_terms_are_redacted_by_the_fast_stage(tmp_path):
    from veil.policies.engine import FastStage
    from veil.rules.vault import Vault

    _write(tmp_path, "profile.yaml", PROFILE)
    policy = SitePolicies.load(tmp_path).get("openai-api")
    text = "I work at northwind health on Project Falcon with Acme Corp."
    result = FastStage(policy).run(text, Vault(style=policy.pseudonym_style)).redacted
    assert "northwind" not in result.text.lower() and "Falcon" not in result.text
    assert "Acme Corp" in result.text
    assert {f.label for f in result.findings} >= {"ORGANIZATION"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "names: [Dana]\nfamly: [Bo]\n",
            "profile.yaml:2: famly: unknown field; did you mean 'family'?",
        ),
        ("names: [Dana]\nother:\n  Falcon: code name\n", "profile.yaml:2: other: label(s)"),
        ("names:\n  - Dana\n  - 42\n", "profile.yaml:3: names.1: Input should be a valid string"),
        ("never_redact: ['re:[']\n", "profile.yaml:1: never_redact: allow_list: invalid regex"),
    ],
)
def test_profile_errors_are_located(tmp_path, text, expected):
    _write(tmp_path, "profile.yaml", text)
    assert _error(tmp_path).startswith(expected)


def test_profile_edit_is_reloaded_and_a_bad_one_ignored(tmp_path):
    _write(tmp_path, "profile.yaml", "names: [Dana]\n")
    policies = SitePolicies.load(tmp_path)
    _write(tmp_path, "profile.yaml", "names: [Dana, Whitfield]\n")
    assert policies.refresh() is True
    assert "Whitfield" in policies.get("claude").deny_list
    _write(tmp_path, "profile.yaml", "names: [Dana, Whitfield]\nnmes: [x]\n")
    assert policies.refresh() is False
    assert "Whitfield" in policies.get("claude").deny_list
    (tmp_path / "profile.yaml").unlink()
    assert policies.refresh() is True
    assert "Whitfield" not in policies.get("claude").deny_list


def test_site_switch_writes_the_override_and_keeps_comments(tmp_path):
    _write(tmp_path, "my-claude.yaml", "# mine\nname: claude\nroles: [user]  # only mine\n")
    policies = SitePolicies.load(tmp_path)
    path = policies.set_enabled("claude", False)
    assert path == (tmp_path / "policies" / "my-claude.yaml").resolve()
    assert path.read_text() == "# mine\nname: claude\nroles: [user]  # only mine\nenabled: false\n"
    assert policies.get("claude").enabled is False
    assert policies.match("claude.ai", 443, "/api/x") is None
    assert all("claude" not in pattern for pattern in policies.allow_hosts())
    assert "claude.ai" not in pac_file(policies, "127.0.0.1", 8080)
    policies.set_enabled("claude", True)
    assert path.read_text().endswith("enabled: true\n") and path.read_text().count("enabled") == 1
    assert policies.match("claude.ai", 443, "/api/x").name == "claude"


def test_site_switch_creates_a_file_for_a_shipped_site(tmp_path):
    policies = SitePolicies.load(tmp_path)
    path = policies.set_enabled("gemini", False)
    assert path.read_text() == "name: gemini\nenabled: false\n"
    with pytest.raises(PolicyError, match="unknown site 'nope'"):
        policies.set_enabled("nope", False)


def test_no_site_on_intercepts_nothing(tmp_path):
    policies = SitePolicies.load(tmp_path)
    for site in policies.all():
        policies.set_enabled(site.name, False)
    assert policies.allow_hosts() == [NO_HOST]  # an empty list would intercept every host


def test_defaults_scan_the_users_side_and_block_uploads():
    policy = load_site_policy("chatgpt")
    assert policy.roles == [Role.USER, Role.TOOL]
    assert policy.uploads is UploadAction.BLOCK and policy.enabled and policy.fast_stage.enabled
    assert policy.dry_run is False


def test_profile_accepts_a_single_term_as_a_list():
    assert Profile.model_validate({"employer": "Acme"}).employer == ["Acme"]


def test_check_file_outside_the_config_dir_names_its_path(tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("name: claude\nuploads: maybe\n")
    with pytest.raises(PolicyError) as caught:
        UserConfig(tmp_path / "config").check_file(outside)
    assert str(caught.value).startswith(f"{outside.resolve()}:2: uploads: Input should be")


policy_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None)
@given(
    fields=st.dictionaries(
        st.sampled_from(sorted(SitePolicy.model_fields)) | st.text(max_size=10),
        policy_values,
        max_size=5,
    )
)
def test_any_policy_file_is_accepted_or_every_problem_is_located(tmp_path_factory, fields):
    import yaml

    config = tmp_path_factory.mktemp("config")
    text = yaml.safe_dump({"name": "claude", **fields}, allow_unicode=True)
    _write(config, "claude.yaml", text)
    # YAML breaks lines where Python does (NEL, LS, PS too), not only at "\n"
    total_lines = len(text.splitlines()) + 1
    try:
        SitePolicies.load(config)
    except PolicyError as error:
        for problem in error.problems:
            where, line, rest = problem.split(":", 2)
            assert where == "policies/claude.yaml" and 1 <= int(line) <= total_lines, problem
            assert rest.startswith(" ") and rest.strip()


def test_yml_files_count_and_hidden_files_do_not(tmp_path):
    _write(tmp_path, "claude.yml", "name: claude\ndry_run: true\n")
    _write(tmp_path, ".#chatgpt.yaml", "this: is an editor's lock file\n")
    policies = SitePolicies.load(tmp_path)
    assert policies.get("claude").dry_run is True
    assert policies.config.problems() == []


def test_an_unknown_adapter_at_start_names_the_file_line_and_the_known_ones(tmp_path):
    from veil.policies.schema import AdapterName

    folder = tmp_path / "policies"
    folder.mkdir()
    (folder / "mine.yaml").write_text('hosts: ["127.0.0.1:9000"]\nadapter: opnai\n')
    with pytest.raises(PolicyError) as refused:
        SitePolicies.load(tmp_path, strict=True)
    message = str(refused.value)
    assert "policies/mine.yaml:2: adapter" in message
    assert all(f"'{name}'" in message for name in AdapterName)


def test_hosts_without_an_adapter_are_refused(tmp_path):
    folder = tmp_path / "policies"
    folder.mkdir()
    (folder / "mine.yaml").write_text('hosts: ["127.0.0.1:9000"]\n')
    with pytest.raises(PolicyError, match="needs an adapter"):
        SitePolicies.load(tmp_path, strict=True)


def test_every_adapter_name_the_schema_allows_is_one_the_proxy_has():
    from veil.policies.schema import AdapterName
    from veil.proxy.adapters import ADAPTERS

    assert set(ADAPTERS) == {str(name) for name in AdapterName}


# Modules that act on a policy (recognizers and their name lists and place tables, the
# slow stage's loop): reading and validating one must not import them.
_ACTING_MODULES = (
    "veil.rules.recognizers",
    "veil.rules.analyzer",
    "veil.rules.vault",
    "veil.rules.operators.decoys",
    "veil.local_models.slow_stage.loop",
)


def test_reading_a_policy_does_not_import_the_recognizers():
    program = (
        "import sys\n"
        "from veil.policies.loader import load_site_policy\n"
        "load_site_policy('openai-api')\n"
        f"print([m for m in {_ACTING_MODULES!r} if m in sys.modules])"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_policy_words_are_the_ones_the_code_acts_on():
    """The schema reads the light copies; redact, vault, analyzer and the operators must
    see the very same enums and defaults."""
    from veil.local_models.slow_stage import SlowStage, StopReason
    from veil.local_models.slow_stage.loop import SlowStage as LoopStage
    from veil.policies import schema
    from veil.rules import analyzer, redact, subject, vault
    from veil.rules.operators import generalizations

    assert schema.Action is redact.Action and schema.PseudonymStyle is vault.PseudonymStyle
    assert schema.PublicEntities is analyzer.PublicEntities
    assert schema.DEFAULT_RECOGNIZERS is analyzer.DEFAULT_RECOGNIZERS
    assert schema.DECIDED_LABELS == subject.DECIDED_LABELS
    assert schema.MIN_POPULATION == generalizations.MIN_POPULATION
    assert SlowStage is LoopStage and StopReason.__module__.endswith("loop")
