"""Running mitmproxy in-process with veil's addon."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from pathlib import Path

from mitmproxy import options
from mitmproxy.tools.dump import DumpMaster

from veil.proxy.addon import VeilAddon
from veil.proxy.dashboard import Dashboard
from veil.proxy.gateway import Gateway, gateway_mode
from veil.proxy.pac import ServePac
from veil.proxy.site_policies import SitePolicies
from veil.proxy.storage.database import StorageLocked
from veil.proxy.storage.location import StorageLocation
from veil.proxy.storage.redaction_log import RedactionLog
from veil.proxy.storage.vault_store import VaultStore

log = logging.getLogger("veil")

WARM_UP_TIMEOUT_S = 600


def build_master(
    listen_host: str,
    listen_port: int,
    directory: Path,
    upstream_ca: str | None = None,
    data_dir: Path | None = None,
    gateway: tuple[str, int] | None = None,
    vault: str | None = None,
    key_file: Path | None = None,
) -> tuple[DumpMaster, VeilAddon]:
    """Without ``data_dir`` vaults live in memory only and nothing is logged. With
    ``gateway`` (host, port) a second listener serves the base-URL routes. ``vault``:
    a postgresql:// URL for records shared with other veil processes, sealed with the
    key in ``key_file`` (else the data directory's key)."""
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
    addon = VeilAddon(policies, *records, manage_allow_hosts=True)
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

    async def main() -> None:
        master, addon = build_master(
            listen_host, listen_port, directory, upstream_ca, data_dir, gateway, vault, key_file
        )
        try:
            await master.run()
        finally:
            addon.close()

    asyncio.run(main())


class ProxyThread:
    """A veil proxy on a background thread, for tests and benchmarks."""

    def __init__(
        self,
        directory: Path,
        port: int,
        upstream_ca: str | None = None,
        data_dir: Path | None = None,
        extra_addons: list[object] | None = None,
        gateway_port: int | None = None,
        vault: str | None = None,
        key_file: Path | None = None,
    ) -> None:
        """``extra_addons`` run beside veil's (a test's own name resolution, say);
        ``gateway_port``: also serve the gateway's routes there."""
        self.directory, self.port, self.upstream_ca = directory, port, upstream_ca
        self.gateway_port = gateway_port
        self.data_dir, self.vault, self.key_file = data_dir, vault, key_file
        self.extra_addons = extra_addons or []
        self.addon: VeilAddon | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.master: DumpMaster | None = None
        self.addon: VeilAddon | None = None
        self.error: BaseException | None = None

    def _run(self) -> None:
        async def main() -> None:
            gateway = None if self.gateway_port is None else ("127.0.0.1", self.gateway_port)
            self.master, self.addon = build_master(
                "127.0.0.1",
                self.port,
                self.directory,
                self.upstream_ca,
                self.data_dir,
                gateway,
                self.vault,
                self.key_file,
            )
            self.master.addons.add(*self.extra_addons)
            # Ready once the models are loaded, so a slow machine's first request does not
            # spend its client's timeout waiting for spaCy.
            loop = asyncio.get_running_loop()
            loop.run_in_executor(None, self._ready_when, self.addon.warmed_up)
            try:
                await self.master.run()
            finally:
                self.addon.close()

        try:
            asyncio.run(main())
        except BaseException as error:  # surfaced to the test through .error
            self.error = error
            self._ready.set()

    def _ready_when(self, warmed_up: threading.Event) -> None:
        warmed_up.wait(WARM_UP_TIMEOUT_S)
        for port in (self.port, self.gateway_port):
            for _ in range(100 if port is not None else 0):  # and the listeners are up
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
        self._ready.set()

    def __enter__(self) -> ProxyThread:
        self._thread.start()
        self._ready.wait(WARM_UP_TIMEOUT_S + 10)
        if self.error:
            raise self.error
        return self

    def __exit__(self, *exc: object) -> None:
        if self.master is not None:
            self.master.shutdown()
        self._thread.join(10)

    @property
    def ca_file(self) -> str:
        return str(self.directory / "mitmproxy" / "mitmproxy-ca-cert.pem")
