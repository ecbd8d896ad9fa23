"""CRYPTO_WALLET: cryptocurrency addresses, which identify a person's funds.

Addresses that carry their own proof need no context word: base58check (a version byte
and a 20-byte hash under a double-SHA-256 checksum, checked by the ``base58`` library:
Bitcoin's P2PKH "1..." and P2SH "3...", and the chains that copied the format, Litecoin,
Dogecoin, Dash, TRON; a random string passes the 4-byte checksum once in 4 billion) and
segwit (BIP 173 bech32 "bc1q...", BIP 350 bech32m "bc1p...", Litecoin's "ltc1...",
checked by the reference implementation in ``bech32m``). An Ethereum address is 40 hex digits with
no checksum in lower case (EIP-55's mixed case needs Keccak, which the standard library
lacks), as a hash prefix can be: it is taken only next to a wallet word.
"""

from __future__ import annotations

import base58
from bech32m.codecs import DecodeError
from bech32m.codecs import decode as segwit_decode

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import WORD, compile_words, context_before
from veil.rules.registry import register
from veil.rules.spans import Span

_BASE58 = "1-9A-HJ-NP-Za-km-z"
_ADDRESS = regex.compile(
    rf"(?<!{WORD}|[\-+/=])"
    rf"(?:(?P<base58>[{_BASE58}]{{25,35}})"
    r"|(?P<segwit>(?P<hrp>bc|BC|ltc|LTC)1"
    r"[qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{6,87})"
    r"|(?P<eth>0x[0-9a-fA-F]{40}))"
    rf"(?!{WORD}|[\-+/=])"
)
_BASE58_RUN = regex.compile(rf"[{_BASE58}]{{25}}")
# Segwit's and Ethereum's prefixes, as the pattern writes them (it minds case).
_PREFIXES = ("bc1", "BC1", "ltc1", "LTC1", "0x")


def _possible(text: str) -> bool:
    """Whether ``_ADDRESS`` can match: a prefix, or 25 base58 characters in a row, which
    lie in one whitespace-free piece (most texts have none that long). Cheaper than the
    pattern's tries at every word."""
    return any(prefix in text for prefix in _PREFIXES) or any(
        len(piece) >= 25 and _BASE58_RUN.search(piece) for piece in text.split()
    )


_WALLET_CONTEXT = compile_words(
    [
        "wallet",
        "address",
        "eth",
        "ether",
        "ethereum",
        "usdt",
        "usdc",
        "erc-20",
        "erc20",
        "metamask",
        "send",
        "pay",
        "crypto",
        "btc",
        "bitcoin",
        "deposit",
        "withdraw",
    ]
)


def _base58check(value: str) -> bool:
    try:
        raw = base58.b58decode_check(value)
    except ValueError:
        return False
    return len(raw) == 21  # a version byte, then a 20-byte hash


def _segwit(value: str, hrp: str) -> bool:
    try:
        segwit_decode(hrp.lower(), value.lower() if value.isupper() else value)
    except DecodeError:
        return False
    return True


class CryptoWalletRecognizer:
    """Bitcoin addresses by their checksums; Ethereum addresses next to a wallet word."""

    name = "regex.crypto_wallet.v1"
    labels = (labels.CRYPTO_WALLET,)

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in _ADDRESS.finditer(text) if _possible(text) else ():
            if match.group("base58"):
                valid, score, check = _base58check(match.group(0)), 0.95, "base58check"
            elif match.group("segwit"):
                valid = _segwit(match.group(0), match.group("hrp"))
                score, check = 0.95, "BIP 173/350 checksum"
            else:
                valid = bool(_WALLET_CONTEXT.search(context_before(text, match.start())))
                score, check = 0.85, "Ethereum address + wallet word"
            if valid:
                spans.append(Span(*match.span(), labels.CRYPTO_WALLET, score, self.name, check))
        return spans


register("regex.crypto_wallet.v1")(CryptoWalletRecognizer)
