"""The GCG parser and writer, and records imported as games, on small inline records."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.game_gcg import import_record
from adjudicator.core.gcg import (
    ChallengeBonus,
    Exchange,
    GcgRecord,
    Pass,
    Play,
    Player,
    Pragma,
    RackPoints,
    TimePenalty,
    Withdrawal,
    decode_gcg,
    encode_gcg,
    parse_gcg,
    write_gcg,
)
from adjudicator.errors import (
    GcgEncodingError,
    GcgError,
    GcgPragmaError,
    GcgSyntaxError,
    GcgTileError,
    GcgUnknownPlayerError,
    GcgWithdrawalError,
    InputError,
)
from adjudicator.loaders import load_config
from tests.conftest import GCG_DIR  # the shared records: read when present

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
DATA = ROOT / "tests" / "data" / "gcg"

HEAD = "#player1 ann Ann Smith\n#player2 bob Bob\n"


@pytest.fixture(scope="module")
def registry():
    return load_config(CONFIG)


@pytest.fixture(scope="module")
def english(registry):
    return registry.ruleset("scrabble-en")


def one(line: str):
    """The single event of a two-player record holding ``line``."""
    (event,) = parse_gcg(HEAD + line + "\n").events
    return event


# --- decoding ----------------------------------------------------------------


def test_decode_utf8_header():
    data = "#character-encoding UTF-8\n#player1 césar César\n".encode()
    assert "césar" in decode_gcg(data)


def test_decode_without_header_is_utf8_else_latin1():
    # Bytes that are no UTF-8 text are ISO-8859-1, as the format says.
    assert "césar" in decode_gcg(b"#player1 c\xe9sar c\xe9sar\n")
    # UTF-8 bytes without the header are UTF-8: what real writers produce.
    assert "césar" in decode_gcg("#player1 césar x\n".encode())
    assert "ŻÓŁW" in decode_gcg(">ann: AAAWŁÓŻ 8E ŻÓŁW +28 28\r\n".encode())


def test_decode_declared_latin1_stays_latin1():
    data = "#character-encoding ISO-8859-1\n#player1 césar x\n".encode()
    assert "cÃ©sar" in decode_gcg(data)


def test_import_german_utf8_record_without_encoding_line(registry):
    """Our own German record, written in UTF-8 with no ``#character-encoding`` line."""
    data = (DATA / "de-utf8-no-encoding-line.gcg").read_bytes()
    assert not data.startswith(b"#character-encoding") and "Ä".encode() in data
    record = parse_gcg(decode_gcg(data))
    assert [p.name for p in record.players] == ["Jürgen Müller", "Käthe Groß"]
    state = imported(decode_gcg(data), registry.ruleset("scrabble-de"))
    assert [h.points for h in state.history] == [20, 9, 17] and state.flags == []
    assert state.history[0].words == ["BÄR"]


@pytest.mark.skipif(not (GCG_DIR / "domino14__macondo").is_dir(), reason="no shared records")
def test_shared_utf8_record_without_header():
    data = (GCG_DIR / "domino14__macondo" / "gcgio__testdata__name_utf8_noheader.gcg").read_bytes()
    assert parse_gcg(decode_gcg(data)).players[0].nick == "césar"


@pytest.mark.parametrize("name", ["UTF-8", "utf-8", "utf8"])
def test_decode_header_spellings(name):
    assert "é" in decode_gcg(f"#character-encoding {name}\n#title é\n".encode())


def test_decode_bom_and_crlf():
    data = b"\xef\xbb\xbf#player1 a \xc3\xa9\r\n#player2 b b\r\n>a: A 8H AA +2 2\r\n"
    text = decode_gcg(data)
    assert text == "#player1 a é\n#player2 b b\n>a: A 8H AA +2 2\n"
    assert parse_gcg(text).players[0].name == "é"


def test_decode_keeps_c1_controls_inside_lines():
    # Byte 0x85 decodes to NEL, which str.splitlines() would treat as a line break.
    text = decode_gcg(b"#player1 a a\x85b\n#player2 b b\n")
    assert parse_gcg(text).players[0].name == "a\x85b"


