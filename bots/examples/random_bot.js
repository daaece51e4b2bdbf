#!/usr/bin/env node
// A Die Stadt bot in JavaScript (Node.js) that plays a random legal move, speaking stadt-bot 1
// (docs/bot-protocol.md) with Node's standard library only. Its randomness is a small generator
// seeded from the new game's seed, so its games reproduce.
"use strict";
const readline = require("readline");

let state = 1n;
function seed(s) {
  state = BigInt(s) | 1n;
}
// xorshift64*: enough for picking moves.
function next() {
  state ^= state >> 12n;
  state ^= (state << 25n) & 0xffffffffffffffffn;
  state ^= state >> 27n;
  return Number(((state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) >> 11n) / 2 ** 53;
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (line.trim() === "") {
    return; // blank lines are ignored (docs/bot-protocol.md)
  }
  const message = JSON.parse(line);
  let reply = null;
  if (message.type === "hello") {
    reply = { type: "ready", name: "random (JavaScript)" };
  } else if (message.type === "new_game") {
    // The seed may exceed 2^53, past which JavaScript numbers are not exact: read it from the text.
    seed(line.match(/"seed"\s*:\s*(\d+)/)[1]);
  } else if (message.type === "decide") {
    const moves = message.moves;
    reply = { type: "move", move: moves[Math.floor(next() * moves.length)] };
  } else if (message.type === "quit") {
    process.exit(0);
  }
  if (reply !== null) {
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
});
