"""IP_ADDRESS, MAC_ADDRESS and URL (only URLs that point at a person, or at a site no
encyclopedia knows: a small shop's, club's or person's)."""

from __future__ import annotations

import ipaddress
from functools import cache, cached_property

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.code_context import CodeMap, code_map
from veil.rules.pattern import (
    UNSPACED_SCRIPTS,
    URL_KEY,
    WORD,
    PatternRecognizer,
    compile_words,
    context_before,
    named_apart,
)
from veil.rules.recognizers.names import spells_a_name
from veil.rules.registry import register
from veil.rules.spans import Span

# --- IP_ADDRESS ------------------------------------------------------------------------

_IPV4 = regex.compile(rf"(?<!{WORD}|[.\-])((?:\d{{1,3}}\.){{3}}\d{{1,3}})(?!{WORD}|-|\.\d)")
_IPV6 = regex.compile(
    rf"(?<!{WORD}|[:.])((?:[0-9A-Fa-f]{{0,4}}:){{2,7}}(?:[0-9A-Fa-f]{{0,4}}|(?:\d{{1,3}}\.){{3}}\d{{1,3}}))"
    rf"(?:(?!{WORD}|:|\.\d)|(?=:\d{{2,5}}(?!{WORD}|:)))"  # a port may follow, as in Apache logs
)
_VERSION_CONTEXT = regex.compile(
    r"(?:\bv|version|release|ver\.?|==|>=|<=|build|firmware|oid)\s*$", regex.IGNORECASE
)
_NETMASK_CONTEXT = compile_words(["netmask", "subnet mask", "mask"])


