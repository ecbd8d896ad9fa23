"""The policy schema: what veil does on one site.

Where a site is (hosts, adapter), whether veil looks at it at all, which stages run on
which roles' text, what each entity gets, and what happens when veil cannot check a
message (on_error, uploads, body size). Unknown keys are errors, so a typo in a policy
file never silently does nothing.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from veil.local_models.slow_stage.settings import LoopSettings
from veil.policies import renamed
from veil.rules import attributes
from veil.rules.choices import (
    DEFAULT_RECOGNIZERS,
    DEFAULT_THRESHOLD,
    VEIL_ONLY_ACTIONS,
    Action,
    PseudonymStyle,
    PublicEntities,
)
from veil.rules.labels import ALL_LABELS
from veil.rules.labels import DECIDED as DECIDED_LABELS
from veil.rules.lists import AllowList, DenyList, ListPatternError
from veil.rules.operators import MIN_POPULATION, QIOperator


class OnError(StrEnum):
    BLOCK = "block"
    PASS = "pass"


# What a policy may ask for of a PII label; "keep" is veil's own verdict on public
# entities, and generalize/decoy are for quasi-identifiers (quasi_identifiers.operators).
PolicyAction = StrEnum(
    "PolicyAction",
    {action.name: action.value for action in Action if action not in VEIL_ONLY_ACTIONS},
)


class UploadAction(StrEnum):
    """What to do with files veil cannot read (multipart uploads, images, PDFs)."""

    BLOCK = "block"
    PASS = "pass"


class UnknownEndpoints(StrEnum):
    """What to do with a request to a site's host that its adapter does not handle."""

    SCAN = "scan"  # every string of the body pseudonymized, a JSON answer restored
    BLOCK = "block"
    PASS = "pass"


class AdapterName(StrEnum):
    """The site adapters veil has (proxy/adapters): a policy names one for its hosts."""

    OPENAI = "openai"
    ANTHROPIC = "anthropic"
    GEMINI_API = "gemini_api"
    OLLAMA = "ollama"
    CHATGPT_WEB = "chatgpt_web"
    CLAUDE_WEB = "claude_web"
    GEMINI_WEB = "gemini_web"


class Role(StrEnum):
    """Who wrote a piece of text in a request (adapters' roles, normalized)."""

    USER = "user"
    TOOL = "tool"  # tool and function results the user's side sends back
    SYSTEM = "system"  # system and developer prompts
    ASSISTANT = "assistant"  # earlier answers, resent as history


# Adapters keep each API's own role names; these are the same authors under other names.
ROLE_ALIASES: dict[str, Role] = {
    "function": Role.TOOL,
    "developer": Role.SYSTEM,
    "model": Role.ASSISTANT,
}


def normalize_role(role: str) -> Role | None:
    """The policy role of an adapter's role name (None for a name veil does not know)."""
    if role in ROLE_ALIASES:
        return ROLE_ALIASES[role]
    try:
        return Role(role)
    except ValueError:
        return None


class FastStageSettings(BaseModel):
    """Recognizers and actions (the fields at the top level configure them)."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = True


class ValidityTier(StrEnum):
    """How strongly the text supports an inference: the slow stage's arbitrator grades
    each one, and a policy's ``tiers`` say which grades get rewritten."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class BudgetFallback(StrEnum):
    """What to send when the slow stage's time budget runs out."""

    BEST_SO_FAR = "best_so_far"  # the best rewrite finished in time (else the fast stage's)
    FAST_STAGE = "fast_stage"  # the fast stage's output, ignoring partial rewrites
    BLOCK = "block"  # do not send; tell the user


