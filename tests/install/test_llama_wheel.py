"""install/llama_wheel.py: the llama.cpp build flags follow the CPU's instruction sets,
never AMX unless asked, and name the wheelhouse, so a build for one CPU is never
reused on another."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("llama_wheel", ROOT / "install" / "llama_wheel.py")
llama_wheel = importlib.util.module_from_spec(spec)
spec.loader.exec_module(llama_wheel)

# /proc/cpuinfo flags as two machine kinds report them (abridged)
XEON_AMX = (
    "fpu sse4_2 avx avx2 bmi2 fma f16c avx512f avx512vbmi avx512_vnni avx512_bf16 "
    "avx_vnni amx_tile amx_int8 amx_bf16"
)
EPYC_ZEN3 = "fpu sse4_2 avx avx2 bmi2 fma f16c sha_ni vaes"


def options(args: list[str]) -> dict[str, str]:
    return dict(arg.removeprefix("-D").split("=", 1) for arg in args)


def test_an_amx_xeon_gets_avx512_and_no_amx() -> None:
    chosen = options(llama_wheel.x86_cmake_args(set(XEON_AMX.split()), allow_amx=False))
    assert chosen["GGML_NATIVE"] == "OFF"
    for option in ("GGML_AVX2", "GGML_AVX512", "GGML_AVX512_VNNI", "GGML_AVX512_BF16"):
        assert chosen[option] == "ON"
    assert {chosen[o] for o in ("GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16")} == {"OFF"}


def test_amx_only_when_the_user_asks_and_the_cpu_has_it() -> None:
    asked = options(llama_wheel.x86_cmake_args(set(XEON_AMX.split()), allow_amx=True))
    assert asked["GGML_AMX_INT8"] == "ON"
    without = options(llama_wheel.x86_cmake_args(set(EPYC_ZEN3.split()), allow_amx=True))
    assert without["GGML_AMX_INT8"] == "OFF"


def test_a_cpu_without_avx512_gets_none_of_it() -> None:
    chosen = options(llama_wheel.x86_cmake_args(set(EPYC_ZEN3.split()), allow_amx=False))
    assert chosen["GGML_AVX2"] == chosen["GGML_FMA"] == "ON"
    assert all(chosen[o] == "OFF" for o in chosen if o.startswith("GGML_AVX512"))
    # sub-features without AVX-512F would not run anywhere
    odd = options(llama_wheel.x86_cmake_args({"avx2", "avx512_vnni"}, allow_amx=False))
    assert odd["GGML_AVX512_VNNI"] == "OFF"


def test_the_wheelhouse_is_named_after_the_flags(tmp_path: Path) -> None:
    xeon = llama_wheel.x86_cmake_args(set(XEON_AMX.split()), allow_amx=False)
    epyc = llama_wheel.x86_cmake_args(set(EPYC_ZEN3.split()), allow_amx=False)
    one = llama_wheel.wheelhouse(tmp_path, "0.3.36", "x", xeon)
    assert one == llama_wheel.wheelhouse(tmp_path, "0.3.36", "x", list(xeon))
    assert one != llama_wheel.wheelhouse(tmp_path, "0.3.36", "x", epyc)
    assert one != llama_wheel.wheelhouse(tmp_path, "0.3.37", "x", xeon)


def test_an_override_replaces_the_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VEIL_LLAMA_CMAKE_ARGS", "-DGGML_NATIVE=ON")
    args, tag = llama_wheel.cmake_args()
    assert args == ["-DGGML_NATIVE=ON"] and tag.startswith("custom-")


def test_the_pinned_version_is_the_constraints_files() -> None:
    constraints = (ROOT / "install" / "constraints.txt").read_text()
    assert f"llama_cpp_python=={llama_wheel.pinned_version()}" in constraints
