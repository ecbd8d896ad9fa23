"""bench/gateway: its checks catch what they are there to catch, and the whole harness
(real PostgreSQL, real `veil start` processes, real HAProxy) runs clean at a tiny scale."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from bench.gateway import balancer, harness
from bench.gateway.checks import judge, judge_upstream
from bench.gateway.load import Phase, Turn
from bench.gateway.scripts import build, opening
from testing import local_postgres

ALICE, BOB = "sk-alice", "sk-bob"


def _plans():
    return build([ALICE, BOB], conversations=1, turns=3, seed=7)


def _answered(plans) -> list[Turn]:
    """Every turn answered as veil should: the user's own text, restored."""
    return [
        Turn(c.tenant, c.index, n, text, streamed, answer=f"You said: {text}", instance="a")
        for conversations in plans
        for c in conversations
        for n, (text, streamed) in enumerate(zip(c.turns, c.streamed, strict=True))
    ]


def test_every_tenant_opens_alike_and_gets_people_of_its_own():
    alice, bob = (conversations[0] for conversations in _plans())
    assert alice.turns[0] == bob.turns[0] == opening(0)  # only the key tells them apart
    assert not alice.values & bob.values
    assert alice.people[0].name in alice.turns[2]  # an earlier person comes back


def test_a_clean_phase_passes():
    plans = _plans()
    verdict = judge(Phase(_answered(plans), 1.0), plans)
    assert verdict.clean and verdict.answered == verdict.planned == 6


def test_judge_counts_errors_lost_turns_and_wrong_answers():
    plans = _plans()
    turns = _answered(plans)
    turns[1].answer, turns[1].error = None, "APIConnectionError: reset"
    turns[2].answer = None  # never sent after the error
    turns[3].answer = turns[3].answer.replace("You said", "You sad")
    del turns[5]  # a client thread that died
    verdict = judge(Phase(turns, 1.0), plans)
    assert (verdict.errors, verdict.lost, verdict.wrong_answers) == (1, 2, 1)
    assert not verdict.clean


def test_judge_catches_placeholders_and_other_tenants_values():
    plans = _plans()
    alice, bob = (conversations[0] for conversations in plans)
    turns = _answered(plans)
    turns[1].answer = turns[1].answer.replace(alice.people[0].name, "[[PERSON_1]]")
    turns[2].answer += f" {bob.people[0].email}"
    verdict = judge(Phase(turns, 1.0), plans)
    assert verdict.placeholders_in_answers == 1 and verdict.cross_tenant_answers == 1


def test_upstream_check_catches_values_and_shared_numbering():
    plans = _plans()
    alice = plans[0][0]
    person = alice.people[0]
    first = alice.turns[1].replace(person.name, "[[PERSON_1]]").replace(person.email, "[[EMAIL_1]]")

    def request(tenant: str, text: str) -> tuple[str, dict]:
        body = {
            "messages": [{"role": "user", "content": opening(0)}, {"role": "user", "content": text}]
        }
        return "/v1/chat/completions", body

    received = [
        request(ALICE, first),  # as it should be
        request(ALICE, alice.turns[1]),  # not filtered
        request(ALICE, first.replace("_1]]", "_4]]")),  # numbering another conversation's
        request("sk-stranger", first),
    ]
    headers = [{"authorization": f"Bearer {k}"} for k in (ALICE, ALICE, ALICE, "sk-stranger")]
    verdict = judge_upstream(received, headers, plans)
    assert (verdict.requests, verdict.unfiltered, verdict.misnumbered, verdict.unknown) == (
        4,
        1,
        1,
        1,
    )


def test_a_missing_balancer_names_its_package(monkeypatch):
    monkeypatch.setattr(balancer, "haproxy_binary", lambda: None)
    with pytest.raises(harness.MissingTool, match="apt-get install haproxy"):
        harness.required_tools()


def _require(present: bool, what: str) -> None:
    if present:
        return
    if os.environ.get("VEIL_REQUIRE_SYSTEM_TOOLS"):
        pytest.fail(f"{what} is required here (VEIL_REQUIRE_SYSTEM_TOOLS is set)")
    pytest.skip(f"{what} is not installed: install/system-packages.sh installs it")


def test_the_harness_runs_clean_at_a_tiny_scale(tmp_path):
    _require(balancer.haproxy_binary() is not None, "HAProxy")
    _require(local_postgres.postgres_bindir() is not None, "PostgreSQL's server")
    options = harness.Options(instances=2, clients=3, conversations=2, turns=2, probe=2)
    results = harness.run(options, tmp_path / "work")
    assert results["summary"]["all_checks_passed"], results
    team = results["team"]
    assert team["verdict"]["answered"] == 12 and team["upstream"]["requests"] == 12
    assert set(team["instances"]["per_instance"]) == {"veil1", "veil2"}
    assert set(results["single"]["instances"]["per_instance"]) == {"veil1"}
    # alone on the balancer, every next turn of a conversation went to the other instance
    moves = results["probe"]["team"]["instances"]
    assert moves["moved_instance"] == moves["followup_turns"] == 2
    assert results["summary"]["team_vs_single_throughput"] > 0


def test_the_shipped_haproxy_config_is_valid(tmp_path):
    """install/team/haproxy.cfg as a team would use it, with a certificate of our own."""
    binary = balancer.haproxy_binary()
    _require(binary is not None, "HAProxy")
    from testing.fake_upstream import make_tls_files

    _, cert, key = make_tls_files(tmp_path)
    pem = tmp_path / "veil.pem"
    pem.write_bytes(cert.read_bytes() + key.read_bytes())
    shipped = Path(__file__).parents[2] / "install" / "team" / "haproxy.cfg"
    text = shipped.read_text()
    assert "/etc/haproxy/certs/veil.example.com.pem" in text
    config = tmp_path / "haproxy.cfg"
    config.write_text(text.replace("/etc/haproxy/certs/veil.example.com.pem", str(pem)))
    checked = subprocess.run([binary, "-c", "-f", str(config)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