def test_decode_refuses_other_declared_encodings():
    with pytest.raises(GcgEncodingError) as exc:
        decode_gcg(b"#character-encoding ISO8859-6\n#player1 a a\n")
    assert exc.value.line == 1
    assert exc.value.code == "gcg-encoding"


def test_decode_bad_utf8_names_the_line():
    with pytest.raises(GcgEncodingError) as exc:
        decode_gcg(b"#character-encoding UTF-8\n#player1 a a\n#player2 b \xe9\n")
    assert exc.value.line == 3
    assert exc.value.fields["line"] == 3


# --- pragmas -----------------------------------------------------------------


def test_pragmas_and_players():
    record = parse_gcg(
        "#character-encoding UTF-8\n"
        "#description Created by hand\n"
        "#player1 ann Ann Smith\n"
        "#player2 bob Bob\n"
        "#title Club night\n"
        "#lexicon NWL23\n"
        "#id club 1234\n"
        "#incomplete \n"
        "#game-type classic\n"
        ">ann: AEINRST 8D RETAINS +72 72\n"
        "#note opening bingo\n"
        "#rack2 ?ABCDEF\n"
    )
    assert record.players == (Player(1, "ann", "Ann Smith"), Player(2, "bob", "Bob"))
    assert record.lexicon == "NWL23"
    assert record.title == "Club night"
    assert record.description == "Created by hand"
    assert record.id == "club 1234"
    assert record.pragma("incomplete") == ""
    assert record.pragma("GAME-TYPE") == "classic"
    assert record.pragma("missing") is None
    assert record.notes == (Pragma("note", "opening bingo", after=1),)
    assert record.racks == {1: "?ABCDEF"}
    assert record.notes[0].line == 11


def test_note_continues_on_free_text_lines():
    record = parse_gcg(
        HEAD + ">ann: AEINRST 8D RETAINS +72 72\n#note first line\nsecond line\n\nthird\n"
        ">bob: AB 9D AB +9 9\n"
    )
    assert record.notes[0].value == "first line\nsecond line\nthird"
    assert len(record.events) == 2


def test_free_text_outside_a_note_is_an_error():
    with pytest.raises(GcgSyntaxError) as exc:
        parse_gcg(HEAD + "just some text\n")
    assert exc.value.line == 3
    assert exc.value.code == "gcg-syntax"
    assert isinstance(exc.value, InputError)
    assert exc.value.extras()["text"] == "just some text"


def test_encoding_pragma_must_be_first():
    with pytest.raises(GcgPragmaError) as exc:
        parse_gcg(HEAD + "#character-encoding UTF-8\n")
    assert exc.value.line == 3


@pytest.mark.parametrize(
    "text", ["#player1 a A\n#player1 b B\n", "#player1\n", "#player0 a A\n", "#player1 a:b A\n"]
)
def test_bad_player_pragmas(text):
    with pytest.raises(GcgPragmaError):
        parse_gcg(text)


def test_players_inferred_without_pragmas():
    record = parse_gcg(">x: AB 8H AB +8 8\n>y: CD - +0 0\n")
    assert [p.nick for p in record.players] == ["x", "y"]
    assert [e.player for e in record.events] == [0, 1]


def test_four_players():
    record = parse_gcg(
        "#player1 a A\n#player2 b B\n#player3 c C\n#player4 d D\n"
        ">a: X 8H AX +18 18\n>b: X - +0 0\n>c: X - +0 0\n>d: X - +0 0\n>a: X - +0 18\n"
    )
    assert [e.player for e in record.events] == [0, 1, 2, 3, 0]


# --- events ------------------------------------------------------------------


def test_play_across_and_down():
    ev = one(">ann: DINNVWY 8D WINDY +32 32")
    assert isinstance(ev, Play)
    assert (ev.nick, ev.player, ev.rack, ev.coord, ev.word) == ("ann", 0, "DINNVWY", "8D", "WINDY")
    assert (ev.score, ev.total, ev.extra, ev.line) == (32, 32, (), 3)
    assert ev.raw == ">ann: DINNVWY 8D WINDY +32 32"
    assert one(">ann: AEJNOSV E3 JAVE..N +34 34").coord == "E3"


