"""The HTTP API: games, creating matches, acting, and every refusal leaving the match unchanged."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from sqlalchemy.exc import OperationalError

from skyhall.core.record import GameRecord
from skyhall.server.storage import token_hash
from tests.server.conftest import BACKENDS, Server

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


def test_games_lists_every_game_with_counts_options_and_levels(server: Server) -> None:
    games = {g["id"]: g for g in server.client.get("/api/games").json()["games"]}
    assert {"skyport", "skyrise", "airport-rush"} <= set(games)
    assert games["skyport"]["min_players"] == 2
    assert games["skyport"]["max_players"] == 4
    assert games["skyport"]["levels"]
    summary = games["skyport"]["summary"]  # the turn summary, for the lobby's "How to play"
    assert summary[0] == "Grand Central Skyport: build the best skyport of airship lanes and stations."
    assert [p[:3] for p in summary[2:6]] == ["1. ", "2. ", "3. ", "4. "]
    assert all("\n" not in p and "  " not in p for p in summary)
    offered = {game: [o["name"] for o in g["options"]] for game, g in games.items()}
    assert offered == {  # designers' ``data`` overlays stay out of the lobby
        "airport-rush": ["first_player"],
        "skyport": ["first_player", "cities"],
        "skyrise": ["first_player", "city_keys"],
    }
    first, cities = games["skyport"]["options"]
    assert (first["label"], first["default_label"], first["seat"], first["choices"]) == (
        "First player",
        "random",
        True,
        [],
    )
    assert not cities["seat"] and not cities["choices"] and "AC" in cities["hint"]
    keys = games["skyrise"]["options"][1]
    assert [c["value"] for c in keys["choices"]] == ["highest", "off"]


@pytest.mark.parametrize(
    ("game", "options", "shown"),
    [
        ("airport-rush", {"first_player": 1}, {"first": 1}),
        ("skyport", {"first_player": 1, "cities": "DB"}, {"first": 1, "cities": ["D", "B"]}),
        ("skyrise", {"first_player": 1, "city_keys": "highest"}, {"first": 1, "city_keys": "highest"}),
        ("skyrise", {"city_keys": "off"}, {"city_keys": "off"}),
    ],
)
def test_every_offered_choice_sets_up_the_match(
    server: Server, game: str, options: dict[str, object], shown: dict[str, object]
) -> None:
    created = server.create(game, options=options)
    view = server.state(created["match"])["view"]
    assert {key: view[key] for key in shown} == shown
    assert server.authority(created["match"]).record.options == options


def test_create_answers_tokens_and_links_and_stores_only_their_hashes(server: Server) -> None:
    created = server.create_unopened(
        seats=[{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}]
    )
    assert created["match"].startswith("m_")
    assert [s["kind"] for s in created["seats"]] == ["human", "bot"]
    assert created["seats"][0]["name"] == "Ada"
    assert created["seats"][1]["level"] == "random"
    first = created["seats"][0]
    assert first["invite"] == f"/match/{created['match']}#token={first['token']}"
    assert created["spectate"] == f"/match/{created['match']}"
    stored = " ".join(str(row) for row in server.sql("select * from seat"))
    assert first["token"] not in stored and created["host"] not in stored
    assert len(stored) > 0
    device = server.claim(created["match"], first["token"])
    stored = " ".join(str(row) for row in server.sql("select * from seat"))
    assert device not in stored and token_hash(device) in stored


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess"}, "no game 'chess'"),
        ({"game": "skyport", "players": 9}, "takes 2 to 4 players"),
        ({"game": "skyport", "seats": [{"kind": "bot", "level": "grandmaster"}] * 2}, "no bot level"),
        ({"game": "skyport", "options": {"colour": "red"}, "players": 2}, "no option 'colour'"),
        ({"game": "skyport", "options": {"data": "x"}, "players": 2}, "does not offer the option 'data'"),
        ({"game": "skyport", "options": {"first_player": 2}}, "must be a seat from 0 to 1, not 2"),
        ({"game": "skyport", "options": {"cities": "AE"}}, "no city 'E'"),
        ({"game": "skyrise", "options": {"city_keys": "up"}}, "must be one of lowest, highest, off"),
        ({"game": "skyport", "players": 10**12}, "less than or equal to 16"),  # refused before any work
        ({"game": "skyport", "players": 0}, "greater than or equal to 1"),
        ({"game": "skyport", "players": True}, "valid integer"),
        ({"game": "skyport", "players": 2.0}, "valid integer"),
        ({"game": "skyport", "seats": [{"name": "Al\u202eice"}, {}]}, "cannot hold the character U+202E"),
        ({"game": "skyport", "seats": [{"name": "Bo\u0085b"}, {}]}, "cannot hold the character U+0085"),
        (
            {"game": "skyport", "seats": [{}, {"name": "Z\u200be"}]},
            "seats.1.name: a name cannot hold the character U+200B (ZERO WIDTH SPACE), which does not show",
        ),
        ({"game": "skyport", "seats": [{"name": "Bob"}, {"name": " bob "}]}, "seats 1 and 2 are both called"),
        ({"game": "skyport", "seats": [{"name": "Bob"}, {"name": "\uff22\uff4f\uff42"}]}, "both called"),
        ({"game": "skyport", "seats": [{"name": "\uff30layer 2"}, {}]}, "how the log calls seat 2"),
        ({"game": "skyport", "seats": [{"name": "Player 2"}, {}]}, "how the log calls seat 2"),
        ({"game": "skyport", "seats": [{"name": "Player 2 (host)"}, {}]}, "how the log calls seat 2"),
        ({"game": "skyport", "seats": [{}, {"name": "you"}]}, "the log calls its reader so"),
        (
            {"game": "skyport", "seats": [{"kind": "bot", "level": "x"}] * 2},
            "(levels: easy, normal, hard; or an agent: greedy, ismcts, random)",
        ),
    ],
)
def test_create_refuses_bad_requests_with_422(server: Server, body: dict[str, object], message: str) -> None:
    response = server.client.post("/api/matches", json=body)
    assert response.status_code == 422
    assert response.json()["code"] == "invalid"
    assert message in response.json()["message"]


def test_names_are_tidied_and_may_hold_joined_emoji(server: Server) -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    created = server.create(seats=[{"name": "  Ann   Lee "}, {"name": "   "}])
    assert [seat["name"] for seat in created["seats"]] == ["Ann Lee", "Player 2"]
    created = server.create(seats=[{"name": family}, {"name": "Player 2"}])  # its own default name
    assert [seat["name"] for seat in created["seats"]] == [family, "Player 2"]


def test_the_seat_to_act_plays_with_its_token(server: Server) -> None:
    created = server.create()
    token = server.token_to_act(created)
    message = server.state(created["match"], token)
    assert message["choices"], "the seat to act has choices"
    choice = message["choices"][0]
    response = server.act(created["match"], token, 0, choice["notation"])
    assert response.status_code == 200
    assert response.json()["seq"] == 1
    assert server.authority(created["match"]).record.actions == [choice["notation"]]


def refusals(server: Server, created: dict[str, object]) -> list[tuple[int, str, object]]:
    """(status, code, response) of each kind of bad act on a fresh match."""
    match = created["match"]
    seats = created["seats"]
    assert isinstance(seats, list)
    token = server.token_to_act(created)
    other = next(s["token"] for s in seats if s["token"] != token)
    legal = server.state(str(match), token)["choices"][0]["notation"]
    url = f"/api/matches/{match}/act"
    post = server.client.post
    cases = [
        post(url, json={"seq": 0, "action": legal}),
        post(url, json={"token": "forged-token", "seq": 0, "action": legal}),
        post(url, json={"token": other, "seq": 0, "action": legal}),
        post(url, json={"token": token, "seq": 5, "action": legal}),
        post(url, json={"token": token, "seq": 0, "action": "fly to the moon"}),
        post(url, content=b'{"token": "x", "seq": 0, "action"', headers={"Content-Type": "application/json"}),
        post(url, json={"token": token, "seq": "zero", "action": legal}),
        post(url, json={"token": token, "seq": "0", "action": legal}),  # no conversions
        post(url, json={"token": token, "seq": 0, "action": "x" * 5000}),
        post("/api/matches/m_nothere/act", json={"token": token, "seq": 0, "action": legal}),
    ]
    return [(r.status_code, r.json()["code"], r.json()["message"]) for r in cases]


def test_bad_acts_get_the_right_status_and_change_nothing(server: Server) -> None:
    created = server.create()
    before = server.state(created["match"])
    got = [(status, code) for status, code, _ in refusals(server, created)]
    assert got == [
        (401, "unauthorized"),
        (403, "forbidden"),
        (409, "not_your_turn"),
        (409, "stale"),
        (422, "illegal"),
        (400, "bad_request"),
        (422, "invalid"),
        (422, "invalid"),
        (413, "too_large"),
        (404, "not_found"),
    ]
    assert server.state(created["match"]) == before
    assert server.authority(created["match"]).record.actions == []
    assert server.client.get("/api/games").status_code == 200  # still serving


@pytest.mark.parametrize("seq", [-1, 10**40])
def test_a_move_number_out_of_bounds_is_invalid_and_not_echoed(server: Server, seq: int) -> None:
    created = server.create()
    token = server.token_to_act(created)
    legal = server.state(created["match"], token)["choices"][0]["notation"]
    response = server.act(created["match"], token, seq, legal)
    assert (response.status_code, response.json()["code"]) == (422, "invalid")
    message = response.json()["message"]
    assert "seq" in message and str(seq) not in message
    assert server.authority(created["match"]).record.actions == []


def test_an_illegal_action_names_no_other_seats_choices(server: Server) -> None:
    created = server.create()
    token = server.token_to_act(created)
    # Walking is never legal before a card is chosen ("play B3" was legal whenever the seed dealt B3).
    response = server.act(created["match"], token, 0, "walk 1")
    assert response.status_code == 422
    assert "Legal now" not in response.json()["message"]


def test_unknown_match_is_404(server: Server) -> None:
    response = server.client.get("/api/matches/m_unknown")
    assert response.status_code == 404
    assert response.json() == {
        "type": "error",
        "code": "not_found",
        "message": "there is no match 'm_unknown'",
    }


def test_a_browser_at_an_unknown_address_gets_a_page_the_api_gets_json(server: Server) -> None:
    page = server.client.get("/no/such/page", headers={"accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "No such page" in page.text and 'href="/"' in page.text
    for path in ("/no/such/page", "/api/nothing"):  # no Accept: text/html, or the API: JSON as before
        plain = server.client.get(path, headers={"accept": "text/html" if path.startswith("/api") else "*/*"})
        assert plain.status_code == 404 and plain.json()["code"] == "not_found"


def test_the_record_opens_only_when_the_match_is_over(server: Server) -> None:
    created = server.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    match = created["match"]
    early = server.client.get(f"/api/matches/{match}/record")
    if server.state(match)["status"] == "live":
        assert early.status_code == 409
        assert server.client.get(f"/api/matches/{match}/replay/0").status_code == 409
    server.wait_until(lambda: server.state(match)["status"] == "over", timeout=120)
    response = server.client.get(f"/api/matches/{match}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = GameRecord.from_json(response.text)
    final = server.state(match)
    assert len(record.actions) == final["seq"]
    assert record.replay().view(None).to_dict() == final["view"]

    start = server.client.get(f"/api/matches/{match}/replay/0").json()
    assert (start["step"], start["steps"], start["last"], start["result"]) == (0, final["seq"], None, None)
    end = server.client.get(f"/api/matches/{match}/replay/{final['seq']}?seat=1").json()
    assert end["seat"] == 1
    assert end["result"] == final["result"]
    assert end["last"]
    assert server.client.get(f"/api/matches/{match}/replay/{final['seq'] + 1}").status_code == 404


def test_my_matches_lists_the_seats_of_the_tokens_given(server: Server) -> None:
    first = server.create()
    second = server.create(game="skyrise")
    tokens = [first["seats"][1]["token"], second["seats"][0]["token"], "not-a-token"]
    found = server.client.post("/api/my-matches", json={"tokens": tokens}).json()["matches"]
    assert sorted((m["match"], m["seat"]) for m in found) == sorted(
        [(first["match"], 1), (second["match"], 0)]
    )
    assert all(m["status"] == "live" for m in found)


def test_a_seat_is_handed_to_a_bot_and_taken_back(server: Server) -> None:
    created = server.create()
    match = created["match"]
    seat = server.state(match)["view"]["to_act"]
    token = created["seats"][seat]["token"]
    other = created["seats"][1 - seat]["token"]
    url = f"/api/matches/{match}/seats/{seat}/control"
    assert server.client.post(url, json={"token": other, "kind": "bot"}).status_code == 403
    assert server.client.post(url, json={"kind": "bot"}).status_code == 401
    response = server.client.post(url, json={"token": token, "kind": "bot", "level": "random"})
    assert response.status_code == 200
    assert response.json()["seats"][seat] == {
        "name": response.json()["seats"][seat]["name"],
        "kind": "bot",
        "level": "random",
        "connected": True,
        "opened": True,
    }
    server.wait_until(lambda: server.state(match)["seq"] >= 1)  # the bot made the seat's decision
    back = server.client.post(url, json={"token": token, "kind": "human"})
    assert back.json()["seats"][seat]["kind"] == "human"


def test_the_host_hands_a_seat_to_a_bot_and_only_its_player_takes_it_back(server: Server) -> None:
    """A player who left would stall the match: the host lets a bot play on, and nothing more."""
    created = server.create()
    match, host = created["match"], created["host"]
    seat = server.state(match)["view"]["to_act"]
    url = f"/api/matches/{match}/seats/{seat}/control"
    refused = server.client.post(url, json={"token": host, "kind": "human"})
    assert (
        refused.status_code == 403 and "only the seat's own token takes it back" in refused.json()["message"]
    )
    forged = server.client.post(url, json={"token": "x" * 32, "kind": "bot"})
    assert forged.status_code == 403
    handed = server.client.post(url, json={"token": host, "kind": "bot", "level": "random"})
    assert handed.status_code == 200, handed.text
    assert handed.json()["seat"] is None  # the host's answer is a spectator's view: no seat's secrets
    assert handed.json()["seats"][seat]["kind"] == "bot"
    server.wait_until(lambda: server.state(match)["seq"] >= 1)  # the bot made the seat's decision
    assert server.client.post(url, json={"token": host, "kind": "human"}).status_code == 403
    back = server.client.post(url, json={"token": created["seats"][seat]["token"], "kind": "human"})
    assert back.json()["seats"][seat]["kind"] == "human"


def test_every_answer_carries_the_security_headers(server: Server) -> None:
    created = server.create()
    for path in ("/", f"/match/{created['match']}", "/api/games", "/static/lib.js", "/api/matches/m_none"):
        response = server.client.get(path)
        headers = response.headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "DENY", path
        assert headers["referrer-policy"] == "no-referrer", path
        policy = dict(part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";"))
        assert policy["frame-ancestors"] == "'none'" and policy["default-src"] == "'self'", path
        assert policy["connect-src"] == "'self' ws://testserver wss://testserver", path
        for script in re.findall(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", response.text, re.DOTALL):
            digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy["script-src"].split(), path  # the import map may run
    forged = server.client.get("/api/games", headers={"host": "evil.example; script-src *"})
    assert "script-src *" not in forged.headers["content-security-policy"]


def test_the_api_is_described_without_a_docs_page_from_a_cdn(server: Server) -> None:
    assert server.client.get("/api/openapi.json").json()["info"]["title"] == "Skyhall"
    assert server.client.get("/api/docs").status_code == 404


def test_a_database_that_does_not_answer_is_a_json_503_and_changes_nothing(server: Server) -> None:
    created = server.create()
    token = server.token_to_act(created)
    choice = server.state(created["match"], token)["choices"][0]["notation"]
    store = server.client.app.state.hall.store  # type: ignore[attr-defined]

    def locked(_moves: object) -> None:
        raise OperationalError("INSERT INTO move", {}, Exception("database is locked"))

    store.add_moves, add_moves = locked, store.add_moves
    try:
        response = server.act(created["match"], token, 0, choice)
    finally:
        store.add_moves = add_moves
    assert (response.status_code, response.json()["code"]) == (503, "busy")
    assert server.state(created["match"])["seq"] == 0
    assert server.act(created["match"], token, 0, choice).status_code == 200  # and then it works


def test_api_answers_are_never_stored_and_pages_may_be(server: Server) -> None:
    created = server.create()
    for path in ("/api/games", f"/api/matches/{created['match']}"):
        assert server.client.get(path).headers["cache-control"] == "no-store", path
    assert "cache-control" not in server.client.get("/static/lib.js").headers


def test_a_token_in_another_authorization_scheme_is_refused_not_read_as_a_spectator(server: Server) -> None:
    created = server.create()
    token = created["seats"][0]["token"]
    response = server.client.get(
        f"/api/matches/{created['match']}", headers={"Authorization": f"Basic {token}"}
    )
    assert (response.status_code, response.json()["code"]) == (401, "unauthorized")
    assert "'Authorization: Bearer <token>', not 'Basic'" in response.json()["message"]


def test_a_bot_seat_without_a_level_plays_at_the_level_offered_first(server: Server) -> None:
    created = server.create_unopened(seats=[{"kind": "human"}, {"kind": "bot"}])
    assert [s["level"] for s in created["seats"]] == [None, "normal"]
