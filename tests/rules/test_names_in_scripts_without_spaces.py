"""Names in scripts that write no spaces, by the forms that give them: Chinese "I am X"
closed by punctuation, a Chinese or Japanese letter's signature after its last sentence
or after "署名", a Korean relation and a given name alone with its particle. Each by a
common surname or a given name's shape, so common nouns in the same places are not."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("大家好，我是许嘉怡。二十年前我们都是同学。", "许嘉怡"),
        ("明日の打ち合わせですが、資料はTeamsで共有しました。佐藤美咲」", "佐藤美咲"),
        ("資料はGoogleドライブに入れておきました 署名：小野寺 美咲（営業部）", "小野寺 美咲"),
        ("남편 민준이는 경주가 처음이라 불국사를 보여주고 싶어요", "민준"),
        ("남자친구 준호랑 다음 주가 1주년인데 편지 좀 써 줘", "준호"),
    ],
)
def test_a_name_in_a_form_that_gives_it_is_protected(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


@pytest.mark.parametrize(
    "text",
    [
        "我是学生。请问怎么申请奖学金？",
        "以上です。よろしくお願いします。",
        "동생 생일이 내일이야. 선물 추천해 줘",
        "친구 결혼식 축사를 맡게 됐어요",
    ],
)
def test_common_words_in_the_same_places_are_not_names(analyzer, text):
    assert protected_labels(analyzer, text) == {}