def test_lowercase_coordinates_are_upper_cased():
    assert one(">ann: AOXJGWS  8g   JAW             +26   26").coord == "8G"
    assert one(">ann: AACEENS   j4  ENCASE          +28   28").coord == "J4"


def test_blank_and_playthrough_words_stay_as_written():
    assert one(">ann: ?EIINOR K5 RE.IgION +78 78").word == "RE.IgION"
    assert one(">ann: AEZ F8 HAZE +36 36").word == "HAZE"


def test_cross_words_after_the_total_are_kept():
    ev = one(">ann: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO")
    assert (ev.score, ev.total, ev.extra) == (26, 66, ("BE,", "ET,", "DO"))


def test_score_without_plus_and_negative_total():
    ev = one(">ann: AB 8H AB 8 -3")
    assert (ev.score, ev.total) == (8, -3)


def test_pass():
    ev = one(">ann: CDDEOT - +0 0")
    assert isinstance(ev, Pass) and ev.rack == "CDDEOT"
    assert isinstance(one(">ann: DEINNOR -  +0 0"), Pass)


@pytest.mark.parametrize(
    "move, tiles, count",
    [("-ABC", "ABC", None), ("-?", "?", None), ("-4", "", 4), ("-KWŃW", "KWŃW", None)],
)
def test_exchange(move, tiles, count):
    ev = one(f">ann: ABCDEFG {move} +0 0")
    assert isinstance(ev, Exchange)
    assert (ev.tiles, ev.count) == (tiles, count)


def test_withdrawal_follows_its_play():
    record = parse_gcg(HEAD + ">ann: DEIILTZ 4B TIL.. +24 79\n>ann: DEIILTZ --  -24 55\n")
    ev = record.events[1]
    assert isinstance(ev, Withdrawal)
    assert (ev.score, ev.total, ev.player) == (-24, 55, 0)


def test_withdrawal_written_plus_zero():
    record = parse_gcg(HEAD + ">bob: AEGKLRW 8D WERGEL +45 45\n>bob: AEGKLRW   -- +0 0\n")
    assert isinstance(record.events[1], Withdrawal)
    assert record.events[1].score == 0


@pytest.mark.parametrize(
    "lines",
    [
        ">ann: ABC --  -5 0\n",
        ">ann: ABC - +0 0\n>ann: ABC --  -0 0\n",
        ">ann: AB 8H AB +8 8\n>bob: AB --  -8 0\n",
        ">ann: AB 8H AB +8 8\n#note x\n>bob: CD - +0 0\n>ann: AB -- -8 0\n",
    ],
)
def test_withdrawal_without_a_play_is_an_error(lines):
    with pytest.raises(GcgWithdrawalError) as exc:
        parse_gcg(HEAD + lines)
    assert exc.value.code == "gcg-orphan-withdrawal"


def test_challenge_bonus_with_and_without_rack():
    ev = one(">ann: DIMSTTW (challenge) +5 37")
    assert isinstance(ev, ChallengeBonus) and (ev.rack, ev.score) == ("DIMSTTW", 5)
    ev = one(">ann:  (challenge) +10 399")
    assert isinstance(ev, ChallengeBonus) and (ev.rack, ev.score) == ("", 10)


def test_going_out_bonus():
    for line in (">ann:  (OPEG) +14 345", ">ann: (DIIT) +10 409", ">ann:   (T)   +1  360"):
        ev = one(line)
        assert isinstance(ev, RackPoints) and ev.rack == "" and not ev.penalty
    assert one(">ann:  (OPEG) +14 345").tiles == "OPEG"


def test_rack_penalty_and_six_zeros():
    ev = one(">ann: T             (T)              -1  452")
    assert isinstance(ev, RackPoints) and ev.penalty
    assert (ev.rack, ev.tiles, ev.score) == ("T", "T", -1)
    ev = one(">ann: ?AEEOTT (?AEEOTT) -6 -6 ")
    assert (ev.tiles, ev.score, ev.total) == ("?AEEOTT", -6, -6)


def test_time_penalty():
    ev = one(">ann: NU (time) -10 422")
    assert isinstance(ev, TimePenalty) and (ev.rack, ev.score) == ("NU", -10)


