// The analysis board: builds a position by pointing, checks it with the
// server as it changes, and shows the advisor's view, refined while the
// position stays the same. Plain script, no build step.
"use strict";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", T: "ten", J: "jack", Q: "queen", K: "king" };

const $ = (id) => document.getElementById(id);
const hand = new Set();
let analysis = null; // the AbortController of the running analysis
let current = ""; // the notation analysed

function cardName(c) {
  const r = c[0], s = c[1];
  return (RANK_NAMES[r] || r) + " of " + SUIT_NAMES[s];
}

function cardLabel(c) {
  return (c[0] === "T" ? "10" : c[0]) + SYMBOLS[c[1]];
}

function cardElement(c, tag) {
  const el = document.createElement(tag || "span");
  el.className = "card s" + SUITS.indexOf(c[1]);
  el.textContent = cardLabel(c);
  el.setAttribute("aria-label", cardName(c));
  el.dataset.card = c;
  return el;
}

// parseCard reads "7h", "TD", "10s" or "7♥" into "7H", or null.
function parseCard(text) {
  let t = text.trim().toUpperCase().replace("10", "T");
  for (const [s, sym] of Object.entries(SYMBOLS)) t = t.replace(sym, s);
  if (t.length !== 2 || !RANKS.includes(t[0]) || !SUITS.includes(t[1])) return null;
  return t;
}

function cardList(text) {
  const out = [];
  for (const part of text.split(/[\s,]+/)) {
    if (!part) continue;
    const c = parseCard(part);
    if (!c) throw new Error("not a card: " + part);
    out.push(c);
  }
  return out;
}

function buildPicker() {
  const picker = $("picker");
  for (const s of SUITS) {
    for (const r of RANKS) {
      const c = r + s;
      const b = cardElement(c, "button");
      b.type = "button";
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => toggle(c));
      picker.appendChild(b);
    }
  }
}

function toggle(c) {
  if (hand.has(c)) hand.delete(c);
  else hand.add(c);
  compose();
}

// compose writes the short form from the controls, then checks it.
function compose() {
  for (const b of $("picker").children) {
    b.setAttribute("aria-pressed", hand.has(b.dataset.card) ? "true" : "false");
  }
  let pile, took, passed, discards;
  try {
    pile = cardList($("pile").value);
    took = cardList($("took").value);
    passed = cardList($("passed").value);
    discards = cardList($("discards").value);
  } catch (e) {
    status(e.message, true);
    return;
  }
  const stock = 52 - hand.size - pile.length - 10;
  $("stock").textContent = String(stock);
  const list = (cs) => (cs.length ? cs.join(",") : "-");
  const phase = $("phase").value;
  const text = "p1 " + phase + " hand=" + list([...hand]) + " pile=" + list(pile) + " stock=" + stock +
    " took=" + list(took) + " passed=" + list(passed) + " discards=" + list(discards) +
    " score=" + $("score").value.trim() + " dealer=" + $("dealer").value + " rules=" + $("rules").value;
  $("notation").value = text;
  check(text);
}

function status(text, isError) {
  const el = $("status");
  el.textContent = text;
  el.className = isError ? "error" : "";
}

async function api(path, body, signal) {
  const res = await fetch("api/" + path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
  });
  const data = await res.json();
  if (!res.ok) {
    const e = data.error || { message: res.statusText };
    const where = e.column ? " (column " + e.column + ")" : "";
    throw new Error(e.message + where);
  }
  return data;
}

// check validates a notation and, when it holds, analyses it.
async function check(text) {
  if (analysis) analysis.abort();
  analysis = null;
  let view;
  try {
    view = await api("position", { position: text });
  } catch (e) {
    status(e.message, true);
    return;
  }
  status("The position holds: " + view.phase + ", " + view.stock + " cards in the stock.");
  current = view.history || view.notation;
  history.replaceState(null, "", "#" + encodeURIComponent(current));
  showHand(view);
  analyse(current);
  legal(current);
}

function showHand(view) {
  const el = $("hand");
  el.replaceChildren(...view.hand.map((c) => cardElement(c)));
}

