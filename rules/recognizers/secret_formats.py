"""Service token formats: the rule table behind ``secrets.v1``.

Each rule is data: a name (``slack.bot_token``), the token's pattern, the documented shape
that tests and benchmarks generate tokens from, and where the format is published. The
service list follows the breadth of gitleaks' rule set; every pattern here is written from
the service's documented format (prefix, alphabet, length, checksum).

Two kinds of rules:

* prefix rules: the token carries a fixed literal (``xoxb-``, ``dapi``, ``.atlasv1.``) and
  is a secret by itself. All literals are folded into one trie-shaped pattern that scans a
  text once; a rule's own pattern runs only where its literal occurs.
* keyword rules: a service name in an assignment's key (``HEROKU_API_KEY=<uuid>``) marks a
  value of the documented shape; the value alone (a UUID, 32 hex) would not be a secret.

Shapes use a small template language: literal text, and ``{<alphabet><n>}`` or
``{<alphabet><min>-<max>}`` for a random run (alphabets in ``ALPHABETS``).
"""

from __future__ import annotations

import random
import string
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from veil.rules import lazy_regex as regex

# Alphabets of the shape templates.
ALPHABETS: dict[str, str] = {
    "d": string.digits,
    "h": "0123456789abcdef",
    "H": "0123456789ABCDEF",
    "a": string.ascii_lowercase + string.digits,
    "U": string.ascii_uppercase + string.digits,
    "A": string.ascii_letters + string.digits,
    "u": string.ascii_letters + string.digits + "_-",  # base64url
    "b": string.ascii_letters + string.digits + "+/",  # base64
    "l": string.ascii_lowercase,
    "L": string.ascii_letters,
    "V": string.ascii_uppercase + "234567",  # base32
    "v": string.ascii_lowercase + "234567",  # base32, lower case
    "B": "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",  # bech32, upper case
}
_SHAPE_PART = regex.compile(r"\{([A-Za-z])(\d+)(?:-(\d+))?\}")

_BASE62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def base62_crc32(payload: str) -> str:
    """GitHub's and npm's token checksum: CRC32 of the random part, base62, 6 characters."""
    value = zlib.crc32(payload.encode())
    digits = ""
    while value:
        value, rest = divmod(value, 62)
        digits = _BASE62[rest] + digits
    return digits.rjust(6, "0")


def _crc32_tail(token: str) -> bool:
    # ghp_<30 random><6 checksum>: the 36 characters after the prefix's "_".
    body = token.rsplit("_", 1)[-1]
    return len(body) == 36 and base62_crc32(body[:30]) == body[30:]


UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
UUID_SHAPE = "{h8}-{h4}-{h4}-{h4}-{h12}"


@dataclass(frozen=True)
class SecretFormat:
    name: str  # service.kind
    pattern: str  # the token (prefix rules) or the value (keyword rules); bounded
    shape: str  # the documented format, as a template tests generate tokens from
    source: str  # where the format is published, or "gitleaks rule <id>"
    keywords: tuple[str, ...] = ()  # non-empty: a keyword rule (lower case)
    # Prefix rules: the literals the token carries (default: the shape's leading literal),
    # and how far before a literal the token may start (0: the literal is the prefix).
    anchors: tuple[str, ...] = ()
    back: int = 0
    check: Callable[[str], bool] | None = None  # a documented checksum: raises the score
    scan: bool = False  # no literal to anchor on: the pattern runs over the whole text
    key: str = ""  # keyword rules: what else the key must say (a regex), e.g. key|token

    @property
    def literals(self) -> tuple[str, ...]:
        if self.anchors or self.keywords or self.scan:
            return self.anchors
        return (self.shape.split("{", 1)[0],)

    def sample(self, rng: random.Random) -> str:
        """A token of the documented shape, drawn from ``rng``."""

        def draw(part: regex.Match[str]) -> str:
            low = int(part.group(2))
            high = int(part.group(3) or low)
            return "".join(rng.choices(ALPHABETS[part.group(1)], k=rng.randint(low, high)))

        token = _SHAPE_PART.sub(draw, self.shape)
        if self.check is _crc32_tail:  # a real token carries a valid checksum
            token = token[:-6] + base62_crc32(token[-36:-6])
        return token


def _p(name: str, pattern: str, shape: str, source: str, **extra: object) -> SecretFormat:
    return SecretFormat(name, pattern, shape, source, **extra)  # type: ignore[arg-type]


def _k(
    name: str, keywords: str, pattern: str, shape: str, source: str, key: str = ""
) -> SecretFormat:
    return SecretFormat(name, pattern, shape, source, keywords=tuple(keywords.split()), key=key)


_GH = "https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/"
_GL = "https://docs.gitlab.com/ee/security/token_overview.html#token-prefixes"
_SLACK = "https://api.slack.com/authentication/token-types"
_SECRETY_KEY = r"key|token|secret|pass|auth|cred|pwd"
_ID_KEY = r"id|key|token|secret|pass|auth|cred"  # client id rules: the id is what they find