@pytest.mark.parametrize(
    "line",
    [
        ">ann DINNVWY 8D WINDY +32 32",  # no colon
        ">: DINNVWY 8D WINDY +32 32",  # no nick
        ">ann: DINNVWY 8D WINDY +32",  # no total
        ">ann: DINNVWY 8D +32 32",  # no word
        ">ann: DINNVWY 8D WINDY many 32",  # score not a number
        ">ann: DINNVWY H WINDY +32 32",  # not a coordinate
        ">ann: DINNVWY 0A WINDY +32 32",  # rows start at 1
        ">ann: DINNVWY",  # no move
        ">ann: ABC (OPEG +14 345",  # unclosed parenthesis
        ">ann: ABC --- +0 0",
        "#",
    ],
)
def test_syntax_errors(line):
    with pytest.raises(GcgSyntaxError) as exc:
        parse_gcg(HEAD + line + "\n")
    assert exc.value.line == 3
    assert exc.value.text == line


def test_unknown_player():
    with pytest.raises(GcgUnknownPlayerError) as exc:
        parse_gcg(HEAD + ">carl: AB 8H AB +8 8\n")
    assert exc.value.fields["nick"] == "carl"
    assert isinstance(exc.value, GcgError)


# --- shared nicknames ----------------------------------------------------------


def test_shared_nickname_follows_running_totals():
    # The second player moves twice in a row (the first passed off the record),
    # which alternation would get wrong; the running totals say who moved.
    record = parse_gcg(
        "#player1 me Me\n#player2 me You\n"
        ">me: AB 8H AB +8 8\n"
        ">me: CD 9H CD +10 10\n"
        ">me: EF 10H EF +7 17\n"
        ">me: GH 7H GH +5 13\n"
    )
    assert [e.player for e in record.events] == [0, 1, 1, 0]


def test_shared_nickname_falls_back_to_turn_order():
    # Both totals fit every line, so turns alternate, and a challenge bonus and
    # a going-out bonus stay with the player who just moved.
    record = parse_gcg(
        "#player1 me Me\n#player2 me You\n"
        ">me: ABC - +0 0\n"
        ">me: DEF - +0 0\n"
        ">me: ABC 8H ABC +0 0\n"
        ">me:  (challenge) +0 0\n"
        ">me: DEF - +0 0\n"
        ">me: ABC 9H ABC +0 0\n"
        ">me:  (DEF) +0 0\n"
    )
    assert [e.player for e in record.events] == [0, 1, 0, 0, 1, 0, 0]


def test_shared_nickname_withdrawal_goes_to_the_withdrawn_player():
    record = parse_gcg(
        "#player1 me Me\n#player2 me You\n"
        ">me: AB 8H AB +8 8\n>me: CD 9H CD +10 10\n>me: CD -- -10 0\n"
    )
    assert [e.player for e in record.events] == [0, 1, 1]


# --- writing -----------------------------------------------------------------

EVERYTHING = (
    "#character-encoding UTF-8\n"
    "#player1 ann Ann Smith\n"
    "#player2 bob Bób\n"
    "#lexicon CSW21\n"
    ">ann: DINNVWY 8d WINDY 32 32\n"
    "#note a note\ncontinued\n"
    ">bob: ADEEGIL 7C GALE +16 16 GW, AI\n"
    ">ann: AEJNOSV E3 JAVE..N +34 66\n"
    ">bob: DEIILTZ 4B TIL.. +24 40\n"
    ">bob: DEIILTZ --  -24 16\n"
    ">ann: ABC (challenge) +5 71\n"
    ">ann:  (challenge) +5 76\n"
    ">bob: DEIILTZ -IILT +0 16\n"
    ">ann: ABCDEFG -7 +0 76\n"
    ">bob: DEZ - +0 16\n"
    ">ann: AB 9B AB +5 81\n"
    ">ann:  (DEZ) +26 107\n"
    ">bob: DEZ (DEZ) -13 3\n"
    ">bob: DEZ (time) -10 -7\n"
    "#rack1 ?\n"
)


