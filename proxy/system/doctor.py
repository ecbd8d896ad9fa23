"""`veil doctor`: every piece a working setup needs, checked, with the fix for each.

Checks are independent (one failing does not hide the others) and read-only: they never
create a CA, a key or a database as a side effect.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx

from veil.policies import paths
from veil.proxy.pac import PAC_CONTENT_TYPE, PAC_PATH


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


@dataclass(frozen=True)
class Setup:
    config_dir: Path
    data_dir: Path
    listen_host: str
    listen_port: int


def check_policies(setup: Setup) -> Check:
    from veil.policies.loader import PolicyError
    from veil.proxy.site_policies import SitePolicies

    try:
        policies = SitePolicies.load(setup.config_dir, strict=True)
    except PolicyError as error:
        return Check("policies", False, str(error), "fix the file and line named above")
    active = [p.name for p in policies.active()]
    return Check("policies", True, f"{len(active)} site(s) on: {', '.join(active)}")


def check_ca(setup: Setup) -> Check:
    from veil.proxy.system.trust import ca_path, stores

    ca = ca_path(setup.config_dir)
    if not ca.exists():
        return Check("CA trusted", False, f"no CA at {ca} yet", "veil ca install")
    results = [store.status(ca) for store in stores() if store.available()]
    trusted = [r.store for r in results if r.trusted]
    missing = [r.store for r in results if r.trusted is False]
    if not trusted:
        return Check("CA trusted", False, "no browser or system store trusts it", "veil ca install")
    detail = f"trusted by {', '.join(trusted)}"
    if missing:
        return Check(
            "CA trusted",
            True,
            detail + f"; not by {', '.join(missing)}",
            "veil ca install (for the rest)",
        )
    return Check("CA trusted", True, detail)


def _base_url(setup: Setup) -> str:
    host = setup.listen_host if setup.listen_host not in ("", "0.0.0.0", "::") else "127.0.0.1"
    return f"http://{host}:{setup.listen_port}"


def check_proxy(setup: Setup) -> Check:
    address = (_base_url(setup).split("//")[1].rsplit(":", 1)[0], setup.listen_port)
    try:
        socket.create_connection(address, timeout=2).close()
    except OSError as error:
        return Check(
            "proxy answers",
            False,
            f"nothing on {address[0]}:{address[1]} ({error.strerror or error})",
            "veil start (or veil service install to start it at login)",
        )
    return Check("proxy answers", True, f"{address[0]}:{address[1]}")


def check_pac(setup: Setup) -> Check:
    url = _base_url(setup) + PAC_PATH
    try:
        response = httpx.get(url, timeout=5, trust_env=False)
    except httpx.HTTPError as error:
        return Check("PAC served", False, f"{url}: {error}", "veil start")
    if response.status_code != 200 or "FindProxyForURL" not in response.text:
        return Check(
            "PAC served",
            False,
            f"{url} answered {response.status_code}, not a PAC file: is this port veil's?",
            "veil start --listen-port <a free port>, and point the browser's PAC URL at it",
        )
    if response.headers.get("content-type") != PAC_CONTENT_TYPE:
        return Check("PAC served", False, f"{url} has the wrong content type", "update veil")
    return Check("PAC served", True, url)


def check_models(setup: Setup) -> Check:
    """The models of every site whose slow stage is on; else the embedded default."""
    from veil.local_models.load import model_presence
    from veil.proxy.site_policies import SitePolicies

    try:
        policies = SitePolicies.load(setup.config_dir, strict=False).active()
    except Exception:  # the policies check reports it
        policies = []
    wanted = {
        spec: policy.name
        for policy in policies
        if policy.slow_stage.enabled
        for spec in (policy.slow_stage.attacker_model, policy.slow_stage.anonymizer_model)
    }
    if not wanted:
        default = model_presence("default")
        state = "present" if default["present"] else "not downloaded"
        return Check("models", True, f"slow stage off on every site; default model {state}")
    missing = [
        f"{spec} (for {site}): {found['detail']}"
        for spec, site in wanted.items()
        if (found := model_presence(spec))["present"] is False
    ]
    if missing:
        return Check("models", False, "; ".join(missing), "veil models pull NAME (see above)")
    return Check("models", True, ", ".join(sorted(wanted)))


def check_knowledge(setup: Setup) -> Check:
    """The index of encyclopedia titles the public/private decision reads."""
    from veil.rules.knowledge import KnowledgeIndexError, index_dir, status

    try:
        manifest = status()
    except KnowledgeIndexError as error:
        return Check("knowledge index", False, str(error), "veil knowledge build")
    counts = manifest["counts"]
    return Check(
        "knowledge index",
        True,
        f"{counts['titles']:,} titles, {counts['aliases']:,} aliases in {index_dir()}",
    )


def check_tables(setup: Setup) -> Check:
    """The places and name tables in the user cache (built here if missing)."""
    from veil.rules import name_lists, places_table
    from veil.rules.derived import DerivedTableError
    from veil.rules.recognizers import names

    try:
        meta = places_table.status()
        first, last = name_lists.load(names._faker_name_lists)
    except DerivedTableError as error:
        return Check("places and name tables", False, str(error), "veil tables build")
    return Check(
        "places and name tables",
        True,
        f"{int(meta['count.cities']):,} cities, {len(first) + len(last):,} names in "
        f"{places_table.path().parent}",
    )


def check_model_workers(setup: Setup) -> Check:
    """The running proxy's model worker processes (its dashboard's status says)."""
    url = _base_url(setup) + "/veil/api/status"
    try:
        status = httpx.get(url, timeout=5, trust_env=False).json()
    except (httpx.HTTPError, ValueError):
        return Check("model workers", True, "veil is not running here (see 'proxy answers')")
    workers = status.get("model_workers") or []
    if not workers:
        return Check("model workers", True, "none started (a model starts with its first message)")
    failed = [w for w in workers if w.get("state") == "failed"]
    described = "; ".join(
        f"{w['model']}: {w['state']}"
        + (f" (pid {w['pid']})" if w.get("pid") else "")
        + (f", {w['started'] - 1} restart(s)" if w.get("started", 0) > 1 else "")
        + (f", last error: {w['last_error']}" if w.get("last_error") else "")
        for w in workers
    )
    if failed:
        return Check(
            "model workers",
            False,
            described,
            "veil models verify; python -m veil.local_models.smoke MODEL (a crash there "
            "means llama.cpp was built for another CPU: see the README's llama.cpp build)",
        )
    return Check("model workers", True, described)


def check_service(setup: Setup) -> Check:
    from veil.proxy.system.service import ServiceError, platform_service

    service = platform_service()
    try:
        status = service.status()
    except ServiceError as error:
        return Check("starts at login", False, str(error), "veil service install")
    if not status.installed:
        return Check("starts at login", False, status.detail, "veil service install")
    return Check("starts at login", True, status.detail)


def check_keyring(setup: Setup) -> Check:
    import keyring
    from keyring.errors import KeyringError

    from veil.proxy.storage.keys import KEY_FILE_NAME

    key_file = setup.data_dir / KEY_FILE_NAME
    try:
        backend = keyring.get_keyring()
        keyring.get_password("veil", "doctor-probe")
    except (KeyringError, RuntimeError) as error:
        if key_file.exists():
            mode = key_file.stat().st_mode & 0o777
            if mode & 0o077:
                return Check(
                    "keyring", False, f"{key_file} is readable by others", f"chmod 600 {key_file}"
                )
            return Check("keyring", True, f"no OS keyring here; the key is in {key_file} (0600)")
        return Check(
            "keyring",
            True,
            f"no OS keyring here ({type(error).__name__}); veil will keep its key in {key_file}",
        )
    return Check("keyring", True, f"{type(backend).__name__}")


def check_records(setup: Setup) -> Check:
    from veil.proxy.storage import redaction_log, vault_store

    problems = []
    for module, kind in (
        (vault_store, vault_store.VaultStore),
        (redaction_log, redaction_log.RedactionLog),
    ):
        if not (setup.data_dir / module.FILE_NAME).exists():
            continue  # nothing recorded yet: fine
        try:
            # read-only: never make a key or move a file aside from here
            kind.open(setup.data_dir, recover=False, create_key=False).close()
        except Exception as error:
            problems.append(f"{module.FILE_NAME}: {error}")
    if problems:
        return Check(
            "vault and log",
            False,
            "; ".join(problems),
            "veil forget --all (starts fresh: the old records cannot be read)",
        )
    return Check("vault and log", True, str(setup.data_dir))


CHECKS: tuple[Callable[[Setup], Check], ...] = (
    check_policies,
    check_ca,
    check_proxy,
    check_pac,
    check_knowledge,
    check_tables,
    check_models,
    check_model_workers,
    check_service,
    check_keyring,
    check_records,
)


def run_checks(setup: Setup) -> list[Check]:
    results = []
    for check in CHECKS:
        try:
            results.append(check(setup))
        except Exception as error:  # a broken check is a finding, not a crash
            name = check.__name__.removeprefix("check_")
            results.append(Check(name, False, f"{type(error).__name__}: {error}", "report a bug"))
    return results


def setup_from(
    config_dir: str | None, data_dir: str | None, listen_host: str, listen_port: int
) -> Setup:
    return Setup(paths.config_dir(config_dir), paths.data_dir(data_dir), listen_host, listen_port)
