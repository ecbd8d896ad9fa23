"""A printed report's text pasted whole: far over spaCy's length limit, names on every
page (shared by the large-input tests of the fast stage, the CLI and the proxy)."""

NAMES = ("Laura Jensen", "Dana Whitfield", "Priya Raman")

BIG_POLICY = "recognizers: [spacy.ner.v1, regex.email.v1]\nquasi_identifiers: false\n"


def big_paste() -> str:
    """A printed report's text: a line naming people on each page, then the page's
    padding, as PDF exports keep it."""
    pages = [
        f"Page {n}: notes for my neighbour {NAMES[n % 3]} and my friend {NAMES[(n + 1) % 3]}.\n"
        + " " * 208_000
        for n in range(12)
    ]
    return "\n\n".join(pages)