def test_round_trip():
    record = parse_gcg(EVERYTHING)
    text = write_gcg(record)
    again = parse_gcg(text)
    assert again.events == record.events
    assert again == record
    assert write_gcg(again) == text
    assert [type(e).__name__ for e in record.events] == [
        "Play",
        "Play",
        "Play",
        "Play",
        "Withdrawal",
        "ChallengeBonus",
        "ChallengeBonus",
        "Exchange",
        "Exchange",
        "Pass",
        "Play",
        "RackPoints",
        "RackPoints",
        "TimePenalty",
    ]


def test_write_is_canonical():
    text = write_gcg(parse_gcg(EVERYTHING))
    lines = text.splitlines()
    assert lines[0] == "#character-encoding UTF-8"
    assert ">ann: DINNVWY 8D WINDY +32 32" in lines
    assert ">bob: ADEEGIL 7C GALE +16 16 GW, AI" in lines
    assert ">ann:  (challenge) +5 76" in lines
    assert ">ann: ABCDEFG -7 +0 76" in lines
    assert "#note a note\ncontinued" in text
    assert lines[-1] == "#rack1 ?"
    assert encode_gcg(parse_gcg(EVERYTHING)) == text.encode("utf-8")
    assert decode_gcg(encode_gcg(parse_gcg(EVERYTHING))) == text


def test_write_a_built_record():
    record = GcgRecord(
        players=(Player(1, "x", "Ex"), Player(2, "y", "")),
        events=(
            Play(nick="x", player=0, rack="", coord="8H", word="AB", score=8, total=8),
            Pass(nick="y", player=1, rack="", score=0, total=0),
        ),
    )
    assert write_gcg(record) == (
        "#character-encoding UTF-8\n#player1 x Ex\n#player2 y\n>x:  8H AB +8 8\n>y:  - +0 0\n"
    )
    assert parse_gcg(write_gcg(record)) == record


# --- records imported as games ------------------------------------------------

OPENING = (
    HEAD + ">ann: DINNVWY 8D WINDY +32 32\n"
    ">bob: ADEEGIL 7C GALE +16 16\n"
    ">ann: AEJNOSV E3 JAVE..N +34 66\n"
)


def imported(text: str, rules):
    """The state a record gives when imported as a game under ``rules``."""
    _, _, state = import_record(parse_gcg(text), rules)
    return state


def test_import_scores_plays(english):
    state = imported(OPENING, english)
    assert [h.points for h in state.history] == [32, 16, 34]
    assert state.flags == [] and state.scores == [66, 16]
    assert state.history[-1].words[0] == "JAVELIN"


def test_import_reads_repeated_letters_like_dots(english):
    older = OPENING.replace("JAVE..N", "JAVELIN").replace("8D", "8d").replace("E3", "e3")
    a, b = imported(OPENING, english), imported(older, english)
    assert [h.points for h in a.history] == [h.points for h in b.history]
    assert a.board == b.board


def test_import_blank_scores_zero(english):
    state = imported(HEAD + ">ann: ?DINVWY 8D WiNDY +30 30\n", english)
    # W 4 x2 (double letter) + i 0 + N 1 + D 2 + Y 4 = 15, doubled by the centre.
    assert state.history[0].points == 30 and state.flags == []


@pytest.mark.parametrize(
    "word, score",
    [
        ("WINDy", 24),  # the blank on the centre still doubles: (8 + 1 + 1 + 2 + 0) x 2
        ("wINDY", 16),  # the blank on the double letter adds 0: (0 + 1 + 1 + 2 + 4) x 2
    ],
)
def test_import_blank_on_premium_squares(english, word, score):
    state = imported(HEAD + f">ann: ?DINVWY 8D {word} +{score} {score}\n", english)
    assert state.history[0].points == score and state.flags == []


def test_import_withdrawal_restores_board_and_total(english):
    first = imported(HEAD + ">ann: DINNVWY 8D WINDY +32 32\n", english)
    state = imported(
        HEAD + ">ann: DINNVWY 8D WINDY +32 32\n>bob: AEGKLRW 7C GALE +16 16\n"
        ">bob: AEGKLRW   -- +0 0\n",
        english,
    )
    assert state.board == first.board
    assert state.history[2].points == -16
    assert state.scores == [32, 0] and state.flags == []