def _personal_ip(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    # Loopback, "any" and multicast addresses are the same on every machine.
    return not (address.is_loopback or address.is_unspecified or address.is_multicast)


class IpAddressRecognizer:
    """IPv4 and IPv6 addresses, validated; versions and netmasks are left alone."""

    name = "regex.ip_address.v1"
    labels = (labels.IP_ADDRESS,)

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in _IPV4.finditer(text):
            try:
                address = ipaddress.IPv4Address(match.group(1))
            except ValueError:
                continue
            before = context_before(text, match.start(), 24)
            if _VERSION_CONTEXT.search(before) or not _personal_ip(address):
                continue
            if str(address).startswith("255.") and _NETMASK_CONTEXT.search(before):
                continue
            if str(address) == "255.255.255.255":
                continue
            spans.append(Span(*match.span(1), labels.IP_ADDRESS, 0.9, self.name))
        for match in _IPV6.finditer(text):
            candidate = match.group(1)
            if candidate.count(":") < 2 or len(candidate.replace(":", "")) < 3:
                continue
            try:
                address = ipaddress.IPv6Address(candidate)
            except ValueError:
                continue
            if _personal_ip(address):
                spans.append(Span(*match.span(1), labels.IP_ADDRESS, 0.9, self.name))
        return spans


register("regex.ip_address.v1")(IpAddressRecognizer)


# --- MAC_ADDRESS -----------------------------------------------------------------------

# IEEE 802 notation (six pairs joined by ":" or "-"), Cisco's dotted triples, and twelve
# bare hex digits (`ip link`, some vendors' UIs), which need a cue: they could be anything.
_MAC = regex.compile(
    rf"(?<!{WORD}|[:\-.])(?:[0-9A-Fa-f]{{2}}([:\-])(?:[0-9A-Fa-f]{{2}}\1){{4}}[0-9A-Fa-f]{{2}}"
    r"|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}"
    rf"|(?P<bare>[0-9A-Fa-f]{{12}}))(?!{WORD}|[:\-]|\.\w)"
)
_MAC_CONTEXT = compile_words(
    [
        "mac",
        "mac address",
        "mac addr",
        "macaddress",
        "hwaddr",
        "hw addr",
        "hardware address",
        "physical address",
        "ether",
        "bssid",
        "mac地址",
    ]
)


def _validate_mac(match: regex.Match[str], text: str) -> float | None:
    compact = regex.sub(r"[:\-.]", "", match.group(0)).lower()
    if compact in {"000000000000", "ffffffffffff"}:
        return None
    if not regex.search(r"[0-9]", compact):
        return None
    if match.group("bare") and not _MAC_CONTEXT.search(context_before(text, match.start(), 32)):
        return None
    return 0.9


@register("regex.mac_address.v1")
def mac_address_recognizer() -> PatternRecognizer:
    return PatternRecognizer(
        "regex.mac_address.v1", labels.MAC_ADDRESS, _MAC, _validate_mac, validator="IEEE 802 EUI-48"
    )


# --- URL -------------------------------------------------------------------------------

# A path ends at a letter of an unspaced script or at CJK / full-width punctuation: in
# "…/in/jane-doe看看" the URL is glued to the next word of the sentence.
_URL_PATH_CHAR = rf"[^\s<>\"'`)\]{UNSPACED_SCRIPTS}\u3000-\u303f\uff00-\uffef]"
# Not from inside a host name (after its "." or "-"), and at most 16 labels: "a.a.a.a…"
# would otherwise be tried from every label, each try running to the end of the run
# (quadratic on a pasted blob).
# RFC 3986's authority: a scheme (nested, as JDBC writes it: "jdbc:postgresql://"), then
# an account with its password, if any ("https://key@o1.ingest.sentry.io/7").
_SCHEME = r"(?:[A-Za-z][A-Za-z0-9+.\-]{0,19}:){1,2}//"
_USERINFO = r"[A-Za-z0-9_.~%!$&'*+,;=\-]{1,128}(?::[^\s/@]{0,128})?@"
_URL = regex.compile(
    rf"(?<!{WORD}|[@/.\-])((?:{_SCHEME}(?P<userinfo>{_USERINFO})?)?(?:www\.)?"
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,16}[A-Za-z]{2,24}"
    rf"(?::\d{{2,5}})?(?:/{_URL_PATH_CHAR}*)?)",
)
# Sites where the first path segment (or the subdomain) names a person.
_PROFILE = regex.compile(
    r"^(?:https?://)?(?:www\.|m\.|[a-z]{2}\.)?(?:"
    r"linkedin\.com/in/[^/?#\s]+"
    r"|(?:twitter|x|facebook|fb|instagram|threads|pinterest|snapchat|tumblr|vimeo|soundcloud"
    r"|behance|dribbble|twitch|patreon|ko-fi|buymeacoffee|venmo|paypal|flickr|goodreads"
    r"|strava|letterboxd|about|linktr|keybase|gravatar)\.(?:com|net|me|ee|io|tv)/"
    r"(?!(?:home|explore|search|login|share|sharer|intent|hashtag|watch|p|reel|i|settings)\b)"
    r"@?[A-Za-z0-9_.\-]+/?$"
    r"|(?:youtube\.com|tiktok\.com|medium\.com|mastodon\.[a-z]+|[a-z.]+\.social)/@[^/?#\s]+"
    r"|youtube\.com/(?:c|user|channel)/[^/?#\s]+"
    r"|reddit\.com/(?:u|user)/[^/?#\s]+"
    r"|(?:github|gitlab|bitbucket|codeberg)\.(?:com|org)/[A-Za-z0-9_.\-]+/?$"
    r"|stackoverflow\.com/users/\d+"
    r"|calendly\.com/[^/?#\s]+|cal\.com/[^/?#\s]+|t\.me/[^/?#\s]+|wa\.me/\d+"
    r"|paypal\.me/[^/?#\s]+|venmo\.com/u/[^/?#\s]+|cash\.app/\$[^/?#\s]+"
    r"|[a-z0-9\-]+\.(?:github\.io|gitlab\.io|substack\.com|wordpress\.com|blogspot\.com"
    r"|tumblr\.com|carrd\.co|wixsite\.com|netlify\.app|vercel\.app)"
    r"|(?:drive|docs)\.google\.com/\S+|dropbox\.com/(?:s|scl)/\S+|1drv\.ms/\S+"
    r"|photos\.app\.goo\.gl/\S+|we\.tl/\S+|wetransfer\.com/downloads/\S+"
    r")",
    regex.IGNORECASE,
)
# On any site, a path segment after a word for an account names the account, as sites
# build such paths: "etsy.com/shop/WrenAndWillow", "example.org/users/jdoe",
# "forum.example/members/kai.123", "site.example/~jdoe", "host.example/@jdoe".
_ACCOUNT_PATH = regex.compile(
    r"^(?:https?://)?[^/?#\s]+/(?:[^/?#\s]+/)?"
    r"(?:(?:shop|shops|store|seller|sellers|user|users|u|profile|profiles|people|member|"
    r"members|author|authors|artist|artists|creator|creators)/(?!(?:search|login|about|help|"
    r"settings|new|all)\b)[^/?#\s]+|[~@][^/?#\s]+)",
    regex.IGNORECASE,
)
_PERSONAL_URL_CONTEXT = compile_words(
    [
        "my website",
        "my site",
        "my blog",
        "my portfolio",
        "my homepage",
        "my page",
        "my profile",
        "personal site",
        "personal website",
        "find me",
        "follow me",
        "my cv",
        "my resume",
        "website",
        "homepage",
        "portfolio",
        "blog",
        "posted",
        "shared",
        "photo",
        "photos",
        "profile",
        "my link",
        "my links",
        "ma page",
        "mein blog",
        "meine webseite",
        "mi web",
        "mi página",
        "il mio sito",
        "mijn website",
    ]
)
# A site the writer says is theirs, named right before a bare domain: "my food blog,
# saltandsaucepan.blog", "our shop at mossandfern.co.uk", "my portfolio: jdoe.design".
# (A liking is no ownership: "my favourite site is wikipedia.org".)
_OWN_SITE_BEFORE = regex.compile(
    r"\b(?:my|our)\s+"
    r"(?:(?!(?:favou?rite|fave|preferred|go-to|usual|beloved|regular)\b)[\w\-]+\s+){0,2}?"
    r"(?:blog|site|website|web\s?site|home\s?page|portfolio|shop|store|newsletter|podcast|"
    r"page|domain|substack|channel)"
    r"\s*(?:[,:(\-–—]|\s(?:is|at|on|=))?\s*$"
    # or a CV's or a signature's field, opening its sentence or line: "Portfolio is X",
    # "Website: X"
    r"|(?:^|[.!?\n|][ \t]*)(?:portfolio|website|web\s?site|blog|home\s?page)"
    r"[ \t]*(?::|is|=|-|–)[ \t]*$",
    regex.IGNORECASE,
)
_URL_TRAILING = ".,;:!?"
# A repository or page under an account on a code host: its owner is the account.
_CODE_HOST_OWNER = regex.compile(
    r"^(?:https?://)?(?:www\.)?(?:github|gitlab|bitbucket|codeberg)\.(?:com|org)/"
    r"(?P<owner>[A-Za-z0-9_.\-]+)/",
    regex.IGNORECASE,
)
_EMAIL_DOMAIN = regex.compile(r"(?<=[\w.+\-]@)(?:[A-Za-z0-9\-]+\.)+[A-Za-z]{2,24}\b")
_HOST = regex.compile(rf"^(?:{_SCHEME}(?:{_USERINFO})?)?(?P<host>[^/:?#]+)", regex.IGNORECASE)
_PAGE = regex.compile(r"^(?:https?://)?[^/?#]+(?::\d+)?/[^/?#\s]")


