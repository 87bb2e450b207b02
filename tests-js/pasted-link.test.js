import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { trimLinkEnd } from "../web/js/pasted-link.js";

describe("a link pasted or opened from the end of a sentence", () => {
  test("loses the punctuation and whitespace after it, and nothing of the token", () => {
    const link = "https://x/club.html#challenge=c1.AbC_-9";
    for (const end of [".", ",", ";", ":", "!", "?", ")", "»", '"', "'", "”", "’", "…", ").", "!!", ". \n", ""]) {
      assert.equal(trimLinkEnd(link + end), link, JSON.stringify(end));
    }
    assert.equal(trimLinkEnd("f1.ab-_"), "f1.ab-_", "a token's own last characters stay");
    assert.equal(trimLinkEnd("(c1.A)"), "(c1.A", "only the end: what comes before the link is not looked at");
    assert.equal(trimLinkEnd("..."), "");
  });
});