def test_import_flags_a_wrong_score(english):
    state = imported(HEAD + ">ann: DINNVWY 8D WINDY +33 33\n", english)
    assert state.history[0].points == 32
    assert state.flags == [
        "event 0: recorded 33, the ruleset scores 32",
        "player 0: the record's final total is 33, the events give 32",
    ]


def test_import_flags_an_illegal_play(english):
    state = imported(HEAD + ">ann: DINNVWY 1A WINDY +32 32\n", english)
    assert state.history[0].points == 0
    assert len(state.flags) == 2 and "illegal play (misses-start)" in state.flags[0]
    assert state.board.is_empty


def test_import_end_of_game(english):
    state = imported(
        HEAD + ">ann: DINNVWY 8D WINDY +32 32\n"
        ">bob: AEGLQ? - +0 0\n"
        ">ann:  (AEGLQ?) +15 47\n"
        ">bob: AEGLQ? (AEGLQ?) -15 -15\n"
        ">bob: AEGLQ? (time) -10 -25\n",
        english,
    )
    assert [h.points for h in state.history] == [32, 0, 15, -15, -10]
    assert state.flags == [] and state.scores == [47, -25]


def test_import_flags_a_going_out_bonus_the_ruleset_does_not_give(english):
    # scrabble-en adds the opponents' tiles once; NASPA records add them twice.
    state = imported(HEAD + ">ann:  (Q) +20 20\n", english)
    assert state.flags == ["event 0: +20 as recorded; scrabble-en gives +10"]


def test_import_polish(registry):
    polish = registry.ruleset("scrabble-pl")
    # Ż 5 + Ó 5 + Ł 3 + W 1 = 14, doubled by the centre square under the W.
    state = imported(HEAD + ">ann: AAAWŁÓŻ 8E ŻÓŁW +28 28\n", polish)
    assert state.history[0].points == 28 and state.flags == []


SPANISH_HEAD = "#character-encoding UTF-8\n" + HEAD


@pytest.mark.parametrize(
    "word,score,tiles",
    [
        # C3 H4 I1 C3 O1 on G8 to K8, doubled by the centre square: the letters.
        ("CHICO", 24, ["C", "H", "I", "C", "O"]),
        # [CH]5 I1 C3 O1 doubled: a hand-written record that means the digraph.
        ("CHICO", 20, ["[CH]", "I", "C", "O"]),
        ("[CH]ICO", 20, ["[CH]", "I", "C", "O"]),
        # A score neither gives: the letters as written, flagged.
        ("CHICO", 30, ["C", "H", "I", "C", "O"]),
    ],
)
def test_import_ambiguous_digraph_follows_the_recorded_score(registry, word, score, tiles):
    rules = registry.ruleset("scrabble-es")
    state = imported(SPANISH_HEAD + f">ann: ACCHIOO 8G {word} +{score} {score}\n", rules)
    assert [rules.alphabet.label(t) for t in state.board.tiles()] == tiles
    assert (state.flags == []) == (score != 30)


def test_import_ambiguous_digraph_only_one_tiling_fits(registry):
    rules = registry.ruleset("scrabble-es")
    # From 8L, CHICO as letters runs off the board (L to P); [CH]ICO fits (L to O).
    record = SPANISH_HEAD + ">ann: OOSS 8H OSOS +8 8\n>bob: ACCHIOO 8L CHICO +99 99\n"
    state = imported(record, rules)
    assert rules.alphabet.row_text(state.board.cells[7 * 15 : 8 * 15]) == ".......OSOS[CH]ICO"
    # O1 S1 O1 S1, [CH]5 doubled on 8L, I1 C3, O1 on 8O's triple word: 57.
    assert state.history[1].points == 57


def test_import_unknown_tile_names_the_line(english):
    with pytest.raises(GcgTileError) as exc:
        imported(HEAD + ">ann: ABC - +0 0\n>bob: ŚŁ 8H ŚŁ +10 10\n", english)
    assert exc.value.line == 4
    assert exc.value.code == "gcg-unknown-tile"
