"""HF model directory -> GGUF with llama.cpp's own converter (``convert_hf_to_gguf.py``,
its ``conversion`` package and its ``gguf-py``), run in a child process.

The converter is not on PyPI as a package. It comes from a llama.cpp checkout
(``--llama-cpp DIR`` or $VEIL_LLAMA_CPP_DIR), else from the sdist of the llama-cpp-python
version installed here, which vendors llama.cpp at the commit veil's runtime was built
from: ``pip download`` fetches it once and only the converter's files are kept, in the
user cache. The converter's gguf-py is the one it was written against, so its GGUF is
what this llama.cpp loads.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib import metadata
from pathlib import Path

import platformdirs

from veil.local_models.backend import LLMError

LLAMA_CPP_ENV = "VEIL_LLAMA_CPP_DIR"
SCRIPT = "convert_hf_to_gguf.py"
_KEPT = (SCRIPT, "conversion/", "gguf-py/")
TIMEOUT_S = 3600.0
STDERR_TAIL = 2000


class ConversionError(LLMError):
    """llama.cpp's converter failed or could not be found; nothing was written."""


def _has_converter(directory: Path) -> bool:
    return (directory / SCRIPT).is_file() and (directory / "gguf-py").is_dir()


def _from_sdist(cache: Path) -> Path:
    version = metadata.version("llama_cpp_python")
    target = cache / f"llama.cpp-convert-{version}"
    if _has_converter(target):
        return target
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".sdist-", dir=cache) as scratch:
        fetched = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--no-binary", ":all:", f"llama-cpp-python=={version}", "-d", scratch],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        archives = list(Path(scratch).glob("llama_cpp_python-*.tar.gz"))
        if fetched.returncode or not archives:
            raise ConversionError(
                f"cannot fetch the llama-cpp-python {version} sdist for llama.cpp's converter "
                f"({fetched.stderr.strip()[-300:]}); give a llama.cpp checkout with "
                f"--llama-cpp or ${LLAMA_CPP_ENV}"
            )
        staged = Path(scratch) / "llama.cpp"
        prefix = f"llama_cpp_python-{version}/vendor/llama.cpp/"
        with tarfile.open(archives[0]) as archive:
            for member in archive.getmembers():
                relative = member.name.removeprefix(prefix)
                if member.name.startswith(prefix) and relative.startswith(_KEPT):
                    member.name = relative
                    archive.extract(member, staged, filter="data")
        if not _has_converter(staged):
            raise ConversionError(f"the llama-cpp-python {version} sdist has no {SCRIPT}")
        os.replace(staged, target)  # whole or not at all
    return target


def converter_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    chosen = explicit or os.environ.get(LLAMA_CPP_ENV)
    if chosen:
        directory = Path(chosen).expanduser()
        if not _has_converter(directory):
            raise ConversionError(f"{directory} has no {SCRIPT} and gguf-py: not llama.cpp")
        return directory
    return _from_sdist(platformdirs.user_cache_path("veil"))


def convert_to_gguf(
    hf_dir: Path, out_file: Path, outtype: str = "f16", llama_cpp: str | None = None
) -> Path:
    """Write ``out_file`` from the model in ``hf_dir``; on failure nothing is left there."""
    converter = converter_dir(llama_cpp)
    out_file.parent.mkdir(parents=True, exist_ok=True)
    partial = out_file.with_name(out_file.name + ".partial")
    environment = dict(os.environ, HF_HUB_OFFLINE="1")
    environment.pop("NO_LOCAL_GGUF", None)  # the converter's own gguf-py, not the installed one
    try:
        done = subprocess.run(
            [sys.executable, str(converter / SCRIPT), str(hf_dir),
             "--outfile", str(partial), "--outtype", outtype],
            capture_output=True, text=True, env=environment, timeout=TIMEOUT_S, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired as error:
        partial.unlink(missing_ok=True)
        raise ConversionError(f"llama.cpp's converter ran past {TIMEOUT_S:.0f} s") from error
    if done.returncode or not partial.is_file():
        partial.unlink(missing_ok=True)
        raise ConversionError(
            f"llama.cpp's converter failed on {hf_dir} (exit {done.returncode}): "
            f"{done.stderr.strip()[-STDERR_TAIL:]}"
        )
    shutil.move(partial, out_file)
    return out_file
