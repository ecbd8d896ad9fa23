"""What veil says about a failure, without what the failing input held.

Parsers and codecs quote their input: mitmproxy's decoding error starts with the body's
first bytes (``b'AKIAQ3EG``), ``BadGzipFile`` gives two of them, ``int()`` and a
``KeyError`` quote a value. So a log line, a redaction-log reason or an error shown to
the client names a foreign exception by its type and where it was raised. veil's own
exceptions word their messages to say what is wrong (an offset, a length, an encoding)
and keep them. ``ScrubBytes`` is the net under third-party log lines (mitmproxy logs
``Unexpected data from server: b'...'``): any bytes repr becomes its length.
"""

from __future__ import annotations

import ast
import logging
import re
import traceback
from pathlib import Path


def describe(error: BaseException) -> str:
    """``error`` for a log line or a client: veil's own message, or type and place."""
    if type(error).__module__.split(".", 1)[0] == "veil":
        return f"{type(error).__name__}: {error}"
    frames = traceback.extract_tb(error.__traceback__)
    where = f" in {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}{where}"


# b'...' or b"..." as repr writes it; cut-off ones (mitmproxy keeps 10 characters) run to
# the next quote or the end of the line.
_BYTES_REPR = re.compile(r"""\bb(['"])(?:\\.|(?!\1)[^\\\n])*(?:\1|$)""", re.MULTILINE)


def scrub_bytes(text: str) -> str:
    return _BYTES_REPR.sub(lambda m: f"<{_repr_length(m.group())} bytes>", text)


def _repr_length(literal: str) -> str:
    if len(literal) < 3 or literal[-1] != literal[1]:
        return "some"  # cut off: its length is not known
    try:
        return str(len(ast.literal_eval(literal)))
    except (SyntaxError, ValueError):
        return "some"


class ScrubBytes(logging.Filter):
    """Replaces bytes reprs in a record's message and traceback with their length."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if record.exc_info:
            record.exc_text = "".join(traceback.format_exception(*record.exc_info)).rstrip()
            record.exc_info = None
        record.msg, record.args = scrub_bytes(message), ()
        if record.exc_text:
            record.exc_text = scrub_bytes(record.exc_text)
        return True


def scrub_log_handlers(logger: logging.Logger | None = None) -> None:
    """Put ``ScrubBytes`` on every handler of ``logger`` (the root logger): third-party
    lines pass through them too."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, ScrubBytes) for f in handler.filters):
            handler.addFilter(ScrubBytes())
