"use strict";
// The play page: polls the game's public view, draws the person's legal choices on the city and
// sends the one clicked. Every request carries the token of the page's own address.
(function () {
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  let view = null;
  let degrees = 0;
  let seenLog = 0;

  async function call(path, body) {
    const init = body === undefined ? {} : { method: "POST", body };
    const response = await fetch(`${path}?token=${encodeURIComponent(token)}`, init);
    return { ok: response.ok, text: await response.text() };
  }

  async function poll() {
    const r = await call("/state");
    if (!r.ok) {
      $("status").textContent = `the server answered: ${r.text}`;
      return;
    }
    const v = JSON.parse(r.text);
    if (v.starting) {
      setTimeout(poll, 200);
      return;
    }
    show(v);
    if (!v.waiting && !v.over && !v.status.startsWith("the game stopped")) setTimeout(poll, 250);
  }

  function rotations() {
    return [...new Set(view.choices.filter((c) => c.kind === "place").map((c) => c.degrees))].sort((a, b) => a - b);
  }

  function turn() {
    const rots = rotations();
    if (rots.length === 0) return;
    degrees = rots[(rots.indexOf(degrees) + 1) % rots.length];
    drawChoices();
  }

  async function send(text) {
    $("message").textContent = "";
    const r = await call("/move", text);
    if (!r.ok) {
      $("message").textContent = r.text;
      return;
    }
    view.waiting = false;
    drawChoices();
    $("status").textContent = "the bots are moving";
    poll();
  }

  function show(v) {
    const first = view === null;
    view = v;
    $("status").textContent = v.status;
    $("picture").innerHTML = v.svg;
    $("you").textContent = v.you;
    $("turn").textContent = v.turn;
    $("tile").textContent = v.tile;
    $("piles").textContent = v.piles.map((n, i) => `pile ${i + 1}: ${n}`).join(", ");
    const body = document.querySelector("#players tbody");
    body.replaceChildren();
    v.players.forEach((p, i) => {
      const tr = document.createElement("tr");
      const supply = p.returning ? `${p.supply} (+${p.returning})` : String(p.supply);
      for (const c of [p.name, v.seats[i], supply, p.towers, p.points[5]]) {
        const td = document.createElement("td");
        td.textContent = String(c);
        tr.appendChild(td);
      }
      body.appendChild(tr);
    });
    const log = $("log");
    log.replaceChildren();
    v.log.forEach((line, i) => {
      const li = document.createElement("li");
      li.textContent = line;
      if (!first && i >= seenLog) li.className = "new";
      log.appendChild(li);
    });
    seenLog = v.log.length;
    // Only the log scrolls to its newest line (scrollIntoView would scroll the window too).
    log.scrollTop = log.scrollHeight;
    const rots = rotations();
    if (!rots.includes(degrees)) degrees = rots.length ? rots[0] : 0;
    drawChoices();
  }

  function drawChoices() {
    const svg = $("picture").querySelector("svg");
    for (const old of svg.querySelectorAll(".choice")) old.remove();
    const buttons = $("buttons");
    buttons.replaceChildren();
    const placing = view.waiting && view.hand.length > 0;
    $("hand-box").hidden = !placing;
    if (placing) $("hand").innerHTML = view.hand[degrees / 90];
    if (!view.waiting) return;
    for (const c of view.choices) {
      let shape;
      if (c.kind === "place") {
        if (c.degrees !== degrees) continue;
        shape = document.createElementNS(SVG, "rect");
        shape.setAttribute("x", c.x);
        shape.setAttribute("y", c.y);
        shape.setAttribute("width", c.size);
        shape.setAttribute("height", c.size);
        shape.setAttribute("class", "choice place");
      } else if (c.kind === "spot") {
        shape = document.createElementNS(SVG, "circle");
        shape.setAttribute("cx", c.x);
        shape.setAttribute("cy", c.y);
        shape.setAttribute("r", 8); // state.rs SPOT_R
        shape.setAttribute("class", "choice spot");
      } else {
        const b = document.createElement("button");
        b.textContent = c.text;
        b.dataset.move = c.text;
        b.className = "choice-button";
        b.addEventListener("click", () => send(c.text));
        buttons.appendChild(b);
        continue;
      }
      shape.dataset.move = c.text;
      const title = document.createElementNS(SVG, "title");
      title.textContent = c.text;
      shape.appendChild(title);
      shape.addEventListener("click", () => send(c.text));
      svg.appendChild(shape);
    }
  }

  $("hand").addEventListener("click", turn);
  document.addEventListener("keydown", (e) => {
    if (e.key === "r" && view && view.waiting) turn();
  });
  window.stadtPlay = { view: () => view, degrees: () => degrees };
  poll();
})();
