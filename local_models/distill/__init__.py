"""Distillation (SEAL): a stronger teacher runs veil's own attacker -> arbitrator ->
anonymizer loop over SynthPAI profiles; its trajectories become SFT records for three tasks
(infer, anonymize, judge utility) and DPO pairs; a student is trained on them with LoRA
(TRL, PEFT), merged, converted to GGUF with llama.cpp's converter and registered in the
model catalog, so a policy's slow stage can run it in ``self_refine`` mode.

One module per step: ``profiles`` (the data and its fixed split by author), ``teacher``,
``trajectory`` (the JSONL store), ``collect``, ``records`` (build-data), ``student``,
``train``, ``convert``, ``register``. The heavy training stack is imported only by the
modules that need it (the ``distill`` extra).
"""
