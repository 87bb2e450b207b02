"""`help=0`: a club's game without help, Hint and Undo off its table (a contest where each plays his own cards), set
in the Embed page's form like its other choices."""

from __future__ import annotations


def test_with_help_0_the_table_has_no_hint_and_no_undo(table):
    page = table.open("help=0&lang=sr-Latn&speed=off&level=beginner&opponent=computer&seed=3").page
    table.play_out_deal()
    page.keyboard.press("Escape")  # the result put aside: the table under it
    table.wait_until(lambda: table.dialog().count() == 0)
    assert not page.locator("#hint-button").is_visible()
    assert not page.locator("#undo-button").is_visible()
    assert page.locator("#last-trick-button").is_visible(), "the last trick is no help: it was on the table"


def test_without_it_hint_and_undo_are_there(table):
    page = table.open("lang=sr-Latn&speed=off&level=beginner&opponent=computer&seed=3").page
    assert page.locator("#hint-button").is_visible() and page.locator("#undo-button").is_visible()


def test_the_embed_pages_form_takes_help_off_the_snippets_game(page):
    page.goto("/embed-info.html?lang=sr-Latn")
    help_box = page.get_by_label("Savet i Vratite (pomoć igraču)")
    assert help_box.is_checked()
    assert "help=" not in page.input_value("#snippet")
    help_box.uncheck()
    assert "help=0" in page.input_value("#snippet")
    preview = page.frame_locator("#preview")
    preview.locator("[data-status=your-turn]").wait_for(timeout=90_000)
    assert preview.locator("#last-trick-button").count() == 1
    assert not preview.locator("#hint-button").is_visible() and not preview.locator("#undo-button").is_visible()
    page.reload()  # the form's choices are kept in the page's address
    assert not page.get_by_label("Savet i Vratite (pomoć igraču)").is_checked()
    assert "help=0" in page.input_value("#snippet")


def test_the_embed_pages_preview_plays_what_a_clubs_visitor_gets_not_the_webmasters_settings(page):
    # A webmaster who plays to 3 saw "(do 3)" in the preview while his snippet (no target: the default) gave his club's
    # visitors, each with storage of his own, a match to 7.
    mine = '{"rules": {"target": 3}, "speed": "off"}'
    page.add_init_script(f"localStorage.getItem('otv66.settings') ?? localStorage.setItem('otv66.settings', '{mine}')")
    page.goto("/embed-info.html?lang=sr-Latn")
    assert "target=" not in page.input_value("#snippet"), "the form starts from a first visit's match to 7"
    preview = page.frame_locator("#preview")
    preview.locator("[data-status]:not([data-status=loading])").wait_for(timeout=90_000)
    assert preview.locator("#match-score .match-target").inner_text() == "(do 7)"
    assert page.evaluate("localStorage.getItem('otv66.settings')") == mine, "his own settings as they were"
