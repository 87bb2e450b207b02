import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { linkParams, tokenIn, trimLinkEnd } from "../web/js/pasted-link.js";

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

describe("a share link after a trip through chat apps and mail", () => {
  const token = "g1.eNq-_x9A";
  test("its token loses what was added to it, and keeps every character of its own", () => {
    const arrived = {
      "a full stop after it": `${token}.`,
      "a bracket and a quote": `${token})"`,
      "a space at a line break": "g1.eNq- _x9A",
      "a mail client's line break": "g1.eNq-_\r\nx9A",
      "a line break and a full stop": "g1.eNq-\n_x9A.",
      "an app's query after the fragment": `${token}?utm_source=chat&x=1`,
      "a full stop, then the app's query": `${token}.?fbclid=abc`,
      "a second fragment": `${token}#top`,
      "the sentence that goes on after its full stop": `${token}. Look at the last deal!`,
      "a closing bracket, then words": `${token}) for you`,
    };
    for (const [what, value] of Object.entries(arrived)) assert.equal(tokenIn(value), token, what);
    assert.equal(tokenIn(token), token);
    assert.equal(tokenIn(""), "", "an empty token stays empty (the engine says so)");
  });

  test("a damaged token is passed on damaged, for the engine to refuse", () => {
    assert.equal(tokenIn("g1.eNq*x9A"), "g1.eNq*x9A");
    assert.equal(tokenIn("g1.eNq…"), "g1.eNq", "an app's ellipsis: the token is cut short, and read so");
  });

  test("a fragment an app percent-encoded, once or twice, is read as its sender wrote it", () => {
    for (const hash of [`#game=${token}`, `#game%3D${token}`, `#game%253D${token}`, `game%3d${token}%2E`]) {
      assert.equal(tokenIn(linkParams(hash).get("game") ?? "none"), token, hash);
    }
    assert.equal(linkParams(`#game=${token}&fbclid=IwAR0`).get("game"), token, "an app's parameter is another one");
    assert.equal(linkParams("#game=g1.a%zz").get("game"), "g1.a%zz", "a lone % is no encoding");
  });
});
