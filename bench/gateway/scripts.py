"""The bench's conversations: what each client says, turn by turn.

Every conversation opens with words that all tenants share (its topic), so only the
tenant key keeps two tenants' conversations apart: without it they would share one
vault. Each later turn brings new people of this tenant (names, e-mails, phone numbers,
unique within a run where the name lists allow) and mentions an earlier one again, so a
pseudonym must survive a change of instance.

The names are ones the fast stage finds in these sentences: this bench measures the
deployment, not recall (bench.redaction does). Two it missed when the lists were drawn up,
the first name Olumide and the surname McAllister, were left out and reported.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

FIRST_NAMES = (  # noqa: SIM905 (a word list reads best as words)
    "Priya Marcus Dana Tomasz Ingrid Kwame Lucia Hiroshi Fatima Oskar Amara Dmitri Sofia "
    "Rafael Aisha Lars Mei Gustavo Nadia Callum Yusuf Elena Bruno Chiara Tobias Zainab "
    "Mateo Freya Ravi Hannah Oliver Greta Santiago Leila Anders Noor Felipe Astrid Kenji "
    "Imogen Tariq Beatriz Jonas Aaliyah Matthias Rosa Declan Svetlana Emeka Camille "
    "Henrik Farah Nikolai Isabel Duncan Yara Stefan Lorena Patrick Anika Wojciech "
    "Maribel Ewan"
).split()
LAST_NAMES = (  # noqa: SIM905 (a word list reads best as words)
    "Raman Oyelaran Whitfield Kowalski Lindqvist Mensah Ferreira Tanaka Haddad Brandt "
    "Okafor Volkov Moretti Castillo Rahman Eriksen Zhang Albuquerque Petrova Fitzgerald "
    "Demir Popescu Schneider Romano Hoffmann Abubakar Delgado Sorensen Iyer Goldberg "
    "Adeyemi Novak Herrera Karimi Johansson Siddiqui Navarro Lund Watanabe Fairbanks "
    "Chaudhry Carvalho Becker Nwosu Richter Esposito Gallagher Ivanova Obi Laurent "
    "Nieminen Aziz Sokolov Vargas Kerr Mansour Wagner Quintero Byrne Sharma Zielinski "
    "Montoya Fraser"
).split()
DOMAINS = ("gmail.com", "outlook.com", "fernhill.org", "northwind-health.com", "posteo.de")
TOPICS = (
    "a team offsite",
    "a retirement party",
    "the school fundraiser",
    "our book club",
    "a charity run",
    "the quarterly review",
    "a neighbourhood clean-up",
    "a product launch",
    "my sister's wedding",
    "a hiking weekend",
    "the office move",
    "a volunteer training day",
    "a birthday dinner",
    "the football tournament",
    "a conference trip",
    "a garden party",
    "the new starters' lunch",
    "a museum visit",
    "the board meeting",
    "a choir concert",
)


@dataclass(frozen=True)
class Person:
    name: str
    email: str
    phone: str

    @property
    def values(self) -> tuple[str, str, str]:
        return (self.name, self.email, self.phone)


@dataclass
class Conversation:
    tenant: str  # the client's API key
    index: int
    turns: list[str]  # the user's messages, in order
    streamed: list[bool]  # per turn: ask for a streamed answer
    people: list[Person] = field(default_factory=list)

    @property
    def values(self) -> set[str]:
        return {value for person in self.people for value in person.values}


class People:
    """Hands out people, each name once per run while the lists last (then names repeat,
    and a repeated name no longer tells whose it is); e-mails and phones never repeat."""

    def __init__(self, seed: int) -> None:
        self._names = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
        random.Random(seed).shuffle(self._names)
        self._issued = 0
        self._seed = seed

    def next(self) -> Person:
        n = self._issued
        self._issued += 1
        name = self._names[n % len(self._names)]
        first, last = name.lower().split()
        email = f"{first}.{last}{n}@{DOMAINS[n % len(DOMAINS)]}"
        # 212/646/718 are New York area codes; the line number makes each one unique
        area = (212, 646, 718)[n % 3]
        line = 2_000_000 + (self._seed * 7919 + n * 104_729) % 7_000_000
        phone = f"+1 {area}-{line // 10_000:03d}-{line % 10_000:04d}"
        return Person(name, email, phone)


def opening(index: int) -> str:
    """The first message of conversation ``index``: the same for every tenant."""
    topic = TOPICS[index % len(TOPICS)]
    return f"Hello! I am organising {topic} and need help writing a few short messages."


def later_turn(turn: int, new: Person, earlier: Person) -> str:
    kind = turn % 3
    if kind == 0:
        return f"Please write to {new.name} ({new.email}) and ask them to confirm by Friday."
    if kind == 1:
        return (
            f"Now a text for {new.name}: call me back on {new.phone}, and copy {earlier.name} in."
        )
    return (
        f"Last one: thank {new.name} at {new.email} and mention that {earlier.name} will join too."
    )


def build(
    tenants: list[str], conversations: int, turns: int, seed: int
) -> list[list[Conversation]]:
    """Per tenant, its conversations; ``turns`` user messages each (at least 2)."""
    if turns < 2:
        raise ValueError("a conversation needs at least 2 turns (an opening and a request)")
    people = People(seed)
    plans: list[list[Conversation]] = []
    for t, tenant in enumerate(tenants):
        mine = []
        for c in range(conversations):
            conversation = Conversation(tenant, c, [opening(c)], [False])
            for turn in range(1, turns):
                new = people.next()
                earlier = conversation.people[-1] if conversation.people else new
                conversation.people.append(new)
                conversation.turns.append(later_turn(turn - 1, new, earlier))
                # about half the turns streamed, not the same ones in every conversation
                conversation.streamed.append((t + c + turn) % 2 == 1)
            mine.append(conversation)
        plans.append(mine)
    return plans
