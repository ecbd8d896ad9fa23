"""Public or private: a span is protected when it identifies the writer or someone they
know, and left alone when it names a public entity the question is about."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import protected
from veil.local_models.backend import LLMError
from veil.local_models.referee import LLMReferee
from veil.policies.engine import FastStage
from veil.policies.schema import SitePolicy
from veil.rules.analyzer import Analyzer, PublicEntities, RefereeSettings
from veil.rules.labels import LOCATION, NORP, ORGANIZATION, PERSON
from veil.rules.lists import DenyList
from veil.rules.notability import is_language_or_nationality, place
from veil.rules.recognizers.names import known_name_words
from veil.rules.spans import Span
from veil.rules.subject import Subject, decide
from veil.rules.vault import Vault


def kept(analyzer: Analyzer, text: str) -> dict[str, str]:
    analysis = analyzer.analyze_subjects(text)
    return {text[k.span.start : k.span.end]: k.reason for k in analysis.kept}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Can you help my flatmate Dominika Sarnecka write a cover letter?", "Dominika Sarnecka"),
        ("Draft a reply to Oluwaseun Adeyemi, my line manager, about leave.", "Oluwaseun Adeyemi"),
        ("Hi, I'm Radomir Petkovic and I need help with a visa form.", "Radomir Petkovic"),
        ("Make this friendlier:\n\nHi Thandiwe, the invoice is late.\nCheers, Aurelio", "Aurelio"),
        ("Ask Brigitta Kallas (+372 5123 4567) if she can cover Friday.", "Brigitta Kallas"),
        ("Fix my notes:\nTeodora: are we still on for 8?\nMe: yes", "Teodora"),
        ("Write a birthday poem for Rasmus Lindqvist, who turns 60.", "Rasmus Lindqvist"),
    ],
)
def test_people_tied_to_the_writer_are_protected(analyzer, text, name):
    assert name in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("What did Angela Merkel say about refugees in 2015?", "Angela Merkel"),
        ("Summarise Toni Morrison's novels for a reading group.", "Toni Morrison"),
        ("Why did Nelson Mandela spend 27 years in prison?", "Nelson Mandela"),
        ("Write a poem in the style of Pablo Neruda about the sea.", "Pablo Neruda"),
        ("Is it true that the chef Yotam Ottolenghi never uses butter?", "Yotam Ottolenghi"),
        ("Compare the films of Akira Kurosawa and Satyajit Ray.", "Akira Kurosawa"),
    ],
)
def test_public_figures_asked_about_are_kept(analyzer, text, name):
    assert name not in protected(analyzer, text)


def test_the_same_name_is_private_next_to_a_relation_and_public_as_a_topic(analyzer):
    public = "Why did Angela Merkel resign as chancellor?"
    private = "My aunt Angela Merkel wants a birthday card."
    assert "Angela Merkel" not in protected(analyzer, public)
    assert "Angela Merkel" in protected(analyzer, private)


@pytest.mark.parametrize(
    ("text", "place_name"),
    [
        ("We live in Tampere, which school district is best for a 7-year-old?", "Tampere"),
        ("My grandparents in Sibiu need a new boiler, who do I call?", "Sibiu"),
        ("I work at a bakery in Ghent and want to ask for a raise.", "Ghent"),
        ("My cousin is originally from Cuenca and misses the food.", "Cuenca"),
    ],
)
def test_where_someone_lives_or_works_is_protected(analyzer, text, place_name):
    assert place_name in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place_name"),
    [
        ("Plan 4 days in Kyoto and Osaka for a couple who love food.", "Kyoto"),
        ("What is the population of Nairobi and how fast is it growing?", "Nairobi"),
        ("Is Lisbon or Madrid better for a weekend trip in March?", "Madrid"),
        ("We're flying to Reykjavik next week, what should we pack?", "Reykjavik"),
    ],
)
def test_places_as_topic_or_destination_are_kept(analyzer, text, place_name):
    assert place_name not in protected(analyzer, text)


def test_an_employer_is_protected_and_the_same_company_as_a_topic_is_kept(analyzer):
    assert "Siemens" in protected(analyzer, "I'm an engineer at Siemens and my boss is rude.")
    assert "Siemens" not in protected(analyzer, "Why did Siemens spin off its energy business?")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Please chase Nick Moran from Copperleaf Plumbing Ltd about it.",
            "Copperleaf Plumbing Ltd",
        ),
        ("Move the savings to my HSBC account, GB29 NWBK 6016 1331 9268 19.", "HSBC"),
        ("I have worked at Hapag-Lloyd AG since 2019.", "Hapag-Lloyd AG"),
    ],
)
def test_an_organisation_tied_to_someone_is_protected(analyzer, text, value):
    assert value in protected(analyzer, text)


def test_a_nationality_said_of_someone_they_know_is_protected(analyzer):
    assert "Brazilian" in protected(analyzer, "Write a welcome note, she's Brazilian.")
    assert "Brazilian" not in protected(analyzer, "Which Brazilian dishes use cassava?")


def test_languages_and_nationalities_are_not_people(analyzer):
    text = "What are the hardest parts of Portuguese grammar for a Norwegian speaker?"
    assert protected(analyzer, text) == set()
    assert is_language_or_nationality("Portuguese") and is_language_or_nationality("Norwegian")
    assert not is_language_or_nationality("Gonçalo")


def test_a_known_city_after_a_preposition_is_a_place_not_a_person():
    text = "Is Hamilton or Toronto nicer to live in?"
    spans = [Span(3, 11, PERSON, 0.9, "names.v1"), Span(15, 22, LOCATION, 0.9, "ner")]
    verdicts = decide(text, spans)
    assert [v.subject for v in verdicts] == [Subject.PUBLIC, Subject.PUBLIC]
    assert place("Toronto").prominent


def test_the_users_profile_wins_over_notability():
    text = "Ask Barack Obama to pick up milk, he is my neighbour's son."
    spans = [Span(4, 16, PERSON, 1.0, "deny_list")]
    assert decide(text, spans)[0].subject is Subject.PRIVATE
    analyzer = Analyzer(recognizers=[], deny_list=DenyList({"Barack Obama": PERSON}))
    assert protected(analyzer, "Tell me about Barack Obama's presidency.") == {"Barack Obama"}


def test_a_private_name_is_protected_where_it_recurs_in_lower_case(analyzer):
    text = "my nephew Casimir wants a dinosaur cake. casimir is 6, ideas?"
    spans = [s for s in analyzer.analyze(text) if s.label == PERSON]
    assert [text[s.start : s.end] for s in spans] == ["Casimir", "casimir"]


def test_a_first_name_inside_a_public_figures_name_is_not_an_echo(analyzer):
    text = "My son Elvis wants to dress up as Elvis Presley for the school show."
    assert protected(analyzer, text) == {"Elvis"}


@pytest.mark.parametrize("label", [PERSON, LOCATION, ORGANIZATION, NORP])
def test_policy_can_protect_public_entities_per_label(analyzer, label):
    text = "Did Angela Merkel visit Nairobi with Siemens, speaking German?"
    strict = Analyzer(
        recognizers=analyzer.recognizers, public_entities={label: PublicEntities.PROTECT}
    )
    labels = {s.label for s in strict.analyze(text)}
    assert label in labels
    assert labels <= {label}


def test_site_policy_public_entities_shorthand_and_overrides():
    policy = SitePolicy.model_validate(
        {"name": "t", "public_entities": {"default": "protect", "labels": {"NORP": "keep"}}}
    )
    assert policy.public_entities.by_label()[PERSON] is PublicEntities.PROTECT
    assert policy.public_entities.by_label()[NORP] is PublicEntities.KEEP
    short = SitePolicy.model_validate({"name": "t", "public_entities": "protect"})
    assert set(short.public_entities.by_label().values()) == {PublicEntities.PROTECT}
    with pytest.raises(ValueError, match="never public entities"):
        SitePolicy.model_validate({"name": "t", "public_entities": {"labels": {"EMAIL": "keep"}}})


def test_fast_stage_reports_kept_entities_without_changing_them():
    stage = FastStage(SitePolicy(name="t"))
    text = "Tell me about Marie Curie. My landlord Eamon Gallagher lives in Wexford."
    redacted = stage.run(text, Vault()).redacted
    assert "Marie Curie" in redacted.text and "Eamon Gallagher" not in redacted.text
    keep = [f for f in redacted.findings if f.action == "keep"]
    assert [text[f.start : f.end] for f in keep] == ["Marie Curie"]
    assert keep[0].reason and keep[0].replacement is None


# --- the referee: asked only about undecided names, fails closed, stays within budget ---


class _Referee:
    def __init__(self, answer=True, delay: float = 0.0, error: Exception | None = None):
        self.answer, self.delay, self.error = answer, delay, error
        self.calls: list[str] = []

    def is_public(self, text, value, label, deadline):
        self.calls.append(value)
        time.sleep(self.delay)
        if self.error:
            raise self.error
        return self.answer


UNDECIDED = "Valentina Moreau approved the budget yesterday."  # nothing says whose name it is


def test_without_a_referee_an_undecided_name_is_protected(analyzer):
    assert "Valentina Moreau" in protected(analyzer, UNDECIDED)


def test_the_referee_decides_only_undecided_names(analyzer):
    referee = _Referee(answer=True)
    with_referee = Analyzer(recognizers=analyzer.recognizers, referee=RefereeSettings(referee))
    text = UNDECIDED + " My sister Ilse Brandauer says hi. Who was Leonhard Euler?"
    assert protected(with_referee, text) == {"Ilse Brandauer"}
    assert referee.calls == ["Valentina Moreau"]


@pytest.mark.parametrize(
    "referee",
    [_Referee(error=LLMError("model file missing")), _Referee(error=ValueError("bad reply"))],
)
def test_a_failing_referee_protects(analyzer, referee):
    strict = Analyzer(recognizers=analyzer.recognizers, referee=RefereeSettings(referee))
    assert "Valentina Moreau" in protected(strict, UNDECIDED)


def test_the_referee_stays_within_its_calls_and_budget(analyzer):
    names = [
        f"{first} Okafor-Lindgren approved it." for first in ("Annika", "Bruno", "Chiara", "Dmitri")
    ]
    slow = _Referee(answer=True, delay=0.3)
    bounded = Analyzer(
        recognizers=analyzer.recognizers,
        referee=RefereeSettings(slow, max_calls=3, budget_s=0.5),
    )
    found = protected(bounded, " ".join(names))
    assert len(slow.calls) <= 2  # the budget ends before the call limit
    assert len(found) >= 2  # names the referee never answered in time stay protected


def test_llm_referee_on_a_real_model_answers_or_fails_closed(tiny_gguf):
    from veil.local_models.load import load_llm

    referee = LLMReferee(str(tiny_gguf), load_llm)
    deadline = time.monotonic() + 30
    try:
        answer = referee.is_public(UNDECIDED, "Valentina Moreau", PERSON, deadline)
    except LLMError:
        return  # random weights may break the JSON: that is a failure, and it protects
    assert isinstance(answer, bool)


def test_llm_referee_abandons_a_call_past_its_deadline():
    release = threading.Event()

    class Stuck:
        name = "stuck"

        def complete(self, messages, schema=None, max_tokens=512, temperature=0.0):
            release.wait(5)
            return '{"public": true}'

    referee = LLMReferee("stuck", lambda spec: Stuck())
    started = time.monotonic()
    with pytest.raises(LLMError, match="did not answer"):
        referee.is_public(UNDECIDED, "Valentina Moreau", PERSON, time.monotonic() + 0.2)
    release.set()
    assert time.monotonic() - started < 5


# --- open-ended input ---

_FIRST = sorted(n for n in known_name_words()[0] if n.isalpha() and len(n) > 3)[:400]
_LAST = sorted(n for n in known_name_words()[1] if n.isalpha() and len(n) > 3)[:400]
_RELATIONS = ["sister", "landlord", "coworker", "neighbour", "boss", "son", "friend"]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from(_FIRST), st.sampled_from(_LAST), st.sampled_from(_RELATIONS))
def test_any_name_after_a_relation_is_protected(analyzer, first, last, relation):
    text = f"Can you help my {relation} {first} {last} with a letter to the council?"
    covered = [s for s in analyzer.analyze(text) if s.label == PERSON]
    start = text.index(first)
    assert any(s.start <= start and text.index(last) + len(last) <= s.end for s in covered) or (
        any(s.start <= start < s.end for s in covered)
    )


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["Zofia", "Tokyo", "German", "Acme", "Curie"]), max_size=30))
def test_every_span_gets_one_verdict(words):
    text = " and ".join(words)
    spans, position = [], 0
    for word in words:
        start = text.index(word, position)
        spans.append(Span(start, start + len(word), PERSON, 0.9, "names.v1"))
        position = start + len(word)
    verdicts = decide(text, spans)
    assert len(verdicts) == len(spans)


def test_hundreds_of_entities_in_a_long_paste_are_all_decided(analyzer):
    rows = [f"{first} {last}, Tampere, Nokia" for first, last in zip(_FIRST, _LAST, strict=True)]
    text = "Attendees:\n" + "\n".join(rows[:300])
    analysis = analyzer.analyze_subjects(text)
    assert len(analysis.protected) + len(analysis.kept) >= 300


# Knowledge at scale: entries of the encyclopedia index (built by install/setup.sh) say
# which names can be public; context still decides. Names here are not on veil's lists.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("What did Venki Ramakrishnan work out about the ribosome?", "Venki Ramakrishnan"),
        ("Write a neutral profile of Ellen Johnson Sirleaf.", "Ellen Johnson Sirleaf"),
        ("Give me three facts about Mansa Musa for a quiz.", "Mansa Musa"),
        ("Summarise Wisława Szymborska and then Szymborska's Nobel lecture.", "Szymborska"),
        ("She mentored Thelonious Monk in her apartment.", "Thelonious Monk"),
    ],
)
def test_people_with_an_encyclopedia_entry_are_kept(analyzer, text, name):
    assert name not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("follow up with naomi ryan about it", "naomi ryan"),  # an entry, but dealt with
        ("Sign it from me, Callum Reid, please.", "Callum Reid"),  # the writer's own name
        ("Please tidy this paragraph about John Smith's promotion.", "John Smith"),
    ],
)
def test_an_entry_is_no_evidence_when_the_text_or_chance_says_otherwise(analyzer, text, name):
    assert name in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "firm", "person"),
    [
        ("Write a complaint to Zalando about a late parcel. I met Anna there.", "Zalando", "Anna"),
        (
            "Write a complaint to Ryanair about my lost bag. I emailed Kowalczyk.",
            "Ryanair",
            "Kowalczyk",
        ),
    ],
)
def test_a_firm_one_writes_to_is_no_acquaintance(analyzer, text, firm, person):
    """Firms are written to and called like people: a one-word entry that is no first
    name is decided as the organisation it is; a person dealt with stays private."""
    assert firm not in protected(analyzer, text)
    assert person in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place_name"),
    [
        ("Our place in Kettering finally sold.", "Kettering"),
        ("Still in Tulsa for now, but my partner wants to move.", "Tulsa"),
        ("We've lived in Invercargill our whole lives.", "Invercargill"),
        ("I'm a content moderator for TikTok in Dublin.", "TikTok"),
    ],
)
def test_the_parse_ties_places_and_employers_in_any_phrasing(analyzer, text, place_name):
    assert place_name in protected(analyzer, text)


def test_without_the_knowledge_index_the_decision_refuses(monkeypatch, tmp_path):
    from veil.rules import knowledge

    monkeypatch.setenv("VEIL_KNOWLEDGE_DIR", str(tmp_path))
    monkeypatch.setattr(knowledge, "_opened", None)
    text = "Tell me about Mansa Musa."
    with pytest.raises(knowledge.KnowledgeIndexError, match="veil knowledge build"):
        decide(text, [Span(14, 24, PERSON, 0.85, "spacy.ner.v1")])


def test_names_in_other_scripts_go_through_the_same_decision():
    # The name lists are Latin: a Cyrillic or Han name they cannot judge stays protected
    # unless the text treats it as a topic.
    text = "Напиши письмо моему брату Ивану Петрову. Separately: who was 李白?"
    cyrillic, han = text.index("Ивану Петрову"), text.index("李白")
    spans = [
        Span(cyrillic, cyrillic + len("Ивану Петрову"), PERSON, 0.9, "gliner.v1"),
        Span(han, han + 2, PERSON, 0.9, "gliner.v1"),
    ]
    first, second = decide(text, spans)
    assert first.subject is not Subject.PUBLIC
    assert second.subject is Subject.PUBLIC


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Бухгалтер — Мартынова Ольга Степановна, звоните ей после обеда.",
            "Мартынова Ольга Степановна",
        ),
        ("Передай Игорю: Аркадий Петрович Сомов ждёт отчёт.", "Аркадий Петрович Сомов"),
        ("Proszę o usprawiedliwienie dla pani Haliny Zawadzkiej z klasy 2b.", "Haliny Zawadzkiej"),
        ("Nhắn giúp mình cho cô Lê Thị Thu Hà là con bị ốm hôm nay.", "Lê Thị Thu Hà"),
    ],
)
def test_names_by_their_languages_own_marks_are_protected(analyzer, text, name):
    """A patronymic marks an East Slavic full name; Polish and Vietnamese titles in lower
    case mark the name after them."""
    assert any(name in value for value in protected(analyzer, text))


def test_a_famous_name_with_its_patronymic_is_still_the_famous_one(analyzer):
    """Romanized, a patronymic and the spelling of "-ий" stand between the name and its
    entry ("Фёдор Михайлович Достоевский" is titled "Fyodor Dostoyevsky")."""
    text = "Кто такой Фёдор Михайлович Достоевский и что он написал?"
    assert "Фёдор Михайлович Достоевский" not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "place_name", "private"),
    [
        (
            "Jina langu ni Amani, na sasa nafanya kazi Duka la Mema huko Makambako.",
            "Makambako",
            True,
        ),
        ("Tunaishi huko Songea tangu mwaka jana.", "Songea", True),
        ("Je, ni wapi naweza kutembelea huko Zanzibar wakati wa likizo?", "Zanzibar", False),
    ],
)
def test_swahili_says_where_the_writer_lives_and_works_by_the_verb(
    analyzer, text, place_name, private
):
    """Swahili marks "I" and "we" with a prefix of the verb ("nafanya kazi", "tunaishi");
    its question particle "Je," is not French's "je"."""
    assert (place_name in protected(analyzer, text)) is private


