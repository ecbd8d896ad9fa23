"""Accounts and sites the writer says are theirs: a handle-shaped value after "my <service>
account", and a bare domain right after "my blog / site / shop". Likings, states of an
account and sites one reads are not."""

import pytest

from tests.conftest import found


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("My Crunchyroll account (kitsune_grl_88) says the plan ends Friday", "kitsune_grl_88"),
        ("my Steam id: x_wolf_x, add me", "x_wolf_x"),
        ("our family Netflix profile is mo.and.lu so don't touch it", "mo.and.lu"),
        ('My handle is "quietstorm" on Discord', "quietstorm"),
        ("my old Reddit alias - throwaway2291 - got banned", "throwaway2291"),
    ],
)
def test_a_handle_the_writer_calls_theirs_is_a_username(analyzer, text, value):
    assert ("USERNAME", value) in found(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "my Google account is locked, what do I do?",
        "My account was suspended yesterday.",
        "my profile is private now",
        "Is my Spotify account shared with the family plan?",
    ],
)
def test_a_state_of_an_account_names_no_account(analyzer, text):
    assert not [v for label, v in found(analyzer, text) if label == "USERNAME"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Write a review for my food blog, saltandsaucepan.blog. Keep it short.",
            "saltandsaucepan.blog",
        ),
        ("our shop at mossandfern.co.uk sells plants", "mossandfern.co.uk"),
        ("check my portfolio: jdoe.design and tell me", "jdoe.design"),
    ],
)
def test_a_bare_domain_the_writer_calls_their_site_is_protected(analyzer, text, value):
    assert ("URL", value) in found(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "My favorite site is wikipedia.org",
        "my go-to news site, bbc.co.uk, says it will rain",
        "I read techcrunch.com every day",
        "Is shopify.com better than etsy.com for a small shop?",
    ],
)
def test_sites_one_likes_or_reads_are_not(analyzer, text):
    assert not [v for label, v in found(analyzer, text) if label == "URL"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my discord is wolfie_22 if you want to play", "wolfie_22"),
        ("my IG: ana.silva92", "ana.silva92"),
        ("I'm kitsune_88 on Twitch most nights", "kitsune_88"),
        ("posted by u/throwaway_8812 yesterday", "u/throwaway_8812"),
        ("my old discord tag was Shadow#4421", "Shadow#4421"),
        ("someone on Discord called glimmerfox_77 keeps DMing my sister", "glimmerfox_77"),
        ("a player named x_wolf_x on Roblox keeps asking for her address", "x_wolf_x"),
    ],
)
def test_a_handle_on_a_named_platform_is_a_username(analyzer, text, value):
    assert ("USERNAME", value) in found(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "my discord is down again",
        "I'm tired on Twitch lately",
        "See r/python and issue #1234",
        "fixed in ticket#4521",
        "I met a guy on Reddit called Steve",
        "a Steam sale called Summer Fest",
    ],
)
def test_platforms_and_numbers_without_a_handle_are_not(analyzer, text):
    assert not [v for label, v in found(analyzer, text) if label == "USERNAME"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a tag with its platform after it
        ("Raid leads: ping Morwenna#1187 on Battle.net before Sunday", "Morwenna#1187"),
        # a handle given beside its platform
        ("I stream Stardew on Twitch as lunar_moth_ most evenings", "lunar_moth_"),
        ("message me (quillwort) on Discord if you want in", "quillwort"),
        # a word no language writes, in a text about life online
        ("a guy in our Fortnite lobby called himself NebulaFox42 and kept spamming", "NebulaFox42"),
        ("my kid's Roblox friend Pixel_Nan_ sent her a weird link", "Pixel_Nan_"),
    ],
)
def test_a_word_shaped_like_a_handle_online_is_a_username(analyzer, text, value):
    assert ("USERNAME", value) in found(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        # identifiers in prose about code, with no platform of online life named
        "Polars seems to keep nulls in group_by, unlike pandas",
        # a log's keys, though it names a user name
        "connection: Username-Password\nclient_name: Tillwise Web\nuser_agent: Chrome",
        # SHOUTING_CASE is a setting; a call is a function
        "on my Twitch bot, STREAM_KEY is set and fetch_clips() times out",
    ],
)
def test_identifiers_of_code_are_not_handles(analyzer, text):
    assert not [v for label, v in found(analyzer, text) if label == "USERNAME"]
