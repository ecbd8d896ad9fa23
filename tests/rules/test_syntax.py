"""Whose a place, organisation or person is, read from the dependency parse (real spaCy
model): possession, apposition, first-person clauses, and what ties nothing (trips,
plans, suppositions, topics, other people's lives)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from veil.rules import syntax
from veil.rules.quasi import find_disclosures
from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS
from veil.rules.syntax import Owner


def _tie(text: str, name: str, place: bool = True) -> syntax.Tie | None:
    start = text.index(name)
    return syntax.tie(
        syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS), start, start + len(name), place
    )


PLACE, ORG = True, False
W, A = Owner.WRITER, Owner.ACQUAINTANCE


@pytest.mark.parametrize(
    ("text", "name", "kind", "owner", "via"),
    [
        ("Our place in Kettering needs a boiler.", "Kettering", PLACE, W, "possession"),
        ("We've been living in Tulsa since 2019.", "Tulsa", PLACE, W, "clause"),
        ("My brother moved to Ghent last year.", "Ghent", PLACE, A, "clause"),
        ("I'm still in Leeds for now.", "Leeds", PLACE, W, "clause"),
        ("The flat in Leith has mould; I rent it.", "Leith", PLACE, W, "dwelling"),
        ("I work remote for Pellworth Ltd.", "Pellworth Ltd", ORG, W, "clause"),
        ("My employer, Dunmore Water, is hiring.", "Dunmore Water", ORG, W, "apposition"),
        ("I'm a nurse at Mercy Ridge.", "Mercy Ridge", ORG, W, "clause"),
        ("Our kid's daycare, Little Acorns, shuts.", "Little Acorns", ORG, A, "apposition"),
        ("Our family pizzeria is called Venezia.", "Venezia", PLACE, W, "possession"),
        ("My sister's cafe is named Lisbon.", "Lisbon", PLACE, A, "possession"),
    ],
)  # fmt: skip
def test_the_writer_or_someone_they_name_is_tied(text, name, kind, owner, via):
    found = _tie(text, name, place=kind)
    assert found is not None and (found.owner, found.via) == (owner, via)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("We fly to Rome next week.", "Rome"),  # a trip
        ("I'd love to live in Lisbon one day.", "Lisbon"),  # a wish
        ("If we lived in Bergen, would we need a car?", "Bergen"),  # a supposition
        ("My favourite band, Radiohead, is touring.", "Radiohead"),  # an opinion
        ("Rachel Okoro lives in Leeds.", "Leeds"),  # someone else's life
        ("In Adichie's talk, what is the main argument?", "Adichie"),  # the span owns
        ("I looked at Oslo on the map.", "Oslo"),  # looking is not living
        ("The town is called Venezia in Italian.", "Venezia"),  # no one's
        # a name further down than what is called: not the writer's friend's
    ],
)
def test_trips_plans_opinions_and_other_lives_tie_nothing(text, name):
    assert _tie(text, name) is None


def test_only_what_is_called_is_named_by_the_call():
    """A name further down than the one called is not the called one's ("my friend is
    called Emma, not the Emma from Harry Potter")."""
    text = "My friend is called Emma, not the Emma from Harry Potter."
    assert _tie(text, "Harry Potter", place=ORG) is None


@pytest.mark.parametrize(
    ("text", "name", "dealt"),
    [
        ("follow up with naomi ryan about it", "naomi ryan", True),
        ("Can you remind me to call Priya Venkat tomorrow?", "Priya Venkat", True),
        ("I met Tomasz Wrobel at the conference.", "Tomasz Wrobel", True),
        ("Compare Joe Hisaishi with Ryuichi Sakamoto.", "Ryuichi Sakamoto", False),
        ("Why did Ada Lovelace write about the engine?", "Ada Lovelace", False),
    ],
)
def test_people_the_writer_deals_with(text, name, dealt):
    start = text.index(name)
    reading = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    assert syntax.dealt_with(reading, start, start + len(name)) is dealt