class SlowStageSettings(BaseModel):
    """The local-model stage: attacker -> arbitrator -> anonymizer on the fast stage's output."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    # what the attacker is asked about (rules/attributes.py: the ones with a question)
    attributes: list[str] = Field(default_factory=lambda: list(attributes.ASKED))
    tiers: list[ValidityTier] = Field(
        default_factory=lambda: [ValidityTier.HIGH, ValidityTier.MEDIUM]
    )
    max_rounds: int = Field(3, ge=1, le=10)
    time_budget_s: float = Field(20.0, gt=0)
    on_budget_exhausted: BudgetFallback = BudgetFallback.BEST_SO_FAR
    use_arbitrator: bool = True
    # Attack the last allowed rewrite again to count what it left. Off, the count is
    # estimated (the leaks whose evidence is gone): one attack faster, but a leak the
    # rewrite itself brought in goes unseen.
    verify_last_rewrite: bool = True
    # Output bounds per call: auto takes the attacker model's catalog entry (compact for
    # the small PyPI models), standard for paths and servers.
    limits: Literal["auto", "standard", "compact"] = "auto"
    # catalog names or paths of GGUF files; an "http(s)://" URL means an OpenAI-compatible server
    attacker_model: str = "qwen2.5-coder-0.5b-instruct"
    anonymizer_model: str = "qwen2.5-coder-0.5b-instruct"
    # pipeline: the roles above; self_refine: attacker_model alone attacks, grades,
    # rewrites and judges each rewrite's utility, iterating on its own critique (what
    # `veil distill` trains a model for); anonymizer_model is then not used.
    mode: Literal["pipeline", "self_refine"] = "pipeline"
    min_meaning: int = Field(6, ge=1, le=10)  # self_refine: a rewrite scored lower is dropped

    @model_validator(mode="after")
    def _one_model_to_self_refine(self) -> SlowStageSettings:
        # Not an error when they differ: a user file laid over a shipped policy carries
        # the shipped anonymizer_model, which the user never wrote.
        if self.mode == "self_refine" and self.anonymizer_model != self.attacker_model:
            self.anonymizer_model = self.attacker_model
        return self

    @field_validator("attributes", mode="before")
    @classmethod
    def _current_names(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [renamed.attribute(name, "slow_stage.attributes") for name in value]

    def loop_settings(self) -> LoopSettings:
        """What the slow stage's loop reads of these settings."""
        return LoopSettings.read(self)


class PublicEntitySettings(BaseModel):
    """Names of public entities (public figures, works, brands, places as a topic,
    languages): keep them so the question still makes sense, or protect them too.

    ``public_entities: keep`` is short for ``{default: keep}``."""

    model_config = ConfigDict(extra="forbid")

    default: PublicEntities = PublicEntities.KEEP
    labels: dict[str, PublicEntities] = Field(default_factory=dict)  # per-label override
    # A local model asked about names nothing in the text decides (catalog name, GGUF
    # path or http(s) URL); null: such names stay protected. Any failure protects.
    referee: str | None = None
    referee_max_calls: int = Field(4, ge=1, le=50)  # per text
    referee_budget_s: float = Field(2.0, gt=0, le=60)  # per text, all calls

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"default": value} if isinstance(value, str) else value

    @field_validator("labels")
    @classmethod
    def _decided(cls, value: dict[str, PublicEntities]) -> dict[str, PublicEntities]:
        unknown = sorted(set(value) - DECIDED_LABELS)
        if unknown:
            raise ValueError(
                f"label(s) {unknown} are never public entities; use one of {sorted(DECIDED_LABELS)}"
            )
        return value

    def by_label(self) -> dict[str, PublicEntities]:
        return {label: self.labels.get(label, self.default) for label in DECIDED_LABELS}


# What each quasi-identifier gets by default (rules/attributes.py says why).
QI_DEFAULTS: dict[str, QIOperator] = {
    a.name: QIOperator(a.default_operator) for a in attributes.TABLE
}
QI_ATTRIBUTES = attributes.NAMES


class RiskSettings(BaseModel):
    """Residual re-identification risk κ (rules/risk.py): the chance that what a message
    still says about its writer picks them out. Above ``warn_above`` veil reports it;
    above ``block_above`` the message is not sent."""

    model_config = ConfigDict(extra="forbid")

    warn_above: float | None = Field(0.01, ge=0.0, le=1.0)
    block_above: float | None = Field(None, ge=0.0, le=1.0)


