"""rules.code_context: the code-line test in two parts answers as the one pattern does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veil.rules import code_context


@pytest.mark.parametrize(
    "line",
    [
        "def main():",
        "    return x",
        "if (a) {",
        "x = foo.bar(1)",
        "items.map(x => x * 2)",
        "std::vector<int> v;",
        "let user = new User(name)",
        "ptr->next",
        "SELECT * FROM users",
        "Hi, I'm Dana (a nurse) at Northwind Health.",
        "my email is dana.w@gmail.com (work).",
        "see you at 6 pm; thanks",
        "",
    ],
)
def test_the_code_line_test_answers_as_the_pattern(line):
    assert code_context._code_line(line) == (code_context._CODE_LINE.search(line) is not None)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab (){};:=->.new_\t$#@[]'\"1", max_size=40))
def test_the_code_line_test_answers_as_the_pattern_on_any_line(line):
    assert code_context._code_line(line) == (code_context._CODE_LINE.search(line) is not None)
