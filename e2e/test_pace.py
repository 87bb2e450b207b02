"""A brisk pace: a tap or a key skips the animation in progress (the pace itself is measured by tools/bench_pace.py)."""

from __future__ import annotations


def test_a_key_skips_the_cards_flying(table):
    table.open("seed=1&level=beginner&opponent=computer&speed=slow&lang=sr-Latn")
    page = table.page
    table.wait_until(lambda: table.playable().count() > 0)
    table.playable().first.click()
    # The card flies to the trick (slow: several hundred ms); note the page's own animations running now (not the
    # stylesheet's CSS animations and transitions).
    flying = "(window.__flying = document.getAnimations().filter((a) => a.constructor === Animation)).length > 0"
    table.wait_until(lambda: page.evaluate(flying), 5_000)
    page.keyboard.press("Shift")
    states = page.evaluate("window.__flying.map((animation) => animation.playState)")
    assert "running" not in states, f"every animation ended at the key: {states}"
    assert "finished" in states, "the card's flight jumped to its end"


def test_a_tap_skips_the_deal_animation(table):
    table.open("seed=1&level=beginner&opponent=computer&speed=slow&lang=sr-Latn", ready=False)
    page = table.page
    table.wait_until(lambda: page.locator(".flyer").count() > 0, 90_000)
    page.mouse.click(5, 5)
    table.wait_until(lambda: page.locator(".flyer").count() == 0, 2_000)
    assert page.locator("#piles-0 button.card.top:not([hidden])").count() == 8, "every pile dealt at once"
