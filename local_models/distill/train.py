"""``veil distill train``'s training: SFT on the three tasks, then DPO on the preference
pairs, each with a LoRA adapter (PEFT) through TRL's trainers, merged into the weights
after each stage; the merged model is saved as a Hugging Face directory for conversion.

DPO's reference model is the SFT result: the DPO adapter starts from the merged SFT
weights, and TRL scores the reference by switching the adapter off. Runs on a CUDA GPU
when torch sees one (bf16), else on the CPU in fp32, whichever torch build is installed.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veil.local_models.distill.student import StudentSource, load_model, load_tokenizer

log = logging.getLogger("veil")


@dataclass(frozen=True)
class TrainSettings:
    sft_epochs: float = 1.0
    dpo_epochs: float = 1.0
    max_steps: int = -1  # per stage; > 0 caps each stage (tests, a quick look)
    learning_rate: float = 2e-4
    dpo_learning_rate: float = 5e-6
    batch_size: int = 1
    gradient_accumulation: int = 4
    lora_rank: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.05
    max_length: int = 2048
    dpo_beta: float = 0.1
    seed: int = 0


@dataclass(frozen=True)
class TrainReport:
    sft_steps: int
    sft_loss: float | None
    dpo_steps: int
    dpo_loss: float | None
    device: str
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))


def _device() -> tuple[str, Any]:
    import torch

    if torch.cuda.is_available():
        return "cuda", torch.bfloat16
    return "cpu", torch.float32


def _lora(settings: TrainSettings) -> Any:
    from peft import LoraConfig

    return LoraConfig(
        r=settings.lora_rank,
        lora_alpha=settings.lora_alpha,
        lora_dropout=settings.lora_dropout,
        target_modules="all-linear",
        task_type="CAUSAL_LM",
    )


def _common(settings: TrainSettings, output_dir: Path, device: str) -> dict[str, Any]:
    return {
        "output_dir": str(output_dir),
        "per_device_train_batch_size": settings.batch_size,
        "gradient_accumulation_steps": settings.gradient_accumulation,
        "max_steps": settings.max_steps,
        "max_length": settings.max_length,
        "seed": settings.seed,
        "use_cpu": device == "cpu",
        "bf16": device == "cuda",
        "logging_steps": 1,
        "save_strategy": "no",
        "report_to": [],
        "disable_tqdm": False,
        "dataloader_num_workers": 0,
    }


def _final_loss(trainer: Any) -> float | None:
    losses = [entry["loss"] for entry in trainer.state.log_history if "loss" in entry]
    return float(losses[-1]) if losses else None


def train(
    student: StudentSource,
    sft_records: Sequence[dict[str, Any]],
    dpo_pairs: Sequence[dict[str, Any]],
    work_dir: Path,
    settings: TrainSettings = TrainSettings(),
) -> tuple[Path, TrainReport]:
    """The merged model's directory (``work_dir/merged``) and what training did."""
    import time

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from datasets import Dataset
    from trl import DPOConfig, DPOTrainer, SFTConfig, SFTTrainer

    if not sft_records:
        raise ValueError("no SFT records: build them with `veil distill build-data` first")
    started = time.perf_counter()
    device, dtype = _device()
    tokenizer = load_tokenizer(student)
    model = load_model(student, dtype=dtype)

    sft_data = Dataset.from_list(
        [{"prompt": r["prompt"], "completion": r["completion"]} for r in sft_records]
    )
    sft = SFTTrainer(
        model=model,
        args=SFTConfig(
            **_common(settings, work_dir / "sft", device),
            num_train_epochs=settings.sft_epochs,
            learning_rate=settings.learning_rate,
            completion_only_loss=True,  # the prompt is the slow stage's; only answers are learnt
        ),
        train_dataset=sft_data,
        processing_class=tokenizer,
        peft_config=_lora(settings),
    )
    sft.train()
    model = sft.model.merge_and_unload()
    report = {"sft_steps": sft.state.global_step, "sft_loss": _final_loss(sft)}

    dpo_steps, dpo_loss = 0, None
    if dpo_pairs:
        dpo_data = Dataset.from_list(
            [{"prompt": p["prompt"], "chosen": p["chosen"], "rejected": p["rejected"]}
             for p in dpo_pairs]
        )  # fmt: skip
        dpo = DPOTrainer(
            model=model,
            args=DPOConfig(
                **_common(settings, work_dir / "dpo", device),
                num_train_epochs=settings.dpo_epochs,
                learning_rate=settings.dpo_learning_rate,
                beta=settings.dpo_beta,
            ),
            train_dataset=dpo_data,
            processing_class=tokenizer,
            peft_config=_lora(settings),
        )
        dpo.train()
        model = dpo.model.merge_and_unload()
        dpo_steps, dpo_loss = dpo.state.global_step, _final_loss(dpo)
    else:
        log.warning("veil distill: no DPO pairs; the model is SFT only")

    merged = work_dir / "merged"
    model.save_pretrained(merged)
    tokenizer.save_pretrained(merged)
    return merged, TrainReport(
        report["sft_steps"], report["sft_loss"], dpo_steps, dpo_loss, device,
        time.perf_counter() - started,
    )  # fmt: skip
