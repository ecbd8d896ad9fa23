"""One vocabulary: the attribute table (rules/attributes.py) is what the recognizers, the
operators, the risk estimate, the slow stage and the policy schema name attributes by,
and the words older policy files use still work."""

from __future__ import annotations

import logging
import tomllib
from importlib import resources

import pydantic
import pytest

from veil.local_models import paths as local_models_paths
from veil.local_models.slow_stage import LoopSettings
from veil.local_models.slow_stage.attacker import KNOWN_ATTRIBUTES, MEANINGS, OPTIONS
from veil.policies import paths, renamed
from veil.policies.schema import (
    QI_DEFAULTS,
    QuasiIdentifierSettings,
    SitePolicy,
    SlowStageSettings,
)
from veil.rules.attributes import ALIASES, ASKED, BY_NAME, NAMES, TABLE, canonical
from veil.rules.operators import QIOperator, decoys, evidence, generalizations
from veil.rules.quasi import find_disclosures
from veil.rules.redact import Action
from veil.rules.subject import Reason


def test_each_attribute_has_one_name_and_no_alias_is_a_name():
    assert len(NAMES) == len(TABLE) == len(set(NAMES))
    assert not set(ALIASES) & set(NAMES)
    assert canonical("sex") == "gender" and canonical("gender") == "gender"
    assert canonical("shoe_size") == "shoe_size"


def test_the_rules_name_only_attributes_of_the_table():
    for table in (generalizations._RULES, decoys._RULES, evidence._READERS):
        assert set(table) <= set(NAMES)
    text = "I'm a 34-year-old nurse in Portland, married, and my husband earns $85k."
    found = find_disclosures(text)
    assert found and all(d.span.label == BY_NAME[d.attribute].label for d in found)


def test_every_share_table_is_in_the_population_data():
    data = tomllib.loads(
        resources.files("veil.rules.data").joinpath("population.toml").read_text("utf-8")
    )
    for attribute in TABLE:
        assert attribute.share_table is None or attribute.share_table in data, attribute.name


def test_the_policy_and_the_slow_stage_take_their_names_from_the_table():
    assert tuple(QI_DEFAULTS) == NAMES
    assert {a: str(o) for a, o in QI_DEFAULTS.items()} == {
        a.name: a.default_operator for a in TABLE
    }
    assert KNOWN_ATTRIBUTES == ASKED == tuple(SlowStageSettings().attributes)
    assert all(MEANINGS[name] == BY_NAME[name].question for name in ASKED)
    assert set(OPTIONS) == {"gender", "income", "family"}
    assert all(OPTIONS[name] == BY_NAME[name].answers for name in OPTIONS)


def test_each_operator_is_the_action_it_records():
    assert {str(o) for o in QIOperator} <= {str(a) for a in Action}
    assert Action(QIOperator.ALLOW) is Action.ALLOW
    assert "keep" not in {str(o) for o in QIOperator}  # keep: veil's public-entity verdict


def test_old_attribute_names_and_keep_still_work_with_a_note(caplog):
    renamed._note.cache_clear()
    with caplog.at_level(logging.WARNING, logger="veil"):
        settings = QuasiIdentifierSettings.model_validate(
            {"operators": {"sex": "keep", "income_level": "warn", "relationship_status": "decoy"}}
        )
        slow = SlowStageSettings.model_validate({"attributes": ["sex", "age"]})
    assert settings.operators["gender"] is QIOperator.ALLOW
    assert settings.operators["income"] is QIOperator.WARN
    assert settings.operators["family"] is QIOperator.DECOY
    assert not {"sex", "income_level", "relationship_status"} & set(settings.operators)
    assert slow.attributes == ["gender", "age"]
    notes = caplog.text
    assert "'sex' is deprecated, write 'gender'" in notes
    assert "'keep' is deprecated, write 'allow'" in notes
    assert "slow_stage.attributes" in notes
    assert QuasiIdentifierSettings.model_validate("keep").operators == dict.fromkeys(
        NAMES, QIOperator.ALLOW
    )


def test_an_attribute_given_under_both_names_is_an_error():
    with pytest.raises(pydantic.ValidationError, match="given twice"):
        QuasiIdentifierSettings.model_validate({"operators": {"gender": "warn", "sex": "allow"}})


def test_a_site_policy_reads_into_the_slow_stages_own_settings():
    slow = {"enabled": True, "attributes": ["location"], "tiers": ["high"]}
    policy = SitePolicy.model_validate({"name": "t", "slow_stage": slow})
    loop = policy.slow_stage.loop_settings()
    assert isinstance(loop, LoopSettings)
    assert loop.attributes == ("location",) and loop.tiers == ("high",)
    assert loop.max_rounds == policy.slow_stage.max_rounds
    assert LoopSettings.read(loop) is loop


def test_the_models_dir_is_looked_up_once(monkeypatch, tmp_path):
    monkeypatch.delenv("VEIL_MODELS_DIR", raising=False)
    monkeypatch.setenv("VEIL_DATA_DIR", str(tmp_path / "data"))
    assert paths.models_dir() == local_models_paths.models_dir() == tmp_path / "data" / "models"
    monkeypatch.setenv("VEIL_MODELS_DIR", str(tmp_path / "models"))
    assert paths.models_dir() == local_models_paths.models_dir() == tmp_path / "models"
    assert paths.models_dir(tmp_path / "x") == local_models_paths.models_dir(tmp_path / "x")


def test_reasons_are_codes_with_words_for_people():
    assert all(r.value.isidentifier() and r.value.islower() for r in Reason)
    assert len({r.text for r in Reason}) == len(Reason)
    assert Reason("titled") is Reason.TITLED and Reason.TITLED.text == "a title and a name (Dr. X)"
