"""Write rules/data/english_words.marisa: every ordinary English word (the lower-case
entries of the SCOWL word lists, American and British), as a marisa trie that veil maps
from the file instead of holding 65,000 strings in memory. rules.truecase reads it: text
typed in lower case does not have an English word capitalised as a name ("will",
"reading", "design agency").

Run by hand when the lists change, on a machine with Debian's SCOWL packages
(`apt-get install wamerican wbritish`); the output and the lists' copyright notice are
committed:

    .venv/bin/python install/english_words.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import marisa_trie

WORD_LISTS = (Path("/usr/share/dict/american-english"), Path("/usr/share/dict/british-english"))
COPYRIGHT = Path("/usr/share/doc/wamerican/copyright")
DATA = Path(__file__).resolve().parents[1] / "rules" / "data"


def main() -> int:
    missing = [str(p) for p in (*WORD_LISTS, COPYRIGHT) if not p.exists()]
    if missing:
        print(f"missing {', '.join(missing)}: apt-get install wamerican wbritish", file=sys.stderr)
        return 1
    words = sorted(
        {
            word
            for path in WORD_LISTS
            for word in path.read_text("utf-8").split()
            if word.isalpha() and word.islower()
        }
    )
    marisa_trie.Trie(words).save(str(DATA / "english_words.marisa"))
    shutil.copyfile(COPYRIGHT, DATA / "english_words.COPYRIGHT")
    print(f"{len(words)} words to {DATA / 'english_words.marisa'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
