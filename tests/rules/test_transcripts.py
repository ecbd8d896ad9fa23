"""The speakers of a pasted chat are someone, by a name or a handle, whatever the case of
what they say; a form's, a log's or a config's fields are not."""

from __future__ import annotations

import pytest

from tests.conftest import found


def test_speakers_of_a_house_chat_are_people(analyzer):
    text = (
        "pasted from our flat chat:\n"
        "dan: who left the oven on all night\n"
        "Maisie: not me i was at work\n"
        "dan: maisie your stuff was still in it\n"
        "can you write a calm message about it?"
    )
    people = [value for label, value in found(analyzer, text) if label == "PERSON"]
    assert people[:3] == ["dan", "Maisie", "dan"]


def test_handles_of_a_stamped_chat_are_usernames(analyzer):
    text = (
        "make this a clan post:\n"
        "[Today at 20:01] gr1mFang_77: raid at 9 tonight\n"
        "[Today at 20:02] lunarbeetle 🌙: cant, late shift again\n"
        "[Today at 20:04] Zed.k: fine we go without her"
    )
    usernames = {value for label, value in found(analyzer, text) if label == "USERNAME"}
    assert {"gr1mFang_77", "lunarbeetle", "Zed.k"} <= usernames


@pytest.mark.parametrize(
    "text",
    [
        # a log's aligned fields, a key's values, a form: each thing named once
        "Channel:       Security\nSource:        Kernel\nLevel:         Information\n",
        "type: f\ndescription: Wrong email or password.\nconnection: Username-Password\n",
        "2024-06-05T11:02:41Z INFO  starting\n2024-06-05T11:03:12Z WARN  probe failed\n",
        "Subject: rent\nTo: landlord\nNote: see the attached letter please\n",
    ],
)
def test_fields_are_no_speakers(analyzer, text):
    assert not [value for label, value in found(analyzer, text) if label in ("PERSON", "USERNAME")]


def test_speakers_in_scripts_without_capitals_or_blanks(analyzer):
    hindi = (
        "इस चैट से एक शिकायत लिखो:\n"
        "[6/9/24, 9:12 pm] वर्मा जी (A-301): रात को बहुत शोर हो रहा है\n"
        "[6/9/24, 9:15 pm] प्रिया: ऊपर वाले फ्लैट में पार्टी है\n"
    )
    people = {value for label, value in found(analyzer, hindi) if label == "PERSON"}
    assert {"प्रिया", "वर्मा जी"} <= people
    japanese = "高橋：明日の会議は何時？\n私：十時です。\n高橋：了解です。\n"
    people = [value for label, value in found(analyzer, japanese) if label == "PERSON"]
    assert people == ["高橋", "高橋"]  # the writer's "私" is no one's name