@pytest.mark.parametrize(
    ("text", "place_name", "private"),
    [
        ("Apple moved to Cupertino in 1976.", "Cupertino", False),
        ("Arsenal moved to Highbury in 1913, didn't they?", "Highbury", False),
        ("I read about Lionel Messi, who lives in Miami now.", "Miami", False),
        ("Mum moved to Leeds last year.", "Leeds", True),
        ("Jordan lives in Austin now, my cousin says.", "Austin", True),
    ],
)
def test_where_a_public_subject_lives_is_no_residence_of_the_writers(
    analyzer, text, place_name, private
):
    """A residence verb tells whose home a place is by its subject: a club, a firm or a
    famous person the encyclopedia knows is no one of the writer's life."""
    assert (place_name in protected(analyzer, text)) is private


def test_a_cv_header_name_and_its_education_sentence_are_the_holders(analyzer):
    """A name alone on its line above its holder's contact lines is the holder's, when
    the lists know it or the holder's own address spells it; an education entry holds
    its one sentence of a line of prose."""
    text = (
        "Tidy my CV header please:\n\nOluwadamilare Fasanmi-Okoro\n"
        "+234 803 555 0142 | dami.fasanmi@yahoo.com\n\n"
        "BSc (Physics), Federal Polytechnic Ilaro, Ilaro, 2015. Since then I have worked "
        "as a lab technician at Oyelade Diagnostics in Abeokuta and later as a data "
        "analyst at Kuramo Logistics, mostly on Excel and SQL reporting."
    )
    found = protected(analyzer, text)
    assert "Oluwadamilare Fasanmi-Okoro" in found
    assert any("Federal Polytechnic Ilaro" in value for value in found)


