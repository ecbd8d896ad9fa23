"""The slow stage wired into the engine and the addon: fallbacks, the new turn only,
the cache for resent history. Scripted models: each test needs a particular answer."""

from __future__ import annotations

import pytest

from tests.scripted_llm import FakeClock, ScriptedLLM, attack, edits, grades, inference
from veil.local_models.backend import LLMError
from veil.local_models.slow_stage.limits import COMPACT, STANDARD
from veil.policies.engine import SlowStageBlocked, SlowStageRunner, limits_for
from veil.policies.schema import SlowStageSettings
from veil.proxy.adapters import ADAPTERS
from veil.proxy.adapters.base import TextSlot
from veil.proxy.filter_requests import newest_turn
from veil.rules.vault import Vault

TEXT = "I teach chemistry at a high school in Leeds."
TEACHER = inference("occupation", "teacher", "I teach chemistry")


def _leaky_model(**options) -> ScriptedLLM:
    return ScriptedLLM(
        {
            "attacker": [attack(TEACHER), attack()],
            "arbitrator": [grades(occupation="high")],
            "anonymizer": [edits(("I teach chemistry", "I work"))],
        },
        **options,
    )


def _runner(llm: ScriptedLLM, **settings) -> SlowStageRunner:
    loaded: list[str] = []

    def load(spec: str) -> ScriptedLLM:
        loaded.append(spec)
        return llm

    runner = SlowStageRunner(SlowStageSettings(enabled=True, **settings), load)
    runner.loaded = loaded  # type: ignore[attr-defined]
    return runner


def test_models_load_once_on_first_use():
    runner = _runner(_leaky_model(), anonymizer_model="other-model")
    assert runner.loaded == []
    runner.rewrite(TEXT, [])
    runner.rewrite(TEXT + "!", [])
    assert runner.loaded == ["qwen2.5-coder-0.5b-instruct", "other-model"]


def test_a_model_that_cannot_load_is_an_llm_error():
    def broken(spec: str):
        raise LLMError(f"no model {spec}")

    runner = SlowStageRunner(SlowStageSettings(enabled=True), broken)
    with pytest.raises(LLMError, match="no model"):
        runner.rewrite(TEXT, [])


def test_a_message_the_slow_stage_could_not_check_at_all_is_an_error():
    runner = _runner(ScriptedLLM({"attacker": ['{"inferences": 3}']}))
    with pytest.raises(LLMError, match="could not check the message: attacker: reply has no"):
        runner.rewrite(TEXT, [])


def _slow_model(clock: FakeClock) -> ScriptedLLM:
    # attacker and arbitrator take 4 s each: a 10 s budget is spent before the anonymizer
    return _leaky_model(clock=clock, seconds_per_call=4.0)


@pytest.mark.parametrize(
    ("fallback", "sent"),
    [("best_so_far", TEXT), ("fast_stage", TEXT)],
)
def test_a_spent_budget_sends_what_the_policy_says(fallback, sent):
    clock = FakeClock()
    runner = _runner(_slow_model(clock), time_budget_s=10.0, on_budget_exhausted=fallback)
    runner.stage()._clock = clock
    outcome = runner.rewrite(TEXT, [])
    assert outcome.text == sent and outcome.fallback == fallback
    assert outcome.result is not None and outcome.result.budget_exhausted


def test_best_so_far_keeps_a_rewrite_the_budget_left_unscored():
    clock = FakeClock()
    llm = ScriptedLLM(
        {
            "attacker": [attack(TEACHER)],
            "arbitrator": [grades(occupation="high")],
            "anonymizer": [edits(("I teach chemistry", "I work"))],
        },
        clock=clock,
        seconds_per_call=1.0,
    )
    # 1 s per call, 4 s budget: the anonymizer fits, the attack that would score its
    # rewrite does not (the budget caps max_tokens at the speed seen so far)
    best = _runner(llm, time_budget_s=4.0, on_budget_exhausted="best_so_far")
    best.stage()._clock = clock
    outcome = best.rewrite(TEXT, [])
    assert outcome.text == "I work at a high school in Leeds."
    assert outcome.result.budget_exhausted and not outcome.result.verified
    clock.now = 0.0
    llm.script["attacker"] = [attack(TEACHER)]
    fast = _runner(llm, time_budget_s=4.0, on_budget_exhausted="fast_stage")
    fast.stage()._clock = clock
    assert fast.rewrite(TEXT, []).text == TEXT


def test_block_fallback_blocks_and_a_retry_runs_again():
    clock = FakeClock()
    llm = _slow_model(clock)
    runner = _runner(llm, time_budget_s=10.0, on_budget_exhausted="block")
    runner.stage()._clock = clock
    with pytest.raises(SlowStageBlocked, match="budget ran out"):
        runner.rewrite(TEXT, [])
    calls = len(llm.calls)
    clock.now = 0.0
    llm.script["attacker"] = [attack(TEACHER)]
    with pytest.raises(SlowStageBlocked):
        runner.rewrite(TEXT, [])
    assert len(llm.calls) > calls  # not served from the cache


def test_history_turns_use_only_the_cache():
    llm = _leaky_model()
    runner = _runner(llm)
    assert runner.resent(TEXT, []).text == TEXT and llm.calls == []
    rewritten = runner.rewrite(TEXT, []).text
    calls = len(llm.calls)
    assert runner.resent(TEXT, []).text == rewritten != TEXT
    assert len(llm.calls) == calls


