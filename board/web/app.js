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
// boardTimings holds what the browser tests read: the milliseconds from a
// position's check to its first advice.
window.boardTimings = { firstAnswer: null };
// boardErrors collects uncaught errors, for the same tests.
window.boardErrors = [];
window.addEventListener("error", (e) => window.boardErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.boardErrors.push(String(e.reason)));
let checkedAt = 0;

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

// toggle moves a card in or out of the clicked target: the hand, or one
// of the card-list fields.
function toggle(c) {
  const target = document.querySelector('input[name="target"]:checked').value;
  if (target === "hand") {
    if (hand.has(c)) hand.delete(c);
    else hand.add(c);
  } else {
    const field = $(target);
    let cs;
    try {
      cs = cardList(field.value);
    } catch (e) {
      cs = [];
    }
    const i = cs.indexOf(c);
    if (i >= 0) cs.splice(i, 1);
    else cs.push(c);
    field.value = cs.join(" ");
  }
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
let checkSeq = 0; // the latest check; answers to older ones are dropped

async function check(text) {
  const seq = ++checkSeq;
  checkedAt = performance.now();
  window.boardTimings.firstAnswer = null;
  $("advice-status").textContent = "";
  if (analysis) analysis.abort();
  analysis = null;
  let view;
  try {
    view = await api("position", { position: text });
  } catch (e) {
    if (seq === checkSeq) status(e.message, true);
    return;
  }
  if (seq !== checkSeq) return;
  status("The position holds: " + view.phase + ", " + view.stock + " cards in the stock.");
  current = view.history || view.notation;
  history.replaceState(null, "", "#" + encodeURIComponent(current));
  showHand(view);
  syncControls(view);
  details(view, current);
  analyse(current);
  legal(current);
}

// details draws the hand's melds and deadwood as groups, the opponent-hand
// chances as a heat map over the picker, and the outs.
async function details(view, text) {
  $("melds").replaceChildren();
  $("outs").textContent = "";
  for (const b of $("picker").children) {
    b.style.background = "";
    b.classList.remove("out");
    b.removeAttribute("title");
  }
  try {
    const score = await api("score", { hand: view.hand.join(" "), rules: view.rules });
    if (text !== current) return;
    const arr = score.arrangements && score.arrangements[0];
    if (arr) {
      const groups = arr.melds.map((m) => group(m, false));
      if (arr.deadwood_cards.length) groups.push(group(arr.deadwood_cards, true));
      $("melds").replaceChildren(...groups);
    }
    const inf = await api("infer", { position: text });
    if (text !== current) return;
    for (const b of $("picker").children) {
      const p = inf.chances[b.dataset.card];
      if (p === undefined) continue;
      b.title = "the opponent holds it with chance " + pct(p);
      if ($("heat").checked) b.style.background = "rgba(224, 120, 0, " + (0.08 + 0.6 * p).toFixed(2) + ")";
    }
    if (view.phase === "draw") {
      const outs = await api("outs", { position: text, samples: 200 });
      if (text !== current) return;
      const good = (outs.cards || []).filter((o) => o.kind === "gin" || o.kind === "knock");
      for (const o of good) {
        const b = document.querySelector('#picker [data-card="' + o.card + '"]');
        if (b) b.classList.add("out");
      }
      $("outs").textContent = good.length ? "Outs (dashed on the picker): " + good.map((o) => o.card + " (" + o.kind + ")").join(", ") + "." : "No card brings a knock or gin at this draw.";
    }
  } catch (e) {
    // The details are extras; the status line already says what is wrong.
  }
}

function group(cards, dead) {
  const g = document.createElement("div");
  g.className = "group" + (dead ? " deadwood" : "");
  g.setAttribute("aria-label", dead ? "deadwood" : "a meld");
  g.replaceChildren(...cards.map((c) => cardElement(c)));
  return g;
}

// syncControls sets the picker and the fields from a checked position, so
// that pointing goes on from it.
function syncControls(view) {
  hand.clear();
  for (const c of view.hand) hand.add(c);
  for (const b of $("picker").children) {
    b.setAttribute("aria-pressed", hand.has(b.dataset.card) ? "true" : "false");
  }
  $("pile").value = view.pile.join(" ");
  $("took").value = view.opponent_took.join(" ");
  $("passed").value = view.opponent_passed.join(" ");
  $("discards").value = view.opponent_discards.join(" ");
  $("score").value = view.scores.join("-");
  $("stock").textContent = String(view.stock);
  const set = (id, v) => {
    const sel = $(id);
    if ([...sel.options].some((o) => o.value === v)) sel.value = v;
  };
  set("phase", view.phase);
  set("dealer", view.dealer);
  set("rules", view.rules);
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
  for (const samples of [16, 256, 2048]) {
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
    if (samples === 16) window.boardTimings.firstAnswer = performance.now() - checkedAt;
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

// The review: graded decisions, the one shown, and the seat filter.
let review = [];
let shown = -1;

async function startReview() {
  const st = $("review-status");
  st.className = "";
  st.textContent = "Grading\u2026";
  let data;
  try {
    data = await api("review", { log: $("log").value, quick: $("quick").checked, samples: 64, seed: 1 });
  } catch (e) {
    st.textContent = e.message;
    st.className = "error";
    return;
  }
  review = data.decisions;
  const s = data.summary;
  st.textContent = review.length + " decisions graded in " + s.games_read + (s.games_read === 1 ? " game." : " games.");
  listDecisions();
  drawChart();
  step(0);
}

function visible() {
  const seat = $("seatview").value;
  return review.map((d, i) => i).filter((i) => seat === "" || String(review[i].seat - 1) === seat);
}

function listDecisions() {
  const ol = $("decisions");
  ol.replaceChildren(...visible().map((i) => {
    const d = review[i];
    const li = document.createElement("li");
    li.dataset.index = i;
    li.className = d.class && d.class !== "good" && d.class !== "best" ? d.class : "";
    li.textContent = "hand " + d.hand + ", " + d.player + ": " + d.move + (d.matched ? "" : " (best " + d.best + ")");
    li.addEventListener("click", () => show(i));
    return li;
  }));
}

// drawChart draws p1's chance of winning the game after each decision, as
// the advisor valued the move played (a line around 50%, as lichess draws
// its evaluation), or, under quick grading, the equity each seat has lost so
// far.
function drawChart() {
  const svg = $("chart");
  svg.innerHTML = "";
  const ns = "http://www.w3.org/2000/svg";
  const n = Math.max(1, review.length - 1);
  const x = (i) => (600 * i / n).toFixed(1);
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text) el.textContent = text;
    svg.appendChild(el);
  };
  if (review.length && review.every((d) => d.equity != null)) {
    const y = (e) => (115 - 110 * e).toFixed(1);
    const pts = review.map((d, i) => x(i) + "," + y(d.seat === 1 ? d.equity : 1 - d.equity));
    add("line", { x1: 0, x2: 600, y1: y(0.5), y2: y(0.5), stroke: "#c9c5b9" });
    add("polyline", { class: "p1", points: pts.join(" ") });
    add("text", { x: 4, y: 14 }, "p1's chance of winning the game, as the advisor valued each move");
    $("chart").setAttribute("aria-label", "p1's chance of winning the game over the decisions");
    return;
  }
  const lost = [[0], [0]];
  for (const d of review) {
    const k = d.seat - 1;
    lost[k].push(lost[k][lost[k].length - 1] + d.equity_lost);
    lost[1 - k].push(lost[1 - k][lost[1 - k].length - 1]);
  }
  const top = Math.max(0.01, lost[0][lost[0].length - 1], lost[1][lost[1].length - 1]);
  const m = Math.max(1, review.length);
  for (const k of [0, 1]) {
    add("polyline", { class: "p" + (k + 1), points: lost[k].map((v, i) => (600 * i / m).toFixed(1) + "," + (110 - 100 * v / top).toFixed(1)).join(" ") });
    add("text", { x: 4, y: 14 + 14 * k }, "p" + (k + 1) + ": " + (100 * lost[k][lost[k].length - 1]).toFixed(1) + " points of equity lost");
  }
  $("chart").setAttribute("aria-label", "the equity each seat has lost so far");
}

function show(i) {
  shown = i;
  const d = review[i];
  for (const li of $("decisions").children) li.classList.toggle("current", Number(li.dataset.index) === i);
  const cur = $("decisions").querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  $("decision").textContent = "Hand " + d.hand + ", " + d.player + " (" + d.kind + "): played " + d.move +
    (d.matched ? ", the best move." : "; better: " + d.best + " (" + (100 * d.equity_lost).toFixed(1) + " points of equity, " + d.class + ").");
  $("notation").value = d.position;
  check(d.position);
}

function step(delta) {
  const idx = visible();
  if (!idx.length) return;
  let at = idx.indexOf(shown);
  at = at < 0 ? 0 : Math.min(idx.length - 1, Math.max(0, at + delta));
  show(idx[at]);
}

// Play: a game against a bot, seat p1; with hints the board analyses each
// decision. After it, the review, and the mistakes served back as puzzles.
let gameID = "";
let puzzles = [];

async function newGame() {
  const st = $("game-status");
  st.className = "";
  st.textContent = "Dealing\u2026";
  try {
    showGame(await api("game/new", { opponent: $("opponent").value, rules: $("rules").value }));
  } catch (e) {
    st.textContent = e.message;
    st.className = "error";
  }
}

function showGame(g) {
  gameID = g.game;
  $("game-hands").replaceChildren(...g.hands.map((h) => {
    const li = document.createElement("li");
    li.textContent = h;
    return li;
  }));
  const box = $("game-moves");
  box.replaceChildren();
  if (g.over) {
    $("game-status").textContent = "The game is over" + (g.error ? ": " + g.error : ".") + " Reviewing it\u2026";
    $("log").value = g.log;
    $("quick").checked = false;
    startReview().then(() => {
      puzzles = review.filter((d) => d.seat === 1 && (d.class === "mistake" || d.class === "blunder"));
      $("learn").disabled = puzzles.length === 0;
      $("game-status").textContent = "The game is over. " + puzzles.length + " of your decisions to learn from.";
    });
    return;
  }
  const p = g.position;
  $("game-status").textContent = "Your " + p.phase + " (" + p.scores.join("-") + ", " + p.stock + " cards in the stock).";
  $("notation").value = p.history || p.notation;
  if ($("hints").checked) {
    check($("notation").value);
  } else {
    current = $("notation").value;
    showHand(p);
    if (analysis) analysis.abort();
    document.querySelector("#advice tbody").replaceChildren();
    $("advice-status").textContent = "Hints are off.";
  }
  for (const m of g.moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = m.move + (m.melds ? " " + m.melds.join(" | ") : "");
    b.addEventListener("click", async () => {
      try {
        showGame(await api("game/move", { game: gameID, move: m.event }));
      } catch (e) {
        $("game-status").textContent = e.message;
        $("game-status").className = "error";
      }
    });
    box.appendChild(b);
  }
}

// learn serves the next mistake as a puzzle: the position, without the
// advice, and the legal moves to choose from.
async function learn() {
  const d = puzzles.shift();
  $("learn").disabled = puzzles.length === 0;
  if (!d) return;
  $("notation").value = d.position;
  current = d.position;
  if (analysis) analysis.abort();
  document.querySelector("#advice tbody").replaceChildren();
  $("advice-status").textContent = "Puzzle: find the better move.";
  const view = await api("position", { position: d.position });
  showHand(view);
  const data = await api("legal", { position: d.position });
  const box = $("game-moves");
  box.replaceChildren();
  $("game-status").textContent = "Hand " + d.hand + ": you played " + d.move + ". Find the better move.";
  for (const m of data.moves || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = m.move + (m.melds ? " " + m.melds.join(" | ") : "");
    b.addEventListener("click", () => {
      const right = m.move === d.best || (m.move.startsWith("knock") && d.best.startsWith("knock"));
      $("game-status").textContent = (right ? "Right: " : "Not that: ") + "the advisor plays " + d.best + ", worth " +
        (100 * d.equity_lost).toFixed(1) + " points of equity more than " + d.move + ", the move played." +
        (puzzles.length ? " Next puzzle with the button above." : " That was the last one.");
      box.replaceChildren();
    });
    box.appendChild(b);
  }
}

function init() {
  buildPicker();
  $("fourcolor").addEventListener("change", (e) => document.body.classList.toggle("four", e.target.checked));
  $("heat").addEventListener("change", () => current && check(current));
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
  $("review").addEventListener("click", startReview);
  $("newgame").addEventListener("click", newGame);
  $("learn").addEventListener("click", learn);
  $("seatview").addEventListener("change", () => { listDecisions(); step(0); });
  $("logfile").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) $("log").value = await f.text();
  });
  document.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (!review.length || tag === "input" || tag === "textarea" || tag === "select") return;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { e.preventDefault(); step(1); }
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { e.preventDefault(); step(-1); }
  });
  window.addEventListener("hashchange", () => {
    const text = decodeURIComponent(location.hash.slice(1));
    if (text && text !== current) {
      $("notation").value = text;
      check(text);
    }
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