def test_a_heading_above_a_phone_number_is_no_name(analyzer):
    text = "Meeting Notes\nDial +44 7700 900123 to join the call"
    assert "Meeting Notes" not in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Mój syn chodzi do Szkoły Podstawowej nr 7 im. Marii Konopnickiej w Zgierzu.",
            "Szkoły Podstawowej nr 7 im. Marii Konopnickiej w Zgierzu",
        ),
        (
            "Con tôi học ở trường Tiểu học Hòa Bình, cô giáo rất nghiêm.",
            "Tiểu học Hòa Bình",
        ),
        ("우리 할머니 박순자 여사님은 수원시 팔달구에 사세요.", "박순자"),
        ("우리 할머니 박순자 여사님은 수원시 팔달구에 사세요.", "수원시 팔달구"),
        (
            "Saya bekerja di PT Maju Bersama cabang Tasikmalaya sejak 2019.",
            "Tasikmalaya",
        ),
        (
            "Tolong buat email untuk atasan saya, Pak Bambang Sutrisno, Kepala Bagian "
            "Gudang PT Sentosa Jaya.",
            "Bambang Sutrisno",
        ),
    ],
)
def test_institutions_people_and_places_by_their_languages_own_forms(analyzer, text, value):
    """A school's number and patron, Vietnamese heads, a Korean honorific and address
    parts, a branch named for its town, and a person beside a role in apposition."""
    assert any(value in found for found in protected(analyzer, text))


