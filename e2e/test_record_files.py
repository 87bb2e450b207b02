"""A finished match kept as a record file from History, and a record file opened there as a replay: what a player
who keeps his games (or studies someone's) does. A file that is no record, one of a newer version and one far too
large are each told under the Open button, and the page stays where it was. Screenshots go to
``e2e/artifacts/history-records-*.png``.
"""

from __future__ import annotations

import json

from test_history import finished_match_history

from otv66.record import FORMAT_NAME, MAX_RECORD_BYTES, loads


def saved_record(rows, tmp_path):
    """Press the finished match's Record button; the file the browser got, as its path."""
    page = rows.first.page
    with page.expect_download() as started:
        rows.first.locator(".history-record").click()
    download = started.value
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    return path


def open_file(page, path) -> None:
    """Choose `path` with History's Open button (the browser's file chooser)."""
    with page.expect_file_chooser() as chooser:
        page.locator("#record-open").click()
    chooser.value.set_files(str(path))


def test_a_finished_match_is_saved_as_a_record_and_opens_again_as_its_replay(table_in_context, tmp_path, artifacts):
    rows = finished_match_history(
        table_in_context, "sr-Latn", {"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    page = rows.first.page
    button = rows.first.locator(".history-record")
    assert button.inner_text() == "Zapis"
    points = "-".join(rows.first.locator("td").nth(3).inner_text().split()[0:3:2])  # "1 : 0 (do 1)" is 1-0
    # Each named by its match: a screen reader's list of links read "Snimak, Snimak, …".
    opponent = rows.first.locator("td").nth(1).inner_text()
    assert button.get_attribute("aria-label").startswith("Sačuvajte zapis partije od ")
    assert button.get_attribute("aria-label").endswith(f", {opponent}")
    replay = rows.first.locator("a.history-replay")
    assert replay.get_attribute("aria-label") == button.get_attribute("aria-label").replace("Sačuvajte zapis", "Snimak")
    assert rows.nth(2).locator(".history-record").count() == 0, "an older entry without a link has no record"
    page.screenshot(path=artifacts / "history-records-360x640.png")

    path = saved_record(rows, tmp_path)
    assert path.name.startswith("otv66-") and path.name.endswith(f"-beginner-{points}.json"), path.name
    text = path.read_text(encoding="utf-8")
    record = json.loads(text)
    assert record["format"].startswith(FORMAT_NAME) and len(record["deals"]) == 1
    match = loads(text)  # the library reads what the page wrote, the terminal front too
    assert match.is_over and match.rules.must_beat
    page.wait_for_function(
        "document.getElementById('announcer').lastElementChild?.textContent === 'Zapis partije je sačuvan.'"
    )

    open_file(page, path)
    page.wait_for_url("**/replay.html?lang=sr-Latn&you=0#game=g1.*")  # a match of History: the person's own
    page.locator("[data-status=replay]").wait_for()
    assert page.locator("#replay-position").get_attribute("data-deal") == "0"
    assert page.locator("#info-0 .seat-name").inner_text() == "Vi", "his own match, as History's Pregled shows it"


def test_a_record_someone_sent_opens_as_another_players_match(table_in_context, tmp_path):
    rows = finished_match_history(table_in_context, "en", {"width": 1280, "height": 800})
    page = rows.first.page
    record = json.loads(saved_record(rows, tmp_path).read_text(encoding="utf-8"))
    deal = record["deals"][0]
    del deal["result"]
    deal["moves"] = deal["moves"][:-1]  # not this device's match: one move short of its end
    path = tmp_path / "sent.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    open_file(page, path)
    page.wait_for_url("**/replay.html?lang=en#game=g1.*")
    page.locator("[data-status=replay]").wait_for()
    assert page.locator("#info-0 .seat-name").inner_text() == "Player", "watched as someone else's match"


def test_a_file_that_is_no_record_is_told_under_the_open_button_and_the_page_stays(table_in_context, tmp_path):
    rows = finished_match_history(table_in_context, "en", {"width": 1280, "height": 800})
    page = rows.first.page
    record = json.loads(saved_record(rows, tmp_path).read_text(encoding="utf-8"))
    problem = page.locator("#record-problem")
    assert not problem.is_visible()
    swapped = json.loads(json.dumps(record))
    moves = swapped["deals"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]  # the answer before the lead: the other player's card
    files = {
        "photo.json": ("\u00ff\u00d8 not JSON", "That is not an Open 66 match record."),
        "other.json": (json.dumps({"name": "a club's list"}), "That is not an Open 66 match record."),
        "newer.json": (
            json.dumps(record | {"format": f"{FORMAT_NAME}/99"}),
            "The record comes from a newer version of the game: reload the page to open it.",
        ),
        "swapped.json": (json.dumps(swapped), "The record does not play: move 1 of deal 1 is not allowed."),
        "video.json": (" " * (MAX_RECORD_BYTES + 1), "That file is too large to be a match record."),
    }
    for name, (text, told) in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        open_file(page, path)
        page.wait_for_function("(told) => document.getElementById('record-problem').textContent === told", arg=told)
        assert problem.get_attribute("role") == "alert"
        assert "replay.html" not in page.url, "the page stays where it was"
    assert page.locator("#panel[open] table.history").is_visible(), "History stays open"
    # On a phone on its side the refusal came under the panel's buttons, kept at its foot: nothing seemed to happen.
    page.set_viewport_size({"width": 640, "height": 360})
    page.locator("#panel[open]").evaluate("(panel) => panel.scrollTo(0, 0)")
    open_file(page, tmp_path / "newer.json")
    told = files["newer.json"][1]
    page.wait_for_function("(told) => document.getElementById('record-problem').textContent === told", arg=told)
    page.wait_for_timeout(300)  # the scroll
    shown, buttons = problem.bounding_box(), page.locator("#panel[open] .panel-buttons").bounding_box()
    assert shown["y"] >= 0 and shown["y"] + shown["height"] <= buttons["y"], (shown, buttons)
