"""Clients that talk through a base URL with the official OpenAI SDK: each its own API
key (its own tenant), its conversations one after another, the whole history resent
every turn, some answers streamed. What each turn got is recorded, not judged here."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import openai

from bench.gateway.balancer import INSTANCE_HEADER
from bench.gateway.scripts import Conversation

MODEL = "gpt-4o-mini"


@dataclass
class Turn:
    tenant: str
    conversation: int
    turn: int
    text: str
    streamed: bool
    seconds: float = 0.0
    answer: str | None = None  # None: no answer (an error, or never sent)
    error: str | None = None
    instance: str | None = None  # which veil instance answered (from the balancer)


@dataclass
class Phase:
    turns: list[Turn]
    seconds: float


def _ask(client: openai.OpenAI, messages: list[dict], streamed: bool) -> tuple[str, str | None]:
    raw = client.chat.completions.with_raw_response.create(
        model=MODEL, messages=messages, stream=streamed
    )
    instance = raw.headers.get(INSTANCE_HEADER)
    if streamed:
        chunks = raw.parse()
        answer = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    else:
        answer = raw.parse().choices[0].message.content or ""
    return answer, instance


def run_conversation(client: openai.OpenAI, conversation: Conversation) -> list[Turn]:
    """Every turn of one conversation; after an error the rest is not sent (recorded
    without an answer), as a user whose message failed would not go on."""
    turns = [
        Turn(conversation.tenant, conversation.index, n, text, streamed)
        for n, (text, streamed) in enumerate(
            zip(conversation.turns, conversation.streamed, strict=True)
        )
    ]
    messages: list[dict] = []
    for turn in turns:
        messages.append({"role": "user", "content": turn.text})
        started = time.perf_counter()
        try:
            turn.answer, turn.instance = _ask(client, messages, turn.streamed)
        except Exception as error:  # counted, not raised: the figure is the point
            turn.error = f"{type(error).__name__}: {error}"[:300]
            break
        finally:
            turn.seconds = time.perf_counter() - started
        messages.append({"role": "assistant", "content": turn.answer})
    return turns


def client_for(base_url: str, tenant: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=base_url, api_key=tenant, max_retries=0, timeout=120)


def run_phase(base_url: str, plans: list[list[Conversation]]) -> Phase:
    """One thread per client, all at once; returns every turn and the wall time."""
    done: list[list[Turn]] = [[] for _ in plans]

    def client_thread(n: int) -> None:
        with client_for(base_url, plans[n][0].tenant) as client:
            for conversation in plans[n]:
                done[n].extend(run_conversation(client, conversation))

    threads = [threading.Thread(target=client_thread, args=(n,)) for n in range(len(plans))]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    return Phase([turn for turns in done for turn in turns], seconds)
