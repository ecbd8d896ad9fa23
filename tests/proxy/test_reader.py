"""The reader process (proxy/reader.py), with real forked processes: its readings are the
fast stage's own, a reader that dies is replaced, a text that stops a reader alone gets
the site's on_error (never sent unread), and a reader that keeps dying leaves the
reading to the proxy."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time

import pytest
from mitmproxy import http
from mitmproxy.test import tflow

from veil.policies.engine import FastStage, TextReading
from veil.policies.loader import load_site_policy
from veil.policies.pipeline import Piece, Pipeline
from veil.policies.schema import OnError
from veil.proxy import reader as reader_module
from veil.proxy.addon import Filtering, VeilAddon
from veil.proxy.reader import Reader, ReaderStopped
from veil.proxy.site_policies import SitePolicies
from veil.rules.registry import register
from veil.rules.vault import Vault

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks: Linux")

PROXY_PID = os.getpid()


@register("test.reader_trouble.v1")
class _Trouble:
    """Finds nothing; in a process other than the test's, "KILL ME" ends that process
    and "HANG" holds it (a crash or a hang of the reader, on one text)."""

    name = "test.reader_trouble.v1"
    labels = ("PERSON",)

    def find(self, text: str) -> list:
        if os.getpid() != PROXY_PID:
            if "KILL ME" in text:
                os.kill(os.getpid(), signal.SIGKILL)
            if "HANG" in text:
                time.sleep(30)
        return []


TEXTS = [
    "Hi, I'm Dana Whitfield, a nurse at Northwind Health in Sacramento; mail me at "
    "dana.w@example.org.",
    "My landlord Marcus Oyelaran asks: was Abraham Lincoln a lawyer?",
    "We moved to Leeds last year and my daughter Taylor is 8.",
    "",
]


def _policy(troubled: bool = False):
    policy = load_site_policy("openai-api")
    if troubled:
        recognizers = [*policy.recognizers, "test.reader_trouble.v1"]
        policy = policy.model_copy(update={"recognizers": recognizers})
    return policy


@pytest.fixture
def reader():
    started = Reader()
    yield started
    started.close()


def test_readings_are_the_fast_stages_own(reader: Reader) -> None:
    here = FastStage(_policy())
    assert reader.start()
    readings = reader.read(here, TEXTS)
    assert all(isinstance(r, TextReading) for r in readings)
    assert [(r.analysis, r.quasi_key, r.disclosures) for r in readings] == [
        (r.analysis, r.quasi_key, r.disclosures) for r in map(here.read, TEXTS)
    ]
    # learned by a fresh stage, they give the texts a stage reading alone gives
    learned, alone = Pipeline(_policy()), Pipeline(_policy())
    for reading in readings:
        learned.fast.learn(reading)
    assert learned.unread([Piece(t, "user") for t in TEXTS]) == []
    for text in TEXTS:
        got = learned.run([Piece(text, "user")], Vault())
        want = alone.run([Piece(text, "user")], Vault())
        assert got.texts == want.texts
        assert got.report.actions == want.report.actions


def test_a_reader_killed_between_messages_is_replaced(reader: Reader) -> None:
    stage = FastStage(_policy())
    assert reader.start()
    first = reader.pid
    os.kill(first, signal.SIGKILL)
    time.sleep(0.2)
    [reading] = reader.read(stage, [TEXTS[0]])
    assert isinstance(reading, TextReading)
    assert reader.pid not in (None, first) and reader.restarts == 1


def test_a_text_that_stops_the_reader_stops_only_its_own_message(reader: Reader) -> None:
    stage = FastStage(_policy(troubled=True))
    assert reader.start()
    first = reader.pid
    readings = reader.read(stage, [TEXTS[0], "please KILL ME now", TEXTS[1]])
    assert isinstance(readings[0], TextReading) and isinstance(readings[2], TextReading)
    assert isinstance(readings[1], ReaderStopped)
    assert "killed by SIGKILL" in str(readings[1])
    # the batch's reader died, then the one that read the culprit alone
    assert reader.restarts == 2 and not reader.disabled
    [again] = reader.read(stage, [TEXTS[2]])
    assert isinstance(again, TextReading) and reader.pid != first


def test_a_reader_that_hangs_is_stopped_at_its_deadline(reader, monkeypatch) -> None:
    monkeypatch.setattr(reader_module, "DEADLINE_S", 1.0)
    stage = FastStage(_policy(troubled=True))
    assert reader.start()
    hung = reader.pid
    started = time.monotonic()
    [reading] = reader.read(stage, ["HANG on"])
    assert isinstance(reading, ReaderStopped) and "no answer within" in str(reading)
    assert time.monotonic() - started < 10
    with pytest.raises(ProcessLookupError):
        os.kill(hung, 0)  # killed and reaped


def test_a_reader_that_keeps_dying_leaves_reading_to_the_proxy(reader: Reader) -> None:
    stage = FastStage(_policy(troubled=True))
    assert reader.start()
    for _ in range(reader_module.MAX_RESTARTS):
        reader.read(stage, ["KILL ME"])
    assert reader.disabled and reader.pid is None
    assert reader.read(stage, TEXTS[:2]) == [None, None]  # read by the caller, here


def test_the_filter_thread_reads_through_the_reader() -> None:
    policy = _policy(troubled=True)
    pipeline, filtering = Pipeline(policy), Filtering(Reader())

    def work(text: str):
        return lambda: pipeline.run([Piece(text, "user")], Vault()).texts[0]

    async def main():
        await filtering.start_reader()
        return await asyncio.gather(
            *(
                filtering.run(work(t), policy, len(t), pipeline, [Piece(t, "user")])
                for t in (TEXTS[0], "Jane Doe says KILL ME", TEXTS[2])
            ),
            return_exceptions=True,
        )

    try:
        results = asyncio.run(main())
        assert filtering.reader is not None and filtering.reader.pid is not None
    finally:
        filtering.close()
    alone = Pipeline(_policy())
    assert results[0] == alone.run([Piece(TEXTS[0], "user")], Vault()).texts[0]
    assert results[2] == alone.run([Piece(TEXTS[2], "user")], Vault()).texts[0]
    assert isinstance(results[1], ReaderStopped)


@pytest.mark.parametrize("on_error", [OnError.BLOCK, OnError.PASS])
def test_a_message_that_stops_the_reader_gets_the_sites_on_error(on_error) -> None:
    policy = _policy(troubled=True).model_copy(update={"on_error": on_error})
    addon = VeilAddon(SitePolicies([policy]), reader_process=True)
    text = "I'm Jane Doe, jane.doe@acme-health.org; KILL ME"
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": text}]}
    headers = {"content-type": "application/json", "authorization": "Bearer sk-test"}
    request = http.Request.make(
        "POST", "https://api.openai.com/v1/chat/completions", json.dumps(body), headers
    )
    flow = tflow.tflow(req=request)

    async def main():
        await addon.filtering.start_reader()
        await addon.filter.request(flow)

    try:
        asyncio.run(main())
    finally:
        addon.close()
    if on_error is OnError.BLOCK:
        assert flow.response is not None and "reader process" in flow.response.text
    else:  # the user's own choice: forwarded unchanged, and said so loudly
        assert flow.response is None


def test_a_reader_forgets_old_policies_and_is_given_them_again(reader, monkeypatch) -> None:
    monkeypatch.setattr(reader_module, "STAGES_KEPT", 2)
    stages = [FastStage(_policy()) for _ in range(3)]
    assert reader.start()
    for stage in [*stages, stages[0], stages[2], stages[1]]:  # each reload a new stage
        [reading] = reader.read(stage, [TEXTS[1]])
        assert isinstance(reading, TextReading)
    assert reader.restarts == 0


def test_the_reader_is_forked_when_messages_queue_and_stopped_when_idle() -> None:
    """One message at a time is read in the proxy (no second process's memory); messages
    that queue up behind one another fork the reader, which stops once idle and is forked
    again by the next queue."""
    policy = _policy()
    pipeline, filtering = Pipeline(policy), Filtering(Reader(), idle_s=0.5)
    filtering.arm_reader()

    def work(text: str):
        return lambda: pipeline.run([Piece(text, "user")], Vault()).texts[0]

    async def one_at_a_time() -> list[str]:
        return [
            await filtering.run(work(t), policy, len(t), pipeline, [Piece(t, "user")])
            for t in TEXTS[:3]
        ]

    async def together() -> list[str]:
        return await asyncio.gather(
            *(
                filtering.run(work(t), policy, len(t), pipeline, [Piece(t, "user")])
                for t in TEXTS[:3] * 4
            )
        )

    assert filtering.reader is not None
    try:
        alone = asyncio.run(one_at_a_time())
        assert filtering.reader.pid is None
        queued = asyncio.run(together())
        first = filtering.reader.pid
        assert first is not None
        assert queued == alone * 4  # the same readings, wherever made
        deadline = time.monotonic() + 10
        while (filtering.reader.pid is not None or _alive(first)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert filtering.reader.pid is None and filtering.reader.restarts == 0
        assert not _alive(first)  # stopped and reaped
        asyncio.run(together())
        assert filtering.reader.pid not in (None, first)
    finally:
        filtering.close()


def test_after_the_reader_stops_one_message_at_a_time_does_not_fork_it_again() -> None:
    """Messages that queued while the reader ran are no reason to fork a new one once it
    has stopped: the next person's chat, a message at a time, is read in the proxy."""
    policy = _policy()
    pipeline, filtering = Pipeline(policy), Filtering(Reader(), idle_s=0.5)
    filtering.arm_reader()

    def work(text: str):
        return lambda: pipeline.run([Piece(text, "user")], Vault()).texts[0]

    async def one(text: str) -> str:
        return await filtering.run(work(text), policy, len(text), pipeline, [Piece(text, "user")])

    async def together() -> list[str]:
        return await asyncio.gather(*(one(t) for t in TEXTS[:3] * 4))

    assert filtering.reader is not None
    try:
        asyncio.run(together())  # queued: the reader is forked
        first = filtering.reader.pid
        asyncio.run(together())  # queued again while it runs
        assert first is not None
        deadline = time.monotonic() + 10
        while (filtering.reader.pid is not None or _alive(first)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert filtering.reader.pid is None
        for text in TEXTS[:3]:
            asyncio.run(one(text))
            assert filtering.reader.pid is None
    finally:
        filtering.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
