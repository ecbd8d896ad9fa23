"""The fast stage's reading of new texts in a process of its own, so both cores work.

The proxy is one process with one GIL. Under 50 clients its event loop (TLS, HTTP,
restoring answers) and the filter thread took turns on one core while the other sat
idle. The reader is a child forked from the proxy once its recognizers are warm, so it
shares spaCy's model, the name lists and the tables copy-on-write. It makes what the fast
stage reads of a text before the conversation's vault has a say (``FastStage.read``:
spaCy, the recognizers, the public/private decision, the quasi-identifiers' reading).
The filter thread hands it each batch of new texts and waits, the GIL free for the
event loop; the readings go into the fast stage's caches, where ``Pipeline.run`` finds
them: the same code on the same policy and text, so the same result as reading here.

Failure is never a reason to send a text unread:
- a text the reader fails on (an exception) is read here, and meets its error here;
- a reader that dies (or hangs past a deadline) while reading is replaced, and each text
  it held is read again alone in the new one; a text that stops a reader alone is
  ``ReaderStopped``: the site's ``on_error`` decides (it is not read here, where it
  could stop the proxy);
- a reader that cannot start, or dies ``MAX_RESTARTS`` times within ``RESTART_WINDOW_S``,
  leaves all reading to the proxy's own thread, as without one.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import logging
import os
import signal
import sys
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from multiprocessing.connection import Connection, Pipe
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from veil.policies.engine import FastStage, TextReading

log = logging.getLogger("veil")

MAX_RESTARTS = 3
RESTART_WINDOW_S = 600.0
# How long a batch may take before the reader counts as hung: generous, since a queued
# message may hold up to 100,000 characters (about 2 s to read on this machine).
DEADLINE_S = 30.0
DEADLINE_S_PER_CHAR = 1e-4
# Readings the reader keeps itself: the proxy keeps each one it is handed.
READER_CACHE_SIZE = 32
# Fast stages (one per policy version) a reader keeps: both sides forget the one given
# first, so the proxy knows which it must give again (after hot reloads).
STAGES_KEPT = 16
# A reader idle this long is stopped, its memory given back; the next queue forks one again.
IDLE_S = 60.0


class ReaderStopped(Exception):
    """The reader process died (or hung) reading this text, alone."""


@dataclass
class Ticket:
    """A batch handed to the reader, its readings to ``collect`` (in the order sent)."""

    stage: FastStage
    texts: list[str]
    generation: int = -1  # the reader it was sent to (-1: none)


class Reader:
    """The parent's side: one child at a time, used from one thread (the filter thread).
    Batches may be sent ahead (``submit``) and collected later, in the order sent: the
    child reads the next batch while the filter thread applies the last one."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.restarts = 0
        self.disabled = False
        self._started_once = False  # after the warm-up: a restart, when one dies, forks warm too
        self._conn: Connection | None = None
        self._generation = 0
        self._tokens = itertools.count()
        # the stages the current child has been given, first given first
        self._sent: OrderedDict[int, None] = OrderedDict()
        self._deaths: deque[float] = deque(maxlen=MAX_RESTARTS)

    @property
    def available(self) -> bool:
        return not self.disabled and sys.platform.startswith("linux")

    def start(self) -> bool:
        """Fork the reader (call on the thread that filters, between messages: no
        lock of the fast stage is held then). True if one is running."""
        if not self.available:
            return False
        if self.pid is not None:
            return True
        self._started_once = True
        parent, child = Pipe(duplex=True)
        gc.freeze()  # the child's collections then leave the shared pages alone
        try:
            pid = os.fork()
        except OSError as error:
            parent.close()
            child.close()
            self._disable(f"could not start its reader process ({error})")
            return False
        if pid == 0:  # pragma: no cover  (the child; coverage does not follow a fork)
            parent.close()
            _serve(child)
        child.close()
        self.pid, self._conn, self._sent = pid, parent, OrderedDict()
        self._generation += 1
        return True

    def read(self, stage: FastStage, texts: list[str]) -> list[TextReading | ReaderStopped | None]:
        """``collect(submit(stage, texts))``."""
        return self.collect(self.submit(stage, texts))

    def submit(self, stage: FastStage, texts: list[str]) -> Ticket:
        """Hand ``texts`` to the reader now, if one runs."""
        ticket = Ticket(stage, texts)
        if texts and self._running():
            try:
                self._send(ticket)
            except _Died as died:
                self._died(str(died), died.reaped)
        return ticket

    def collect(self, ticket: Ticket) -> list[TextReading | ReaderStopped | None]:
        """Each text's reading; None: read it here, where its error shows (also for
        every text when no reader runs); ``ReaderStopped``: the text stopped a reader
        alone."""
        texts = ticket.texts
        if not texts:
            return []
        if ticket.generation != self._generation or self.pid is None:
            # sent to a reader that has stopped since (or to none): send it again
            if not self._running():
                return [None] * len(texts)
            try:
                self._send(ticket)
            except _Died as died:
                self._died(str(died), died.reaped)
                return [None] * len(texts)
        try:
            return self._receive(ticket)
        except _Died as died:
            how = self._died(str(died), died.reaped)
        if len(texts) == 1:
            return [ReaderStopped(f"veil's reader process stopped reading it ({how})")]
        readings: list[TextReading | ReaderStopped | None] = []
        for text in texts:  # which one stopped it: each alone, in a new reader
            alone = Ticket(ticket.stage, [text])
            if not self._running():
                readings.append(None)
                continue
            try:
                self._send(alone)
                readings.extend(self._receive(alone))
            except _Died as died:
                how = self._died(str(died), died.reaped)
                readings.append(ReaderStopped(f"veil's reader process stopped reading it ({how})"))
        return readings

    @property
    def running(self) -> bool:
        return self.pid is not None

    def retire(self) -> None:
        """Stop the reader while it is idle (no death: a later ``start`` forks again)."""
        self._stop()

    def close(self) -> None:
        """Stop the reader for good (it also stops by itself when the proxy's end
        closes, the proxy's death included)."""
        self.disabled = True
        self._stop()

    # -- the child's lifetime ---------------------------------------------------------

    def _running(self) -> bool:
        if self.pid is not None and _exited(self.pid) is not None:
            self._died("it was no longer running", reaped=True)
        return self.pid is not None or (self._started_once and self.start())

    def _send(self, ticket: Ticket) -> None:
        conn = self._conn
        if conn is None:
            raise _Died("closed", reaped=True)
        stage = ticket.stage
        token = getattr(stage, "reader_token", None)
        if token is None:
            token = stage.reader_token = next(self._tokens)  # type: ignore[attr-defined]
        policy = None if token in self._sent else stage.policy
        try:
            conn.send((token, policy, ticket.texts))
        except OSError as error:
            raise self._broken(error) from None
        if policy is not None:
            _given(self._sent, token)
        ticket.generation = self._generation

    def _receive(self, ticket: Ticket) -> list[TextReading | ReaderStopped | None]:
        conn = self._conn
        if conn is None:
            raise _Died("closed", reaped=True)
        # counted from now: the reader may still be on the batch sent before this one
        deadline = DEADLINE_S + DEADLINE_S_PER_CHAR * sum(map(len, ticket.texts))
        try:
            if not conn.poll(deadline):
                raise _Died(f"no answer within {deadline:.0f} s")
            return conn.recv()
        except (EOFError, OSError) as error:
            raise self._broken(error) from None

    def _broken(self, error: Exception) -> _Died:
        how = _how(self.pid)
        return _Died(how or type(error).__name__, reaped=bool(how))

    def _died(self, how: str, reaped: bool = False) -> str:
        self._stop(reaped)
        if self.disabled:
            return how  # closed meanwhile: the proxy is stopping
        log.error("veil: its reader process stopped (%s); starting another", how)
        self.restarts += 1
        now = time.monotonic()
        self._deaths.append(now)
        if len(self._deaths) == MAX_RESTARTS and now - self._deaths[0] < RESTART_WINDOW_S:
            self._disable(f"its reader process stopped {MAX_RESTARTS} times")
        return how

    def _disable(self, why: str) -> None:
        self.disabled = True
        # a warning: mitmproxy exits on an error logged while it starts
        log.warning("veil %s: messages are read in the proxy's own process from now on", why)

    def _stop(self, reaped: bool = False) -> None:
        pid, conn = self.pid, self._conn
        self.pid, self._conn = None, None
        if conn is not None:
            conn.close()
        if pid is None or reaped:
            return
        try:
            os.kill(pid, signal.SIGKILL)  # it holds nothing worth a goodbye
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


