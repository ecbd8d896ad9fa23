"""Word classes for the grammar reader (rules/quasi/grammar.py), each from the semantics
of the relation it states, not from example sentences:

- reaching an age: the verbs of arriving at a count of years ("turn", "hit", "reach");
- a relationship's life events: the nouns naming the event or state a partnership goes
  through, and the verbs that bring it about, each with the status it leaves;
- stages of a career: training and service periods that only one occupation has
  (a medical residency, a barrister's pupillage, a soldier's deployment);
- practising an occupation: verbs whose agent noun is the occupation's title ("teach" ->
  teacher), read as a job only in frames of a career (see grammar.py);
- stages of education: the kinds of school a person is "in", "at" or "through".

Each class lists word forms (no lemmatizer runs: the tagger and parser do).
"""

from __future__ import annotations

# Verbs of arriving at an age: "I turned 34", "she hits 50 next year".
AGE_VERBS = frozenset(
    {"turn", "turns", "turned", "turning", "hit", "hits", "hitting", "reach", "reached",
     "reaches", "reaching"}
)  # fmt: skip
# The copula in the present or future: a past "I was 19 when ..." is an age then, not now.
PRESENT_COPULA = frozenset({"am", "'m", "’m", "is", "'s", "’s", "are", "'re", "’re", "be"})

# A partnership's events and states -> the relationship status they leave the one who
# has them ("since my divorce" -> divorced, "our wedding" -> married).
STATUS_NOUNS = {
    "divorce": "divorced",
    "separation": "divorced",
    "marriage": "married",
    "wedding": "married",
    "honeymoon": "married",
    "engagement": "engaged",
    "widowhood": "widowed",
    "remarriage": "married",
}
# The verbs that make the status, in the forms that state a completed event.
STATUS_VERBS = {
    "divorced": "divorced",
    "separated": "divorced",
    "married": "married",
    "remarried": "married",
    "wed": "married",
    "widowed": "widowed",
    "engaged": "engaged",
}
# Verbs by which an event one does not possess is still one's own: "I got a divorce",
# "we're going through a separation", "she filed for divorce". Going to a wedding or
# reading about one is not.
UNDERGO_VERBS = frozenset(
    {"get", "gets", "got", "getting", "gotten", "go", "goes", "went", "going", "gone",
     "file", "files", "filed", "filing", "finalize", "finalized", "finalise", "finalised",
     "survive", "survived", "surviving", "have", "has", "had", "having"}
)  # fmt: skip
# Verbs that need a person as their object to be a status ("I separated the eggs").
STATUS_NEEDS_PERSON = frozenset({"separated", "married", "wed", "remarried", "divorced"})

# Periods of training or service only one occupation goes through -> its title (a key
# of the occupation lexicon). Generic words ("internship", "shift") say no occupation.
CAREER_STAGES = {
    "residency": "doctor",
    "internship": "intern",
    "apprenticeship": "apprentice",
    "postdoc": "researcher",
    "pupillage": "barrister",
    "deployment": "soldier",
    "deployments": "soldier",
    "enlistment": "soldier",
    "ordination": "priest",
    "tenure": "professor",
}

# The people an occupation serves, possessed by the one who serves them: "my students"
# are a teacher's, "my patients" a clinician's.
COUNTERPARTS = {
    "student": "teacher",
    "students": "teacher",
    "pupil": "teacher",
    "pupils": "teacher",
    "patient": "doctor",
    "patients": "doctor",
}

# Verbs whose agent noun is an occupation's title: practising it is having the job.
PRACTICE_VERBS = {
    "teach": "teacher",
    "lecture": "lecturer",
    "tutor": "tutor",
    "nurse": "nurse",
    "preach": "priest",
    "farm": "farmer",
    "bartend": "bartender",
}
# What a stage says once its occupation is gone (generalize), and where a decoy's stage
# comes from: the stages of other occupations.
STAGE_GENERAL = {
    "deployment": "service",
    "deployments": "service",
    "enlistment": "service",
    "ordination": "calling",
    "tenure": "post",
}  # the rest: "training"
# Practice verbs that take no object as a job: "nursing a beer" is not nursing.
PRACTICE_INTRANSITIVE = frozenset({"nurse", "bartend", "preach"})
_INFLECTIONS = ("base", "third", "past", "ing")


def inflect(stem: str, kind: str) -> str:
    """A regular verb's form ("work", "ing" -> "working"); "taught" is the one irregular."""
    if kind == "third":
        return stem + ("es" if stem.endswith(("ch", "sh")) else "s")
    root = stem[:-1] if stem.endswith("e") else stem
    if kind == "past":
        return {"teach": "taught"}.get(stem, root + "ed")
    if kind == "ing":
        return root + "ing"
    return stem


