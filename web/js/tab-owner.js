/**
 * One tab owns a match at a time. A tab that puts a match on its table claims it on a BroadcastChannel; any other
 * tab showing that match loses it at once: it stops saving (so two lines of play never interleave in one save)
 * and shows the match read-only with "Play here", which claims it back and reloads it from the save.
 *
 *   const owner = new TabOwner(new BroadcastChannel("otv66.tabs"));
 *   owner.onTaken = (slot) => ...;   // another tab took the match of `slot`
 *   owner.claim(slot);               // this tab plays it now
 *   if (owner.owns(slot)) save();
 */

/**
 * The part of a BroadcastChannel the owner uses (a fake in the tests).
 * @typedef {{postMessage: (message: any) => void, onmessage: ((event: MessageEvent) => void) | null}} Channel
 */

export class TabOwner {
  /**
   * @param {Channel | null} channel  null where the browser has no BroadcastChannel: the tab always owns its match
   * @param {string} [tab]  this tab's id
   */
  constructor(channel, tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`) {
    this.channel = channel;
    this.tab = tab;
    /** @type {string | null} the slot of the match this tab plays */
    this.slot = null;
    /** Whether another tab has taken this tab's match since it claimed it. */
    this.lost = false;
    /** @type {(slot: string) => void} */
    this.onTaken = () => {};
    if (channel) channel.onmessage = (event) => this.receive(event.data);
  }

  /**
   * This tab plays the match of `slot` from now on; any other tab showing it stops.
   * @param {string} slot
   */
  claim(slot) {
    this.slot = slot;
    this.lost = false;
    this.channel?.postMessage({ type: "claim", slot, tab: this.tab });
  }

  /**
   * Whether this tab may write the match of `slot` (it claimed it and no other tab took it since).
   * @param {string} slot
   */
  owns(slot) {
    return this.slot === slot && !this.lost;
  }

  /**
   * A message from another tab.
   * @param {any} message
   */
  receive(message) {
    if (message?.type !== "claim" || message.tab === this.tab || message.slot !== this.slot || this.lost) return;
    this.lost = true;
    this.onTaken(message.slot);
  }
}