def test_one_reading_serves_ner_and_the_parse_only_where_a_tie_can_be():
    text = "The museum opens at nine. My sister Dana Okafor moved to Ghent."
    reading = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    assert syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS) is reading  # cached
    assert reading.ner_docs[0][1].ents
    ghent = text.index("Ghent")
    assert syntax.tie(reading, ghent, ghent + 5, place=True) is not None
    # only the sentence with the first-person word was parsed
    assert [key[:2] for key in reading._parsed] == [(text.index("My"), len(text))]


@pytest.mark.parametrize(
    "text",
    [
        "Explain quantum tunnelling like I'm 15, please.",
        "Pretend I'm 80 and explain how to use WhatsApp.",
        "If I were 30 again I'd buy a house.",
        "Describe it as if I were five.",
    ],
)
def test_a_supposed_age_is_not_a_disclosure(text):
    assert not [d for d in find_disclosures(text, year=2026) if d.attribute == "age"]


def test_a_stated_age_still_is():
    found = [d for d in find_disclosures("I'm 15 and my mum won't let me work.", year=2026)]
    assert any(d.attribute == "age" and d.value == 15 for d in found)


@given(
    st.lists(st.tuples(st.integers(0, 200), st.integers(0, 30)), max_size=20),
    st.integers(0, 220),
    st.integers(0, 30),
)
def test_tagged_ranges_answer_as_a_scan_of_every_range(ranges, begin, length) -> None:
    """The index untagged_life_names uses for long pastes (log time per lookup) says what
    testing every entity would."""
    spans = [(start, start + size) for start, size in ranges]
    end = begin + length
    assert syntax._Ranges(spans)(begin, end) == any(s < end and begin < e for s, e in spans)


def test_texts_read_ahead_together_have_the_entities_they_have_read_alone():
    texts = [
        f"My colleague Person{n}x1 Example from Northwind Health in Leeds says hi to "
        f"Priya Raman {n}."
        for n in range(5)
    ] + ["Dana Whitfield rents a flat on Larkspur Lane in Sacramento."]

    def entities(reading: syntax.Parses) -> list:
        return [
            (offset + e.start_char, offset + e.end_char, e.label_)
            for offset, doc in reading.ner_docs
            for e in doc.ents
        ]

    syntax.read_ahead(texts, DEFAULT_MODEL, PIECE_CHARS)
    ahead = [syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS) for text in texts]
    assert all("ner_docs" in vars(reading) for reading in ahead)  # read in the batch
    alone = [syntax.Parses(text, DEFAULT_MODEL, PIECE_CHARS) for text in texts]
    assert [entities(r) for r in ahead] == [entities(r) for r in alone]
    assert any(label == "PERSON" for _, _, label in entities(ahead[-1]))


def test_a_whole_read_ahead_batch_stays_read_until_its_texts_are_asked_for():
    texts = [f"Person{n}x3 Example from Northwind Health says hi (ref {n})." for n in range(50)]
    batch = texts[: syntax.READ_AHEAD_TEXTS]
    syntax.read_ahead(batch, DEFAULT_MODEL, PIECE_CHARS)
    # read in the batch, and still the kept reading when each text is read
    assert all("ner_docs" in vars(syntax.parses(t, DEFAULT_MODEL, PIECE_CHARS)) for t in batch)


def test_the_kept_readings_are_bounded_by_their_characters_too(monkeypatch):
    monkeypatch.setattr(syntax, "_CACHE_CHARS", 1_000)
    texts = [f"{n} " + "word " * 80 for n in range(6)]  # about 400 characters each
    for text in texts:
        syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    kept = [key[0] for key in syntax._cache]
    assert texts[-1] in kept and texts[-2] in kept and texts[0] not in kept
    assert sum(map(len, kept)) <= 1_000
    huge = "word " * 1_000  # over the bound alone: the newest is kept all the same
    assert syntax.parses(huge, DEFAULT_MODEL, PIECE_CHARS) is syntax.parses(
        huge, DEFAULT_MODEL, PIECE_CHARS
    )
    assert [key[0] for key in syntax._cache] == [huge]
    assert syntax.forget_long(1_000) == 1 and not syntax._cache
    assert syntax._cache_chars == 0  # what is counted is what is kept