class QuasiIdentifierSettings(BaseModel):
    """What the writer discloses about themselves or people they know (age, town, job,
    family, ...): per attribute, ``generalize``, ``decoy``, ``allow`` or ``warn``.
    ``quasi_identifiers: decoy`` is short for every attribute getting ``decoy``. Older
    words (``keep``, ``sex``, ...: policies/renamed.py) are read as the current ones."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = True
    operators: dict[str, QIOperator] = Field(default_factory=lambda: dict(QI_DEFAULTS))
    # A place is named only if this many people live there; else its region or country.
    min_population: int = Field(MIN_POPULATION, ge=0)
    risk: RiskSettings = Field(default_factory=RiskSettings)

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if isinstance(value, str):
            operator = renamed.operator(value, "quasi_identifiers")
            return {"operators": dict.fromkeys(QI_ATTRIBUTES, operator)}
        if isinstance(value, bool):
            return {"enabled": value}
        return value

    @field_validator("operators", mode="before")
    @classmethod
    def _current_words(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        where = "quasi_identifiers.operators"
        current: dict[Any, Any] = {}
        for name, operator in value.items():
            attribute = renamed.attribute(name, where)
            if attribute in current:
                raise ValueError(f"{attribute!r} is given twice (once as {name!r})")
            current[attribute] = renamed.operator(operator, where)
        return current

    @field_validator("operators")
    @classmethod
    def _attributes(cls, value: dict[str, QIOperator]) -> dict[str, QIOperator]:
        unknown = sorted(set(value) - set(QI_ATTRIBUTES))
        if unknown:
            raise ValueError(f"unknown attribute(s) {unknown}; known: {list(QI_ATTRIBUTES)}")
        return {**QI_DEFAULTS, **value}


class RecordSettings(BaseModel):
    """What veil keeps on disk about this site's conversations (veil.proxy.storage)."""

    model_config = ConfigDict(extra="forbid")

    # Vaults of conversations unused for this long, and log entries this old, are deleted.
    retention_days: float = Field(30.0, gt=0, le=36500)
    # Also keep the replaced values in the redaction log, sealed with the data key.
    log_values: bool = False


class GatewaySettings(BaseModel):
    """A base-URL route on veil's gateway listener: a client sets its SDK's ``base_url``
    to ``http://<gateway>/<prefix>`` and veil forwards what it filtered to ``upstream``
    (``/openai/v1/chat/completions`` -> ``https://api.openai.com/v1/chat/completions``)."""

    model_config = ConfigDict(extra="forbid")

    prefix: str
    upstream: str

    @field_validator("prefix")
    @classmethod
    def _route_prefix(cls, value: str) -> str:
        value = value.rstrip("/")
        if not GATEWAY_PREFIX.fullmatch(value):
            raise ValueError(
                f"{value!r} is not a route prefix like /openai/v1 (letters, digits, '.', "
                "'_', '-' in '/'-separated segments)"
            )
        return value

    @field_validator("upstream")
    @classmethod
    def _upstream_url(cls, value: str) -> str:
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"{value!r} is not an http(s):// URL with a host")
        if parts.query or parts.fragment or parts.username or parts.password:
            raise ValueError(f"{value!r}: no query, fragment or credentials in the upstream URL")
        try:
            parts.port  # noqa: B018  (raises on a port out of range)
        except ValueError as error:
            raise ValueError(f"{value!r}: {error}") from None
        return value.rstrip("/")


GATEWAY_PREFIX = re.compile(r"(/[A-Za-z0-9._-]+)+")


# A deny-list label may be veil's own or the user's (CODENAME): it names pseudonyms.
DENY_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def check_deny_labels(entries: dict[str, str]) -> None:
    bad = sorted({label for label in entries.values() if not DENY_LABEL.fullmatch(label)})
    if bad:
        raise ValueError(f"label(s) {bad} must be a word of letters, digits and '_'")


def checked_allow_list(terms: list[str]) -> list[str]:
    """The terms, if each compiles as an allow-list entry (``re:`` patterns included)."""
    try:
        AllowList(terms)
    except ListPatternError as error:
        raise ValueError(str(error)) from None
    return terms


def checked_deny_list(entries: dict[str, str]) -> dict[str, str]:
    check_deny_labels(entries)
    try:
        DenyList(entries)
    except ListPatternError as error:
        raise ValueError(str(error)) from None
    return entries


HOST_ENTRY = re.compile(r"[A-Za-z0-9.-]+(:[0-9]{1,5})?(/\S*)?")