def test_a_brand_inside_a_swahili_clause_is_not_read_with_its_neighbours(analyzer):
    """English NER reads "kwenye Instagram yao" (on their Instagram) as one name; Swahili's
    closed-class words mark the clause as another language, and the brand stands alone."""
    text = "Simu yangu ni +255 754 318 927. Nimeona tangazo kwenye Instagram yao."
    assert not any("Instagram" in value for value in protected(analyzer, text))


def test_a_credit_union_in_a_code_comment_is_a_local_institution(analyzer):
    """A spaced dash ends a name ("... Credit Union - internal use only"), and a credit
    union, a bank or a trust no encyclopedia knows is an institution of someone's life."""
    text = (
        "# Owner: Lena Varga <lvarga@tamarackfcu.org>\n"
        "# Tamarack Valley Credit Union - do not share outside the team\n"
        "import pandas as pd\n"
    )
    found = protected(analyzer, text)
    assert "Tamarack Valley Credit Union" in found
    assert not any("share" in value for value in found)


def test_a_brand_named_in_the_possessive_is_its_entry(analyzer):
    """ "Marie Callender's" is the entry, with its possessive: a brand, not a namesake."""
    text = "We always got pies at Marie Callender's when I was a kid. Are they still good?"
    assert not any("Marie Callender" in value for value in protected(analyzer, text))
    assert "Dana Whitfield" in protected(analyzer, "Tell Dana Whitfield's landlord I called.")


