"""The data key: kept in the keyring, else in a 0600 key file (and veil says so once)."""

from __future__ import annotations

import logging
import stat

import pytest

from veil.proxy.storage import keys


def test_key_is_made_once_and_kept_in_the_keyring(memory_keyring, tmp_path):
    first = keys.data_key(tmp_path)
    assert len(first) == 32
    assert keys.data_key(tmp_path) == first
    assert (keys.SERVICE, keys.keyring_account(tmp_path)) in memory_keyring.secrets
    assert not (tmp_path / keys.KEY_FILE_NAME).exists()  # no file when a keyring works


def test_each_data_dir_has_its_own_key(memory_keyring, tmp_path):
    assert keys.data_key(tmp_path / "a") != keys.data_key(tmp_path / "b")


def test_without_keyring_the_key_is_a_0600_file_announced_once(no_keyring, tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="veil"):
        first = keys.data_key(tmp_path)
        second = keys.data_key(tmp_path)
    key_file = tmp_path / keys.KEY_FILE_NAME
    assert first == second and len(first) == 32
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    warnings = [r.getMessage() for r in caplog.records if "no usable OS keyring" in r.getMessage()]
    assert len(warnings) == 1 and str(key_file) in warnings[0]


def test_a_loose_key_file_is_tightened(no_keyring, tmp_path):
    key = keys.data_key(tmp_path)
    key_file = tmp_path / keys.KEY_FILE_NAME
    key_file.chmod(0o644)
    assert keys.data_key(tmp_path) == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_a_garbage_key_file_is_set_aside_and_replaced(no_keyring, tmp_path):
    key_file = tmp_path / keys.KEY_FILE_NAME
    key_file.write_text("not a key")
    key_file.chmod(0o600)
    key = keys.data_key(tmp_path)
    assert len(key) == 32
    assert [p.name.startswith("data.key.unreadable-") for p in tmp_path.iterdir()].count(True) == 1


def test_no_key_is_made_when_asked_not_to(memory_keyring, tmp_path):
    with pytest.raises(keys.NoDataKey):
        keys.data_key(tmp_path, create=False)
    assert memory_keyring.secrets == {}


def test_a_garbage_keyring_entry_is_replaced(memory_keyring, tmp_path):
    memory_keyring.secrets[(keys.SERVICE, keys.keyring_account(tmp_path))] = "###"
    key = keys.data_key(tmp_path)
    assert len(key) == 32 and keys.data_key(tmp_path) == key
