"""Build bench/redaction/public_private_own.jsonl from marked-up prompts.

Markup (stripped from the text; offsets are computed here, never by hand):

* ``[[LABEL:value]]`` marks a private span (data about the writer or someone they know);
* ``{{value}}`` marks one occurrence of a public entity.

Run ``python -m bench.redaction.build_own`` from the repo root, then check the result with
``python -m bench.redaction.check_own``. Standard library only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

OUT_PATH = Path(__file__).resolve().parent / "public_private_own.jsonl"

MARK = re.compile(r"\[\[([A-Z_]+):(.+?)\]\]|\{\{(.+?)\}\}")

# (category, kind, marked text, notes or None)
RECORDS: list[tuple[str, str, str, str | None]] = [
    # ------------------------------------------------------------------ public_only
    # hypothetical-age
    (
        "public_only",
        "hypothetical-age",
        "Explain how mRNA vaccines work like I'm 10. My teacher said {{Katalin Karikó}} and "
        "{{Drew Weissman}} won a {{Nobel}} for it but I didn't get what they actually discovered.",
        None,
    ),
    (
        "public_only",
        "hypothetical-age",
        "Pretend I'm 80 and have never touched a smartphone. Walk me through installing {{WhatsApp}} on an "
        "{{iPhone}} step by step so I can video-call the grandkids, and tell me what to do if it asks for an "
        "{{Apple ID}}.",
        None,
    ),
    (
        "public_only",
        "hypothetical-age",
        "Can you explain what {{Kurt Gödel}} proved about incompleteness as if I were five? Then do it again "
        "as if I were a first-year maths student, and say why {{Gödel}}'s result upset {{David Hilbert}}'s plans.",
        None,
    ),
    (
        "public_only",
        "hypothetical-age",
        "ELI5: why did the {{Ever Given}} getting stuck in the {{Suez Canal}} in 2021 mess up prices for months "
        "afterwards? Use toys or a bathtub as the example.",
        None,
    ),
    (
        "public_only",
        "hypothetical-age",
        "explain the offside rule like im 12 lol. use the 2010 {{World Cup}} final between {{Spain}} and the "
        "{{Netherlands}} if that helps, my dad keeps shouting about {{Arjen Robben}}",
        None,
    ),
    # public-mix
    (
        "public_only",
        "public-mix",
        "Compare {{Joe Hisaishi}}'s score for {{Spirited Away}} with {{Ryuichi Sakamoto}}'s music for "
        "{{The Last Emperor}}. Which one owes more to {{Erik Satie}}, and did {{Studio Ghibli}} ever ask "
        "{{Sakamoto}} to work with them?",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Plan 4 days in {{Lisbon}} for two people in late October. Must-haves: the {{Jerónimos Monastery}}, "
        "a fado night in {{Alfama}}, and a day trip to {{Sintra}} for the {{Pena Palace}}. Is the "
        "{{Lisboa Card}} worth it or should we just use {{Uber}}?",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "How much do {{Spotify}}, {{Deezer}} and {{Tidal}} actually pay artists per stream these days? And what "
        "was the story when {{Taylor Swift}} pulled her catalogue from {{Spotify}} in 2014?",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "What's the actual difference between {{Ozempic}} and {{Mounjaro}}? And how did {{Novo Nordisk}} end up "
        "bigger than the entire {{Danish}} economy for a while, and why did "
        "{{Eli Lilly}} overtake them anyway?",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Write a short scene where {{Hercule Poirot}} and {{Miss Marple}} argue about who's the better "
        "detective. Set it in the library at {{Styles Court}} and have {{Agatha Christie}} walk in at the end "
        "and settle it.",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Give me a reading list on the {{Meiji Restoration}} that covers {{Saigō Takamori}}, "
        "{{Ōkubo Toshimichi}} and the {{Satsuma Rebellion}}. Ideally books in {{English}} that aren't too "
        "academic.",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Summarise the {{Björn Borg}} vs {{John McEnroe}} rivalry, especially the 1980 {{Wimbledon}} final "
        "and the tie-break. Is the film {{Borg vs McEnroe}} with {{Shia LaBeouf}} accurate?",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Is a {{Fairphone 5}} really more repairable than a {{Pixel 8}}? I've seen {{iFixit}}'s scores but "
        "wondered whether {{Which?}} tested battery life too.",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Write a 5-question music trivia round about {{Fela Kuti}}, {{Miriam Makeba}}, {{Youssou N'Dour}}, "
        "{{Angélique Kidjo}} and {{Ali Farka Touré}}. Medium difficulty, answers at the bottom.",
        None,
    ),
    (
        "public_only",
        "public-mix",
        "Who's had the better marathon career, {{Eliud Kipchoge}} or {{Kenenisa Bekele}}? Include the "
        "{{Berlin Marathon}} results, the {{INEOS 1:59 Challenge}} in {{Vienna}}, and whether {{Nike}}'s "
        "{{Vaporfly}} shoes should count as an asterisk.",
        None,
    ),
    # public-person-unlisted
    (
        "public_only",
        "public-person-unlisted",
        "What exactly did {{Venki Ramakrishnan}} win the {{Nobel Prize in Chemistry}} for in 2009, and how was "
        "it connected to {{Ada Yonath}}'s and {{Thomas Steitz}}'s work on the ribosome?",
        None,
    ),
    (
        "public_only",
        "public-person-unlisted",
        "I'm hosting a tribute night for {{Mary Lou Williams}}. Write a two-minute intro covering her "
        "arrangements for {{Duke Ellington}}, her {{Zodiac Suite}}, and how she mentored {{Thelonious Monk}} "
        "and {{Bud Powell}} in her {{Harlem}} apartment.",
        None,
    ),
    (
        "public_only",
        "public-person-unlisted",
        "Write a neutral, encyclopedia-style profile of {{Ellen Johnson Sirleaf}}: her presidency of "
        "{{Liberia}}, the 2011 {{Nobel Peace Prize}}, and the main criticisms of her government. No more than "
        "400 words.",
        None,
    ),
    (
        "public_only",
        "public-person-unlisted",
        "For a history essay: how did Maharaja {{Ranjit Singh}} hold the {{Sikh Empire}} together, and what "
        "happened to the {{Koh-i-Noor}} after the {{British}} annexed the {{Punjab}}?",
        None,
    ),
    # surname-after-full-name
    (
        "public_only",
        "surname-after-full-name",
        "In {{Chimamanda Ngozi Adichie}}'s talk {{We Should All Be Feminists}}, what's the main argument? And "
        "how did {{Adichie}}'s words end up on {{Beyoncé}}'s track {{Flawless}}?",
        None,
    ),
    (
        "public_only",
        "surname-after-full-name",
        "Summarise {{Mario Vargas Llosa}}'s novel {{The Feast of the Goat}} without big spoilers. Why did "
        "{{Vargas Llosa}} pick the assassination of {{Rafael Trujillo}} as his subject, and how close is his "
        "{{Trujillo}} to the historical one?",
        None,
    ),
    (
        "public_only",
        "surname-after-full-name",
        "How did {{Jacinda Ardern}}'s government change {{New Zealand}}'s gun laws after the {{Christchurch}} "
        "mosque attacks? I'd like a timeline, and whether {{Ardern}}'s successor {{Chris Hipkins}} changed "
        "anything.",
        None,
    ),
    # multi-part-name
    (
        "public_only",
        "multi-part-name",
        "Write a one-page profile of {{Luiz Inácio Lula da Silva}}: his metalworkers' union years in "
        "{{São Bernardo do Campo}}, the prison sentence and its annulment, and how {{Lula}} won again in 2022.",
        None,
    ),
    (
        "public_only",
        "multi-part-name",
        "Is {{Macondo}} in {{One Hundred Years of Solitude}} based on {{Aracataca}}? Did {{Gabriel García Márquez}} "
        "ever go back there, and what did {{García Márquez}} say about it?",
        None,
    ),
    (
        "public_only",
        "multi-part-name",
        "Who really came up with the open plan, {{Ludwig Mies van der Rohe}} or {{Le Corbusier}}? Compare "
        "{{Mies}}'s {{Villa Tugendhat}} in {{Brno}} with {{Le Corbusier}}'s {{Villa Savoye}}, I'm just curious "
        "who got there first.",
        None,
    ),
    # ------------------------------------------------------------------ mixed
    # private-place-first-person
    (
        "mixed",
        "private-place-first-person",
        "We finally sold our place in [[LOCATION:Kettering]] after renting it out for four years. Bought in "
        "2011 for £142,000, sold last month for £265,000. How does {{HMRC}} work out capital gains when it was "
        "our main home for part of the time?",
        None,
    ),
    (
        "mixed",
        "private-place-first-person",
        "Still in [[LOCATION:Tulsa]] for now, but my partner [[PERSON:Danielle Okafor]] wants to move closer to "
        "her mom. Can you help me make an honest pros and cons list? I'm worried about leaving my job.",
        None,
    ),
    (
        "mixed",
        "private-place-first-person",
        "The flat in [[LOCATION:Leith]] has black mould again behind the wardrobe. Can you draft a firm but "
        "polite email to our letting agent, [[ORGANIZATION:Harbourside Lets]], asking them to send someone this "
        "week? Sign it from me, [[PERSON:Callum Reid]], and mention I've reported it twice already.",
        None,
    ),
    (
        "mixed",
        "private-place-first-person",
        "Back home in [[LOCATION:Tralee]] we had brown soda bread with everything. Now that I'm living in "
        "[[LOCATION:Berlin]] I can't find proper buttermilk. Can you adapt a recipe using what a {{REWE}} would "
        "stock?",
        None,
    ),
    (
        "mixed",
        "private-place-first-person",
        "Since we got to [[LOCATION:Calgary]] last spring my son has had a hard time at school. Any advice for "
        "helping a 9-year-old settle after moving from [[LOCATION:Quezon City]]? He misses his cousins and "
        "speaks mostly {{Tagalog}} at home.",
        None,
    ),
    (
        "mixed",
        "private-place-first-person",
        "I've been commuting from [[LOCATION:Tonbridge]] on {{Southeastern}} for eight years and the fares keep "
        "going up. If I only go in three days a week now, is a season ticket still worth it or should I use "
        "flexi tickets?",
        None,
    ),
    (
        "mixed",
        "private-place-first-person",
        "We're up in [[LOCATION:Sault Ste. Marie]] and my daughter [[PERSON:Aiyana Whitford]] wants to study "
        "nursing in {{Toronto}}. Compare {{University of Toronto}} and {{Toronto Metropolitan University}} for "
        "clinical placements and cost of living.",
        None,
    ),
    # private-org-first-person
    (
        "mixed",
        "private-org-first-person",
        "I work remote for [[ORGANIZATION:Lanternfish Analytics]], a 20-person data startup, and they want to "
        "move me from employee to contractor. What should I check before I sign anything?",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "My OB at [[ORGANIZATION:Cedar Grove Women's Health]] said my ferritin is low (I'm 28 weeks). Is it ok "
        "to take the iron tablets at the same time as {{Tums}} for heartburn, or do they cancel out?",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "Can you tidy up this memo before I send it?\n\n"
        "To: all crew leads\n"
        "From: [[PERSON:Dana Whitlock]], Field Operations\n"
        "Our employer, [[ORGANIZATION:Millbrook Municipal Water & Light]], is replacing the handheld radios "
        "with {{Microsoft Teams}} on rugged tablets starting June 3. Training is at the "
        "[[STREET_ADDRESS:410 Quarry Road]] yard. Questions to me at [[EMAIL:dwhitlock@millbrookwl.org]] or "
        "[[PHONE:555-0187]].",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "My former instructor at [[ORGANIZATION:Eastgate Adult Learning Centre]], "
        "[[PERSON:Lorraine Pattinson]], wrote me a reference and I got onto the nursing access course! Help me "
        "write a thank-you card that doesn't sound like a template.",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "I've been at [[ORGANIZATION:Hollis & Pratt Engineering]] six years and just found out a new hire is on "
        "£4k more than me. How do I bring it up with my manager [[PERSON:Greg Szymanski]] without sounding "
        "bitter?",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "Our kid's daycare, [[ORGANIZATION:Little Acorns Early Learning]], is closing for two weeks in August. "
        "Any ideas for cheap cover? My sister [[PERSON:Noor]] can do a few days but not all ten.",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "I work at a [[ORGANIZATION:Lidl]] in [[LOCATION:Hexham]] and my manager keeps putting me on a close "
        "followed by an open the next morning. Is that even legal in the {{UK}}? How much rest am I owed?",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "My gym, [[ORGANIZATION:IronWorks Fitness]], wants 60 days' notice to cancel and my trainer there, "
        "[[PERSON:Marco Bellini]], says that's normal. Is it, compared with chains like {{PureGym}} or "
        "{{Anytime Fitness}}?",
        None,
    ),
    (
        "mixed",
        "private-org-first-person",
        "I'm doing my master's at [[ORGANIZATION:Maastricht University]] and my supervisor, "
        "[[PERSON:Femke Hoogland]], hasn't replied in three weeks. Draft a short, polite nudge email in "
        "{{English}} (she prefers it to {{Dutch}} for written stuff).",
        None,
    ),
    # attribute-disclosure
    (
        "mixed",
        "attribute-disclosure",
        "I turned 34 last week and my girlfriend [[PERSON:Priya Raman]] surprised me with tickets to see "
        "{{Khruangbin}} at the {{Hollywood Bowl}}. Help me write her a thank-you note that's sweet but not "
        "cheesy.",
        None,
    ),
    (
        "mixed",
        "attribute-disclosure",
        "Since my divorce from [[PERSON:Kevin Marsh]] I've been on my own in [[LOCATION:Lakewood]], and at 52 "
        "I'd like to start dating again. Is {{Hinge}} or {{Bumble}} better for people my age?",
        None,
    ),
    (
        "mixed",
        "attribute-disclosure",
        "After twelve years as a paramedic with [[ORGANIZATION:Tri-County EMS]] I'm completely burnt out. I'm "
        "41 with two kids. Is retraining as a radiographer realistic, and how long would it take?",
        None,
    ),
    (
        "mixed",
        "attribute-disclosure",
        "I'm a 29-year-old ICU nurse at [[ORGANIZATION:Mercy Ridge Hospital]], engaged to "
        "[[PERSON:Tomás Echeverría]], and we want a small wedding back in my hometown of [[LOCATION:Ogden]]. "
        "Draft a budget for 60 guests under $15k.",
        None,
    ),
    (
        "mixed",
        "attribute-disclosure",
        "My husband [[PERSON:Rajesh Iyer]] and I (both 38, both software engineers) have just moved from "
        "[[LOCATION:Pune]] to [[LOCATION:Leeds]]. How do we register with a GP, and do we need to do anything "
        "about the {{NHS}} surcharge we paid with the visa?",
        None,
    ),
    (
        "mixed",
        "attribute-disclosure",
        "Single dad, 45, bus driver for [[ORGANIZATION:Valley Transit]], and I only get one weekend in three "
        "off. My son [[PERSON:Jaden]] wants to join a Saturday football team. How do other parents in shift "
        "work make this work?",
        None,
    ),
    (
        "mixed",
        "attribute-disclosure",
        "I'm 67 and lost my husband in March. My daughter [[PERSON:Helen Carrow]] wants me to move in with her "
        "family in [[LOCATION:Dunedin]], but I've lived in [[LOCATION:Invercargill]] my whole life. Help me "
        "think it through honestly.",
        None,
    ),
    # brand-work-venue
    (
        "mixed",
        "brand-work-venue",
        "My coworker [[PERSON:Shauna Delaney]] swears {{Notion}} beats {{Obsidian}} for a personal wiki. I'm on "
        "{{Linux}} and don't want to pay for sync. Which would you pick and why?",
        None,
    ),
    (
        "mixed",
        "brand-work-venue",
        "Book club is at my place this month ([[STREET_ADDRESS:14 Wrenfield Close]]) and we're doing "
        "{{Middlemarch}}. Give me 8 discussion questions about {{Dorothea Brooke}}, {{Casaubon}}, and what the "
        "town of {{Middlemarch}} itself stands for.",
        None,
    ),
    (
        "mixed",
        "brand-work-venue",
        "We're visiting {{Fallingwater}} for our anniversary because my wife [[PERSON:Marisol Vance]] loves "
        "{{Frank Lloyd Wright}}. What other {{Wright}} houses are within a day's drive of {{Pittsburgh}}?",
        None,
    ),
    (
        "mixed",
        "brand-work-venue",
        "Is {{Crunchyroll}} or {{Disney+}} better for anime right now? My {{Crunchyroll}} account "
        "([[USERNAME:kitsune_grl_88]]) says the {{Mega Fan}} plan ends Friday and I'm deciding whether to renew.",
        None,
    ),
    (
        "mixed",
        "brand-work-venue",
        "Is my landlord allowed to say this? Pasting his email:\n\n"
        "\"Hi [[PERSON:Aoife]], I've noticed a {{Ring}} doorbell has been fitted to the shared front door at "
        "[[STREET_ADDRESS:27 Carrick Road]]. Cameras covering the communal entrance aren't permitted under the "
        "tenancy, so please remove it by Friday. If you want to discuss, ring me on [[PHONE:07700 900318]] or "
        'reply to [[EMAIL:peter@haldaneproperty.co.uk]].\nRegards,\n[[PERSON:Peter Haldane]]"\n\n'
        "Would a {{Eufy}} camera that only films inside my own door be any different?",
        None,
    ),
    (
        "mixed",
        "brand-work-venue",
        "Write a 300-word review of season one of {{The Bear}} on {{FX}} for my food blog, "
        "[[URL:saltandsaucepan.blog]]. Mention {{Carmy}} and the {{Original Beef of Chicagoland}}, and compare "
        "it to {{Kitchen Confidential}}.",
        None,
    ),
    # public-person-unlisted (mixed)
    (
        "mixed",
        "public-person-unlisted",
        "Our jazz society is doing a tribute night to {{Abdullah Ibrahim}} next month and I'm the MC. Write a "
        "short script that mentions {{Mannenberg}} and his years in exile. Our chair, [[PERSON:Desmond Pillay]], "
        "opens the night; put his number ([[PHONE:555-0142]]) on the programme for ticket queries.",
        None,
    ),
    (
        "mixed",
        "public-person-unlisted",
        "Help my son [[PERSON:Idris Bakare]] outline his Year 9 essay on {{Mansa Musa}} and the "
        "{{Mali Empire}}: the 1324 pilgrimage to {{Mecca}}, the stop in {{Cairo}}, what {{Ibn Khaldun}} later wrote "
        "about him, and why the gold story might be exaggerated.",
        None,
    ),
    (
        "mixed",
        "public-person-unlisted",
        "For my comparative politics class at [[ORGANIZATION:Pinecrest Community College]] I need a neutral "
        "profile of each of {{Tsai Ing-wen}}, {{Mahathir Mohamad}} and {{José Mujica}}. My professor, Dr. "
        "[[PERSON:Alan Whitcombe]], marks down anything that reads as opinion.",
        None,
    ),
    # surname-after-full-name (mixed)
    (
        "mixed",
        "surname-after-full-name",
        "My uncle [[PERSON:Farid Haddad]] keeps saying {{Gamal Abdel Nasser}} was completely right to "
        "nationalise the {{Suez Canal}}. Can you give me a balanced summary of why {{Nasser}} did it and how "
        "{{Britain}}, {{France}} and {{Israel}} responded?",
        None,
    ),
    (
        "mixed",
        "surname-after-full-name",
        "I'm retiring after 31 years at [[ORGANIZATION:Greystone Mutual]] and want to end my speech with "
        "{{Wisława Szymborska}}. Which {{Szymborska}} poem about time or endings would work, and is there a good "
        "{{English}} translation?",
        None,
    ),
    (
        "mixed",
        "surname-after-full-name",
        "I'm tutoring [[PERSON:Oliver Bhatt]] for A-level history. Help me explain how {{Otto von Bismarck}} "
        "used three wars to unify {{Germany}}, and what {{Bismarck}} meant by 'blood and iron'.",
        None,
    ),
    # multi-part-name (mixed)
    (
        "mixed",
        "multi-part-name",
        "My colleague [[PERSON:Ana Paula Rezende]] and I are giving a talk on {{Oscar Niemeyer}} and "
        "{{Brasília}}. Can you outline how {{Juscelino Kubitschek}} and {{Lúcio Costa}} shaped the plan, and "
        "where {{Niemeyer}} disagreed with them?",
        None,
    ),
    (
        "mixed",
        "multi-part-name",
        "Write a toast for my friend [[PERSON:Jean-Baptiste Moreau-Lefèvre]]'s 40th. He's obsessed with "
        "{{Jean-Michel Basquiat}} and {{Antoine de Saint-Exupéry}}, so work in a nod to {{The Little Prince}}.",
        None,
    ),
    # ------------------------------------------------------------------ hard
    (
        "hard",
        "private-org-first-person",
        "I've worked at the [[ORGANIZATION:Aldi]] in [[LOCATION:Wodonga]] for three years. Is it true "
        "{{Aldi}} pays more than {{Coles}} or {{Woolworths}}? Would moving to {{Coles}} be a step up, and whatever "
        "happened to {{Lidl}} opening here?",
        "'Aldi' is the writer's employer the first time (private) and the supermarket chain as a topic the "
        "second time (public).",
    ),
    (
        "hard",
        "private-place-first-person",
        "I grew up in [[LOCATION:Bridgwater]] and still live there. For a talk at the local history group, "
        "explain why the {{Battle of Sedgemoor}} was fought near {{Bridgwater}} in 1685 and what the "
        "{{Duke of Monmouth}} was trying to do.",
        "'Bridgwater' is the writer's home town first (private), then the town as a historical topic "
        "(public).",
    ),
    (
        "hard",
        "same-string",
        "My new coworker is called [[PERSON:Michael Owen]] and everyone keeps asking him about 1998. Give me a "
        "few fresh jokes for his birthday card that compare him to the real {{Michael Owen}}'s goal against "
        "{{Argentina}}.",
        "The same full name is a private coworker (first) and the footballer (second).",
    ),
    (
        "hard",
        "hypothetical-age",
        "I'm 43 and a site manager at [[ORGANIZATION:Brackwell Construction]], but please explain the "
        "{{Bitcoin}} halving to me like I'm 10. My colleague [[PERSON:Stevie Duggan]] won't shut up about it.",
        "Real age (43, no span) and a hypothetical age ('like I'm 10', no span) in the same prompt.",
    ),
    (
        "hard",
        "brand-work-venue",
        "I run a pub called [[ORGANIZATION:The Globe]] in [[LOCATION:Stroud]]. For our quiz night, give me 8 "
        "questions about {{Shakespeare}}'s {{Globe}} in {{London}}: the 1613 fire, the rebuild, and "
        "{{Sam Wanamaker}}.",
        "'The Globe' is the writer's own pub (private); 'Globe' alone later is the theatre (public).",
    ),
    (
        "hard",
        "surname-after-full-name",
        "My friend [[PERSON:Sunita Sen]] is writing about {{Amartya Sen}} for her dissertation (no relation, "
        "she says). Can you summarise {{Sen}}'s capability approach so I can proofread her chapter?",
        "The bare surname 'Sen' refers to the economist (public), not to the private friend who shares it.",
    ),
    (
        "hard",
        "private-org-first-person",
        "I'm a content moderator for [[ORGANIZATION:TikTok]] in [[LOCATION:Dublin]], hired through an agency "
        "called [[ORGANIZATION:Corvane Staffing]]. How did the {{Irish}} {{Data Protection Commission}} fine "
        "{{TikTok}} over children's data, and could that affect contractors like me?",
        "'TikTok' is the writer's (indirect) employer first (private), then the company as a regulatory topic "
        "(public); Dublin is where the writer works.",
    ),
    (
        "hard",
        "private-place-first-person",
        "We live in [[LOCATION:Paris, Texas]] and my son's class is doing a project on the town. Was the "
        "{{Wim Wenders}} film {{Paris, Texas}} actually shot here? And why does the {{Eiffel Tower}} replica by "
        "the civic center wear a cowboy hat, when the one in {{Paris}} obviously doesn't?",
        "'Paris, Texas' is the writer's home town (private) and also the title of a film (public); 'Paris' "
        "alone is the French capital (public).",
    ),
    (
        "hard",
        "attribute-disclosure",
        "My wife [[PERSON:Florence]] and I are going to {{Florence}} for our tenth anniversary (she thinks the "
        "name thing is hilarious). We're both 36. Plan three days with the {{Uffizi}}, a cooking class and a "
        "day in {{Chianti}}.",
        "'Florence' is the writer's wife (private) and then the Italian city as a destination (public).",
    ),
    (
        "hard",
        "multi-part-name",
        "My grandmother, [[PERSON:Maria da Conceição Ferreira]], loved {{Amália Rodrigues}} and took me to hear "
        "{{Maria João Pires}} play in {{Porto}} once. I'd like to make her a playlist of fado and {{Mozart}} "
        "sonatas; suggest 15 tracks.",
        "Two Portuguese multi-part names beginning with 'Maria': the grandmother is private, the pianist is "
        "public.",
    ),
    # lower-case-chat (typed on a phone: no capitals anywhere)
    (
        "mixed",
        "lower-case-chat",
        "dinner at mine tmrw w [[PERSON:rosalind]] n [[PERSON:tobias]], both veggie, we're still in "
        "[[LOCATION:kettering]] so nothing fancy pls. smth like {{jamie oliver}} would do",
        None,
    ),
    (
        "mixed",
        "lower-case-chat",
        "ugh [[ORGANIZATION:hollybrook vets]] charged me 90 quid just to look at [[PERSON:pepper]]'s ear, is that "
        "normal?? my mate [[PERSON:anneliese]] says hers is half that",
        None,
    ),
    (
        "public_only",
        "lower-case-chat",
        "is {{taylor swift}} actually touring {{australia}} again or is that fake, saw it on {{tiktok}}",
        None,
    ),
    # pasted-material (a CV line with a dash, an obituary's family list)
    (
        "mixed",
        "pasted-material",
        "tighten this pls:\n\nEXPERIENCE\nStore Supervisor — [[ORGANIZATION:Primark]], "
        "[[LOCATION:Swindon]] (2019–present)\nSales Assistant — [[ORGANIZATION:Threadline Outfitters]], "
        "[[LOCATION:Chippenham]] (2016–2019)",
        None,
    ),
    (
        "mixed",
        "pasted-material",
        "Can you make this obituary flow better? [[PERSON:Gerald Ashworth]], 88, died peacefully at "
        "[[ORGANIZATION:Meadowlea Nursing Centre]]. He leaves his wife, [[PERSON:Patricia]]; sons "
        "[[PERSON:Colin]] and [[PERSON:Desmond]]; and granddaughter [[PERSON:Imogen]]. He loved {{Elgar}} and "
        "never missed {{The Archers}}.",
        None,
    ),
    # everyday-advice (ordinary sentences: a street's town, a title and a full name, the
    # job before a workplace, what the writer runs, a Romance courtesy title)
    (
        "mixed",
        "everyday-advice",
        "Our letting agent won't fix the damp. The flat is on Cobbler's Row in [[LOCATION:Frodsham]] "
        "and the landlord, a Mr [[PERSON:Alistair Penhaligon]], never answers. Can I go to "
        "{{Shelter}} about it?",
        None,
    ),
    (
        "mixed",
        "everyday-advice",
        "Sou técnica de enfermagem na [[ORGANIZATION:Clínica Santa Luzia]], em [[LOCATION:Itajubá]], "
        "e minha chefe, a senhora [[PERSON:Valquíria]], quer que eu faça plantão dobrado. Isso é "
        "permitido pela {{CLT}}?",
        None,
    ),
    (
        "mixed",
        "everyday-advice",
        "We run a small plant nursery, [[ORGANIZATION:Fernwhistle Plants]], just outside "
        "[[LOCATION:Totnes]]. Should we register for VAT before we hit the {{HMRC}} threshold?",
        None,
    ),
    # public-world (a that-clause of a public figure's life; an entry's name in the genitive)
    (
        "mixed",
        "public-world",
        "Wij wonen in [[LOCATION:Hilvarenbeek]] en mijn zwager [[PERSON:Joost]] beweert dat {{Vincent van "
        "Gogh}} in {{Zundert}} geboren is. Klopt dat?",
        None,
    ),
    (
        "public_only",
        "public-world",
        "Für das Referat: Was macht {{Pina Bauschs}} Stück {{Café Müller}} so besonders, und wo in "
        "{{Wuppertal}} wurde es uraufgeführt?",
        None,
    ),
    # work-paste (a CV's period to now in its own language, a legal form inside a firm's
    # name, a German title declined, a speaker named by a role, a job title)
    (
        "mixed",
        "work-paste",
        "Przetłumacz moje CV na angielski.\n\nDOŚWIADCZENIE\n2020 – obecnie: Analityczka, "
        "[[ORGANIZATION:Orlen]], [[LOCATION:Płock]]\n2016 – 2020: Asystentka, "
        "[[ORGANIZATION:Saldo-Bis Ltd. Co.]], [[LOCATION:Radom]]",
        "the writer's famous employer on a CV line is hers",
    ),
    (
        "mixed",
        "work-paste",
        "Formuliere das bitte freundlicher: 'Liebe Eltern, Fehlzeiten bitte nur noch über "
        "{{WebUntis}} melden. Rückfragen an mich oder an Herrn [[PERSON:Lindemeyer]] im "
        "Sekretariat.'",
        None,
    ),
    (
        "mixed",
        "work-paste",
        "Summarise this thread for my manager:\n[09:02] Landlord: the boiler engineer comes "
        "Thursday\n[09:05] [[PERSON:Tamsin]]: can he come before 10? I start at "
        "[[ORGANIZATION:Quayside Dental]] at 10:30\n[09:07] Landlord: I'll ask",
        None,
    ),
    # family-logistics (an arrival a since-clause counts from, a family of so many in a town,
    # a name with its accents)
    (
        "mixed",
        "family-logistics",
        "Ever since we got to [[LOCATION:Lethbridge]] my daughter [[PERSON:Róisín]] "
        "has hated the wind. Is {{Banff}} worth a weekend with two nine-year-olds?",
        None,
    ),
    (
        "mixed",
        "family-logistics",
        "We're a family of five in [[LOCATION:Stockport]] driving to {{Cornwall}} in August. "
        "Is it better to stop overnight near {{Bristol}} or push through?",
        None,
    ),
    # money-paperwork (a town's council, a reference after "n.", a role in general, a firm
    # with its street)
    (
        "mixed",
        "money-paperwork",
        "Our bins haven't been emptied for a month. Will [[ORGANIZATION:Kirklees Council]] "
        "refund any council tax, or do I go to the {{Local Government Ombudsman}}?",
        None,
    ),
    (
        "mixed",
        "money-paperwork",
        "L'assicurazione mi ha liquidato 1.200 euro su 5.000 (sinistro n. "
        "[[ID_NUMBER:2025/BG/770431]]). Posso fare reclamo all'{{IVASS}}?",
        None,
    ),
    (
        "public_only",
        "money-paperwork",
        "What can a tenant do if a landlord never registers the deposit with the "
        "{{Deposit Protection Service}}? Is it really up to three times the deposit?",
        None,
    ),
    # clubs-online (an office held in a club, handles by their form, a liked star beside
    # a relative, a fan account named for a star)
    (
        "mixed",
        "clubs-online",
        "I'm the treasurer of [[ORGANIZATION:Hexley Vale Harriers]] and we need a kit "
        "sponsor. Draft a short letter to [[ORGANIZATION:Brindle & Sons Bakery]] asking for "
        "£400.",
        None,
    ),
    (
        "mixed",
        "clubs-online",
        "a guy in our {{Fortnite}} lobby called himself [[USERNAME:NebulaFox42]] and keeps "
        "messaging my son [[PERSON:Kasper]], who idolises {{Lionel Messi}}. how do I report it?",
        None,
    ),
    # occasions-care (the venue of the writer's occasion, a place named from "us", a rota's
    # names, a care home named before its kind, a home said in another language's grammar)
    (
        "mixed",
        "occasions-care",
        "Can you help with my best man speech? My brother [[PERSON:Tomasz]] is marrying "
        "[[PERSON:Niamh Ferrity]] and the reception is at [[ORGANIZATION:Glenmorran House]], "
        "fifteen minutes from us in [[LOCATION:Kinnegad]]. We'd like to end on {{Perfect}} by "
        "{{Ed Sheeran}}.",
        None,
    ),
    (
        "mixed",
        "occasions-care",
        "Turn this into a tidy rota for Gran's fridge:\nMon + Fri: [[PERSON:Aoife]] "
        "([[PHONE:07700 900318]]) – meds\nTue: [[PERSON:Declan]] (my cousin) – shopping\n"
        "Sat: me – the whole day",
        None,
    ),
    (
        "mixed",
        "occasions-care",
        "My dad moved into [[ORGANIZATION:Ashcombe Grange]] care home last month and they "
        "keep mixing up his {{Warfarin}} doses. Who do I complain to, the home or the {{CQC}}?",
        None,
    ),
    (
        "mixed",
        "occasions-care",
        "Io e [[PERSON:Chiara]] festeggiamo le nozze d'argento a [[LOCATION:Brescia]], dove "
        "abitiamo da vent'anni. Mi suggerisci una canzone di {{Lucio Battisti}} per il primo "
        "ballo?",
        None,
    ),
    (
        "public_only",
        "occasions-care",
        "Where was {{Queen Elizabeth II}}'s funeral held, and which hymns were sung at "
        "{{Westminster Abbey}}?",
        None,
    ),
    # references-kin (a reference by its shape in any language, kin words of other
    # grammars, teachers' titles, the party to a cited case)
    (
        "mixed",
        "references-kin",
        "Mein Arbeitgeber hat die Lohnabrechnung falsch, Personalnummer steht oben: "
        "[[ID_NUMBER:HBW/7731-K]]. Darf die {{Deutsche Rentenversicherung}} das so verrechnen?",
        None,
    ),
    (
        "mixed",
        "references-kin",
        "Kızım [[PERSON:Zeynep]] bu yıl [[LOCATION:Karşıyaka]]'daki okula başladı. Öğretmeni "
        "için kısa bir teşekkür notu yazar mısın?",
        None,
    ),
    (
        "mixed",
        "references-kin",
        "Juf [[PERSON:Ilse]] van groep 6 vroeg of [[PERSON:Daan]] een spreekbeurt over "
        "{{Anne Frank}} wil houden. Welke boeken raad je aan?",
        None,
    ),
    (
        "mixed",
        "references-kin",
        "the deposit scheme gave us claim ref [[ID_NUMBER:DPS22-0917-XQ]] but our old landlord "
        "Mr [[PERSON:Halloran]] still won't reply, we moved out of the flat in "
        "[[LOCATION:Eastleigh]] in june",
        None,
    ),
    (
        "public_only",
        "references-kin",
        "In {{Carlill v Carbolic Smoke Ball Co}}, why did Mrs {{Carlill}} win, and is the case "
        "still taught in first-year contract law?",
        None,
    ),
    # countries-introductions (a country of one's life is kept, someone introduced as one
    # of a kind is private, a contact line's firm, kin of other grammars)
    (
        "mixed",
        "countries-introductions",
        "We emigrated from {{Portugal}} in 2019 and now live in [[LOCATION:Kamloops]]. My "
        "husband [[PERSON:Duarte Pimentel]] wants to know if his licence can be exchanged or "
        "if he has to sit the test again.",
        None,
    ),
    (
        "mixed",
        "countries-introductions",
        "A landlord called [[PERSON:Ferris Odukoya]] keeps texting me from "
        "[[PHONE:07700 900317]] about a viewing I never booked. Is it a scam, and should I "
        "report it to {{Action Fraud}}?",
        None,
    ),
    (
        "hard",
        "countries-introductions",
        "Can you translate this signature into English for our supplier list?\n\n"
        "[[PERSON:Ilka Brandvold]] | Kontorsjef | [[ORGANIZATION:Tindra Tannklinikk]] | "
        "[[PHONE:+47 912 44 318]]",
        "a contact line: the firm is a field between a job title and a phone number",
    ),
    (
        "mixed",
        "countries-introductions",
        "मेरी छोटी बहन [[PERSON:कविता]] अगले महीने {{कनाडा}} जा रही है। उसके लिए {{Air India}} की "
        "टिकट सस्ती मिलेगी या {{Emirates}} की?",
        None,
    ),
    (
        "public_only",
        "countries-introductions",
        "Why did so many people emigrate from {{Portugal}} to {{Luxembourg}} in the 1970s, and "
        "is {{Portuguese}} still widely spoken there?",
        None,
    ),
    # clauses-businesses (a move told with "since", a wish in another clause, a firm
    # located by its town or described as one of a kind, a request about public life)
    (
        "mixed",
        "clauses-businesses",
        "since moving to [[LOCATION:Umeå]] for my postdoc i barely see daylight, but anyway: "
        "how would you structure a review of {{Arctic}} permafrost studies?",
        None,
    ),
    (
        "mixed",
        "clauses-businesses",
        "Please reply to the supplier for us. We're [[ORGANIZATION:Fennel & Flint]], a small "
        "spice shop in [[LOCATION:Hebden Bridge]], and the jars from "
        "[[ORGANIZATION:Calder Glassworks]] in [[LOCATION:Todmorden]] arrived cracked again.",
        None,
    ),
    (
        "hard",
        "clauses-businesses",
        "We want completely different things: he's moving back to [[LOCATION:Gdynia]] to "
        "run his uncle's boatyard, and I'm staying here for my nursing course. How do I end "
        "it kindly?",
        "a wish in the first clause, a move made in the second",
    ),
    (
        "mixed",
        "clauses-businesses",
        "Pomóż mi napisać podziękowanie: piszę pracę magisterską o {{Wisławie Szymborskiej}}, "
        "a mój promotor (dr [[PERSON:Tadeusz Wierzbiński]]) bardzo mi pomógł.",
        None,
    ),
    (
        "public_only",
        "clauses-businesses",
        "Write a short fan post about {{Andrea Kimi Antonelli}}'s first season at "
        "{{Mercedes}} and compare it with {{Lewis Hamilton}}'s 2007 debut at {{McLaren}}.",
        None,
    ),
    # addresses-records (an address with its building, unit and town; a forebear's record;
    # a request asked "for me" about public life; an employer after a verb of working; a
    # relation and a given name in a script without spaces)
    (
        "mixed",
        "addresses-records",
        "Can you check the address block on this form? Tenant: [[PERSON:Oluwaseyi Brandt]], "
        "[[STREET_ADDRESS:Flat 6, Wrenfield House, 21 Copperbeck Road, Skelmanthorpe]]. "
        "The council portal keeps rejecting it.",
        None,
    ),
    (
        "mixed",
        "addresses-records",
        "My great-grandmother's baptism entry reads: [[PERSON:Hester Ann Pollitt]], born "
        "[[DATE_OF_BIRTH:3 March 1884]], daughter of a weaver. Is {{FreeBMD}} or "
        "{{FamilySearch}} better for finding her siblings?",
        None,
    ),
    (
        "public_only",
        "addresses-records",
        "Write me a short summary of how {{Wangari Maathai}} started the {{Green Belt "
        "Movement}}, and why {{Maathai}} won the {{Nobel Peace Prize}}.",
        None,
    ),
    (
        "mixed",
        "addresses-records",
        "Tighten my CV summary: 'Payroll analyst, previously at [[ORGANIZATION:Brennock "
        "Foods]], now moving into {{SAP}} consulting.'",
        None,
    ),
    (
        "mixed",
        "addresses-records",
        "아내 [[PERSON:서연]]이랑 다음 달에 {{제주도}} 가는데 렌터카 빌리는 게 나을까요?",
        None,
    ),
    # postal-farms-east-asia (an address with no house number before its postal tail; a
    # farm by its head; an East Asian address, name or birth date by its own format)
    (
        "mixed",
        "postal-farms-east-asia",
        "Please check my letter to {{Natural England}} about the footpath. My address is "
        "[[STREET_ADDRESS:Hollin Barn, Scar Lane, Lowgill LA2 8RF]], and the stile is on "
        "the boundary with [[LOCATION:Crag End Farm]].",
        None,
    ),
    (
        "mixed",
        "postal-farms-east-asia",
        "We run 400 ewes on [[LOCATION:Tarnside Ranch]] and the tag reader keeps failing. "
        "Is a {{Shearwell}} stick reader better than the {{Allflex}} one?",
        None,
    ),
    (
        "mixed",
        "postal-farms-east-asia",
        "再配達をお願いしたいです。住所は[[STREET_ADDRESS:神奈川県藤沢市鵠沼海岸3-8-21 "
        "ハイツ浜風105]]です。{{ヤマト運輸}}のアプリからでもできますか？",
        None,
    ),
    (
        "mixed",
        "postal-farms-east-asia",
        "帮我改一下这条消息：[[PERSON:邓志明]]总监您好，我是销售部的[[PERSON:罗晓彤]]，"
        "下周想请两天假回[[LOCATION:成都]]看病。",
        None,
    ),
    (
        "public_only",
        "postal-farms-east-asia",
        "Why did {{Clarkson's Farm}} film at {{Diddly Squat}} rather than a set, and is "
        "{{Kaleb Cooper}} still farming in {{Chadlington}}?",
        None,
    ),
    # hosts-records-relatives (a URL by its scheme's grammar; an account by a login's; a
    # record by its documented shape or its column; a relative's workplace in the third
    # person; a business called so after its kind)
    (
        "mixed",
        "hosts-records-relatives",
        "Deploy hangs on the second box:\n```\nrsync -az ./dist/ [[USERNAME:ci_tollg]]@$s:/srv/\n"
        "DB_URL=[[URL:jdbc:postgresql://db1.tollgarth.lan:5432/shop]]\n```\n"
        "Both run {{Debian}} 12. Any idea?",
        None,
    ),
    (
        "mixed",
        "hosts-records-relatives",
        "Resolution note for [[ID_NUMBER:INC0077314]] please: caller [[PERSON:Wenna Trelawny]] "
        "could not log in to {{Outlook}} after the password change.",
        None,
    ),
    (
        "mixed",
        "hosts-records-relatives",
        "Mia zia lavora come cuoca per la [[ORGANIZATION:Lavazza]] a [[LOCATION:Torino]] da trent'anni. "
        "Che cosa regalarle per la pensione?",
        None,
    ),
    (
        "mixed",
        "hosts-records-relatives",
        "I run a little café in [[LOCATION:Keswick]] called [[ORGANIZATION:Fellside Brew]] and "
        "want to reply to a {{Tripadvisor}} review about our scones.",
        None,
    ),
    (
        "public_only",
        "hosts-records-relatives",
        "Is {{Grafana}} or {{Datadog}} cheaper for a team of ten, and does {{Kubernetes}} "
        "1.29 change anything for {{Prometheus}}?",
        None,
    ),
    # signatures-fields-scripts (a sign-off after a dash or a closing word in any
    # language; the people a party field lists; a birthplace field; a name of an Indian
    # script read aloud; a district by its suffix)
    (
        "mixed",
        "signatures-fields-scripts",
        "tidy this for the ward whatsapp pls: {{NEWS2}} obs due 14:00 for bed 6, family "
        "visiting at 3. ring me if probs - [[PERSON:Maud]]",
        None,
    ),
    (
        "mixed",
        "signatures-fields-scripts",
        "Turn these into formal minutes.\nPresent: Mr [[PERSON:Osei Boateng]] (Chair), "
        "Ms [[PERSON:Priya Menon]] (Treasurer)\nApologies: [[PERSON:Daniel Koh]]\n"
        "Agreed to move the account to {{Starling}}.",
        None,
    ),
    (
        "mixed",
        "signatures-fields-scripts",
        "Check my translation of this certificate line:\nMiejsce urodzenia: [[LOCATION:Sanok]]\n"
        "Place of birth: [[LOCATION:Sanok]]\nIs '{{Poland}}' needed after it?",
        None,
    ),
    (
        "mixed",
        "signatures-fields-scripts",
        "मेरे भाई [[PERSON:विनोद कुमार तिवारी]] का {{आधार}} अपडेट करवाना है। "
        "डॉक्टर [[PERSON:सीमा चौहान]] ने फॉर्म पर साइन किया है। क्या यह काफी है?",
        None,
    ),
    (
        "public_only",
        "signatures-fields-scripts",
        "{{Parkinson's disease}} and {{Bell's palsy}}: how are they told apart, and what "
        "does {{NICE}} say about referral?",
        None,
    ),
    # clitics-questions-work (Arabic and Hebrew prepositions and "and" on the word, the
    # hamza left off, Persian cousins; an English question without its mark; a surname
    # asked about after the full name; where one does one's living; who made a thing of
    # one's work)
    (
        "mixed",
        "clitics-questions-work",
        "ابغى اكتب رسالة لأختي [[PERSON:هند الشمري]] اللي ساكنة في [[LOCATION:الدمام]]، "
        "انا عايش في [[LOCATION:جدة]] من سنتين. هل {{STC Pay}} يحول فوري؟",
        None,
    ),
    (
        "mixed",
        "clitics-questions-work",
        "ההורים שלי גרים ב[[LOCATION:רחובות]] והחברים שלי [[PERSON:נועה]] "
        "ו[[PERSON:איתמר]] באים מ[[LOCATION:חיפה]]. מה כדאי לראות ב{{ירושלים}}?",
        None,
    ),
    (
        "public_only",
        "clitics-questions-work",
        "{{Ottilie Brannagh}} wrote {{The Salt Road}} in 1994. did {{Brannagh}} ever win "
        "the {{Booker Prize}} for it",
        None,
    ),
    (
        "mixed",
        "clitics-questions-work",
        "I clean holiday cottages in [[LOCATION:Polperro]] for a small agency and I love "
        "the harbour in {{Fowey}}. Can you help me price a deep clean?",
        None,
    ),
    (
        "mixed",
        "clitics-questions-work",
        "The nightly export job was written by [[PERSON:Folasade Ekwueme]] before she left; "
        "reviewed by me ([[PERSON:Radek]]). It fails on {{PostgreSQL}} 16, why?",
        None,
    ),
]


def parse(marked: str) -> tuple[str, list[dict], list[dict]]:
    out: list[str] = []
    pos = 0
    length = 0
    spans: list[dict] = []
    public_spans: list[dict] = []
    for m in MARK.finditer(marked):
        chunk = marked[pos : m.start()]
        out.append(chunk)
        length += len(chunk)
        if m.group(1):
            value = m.group(2)
            spans.append(
                {"start": length, "end": length + len(value), "label": m.group(1), "value": value}
            )
        else:
            value = m.group(3)
            public_spans.append({"start": length, "end": length + len(value), "text": value})
        out.append(value)
        length += len(value)
        pos = m.end()
    out.append(marked[pos:])
    return "".join(out), spans, public_spans


def build() -> list[dict]:
    records = []
    for i, (category, kind, marked, notes) in enumerate(RECORDS, 1):
        text, spans, public_spans = parse(marked)
        public = list(dict.fromkeys(p["text"] for p in public_spans))
        rec = {
            "id": f"own-{i:03d}",
            "category": category,
            "kind": kind,
            "text": text,
            "spans": spans,
            "public": public,
            "public_spans": public_spans,
        }
        if notes:
            rec["notes"] = notes
        records.append(rec)
    return records


def main() -> None:
    records = build()
    with OUT_PATH.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {OUT_PATH}")


if __name__ == "__main__":
    main()
