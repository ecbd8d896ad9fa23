"""Large pastes of the kinds people send to a chatbot, built to a size, with the names in
them known (so a scan of them can be checked)."""

from __future__ import annotations

import random

# Private people named in every kind of paste, each once per block of text.
NAMES = ("Marcus Oyelaran", "Siobhán Kearney", "Dana Whitfield", "Priya Raman")

_PROSE = (
    "Minutes of the planning meeting, week {n}. {name} opened the meeting and asked for the "
    "budget figures, which were late again because the export from the finance system "
    "failed twice overnight. The team agreed to move the review to Thursday afternoon. "
    "Action: {name} to mail the figures to the board before the end of the week.\n\n"
)
_CODE = (
    'def export_report_{n}(rows: list[dict], owner: str = "{name}") -> str:\n'
    "    # Reviewed by {name} on 2024-05-{day:02d}\n"
    "    totals = {{row['region']: row['amount'] * 1.2 for row in rows if row['ok']}}\n"
    "    return json.dumps({{'owner': owner, 'totals': totals, 'count': len(rows)}})\n\n"
)
_LOG = (
    '2024-05-{day:02d}T12:{minute:02d}:07Z INFO api request_id=9f1c{n:06x} user="{name}" '
    "GET /api/v1/reports/{n}?page=2 status=200 duration_ms=134 bytes=20481\n"
)
_TEMPLATES = {"prose": _PROSE, "code": _CODE, "log": _LOG}


def large_text(size: int, kind: str = "prose", seed: int = 0) -> str:
    """About ``size`` characters (at most) of one kind of paste: prose, code, log, a
    single line (minified JSON, no line breaks at all), or an attachment (a base64 export
    between a few lines of letter, a name on its separator every 200,000 characters)."""
    rng = random.Random(seed)
    if kind == "attachment":
        return _attachment(size, rng)
    if kind == "line":
        rows = []
        total = 0
        for n in range(size):
            row = f'{{"id":{n},"owner":"{NAMES[n % len(NAMES)]}","note":"{rng.random():.6f}"}},'
            total += len(row)
            if total > size - 2:
                break
            rows.append(row)
        return "[" + "".join(rows).rstrip(",") + "]"
    template = _TEMPLATES[kind]
    parts: list[str] = []
    total = 0
    for n in range(size):
        part = template.format(
            n=n, name=NAMES[n % len(NAMES)], day=1 + n % 28, minute=rng.randrange(60)
        )
        if total + len(part) > size:
            break
        parts.append(part)
        total += len(part)
    return "".join(parts)


_LETTER = "Hi, this is {0}. Here is the export {1} asked for; please check it before Friday.\n\n"
_SIGN_OFF = "\nThanks, and regards to {2}.\n{3}\n"
_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _attachment(size: int, rng: random.Random) -> str:
    head, tail = _LETTER.format(*NAMES), _SIGN_OFF.format(*NAMES)
    lines: list[str] = []
    total = len(head) + len(tail)
    while True:
        if len(lines) % 2600 == 0:  # about every 200,000 characters
            line = (
                f"-- part {len(lines) // 2600 + 1} of the export for {NAMES[len(lines) % 4]} --\n"
            )
        else:
            line = "".join(rng.choice(_BASE64) for _ in range(76)) + "\n"
        if total + len(line) > size:
            break
        lines.append(line)
        total += len(line)
    return head + "".join(lines) + tail
