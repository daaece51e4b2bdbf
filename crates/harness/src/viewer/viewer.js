"use strict";
// Steps through the packed pictures of a game; window.stadtViewer lets a test read what is shown.
(async function () {
  const data = await unpack(document.getElementById("payload").textContent.trim());
  // A game's own facts beside the picture (Die Stadt's), when the page has them.
  const count = data.pictures.docs.length;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  slider.max = String(count - 1);
  const list = $("moves");
  data.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.dataset.step = String(i + 1);
    li.textContent = `${m.player}: ${m.text}`;
    li.title = `record line ${m.line}`;
    list.appendChild(li);
  });
  let step = 0;
  let svg = "";
  function show(n) {
    step = Math.max(0, Math.min(count - 1, n));
    svg = packedDoc(data.pictures, step);
    $("picture").innerHTML = svg;
    slider.value = String(step);
    $("counter").textContent = `step ${step} of ${count - 1}`;
    if (data.steps) facts(data.steps[step]);
    for (const li of list.children) li.classList.toggle("current", Number(li.dataset.step) === step);
    const current = list.children[step];
    // Only the move list scrolls to the current move (scrollIntoView would scroll the window too).
    if (current) {
      const box = $("moves");
      if (current.offsetTop < box.scrollTop) box.scrollTop = current.offsetTop;
      const below = current.offsetTop + current.offsetHeight - box.clientHeight;
      if (below > box.scrollTop) box.scrollTop = below;
    }
  }
  function facts(info) {
    $("turn").textContent = info.turn;
    $("tile").textContent = info.tile;
    $("hand").innerHTML = info.hand === null ? "" : packedDoc(data.hands, info.hand);
    $("piles").textContent = info.piles.map((n, i) => `pile ${i + 1}: ${n}`).join(", ");
    const body = document.querySelector("#players tbody");
    body.replaceChildren();
    for (const p of info.players) {
      const tr = document.createElement("tr");
      const cells = [p.name, p.returning ? `${p.supply} (+${p.returning})` : String(p.supply), p.towers, ...p.points];
      for (const c of cells) {
        const td = document.createElement("td");
        td.textContent = String(c);
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(step - 1));
  $("next").addEventListener("click", () => show(step + 1));
  $("last").addEventListener("click", () => show(count - 1));
  list.addEventListener("click", (e) => {
    const li = e.target.closest("li");
    if (li) show(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined || e.target === slider) return;
    e.preventDefault();
    show(to);
  });
  show(0);
  window.stadtViewer = { steps: count, step: () => step, svg: () => svg };
})();
