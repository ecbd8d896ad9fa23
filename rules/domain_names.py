"""An organisation named by the domain of an e-mail address in the same text.

A signature or a thread names the writer's firm once in its addresses and once in prose
("sanjay.k@orbitlane.io ... Sanjay Kulkarni, Orbitlane"); a small firm's made-up name is
exactly what the NER model misses. The registrable part of the domain (the public-suffix
list that ships with ``tldextract``, read offline) is the firm's name as the text spells
it elsewhere. Domains an encyclopedia knows (gmail, outlook, proton) are mail services
everybody uses, not an employer.
"""

from __future__ import annotations

import bisect
from functools import cache

import regex

from veil.rules import knowledge, labels
from veil.rules.spans import Span

SOURCE = "subject.email_domain"
_MIN_LETTERS = 4


@cache
def _extract():  # -> tldextract.TLDExtract
    import tldextract

    # no suffix_list_urls: the snapshot in the package, never the network
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


def domain_name(address: str) -> str | None:
    """The registrable label of an address's domain ("orbitlane" of sanjay@mail.orbitlane.io)."""
    _, _, domain = address.rpartition("@")
    label = _extract()(domain.strip().rstrip(".")).domain
    return label if len(label) >= _MIN_LETTERS and label.isalpha() else None


def registered_parts(host: str) -> tuple[str, str] | None:
    """A host's registered name and its public suffix ("velvetloomthrows", "co.uk" of
    www.velvetloomthrows.co.uk), or None where the suffix is no public one."""
    found = _extract()(host)
    return (found.domain, found.suffix) if found.domain and found.suffix else None


def firm_names(text: str, emails: list[Span]) -> set[str]:
    """The domain names of ``emails`` (folded) that no encyclopedia knows."""
    names = {domain_name(text[s.start : s.end]) for s in emails}
    return {n.casefold() for n in names if n is not None and not knowledge.knowledge().is_known(n)}


def domain_echoes(text: str, names: set[str], taken: list[Span]) -> list[Span]:
    """Words of ``text`` that spell one of ``names``, as ORGANIZATION spans that overlap
    nothing in ``taken`` and lie in no address or URL."""
    if not names:
        return []
    pattern = regex.compile(
        rf"(?<![\w@./-])(?:{'|'.join(map(regex.escape, sorted(names)))})(?![\w@/-])(?!\.\w)",
        regex.IGNORECASE,
        cache_pattern=False,  # this text's own names: not kept in the regex module's cache
    )
    # the spans taken, as sorted disjoint-ish intervals: a match is checked against its
    # neighbours only, so a paste with thousands of addresses stays linear
    ordered = sorted(taken, key=lambda s: s.start)
    starts = [s.start for s in ordered]
    reach = max((len(s) for s in ordered), default=0)
    found: list[Span] = []
    for match in pattern.finditer(text):
        start, end = match.span()
        first = bisect.bisect_left(starts, start - reach)
        last = bisect.bisect_left(starts, end)
        if any(s.start < end and start < s.end for s in ordered[first:last]):
            continue
        found.append(Span(start, end, labels.ORGANIZATION, 0.8, SOURCE))
    return found