# Top-level names for a home's or a firm's own network, resolved nowhere else (RFC 6762's
# .local, RFC 8375's home.arpa, ICANN's .internal, and those routers and firms use): a
# host under one is on the writer's network, as a private IP address is.
_PRIVATE_USE_SUFFIXES = (
    ".local", ".lan", ".home.arpa", ".internal", ".intranet", ".corp", ".home", ".localdomain",
    ".private",
)  # fmt: skip


# Kubernetes' default domain: a service's name there is the same in every cluster's
# manifests ("ledger-db.payments.svc.cluster.local").
_CLUSTER_DOMAIN = ".cluster.local"


def _personal_host(url: str) -> bool:
    """A host on a private network, or one whose name spells a person's ("kofi-mensah.dev")."""
    host = _HOST.match(url).group("host").lower().rstrip(".")
    if host.endswith(_PRIVATE_USE_SUFFIXES) and not host.endswith(_CLUSTER_DOMAIN):
        return True
    return any(spells_a_name(label) for label in host.split(".")[:-1])


class PersonalUrlRecognizer:
    """URLs that identify a person: profile links, personal pages, shared files."""

    name = "regex.url.v1"
    labels = (labels.URL,)

    def find(self, text: str) -> list[Span]:
        spans = []
        facts = _TextFacts(text)
        for match in _URL.finditer(text):
            start, end = match.span(1)
            while end > start and text[end - 1] in _URL_TRAILING:
                end -= 1
            url = text[start:end]
            has_scheme = "://" in url or url.lower().startswith("www.")
            if (
                _PROFILE.match(url)
                or _ACCOUNT_PATH.match(url)
                or _owner_named_elsewhere(text, url, start)
                or _personal_host(url)
            ):
                spans.append(Span(start, end, labels.URL, 0.85, self.name))
            elif match.group("userinfo"):
                # a URL that carries a key as its account is a credential, whole
                # ("https://4f1c9e2ab7d0@o4812.ingest.sentry.io/5"); a mailbox there is the
                # e-mail recognizer's ("smtp://noreply@..."), an account and its password
                # the username and secrets recognizers' ("postgres://app:pw@db/"), and the
                # host in a config line a service's
                if URL_KEY.fullmatch(match.group("userinfo")[:-1]):
                    spans.append(Span(start, end, labels.URL, 0.85, self.name))
            elif _on_an_email_domain(facts, url):
                # "intranet.quillfern.org/api/..." beside "ana@quillfern.org": the same
                # organisation as the address, which the text ties to someone
                spans.append(Span(start, end, labels.URL, 0.7, self.name))
            elif (
                has_scheme and _PERSONAL_URL_CONTEXT.search(context_before(text, start, 40))
            ) or _OWN_SITE_BEFORE.search(text, max(0, start - 60), start):
                spans.append(Span(start, end, labels.URL, 0.7, self.name))
            elif _small_site(facts, url, start, end, has_scheme):
                spans.append(Span(start, end, labels.URL, 0.6, self.name))
        return spans


