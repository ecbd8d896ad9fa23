"""How much of the original a rewrite keeps: ROUGE-L and BLEU against the original, and
an LLM judge's readability, meaning and hallucination scores."""

from __future__ import annotations

import json
from dataclasses import dataclass

import sacrebleu
from rouge_score import rouge_scorer

from veil.local_models.backend import LLM, ChatMessage, LLMError
from veil.local_models.slow_stage.utility import SCHEMA as UTILITY_SCHEMA

_ROUGE = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)

JUDGE_SYSTEM = (
    "You compare an original text with an anonymized version of it. Score the anonymized "
    "version: readability from 1 (unreadable) to 10 (fluent); meaning from 1 (meaning lost) "
    "to 10 (same meaning); hallucination 1 if it states a specific fact that the original "
    "does not contain (a different city, job or age rather than a vaguer one), else 0. "
    "Placeholders such as [[PERSON_1]] stand for removed names and are not errors."
)
# the slow stage's own utility judge answers in the same shape
JUDGE_SCHEMA = UTILITY_SCHEMA


def rouge_l(original: str, rewrite: str) -> float:
    return _ROUGE.score(original, rewrite)["rougeL"].fmeasure


def bleu(original: str, rewrite: str) -> float:
    return sacrebleu.sentence_bleu(rewrite, [original]).score / 100


@dataclass(frozen=True)
class JudgeScores:
    readability: float
    meaning: float
    hallucination: float


def judge(llm: LLM, original: str, rewrite: str) -> JudgeScores | None:
    """None if the judge's answer cannot be read (counted as missing, not as a score)."""
    messages = [
        ChatMessage(role="system", content=JUDGE_SYSTEM),
        ChatMessage(
            role="user",
            content=f'Original:\n"""\n{original}\n"""\n\nAnonymized:\n"""\n{rewrite}\n"""',
        ),
    ]
    try:
        reply = json.loads(llm.complete(messages, schema=JUDGE_SCHEMA, max_tokens=64))
        return JudgeScores(
            float(reply["readability"]), float(reply["meaning"]), float(reply["hallucination"])
        )
    except (LLMError, ValueError, KeyError, TypeError):
        return None