# Word forms of the practice verbs -> (stem, inflection).
PRACTICE_FORMS = {inflect(s, k): (s, k) for s in PRACTICE_VERBS for k in _INFLECTIONS}


# Lengths of time a career is counted in: "my first year teaching", "20 years nursing".
TIME_NOUNS = frozenset(
    {"year", "years", "decade", "decades", "month", "months", "day", "days", "week", "weeks",
     "time", "career", "stint"}
)  # fmt: skip

# Kinds of school one studies "in", "at" or "through" -> the ISCED level of having been
# there: by the head noun ("college"), or by the field or level before "school" ("law
# school", "high school"). A bare "school" says no level and is left alone.
EDUCATION_STAGES = {
    "college": "bachelor",
    "uni": "bachelor",
    "university": "bachelor",
    "undergrad": "bachelor",
    "polytechnic": "bachelor",
    "postgrad": "master",
    "grad school": "master",
    "graduate school": "master",
    "business school": "master",
    "med school": "doctorate",
    "medical school": "doctorate",
    "law school": "doctorate",
    "dental school": "doctorate",
    "vet school": "doctorate",
    "nursing school": "bachelor",
    "art school": "bachelor",
    "film school": "bachelor",
    "drama school": "bachelor",
    "music school": "bachelor",
    "culinary school": "associate",
    "cooking school": "associate",
    "trade school": "associate",
    "vocational school": "associate",
    "beauty school": "associate",
    "community college": "associate",
    "high school": "secondary",
    "secondary school": "secondary",
    "boarding school": "secondary",
}
# Nouns of a job: "a job at a college" is work there, not study.
WORK_NOUNS = frozenset(
    {"job", "jobs", "position", "role", "post", "career", "work", "gig", "shift", "shifts",
     "contract", "office", "lab", "department", "internship", "interview", "offer"}
)  # fmt: skip
# Stages of schooling one is in now -> the age they are usually in it at (ISCED levels
# 0-3): "our twins start kindergarten" are about 5, "I'm in high school" about 16.
SCHOOL_AGES = {
    "daycare": 2,
    "nursery": 3,
    "preschool": 4,
    "pre-school": 4,
    "kindergarten": 5,
    "primary school": 8,
    "elementary school": 8,
    "grade school": 8,
    "middle school": 12,
    "junior high": 13,
    "secondary school": 15,
    "high school": 16,
}
# Verbs of being in a stage of school now: starting it, attending it, finishing it.
SCHOOL_VERBS = frozenset(
    {"start", "starts", "starting", "begin", "begins", "beginning", "attend", "attends",
     "attending", "enter", "enters", "entering", "finish", "finishes", "finishing"}
)  # fmt: skip
# Prepositions that put the writer's clause inside a stage of life ("back in college",
# "after grad school", "through med school").
STAGE_PREPOSITIONS = frozenset(
    {"in", "at", "during", "through", "after", "before", "since", "until", "from", "of"}
)
# Verbs by which someone is at a school without studying there: "I teach at a college".
WORK_VERBS = frozenset(
    {"work", "works", "worked", "working", "teach", "teaches", "taught", "teaching",
     "lecture", "lectures", "lectured", "lecturing", "employed", "hired", "visit",
     "visited", "visiting", "apply", "applied", "applying"}
)  # fmt: skip
# Verbs of talking, reading or thinking about something: its object is a topic.
TOPIC_VERBS = frozenset(
    {"read", "reads", "reading", "write", "writes", "wrote", "writing", "watch", "watched",
     "watching", "discuss", "discussed", "discussing", "research", "researched", "explain",
     "explained", "describe", "described", "study", "studied", "studying", "cover",
     "covered", "talk", "talked", "talking", "hear", "heard", "imagine", "plan", "planning",
     "planned", "photograph", "photographed", "film",
     "filmed", "officiate", "officiated", "cater", "catered", "organise", "organize",
     "organised", "organized", "host", "hosted"}
)  # fmt: skip

# Words for a person that say their gender, as a noun ("kind of guy", "a lady like
# myself"); "man", "boy" and "dude" are left to the fixed frames (rules/quasi/family.py):
# as interjections ("oh man") they would have most sentences parsed for nothing.
GENDER_NOUNS = {
    "guy": "male", "gentleman": "male", "bloke": "male", "chap": "male", "lad": "male",
    "woman": "female", "girl": "female", "lady": "female", "gal": "female", "lass": "female",
}  # fmt: skip

# Every word that can carry an attribute here: a sentence without one is not parsed.
TRIGGER_WORDS = (
    *GENDER_NOUNS,
    *AGE_VERBS,
    *STATUS_NOUNS,
    *(noun + "s" for noun in STATUS_NOUNS),
    *STATUS_VERBS,
    *CAREER_STAGES,
    *COUNTERPARTS,
    *PRACTICE_FORMS,
    *EDUCATION_STAGES,
    *SCHOOL_AGES,
)