class _TextFacts:
    """What the URL rules read of the whole text, read once for it (a paste may hold
    thousands of hosts): the registered names of its e-mail addresses' domains, and where
    its code is."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def email_domain_names(self) -> frozenset[str]:
        if "@" not in self.text:
            return frozenset()
        from veil.rules.domain_names import domain_name

        names = (domain_name(domain) for domain in _EMAIL_DOMAIN.findall(self.text))
        return frozenset(name for name in names if name is not None)

    @cached_property
    def code(self) -> CodeMap:
        return code_map(self.text)


# Names that stand for any host in examples and tests (RFC 2606, RFC 6761)
_RESERVED_DOMAINS = frozenset({"example", "localhost", "test", "invalid"})


# A word of prose right before it, or an aside's bracket ("a small online shop, X",
# "on X", "(X)"): not a key's "=", a header's ":" or a quote, where hosts are settings
_PROSE_BEFORE = regex.compile(r"(?:(?<!\S)\p{L}[\p{L}'’\-]*[,;]?[ \t]+|\()$")


def _small_site(facts: _TextFacts, url: str, start: int, end: int, has_scheme: bool) -> bool:
    """A site whose registered name no encyclopedia knows and no dictionary holds
    ("velvetloomthrows.co.uk", "gallifreyan-tea-party.net"): a small shop's, club's or
    person's, which names them as their name would. Public sites are entries ("bbc",
    "wikipedia"); a file's name has its type's extension ("main.py", "notes.md"), and a
    method's call its bracket or underscore after it ("pd.read_csv(")."""
    text = facts.text
    if text[end : end + 1] in ("(", "_") or not _PROSE_BEFORE.search(
        text, max(0, start - 40), start
    ):
        return False
    if not has_scheme and _PAGE.search(url):
        return False  # "ghcr.io/okoro-tunde/app": a platform's page, read by its path
    host = _HOST.match(url).group("host").rstrip(".")
    if not host.islower():
        return False  # a class's file ("InvoiceService.java"): hosts are written in lower case
    if facts.code.in_code_lines(end - 1):
        return False  # a config's, a log's or a script's hosts are the services it uses
    from veil.rules.domain_names import domain_name, registered_parts

    if domain_name(host) in facts.email_domain_names:
        return False  # a firm's own host beside its addresses (see _on_an_email_domain)
    parts = registered_parts(host)
    if parts is None:
        return False
    name, suffix = parts
    if len(name) < 4 or name in _RESERVED_DOMAINS:
        return False
    if not has_scheme and host.count(".") == 1 and _file_extension("." + suffix):
        return False
    from veil.rules.knowledge import knowledge
    from veil.rules.truecase import ordinary

    if ordinary(name) or ordinary(name.replace("-", "")):
        return False
    return not (knowledge().is_known(name) or knowledge().is_known(f"{name}.{suffix}"))


@cache
def _file_extension(extension: str) -> bool:
    import mimetypes

    return extension in mimetypes.types_map or extension in mimetypes.common_types


def _owner_named_elsewhere(text: str, url: str, start: int) -> bool:
    """A repository whose owner the text names as a handle outside the URL ("my github
    username is kestrel_dev ... github.com/kestrel_dev/tools"): the account is someone's."""
    match = _CODE_HOST_OWNER.match(url)
    if match is None:
        return False
    return named_apart(text, match.group("owner"), start + match.start("owner"))


def _on_an_email_domain(facts: _TextFacts, url: str) -> bool:
    """The URL is a page on the domain of an e-mail address in the text that no
    encyclopedia knows (a small firm's, not a mail service's or a famous company's); a
    bare host is the firm's site, as a config's allowed hosts list it, not a page of
    someone's."""
    if "@" not in facts.text or not _PAGE.search(url):
        return False
    from veil.rules.domain_names import domain_name
    from veil.rules.knowledge import knowledge

    name = domain_name(_HOST.match(url).group("host"))
    if name not in facts.email_domain_names:
        return False
    return not knowledge().is_known(name)


register("regex.url.v1")(PersonalUrlRecognizer)
