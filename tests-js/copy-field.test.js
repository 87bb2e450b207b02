import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";

import { COPIED_MS, wireCopy, wireSend } from "../web/js/copy-field.js";
import { pageLanguage, withGlobal } from "./fakes.js";

/** A read-only field as wireCopy and wireSend use it: its value, what is selected, its listeners. */
class FakeField extends EventTarget {
  constructor(value) {
    super();
    this.value = value;
    this.selected = null;
  }

  setSelectionRange(start, end) {
    this.selected = this.value.slice(start, end);
  }

  focus() {
    this.dispatchEvent(new Event("focus"));
  }
}

/** A button whose click waits for what its listener started (the clipboard's promise); not for its timers. */
class FakeButton extends EventTarget {
  textContent = "";
  hidden = false;
  attributes = {};

  setAttribute(name, value) {
    this.attributes[name] = value;
  }

  async click() {
    this.dispatchEvent(new Event("click"));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("copying a link or the snippet", () => {
  const LINK = "https://x/club.html#challenge=c1.A";
  let restore = () => {};
  beforeEach(() => {
    restore = pageLanguage("en");
  });
  afterEach(() => restore());

  test("Copy puts the whole text on the clipboard and says so, then offers to copy again", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const [field, button] = [new FakeField(LINK), new FakeButton()];
    const copied = [];
    wireCopy(field, button, { writeText: async (text) => void copied.push(text) });
    assert.equal(button.textContent, "Copy");
    await button.click();
    assert.deepEqual(copied, [LINK]);
    assert.equal(button.textContent, "Copied");
    assert.equal(button.attributes["aria-live"], "polite", "heard with the focus on the button");
    assert.equal(field.selected, null, "the focus stays on the button: the field is not read out");
    t.mock.timers.tick(COPIED_MS);
    assert.equal(button.textContent, "Copy");
    assert.equal(button.attributes["aria-live"], "off", "offering to copy again is not said");
  });

  test("without the clipboard API, or without permission, the text is left selected and Copy says so a moment", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const refused = async () => {
      throw new DOMException("Permissions policy violation: The Clipboard API has been blocked", "NotAllowedError");
    };
    for (const clipboard of [undefined, { writeText: refused }]) {
      const [field, button] = [new FakeField(LINK), new FakeButton()];
      wireCopy(field, button, clipboard);
      await button.click();
      assert.equal(field.selected, LINK);
      assert.equal(button.textContent, "Selected — copy by hand");
      t.mock.timers.tick(COPIED_MS);
      assert.equal(button.textContent, "Copy");
    }
  });

  test("in Serbian the button says it in the page's script", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    for (const [lang, said] of [
      ["sr-Latn", "Označeno — kopirajte ručno"],
      ["sr-Cyrl", "Означено — копирајте ручно"],
    ]) {
      const undo = pageLanguage(lang);
      const button = new FakeButton();
      wireCopy(new FakeField(LINK), button, undefined);
      await button.click();
      assert.equal(button.textContent, said);
      t.mock.timers.tick(COPIED_MS);
      undo();
    }
  });

  test("a focus or a tap in the field selects all of it", () => {
    const field = new FakeField(LINK);
    wireCopy(field, new FakeButton(), undefined);
    for (const type of ["focus", "click"]) {
      field.selected = null;
      field.dispatchEvent(new Event(type));
      assert.equal(field.selected, LINK);
    }
  });

  test("Send is offered only where the device has a share sheet, and sends the field's link", async (t) => {
    const field = new FakeField(LINK);
    const desktop = new FakeButton();
    const undoDesktop = withGlobal("navigator", {});
    wireSend(field, desktop, () => "Petak");
    undoDesktop();
    assert.equal(desktop.hidden, true);
    const sent = [];
    t.after(withGlobal("navigator", { share: async (data) => void sent.push(data) }));
    const phone = new FakeButton();
    wireSend(field, phone, () => "Petak");
    assert.equal(phone.hidden, false);
    assert.equal(phone.textContent, "Send…");
    await phone.click();
    assert.deepEqual(sent, [{ title: "Petak", url: LINK }]);
  });
});
