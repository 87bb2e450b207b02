/**
 * Gestures: clicking or tapping a card, and the keyboard (arrow keys move between cards,
 * number keys jump to the n-th playable card, Enter or Space plays the focused one).
 * Only reports which card was chosen; whether it may be played is decided elsewhere.
 */

const COLUMNS = 4;

function visibleCards(holder) {
  return [...holder.querySelectorAll(".card.top")].filter((button) => !button.hidden);
}

/** The next card from `button` in the arrow's direction in its player's 4 × 2 grid, skipping empty piles. */
function neighbour(button, key) {
  const holder = button.closest(".piles");
  const slots = [...holder.querySelectorAll(".pile")];
  const index = slots.indexOf(button.closest(".pile"));
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS }[key];
  for (let i = index + step; i >= 0 && i < slots.length; i += step) {
    const candidate = slots[i].querySelector(".card.top");
    if (candidate && !candidate.hidden) return candidate;
  }
  return null;
}

/**
 * Wire the table: `onCard(player, code, button)` for a chosen card.
 * Returns nothing; listeners live as long as the page.
 */
export function bindInput(root, { onCard }) {
  root.querySelector("#table").addEventListener("click", (event) => {
    const button = event.target.closest("button.card.top");
    if (!button || button.hidden || !button.dataset.card) return;
    onCard(Number(button.dataset.player), button.dataset.card, button);
  });

  document.addEventListener("pointerdown", () => document.body.classList.remove("keyboard"));
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const field = event.target.closest?.("input, select, textarea");
    if (field) return;
    document.body.classList.add("keyboard");
    const focused = event.target.closest?.("button.card.top");
    if (focused && event.key.startsWith("Arrow")) {
      const next = neighbour(focused, event.key);
      if (next) next.focus();
      event.preventDefault();
      return;
    }
    if (/^[1-8]$/.test(event.key)) {
      const playable = [0, 1].flatMap((player) =>
        visibleCards(root.querySelector(`#piles-${player}`)).filter((b) => b.classList.contains("playable")),
      );
      const ordered = playable.sort((a, b) => Number(a.dataset.key) - Number(b.dataset.key));
      ordered[Number(event.key) - 1]?.focus();
      event.preventDefault();
    }
  });
}