def test_sentences_parsed_together_are_parsed_as_each_alone():
    """``prepare_together`` (the read-ahead's batch of several texts' sentences) gives each
    text the parse it would make alone, keeps it where the text's own parse looks, and
    leaves a text with nothing to parse as it was."""
    from veil.rules.recognizers.ner import SpacyNerRecognizer

    texts = [
        f"My colleague Person{n}x2 Example from Northwind Health moved to Leeds (ref {n})."
        for n in range(4)
    ] + ["We have lived in Invercargill since 2019 and love it.", "Say hi."]

    def parse(reading: syntax.Parses) -> list:
        return [
            (offset, [(t.text, t.tag_, t.dep_, t.head.i) for t in doc])
            for offset, doc in (reading.parse(s, e) for s, e in reading.sentences())
        ]

    syntax._SENTENCES.clear()
    SpacyNerRecognizer().read_ahead(texts)
    ahead = [syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS) for text in texts]
    assert all(reading._parsed for reading in ahead[:-1])  # parsed in the batch, before asked
    assert not ahead[-1]._parsed  # no name, nothing to tie: not parsed
    together = [parse(reading) for reading in ahead]
    syntax._SENTENCES.clear()  # alone: nothing parsed is kept from the batch
    alone = [parse(syntax.Parses(text, DEFAULT_MODEL, PIECE_CHARS)) for text in texts]
    assert together == alone


def test_a_bracketed_aside_of_figures_does_not_cut_or_take_over_the_clause():
    # "no. 721" ends no sentence inside the brackets, and the parser, which read the
    # number as the subject of "had", reads the clause without the aside
    text = (
        "My mum Gwen Pritchard (DOB 14/02/1951, NHS no. 721 846 3053) had a fall at home "
        "in Rhuddlan and is now on the ward."
    )
    reading = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    assert reading.sentences() == [(0, len(text))]
    town = text.index("Rhuddlan")
    assert syntax.tie(reading, town, town + len("Rhuddlan"), place=True) is not None
    # a span inside the aside is still read in it
    assert (
        syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
        .span(text.index("NHS"), text.index("NHS") + 3)
        .text
        == "NHS"
    )


def test_the_model_runs_on_its_own_backend_in_a_context_that_never_chose_one():
    """Each message is filtered in a copy of the event loop's context; thinc then had no
    current backend there and searched for one at every parse step."""
    import contextvars

    from thinc.backends import context_ops

    nlp = syntax.pipeline(DEFAULT_MODEL)

    def fresh_context() -> object:
        assert context_ops.get() is None
        syntax.pipeline(DEFAULT_MODEL)
        return context_ops.get()

    assert contextvars.Context().run(fresh_context) is nlp.get_pipe("ner").model.ops


def test_kept_parses_hold_no_tok2vec_output():
    """A kept doc's tok2vec rows were a view of its whole batch's array (a long
    history's: megabytes, held as long as one doc of it was kept); the tags and
    dependencies veil reads stay."""
    text = "My sister Dana Okafor moved to Ghent. My brother Ade lives in Lagos."
    reading = syntax.parses(text, DEFAULT_MODEL, PIECE_CHARS)
    reading.prepare([(0, 10), (text.index("brother"), len(text))])
    docs = list(reading._parsed.values())
    assert docs and all(doc.tensor.size == 0 for doc in docs)
    assert all(token.dep_ and token.tag_ for doc in docs for token in doc)