// analyse asks for advice at growing budgets, each answer replacing the
// last, and stops when the position changes.
async function analyse(text) {
  const ctl = new AbortController();
  analysis = ctl;
  const st = $("advice-status");
  for (const samples of [32, 256, 2048]) {
    st.textContent = "Analysing: " + samples + " worlds a move\u2026";
    st.className = "";
    let advice;
    try {
      advice = await api("advise", { position: text, samples, seed: 1 }, ctl.signal);
    } catch (e) {
      if (ctl.signal.aborted) return;
      st.textContent = e.message;
      st.className = "error";
      return;
    }
    if (ctl.signal.aborted || text !== current) return;
    showAdvice(advice, samples);
  }
  st.textContent = "Done: 2048 worlds a move.";
}

function pct(x) {
  return (100 * x).toFixed(1) + "%";
}

function showAdvice(a, samples) {
  const body = document.querySelector("#advice tbody");
  const rows = a.candidates.map((c, i) => {
    const tr = document.createElement("tr");
    if (i === 0) tr.className = "best";
    const cells = [c.move + (c.melds ? " " + c.melds.join(" | ") : "") + (c.baseline ? " *" : ""), pct(c.equity),
      (c.advantage >= 0 ? "+" : "") + pct(c.advantage), (100 * c.advantage_se).toFixed(1), c.points.toFixed(1),
      c.deadwood >= 0 ? String(c.deadwood) : "-", c.outs_knock != null ? String(c.outs_knock) : "-",
      c.danger != null ? pct(c.danger) : "-"];
    for (const v of cells) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    return tr;
  });
  body.replaceChildren(...rows);
  const o = a.opponent;
  $("opponent").textContent = o ? "The opponent knocks, as read: at once " + pct(o.knocks_at_once) + ", only early " +
    pct(o.knocks_early) + ", only with 3 or less " + pct(o.knocks_low) + ", only late " + pct(o.knocks_late) + "." : "";
  for (const el of document.querySelectorAll("#hand .card")) el.classList.remove("best");
  const best = a.candidates[0];
  if (best && best.move.startsWith("discard ")) {
    const c = best.move.slice(8);
    const el = document.querySelector('#hand .card[data-card="' + c + '"]');
    if (el) el.classList.add("best");
  }
  $("advice-status").textContent = "Recommended: " + a.recommended + " (" + samples + " worlds a move).";
}

async function legal(text) {
  const box = $("moves");
  box.replaceChildren();
  let data;
  try {
    data = await api("legal", { position: text });
  } catch (e) {
    return;
  }
  for (const m of data.moves || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = m.move + (m.melds ? " " + m.melds.join(" | ") : "");
    b.addEventListener("click", () => play(text, m.event));
    box.appendChild(b);
  }
}

async function play(text, event) {
  if (event.endsWith(" draw ?")) {
    const c = parseCard(prompt("Which card did you draw?") || "");
    if (!c) return;
    event = event.slice(0, -1) + c;
  }
  try {
    const view = await api("play", { position: text, events: [event] });
    $("notation").value = view.history || view.notation;
    check($("notation").value);
  } catch (e) {
    status(e.message, true);
  }
}

function init() {
  buildPicker();
  $("fourcolor").addEventListener("change", (e) => document.body.classList.toggle("four", e.target.checked));
  for (const id of ["pile", "took", "passed", "discards", "score"]) $(id).addEventListener("change", compose);
  for (const id of ["phase", "dealer", "rules"]) $(id).addEventListener("change", compose);
  $("cardkey").addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const c = parseCard(e.target.value);
    if (c) {
      toggle(c);
      e.target.value = "";
    } else {
      status("not a card: " + e.target.value, true);
    }
  });
  $("use").addEventListener("click", () => check($("notation").value.trim()));
  $("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    check($("notation").value.trim());
  });
  const fromURL = decodeURIComponent(location.hash.slice(1));
  if (fromURL) {
    $("notation").value = fromURL;
    check(fromURL);
  } else {
    compose();
  }
}

init();
