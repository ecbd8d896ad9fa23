"""The user's policy files (``<config dir>/policies/*.yaml``) and profile, read again
when they change, each kept at its last valid version.

A user file with a shipped site's name overrides that site field by field; any other
name adds a site. An invalid file never replaces a good one: its problems are reported
(file, line, field) and the version that last read cleanly stays in force.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from veil.policies.loader import load_site_policy, site_names, validate_over
from veil.policies.profile import EMPTY_PROFILE, PROFILE_FILE, Profile, load_profile
from veil.policies.schema import SitePolicy
from veil.policies.yaml_source import PolicyError, YamlSource, parse_yaml

POLICY_DIR = "policies"

Stamp = tuple[int, int]


@dataclass
class _PolicyFile:
    path: Path
    stamp: Stamp | None = None  # of the version on disk that was last read
    source: YamlSource | None = None  # the last valid version
    policy: SitePolicy | None = None
    problem: PolicyError | None = None  # of the version on disk, when it is invalid


@dataclass
class _ProfileFile:
    stamp: Stamp | None = None
    source: YamlSource | None = None
    profile: Profile = field(default_factory=Profile)
    problem: PolicyError | None = None


def _policy_files(folder: Path) -> list[Path]:
    """``*.yaml`` and ``*.yml``, skipping hidden files (editors' locks and swap files)."""
    if not folder.is_dir():
        return []
    found = [*folder.glob("*.yaml"), *folder.glob("*.yml")]
    return sorted(path for path in found if not path.name.startswith("."))


def _stamp(path: Path) -> Stamp | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class UserConfig:
    def __init__(self, config_dir: Path | None) -> None:
        self.config_dir = config_dir.resolve() if config_dir is not None else None
        self._files: dict[Path, _PolicyFile] = {}
        self._profile = _ProfileFile()

    # reading

    def where(self, path: Path) -> str:
        """How messages name a file: relative to the config dir when it is inside it."""
        if self.config_dir is not None:
            try:
                return path.relative_to(self.config_dir).as_posix()
            except ValueError:
                pass
        return str(path)

    def scan(self) -> tuple[bool, list[PolicyError]]:
        """Read the files that changed since the last scan: (anything changed, new problems)."""
        if self.config_dir is None:
            return False, []
        problems: list[PolicyError] = []
        changed = self._scan_profile(problems)
        policy_dir = self.config_dir / POLICY_DIR
        on_disk = _policy_files(policy_dir)
        for gone in set(self._files) - set(on_disk):
            changed |= self._files.pop(gone).policy is not None
        for path in on_disk:
            entry = self._files.setdefault(path, _PolicyFile(path))
            stamp = _stamp(path)
            if stamp == entry.stamp:
                continue
            entry.stamp = stamp
            try:
                source = _non_empty(parse_yaml(path.read_text("utf-8"), self.where(path)))
                policy = validate_over(*self._base(path, source))
            except (PolicyError, OSError, UnicodeDecodeError) as error:
                entry.problem = _as_policy_error(error, self.where(path))
                problems.append(entry.problem)
                continue
            entry.problem = None
            changed |= policy != entry.policy
            entry.source, entry.policy = source, policy
        return changed, problems

    def _base(self, path: Path, source: YamlSource) -> tuple[dict, YamlSource, str]:
        name = source.data.get("name") or path.stem
        if not isinstance(name, str):
            return load_site_policy().model_dump(), source, name  # validation names the error
        in_force = path.parent == self.config_dir / POLICY_DIR if self.config_dir else False
        for other in self._files.values() if in_force else ():
            if other.path != path and other.policy is not None and other.policy.name == name:
                line = source.line_of(("name",))
                raise PolicyError(
                    [f"{source.where}:{line}: name: site {name!r} is already set by "
                     f"{self.where(other.path)}; keep one file per site"]
                )  # fmt: skip
        base = load_site_policy(name) if name in site_names() else load_site_policy()
        return base.model_dump(), source, name

    def _scan_profile(self, problems: list[PolicyError]) -> bool:
        assert self.config_dir is not None
        path = self.config_dir / PROFILE_FILE
        stamp = _stamp(path)
        if stamp == self._profile.stamp:
            return False
        self._profile.stamp = stamp
        before = self._profile.profile
        if stamp is None:
            self._profile = _ProfileFile()
            return before != EMPTY_PROFILE
        try:
            source = parse_yaml(path.read_text("utf-8"), self.where(path))
            profile = load_profile(source)
        except (PolicyError, OSError, UnicodeDecodeError) as error:
            self._profile.problem = _as_policy_error(error, self.where(path))
            problems.append(self._profile.problem)
            return False
        self._profile = _ProfileFile(stamp, source, profile)
        return profile != before

    def check_file(self, path: Path) -> SitePolicy | Profile:
        """Validate one file as veil would read it (a profile if it is named so)."""
        path = path.resolve()
        try:
            source = parse_yaml(path.read_text("utf-8"), self.where(path))
        except (OSError, UnicodeDecodeError) as error:
            raise _as_policy_error(error, self.where(path)) from None
        if path.name == PROFILE_FILE:
            return load_profile(source)
        return validate_over(*self._base(path, _non_empty(source)))

    # what is in force

    def problems(self) -> list[PolicyError]:
        """Files whose version on disk is invalid (the last valid one is in force)."""
        found = [f.problem for f in self._files.values() if f.problem is not None]
        return ([self._profile.problem] if self._profile.problem else []) + found

    @property
    def profile(self) -> Profile:
        return self._profile.profile

    def sites(self) -> list[SitePolicy]:
        """Shipped sites, overridden or added by the user's files, with the profile applied."""
        policies = {name: load_site_policy(name) for name in site_names()}
        for entry in sorted(self._files.values(), key=lambda f: f.path):
            if entry.policy is not None:
                policies[entry.policy.name] = entry.policy
        return [self.profile.apply(p) for p in policies.values()]

    def file_for(self, site: str) -> Path | None:
        for entry in self._files.values():
            if entry.policy is not None and entry.policy.name == site:
                return entry.path
        return None

    def origins(self, site: str) -> dict[str, list[str]]:
        """Field -> the places in the user's files that set it (``file:line``)."""
        found: dict[str, list[str]] = {}
        path = self.file_for(site)
        if path is not None:
            source = self._files[path].source
            assert source is not None
            for key, line in source.top_level_lines().items():
                if key != "name":
                    found.setdefault(key, []).append(f"{source.where}:{line}")
        profile = self._profile.source
        if profile is not None:
            lines = profile.top_level_lines()
            for key, target in [
                ("names", "deny_list"), ("family", "deny_list"), ("employer", "deny_list"),
                ("places", "deny_list"), ("other", "deny_list"), ("never_redact", "allow_list"),
            ]:  # fmt: skip
                if key in lines:
                    found.setdefault(target, []).append(f"{profile.where}:{lines[key]} ({key})")
        return found

    # writing

    def set_enabled(self, site: str, enabled: bool) -> Path:
        """Switch a site on or off by writing the user's override file for it.

        Comments and the other fields in an existing file stay as they are."""
        if self.config_dir is None:
            raise PolicyError(["no config dir: cannot save a site switch"])
        known = {p.name for p in self.sites()}
        if site not in known:
            raise PolicyError([f"unknown site {site!r}; known: {', '.join(sorted(known))}"])
        path = self.file_for(site) or self.config_dir / POLICY_DIR / f"{site}.yaml"
        text = path.read_text("utf-8") if path.exists() else f"name: {site}\n"
        new_text = _with_enabled(text, enabled)
        source = parse_yaml(new_text, self.where(path))
        validate_over(*self._base(path, source))  # never write a file veil would reject
        _write_atomically(path, new_text)
        return path


_ENABLED_LINE = re.compile(r"^enabled[ \t]*:.*$", re.MULTILINE)


def _with_enabled(text: str, enabled: bool) -> str:
    line = f"enabled: {'true' if enabled else 'false'}"
    if _ENABLED_LINE.search(text):
        return _ENABLED_LINE.sub(line, text, count=1)
    return text + ("" if not text or text.endswith("\n") else "\n") + line + "\n"


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _non_empty(source: YamlSource) -> YamlSource:
    """An emptied file is a problem, not a site with no settings: a user site would stop
    being intercepted, by accident, until someone noticed."""
    if not source.data:
        raise PolicyError([
            f"{source.where}:1: the file is empty; to switch the site off write "
            "`enabled: false`, to drop a site of your own delete the file"
        ])  # fmt: skip
    return source


def _as_policy_error(error: Exception, where: str) -> PolicyError:
    if isinstance(error, PolicyError):
        return error
    if isinstance(error, UnicodeDecodeError):
        return PolicyError([f"{where}:1: not UTF-8 text (byte {error.start})"])
    return PolicyError([f"{where}: cannot read: {error}"])