_DUTCH_NOTE = (
    "Beste Juf Marloes, Daan is ziek. Groeten, moeder van Daan (CBS De Wegwijzer, Deventer)"
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("اكتب رسالة للدكتور خالد العتيبي بخصوص موعد والدتي", "خالد العتيبي"),
        ("أخي يعمل في مركز الشفاء الطبي منذ سنتين", "مركز الشفاء الطبي"),
        ("بخصوص والدي فهد الشمري (رقم الهوية 1034567891) أرجو المساعدة", "فهد الشمري"),
        ("بخصوص والدي فهد الشمري (رقم الهوية 1034567891) أرجو المساعدة", "1034567891"),
        ("鈴木 花子 様\nご予約番号：KX4P2M\n", "KX4P2M"),
        (
            _DUTCH_NOTE,
            "Marloes",
        ),
        (
            _DUTCH_NOTE,
            "CBS De Wegwijzer",
        ),
        (
            _DUTCH_NOTE,
            "Deventer",
        ),
        ("Dcera chodí do ZŠ Masarykova a byla na Poliklinice Jihlava.", "ZŠ Masarykova"),
        ("Dcera chodí do ZŠ Masarykova a byla na Poliklinice Jihlava.", "Poliklinice Jihlava"),
        ("Mon fils est en CM1 à l'école Victor-Hugo de Landerneau.", "école Victor-Hugo"),
        ("Пані Олено Василівно, Тарас не прийде до Стрийського ліцею №2.", "Олено Василівно"),
        ("Пані Олено Василівно, Тарас не прийде до Стрийського ліцею №2.", "Стрийського ліцею №2"),
        ("Ми записані у стоматологічний центр «Усмішка» на завтра.", "центр «Усмішка»"),
        ("เรียนคุณครูมาลีค่ะ น้องต้นไม่สบายค่ะ", "มาลี"),
        ("เรียนคุณครูมาลีค่ะ ลูกเรียนที่โรงเรียนอนุบาลดวงแก้ว", "โรงเรียนอนุบาลดวงแก้ว"),
        (
            "안녕하세요, 부산 해운대구 센텀중앙로 55, 1203호 세입자입니다.",
            "부산 해운대구 센텀중앙로 55, 1203호",
        ),
        ("경비실 이민수 반장님께 여쭤봤어요.", "이민수"),
    ],
)
def test_names_places_and_institutions_in_more_languages(analyzer, text, value):
    """Each by its language's own marks: Arabic titles and family names with the article,
    institution heads and the word for an id; a Japanese booking number after a
    full-width colon; Dutch, Czech, French, Ukrainian and Thai school and clinic names;
    titles before and after names; a Korean road-name address."""
    assert any(value in found for found in protected(analyzer, text)), protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("baha pa rin sa Brgy. Malanday, Marikina kaya di ako makakapasok", "Brgy. Malanday"),
        ("Vivimos en la Colonia Roma Norte desde 2019.", "Colonia Roma Norte"),
    ],
)
def test_a_neighbourhood_named_after_its_kind_is_a_place(analyzer, text, value):
    """A barangay, a colonia, a kelurahan: the word for the kind of neighbourhood marks
    the place, whatever a gazetteer has."""
    assert any(value in found for found in protected(analyzer, text))


