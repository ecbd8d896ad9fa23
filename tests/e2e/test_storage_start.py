"""`veil start` (a real process) on records it cannot use as they are: a vault another
process holds locked stops it with an error that names the file, and nothing is moved
or changed; a data dir it cannot write runs it with vaults in memory, filtering as usual.

Tests run as root, whom file modes do not stop: the read-only data dir is made real by a
read-only bind mount in a private mount namespace (EROFS, even for root), and by running
veil as an unprivileged user in a directory it may read but not create files in."""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from testing.fake_upstream import FakeChatService
from tests.helpers import another_process_locks, free_port
from veil.proxy.conversations import ConversationStore
from veil.proxy.storage.redaction_log import LogEntry, RedactionLog
from veil.proxy.storage.vault_store import VaultStore
from veil.rules import knowledge
from veil.rules.vault import PseudonymStyle

FIRST = "My neighbour is Priya Raman (priya.raman@fernhill.org)."
NOBODY = 65534
START_TIMEOUT_S = 180


def _records(data: Path) -> str:
    """A vault with one conversation and a log with one entry; the conversation's id."""
    store = VaultStore.open(data)
    conversations = ConversationStore(store=store)
    chat = conversations.conversation_id("local-openai", "an earlier chat")
    vault = conversations.vault(chat, PseudonymStyle.PLACEHOLDER, site="local-openai")
    vault.pseudonym_for("Dana Whitfield", "PERSON")
    store.close()
    records = RedactionLog.open(data)
    records.record(LogEntry("local-openai"))
    records.close()
    return chat


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def _veil_start(
    config: Path, data: Path, port: int, log: Path, prefix: list[str], upstream_ca: Path | None
) -> subprocess.Popen:
    command = [
        *prefix, sys.executable, "-m", "veil.proxy.cli", "start", "--config-dir", str(config),
        "--data-dir", str(data), "--listen-port", str(port), "--no-gateway",
    ]  # fmt: skip
    if upstream_ca is not None:
        command += ["--upstream-ca", str(upstream_ca)]
    # No keyring in the child: the key is the data dir's data.key, as on a headless box.
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    if prefix:  # another user: root's cache, where setup.sh built the index, is closed
        index = shutil.copytree(knowledge.index_dir(), log.parent / "knowledge")
        for path in [index, *index.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        env["VEIL_KNOWLEDGE_DIR"] = str(index)
    with log.open("w") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)


