"""The "play a friend" page and the service worker: a friend's invitation opened as the first visit to the site makes
the site work offline (the friend page and the game page), and a friend tab takes part in updates (offered the new
build, and reloaded into it when another tab takes it) without losing its match or what was typed and not sent."""

from __future__ import annotations

from table import FAST, one_move_played, wait_ready

from otv66.friend.match import FriendMatch

#: Enough for the worker to fetch the whole site (about 13 MB) from the local server on a busy machine.
INSTALL_TIMEOUT_MS = 60_000


def invitation_address(site) -> str:
    """The address of Ana's invitation to a match (as a chat delivers it), in English."""
    _, link = FriendMatch.invite("Ana")
    return f"{site.url}friend.html?lang=en#{link}"


def settled(page) -> str:
    """Wait until the friend page has finished its last step; return its status."""
    page.locator('#status:not([data-status="busy"]):not([data-status="loading"])').wait_for()
    return page.get_attribute("#status", "data-status") or ""


def controlled(page) -> bool:
    """Wait until the service worker has the site cached and controls the page; whether it came in time."""
    return page.evaluate(
        """(ms) => navigator.serviceWorker.controller !== null || new Promise((resolve) => {
             navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
             setTimeout(() => resolve(false), ms);
           })""",
        INSTALL_TIMEOUT_MS,
    )


def invitation_read(page) -> None:
    """The invitation is shown to accept, the engine loaded."""
    page.locator("#friend-accept:not([hidden])").wait_for()
    assert settled(page) == "ready"
    assert page.locator("#friend-invited-by").inner_text().startswith("Ana")


def accepted(page) -> tuple[str, str]:
    """Bo accepts the invitation read; the banner and the link his page offers to send."""
    page.locator("#friend-accept-name").fill("Bo")
    page.locator("#friend-accept-button").click()
    assert settled(page) == "ready"
    assert page.locator("#status").inner_text() == "Invitation accepted."
    return page.locator("#friend-turn").inner_text(), page.locator("#friend-link").input_value()


def test_a_friends_invitation_as_the_first_visit_makes_the_site_work_offline(site, open_context) -> None:
    ship = open_context()
    page = ship.new_page()
    page.goto(invitation_address(site))
    invitation_read(page)
    assert controlled(page), "the first visit leaves no service worker to play offline with"

    ship.context.set_offline(True)
    page.reload()  # the invitation, still in the address, read again offline
    invitation_read(page)
    # Typed and not sent yet: a reload gives it back.
    page.locator("#friend-accept-name").fill("Bo")
    page.locator("#friend-paste").fill("a link to open later")
    page.reload()
    invitation_read(page)
    assert page.locator("#friend-accept-name").input_value() == "Bo"
    assert page.locator("#friend-paste").input_value() == "a link to open later"
    shown = accepted(page)
    assert shown[1].startswith(f"{site.url}friend.html#f1.")
    page.reload()  # the match on the table shown again, its link to send
    page.locator("#friend-game:not([hidden])").wait_for()
    assert settled(page) == "ready"
    assert (page.locator("#friend-turn").inner_text(), page.locator("#friend-link").input_value()) == shown

    game = ship.new_page()
    game.goto(f"{site.url}index.html?{FAST}")
    assert wait_ready(game) == "your-turn"
    ship.problems.check()


def test_a_friend_tab_is_offered_the_update_and_reloads_when_another_tab_takes_it(site, builds, open_context) -> None:
    ship = open_context()
    game = one_move_played(ship, site)
    friend = ship.new_page()
    friend.goto(invitation_address(site))
    invitation_read(friend)
    shown = accepted(friend)
    # Typed and not sent yet when the update comes: a name for another match, a link pasted.
    friend.locator("#friend-name").fill("Bo")
    friend.locator("#friend-paste").fill("a link to open later")

    site.swap(builds.b.out)
    game.reload()  # the browser looks for a new sw.js on navigation; the new build installs and waits
    assert wait_ready(game) == "your-turn"
    game.wait_for_selector("#update-offer")
    friend.wait_for_selector("#update-offer", timeout=INSTALL_TIMEOUT_MS)  # the friend tab is offered it too
    # The friend page has no bar under a table: the offer is in its column, straight under its status line.
    assert friend.locator("#status + #update-offer").count() == 1
    with friend.expect_navigation():
        game.locator("#update-now").click()
    friend.wait_for_selector(f'script[src*="v/{builds.b.build_id}/"]', state="attached")
    friend.locator("#friend-game:not([hidden])").wait_for()
    assert settled(friend) == "ready"
    assert (friend.locator("#friend-turn").inner_text(), friend.locator("#friend-link").input_value()) == shown
    assert friend.locator("#friend-name").input_value() == "Bo"
    assert friend.locator("#friend-paste").input_value() == "a link to open later"
    assert friend.locator("#update-offer").count() == 0
    ship.problems.check()


def test_on_a_phone_on_its_side_the_friend_pages_offer_keeps_its_buttons_beside_its_text(
    site, builds, open_context
) -> None:
    """The rule that lays the offer out for the game's column at the right (its text above, its buttons sharing the
    column's width) made each button half as wide as the friend page's column: the offer is one row there. It stays
    in sight when the page is scrolled down."""
    ship = open_context(viewport={"width": 640, "height": 360})
    friend = ship.new_page()
    friend.goto(invitation_address(site))
    invitation_read(friend)
    assert controlled(friend)
    accepted(friend)
    site.swap(builds.b.out)
    friend.reload()  # the browser looks for a new sw.js on navigation; the new build installs and waits
    friend.locator("#friend-game:not([hidden])").wait_for()
    offer = friend.locator("#update-offer")
    offer.wait_for(timeout=INSTALL_TIMEOUT_MS)
    width = offer.bounding_box()["width"]
    for button in offer.locator("button").all():
        assert button.bounding_box()["width"] < width / 4, "a button no wider than its label needs"
    text, now = offer.locator("span").bounding_box(), offer.locator("#update-now").bounding_box()
    assert text["x"] + text["width"] <= now["x"], "the text beside the buttons"
    # Scrolled down to the paste box at the page's end, the offer is still in sight and usable.
    friend.locator("#friend-paste").scroll_into_view_if_needed()
    assert friend.evaluate("scrollY") > 200
    box = offer.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 360, "the offer scrolled out of sight"
    offer.locator("#update-now").click(trial=True)  # nothing lies over it
    ship.problems.check()