def test_newest_turn_is_the_last_user_message_or_the_whole_prompt():
    history = [
        TextSlot(("system",), "system", "be brief"),
        TextSlot(("messages", 0, "content"), "user", "first"),
        TextSlot(("messages", 2, "content", 0, "text"), "user", "second a"),
        TextSlot(("messages", 2, "content", 1, "text"), "user", "second b"),
        TextSlot(("messages", 3, "content"), "tool", "tool output"),
    ]
    assert newest_turn(history) == {2, 3}
    web = [
        TextSlot(("prompt",), "user", "hello"),
        TextSlot(("attachments", 0, "extracted_content"), "user", "pasted"),
    ]
    assert newest_turn(web) == {0, 1}
    assert newest_turn([TextSlot(("system",), "system", "x")]) == set()


def test_only_the_users_new_words_are_rewritten_and_history_reuses_the_cache():
    from veil.policies.pipeline import Piece, Pipeline
    from veil.policies.schema import FastStageSettings, QuasiIdentifierSettings, SitePolicy

    llm = _leaky_model()
    policy = SitePolicy(
        name="slow-only",  # the slow stage alone, on the texts as they are
        fast_stage=FastStageSettings(enabled=False),
        quasi_identifiers=QuasiIdentifierSettings(enabled=False),
        slow_stage=SlowStageSettings(enabled=True),
    )
    pipeline = Pipeline(policy, load_llm=lambda spec: llm)
    vault = Vault()
    pieces = [Piece(TEXT, "system", new=False), Piece(TEXT, "user", new=True)]
    first = pipeline.run(pieces, vault)
    assert [o.result.stop_reason for o in first.slow] == ["no_leaks"]
    assert first.texts == [TEXT, "I work at a high school in Leeds."]
    calls = len(llm.calls)
    resent = [Piece(TEXT, "system", new=False), Piece(TEXT, "user", new=False),
              Piece("thanks", "user", new=True)]  # fmt: skip
    llm.script["attacker"] = [attack()]
    second = pipeline.run(resent, vault)
    assert [o.result.cached for o in second.slow] == [True, False]
    assert second.texts == [TEXT, "I work at a high school in Leeds.", "thanks"]
    assert llm.steps()[calls:] == ["attacker"]  # only "thanks" was attacked


@pytest.mark.parametrize(
    ("adapter", "body"),
    [
        ("openai", {"messages": [{"role": "user", "content": "old"},
                                 {"role": "assistant", "content": "ok"},
                                 {"role": "user", "content": [{"type": "text", "text": "new"}]}]}),
        ("anthropic", {"system": "be brief",
                       "messages": [{"role": "user", "content": "old"},
                                    {"role": "assistant", "content": "ok"},
                                    {"role": "user", "content": "new"}]}),
        ("gemini_api", {"contents": [{"role": "user", "parts": [{"text": "old"}]},
                                     {"role": "model", "parts": [{"text": "ok"}]},
                                     {"role": "user", "parts": [{"text": "new"}]}]}),
        ("ollama", {"messages": [{"role": "user", "content": "old"},
                                 {"role": "assistant", "content": "ok"},
                                 {"role": "user", "content": "new"}]}),
    ],
)  # fmt: skip
def test_each_api_adapters_newest_turn_is_its_last_user_message(adapter, body):
    slots = ADAPTERS[adapter].extract(body)
    assert [slots[i].text for i in sorted(newest_turn(slots))] == ["new"]


def test_the_addon_builds_a_slow_stage_only_where_the_policy_enables_it():
    from veil.policies.schema import SitePolicy
    from veil.proxy.addon import VeilAddon
    from veil.proxy.site_policies import SitePolicies

    llm = _leaky_model()
    off = SitePolicy(name="off")
    on = SitePolicy(name="on", slow_stage=SlowStageSettings(enabled=True))
    addon = VeilAddon(SitePolicies([off, on]), load_llm=lambda spec: llm)
    assert addon.pipeline(off).slow is None
    runner = addon.pipeline(on).slow
    assert addon.pipeline(on).slow is runner
    rewritten = runner.rewrite(TEXT, []).text
    # a reloaded policy gets a new runner, but results that still apply are kept
    reloaded = on.model_copy(update={"slow_stage": SlowStageSettings(enabled=True)})
    again = addon.pipeline(reloaded).slow
    assert again is not runner and again.resent(TEXT, []).text == rewritten


@pytest.mark.parametrize(
    ("settings", "expected"),
    [({}, COMPACT),  # the default model's catalog entry: compact
     ({"attacker_model": "default"}, COMPACT),
     ({"attacker_model": "/models/llama-3-8b.gguf"}, STANDARD),  # size unknown
     ({"attacker_model": "http://gpu-box:8000/v1#qwen"}, STANDARD),
     ({"limits": "standard"}, STANDARD),
     ({"attacker_model": "http://gpu-box:8000/v1#qwen", "limits": "compact"}, COMPACT)],
)  # fmt: skip
def test_output_bounds_follow_the_policy_else_the_models_catalog_entry(settings, expected):
    assert limits_for(SlowStageSettings(enabled=True, **settings)) == expected
    runner = _runner(_leaky_model(), **settings)
    assert runner.stage().limits == expected