def test_a_relation_in_hindi_typed_in_latin_letters_names_someone(analyzer):
    text = "mere papa Vinod Kulkarni ji 58 ke hai, unka BP high rehta hai"
    assert "Vinod Kulkarni" in protected(analyzer, text)


def test_a_ukrainian_relation_before_a_famous_namesake(analyzer):
    """ "Мій колега Андрій Шевченко (ні, не футболіст)": the writer's colleague, as "my
    colleague" says in English."""
    text = "Мій колега Андрій Шевченко (ні, не футболіст) сперечається зі мною."
    assert "Андрій Шевченко" in protected(analyzer, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Ma voisine s'appelle Jeanne Moreau, elle a 80 ans.", "Jeanne Moreau"),
        ("Mi vecina se llama Penélope Cruz y tiene 70 años.", "Penélope Cruz"),
        ("Мою соседку зовут Алла Пугачёва.", "Алла Пугачёва"),
    ],
)
def test_a_namesake_someone_is_called_in_another_language(analyzer, text, name):
    """ "is called" in another language, after someone of the writer's, names someone the
    writer knows, famous namesake or not."""
    assert name in protected(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "Wie heißt der Kanzler? Er heißt Olaf Scholz.",  # no one of the writer's
        "Mi película favorita se llama Coco, ¿de qué trata?",  # a favourite: a topic
    ],
)
def test_what_a_public_figure_or_a_favourite_is_called_stays(analyzer, text):
    assert protected(analyzer, text) == set()