class SitePolicy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    # false: the site is not intercepted at all (its TLS passes through untouched)
    enabled: bool = True
    hosts: list[str] = Field(default_factory=list)  # host[:port][/path prefix]
    # how veil reads the hosts' requests; a name veil does not know is an error, never a
    # site left unintercepted
    adapter: AdapterName | None = None
    fast_stage: FastStageSettings = Field(default_factory=FastStageSettings)
    # whose text is scanned; the rest only has known values swapped for their pseudonyms
    roles: list[Role] = Field(default_factory=lambda: [Role.USER, Role.TOOL], min_length=1)
    # run everything and log what would be done, but forward every request unchanged
    dry_run: bool = False
    uploads: UploadAction = UploadAction.BLOCK
    unknown_endpoints: UnknownEndpoints = UnknownEndpoints.SCAN
    # API conversations are keyed by the client's API key (tenant isolation), through the
    # gateway and the MITM proxy alike; a request without one is refused (401). false:
    # keyless clients share one tenant (a local Ollama, a keyless self-hosted server).
    require_credential: bool = True
    recognizers: list[str] = Field(default_factory=lambda: list(DEFAULT_RECOGNIZERS))
    # per-recognizer settings, e.g. {"gliner.v1": {"model_dir": "...", "threshold": 0.6}}
    recognizer_options: dict[str, dict[str, Any]] = Field(default_factory=dict)
    threshold: float = Field(DEFAULT_THRESHOLD, ge=0.0, le=1.0)
    thresholds: dict[str, float] = Field(default_factory=dict)
    default_action: PolicyAction = PolicyAction.PSEUDONYMIZE
    actions: dict[str, PolicyAction] = Field(default_factory=dict)
    allow_list: list[str] = Field(default_factory=list)
    # term (or "re:<pattern>") -> the label its pseudonym carries
    deny_list: dict[str, str] = Field(default_factory=dict)
    pseudonym_style: PseudonymStyle = PseudonymStyle.PLACEHOLDER
    on_error: OnError = OnError.BLOCK
    # Bodies larger than this are not scanned (and on_error decides what happens).
    max_body_bytes: int = Field(8 * 1024 * 1024, gt=0)
    public_entities: PublicEntitySettings = Field(default_factory=PublicEntitySettings)
    slow_stage: SlowStageSettings = Field(default_factory=SlowStageSettings)
    quasi_identifiers: QuasiIdentifierSettings = Field(default_factory=QuasiIdentifierSettings)
    records: RecordSettings = Field(default_factory=RecordSettings)
    # a route on veil's gateway listener (API adapters); null: none
    gateway: GatewaySettings | None = None

    @field_validator("thresholds", "actions")
    @classmethod
    def _known_labels(cls, value: dict) -> dict:
        unknown = sorted(set(value) - set(ALL_LABELS))
        if unknown:
            raise ValueError(f"unknown label(s) {unknown}; known: {list(ALL_LABELS)}")
        return value

    @field_validator("name")
    @classmethod
    def _file_name(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", value):
            raise ValueError("use letters, digits, '.', '_' and '-' (it names a file)")
        return value

    @field_validator("hosts")
    @classmethod
    def _host_entries(cls, value: list[str]) -> list[str]:
        for entry in value:
            match = HOST_ENTRY.fullmatch(entry)
            if not match or (match.group(1) and int(match.group(1)[1:]) > 65535):
                raise ValueError(f"{entry!r} is not host[:port][/path prefix]")
        return value

    @field_validator("allow_list")
    @classmethod
    def _allow_patterns(cls, value: list[str]) -> list[str]:
        return checked_allow_list(value)

    @field_validator("deny_list")
    @classmethod
    def _deny_entries(cls, value: dict[str, str]) -> dict[str, str]:
        return checked_deny_list(value)

    @field_validator("recognizers")
    @classmethod
    def _registered(cls, value: list[str]) -> list[str]:
        from veil.rules.registry import registered_names

        unknown = sorted(set(value) - set(registered_names()))
        if unknown:
            raise ValueError(f"unknown recognizer(s) {unknown}; known: {registered_names()}")
        return value

    @model_validator(mode="after")
    def _hosts_have_an_adapter(self) -> SitePolicy:
        # Without one veil could not read the hosts' requests, and would not intercept them.
        if (self.hosts or self.gateway is not None) and self.adapter is None:
            known = ", ".join(AdapterName)
            raise ValueError(f"a site with hosts or a gateway route needs an adapter ({known})")
        return self

    @field_validator("thresholds")
    @classmethod
    def _scores(cls, value: dict[str, float]) -> dict[str, float]:
        for label, threshold in value.items():
            if not 0.0 <= threshold <= 1.0:
                raise ValueError(f"threshold for {label} must be within 0..1, got {threshold}")
        return value
