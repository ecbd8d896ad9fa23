"""The fast stage's memo of readings (policies/memo.py): long texts kept by digest."""

from __future__ import annotations

from veil.policies.memo import DIGEST_CHARS, Memo


def test_a_long_text_is_found_again_by_its_content_but_not_kept_itself():
    calls: list[str] = []

    def read(text: str, year: int) -> tuple[int, int]:
        calls.append(text)
        return len(text), year

    memo = Memo(read, maxsize=8)
    long = "word " * DIGEST_CHARS
    edited = long[:-1] + "!"  # the same length, one character apart
    assert memo(long, 2026) == (len(long), 2026)
    assert memo("".join(list(long)), 2026) == (len(long), 2026)  # an equal text: no call
    assert ("".join(list(long)), 2026) in memo
    assert memo(edited, 2026) == (len(edited), 2026) and calls == [long, edited]
    assert (long, 2025) not in memo  # the other parts of the key still count
    memo.put(("short", 2026), (0, 0))
    assert memo("short", 2026) == (0, 0)
    kept_texts = [part for key in memo._kept for part in key if isinstance(part, str)]
    assert kept_texts == ["short"]  # the long texts are not kept, only their digests