def test_titles_are_read_as_the_languages_abbreviate_them(analyzer):
    assert "prof.ssa Bellini" in protected(analyzer, "La prof.ssa Bellini vuole cinque pagine.")


def test_a_private_name_read_as_a_town_elsewhere_is_still_the_person(analyzer):
    """ "our son Leo ... in Maricopa County and Leo and I": the second "Leo", which a
    list after "in" reads as a town, is the son named before."""
    text = (
        "Our son Leo is 6. The divorce was final in Maricopa County and Leo and I now live "
        "in Tempe."
    )
    spans = [s for s in analyzer.analyze(text) if text[s.start : s.end] == "Leo"]
    assert len(spans) == 2


def test_a_town_named_in_an_address_of_the_text_is_private_in_any_case(analyzer):
    # Polish locative "w Żyrardowie" of the address's "Żyrardów": kept, it would give the
    # address's town away
    text = (
        "Napisz pismo do spółdzielni w Żyrardowie o wymianę okien. "
        "Adres: ul. Lipowa 12/4, 96-300 Żyrardów."
    )
    assert any("Żyrardowie" in value for value in protected(analyzer, text))


def test_a_title_after_another_languages_a_is_a_persons(analyzer):
    # Polish "a" is "and": "a pani X" is a person, not "a thing"
    text = "Pracuję w piekarni, a pani Bożena Kulesza z kadr mówi, że urlop przepadł."
    assert any("Bożena Kulesza" in value for value in protected(analyzer, text))


