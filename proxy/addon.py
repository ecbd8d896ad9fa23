"""veil inside mitmproxy: the state its addons share, and the addons themselves.

``VeilAddon`` is what ``veil start`` (and ``mitmdump -s proxy/mitmdump_addon.py``) adds
to mitmproxy. It holds the site policies, the conversations' vaults, the redaction log
and one ``Pipeline`` per site, and carries four small addons, one job each:

- ``filter``  (filter_requests.FilterRequests): requests to chat services, filtered;
- ``restore`` (restore_answers.RestoreAnswers): answers, restored, streams included;
- ``handoffs`` (handoff.FollowHandoffs): answers chatgpt.com moves to a WebSocket;
- ``upkeep``  (upkeep.Upkeep): warm-up, hot reload, retention.

The gateway, the PAC file and the dashboard are addons of their own (gateway.py, pac.py,
dashboard.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from veil.local_models.slow_stage import SlowStageResult
from veil.local_models.slow_stage.cache import ResultCache
from veil.local_models.slow_stage.limits import Limits
from veil.policies.engine import LLMLoader
from veil.policies.pipeline import Piece, Pipeline
from veil.policies.schema import SitePolicy
from veil.proxy.conversations import ConversationStore
from veil.proxy.filter_requests import FilterRequests
from veil.proxy.handoff import FollowHandoffs
from veil.proxy.memory import LARGE_MESSAGE_CHARS, give_back
from veil.proxy.reader import IDLE_S, Reader, ReaderStopped, Ticket
from veil.proxy.restore_answers import RestoreAnswers
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.redaction_log import LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore
from veil.proxy.upkeep import Upkeep
from veil.rules.syntax import READ_AHEAD_TEXTS

log = logging.getLogger("veil")
T = TypeVar("T")


class Records:
    """The redaction log, written off the event loop; it never stops a message."""

    def __init__(self, redaction_log: RedactionLog | None) -> None:
        self.log = redaction_log
        self._failing = False

    async def write(self, entry: LogEntry) -> None:
        if self.log is None:
            return
        try:
            await asyncio.to_thread(self.log.record, entry)
            self._failing = False
        except Exception:  # the log must never stop a message
            if not self._failing:  # once per failure, not once per request
                log.exception("veil: could not write the redaction log")
            self._failing = True


@dataclass
class _Job:
    work: Callable[[], Any]
    pipeline: Pipeline
    pieces: Sequence[Piece]
    loop: asyncio.AbstractEventLoop
    done: asyncio.Future


class Filtering:
    """Where messages are filtered: ordinary ones on a thread of their own, one after
    another, those that arrived together read by spaCy's NER in one batch first; the
    rest on asyncio's default threads.

    The fast stage is Python (and spaCy code that takes the GIL back at every step of
    its parse), so threads running it side by side only take turns, and pay for the
    turns. A message that may take long neither waits behind the others nor holds them
    up: a large paste, and a policy that asks a local model (the slow stage, the
    public-entity referee).

    With a ``Reader`` (proxy/reader.py), the thread has a process of its own read each
    batch's new texts, and only applies the conversations' vaults here: the event loop
    and the reading then run on both cores. Once armed (after the warm-up), the reader is
    forked when messages queue up behind one another, and stopped after ``IDLE_S`` without
    work: one person's chat, a message at a time, costs no second process's memory."""

    BATCH = READ_AHEAD_TEXTS  # messages taken at once

    def __init__(self, reader: Reader | None = None, idle_s: float = IDLE_S) -> None:
        self.reader = reader
        self.idle_s = idle_s
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="veil-filter")
        self._lock = threading.Lock()
        self._waiting: list[_Job] = []
        self._draining = False  # the thread has been asked to take the waiting messages
        self._armed = False  # the reader may be forked (the recognizers are warm)
        self._queued = False  # a message came while the thread was busy: fork the reader
        self._last_work = 0.0  # when the thread last filtered (time.monotonic())
        self._idle_timer: threading.Timer | None = None

    @staticmethod
    def queued(policy: SitePolicy, chars: int) -> bool:
        """Whether a message goes to the fast stage's own thread."""
        return (
            chars < LARGE_MESSAGE_CHARS
            and not policy.slow_stage.enabled
            and policy.public_entities.referee is None
        )

    async def run(
        self,
        work: Callable[[], T],
        policy: SitePolicy,
        chars: int,
        pipeline: Pipeline,
        pieces: Sequence[Piece],
    ) -> T:
        """``work``'s result (it filters ``pieces`` with ``pipeline``), run off the loop."""
        if not self.queued(policy, chars):
            return await asyncio.to_thread(work)
        loop = asyncio.get_running_loop()
        work = functools.partial(contextvars.copy_context().run, work)
        job = _Job(work, pipeline, pieces, loop, loop.create_future())
        with self._lock:
            self._waiting.append(job)
            start, self._draining = not self._draining, True
            # two waiting untaken: they queue (one that comes while the thread finishes
            # the last is no queue)
            self._queued = self._queued or len(self._waiting) > 1
        if start:
            self._thread.submit(self._drain)
        return await job.done

    def _drain(self) -> None:
        """On the thread: the waiting messages, a batch at a time, until none wait."""
        while True:
            if self._use_reader():
                assert self.reader is not None
                self._drain_with_reader(self.reader)
                break
            batch = self._take()
            if not batch:
                break
            if len(batch) > 1:
                _read_ahead(batch)
            _work(batch, {})
        self._last_work = time.monotonic()
        self._retire_when_idle()

    def _use_reader(self) -> bool:
        """Whether this batch goes through the reader: it runs, or messages queue up and
        it may start (forked here, on the filter thread, between messages)."""
        reader = self.reader
        if reader is None or not self._armed or not reader.available:
            return False
        if reader.running:
            return True
        with self._lock:
            wanted, self._queued = self._queued, False
        return wanted and reader.start()

    def _retire_when_idle(self, wait: float | None = None) -> None:
        """Stop the reader, and give memory back, once there has been nothing to read
        for ``idle_s``."""
        if self._idle_timer is not None and self._idle_timer.is_alive():
            return  # the one timer looks again when it fires

        def check() -> None:
            idle = time.monotonic() - self._last_work
            self._idle_timer = None
            if idle < self.idle_s:
                self._retire_when_idle(self.idle_s - idle)  # read since: wait the rest
                return
            with contextlib.suppress(RuntimeError):  # the thread has been shut down
                self._thread.submit(self._retire)

        self._idle_timer = threading.Timer(max(0.0, self.idle_s if wait is None else wait), check)
        self._idle_timer.daemon = True
        self._idle_timer.start()

    def _retire(self) -> None:
        """On the filter thread, after ``idle_s`` without messages (a message since then
        keeps both): stop the reader, and return the heap's free memory to the system
        (the messages since the last long one left some; malloc keeps what was freed)."""
        with self._lock:
            busy = self._draining
        if busy or time.monotonic() - self._last_work < self.idle_s:
            return
        give_back()
        if self.reader is not None:
            self.reader.retire()
        with self._lock:
            # a queue seen while the reader ran is no reason to fork the next one: only
            # messages that queue up from now on are
            self._queued = False

    def _drain_with_reader(self, reader: Reader) -> None:
        """The same, each batch's texts read by the reader process; the next batch is
        handed to it before this one's vaults are applied, so both keep busy."""
        pending: _Sent | None = None
        while True:
            batch = self._take(stop=pending is None)
            sent = _send(batch, reader) if batch else None
            if pending is not None:
                _work(pending.batch, _receive(pending, reader))
            if sent is None and pending is None:
                return
            pending = sent

    def _take(self, stop: bool = True) -> list[_Job]:
        """The next batch of waiting messages; when none wait and ``stop``, the thread
        is done (a message that comes now starts it again)."""
        with self._lock:
            batch, self._waiting = self._waiting[: self.BATCH], self._waiting[self.BATCH :]
            if not batch and stop:
                self._draining = False
            return batch

    def arm_reader(self) -> None:
        """Let the reader be forked when messages queue up (after the warm-up: it shares
        what was loaded)."""
        self._armed = True

    async def start_reader(self) -> None:
        """Arm the reader and fork it now, on the filter thread, between messages."""
        self.arm_reader()
        if self.reader is not None:
            await asyncio.wrap_future(self._thread.submit(self.reader.start))

    def close(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
        self._thread.shutdown(wait=False, cancel_futures=True)
        if self.reader is not None:
            self.reader.close()


def _read_ahead(batch: list[_Job]) -> None:
    by_pipeline: dict[int, list[_Job]] = {}
    for job in batch:
        by_pipeline.setdefault(id(job.pipeline), []).append(job)
    for jobs in by_pipeline.values():
        try:
            jobs[0].pipeline.read_ahead([job.pieces for job in jobs])
        except Exception:  # only time is lost: each message then reads its own text
            log.exception("veil: reading messages ahead failed")


def _work(batch: list[_Job], failed: dict[int, ReaderStopped]) -> None:
    """Run each message's work (``failed``: those whose text stopped the reader, by their
    place in the batch), its outcome settled in its own loop."""
    for i, job in enumerate(batch):
        try:
            if i in failed:
                raise failed[i]
            outcome = (job.work(), None)
        except BaseException as error:  # the message's own failure, raised in its task
            outcome = (None, error)
        with contextlib.suppress(RuntimeError):  # its loop closed: nobody waits
            job.loop.call_soon_threadsafe(_settle, job.done, *outcome)


@dataclass
class _Sent:
    """A batch whose unread texts were handed to the reader, per pipeline."""

    batch: list[_Job]
    tickets: list[tuple[Pipeline, list[int], Ticket]]


def _send(batch: list[_Job], reader: Reader) -> _Sent:
    by_pipeline: dict[int, list[int]] = {}
    for i, job in enumerate(batch):
        by_pipeline.setdefault(id(job.pipeline), []).append(i)
    sent = _Sent(batch, [])
    for indexes in by_pipeline.values():
        pipeline = batch[indexes[0]].pipeline
        try:
            texts = pipeline.unread([piece for i in indexes for piece in batch[i].pieces])
            sent.tickets.append((pipeline, indexes, reader.submit(pipeline.fast, texts)))
        except Exception:  # only time is lost: each message then reads its own texts
            log.exception("veil: could not hand messages to the reader process")
    return sent


def _receive(sent: _Sent, reader: Reader) -> dict[int, ReaderStopped]:
    """The readings of a batch, kept in their fast stages' caches; the messages whose
    text stopped the reader, by their place in the batch."""
    failed: dict[int, ReaderStopped] = {}
    for pipeline, indexes, ticket in sent.tickets:
        try:
            readings = reader.collect(ticket)
        except Exception:  # only time is lost: each message then reads its own texts
            log.exception("veil: the reader process could not read messages")
            continue
        for text, reading in zip(ticket.texts, readings, strict=True):
            if isinstance(reading, ReaderStopped):
                for i in indexes:
                    if any(piece.text == text for piece in sent.batch[i].pieces):
                        failed[i] = reading
            elif reading is not None:
                pipeline.fast.learn(reading)
    return failed


def _settle(done: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)


class VeilAddon:
    """With a ``VaultStore`` vaults outlive the process; with a ``RedactionLog`` each
    decision is recorded. ``reload_interval``: how often (seconds) the user's policy files
    are checked for changes (None: never). ``manage_allow_hosts``: keep mitmproxy's
    ``allow_hosts`` in step with the policies' hosts (``veil start``). ``load_llm``: how
    the slow stage loads a model spec (None: the model catalog's). ``reader_process``:
    read messages in a process of its own once warm (proxy/reader.py)."""

    def __init__(
        self,
        policies: SitePolicies,
        vault_store: VaultStore | None = None,
        redaction_log: RedactionLog | None = None,
        reload_interval: float | None = 1.0,
        manage_allow_hosts: bool = False,
        load_llm: LLMLoader | None = None,
        reader_process: bool = False,
    ) -> None:
        self.policies = policies
        self.conversations = ConversationStore(store=vault_store)
        self.redaction_log = redaction_log
        self.records = Records(redaction_log)
        self.load_llm = load_llm
        self.warmed_up = threading.Event()  # models loaded: the first message will not wait
        # None: each policy's slow_stage.limits decides; tests set the tiny model's
        self.slow_limits: Limits | None = None
        # One cache for every site: its keys carry the settings, so a reloaded policy keeps
        # the results that still apply.
        self._slow_cache: ResultCache[SlowStageResult] = ResultCache()
        self._pipelines: dict[str, Pipeline] = {}
        self._pipelines_lock = threading.Lock()
        self.filtering = Filtering(Reader() if reader_process else None)
        self.filter = FilterRequests(self)
        self.restore = RestoreAnswers(self)
        self.handoffs = FollowHandoffs(self)
        self.upkeep = Upkeep(self, reload_interval, manage_allow_hosts)
        self.addons = [self.filter, self.restore, self.handoffs, self.upkeep]

    def pipeline(self, policy: SitePolicy) -> Pipeline:
        """The site's pipeline, rebuilt when its policy changes (models load once)."""
        with self._pipelines_lock:
            pipeline = self._pipelines.get(policy.name)
            if pipeline is None or pipeline.policy is not policy:
                pipeline = self._pipelines[policy.name] = Pipeline(
                    policy,
                    load_llm=self.load_llm,
                    slow_cache=self._slow_cache,
                    slow_limits=self.slow_limits,
                )
            return pipeline

    def intercepted_patterns(self) -> list[str]:
        """The policies' hosts, and the hosts their sites hand answers over to."""
        active = {p.name for p in self.policies.active()}
        return [*self.policies.allow_hosts(), *self.handoffs.patterns(active)]

    async def reload(self) -> bool:
        """Pick up edited policy files now; True when the policies changed."""
        return await self.upkeep.reload()

    def maintain(self) -> None:
        self.upkeep.maintain()

    def close(self) -> None:
        """Close the record files (after the proxy stopped)."""
        self.filtering.close()
        if self.conversations.store is not None:
            self.conversations.store.close()
        if self.redaction_log is not None:
            self.redaction_log.close()