def test_veil_start_stops_with_a_clear_error_when_another_process_holds_the_vault(
    no_keyring, tmp_path
):
    data = tmp_path / "data"
    chat = _records(data)
    vault = data / "vault.sqlite3"
    output = tmp_path / "veil.out"
    before = _snapshot(data)
    with another_process_locks(vault):
        process = _veil_start(tmp_path / "config", data, free_port(), output, [], None)
        try:
            process.wait(60)  # the lock is waited for (seconds), then veil gives up
        finally:
            _stop(process)
    said = output.read_text()
    assert process.returncode == 1, said
    assert f"cannot start: {vault} is locked by another process" in said
    assert "another veil on the same data directory" in said
    assert _snapshot(data) == before  # nothing moved aside, nothing written
    store = VaultStore.open(data)
    stored = store.load(chat)
    assert stored is not None and [e.value for e in stored.snapshot.entries] == ["Dana Whitfield"]
    store.close()


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A directory an unprivileged user can reach (pytest's tmp_path is root's only)."""
    base = Path(tempfile.mkdtemp(prefix="veil-read-only-"))
    base.chmod(0o755)
    yield base
    for path in (base, *base.rglob("*")):  # a mode set to refuse writes must not refuse this
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(base)


def _read_only_mount(data: Path, base: Path) -> list[str]:
    """Run veil where the kernel refuses every write to ``data`` (a read-only bind mount
    in the child's own mount namespace: nothing changes for the rest of the machine)."""
    prefix = [
        "unshare", "--mount", "sh", "-c",
        'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', str(data),
    ]  # fmt: skip
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is needed for a read-only bind mount")
    probe = subprocess.run([*prefix, "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no read-only bind mount here (needs CAP_SYS_ADMIN): {probe.stderr.strip()}")
    return prefix


def _unwritable_directory(data: Path, base: Path) -> list[str]:
    """Run veil as a user who may read and write the record files but create nothing in
    ``data`` (no -wal, no -shm, no new file). Root ignores modes: veil then runs as
    nobody, with the files its own and the directory root's."""
    if os.geteuid() != 0:
        data.chmod(0o555)
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is needed to run veil as an unprivileged user")
    prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    probe = subprocess.run(
        [*prefix, sys.executable, "-c", "import veil.proxy.cli"], capture_output=True, text=True
    )
    if probe.returncode != 0:
        pytest.skip(f"uid {NOBODY} cannot run this Python and veil: {probe.stderr.strip()}")
    for path in [*data.iterdir(), *(base / "config").rglob("*"), base / "config"]:
        os.chown(path, NOBODY, NOBODY)  # veil's own files ...
    data.chmod(0o755)  # ... in root's directory, which nobody may read but not write
    return prefix


@pytest.mark.parametrize(
    "fault", [_read_only_mount, _unwritable_directory], ids=["read-only mount", "not writable"]
)
def test_veil_start_on_a_read_only_data_dir_filters_with_vaults_in_memory(
    no_keyring, shared_dir, fault
):
    config, data = shared_dir / "config", shared_dir / "data"
    (config / "policies").mkdir(parents=True)
    (shared_dir / "upstream").mkdir()
    _records(data)
    output = shared_dir / "veil.out"
    with FakeChatService(shared_dir / "upstream") as upstream:
        (config / "policies" / "local-openai.yaml").write_text(
            f'name: local-openai\nhosts: ["127.0.0.1:{upstream.port}/v1/chat"]\nadapter: openai\n'
        )
        prefix = fault(data, shared_dir)
        before = _snapshot(data)
        port = free_port()
        process = _veil_start(config, data, port, output, prefix, upstream.ca)
        try:
            ca = config / "mitmproxy" / "mitmproxy-ca-cert.pem"
            _wait_until_ready(process, port, ca, output)
            trust = ssl.create_default_context(cafile=ca)
            proxy = f"http://127.0.0.1:{port}"
            with httpx.Client(proxy=proxy, verify=trust, timeout=120) as http:
                client = openai.OpenAI(
                    api_key="sk-test",
                    base_url=f"https://127.0.0.1:{upstream.port}/v1",
                    http_client=http,
                    max_retries=0,
                )
                messages = [{"role": "user", "content": FIRST}]
                reply = client.chat.completions.create(model="gpt-4o", messages=messages)
            assert reply.choices[0].message.content == f"You said: {FIRST}"  # restored
            sent = upstream.received[-1][1]["messages"][0]["content"]
            assert "Priya" not in sent and "fernhill" not in sent  # filtered
            assert process.poll() is None  # and still running
        finally:
            _stop(process)
    said = output.read_text()
    assert "Errors logged during startup" not in said
    assert "cannot open VaultStore" in said and "veil cannot write to its directory" in said
    assert "running without it: vaults are kept in memory only" in said
    assert "running without it: nothing is logged" in said
    assert _snapshot(data) == before  # nothing moved aside, nothing written


def _wait_until_ready(process: subprocess.Popen, port: int, ca: Path, output: Path) -> None:
    """Until the proxy listens and its CA is written (mitmproxy makes it as it starts)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"veil start exited ({process.returncode}):\n{output.read_text()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            if ca.exists():
                return
        except OSError:
            pass
        time.sleep(0.1)
    pytest.fail(f"veil start was not ready on {port}:\n{output.read_text()}")