@pytest.mark.parametrize(
    ("text", "name", "is_protected"),
    [
        # a work word capitalised inside a title is no cue: "Left" of a novel's name
        (
            "is The Left Hand of Darkness a good starting point for Ursula K. Le Guin",
            "Ursula K. Le Guin",
            False,
        ),
        # in lower case, or opening a sentence, it is
        (
            "I left a job at Brightwater Pallets last year, should I mention it?",
            "Brightwater Pallets",
            True,
        ),
        (
            "Worked for Brightwater Pallets since 2019. Is that long enough?",
            "Brightwater Pallets",
            True,
        ),
        # abbreviations in any case
        ("my GP at Ferncliffe Surgery says it is nothing", "Ferncliffe Surgery", True),
    ],
)
def test_work_cues_are_words_of_the_sentence_not_of_a_title(analyzer, text, name, is_protected):
    assert any(name in value for value in protected(analyzer, text)) is is_protected


def test_a_public_surname_read_with_its_sentences_opening_word_stays_public(analyzer):
    text = (
        "Kim była Wisława Szymborska i od którego wiersza zacząć? "
        "Podobno Szymborska dostała Nobla w 1996 r."
    )
    assert not any("Szymborska" in value for value in protected(analyzer, text))


@pytest.mark.parametrize(
    "text",
    [
        "mi jefe se llama Pablo Neruda Gómez, y quiero regalarle poemas del verdadero Neruda",
        "my boss is called Pablo Neruda Gómez and I want to gift him poems by the real Neruda",
    ],
)
def test_the_real_one_is_the_public_figure_in_other_languages_too(analyzer, text):
    last = text.rindex("Neruda")
    assert not any(s.start <= last < s.end for s in analyzer.analyze(text))


def test_is_called_really_by_the_writer_names_their_acquaintance(analyzer):
    # a famous name, "really" the writer's doctor's; the law named for the famous one is
    # a law, not a person
    text = (
        "Ma dentiste s'appelle vraiment Dr Marie Curie (aucun lien). "
        "Et c'est quoi exactement la loi Veil de 1975 ?"
    )
    values = protected(analyzer, text)
    assert any("Marie Curie" in value for value in values)
    assert not any("Veil" in value for value in values)
