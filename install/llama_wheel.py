#!/usr/bin/env python3
"""Build llama-cpp-python once, for the instruction sets this CPU has, never AMX.

llama-cpp-python's default build is ``GGML_NATIVE=ON``: it compiles for whatever the
build machine reports, AMX included on recent Intel Xeons, where the first batch of
more than one token segfaults on virtual machines. A natively built wheel is also wrong
on any other CPU that reuses pip's cache (keyed by the sdist, not by ``CMAKE_ARGS``) or
the venv. So veil builds the one wheel itself, with explicit flags, into a wheelhouse
named after those flags, and setup.sh installs from there with ``--only-binary``.

Flags: AVX, AVX2, FMA, F16C, BMI2 and SSE 4.2 where the CPU has them (every x86-64 CPU
since 2013-2015), AVX-512 (F, VBMI, VNNI, BF16) and AVX-VNNI where the CPU has them,
AMX never, unless ``VEIL_LLAMA_AMX=1``. ``VEIL_LLAMA_CMAKE_ARGS`` replaces the flags
whole (for example ``-DGGML_NATIVE=ON`` to get llama.cpp's default back). Other
machines (arm64, macOS) get llama.cpp's own default, which is right there.

Prints the wheelhouse directory; builds into it first when it holds no wheel.
Standard library only: it runs before the venv exists.

    python3 install/llama_wheel.py [--print-flags] [--cache-dir DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "install" / "constraints.txt"
PACKAGE = "llama_cpp_python"

# cpuinfo flag -> ggml CMake option; the order is the tag's order
X86_FEATURES = [
    ("sse4_2", "GGML_SSE42"),
    ("avx", "GGML_AVX"),
    ("avx2", "GGML_AVX2"),
    ("bmi2", "GGML_BMI2"),
    ("fma", "GGML_FMA"),
    ("f16c", "GGML_F16C"),
    ("avx_vnni", "GGML_AVX_VNNI"),
    ("avx512f", "GGML_AVX512"),
    ("avx512vbmi", "GGML_AVX512_VBMI"),
    ("avx512_vnni", "GGML_AVX512_VNNI"),
    ("avx512_bf16", "GGML_AVX512_BF16"),
]
AMX_FEATURES = [
    ("amx_tile", "GGML_AMX_TILE"),
    ("amx_int8", "GGML_AMX_INT8"),
    ("amx_bf16", "GGML_AMX_BF16"),
]


def pinned_version() -> str:
    """The llama-cpp-python version install/constraints.txt pins."""
    for line in CONSTRAINTS.read_text().splitlines():
        match = re.fullmatch(r"llama[-_]cpp[-_]python==(\S+)", line.strip(), re.IGNORECASE)
        if match:
            return match.group(1)
    raise SystemExit(f"llama_wheel.py: {CONSTRAINTS} pins no llama_cpp_python version")


def cpu_flags(cpuinfo: str) -> set[str]:
    """The instruction-set flags of the first CPU in /proc/cpuinfo's text."""
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return set(value.split())
    return set()


def x86_cmake_args(flags: set[str], allow_amx: bool) -> list[str]:
    """Explicit ggml options for a CPU with ``flags``: what it has on, the rest off."""
    args = ["-DGGML_NATIVE=OFF"]
    # GGML_AVX512 without F would be a contradiction; the sub-features need F
    has_512 = "avx512f" in flags
    for flag, option in X86_FEATURES:
        on = flag in flags and (has_512 or not flag.startswith("avx512"))
        args.append(f"-D{option}={'ON' if on else 'OFF'}")
    for flag, option in AMX_FEATURES:
        on = allow_amx and flag in flags
        args.append(f"-D{option}={'ON' if on else 'OFF'}")
    return args


def cmake_args() -> tuple[list[str], str]:
    """The CMake arguments for this machine and a short human tag for them."""
    override = os.environ.get("VEIL_LLAMA_CMAKE_ARGS", "").strip()
    if override:
        args = override.split()
        return args, "custom-" + hashlib.sha256(" ".join(args).encode()).hexdigest()[:10]
    machine = platform.machine().lower()
    if sys.platform == "linux" and machine in ("x86_64", "amd64"):
        cpuinfo = Path("/proc/cpuinfo").read_text(errors="replace")
        args = x86_cmake_args(cpu_flags(cpuinfo), os.environ.get("VEIL_LLAMA_AMX") == "1")
        on = [arg[len("-DGGML_") : -len("=ON")].lower() for arg in args if arg.endswith("=ON")]
        return args, "x86-" + "-".join(on)
    return [], f"default-{sys.platform}-{machine}"


def wheelhouse(cache_dir: Path, version: str, tag: str, args: list[str]) -> Path:
    digest = hashlib.sha256(f"{version} {' '.join(args)}".encode()).hexdigest()[:10]
    return cache_dir / f"llama-cpp-python-{version}-{tag}-{digest}"


def default_cache_dir() -> Path:
    """Outside the checkout, so that a fresh clone on the same machine reuses the build."""
    if os.environ.get("VEIL_WHEEL_CACHE"):
        return Path(os.environ["VEIL_WHEEL_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "veil" / "wheels"


def build(house: Path, version: str, args: list[str], python: str) -> None:
    """``pip wheel`` the pinned sdist with ``args`` into ``house`` (atomically)."""
    house.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=house.name + ".", dir=house.parent))
    environment = dict(os.environ, CMAKE_ARGS=" ".join(args), FORCE_CMAKE="1")
    print(
        f"llama_wheel.py: compiling llama-cpp-python {version} (a few minutes on 2 cores)\n"
        f"  CMAKE_ARGS={' '.join(args) or '(llama.cpp defaults)'}",
        file=sys.stderr,
    )
    command = [
        python, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--no-cache-dir", "--no-binary", PACKAGE,
        "--wheel-dir", str(staging), f"{PACKAGE}=={version}",
    ]  # fmt: skip
    try:
        subprocess.run(command, env=environment, check=True)
        if not list(staging.glob("*.whl")):
            raise SystemExit("llama_wheel.py: pip built no wheel")
        (staging / "CMAKE_ARGS").write_text(" ".join(args) + "\n")
        if house.exists():
            shutil.rmtree(house)
        staging.rename(house)
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"llama_wheel.py: building llama-cpp-python failed ({error})") from error
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache-dir", type=Path, default=None)
    parser.add_argument("--python", default=sys.executable, help="the pip that builds")
    parser.add_argument("--print-flags", action="store_true", help="print the CMake args only")
    options = parser.parse_args()
    args, tag = cmake_args()
    if options.print_flags:
        print(" ".join(args) or "(llama.cpp defaults)")
        return
    version = pinned_version()
    house = wheelhouse(options.cache_dir or default_cache_dir(), version, tag, args)
    if not list(house.glob(f"{PACKAGE}-{version}-*.whl")):
        build(house, version, args, options.python)
    print(house)


if __name__ == "__main__":
    main()