# Prefix rules: a token with its documented literal is a secret by itself.
PREFIX_RULES: tuple[SecretFormat, ...] = (
    # --- source hosting and package registries
    *(
        _p(f"github.{kind}", rf"{p}_[A-Za-z0-9]{{36}}", f"{p}_{{A36}}", _GH, check=_crc32_tail)
        for p, kind in (
            ("ghp", "pat"),
            ("gho", "oauth"),
            ("ghu", "user_to_server"),
            ("ghs", "server_to_server"),
            ("ghr", "refresh"),
        )
    ),
    _p(
        "github.fine_grained_pat",
        r"github_pat_[A-Za-z0-9_]{22,255}",
        "github_pat_{A22}_{A59}",
        "https://github.blog/changelog/2022-10-18-introducing-fine-grained-personal-access-tokens/",
    ),
    _p("gitlab.pat", r"glpat-[\w-]{20,300}(?:\.[0-9a-z]{9})?", "glpat-{u20}", _GL),
    _p("gitlab.deploy_token", r"gldt-[\w-]{20,300}", "gldt-{u20}", _GL),
    _p("gitlab.feed_token", r"glft-[\w-]{20,300}", "glft-{u20}", _GL),
    _p("gitlab.feature_flag_token", r"glffct-[\w-]{20,300}", "glffct-{u20}", _GL),
    _p("gitlab.incoming_mail_token", r"glimt-[\w-]{25,300}", "glimt-{u25}", _GL),
    _p("gitlab.agent_token", r"glagent-[\w-]{50,300}", "glagent-{u50}", _GL),
    _p("gitlab.oauth_secret", r"gloas-[\w-]{64,300}", "gloas-{u64}", _GL),
    _p("gitlab.pipeline_trigger", r"glptt-[0-9a-f]{40}", "glptt-{h40}", _GL),
    _p("gitlab.runner_token", r"glrt-[\w-]{20,300}(?:\.[0-9a-z]{9})?", "glrt-{u20}", _GL),
    _p("gitlab.scim_token", r"glsoat-[\w-]{20,300}", "glsoat-{u20}", _GL),
    _p("gitlab.job_token", r"glcbt-(?:[0-9a-zA-Z]{1,5}_)?[\w-]{20,300}", "glcbt-{A2}_{u20}", _GL),
    _p("gitlab.runner_registration", r"GR1348941[\w-]{20,300}", "GR1348941{u20}", _GL),
    _p("gitlab.session_cookie", r"_gitlab_session=[0-9a-z]{32}", "_gitlab_session={a32}", _GL),
    _p(
        "bitbucket.app_password",
        r"ATBB[A-Za-z0-9_=.\-]{28,40}",
        "ATBB{A32}",
        "https://support.atlassian.com/bitbucket-cloud/docs/app-passwords/",
    ),
    _p(
        "npm.npmrc_auth_token",
        # //registry.npmjs.org/:_authToken=<npm_ token or a legacy UUID>
        r":_authToken=[ \t]{0,3}"
        r"(?P<secret>npm_[A-Za-z0-9]{36}|[A-Fa-f0-9\-]{36}|[\w\-.=+/]{20,200})",
        ":_authToken=npm_{A36}",
        "https://docs.npmjs.com/cli/v10/configuring-npm/npmrc#auth-related-configuration",
    ),
    _p(
        "npm.access_token",
        r"npm_[A-Za-z0-9]{36}",
        "npm_{A36}",
        "https://github.blog/2021-09-23-announcing-npms-new-access-token-format/",
        check=_crc32_tail,
    ),
    _p(
        "pypi.upload_token",
        r"pypi-AgE[\w-]{50,1000}",
        "pypi-AgEIcHlwaS5vcmc{u70}",
        "https://pypi.org/help/#apitoken",
    ),
    _p(
        "rubygems.api_key",
        r"rubygems_[a-f0-9]{48}",
        "rubygems_{h48}",
        "gitleaks rule rubygems-api-token",
    ),
    _p(
        "clojars.token",
        r"CLOJARS_[A-Za-z0-9]{60}",
        "CLOJARS_{A60}",
        "gitleaks rule clojars-api-token",
    ),
    _p(
        "nuget.api_key",
        r"oy2[a-z0-9]{43}",
        "oy2{a43}",
        "https://learn.microsoft.com/nuget/nuget-org/scoped-api-keys",
    ),
    _p(
        "crates.api_token",
        r"cio[A-Za-z0-9]{32}",
        "cio{A32}",
        "https://doc.rust-lang.org/cargo/reference/registry-authentication.html",
    ),
    _p(
        "docker.pat",
        r"dckr_pat_[\w-]{27,40}",
        "dckr_pat_{u27}",
        "https://docs.docker.com/security/for-developers/access-tokens/",
    ),
    _p(
        "artifactory.api_key",
        r"AKCp[A-Za-z0-9]{64,73}",
        "AKCp{A69}",
        "gitleaks rule artifactory-api-key",
    ),
    _p(
        "artifactory.reference_token",
        r"cmVmd[A-Za-z0-9]{59}",
        "cmVmd{A59}",
        "gitleaks rule artifactory-reference-token",
    ),
    _p(
        "sourcegraph.access_token",
        r"sgp_(?:(?:[0-9a-fA-F]{16}|local)_)?[0-9a-fA-F]{40}",
        "sgp_{h16}_{h40}",
        "https://sourcegraph.com/docs/cli/how-tos/creating_an_access_token",
    ),
    _p("gitea.token", r"gt[ap]_[a-f0-9]{40}", "gta_{h40}", "gitleaks rule (gitea token prefixes)"),
    # --- cloud
    _p(
        "aws.access_key_id",
        r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}",
        "AKIA{V16}",
        "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids",
        anchors=("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
    ),
    _p(
        "aws.bedrock_key",
        r"ABSK[A-Za-z0-9+/]{109,269}={0,2}",
        "ABSK{b120}",
        "https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html",
    ),
    _p(
        "aws.bedrock_short_key",
        r"bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%&\-]{100,3000}",
        "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t{b200}",
        "https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html",
    ),
    _p(
        "gcp.api_key",
        r"AIza[\w-]{35}",
        "AIza{u35}",
        "https://cloud.google.com/docs/authentication/api-keys",
    ),
    _p(
        "gcp.oauth_access_token",
        r"ya29\.[\w-]{50,2000}",
        "ya29.{u120}",
        "https://developers.google.com/identity/protocols/oauth2",
    ),
    _p(
        "gcp.oauth_client_secret",
        r"GOCSPX-[\w-]{20,60}",
        "GOCSPX-{u28}",
        "https://developers.google.com/identity/protocols/oauth2",
    ),
    _p(
        "firebase.fcm_server_key",
        r"AAAA[\w-]{7}:APA91b[\w-]{134,140}",
        "AAAA{u7}:APA91b{u134}",
        "https://firebase.google.com/docs/cloud-messaging/auth-server",
    ),
    _p(
        "azure.storage_account_key",
        r"AccountKey=[A-Za-z0-9+/=]{40,100}",
        "AccountKey={b86}==",
        "https://learn.microsoft.com/azure/storage/common/storage-configure-connection-string",
    ),
    _p(
        "azure.ad_client_secret",
        # 3 characters, a digit, "Q~", then 31-34 more (Microsoft's published shape).
        r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{30,33}[A-Za-z0-9_~\-](?![~.][A-Za-z0-9_~\-])",
        "{A3}{d1}Q~{A34}",
        "gitleaks rule azure-ad-client-secret",
        anchors=("Q~",),
        back=4,
    ),
    _p(
        "alibaba.access_key_id",
        r"LTAI[A-Za-z0-9]{12,20}",
        "LTAI{A20}",
        "https://www.alibabacloud.com/help/en/ram/user-guide/create-an-accesskey-pair",
    ),
    _p(
        "tencent.secret_id",
        r"AKID[A-Za-z0-9]{32}",
        "AKID{A32}",
        "https://www.tencentcloud.com/document/product/598/32675",
    ),
    _p("yandex.api_key", r"AQVN[\w-]{35,38}", "AQVN{u36}", "gitleaks rule yandex-api-key"),
    _p(
        "scaleway.access_key",
        r"SCW[A-Z0-9]{17}",
        "SCW{U17}",
        "https://www.scaleway.com/en/docs/iam/concepts/#api-key",
    ),
    *(
        _p(
            f"digitalocean.{kind}",
            rf"{p}_v1_[a-fA-F0-9]{{64}}",
            f"{p}_v1_{{h64}}",
            "https://docs.digitalocean.com/reference/api/create-personal-access-token/",
        )
        for p, kind in (("dop", "pat"), ("doo", "oauth_token"), ("dor", "refresh_token"))
    ),
    _p(
        "heroku.api_key_v2",
        r"HRKU-[\w-]{58,64}",
        "HRKU-AA{u58}",
        "https://devcenter.heroku.com/articles/authentication",
    ),
    _p("flyio.token", r"fo1_[\w-]{43}", "fo1_{u43}", "gitleaks rule flyio-access-token"),
    _p(
        "flyio.macaroon",
        r"fm[12][ar]?_[A-Za-z0-9+/]{100,4000}={0,3}",
        "fm2_{b150}",
        "https://fly.io/docs/security/tokens/",
        anchors=("fm1_", "fm1a_", "fm1r_", "fm2_"),
    ),
    _p(
        "cloudflare.origin_ca_key",
        r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}",
        "v1.0-{h24}-{h146}",
        "https://developers.cloudflare.com/fundamentals/api/get-started/ca-keys/",
    ),
    _p(
        "databricks.token",
        r"dapi[a-f0-9]{32}(?:-\d)?",
        "dapi{h32}",
        "https://docs.databricks.com/dev-tools/auth/pat.html",
    ),
    _p(
        "supabase.access_token",
        r"sbp_[a-f0-9]{40}",
        "sbp_{h40}",
        "https://supabase.com/docs/guides/api/api-keys",
    ),
    _p(
        "supabase.secret_key",
        r"sb_secret_[\w-]{20,80}",
        "sb_secret_{u31}",
        "https://supabase.com/docs/guides/api/api-keys",
    ),
    _p(
        "neon.api_key", r"napi_[a-z0-9]{64}", "napi_{a64}", "https://neon.tech/docs/manage/api-keys"
    ),
    _p(
        "render.api_key",
        r"rnd_[A-Za-z0-9]{32}",
        "rnd_{A32}",
        "https://render.com/docs/api#1-create-an-api-key",
    ),
    _p(
        "vercel.token",
        r"vc[pkiar]_[A-Za-z0-9]{56}",
        "vcp_{A56}",
        "https://vercel.com/changelog/new-token-formats",
    ),
    _p(
        "netlify.pat",
        r"nfp_[A-Za-z0-9]{36,40}",
        "nfp_{A36}",
        "https://docs.netlify.com/api/get-started/#authentication",
    ),
    _p(
        "planetscale.api_token",
        r"pscale_tkn_[\w=.\-]{32,64}",
        "pscale_tkn_{u43}",
        "https://planetscale.com/docs/concepts/service-tokens",
    ),
    _p(
        "planetscale.oauth_token",
        r"pscale_oauth_[\w=.\-]{32,64}",
        "pscale_oauth_{u43}",
        "gitleaks rule planetscale-oauth-token",
    ),
    _p(
        "planetscale.password",
        r"pscale_pw_[\w=.\-]{32,64}",
        "pscale_pw_{u43}",
        "https://planetscale.com/docs/concepts/connection-strings",
    ),
    _p(
        "clickhouse.api_secret",
        r"4b1d[A-Za-z0-9]{38}",
        "4b1d{A38}",
        "gitleaks rule clickhouse-cloud-api-secret-key",
    ),
    _p(
        "scalingo.api_token",
        r"tk-us-[\w-]{48}",
        "tk-us-{u48}",
        "https://doc.scalingo.com/platform/user-management/api-tokens",
    ),
    _p(
        "tailscale.key",
        r"tskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{8,20}-[A-Za-z0-9]{20,40}",
        "tskey-auth-{A12}-{A30}",
        "https://tailscale.com/kb/1085/auth-keys",
    ),
    # --- secrets managers and infrastructure
    _p(
        "hashicorp.vault_service_token",
        r"hvs\.[\w-]{90,300}",
        "hvs.{u95}",
        "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes",
    ),
    _p(
        "hashicorp.vault_batch_token",
        r"hvb\.[\w-]{138,400}",
        "hvb.{u140}",
        "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes",
    ),
    _p(
        "hashicorp.vault_recovery_token",
        r"hvr\.[\w-]{20,300}",
        "hvr.{u24}",
        "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes",
    ),
    _p(
        "hashicorp.vault_legacy_token",
        # Before Vault 1.10: "s." and 24 base62 characters. Only those with a digit are
        # taken (98% of them): "s.getAccountBalanceHistory(" is code, not a token.
        r"s\.(?=[A-Za-z]{0,23}\d)[A-Za-z0-9]{24}",
        "s.{A20}{d1}{A3}",
        "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes",
    ),
    _p(
        "hashicorp.terraform_token",
        r"[A-Za-z0-9]{14}\.atlasv1\.[\w=\-]{60,70}",
        "{A14}.atlasv1.{u67}",
        "https://developer.hashicorp.com/terraform/cloud-docs/users-teams-organizations/api-tokens",
        anchors=(".atlasv1.",),
        back=14,
    ),
    _p(
        "doppler.token",
        r"dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_\-]{1,30}\.)?[A-Za-z0-9]{40,44}",
        "dp.pt.{A43}",
        "https://docs.doppler.com/reference/auth-token-formats",
        anchors=("dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."),
    ),
    _p(
        "onepassword.service_account_token",
        r"ops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}",
        "ops_eyJ{b260}",
        "https://developer.1password.com/docs/service-accounts/",
    ),
    _p(
        "onepassword.secret_key",
        r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}",
        "A3-{U6}-{U6}-{U5}-{U5}-{U5}-{U5}",
        "https://support.1password.com/secret-key-security/",
    ),
    _p(
        "age.secret_key",
        r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
        "AGE-SECRET-KEY-1{B58}",
        "https://age-encryption.org/v1",
    ),
    _p(
        "pulumi.access_token",
        r"pul-[a-f0-9]{40}",
        "pul-{h40}",
        "https://www.pulumi.com/docs/pulumi-cloud/access-management/access-tokens/",
    ),
    _p(
        "harness.pat",
        r"(?:pat|sat)\.[\w-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}",
        "pat.{u22}.{A24}.{A20}",
        "gitleaks rule harness-api-key",
        anchors=("pat.", "sat."),
    ),
    _p(
        "octopus.api_key",
        # A digit somewhere: "API-GATEWAYDEPLOYMENTSTAGEPROD" is a name, not a key.
        r"API-(?=[A-Z]{0,31}\d)[A-Z0-9]{26,32}",
        "API-{U20}{d1}{U5}",
        "https://octopus.com/docs/octopus-rest-api/how-to-create-an-api-key",
    ),
    _p(
        "prefect.api_key",
        r"pnu_[A-Za-z0-9]{36}",
        "pnu_{A36}",
        "https://docs.prefect.io/v3/manage/cloud/manage-users/api-keys",
    ),
    _p(
        "infracost.api_key",
        r"ico-[A-Za-z0-9]{32}",
        "ico-{A32}",
        "gitleaks rule infracost-api-token",
    ),
    _p(
        "defined_networking.api_key",
        r"dnkey-[\w=\-]{26}-[\w=\-]{52}",
        "dnkey-{u26}-{u52}",
        "gitleaks rule defined-networking-api-token",
    ),
    _p(
        "openshift.user_token",
        r"sha256~[\w-]{43}",
        "sha256~{u43}",
        "https://docs.openshift.com/container-platform/latest/authentication/managing-oauth-access-tokens.html",
    ),
    _p(
        "buildkite.token",
        r"bkua_[a-f0-9]{40}",
        "bkua_{h40}",
        "https://buildkite.com/docs/apis/managing-api-tokens",
    ),
    _p(
        "circleci.pat",
        r"CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}",
        "CCIPAT_{A22}_{h40}",
        "https://circleci.com/docs/managing-api-tokens/",
    ),
    _p(
        "sonar.token",
        r"sq[upa]_[a-f0-9]{40}",
        "squ_{h40}",
        "https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/",
        anchors=("squ_", "sqp_", "sqa_"),
    ),
    # --- AI providers
    _p(
        "anthropic.api_key",
        r"sk-ant-(?:api|admin|sid|oat|ort)\d{2}-[\w-]{80,300}",
        "sk-ant-api03-{u93}AA",
        "https://docs.anthropic.com/en/api/getting-started",
    ),
    _p(
        "openai.project_key",
        r"sk-(?:proj|svcacct|admin|None)-[\w-]{20,400}",
        "sk-proj-{A40-156}",
        "https://platform.openai.com/docs/api-reference/authentication",
        anchors=("sk-proj-", "sk-svcacct-", "sk-admin-", "sk-None-"),
    ),
    _p(
        "openrouter.api_key",
        r"sk-or-v1-[a-f0-9]{64}",
        "sk-or-v1-{h64}",
        "https://openrouter.ai/docs/api-reference/authentication",
    ),
    _p(
        "openai.legacy_key",
        r"sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}",
        "sk-{A20}T3BlbkFJ{A20}",
        "https://platform.openai.com/docs/api-reference/authentication",
    ),
    _p(
        "openai.secret_key",
        r"sk-[A-Za-z0-9]{32,200}",
        "sk-{A48}",
        "https://platform.openai.com/docs/api-reference/authentication",
    ),
    _p(
        "groq.api_key",
        r"gsk_[A-Za-z0-9]{52}",
        "gsk_{A52}",
        "https://console.groq.com/docs/api-keys",
    ),
    _p(
        "perplexity.api_key",
        r"pplx-[A-Za-z0-9]{48}",
        "pplx-{A48}",
        "https://docs.perplexity.ai/guides/getting-started",
    ),
    _p("xai.api_key", r"xai-[A-Za-z0-9]{80}", "xai-{A80}", "https://docs.x.ai/docs/overview"),
    _p(
        "replicate.api_token",
        r"r8_[A-Za-z0-9]{37}",
        "r8_{A37}",
        "https://replicate.com/docs/topics/security/api-tokens",
    ),
    _p(
        "huggingface.token",
        r"hf_[A-Za-z0-9]{30,40}",
        "hf_{L34}",
        "https://huggingface.co/docs/hub/security-tokens",
    ),
    _p(
        "huggingface.org_token",
        r"api_org_[A-Za-z]{34}",
        "api_org_{L34}",
        "gitleaks rule huggingface-organization-api-token",
    ),
    _p(
        "langsmith.api_key",
        r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}",
        "lsv2_pt_{h32}_{h10}",
        "https://docs.smith.langchain.com/administration/how_to_guides/organization_management/create_account_api_key",
        anchors=("lsv2_pt_", "lsv2_sk_"),
    ),
    _p(
        "pinecone.api_key",
        r"pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{60,70}",
        "pcsk_{A5}_{A64}",
        "https://docs.pinecone.io/guides/projects/manage-api-keys",
    ),
    _p(
        "elevenlabs.api_key",
        r"sk_[a-f0-9]{48}",
        "sk_{h48}",
        "https://elevenlabs.io/docs/api-reference/authentication",
    ),
    # --- chat, collaboration, productivity
    _p(
        "slack.bot_token",
        # The documented tail is optional in other scanners' shape: two ids make the token.
        r"xoxb-\d{8,14}-(?:\d{10,13}-)?[A-Za-z0-9]{18,40}|xoxb-\d{10,13}-\d{10,13}",
        "xoxb-{d11}-{d12}-{A24}",
        _SLACK,
    ),
    _p(
        "slack.user_token",
        r"xox[pe](?:-\d{10,13}){3}-[A-Za-z0-9]{28,34}",
        "xoxp-{d11}-{d11}-{d12}-{h32}",
        _SLACK,
        anchors=("xoxp-", "xoxe-"),
    ),
    _p(
        "slack.config_token", r"xoxe\.xox[bp]-\d-[A-Za-z0-9]{163,166}", "xoxe.xoxp-1-{A164}", _SLACK
    ),
    _p("slack.refresh_token", r"xoxe-\d-[A-Za-z0-9]{146}", "xoxe-1-{A146}", _SLACK),
    _p(
        "slack.legacy_token",
        r"xox[os]-\d{1,14}-\d{1,14}-\d{1,14}-[a-fA-F\d]{20,100}",
        "xoxs-{d10}-{d10}-{d10}-{h64}",
        _SLACK,
        anchors=("xoxo-", "xoxs-"),
    ),
    _p(
        "slack.workspace_token",
        r"xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}",
        "xoxa-2-{A8-48}",
        _SLACK,
        anchors=("xoxa-", "xoxr-"),
    ),
    _p(
        "slack.app_token",
        r"xapp-\d-[A-Za-z0-9]{4,30}-\d{4,20}-[a-zA-Z0-9]{16,100}",
        "xapp-1-{U11}-{d13}-{h64}",
        _SLACK,
    ),
    _p(
        "slack.token",
        r"xox[abposr]-(?:\d{1,14}-){0,4}[A-Za-z0-9]{18,250}",
        "xoxb-{A30}",
        _SLACK,
        anchors=tuple(f"xox{c}-" for c in "abposr"),
    ),
    _p(
        "slack.webhook",
        r"(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{20,120}",
        "https://hooks.slack.com/services/T{A8}/B{A10}/{A24}",
        "https://api.slack.com/messaging/webhooks",
        anchors=("hooks.slack.com/",),
        back=8,
    ),
    _p(
        "discord.bot_token",
        r"[MNO][A-Za-z\d_\-]{23,25}\.[A-Za-z\d_\-]{6}\.[A-Za-z\d_\-]{27,38}",
        "M{A25}.{u6}.{u38}",
        "https://discord.com/developers/docs/reference#authentication",
        scan=True,
    ),
    _p(
        "discord.webhook",
        r"https://discord(?:app)?\.com/api/webhooks/\d{5,30}/[\w-]{20,100}",
        "https://discord.com/api/webhooks/{d18}/{u68}",
        "https://discord.com/developers/docs/resources/webhook",
        anchors=("https://discord.com/api/webhooks/", "https://discordapp.com/api/webhooks/"),
    ),
    _p(
        "teams.webhook",
        rf"https://[a-z0-9]{{1,40}}\.webhook\.office\.com/webhookb2/{UUID}@{UUID}/IncomingWebhook/[a-z0-9]{{32}}/{UUID}",
        f"https://contoso.webhook.office.com/webhookb2/{UUID_SHAPE}@{UUID_SHAPE}/IncomingWebhook/{{a32}}/{UUID_SHAPE}",
        "https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook",
        anchors=(".webhook.office.com/webhookb2/",),
        back=49,
    ),
    _p(
        "telegram.bot_token",
        r"(?<!\d)(?:\d{5,16}:A[\w-]{34}|\d{8,10}:[\w-]{35})",
        "{d10}:AA{u33}",
        "https://core.telegram.org/bots/api#authorizing-your-bot",
        scan=True,
    ),
    _p(
        "atlassian.api_token",
        r"AT[AC]TT3[A-Za-z0-9_\-=]{150,250}",
        "ATATT3{u186}",
        "https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/",
        anchors=("ATATT3", "ATCTT3"),
    ),
    _p(
        "linear.api_key",
        r"lin_api_[A-Za-z0-9]{40}",
        "lin_api_{A40}",
        "https://developers.linear.app/docs/graphql/working-with-the-graphql-api#personal-api-keys",
    ),
    _p(
        "linear.oauth_token",
        r"lin_oauth_[a-f0-9]{64}",
        "lin_oauth_{h64}",
        "https://developers.linear.app/docs/oauth/authentication",
    ),
    _p(
        "notion.token",
        r"ntn_\d{11}[A-Za-z0-9]{35}",
        "ntn_{d11}{A35}",
        "https://developers.notion.com/docs/authorization",
    ),
    _p(
        "notion.legacy_secret",
        r"secret_[A-Za-z0-9]{43}",
        "secret_{A43}",
        "https://developers.notion.com/docs/authorization",
    ),
    _p(
        "figma.pat",
        r"figd_[\w-]{40,45}",
        "figd_{u40}",
        "https://www.figma.com/developers/api#access-tokens",
    ),
    _p(
        "postman.api_key",
        r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}",
        "PMAK-{h24}-{h34}",
        "https://learning.postman.com/docs/developer/postman-api/authentication/",
    ),
    _p("readme.api_key", r"rdme_[a-z0-9]{70}", "rdme_{a70}", "gitleaks rule readme-api-token"),
    _p(
        "typeform.pat",
        r"tfp_[\w.=\-]{59}",
        "tfp_{u59}",
        "https://www.typeform.com/developers/get-started/personal-access-token/",
    ),
    _p("frameio.api_token", r"fio-u-[\w=\-]{64}", "fio-u-{u64}", "gitleaks rule frameio-api-token"),
    _p(
        "airtable.pat",
        r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}",
        "pat{A14}.{h64}",
        "https://airtable.com/developers/web/guides/personal-access-tokens",
    ),
    _p(
        "contentful.pat",
        r"CFPAT-[\w-]{43}",
        "CFPAT-{u43}",
        "https://www.contentful.com/developers/docs/references/authentication/",
    ),
    _p(
        "hubspot.private_app_token",
        rf"pat-(?:na|eu|ap)\d-{UUID}",
        f"pat-na1-{UUID_SHAPE}",
        "https://developers.hubspot.com/docs/api/private-apps",
        anchors=("pat-na", "pat-eu", "pat-ap"),
    ),
    _p(
        "adafruit.io_key",
        r"aio_[A-Za-z0-9]{28}",
        "aio_{A28}",
        "https://io.adafruit.com/api/docs/#authentication",
    ),
    _p(
        "adobe.client_secret",
        r"p8e-[A-Za-z0-9]{32}",
        "p8e-{A32}",
        "gitleaks rule adobe-client-secret",
    ),
    _p(
        "maxmind.license_key",
        r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk",
        "{A6}_{A29}_mmk",
        "https://dev.maxmind.com/license-key/",
        anchors=("_mmk",),
        back=36,
    ),
    _p(
        "settlemint.token",
        r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}",
        "sm_pat_{A16}",
        "gitleaks rule settlemint-personal-access-token",
        anchors=("sm_aat_", "sm_pat_", "sm_sat_"),
    ),
    _p(
        "intra42.client_secret",
        r"s-s4t2(?:ud|af)-[a-fA-F0-9]{64}",
        "s-s4t2ud-{h64}",
        "gitleaks rule intra42-client-secret",
        anchors=("s-s4t2ud-", "s-s4t2af-"),
    ),
    _p(
        "authress.access_key",
        r"(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=\-]{30,120}",
        "sc_{A12}.{A5}.acc_{A16}.{u40}",
        "https://authress.io/knowledge-base/docs/authorization/service-clients",
        anchors=("sc_", "ext_", "scauth_", "authress_"),
    ),
    _p(
        "dynatrace.api_token",
        r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}",
        "dt0c01.{A24}.{A64}",
        "https://docs.dynatrace.com/docs/manage/identity-access-management/access-tokens-and-oauth-clients/access-tokens",
    ),
    _p(
        "newrelic.user_key",
        r"NRAK-[A-Za-z0-9]{27}",
        "NRAK-{A27}",
        "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/",
    ),
    _p(
        "newrelic.insert_key",
        r"NRII-[\w-]{32}",
        "NRII-{u32}",
        "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/",
    ),
    _p(
        "newrelic.browser_key",
        r"NRJS-[a-f0-9]{19}",
        "NRJS-{h19}",
        "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/",
    ),
    _p(
        "newrelic.license_key",
        r"[a-f0-9]{36}NRAL",
        "{h36}NRAL",
        "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/",
        anchors=("NRAL",),
        back=36,
    ),
    _p(
        "grafana.api_key",
        r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}",
        "eyJrIjoi{A80}",
        "gitleaks rule grafana-api-key",
    ),
    _p(
        "grafana.cloud_token",
        r"glc_[A-Za-z0-9+/]{32,400}={0,3}",
        "glc_{A60}",
        "https://grafana.com/docs/grafana-cloud/account-management/authentication-and-permissions/access-policies/",
    ),
    _p(
        "grafana.service_account_token",
        r"glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}",
        "glsa_{A32}_{h8}",
        "https://grafana.com/docs/grafana/latest/administration/service-accounts/",
    ),
    _p(
        "sentry.user_token",
        r"sntryu_[a-f0-9]{64}",
        "sntryu_{h64}",
        "https://docs.sentry.io/account/auth-tokens/",
    ),
    _p(
        "sentry.org_token",
        r"sntrys_eyJ[A-Za-z0-9+/=]{20,1000}_[A-Za-z0-9+/]{43}",
        "sntrys_eyJpYXQiO{b80}_{b43}",
        "https://docs.sentry.io/account/auth-tokens/",
    ),
    # --- payments, commerce, messaging
    _p(
        "stripe.secret_key",
        r"(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}",
        "sk_live_{A24-99}",
        "https://docs.stripe.com/keys",
        anchors=("sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_"),
    ),
    _p(
        # a connected account's id: not a credential, but it names the business that owns
        # the account to anyone who reads the config it sits in
        "stripe.account_id",
        r"acct_[A-Za-z0-9]{16}",
        "acct_{A16}",
        "https://docs.stripe.com/api/accounts/object",
    ),
    _p(
        # a customer's id: the account's holder, to anyone with the account's keys
        "stripe.customer_id",
        r"cus_[A-Za-z0-9]{14}",
        "cus_{A14}",
        "https://docs.stripe.com/api/customers/object",
    ),
    _p(
        "stripe.webhook_secret",
        r"whsec_[A-Za-z0-9+/=]{24,64}",
        "whsec_{A32}",
        "https://docs.stripe.com/webhooks#verify-events",
    ),
    _p(
        "square.access_token",
        r"(?:EAAA|sq0atp-)[\w-]{22,60}",
        "EAAA{u60}",
        "https://developer.squareup.com/docs/build-basics/access-tokens",
        anchors=("EAAA", "sq0atp-"),
    ),
    _p(
        "square.oauth_secret",
        r"sq0csp-[\w-]{40,50}",
        "sq0csp-{u43}",
        "https://developer.squareup.com/docs/oauth-api/overview",
    ),
    _p(
        "facebook.access_token",
        r"EAA[A-Za-z0-9]{60,500}",
        "EAAC{A150}",
        "https://developers.facebook.com/docs/facebook-login/guides/access-tokens",
    ),
    _p(
        "facebook.app_token",
        r"(?<!\d)\d{15,16}(?:\||%7C|%)[0-9A-Za-z_\-]{27,40}",
        "{d15}|{u32}",
        "https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens",
        scan=True,  # a digit run is its only anchor; "|" alone is too common to prefilter on
    ),
    _p(
        "twitter.bearer_token",
        r"A{22}[A-Za-z0-9%]{80,100}",
        "AAAAAAAAAAAAAAAAAAAAAA{A90}",
        "https://developer.x.com/en/docs/authentication/oauth-2-0/bearer-tokens",
    ),
    _p(
        "shopify.access_token",
        r"shp(?:at|ca|pa|ss|tka)_[a-fA-F0-9]{32}",
        "shpat_{h32}",
        "https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens",
        anchors=("shpat_", "shpca_", "shppa_", "shpss_", "shptka_"),
    ),
    _p(
        "shippo.api_token",
        r"shippo_(?:live|test)_[a-fA-F0-9]{40}",
        "shippo_live_{h40}",
        "https://docs.goshippo.com/docs/guides_general/authentication/",
    ),
    _p(
        "easypost.api_key",
        r"EZ[AT]K[A-Za-z0-9]{54}",
        "EZAK{A54}",
        "https://docs.easypost.com/docs/authentication",
        anchors=("EZAK", "EZTK"),
    ),
    _p(
        "duffel.api_token",
        r"duffel_(?:test|live)_[\w=\-]{43}",
        "duffel_live_{u43}",
        "https://duffel.com/docs/api/overview/making-requests/authentication",
        anchors=("duffel_test_", "duffel_live_"),
    ),
    _p(
        "flutterwave.secret_key",
        r"FLW(?:SECK|PUBK)(?:_TEST)?-[a-hA-H0-9]{32}-X",
        "FLWSECK_TEST-{h32}-X",
        "https://developer.flutterwave.com/docs/integration-guides/authentication",
        anchors=("FLWSECK", "FLWPUBK"),
    ),
    _p(
        "flutterwave.encryption_key",
        r"FLWSECK_TEST[a-hA-H0-9]{12}",
        "FLWSECK_TEST{h12}",
        "https://developer.flutterwave.com/docs/integration-guides/authentication",
    ),
    _p(
        "plaid.access_token",
        rf"access-(?:sandbox|development|production)-{UUID}",
        f"access-production-{UUID_SHAPE}",
        "https://plaid.com/docs/api/tokens/",
        anchors=("access-sandbox-", "access-development-", "access-production-"),
    ),
    _p(
        "braintree.access_token",
        r"access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}",
        "access_token$production${a16}${h32}",
        "https://developer.paypal.com/braintree/docs/guides/authorization/overview",
    ),
    _p(
        "razorpay.key_id",
        r"rzp_(?:live|test)_[A-Za-z0-9]{14}",
        "rzp_live_{A14}",
        "https://razorpay.com/docs/api/authentication/",
        anchors=("rzp_live_", "rzp_test_"),
    ),
    _p(
        "sendgrid.api_key",
        r"SG\.(?:[\w-]{22}\.[\w-]{43}|[\w=.\-]{66})",
        "SG.{u22}.{u43}",
        "https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys",
    ),
    _p(
        "brevo.api_key",
        r"x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}",
        "xkeysib-{h64}-{A16}",
        "https://developers.brevo.com/docs/getting-started",
        anchors=("xkeysib-", "xsmtpsib-"),
    ),
    _p(
        "mailgun.api_key",
        r"key-[0-9a-f]{32}",
        "key-{h32}",
        "https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/",
    ),
    _p(
        "mailgun.public_key",
        r"pubkey-[0-9a-f]{32}",
        "pubkey-{h32}",
        "https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/",
    ),
    _p(
        "mailchimp.api_key",
        r"[a-f0-9]{32}-us\d{1,2}",
        "{h32}-us{d2}",
        "https://mailchimp.com/developer/marketing/guides/quick-start/#generate-your-api-key",
        anchors=("-us",),
        back=32,
    ),
    _p(
        "resend.api_key",
        r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}",
        "re_{A8}_{A24}",
        "https://resend.com/docs/dashboard/api-keys/introduction",
    ),
    _p(
        "twilio.api_key",
        r"SK[0-9a-fA-F]{32}",
        "SK{h32}",
        "https://www.twilio.com/docs/iam/api-keys",
    ),
    _p(
        "twilio.account_sid",
        r"AC[0-9a-f]{32}",  # an account id rather than a key, but it names the account
        "AC{h32}",
        "https://www.twilio.com/docs/iam/api/account",
    ),
    _p(
        "mapbox.token",
        r"[ps]k\.[A-Za-z0-9_\-]{60,1000}\.[A-Za-z0-9_\-]{20,40}",
        "sk.{A60}.{A22}",
        "https://docs.mapbox.com/help/glossary/access-token/",
        anchors=("pk.", "sk."),
    ),
    _p(
        "dropbox.short_lived_token",
        r"sl\.[A-Za-z0-9_=\-]{130,1400}",
        "sl.{u135}",
        "https://developers.dropbox.com/oauth-guide",
    ),
    _p(
        "sidekiq.url_credentials",
        r"[a-f0-9]{8}:[a-f0-9]{8}(?=@(?:gems|enterprise)\.contribsys\.com)",
        "{h8}:{h8}",
        "https://github.com/sidekiq/sidekiq/wiki/Sidekiq-Pro-Installation",
        anchors=("@gems.contribsys.com", "@enterprise.contribsys.com"),
        back=17,
    ),
    _p(
        "sidekiq.bundle_config",
        # bundle config --local gems.contribsys.com <user:password>
        r"(?:gems|enterprise)\.contribsys\.com[ \t]{1,4}[\"']?(?P<secret>[a-f0-9]{8}:[a-f0-9]{8})",
        "gems.contribsys.com {h8}:{h8}",
        "https://github.com/sidekiq/sidekiq/wiki/Sidekiq-Pro-Installation",
        anchors=("gems.contribsys.com", "enterprise.contribsys.com"),
    ),
    _p(
        "jwt",
        # Header and payload are base64url JSON: "eyJ" ({"), or "ew" when a newline follows.
        r"e(?:yJ|w)[A-Za-z0-9_\-]{8,4000}\.e(?:yJ|w)[A-Za-z0-9_\-/\\]{8,8000}"
        r"\.[A-Za-z0-9_\-/\\]{0,2000}={0,2}",
        "eyJ{u30}.eyJ{u60}.{u43}",
        "https://datatracker.ietf.org/doc/html/rfc7519",
        anchors=("eyJ", "ew"),
    ),
    # --- credentials in commands and config files
    _p(
        "http.bearer",
        r"Bearer[ \t]{1,4}(?P<secret>[A-Za-z0-9\-._~+/]{20,2000}={0,2})",
        "Bearer {A40}",
        "https://datatracker.ietf.org/doc/html/rfc6750",
    ),
    _p(
        "http.authorization",
        # Basic, Token, Api-Key and SSWS (Okta) schemes, or a bare credential.
        r"(?i:Authorization):[ \t]{0,4}(?:(?:Basic|Bearer|Token|Api-?Key|SSWS|Digest)[ \t]{1,4})?"
        r"(?P<secret>[\w\-.~+/]{8,2000}={0,2})",
        "Authorization: Basic {b24}",
        "https://datatracker.ietf.org/doc/html/rfc7617",
        anchors=("Authorization:", "authorization:"),
    ),
    _p(
        "curl.user",
        r"curl\b[^\n]{0,300}?[ \t](?:-u|--user)[ =]{1,3}[\"']?[^\s:\"']{1,64}:"
        r"(?P<secret>[^\s\"']{3,128})",
        "curl -u admin:{A16} https://api.example.com",
        "https://curl.se/docs/manpage.html#-u",
    ),
    _p(
        "nuget.config_password",
        r"(?i:<add key=\"(?:ClearText)?Password\"\s{0,10}value=\")(?P<secret>[^\"]{8,200})\"",
        '<add key="ClearTextPassword" value="{A16}" />',
        "https://learn.microsoft.com/nuget/reference/nuget-config-file#packagesourcecredentials",
        anchors=("<add key=", "<add Key="),
    ),
)

