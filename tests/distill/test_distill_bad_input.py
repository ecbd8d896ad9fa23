"""What distillation refuses or skips: a teacher that stalls, refuses or garbles its JSON
(skipped and counted, nothing written), a torn last line (dropped on resume), an author in
both splits (refused), and a conversion or a model file that fails (catalog unchanged)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.distill.teacher import answer, authors, write_profiles
from tests.scripted_server import scripted_server
from tests.tiny_gguf import build_tiny_gguf
from veil.local_models.backend import LLMError
from veil.local_models.catalog import LOCAL_CATALOG_FILE, load_catalog
from veil.local_models.distill import train as train_module
from veil.local_models.distill.collect import CollectSettings, collect
from veil.local_models.distill.convert import ConversionError, convert_to_gguf
from veil.local_models.distill.profiles import EVAL, TRAIN, read_profiles
from veil.local_models.distill.records import SplitLeak, check_split
from veil.local_models.distill.register import register_model
from veil.local_models.distill.teacher import load_teacher
from veil.local_models.distill.trajectory import TrajectoryFile
from veil.local_models.slow_stage.limits import STANDARD
from veil.proxy.cli import main


def test_a_teacher_that_stalls_refuses_or_garbles_is_skipped_and_counted(tmp_path: Path) -> None:
    profiles = tmp_path / "profiles.jsonl"
    names = write_profiles(profiles, good=2, bad=["STALLS", "REFUSES", "GARBLES"])
    out = tmp_path / "trajectories.jsonl"
    settings = CollectSettings(max_rounds=2, call_timeout_s=1.0)
    with scripted_server(answer) as (url, _):
        teacher = load_teacher(f"{url}#teacher", settings.call_timeout_s)
        counts = collect(list(read_profiles(profiles)), teacher, out, settings, STANDARD)
        assert counts.as_dict() == {
            "written": 2, "resumed": 0,
            "skipped": {"timeout": 1, "refusal": 1, "malformed": 1},
        }  # fmt: skip
        written = [json.loads(line) for line in out.open()]
        assert [r["author"] for r in written] == names[:2]
        assert all(r["rounds"] and r["final"]["text"] for r in written)  # whole records only

        # resuming does not repeat what is written; the broken ones are tried again
        again = collect(list(read_profiles(profiles)), teacher, out, settings, STANDARD)
    assert (again.written, again.resumed, sum(again.skipped.values())) == (0, 2, 3)
    assert len(out.read_text().splitlines()) == 2


def test_a_torn_last_line_is_dropped_on_resume(tmp_path: Path) -> None:
    store = TrajectoryFile(tmp_path / "t.jsonl")
    store.append({"author": "a", "split": TRAIN})
    with store.path.open("a") as handle:
        handle.write('{"author": "b", "spl')  # a crash in the middle of a write
    assert store.done() == {"a"}
    assert store.drop_torn_tail()
    store.append({"author": "c", "split": TRAIN})
    assert [r["author"] for r in store.records()] == ["a", "c"]


def _trajectory(author: str, split: str) -> dict:
    return {"author": author, "split": split, "attributes": ["age"], "original": "x",
            "rounds": [], "final": {}}  # fmt: skip


def test_an_author_in_both_splits_is_refused(tmp_path: Path) -> None:
    train_author, eval_author = authors(1, TRAIN)[0], authors(1, EVAL)[0]
    with pytest.raises(SplitLeak, match="both train and eval"):
        check_split([_trajectory(train_author, TRAIN), _trajectory(train_author, EVAL)])
    with pytest.raises(SplitLeak, match="outside their fixed split"):
        check_split([_trajectory(eval_author, TRAIN)])
    assert check_split([_trajectory(train_author, TRAIN), _trajectory(eval_author, EVAL)]) == (
        {train_author},
        {eval_author},
    )

    work = tmp_path / "distill"
    work.mkdir()
    lines = [_trajectory(train_author, TRAIN), _trajectory(train_author, EVAL)]
    (work / "trajectories.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    student = tmp_path / "student"
    student.mkdir()
    (student / "config.json").write_text("{}")
    result = CliRunner().invoke(
        main, ["distill", "build-data", "--student", str(student), "--work-dir", str(work)]
    )
    assert result.exit_code == 1 and "refused: author(s) in both train and eval" in result.output
    assert not (work / "sft.jsonl").exists()


@pytest.fixture
def registered(tmp_path: Path) -> Path:
    """A models dir whose local catalog already lists one model."""
    models = tmp_path / "models"
    tiny = build_tiny_gguf(tmp_path / "tiny.gguf")
    register_model(tiny, "earlier", models, description="d", base="b", limits="compact",
                   probe=False)  # fmt: skip
    return models


def _snapshot(models: Path) -> tuple[bytes, list[str]]:
    return (models / LOCAL_CATALOG_FILE).read_bytes(), sorted(p.name for p in models.iterdir())


def test_a_failed_conversion_leaves_the_catalog_unchanged(
    tmp_path: Path, registered: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(registered)
    broken = tmp_path / "merged"
    broken.mkdir()
    (broken / "config.json").write_text(json.dumps({"architectures": ["NoSuchModel"]}))
    with pytest.raises(ConversionError, match="converter failed"):
        convert_to_gguf(broken, tmp_path / "out.gguf")
    assert not list(tmp_path.glob("out.gguf*"))

    work = tmp_path / "distill"
    work.mkdir()
    (work / "data.json").write_text(json.dumps({"limits": "compact"}))
    (work / "sft.jsonl").write_text(json.dumps({"prompt": "p", "completion": "c"}) + "\n")
    (work / "dpo.jsonl").write_text("")
    student = tmp_path / "student"
    student.mkdir()
    (student / "config.json").write_text("{}")
    report = train_module.TrainReport(1, 0.5, 0, None, "cpu", 0.1)
    monkeypatch.setattr(train_module, "train", lambda *args, **kwargs: (broken, report))
    result = CliRunner().invoke(main, [
        "distill", "train", "--student", str(student), "--name", "new-model",
        "--work-dir", str(work), "--models-dir", str(registered),
    ])  # fmt: skip
    assert result.exit_code == 1 and "converter failed" in result.output
    assert _snapshot(registered) == before
    assert "new-model" not in load_catalog(registered)


def test_a_model_file_that_does_not_load_is_not_registered(
    tmp_path: Path, registered: Path
) -> None:
    before = _snapshot(registered)
    bogus = tmp_path / "bogus.gguf"
    bogus.write_bytes(b"GGUF" + b"\0" * 64)
    with pytest.raises(LLMError):
        register_model(bogus, "bogus", registered, description="d", base="b", limits="compact")
    with pytest.raises(LLMError, match="shipped catalog model"):
        register_model(bogus, "qwen2.5-coder-0.5b-instruct", registered, description="d",
                       base="b", limits="compact", probe=False)  # fmt: skip
    assert _snapshot(registered) == before
