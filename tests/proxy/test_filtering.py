"""Messages filtered on veil's own thread: each gets its own result or its own error,
those that arrive together are read ahead in one batch, and a message that may take
long (a large paste, a policy that asks a model) runs elsewhere."""

from __future__ import annotations

import asyncio
import threading

import pytest

from veil.policies.loader import load_site_policy
from veil.policies.pipeline import Piece
from veil.proxy.addon import Filtering
from veil.proxy.memory import LARGE_MESSAGE_CHARS


class _Pipeline:
    def __init__(self) -> None:
        self.read: list[list[str]] = []

    def read_ahead(self, messages) -> None:
        self.read.append([piece.text for pieces in messages for piece in pieces])


def test_messages_arriving_together_get_their_own_results_and_errors() -> None:
    policy = load_site_policy("openai-api")
    pipeline, filtering = _Pipeline(), Filtering()
    gate = threading.Event()
    threads = set()

    def work(n: int):
        def run() -> int:
            gate.wait(5)  # the first holds the thread while the others queue up
            threads.add(threading.current_thread().name)
            if n == 3:
                raise ValueError("message 3 failed")
            return n * 10

        return run

    async def main():
        tasks = [
            asyncio.ensure_future(
                filtering.run(work(n), policy, 10, pipeline, [Piece(f"text {n}", "user")])
            )
            for n in range(8)
        ]
        await asyncio.sleep(0.1)
        gate.set()
        return await asyncio.gather(*tasks, return_exceptions=True)

    try:
        results = asyncio.run(main())
    finally:
        filtering.close()
    assert [r for n, r in enumerate(results) if n != 3] == [0, 10, 20, 40, 50, 60, 70]
    assert isinstance(results[3], ValueError)
    assert len(threads) == 1  # one thread, one message after another
    assert any(len(batch) > 1 for batch in pipeline.read)  # queued ones read ahead together


@pytest.mark.parametrize("large", [False, True])
def test_long_work_does_not_queue_on_the_filtering_thread(large: bool) -> None:
    policy = load_site_policy("openai-api")
    chars = LARGE_MESSAGE_CHARS if large else 10
    assert Filtering.queued(policy, chars) is not large
    slow = policy.model_copy(
        update={"slow_stage": policy.slow_stage.model_copy(update={"enabled": True})}
    )
    assert not Filtering.queued(slow, 10)


def test_memory_is_given_back_once_the_thread_has_been_idle(monkeypatch) -> None:
    """After ``idle_s`` without messages the heap's free memory goes back to the system,
    once (with or without a reader process); a message in between puts it off."""
    import time

    import veil.proxy.addon as addon_module

    given: list[float] = []
    monkeypatch.setattr(addon_module, "give_back", lambda: given.append(time.monotonic()))
    policy = load_site_policy("openai-api")
    pipeline, filtering = _Pipeline(), Filtering(idle_s=0.3)

    async def one(n: int) -> int:
        return await filtering.run(lambda: n, policy, 10, pipeline, [Piece(f"t {n}", "user")])

    try:
        started = time.monotonic()
        assert asyncio.run(one(1)) == 1
        time.sleep(0.2)
        # (taken before the second message: its wait starts when the message ends, which
        # is before ``run`` returns here)
        last = time.monotonic()
        assert asyncio.run(one(2)) == 2  # within idle_s of the first: the wait starts again
        deadline = time.monotonic() + 5
        while not given and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        assert len(given) == 1 and given[0] - last >= 0.3 and given[0] - started >= 0.5
    finally:
        filtering.close()
