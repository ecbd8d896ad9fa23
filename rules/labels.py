"""Entity labels veil produces, and how specific each one is.

Specificity decides overlaps: a validated credit card beats the PHONE that the same
digits also parse as, and a STREET_ADDRESS swallows the LOCATION inside it.

Quasi-identifier labels (``QI_LABELS``, found by ``veil.rules.quasi``) mark what a text
discloses about the writer or someone they know (an age, a job, a family, a health
condition) rather than who they are. A QI span never overlaps a PII span of the same
text: the PII spans are found first and the QI finder skips them. Places and
nationalities keep the PII stage's LOCATION and NORP labels (the same meaning); a QI
span's ``source`` ("quasi.v1") tells the two apart.
"""

EMAIL = "EMAIL"
PHONE = "PHONE"
CREDIT_CARD = "CREDIT_CARD"
IBAN = "IBAN"
CRYPTO_WALLET = "CRYPTO_WALLET"
US_SSN = "US_SSN"
IP_ADDRESS = "IP_ADDRESS"
MAC_ADDRESS = "MAC_ADDRESS"
URL = "URL"
USERNAME = "USERNAME"
DATE_OF_BIRTH = "DATE_OF_BIRTH"
STREET_ADDRESS = "STREET_ADDRESS"
ID_NUMBER = "ID_NUMBER"
SECRET = "SECRET"
PERSON = "PERSON"
LOCATION = "LOCATION"
ORGANIZATION = "ORGANIZATION"
NORP = "NORP"
# Quasi-identifiers: attributes disclosed about the writer or someone they know.
AGE = "AGE"
OCCUPATION = "OCCUPATION"
EMPLOYER = "EMPLOYER"
EDUCATION = "EDUCATION"
FAMILY = "FAMILY"
GENDER = "GENDER"
INCOME = "INCOME"
HEALTH = "HEALTH"
ETHNICITY = "ETHNICITY"
RELIGION = "RELIGION"
ORIENTATION = "ORIENTATION"

QI_LABELS: tuple[str, ...] = (
    AGE,
    OCCUPATION,
    EMPLOYER,
    EDUCATION,
    FAMILY,
    GENDER,
    INCOME,
    HEALTH,
    ETHNICITY,
    RELIGION,
    ORIENTATION,
)

ALL_LABELS: tuple[str, ...] = (
    EMAIL,
    PHONE,
    CREDIT_CARD,
    IBAN,
    CRYPTO_WALLET,
    US_SSN,
    IP_ADDRESS,
    MAC_ADDRESS,
    URL,
    USERNAME,
    DATE_OF_BIRTH,
    STREET_ADDRESS,
    ID_NUMBER,
    SECRET,
    PERSON,
    LOCATION,
    ORGANIZATION,
    NORP,
)

# What may name a public entity rather than a private person: the labels veil decides
# public or private (rules/subject.py) and a policy's public_entities may name.
DECIDED: frozenset[str] = frozenset({PERSON, LOCATION, ORGANIZATION, NORP})

# Higher wins an overlap before score is considered. Checksummed and structured
# identifiers first, then context-bound ones, then statistical NER labels.
SPECIFICITY: dict[str, int] = {
    SECRET: 100,
    CREDIT_CARD: 95,
    IBAN: 95,
    CRYPTO_WALLET: 95,
    US_SSN: 90,
    EMAIL: 90,
    URL: 85,
    IP_ADDRESS: 85,
    MAC_ADDRESS: 85,
    ID_NUMBER: 80,
    DATE_OF_BIRTH: 75,
    STREET_ADDRESS: 70,
    PHONE: 65,
    USERNAME: 60,
    PERSON: 40,
    ORGANIZATION: 35,
    LOCATION: 30,
    NORP: 25,
    # below every PII label: a disclosure yields to an identifier on the same words
    **dict.fromkeys(QI_LABELS, 20),
}


def specificity(label: str) -> int:
    return SPECIFICITY.get(label, 50)