class _Died(Exception):
    def __init__(self, how: str, reaped: bool = False) -> None:
        super().__init__(how)
        self.reaped = reaped  # waited for already: its pid may be another process's now


def _exited(pid: int) -> int | None:
    """The child's wait status once it has exited (reaping it), else None."""
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return 0
    return status if done else None


def _how(pid: int | None) -> str:
    """How the child ended, where it has: 'killed by SIGKILL', 'exit code 3'."""
    if pid is None:
        return ""
    for _ in range(50):  # a dying child closes its end a moment before it is reapable
        status = _exited(pid)
        if status is not None:
            if os.WIFSIGNALED(status):
                return f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
            return f"exit code {os.waitstatus_to_exitcode(status)}"
        time.sleep(0.01)
    return ""


def _given(stages: OrderedDict, token: int, stage: object = None) -> None:
    """Note a stage given to the reader, forgetting the first given beyond STAGES_KEPT
    (the same on both sides: the child is given them in the order the proxy notes them)."""
    stages[token] = stage
    while len(stages) > STAGES_KEPT:
        stages.popitem(last=False)


# -- the child ----------------------------------------------------------------------


def _serve(conn: Connection) -> None:  # pragma: no cover  (runs in the child)
    """Read batches until the proxy's end closes; never return into the proxy's code."""
    code = 0
    try:
        _detach()
        from veil.policies.engine import FastStage

        stages: OrderedDict[int, FastStage] = OrderedDict()
        while True:
            try:
                token, policy, texts = conn.recv()
            except EOFError:
                break
            if policy is not None:
                _given(stages, token, FastStage(policy, cache_size=READER_CACHE_SIZE))
            stage = stages[token]
            with contextlib.suppress(Exception):  # only time is lost: each is read below
                stage.read_ahead(texts)
            readings = []
            for text in texts:
                try:
                    readings.append(stage.read(text))
                except Exception:  # read again in the proxy, where its error shows
                    readings.append(None)
            conn.send(readings)
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _detach() -> None:  # pragma: no cover  (runs in the child)
    """Leave the proxy's signals and log to it: the child was forked from its event
    loop's process, whose signal wake-up socket it shares (a signal here would be
    handled there) and whose log handlers hand records to that loop."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the proxy, which stops it
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    logging.disable(logging.CRITICAL)
    # SQLite connections must not cross a fork: the places table opens its own.
    from veil.rules import places_table

    places_table.reopen()
