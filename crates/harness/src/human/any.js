"use strict";
// Polls the game, draws what the person's seat sees, and sends the move clicked.
(function () {
  const token = new URLSearchParams(location.search).get("token");
  const $ = (id) => document.getElementById(id);
  let shown = "";
  let timer;
  const schedule = (ms) => {
    clearTimeout(timer);
    timer = setTimeout(refresh, ms);
  };
  async function refresh() {
    let view;
    try {
      const r = await fetch(`/state?token=${token}`);
      view = await r.json();
    } catch (e) {
      $("status").textContent = "the game has ended (the server is gone)";
      return;
    }
    $("status").textContent = view.status;
    if (view.picture !== shown) {
      $("picture").innerHTML = view.picture;
      shown = view.picture;
    }
    const moves = $("moves");
    moves.replaceChildren();
    for (const text of view.moves) {
      const b = document.createElement("button");
      b.textContent = text;
      b.addEventListener("click", () => play(text));
      moves.appendChild(b);
    }
    const log = $("log");
    while (log.children.length < view.log.length) {
      const li = document.createElement("li");
      li.textContent = view.log[log.children.length];
      log.appendChild(li);
    }
    log.scrollTop = log.scrollHeight;
    if (!view.over) schedule(view.moves.length ? 1000 : 300);
  }
  async function play(text) {
    $("moves").replaceChildren();
    const r = await fetch(`/move?token=${token}`, { method: "POST", body: text });
    if (!r.ok) $("status").textContent = await r.text();
    refresh();
  }
  refresh();
})();
