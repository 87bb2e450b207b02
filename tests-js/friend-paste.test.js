import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { friendLinkIn, friendLinkInFragment, readPaste } from "../web/js/friend-paste.js";

const BASE = "https://otv66.example/play/friend.html?lang=en";
const FRIEND = "https://otv66.example/play/friend.html#f1.AbC-d_9";

describe("a friend's link in an address", () => {
  test("its token, without the end of the sentence an address was opened with", () => {
    assert.equal(friendLinkIn("#f1.AbC-d_9"), "f1.AbC-d_9");
    assert.equal(friendLinkIn("#f1.AbC-d_9)."), "f1.AbC-d_9");
    assert.equal(friendLinkIn("#f1.AbC-d_9%C2%BB"), "f1.AbC-d_9");
    // A newer version's link too: the engine refuses it as such ("reload the page"), not as words with no link.
    assert.equal(friendLinkIn("Evo: https://otv66.example/friend.html#f2.AbC-d_9."), "f2.AbC-d_9");
    assert.equal(friendLinkIn("#challenge=c1.Ab"), null);
  });

  test("the one a page address's fragment begins with, of any version", () => {
    assert.equal(friendLinkInFragment("#f1.AbC-d_9)."), "f1.AbC-d_9");
    assert.equal(friendLinkInFragment("#f12.AbC"), "f12.AbC");
    assert.equal(friendLinkInFragment("#deal=x/f1.AbC"), null);
    assert.equal(friendLinkInFragment("#f.AbC"), null);
    assert.equal(friendLinkInFragment(""), null);
  });
});

describe("what a player pasted into the friend page's box", () => {
  test("nothing, or only spaces", () => {
    assert.deepEqual(readPaste("", BASE), { kind: "empty" });
    assert.deepEqual(readPaste(" \n\t", BASE), { kind: "empty" });
  });

  test("words with no link", () => {
    assert.deepEqual(readPaste("pozdrav", BASE), { kind: "none" });
    assert.deepEqual(readPaste("Evo, igraj sa mnom!", BASE), { kind: "none" });
  });

  test("a friend's link: its token, from an address, a sentence or alone", () => {
    const friend = { kind: "friend", link: "f1.AbC-d_9" };
    for (const end of [".", ",", ";", ":", "!", "?", ")", "»", '"', "'", "“", "!!", '."', " ) . "]) {
      assert.deepEqual(readPaste(`  ${FRIEND}${end}`, BASE), friend, end);
    }
    assert.deepEqual(readPaste(FRIEND, BASE), friend);
    assert.deepEqual(readPaste(`Evo linka: ${FRIEND}.`, BASE), friend);
    assert.deepEqual(readPaste(`(${FRIEND}) igraj!`, BASE), friend);
    assert.deepEqual(readPaste("f1.AbC-d_9", BASE), friend);
    // Its `#` percent-encoded on the way (a mail's link checker): "cannot be read" was said of a whole link.
    assert.deepEqual(readPaste(FRIEND.replace("#", "%23"), BASE), friend);
  });

  test("a link a mail broke over lines: its pieces joined again are offered beside it", () => {
    assert.deepEqual(readPaste("Evo:\nf1.AbC\n-d_9.", BASE), { kind: "friend", link: "f1.AbC", joined: "f1.AbC-d_9" });
    assert.deepEqual(readPaste("f1.AbC -d_9", BASE), { kind: "friend", link: "f1.AbC", joined: "f1.AbC-d_9" });
    assert.deepEqual(readPaste(`${FRIEND} igraj`, BASE), {
      kind: "friend",
      link: "f1.AbC-d_9",
      joined: "f1.AbC-d_9igraj",
    }); // the page takes the joined pieces only where the engine reads them
  });

  test("a link cut short goes to the engine whole (it says it was cut)", () => {
    assert.deepEqual(readPaste("https://otv66.example/play/friend.html#f1", BASE), {
      kind: "friend",
      link: "https://otv66.example/play/friend.html#f1",
    });
    assert.deepEqual(readPaste("otv66.example/play/friend.html", BASE), {
      kind: "friend",
      link: "otv66.example/play/friend.html",
    });
  });

  test("an address of another site is no friend's link (not one to copy whole)", () => {
    assert.deepEqual(readPaste("https://example.com/.", BASE), { kind: "foreign" });
    assert.deepEqual(readPaste("Pogledaj www.example.com/nesto", BASE), { kind: "foreign" });
    assert.deepEqual(readPaste("https://otv66.example/play/index.html", BASE), { kind: "foreign" });
  });

  test("a link of the site's other pages: its kind and its address on this site", () => {
    const cases = [
      ["https://elsewhere.example/club.html?embed=1#challenge=c1.Xy_-z.", "challenge", "club.html#challenge=c1.Xy_-z"],
      ["club.html#challenge=c1.Xy&view=standings", "challenge", "club.html#challenge=c1.Xy&view=standings"],
      ["Moj rezultat: club.html#result=r1.Ab!", "result", "club.html#result=r1.Ab"],
      ["club.html#standings=s1.Ab", "standings", "club.html#standings=s1.Ab"],
      ["https://otv66.example/play/index.html#deal=d1.Ab, probaj", "deal", "index.html#deal=d1.Ab"],
      ["„https://otv66.example/play/replay.html#game=g1.Ab“", "game", "replay.html#game=g1.Ab"],
    ];
    for (const [text, kind, page] of cases) {
      assert.deepEqual(readPaste(text, BASE), { kind, address: `https://otv66.example/play/${page}` }, text);
    }
  });
});
