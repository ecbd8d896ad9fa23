"""veil's proxy on a background thread, for tests and benchmarks (not shipped)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from pathlib import Path

from mitmproxy.tools.dump import DumpMaster

from veil.proxy.addon import VeilAddon
from veil.proxy.server import build_master

WARM_UP_TIMEOUT_S = 600


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
        reader_process: bool = False,
    ) -> None:
        """``extra_addons`` run beside veil's (a test's own name resolution, say);
        ``gateway_port``: also serve the gateway's routes there."""
        self.directory, self.port, self.upstream_ca = directory, port, upstream_ca
        self.gateway_port = gateway_port
        self.data_dir, self.vault, self.key_file = data_dir, vault, key_file
        self.reader_process = reader_process
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
                reader_process=self.reader_process,
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
