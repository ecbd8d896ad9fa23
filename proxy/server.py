"""Running mitmproxy in-process with veil's addon."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

from mitmproxy import options
from mitmproxy.tools.dump import DumpMaster

from veil.proxy.addon import VeilAddon
from veil.proxy.dashboard import Dashboard
from veil.proxy.gateway import Gateway, gateway_mode
from veil.proxy.memory import keep_large_blocks_apart
from veil.proxy.pac import ServePac
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.database import StorageLocked
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.redaction_log import RedactionLog
from veil.proxy.storage.vault_store import VaultStore

log = logging.getLogger("veil")


def build_master(
    listen_host: str,
    listen_port: int,
    directory: Path,
    upstream_ca: str | None = None,
    data_dir: Path | None = None,
    gateway: tuple[str, int] | None = None,
    vault: str | None = None,
    key_file: Path | None = None,
    reader_process: bool = False,
) -> tuple[DumpMaster, VeilAddon]:
    """Without ``data_dir`` vaults live in memory only and nothing is logged. With
    ``gateway`` (host, port) a second listener serves the base-URL routes. ``vault``:
    a postgresql:// URL for records shared with other veil processes, sealed with the
    key in ``key_file`` (else the data directory's key). ``reader_process``: messages are
    read in a second process (proxy/reader.py)."""
    keep_large_blocks_apart()  # before the models load: a long-running process's heap
    directory.mkdir(parents=True, exist_ok=True)
    policies = SitePolicies.load(directory)
    opts = options.Options(
        listen_host=listen_host,
        listen_port=listen_port,
        confdir=str(directory / "mitmproxy"),
    )
    if gateway is not None:
        opts.update(mode=["regular", gateway_mode(*gateway)])
    master = DumpMaster(opts, with_termlog=False, with_dumper=False)
    records = open_records(data_dir, vault, key_file)
    addon = VeilAddon(policies, *records, manage_allow_hosts=True, reader_process=reader_process)
    if gateway is not None:  # first: it points a route's requests upstream for veil's addon
        master.addons.add(Gateway(policies, *gateway))
    master.addons.add(addon, ServePac(policies), Dashboard(addon))
    updates: dict[str, object] = {"allow_hosts": policies.allow_hosts()}
    if upstream_ca:
        updates["ssl_verify_upstream_trusted_ca"] = upstream_ca
    opts.update(**updates)
    return master, addon


# What running without each kind of record means, for the warning at start.
_WITHOUT = {
    VaultStore: "vaults are kept in memory only, so answers in earlier chats are not restored"
    " and this run's are lost when veil stops",
    RedactionLog: "nothing is logged",
}


def open_records(
    data_dir: Path | None, vault: str | None = None, key_file: Path | None = None
) -> tuple[VaultStore | None, RedactionLog | None]:
    """The vault store and the redaction log. A local file that cannot be opened (a
    read-only data dir, a full disk) is None: the proxy still filters (vaults in memory,
    nothing logged) and says so. Raises for a local file another process holds locked
    (it is fine and in use: running without it would split its conversations) and for a
    shared vault that cannot be opened (running on alone would hand out pseudonyms no
    other instance can restore)."""
    if data_dir is None:
        return None, None
    location = StorageLocation(data_dir, vault, key_file)
    opened: list = []
    for kind in (VaultStore, RedactionLog):
        try:
            opened.append(kind.open(location))
        except Exception as error:
            if location.shared or isinstance(error, StorageLocked):
                for store in opened:
                    if store is not None:
                        store.close()
                raise
            # A warning, not an error: mitmproxy exits when an error is logged while it
            # starts, and veil must go on filtering.
            log.warning(
                "veil: cannot open %s in %s (%s: %s); running without it: %s",
                kind.__name__,
                data_dir,
                type(error).__name__,
                error,
                _WITHOUT[kind],
            )
            opened.append(None)
    return opened[0], opened[1]


def run(
    listen_host: str,
    listen_port: int,
    directory: Path,
    upstream_ca: str | None = None,
    data_dir: Path | None = None,
    gateway: tuple[str, int] | None = None,
    vault: str | None = None,
    key_file: Path | None = None,
) -> None:
    """Run until interrupted (the `veil start` command)."""

    # $VEIL_READER_PROCESS=0: read messages in the proxy's own process
    reader = os.environ.get("VEIL_READER_PROCESS", "1") != "0"

    async def main() -> None:
        master, addon = build_master(
            listen_host, listen_port, directory, upstream_ca, data_dir, gateway, vault, key_file,
            reader_process=reader,
        )  # fmt: skip
        try:
            await master.run()
        finally:
            addon.close()

    asyncio.run(main())