# Keyword rules: a value of the documented shape, in an assignment whose key names the service.
KEYWORD_RULES: tuple[SecretFormat, ...] = (
    _k(
        "heroku.api_key",
        "heroku",
        UUID,
        UUID_SHAPE,
        "https://devcenter.heroku.com/articles/authentication",
    ),
    _k(
        "datadog.api_key",
        "datadog dd_api",
        r"[a-f0-9]{32}",
        "{h32}",
        "https://docs.datadoghq.com/account_management/api-app-keys/",
    ),
    _k(
        "datadog.app_key",
        "datadog dd_app",
        r"[a-f0-9]{40}",
        "{h40}",
        "https://docs.datadoghq.com/account_management/api-app-keys/",
    ),
    _k(
        "mailgun.signing_key",
        "mailgun",
        r"[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}",
        "{h32}-{h8}-{h8}",
        "gitleaks rule mailgun-signing-key",
    ),
    _k(
        "twitter.api_key",
        "twitter",
        r"[A-Za-z0-9]{25}",
        "{A25}",
        "https://developer.x.com/en/docs/authentication/oauth-1-0a/api-key-and-secret",
    ),
    _k(
        "twitter.api_secret",
        "twitter",
        r"[A-Za-z0-9]{50}",
        "{A50}",
        "https://developer.x.com/en/docs/authentication/oauth-1-0a/api-key-and-secret",
    ),
    _k(
        "twitter.access_token",
        "twitter",
        r"\d{15,25}-[A-Za-z0-9]{20,40}",
        "{d19}-{A31}",
        "https://developer.x.com/en/docs/authentication/oauth-1-0a/obtaining-user-access-tokens",
    ),
    _k(
        "twitter.access_secret",
        "twitter",
        r"[A-Za-z0-9]{45}",
        "{A45}",
        "gitleaks rule twitter-access-secret",
    ),
    _k(
        "okta.api_token",
        "okta",
        r"00[\w=\-]{40}",
        "00{u40}",
        "https://developer.okta.com/docs/guides/create-an-api-token/",
    ),
    _k(
        "bitbucket.client_id",
        "bitbucket",
        r"[A-Za-z0-9]{32}",
        "{A32}",
        "gitleaks rule bitbucket-client-id",
        key=_ID_KEY,
    ),
    _k(
        "bitbucket.client_secret",
        "bitbucket",
        r"[A-Za-z0-9=_\-]{64}",
        "{u64}",
        "gitleaks rule bitbucket-client-secret",
    ),
    _k(
        "adafruit.api_key",
        "adafruit",
        r"[A-Za-z0-9_\-]{32}",
        "{u32}",
        "gitleaks rule adafruit-api-key",
    ),
    _k(
        "adobe.client_id",
        "adobe",
        r"[a-f0-9]{32}",
        "{h32}",
        "gitleaks rule adobe-client-id",
        key=_ID_KEY,
    ),
    _k(
        "airtable.api_key",
        "airtable",
        r"[A-Za-z0-9]{17}",
        "key{A14}",
        "gitleaks rule airtable-api-key",
    ),
    _k(
        "algolia.api_key",
        "algolia",
        r"[A-Za-z0-9]{32}",
        "{a32}",
        "https://www.algolia.com/doc/guides/security/api-keys/",
    ),
    _k(
        "alibaba.secret_key",
        "alibaba aliyun",
        r"[A-Za-z0-9]{30}",
        "{A30}",
        "gitleaks rule alibaba-secret-key",
    ),
    _k(
        "asana.client_id", "asana", r"\d{16}", "{d16}", "gitleaks rule asana-client-id", key=_ID_KEY
    ),
    _k(
        "asana.secret",
        "asana",
        r"[A-Za-z0-9]{32}|\d/\d{16}:[a-f0-9]{32}",
        "{a32}",
        "https://developers.asana.com/docs/personal-access-token",
    ),
    _k(
        "atlassian.legacy_token",
        "atlassian confluence jira",
        r"[A-Za-z0-9]{24}",
        "{A24}",
        "gitleaks rule atlassian-api-token",
    ),
    _k(
        "azure.api_key",
        "azure",
        r"[a-f0-9]{32}|[A-Za-z0-9]{84}",
        "{h32}",
        "https://learn.microsoft.com/azure/ai-services/authentication",
    ),
    _k(
        "azure.devops_pat",
        "azure_devops ado_pat azdo devops",
        r"[a-z2-7]{52}|[A-Za-z0-9]{84}",
        "{v52}",
        "https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate",
    ),
    _k("beamer.api_key", "beamer", r"b_[\w=\-]{44}", "b_{u44}", "gitleaks rule beamer-api-token"),
    _k("bittrex.key", "bittrex", r"[A-Za-z0-9]{32}", "{a32}", "gitleaks rule bittrex-access-key"),
    _k(
        "binance.key",
        "binance",
        r"[A-Za-z0-9]{64}",
        "{A64}",
        "https://www.binance.com/en/support/faq/how-to-create-api-keys-on-binance-360002502072",
    ),
    _k(
        "cisco_meraki.api_key",
        "meraki",
        r"[0-9a-f]{40}",
        "{h40}",
        "gitleaks rule cisco-meraki-api-key",
    ),
    _k(
        "cloudflare.api_token",
        "cloudflare cf_api",
        r"[A-Za-z0-9_\-]{40}",
        "{u40}",
        "https://developers.cloudflare.com/fundamentals/api/get-started/create-token/",
    ),
    _k(
        "cloudflare.global_api_key",
        "cloudflare cf_api",
        r"[a-f0-9]{37}",
        "{h37}",
        "https://developers.cloudflare.com/fundamentals/api/get-started/keys/",
    ),
    _k(
        "codecov.token",
        "codecov",
        rf"[A-Za-z0-9]{{32}}|{UUID}",
        UUID_SHAPE,
        "https://docs.codecov.com/docs/codecov-tokens",
    ),
    _k(
        "cohere.api_key",
        "cohere co_api_key",
        r"[A-Za-z0-9]{40}",
        "{A40}",
        "https://docs.cohere.com/reference/about",
    ),
    _k(
        "coinbase.token",
        "coinbase",
        r"[A-Za-z0-9_\-]{64}",
        "{u64}",
        "gitleaks rule coinbase-access-token",
    ),
    _k(
        "confluent.api_key",
        "confluent",
        r"[A-Za-z0-9]{16}",
        "{U16}",
        "https://docs.confluent.io/cloud/current/security/authenticate/workload-identities/service-accounts/api-keys/overview.html",
        key=_ID_KEY,
    ),
    _k(
        "confluent.api_secret",
        "confluent",
        r"[A-Za-z0-9+/]{64}",
        "{A64}",
        "https://docs.confluent.io/cloud/current/security/authenticate/workload-identities/service-accounts/api-keys/overview.html",
    ),
    _k(
        "contentful.token",
        "contentful",
        r"[\w=\-]{43}",
        "{u43}",
        "https://www.contentful.com/developers/docs/references/authentication/",
    ),
    _k(
        "deepgram.api_key",
        "deepgram",
        r"[a-f0-9]{40}",
        "{h40}",
        "https://developers.deepgram.com/docs/create-additional-api-keys",
    ),
    _k(
        "discord.bot_secret",
        "discord",
        r"[a-f0-9]{64}|[A-Za-z0-9=_\-]{32}",
        "{u32}",
        "gitleaks rule discord-client-secret",
    ),
    _k(
        "discord.client_id",
        "discord",
        r"\d{17,19}",
        "{d18}",
        "gitleaks rule discord-client-id",
        key=_ID_KEY,
    ),
    _k(
        "droneci.token",
        "droneci drone_token",
        r"[A-Za-z0-9]{32}",
        "{a32}",
        "gitleaks rule droneci-access-token",
    ),
    _k(
        "dropbox.token",
        "dropbox",
        r"[A-Za-z0-9]{15}|[A-Za-z0-9]{11}AAAAAAAAAA[\w=\-]{43}",
        "{a11}AAAAAAAAAA{u43}",
        "https://developers.dropbox.com/oauth-guide",
    ),
    _k("etsy.token", "etsy", r"[A-Za-z0-9]{24}", "{a24}", "gitleaks rule etsy-access-token"),
    _k(
        "facebook.app_secret",
        "facebook fb_app fb_secret",
        r"[a-f0-9]{32}",
        "{h32}",
        "https://developers.facebook.com/docs/facebook-login/security#appsecret",
    ),
    _k(
        "fastly.api_token",
        "fastly",
        r"[\w=\-]{32}",
        "{u32}",
        "https://docs.fastly.com/en/guides/using-api-tokens",
    ),
    _k(
        "finicity.secret",
        "finicity",
        r"[a-f0-9]{32}|[A-Za-z0-9]{20}",
        "{h32}",
        "gitleaks rule finicity-api-token",
        key=_ID_KEY,
    ),
    _k(
        "finnhub.token",
        "finnhub",
        r"[A-Za-z0-9]{20}",
        "{a20}",
        "gitleaks rule finnhub-access-token",
    ),
    _k("flickr.token", "flickr", r"[A-Za-z0-9]{32}", "{a32}", "gitleaks rule flickr-access-token"),
    _k(
        "freshbooks.token",
        "freshbooks",
        r"[A-Za-z0-9]{64}",
        "{a64}",
        "gitleaks rule freshbooks-access-token",
    ),
    _k(
        "gcp.private_key_id",
        "private_key_id",
        r"[a-f0-9]{40}",
        "{h40}",
        "https://cloud.google.com/iam/docs/keys-create-delete",
    ),
    _k(
        "gitter.token",
        "gitter",
        r"[A-Za-z0-9_\-]{40}",
        "{a40}",
        "gitleaks rule gitter-access-token",
    ),
    _k(
        "gocardless.token",
        "gocardless",
        r"(?:live|sandbox)_[\w=\-]{40}",
        "live_{u40}",
        "https://developer.gocardless.com/getting-started/api/making-your-first-request/",
    ),
    _k(
        "hubspot.api_key",
        "hubspot",
        UUID,
        "{H8}-{H4}-{H4}-{H4}-{H12}",
        "gitleaks rule hubspot-api-key",
    ),
    _k("intercom.token", "intercom", r"[\w=\-]{60}", "{u60}", "gitleaks rule intercom-api-key"),
    _k(
        "jfrog.token",
        "jfrog artifactory bintray xray",
        r"[A-Za-z0-9]{64}",
        "{a64}",
        "gitleaks rule jfrog-identity-token",
    ),
    _k(
        "kraken.token",
        "kraken",
        r"[A-Za-z0-9/=_+\-]{80,90}",
        "{b86}",
        "gitleaks rule kraken-access-token",
    ),
    _k(
        "kucoin.key",
        "kucoin",
        rf"[a-f0-9]{{24}}|{UUID}",
        "{h24}",
        "gitleaks rule kucoin-access-token",
        key=_ID_KEY,
    ),
    _k(
        "launchdarkly.key",
        "launchdarkly",
        rf"(?:api|sdk|mob)-{UUID}",
        f"sdk-{UUID_SHAPE}",
        "https://docs.launchdarkly.com/home/account/api",
    ),
    _k(
        "linear.client_secret",
        "linear",
        r"[a-f0-9]{32}",
        "{h32}",
        "gitleaks rule linear-client-secret",
    ),
    _k(
        "linkedin.client_secret",
        "linkedin linked_in linked-in",
        r"[A-Za-z0-9]{14,16}",
        "{a16}",
        "gitleaks rule linkedin-client-secret",
        key=_ID_KEY,
    ),
    _k(
        "lob.api_key",
        "lob",
        r"(?:live|test)_(?:pub_)?[a-f0-9]{31,35}",
        "live_{h35}",
        "https://docs.lob.com/#section/Authentication",
    ),
    _k(
        "looker.secret",
        "looker",
        r"[A-Za-z0-9]{20,24}",
        "{a24}",
        "gitleaks rule looker-client-secret",
        key=_ID_KEY,
    ),
    _k(
        "mattermost.token",
        "mattermost",
        r"[A-Za-z0-9]{26}",
        "{a26}",
        "gitleaks rule mattermost-access-token",
    ),
    _k(
        "messagebird.api_key",
        "messagebird message_bird message-bird",
        rf"[A-Za-z0-9]{{25}}|{UUID}",
        "{a25}",
        "gitleaks rule messagebird-api-token",
        key=_ID_KEY,
    ),
    _k(
        "mistral.api_key",
        "mistral",
        r"[A-Za-z0-9]{32}",
        "{A32}",
        "https://docs.mistral.ai/getting-started/quickstart/",
    ),
    _k(
        "netlify.token", "netlify", r"[\w=\-]{40,46}", "{u43}", "gitleaks rule netlify-access-token"
    ),
    _k(
        "newrelic.api_key",
        "new-relic newrelic new_relic",
        r"[A-Za-z0-9]{64}",
        "{a64}",
        "gitleaks rule new-relic-user-api-id",
    ),
    _k(
        "nytimes.token",
        "nytimes new-york-times newyorktimes",
        r"[\w=\-]{32}",
        "{u32}",
        "gitleaks rule nytimes-access-token",
    ),
    _k(
        "plaid.secret",
        "plaid",
        r"[A-Za-z0-9]{24}|[A-Za-z0-9]{30}",
        "{a30}",
        "https://plaid.com/docs/api/#api-access",
        key=_ID_KEY,
    ),
    _k(
        "postmark.server_token",
        "postmark",
        UUID,
        UUID_SHAPE,
        "https://postmarkapp.com/developer/api/overview#authentication",
    ),
    _k(
        "privateai.api_key",
        "privateai private_ai private-ai",
        r"[A-Za-z0-9]{32}",
        "{a32}",
        "gitleaks rule privateai-api-token",
    ),
    _k("rapidapi.key", "rapidapi", r"[\w\-]{50}", "{u50}", "gitleaks rule rapidapi-access-token"),
    _k(
        "sendbird.token",
        "sendbird",
        rf"[a-f0-9]{{40}}|{UUID}",
        "{h40}",
        "gitleaks rule sendbird-access-token",
        key=_ID_KEY,
    ),
    _k(
        "sentry.auth_token",
        "sentry",
        r"[a-f0-9]{64}",
        "{h64}",
        "https://docs.sentry.io/account/auth-tokens/",
    ),
    _k(
        "sidekiq.credentials",
        "bundle_enterprise__contribsys__com bundle_gems__contribsys__com",
        r"[a-f0-9]{8}:[a-f0-9]{8}",
        "{h8}:{h8}",
        "https://github.com/sidekiq/sidekiq/wiki/Sidekiq-Pro-Installation",
    ),
    _k(
        "snyk.token",
        "snyk",
        UUID,
        UUID_SHAPE,
        "https://docs.snyk.io/snyk-api/authentication-for-api",
        key=_SECRETY_KEY,
    ),
    _k(
        "sonar.legacy_token",
        "sonar",
        r"(?:sq[upa]_)?[a-f0-9]{40}",
        "{h40}",
        "https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/",
        key=r"token|login|key",
    ),
    _k(
        "sourcegraph.token",
        "sourcegraph",
        r"[a-f0-9]{40}",
        "{h40}",
        "https://sourcegraph.com/docs/cli/how-tos/creating_an_access_token",
    ),
    _k(
        "squarespace.token",
        "squarespace",
        UUID,
        UUID_SHAPE,
        "gitleaks rule squarespace-access-token",
    ),
    _k(
        "sumologic.access_id",
        "sumo",
        r"su[A-Za-z0-9]{12}",
        "su{A12}",
        "https://help.sumologic.com/docs/manage/security/access-keys/",
        key=_ID_KEY,
    ),
    _k(
        "sumologic.access_key",
        "sumo",
        r"[A-Za-z0-9]{64}",
        "{A64}",
        "https://help.sumologic.com/docs/manage/security/access-keys/",
    ),
    _k(
        "travis.token", "travis", r"[A-Za-z0-9]{22}", "{a22}", "gitleaks rule travisci-access-token"
    ),
    _k(
        "trello.key",
        "trello",
        r"[a-f0-9]{32}|[a-f0-9]{64}|ATTA[A-Za-z0-9]{60,70}",
        "{h32}",
        "https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/",
    ),
    _k("twitch.token", "twitch", r"[A-Za-z0-9]{30}", "{a30}", "gitleaks rule twitch-api-token"),
    _k(
        "wandb.api_key",
        "wandb",
        r"[a-f0-9]{40}",
        "{h40}",
        "https://docs.wandb.ai/support/find_api_key/",
    ),
    _k(
        "yandex.token",
        "yandex",
        r"t1\.[\w\-]{10,400}={0,2}\.[\w\-]{86}={0,2}|YC[\w\-]{38}",
        "YC{u38}",
        "gitleaks rule yandex-access-token",
    ),
    _k("zendesk.token", "zendesk", r"[A-Za-z0-9]{40}", "{a40}", "gitleaks rule zendesk-secret-key"),
    _k(
        "ibm.cloud_iam_key",
        "ibm",
        r"[\w\-]{44}",
        "{u44}",
        "https://cloud.ibm.com/docs/account?topic=account-userapikey",
    ),
    _k(
        "ibm.cos_hmac_secret",
        "ibm cos_hmac",
        r"[a-f0-9]{48}",
        "{h48}",
        "https://cloud.ibm.com/docs/cloud-object-storage?topic=cloud-object-storage-uhc-hmac-credentials-main",
    ),
    _k(
        "softlayer.api_key",
        "softlayer sl_api sl-api",
        r"[a-z0-9]{64}",
        "{a64}",
        "https://cloud.ibm.com/docs/account?topic=account-classic_keys",
    ),
    _k(
        "cloudant.password",
        "cloudant",
        r"[0-9a-f]{64}",
        "{h64}",
        "https://cloud.ibm.com/docs/Cloudant?topic=Cloudant-managing-access-for-cloudant",
    ),
    _k(
        "linode.token",
        "linode",
        r"[a-f0-9]{64}",
        "{h64}",
        "https://techdocs.akamai.com/linode-api/reference/get-started",
    ),
    _k(
        "vercel.legacy_token",
        "vercel",
        r"[A-Za-z0-9]{24}",
        "{A24}",
        "https://vercel.com/docs/rest-api#creating-an-access-token",
    ),
    _k(
        "assemblyai.api_key",
        "assemblyai",
        r"[a-f0-9]{32}",
        "{h32}",
        "https://www.assemblyai.com/docs/api-reference/overview",
    ),
)

RULES: tuple[SecretFormat, ...] = PREFIX_RULES + KEYWORD_RULES
