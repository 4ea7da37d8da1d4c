// The analysis board: the table as a player sees it, the advisor's view
// beside it, refined while the position stays the same; a game against a
// bot on the same table; a review graded as batch grades; and puzzles from
// the review. Plain script, no build step.
"use strict";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", T: "ten", J: "jack", Q: "queen", K: "king" };
const PHASES = { "first-offer": "first offer", draw: "draw", discard: "discard", knock: "knock decision" };
// REFINE is the worlds a move of each answer while a position stays.
const REFINE = [16, 256, 2048];
// EXAMPLE is the worked example the page opens on: a discard with a
// near meld to keep and an opponent that has shown its hand.
const EXAMPLE = "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1";

const $ = (id) => document.getElementById(id);
const hand = new Set();
let analysis = null; // the AbortController of the running analysis
let current = ""; // the notation on the table
let shownView = null; // the position on the table, as the server read it
let best = null; // the recommended move, marked on the cards
// boardTimings holds what the browser tests read: the milliseconds from a
// position's check to its first advice.
window.boardTimings = { firstAnswer: null };
// boardErrors collects uncaught errors, for the same tests.
window.boardErrors = [];
window.addEventListener("error", (e) => window.boardErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.boardErrors.push(String(e.reason)));
let checkedAt = 0;

function cardName(c) {
  return (RANK_NAMES[c[0]] || c[0]) + " of " + SUIT_NAMES[c[1]];
}

// cardLabel writes a card as every output of ginadvisor does with suit
// symbols: the rank's letter (T for ten) and the suit's symbol, "T♥".
function cardLabel(c) {
  return c[0] + SYMBOLS[c[1]];
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

function cardValue(c) {
  const r = RANKS.indexOf(c[0]) + 1;
  return r > 10 ? 10 : r;
}

// pct writes a difference of shares, in points, to a tenth.
function pct(x) {
  return (100 * x).toFixed(1) + "%";
}

// share writes a share (0 to 1) to a tenth of a per cent, as the command
// line does (stats.Share): one strictly between 0 and 1 never reads as
// 0.0% or 100.0%, but as <0.1% or >99.9%.
function share(x) {
  const v = 100 * x;
  let s = v.toFixed(1);
  // toFixed rounds an exact tie (98.25) up, Go's strconv to even: round
  // to even here too, so that the page and the command line agree.
  if (/^\d+\.\d50*$/.test(v.toFixed(60))) {
    const n = Math.floor(v * 10);
    s = ((n % 2 === 0 ? n : n + 1) / 10).toFixed(1);
  }
  if (x > 0 && Number(s) === 0) return "<0.1%";
  if (x < 1 && Number(s) === 100) return ">99.9%";
  return s + "%";
}

// The picker: one tab stop; the arrow keys move in it, a row a suit.
function buildPicker() {
  const picker = $("picker");
  for (const s of SUITS) {
    for (const r of RANKS) {
      const c = r + s;
      const b = cardElement(c, "button");
      b.type = "button";
      b.tabIndex = picker.children.length === 0 ? 0 : -1;
      b.setAttribute("aria-pressed", "false");
      if (r === "A") b.classList.add("suit-start");
      b.addEventListener("click", () => toggle(c));
      picker.appendChild(b);
    }
  }
  picker.addEventListener("keydown", pickerKey);
}

function pickerKey(e) {
  const cs = [...$("picker").children];
  const at = cs.indexOf(document.activeElement);
  if (at < 0) return;
  // Up and down go to the card of the same rank in the suit above or
  // below, whatever the width lays a suit out in.
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 13, ArrowDown: at + 13, Home: 0, End: cs.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  const next = cs[Math.max(0, Math.min(cs.length - 1, to))];
  cs[at].tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
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
    else if (target === "drawn") cs = [c];
    else cs.push(c);
    field.value = cs.join(" ");
    // The card drawn is one of the hand's eleven.
    if (target === "drawn" && cs.length) hand.add(c);
  }
  compose();
}

// compose writes the short form from the controls and checks it once it
// is complete; until then it says what is missing.
function compose() {
  // Until the fields make a position, none is on the table: no advice of
  // the last one beside what they lack.
  const lacks = (text, isError) => {
    if (current) blankTable();
    status(text, isError);
  };
  for (const b of $("picker").children) {
    b.setAttribute("aria-pressed", hand.has(b.dataset.card) ? "true" : "false");
  }
  let pile, took, passed, discards, drew;
  try {
    pile = cardList($("pile").value);
    took = cardList($("took").value);
    passed = cardList($("passed").value);
    discards = cardList($("discards").value);
    drew = cardList($("drawn").value);
  } catch (e) {
    lacks(e.message, true);
    return;
  }
  const phase = $("phase").value;
  const want = phase === "discard" ? 11 : 10;
  if (hand.size !== want) {
    const more = want - hand.size;
    lacks("Your hand holds " + hand.size + (hand.size === 1 ? " card" : " cards") + "; a " + PHASES[phase] + " wants " + want + ": " +
      (more > 0 ? "click " + more + " more." : "take " + -more + " out."), false);
    return;
  }
  const fromPile = phase === "discard" && $("drawn-from").value === "pile";
  if (pile.length === 0 && !fromPile) {
    lacks("Now add the upcard: choose \u201cthe pile\u201d above and click it (or type it in Pile).", false);
    return;
  }
  // The first turn after the first offer: when the pile holds the
  // upcard alone and the opponent has done nothing, both passed it, the
  // opponent second, so it is among its passes; when you took it, it was
  // the first upcard.
  const untouched = !took.length && !passed.length && !discards.length;
  let firstField = "";
  if ((phase === "draw" || (phase === "discard" && !fromPile)) && $("dealer").value === "p2" && pile.length === 1 && untouched) {
    passed = [pile[0]];
    $("passed").value = pile[0];
  }
  // A discard names the card drawn this turn, from the stock or the pile.
  let drawnField = "";
  if (phase === "discard") {
    if (drew.length !== 1) {
      lacks(drew.length ? "You drew one card, not " + drew.length + ": keep one in \u201cYou drew\u201d." :
        "Now say which card you drew: choose \u201cthe card you drew\u201d above and click it (or type it in You drew).", false);
      return;
    }
    if (!hand.has(drew[0])) {
      lacks("The card you drew, " + cardLabel(drew[0]) + ", is not in your hand: a discard holds it among the eleven.", true);
      return;
    }
    drawnField = (fromPile ? " from-pile=" : " drawn=") + drew[0];
    if (fromPile && pile.length === 0 && !took.length && !discards.length) {
      // The upcard taken at the first offer: it was the first upcard,
      // and nobody passed it.
      firstField = " first=" + drew[0];
      passed = passed.filter((c) => c !== drew[0]);
      $("passed").value = passed.join(" ");
    }
  }
  const stock = 52 - hand.size - pile.length - 10;
  const list = (cs) => (cs.length ? cs.join(",") : "-");
  const text = "p1 " + phase + " hand=" + list([...hand]) + " pile=" + list(pile) + " stock=" + stock +
    " took=" + list(took) + " passed=" + list(passed) + " discards=" + list(discards) + drawnField + firstField +
    " score=" + $("score").value.trim() + " dealer=" + $("dealer").value + " rules=" + $("rules").value;
  $("notation").value = text;
  setMode("analyse");
  check(text, { advice: "refine", moves: "legal", setup: true });
}

function clearTable() {
  hand.clear();
  for (const id of ["pile", "took", "passed", "discards", "drawn"]) $(id).value = "";
  $("drawn-from").value = "stock";
  $("score").value = "0-0";
  $("phase").value = "first-offer";
  $("dealer").value = "p2";
  // A cleared table plays the default rules, as every command does, not
  // those of the example it replaced.
  $("rules").value = "standard";
  $("notation").value = "";
  $("picker-box").open = true;
  blankTable();
  compose();
}

// blankTable takes the last position off the table: its cards, its
// advice, its moves and its line.
function blankTable() {
  checkSeq++;
  if (analysis) analysis.abort();
  analysis = null;
  current = "";
  shownView = null;
  best = null;
  tree = [];
  at = -1;
  setMode("analyse");
  clearAdvice();
  renderLine();
  $("facts").textContent = "No position yet: set one up.";
  for (const id of ["t-took", "t-passed", "t-discards", "t-stock", "t-pile", "hand", "outs"]) $(id).replaceChildren();
  $("hand-sum").textContent = "";
  $("hand-title").textContent = "Your hand";
  $("opp-zone").hidden = true;
  $("opp-hand").replaceChildren();
  $("status").textContent = "";
  clearShading();
  history.replaceState(null, "", location.pathname + location.search);
}

function status(text, isError) {
  const el = $("status");
  el.textContent = text;
  el.className = isError ? "error" : "";
  setupNote();
}

// setupNote says, under the picker, what the table's status and the
// advice say, so that whoever sets a position up reads them beside the
// cards they click.
function setupNote() {
  const el = $("setup-status");
  const open = $("setup-box").open;
  if (open) {
    el.textContent = [$("status").textContent, $("advice-status").textContent].filter((x) => x).join(" ");
    el.classList.toggle("error", $("status").className === "error");
  }
  // The line sticks to the bottom of the screen: whatever the page
  // scrolls into view (a card reached by the keys) stops above it.
  document.documentElement.style.scrollPaddingBottom = open && el.textContent ? el.offsetHeight + "px" : "";
}

// A seed is a 64-bit integer, which a JavaScript number cannot hold: the
// page reads seeds as BigInt and writes them back as digits, so that an
// analysis asked for with a grade's seed is the grade's.
const BIG = "@@bigint:";

function toJSON(body) {
  return JSON.stringify(body, (k, v) => (typeof v === "bigint" ? BIG + v.toString() + "@@" : v))
    .replace(new RegExp('"' + BIG + '(\\d+)@@"', "g"), "$1");
}

function fromJSON(text) {
  return JSON.parse(text.replace(/"seed":(\d{16,})/g, '"seed":"$1"'),
    (k, v) => (k === "seed" && typeof v === "string" && /^\d+$/.test(v) ? BigInt(v) : v));
}

async function api(path, body, signal) {
  const res = await fetch("api/" + path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: toJSON(body), signal,
  });
  const text = await res.text();
  if (!text.trim()) throw new Error("the board answered nothing (HTTP " + res.status + "); try again");
  const data = fromJSON(text);
  if (!res.ok) {
    const e = data.error || { message: res.statusText };
    const where = e.column && !/^column \d+/.test(e.message) ? "column " + e.column + ": " : "";
    throw new Error(where + e.message);
  }
  return data;
}

// mode says whose the table is: "analyse" (set up, moves played by
// hand), "game", "puzzle" or "review".
let mode = "analyse";

function setMode(m) {
  mode = m;
  $("drawform").hidden = true;
  if (m !== "game") hideShowdown();
  else {
    $("showdown").hidden = true;
    $("table").classList.remove("at-showdown");
  }
  document.body.classList.toggle("reviewing", m === "review");
  document.body.classList.toggle("setting-up", m === "analyse" && $("setup-box").open);
  $("steps").hidden = m !== "review";
  $("line-box").hidden = m !== "analyse";
  $("puzzle-tools").hidden = m !== "puzzle";
  $("back-to-game").hidden = !gameID || m === "game";
  if (m !== "review" && m !== "puzzle") setVerdict(null);
}

// possessive writes whose a thing is: "your" for "you", else the name's.
function possessive(name) {
  return name === "you" ? "your" : name + "'s";
}

// capital writes text with its first letter capital.
function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// setVerdict shows, beside the cards, what a decision or a puzzle's
// answer was worth: a list of sentences, the first its verdict; null
// hides it. kind is "right", "wrong" or "".
function setVerdict(lines, kind) {
  const el = $("verdict");
  el.hidden = !lines;
  el.className = "verdict" + (kind ? " " + kind : "");
  el.replaceChildren(...(lines || []).map((text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  }));
}

// check validates a notation and shows it on the table. how says what
// goes with it: advice ("refine", "none", or {samples, seed} for exactly
// the budget a grade used), and moves ("legal" to play them on the board,
// or a list with the function that plays one).
let checkSeq = 0; // the latest check; answers to older ones are dropped

async function check(text, how) {
  how = how || { advice: "refine", moves: "legal" };
  const seq = ++checkSeq;
  checkedAt = performance.now();
  window.boardTimings.firstAnswer = null;
  if (analysis) analysis.abort();
  analysis = null;
  let view;
  try {
    view = await api("position", { position: text });
  } catch (e) {
    if (seq !== checkSeq) return;
    if (how.setup && current) blankTable();
    status(e.message, true);
    return;
  }
  if (seq !== checkSeq) return;
  current = view.history || view.notation;
  shownView = view;
  best = null;
  if (mode === "analyse") {
    if (how.node === undefined) newLine(current);
    else at = how.node;
    const state = { line: lineID, node: at };
    const url = location.pathname + location.search + "#" + encodeURIComponent(current);
    if (how.push) history.pushState(state, "", url);
    else history.replaceState(state, "", url);
    status(how.end || "", false);
    renderLine();
  }
  $("notation").value = current;
  renderTable(view);
  // The picker folds once the table holds the position it will show.
  if (how.setup) foldPicker();
  syncControls(view);
  clearAdvice();
  details(view, current);
  // A line's end (a knock, gin) asks nothing more, whoever was to move.
  const oppTurn = mode === "analyse" && !how.end && opponentTurn(view);
  if (how.end) {
    $("facts").textContent = $("facts").textContent.replace(/ \u00b7 [^\u00b7]*$/, " \u00b7 the hand is over");
    $("advice-status").textContent = "";
    renderMoves([], null);
  } else if (oppTurn) {
    $("advice-status").textContent = view.phase === "knock" ?
      "The opponent's knock decision: the board cannot see its cards; say below whether it plays on, knocks or goes gin." :
      view.phase === "discard" ? "The opponent's discard: click the card it threw, among those it could hold." :
        "The opponent's turn: enter its move below, one click.";
  } else if (how.advice === "none") {
    $("advice-status").textContent = how.note || "";
  } else {
    const extra = Object.assign({}, how.advice.extra, how.player ? { player: how.player } : {});
    analyse(current, how.advice === "refine" ? REFINE : [how.advice.samples], how.advice.seed || 1, how.advice.note, extra);
  }
  if (how.moves !== "legal") $("moves-title").textContent = "Your moves";
  if (how.moves === "legal") legal(current, view);
  else if (how.moves) renderMoves(how.moves.list, how.moves.pick);
}

// foldPicker folds the 52 cards away once a position stands, and brings
// the table into view: a click on "The 52 cards" opens them again.
function foldPicker() {
  $("picker-box").open = false;
  $("table").scrollIntoView({ block: "start" });
}

function clearAdvice() {
  document.querySelector("#advice tbody").replaceChildren();
  $("why").textContent = "";
  $("reading").textContent = "";
  $("advice-status").textContent = "";
  $("advice-status").className = "";
  $("moves").replaceChildren();
}

// renderTable draws the position as the player sees it.
function renderTable(view) {
  // In a review the seat is a player's; elsewhere it is yours.
  const player = mode === "review" && review[shown] ? review[shown].player : "you";
  // On the opponent's turn of a line the table says it is its turn.
  const who = mode === "analyse" && opponentTurn(view) ? "the opponent's " : possessive(player) + " ";
  $("hand-title").textContent = (player === "you" ? "Your" : possessive(player)) + " hand";
  $("facts").textContent = "Hand " + view.number + " \u00b7 score " + view.scores.join("-") + " \u00b7 dealer " + view.dealer +
    " \u00b7 " + view.rules + " rules \u00b7 " + who + (PHASES[view.phase] || view.phase);
  const row = (id, cards) => {
    const el = $(id);
    if (!cards.length) {
      const none = document.createElement("span");
      none.className = "empty";
      none.textContent = "none";
      el.replaceChildren(none);
    } else {
      el.replaceChildren(...cards.map((c) => cardElement(c)));
    }
  };
  row("t-took", view.opponent_took);
  row("t-passed", view.opponent_passed);
  row("t-discards", view.opponent_discards);
  const stock = document.createElement("span");
  stock.className = "card back";
  stock.dataset.card = "stock";
  stock.textContent = String(view.stock);
  stock.setAttribute("aria-label", view.stock + " cards in the stock");
  $("t-stock").replaceChildren(stock);
  const pile = $("t-pile");
  pile.replaceChildren();
  if (view.upcard) {
    const up = cardElement(view.upcard);
    up.dataset.where = "pile";
    pile.appendChild(up);
    const below = view.pile.length - 1;
    if (below > 0) {
      const n = document.createElement("span");
      n.className = "hint";
      n.textContent = "on " + below + " card" + (below === 1 ? "" : "s") + " (" + view.pile.slice(0, -1).reverse().map(cardLabel).join(" ") + ")";
      pile.appendChild(n);
    }
  } else {
    pile.textContent = "empty";
  }
  showOpponentHand(mode === "review" ? review[shown] : null);
  const flat = group(view.hand, null);
  $("hand").replaceChildren(flat);
  $("hand-sum").textContent = "";
  markBest();
}

// showOpponentHand draws, in a review step, the opponent's hand at the
// decision d under the opponent's name, a card the log does not know as
// "?"; without d (or a hand) it hides it.
function showOpponentHand(d) {
  const cards = d && d.opponent_hand ? d.opponent_hand.split(" ") : [];
  $("opp-zone").hidden = !cards.length;
  if (!cards.length) return;
  const name = opponentOf(d);
  $("opp-title").textContent = (name === "you" ? "Your" : name === "the opponent" ? "The opponent's" : possessive(name)) + " hand";
  $("opp-hand").replaceChildren(...cards.map((c) => {
    if (c !== "?") return cardElement(c);
    const el = document.createElement("span");
    el.className = "card back unknown";
    el.textContent = "?";
    el.setAttribute("aria-label", "an unknown card");
    return el;
  }));
}

// opponentOf names the opponent of a decision's player in its game.
function opponentOf(d) {
  const o = review.find((x) => x.game === d.game && x.file === d.file && x.seat !== d.seat);
  return o ? o.player : "the opponent";
}

// group draws cards as a meld, as deadwood (label set), or plain.
function group(cards, label) {
  const g = document.createElement("div");
  g.className = "group" + (label ? " deadwood" : "");
  g.setAttribute("aria-label", label || "a meld");
  g.replaceChildren(...cards.map((c) => cardElement(c)));
  if (label) {
    const l = document.createElement("span");
    l.className = "label";
    l.textContent = label;
    g.appendChild(l);
  }
  return g;
}

// clearShading takes the last position's chances and outs off the
// picker.
function clearShading() {
  for (const b of $("picker").children) {
    b.style.background = "";
    b.classList.remove("out");
    b.removeAttribute("title");
  }
}

// details draws the hand's melds and deadwood, the opponent-hand chances
// as a heat map over the picker, and the outs.
async function details(view, text) {
  $("outs").textContent = "";
  clearShading();
  try {
    // A hand the score cannot take (a seat's cards not all known) is
    // drawn as it is, with no melds asked for.
    const score = view.hand.length >= 10 ? await api("score", { hand: view.hand.join(" "), rules: view.rules }) : {};
    if (text !== current) return;
    const arr = score.arrangements && score.arrangements[0];
    if (arr) {
      const groups = arr.melds.map((m) => group(m, null));
      const dw = arr.deadwood_cards.reduce((n, c) => n + cardValue(c), 0);
      if (arr.deadwood_cards.length) groups.push(group(arr.deadwood_cards, "deadwood " + dw));
      $("hand").replaceChildren(...groups);
      const n = arr.melds.length;
      $("hand-sum").textContent = n === 0 ? "no meld yet" : n === 1 ? "1 meld" : n + " melds";
      markBest();
    }
    const inf = await api("infer", { position: text });
    if (text !== current) return;
    for (const b of $("picker").children) {
      const p = inf.chances[b.dataset.card];
      if (p === undefined) continue;
      b.title = "the opponent holds it with chance " + share(p);
      if ($("heat").checked) b.style.background = "rgba(224, 120, 0, " + (0.08 + 0.6 * p).toFixed(2) + ")";
    }
    if (view.phase === "draw" && mode !== "puzzle" && !opponentTurn(view)) {
      const outs = await api("outs", { position: text, samples: 200 });
      if (text !== current) return;
      const good = (outs.cards || []).filter((o) => o.kind === "gin" || o.kind === "knock");
      for (const o of good) {
        const b = document.querySelector('#picker [data-card="' + o.card + '"]');
        if (b) b.classList.add("out");
      }
      $("outs").textContent = good.length ? "Outs: " + good.map((o) => cardLabel(o.card) + " (" + o.kind + ")").join(", ") + "." : "No card brings a knock or gin at this draw.";
    }
  } catch (e) {
    // The details are extras; the status line already says what is wrong.
  }
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
  $("drawn").value = view.drawn || "";
  if (view.drawn) $("drawn-from").value = view.from_stock ? "stock" : "pile";
  $("score").value = view.scores.join("-");
  const set = (id, v) => {
    const sel = $(id);
    if ([...sel.options].some((o) => o.value === v)) sel.value = v;
  };
  set("phase", view.phase);
  set("dealer", view.dealer);
  set("rules", view.rules);
}

// analyse asks for advice at each budget in turn, each answer replacing
// the last, and stops when the position changes. extra adds fields to
// the request: a grade's full search and filter.
async function analyse(text, budgets, seed, note, extra) {
  const ctl = new AbortController();
  analysis = ctl;
  const st = $("advice-status");
  for (const samples of budgets) {
    st.textContent = "Analyzing: " + samples + " worlds a move\u2026";
    st.className = "";
    let advice;
    try {
      advice = await api("advise", Object.assign({ position: text, samples, seed }, extra || {}), ctl.signal);
    } catch (e) {
      if (ctl.signal.aborted) return;
      st.textContent = e.message;
      st.className = "error";
      return;
    }
    if (ctl.signal.aborted || text !== current) return;
    if (window.boardTimings.firstAnswer === null) window.boardTimings.firstAnswer = performance.now() - checkedAt;
    showAdvice(advice, samples, seed, note);
  }
  if (budgets.length > 1) st.textContent = "Done: " + budgets[budgets.length - 1] + " worlds a move. Recommended: " + best.move + ".";
}

function showAdvice(a, samples, seed, note) {
  const body = document.querySelector("#advice tbody");
  const rows = a.candidates.map((c, i) => {
    const tr = document.createElement("tr");
    if (i === 0) tr.className = "best";
    if (c.tie) {
      tr.className = "tie";
      tr.title = "equal to the recommended move within the noise (" + pct(Math.abs(c.loss)) + " \u00b1 " + pct(c.loss_se) + " apart)";
    }
    const cells = [c.move + (c.melds ? " " + c.melds.join(" | ") : "") + (c.baseline ? " *" : "") + (c.tie ? " =" : ""), share(c.equity),
      (c.advantage >= 0 ? "+" : "") + pct(c.advantage), (100 * c.advantage_se).toFixed(1), c.points.toFixed(1),
      c.deadwood >= 0 ? String(c.deadwood) : "-", c.outs_knock != null ? String(c.outs_knock) : "-",
      c.danger != null ? share(c.danger) : "-"];
    for (const v of cells) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    return tr;
  });
  body.replaceChildren(...rows);
  $("why").textContent = a.why || "";
  if (mode === "review" && !$("verdict").hidden && a.why) {
    const p = document.createElement("p");
    p.className = "why";
    p.textContent = a.why;
    const old = $("verdict").querySelector(".why");
    if (old) old.replaceWith(p);
    else $("verdict").appendChild(p);
  }
  const o = a.opponent;
  $("reading").textContent = o ? "The opponent, as read, knocks at once " + share(o.knocks_at_once) + ", only early " +
    share(o.knocks_early) + ", only with 3 or less " + share(o.knocks_low) + ", only late " + share(o.knocks_late) + "." : "";
  best = a.candidates[0] || null;
  markBest();
  $("advice-status").textContent = (note ? note + " " : "") + "Recommended: " + a.recommended + " (" + samples + " worlds a move" +
    (String(seed) !== "1" ? ", seed " + seed : "") + ").";
  setupNote();
}

// markDrawn marks the card the seat drew from the stock this turn, which
// nothing else on the table shows.
function markDrawn() {
  const v = shownView;
  if (!v || !v.drawn || !v.from_stock) return;
  const el = document.querySelector('#hand .card[data-card="' + v.drawn + '"]');
  if (!el) return;
  el.classList.add("drawn");
  el.title = "drawn from the stock";
  el.setAttribute("aria-label", cardName(v.drawn) + ", drawn from the stock");
}

// drawSentence says the seat's own draw, which the table alone does not:
// the forced draw after both passes, or the card the stock gave.
function drawSentence(p) {
  if (!p || !p.drawn || !p.from_stock) return "";
  if (p.forced) return "Both passed the upcard, so you drew " + cardLabel(p.drawn) + " from the stock.";
  return "You drew " + cardLabel(p.drawn) + " from the stock.";
}

// markBest marks the recommended move on the table: the card to discard,
// the upcard to take, or the stock to draw from.
function markBest() {
  for (const el of document.querySelectorAll("#table .card.best")) el.classList.remove("best");
  markDrawn();
  if (mode === "review" && review[shown]) markPlayed(review[shown].move);
  if (!best) return;
  let el = null;
  if (best.move.startsWith("discard ")) el = document.querySelector('#hand .card[data-card="' + best.move.slice(8) + '"]');
  else if (best.move.startsWith("take")) el = document.querySelector('#t-pile .card');
  else if (best.move.startsWith("draw")) el = document.querySelector('#t-stock .card');
  if (el) el.classList.add("best");
}

async function legal(text, view) {
  const opp = opponentTurn(view);
  if (opp) {
    $("moves-title").textContent = "The opponent's move";
    renderMoves(opponentMoves(view, opp), (m) => playMove(text, m));
    return;
  }
  $("moves-title").textContent = "Your moves";
  let data;
  try {
    data = await api("legal", { position: text });
  } catch (e) {
    return;
  }
  if (text !== current || mode !== "analyse") return;
  renderMoves(data.moves || [], (m) => playMove(text, m));
}

// opponentTurn names the opponent when it is to move in the position
// (the notation's turn=), or gives "".
function opponentTurn(view) {
  const m = / turn=(p[12])\b/.exec(view.notation);
  return m && m[1] !== view.seat ? m[1] : "";
}

// opponentMoves lists what the opponent may do, one click each: take or
// pass the upcard, draw from the stock, or discard any card it may hold.
function opponentMoves(view, opp) {
  const list = [];
  const add = (move, event, card) => list.push({ move, event, card });
  const up = view.upcard;
  if (view.phase === "first-offer" && up) {
    add("it takes " + cardLabel(up), opp + " take " + up);
    add("it passes " + cardLabel(up), opp + " pass " + up);
  } else if (view.phase === "draw") {
    if (up) add("it takes " + cardLabel(up), opp + " take " + up);
    add("it draws from the stock", opp + " draw ?");
  } else if (view.phase === "discard") {
    // Its discard is one of the cards it could hold, in suit order.
    const cards = [...view.opponent_known, ...view.unseen].sort((a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]));
    for (const c of cards) add("it discards " + cardLabel(c), opp + " discard " + c, c);
  } else if (view.phase === "knock") {
    // The board cannot see its cards: whoever plays the line says
    // whether it goes down. A knock or gin ends the line.
    add("it plays on", "");
    if (view.knock_limit > 0) add("it knocks", opp + " knock");
    add("it goes gin", opp + " gin");
  }
  return list;
}

// playedOn writes the position after a knock decision declined: the
// other seat's draw, which the notation writes as a draw (turn= when it
// is the opponent's).
function playedOn(notation) {
  return notation.replace(/^(p[12]) knock (turn=p[12] )?/, (all, seat, turn) => seat + " draw " + (turn ? "" : "turn=" + (seat === "p1" ? "p2" : "p1") + " "));
}

// ENDS are the moves that end the hand: the board plays no further, as
// the showdown needs the opponent's hand, which a set-up position lacks.
const ENDS = ["knock", "gin", "biggin", "big-gin"];

// playMove plays a move on the board's line: a knock ends it, a decision
// not to knock passes the turn, and any other move is the server's to
// apply.
async function playMove(text, m) {
  const verb = m.event.split(" ")[1];
  const label = m.move + (m.melds ? " " + m.melds.join(" | ") : "");
  if (ENDS.includes(verb)) {
    const theirs = !m.event.startsWith(shownView.seat + " ");
    addMove(label, text, theirs ? capital(m.move) + ": the hand ends here. The showdown needs its hand, which the board does not know." :
      "You " + m.move + (m.melds ? " with " + m.melds.join(" | ") : "") +
      ": the hand ends here. The showdown needs the opponent's hand, which the board does not know.");
    return;
  }
  if (verb === "playon" || !m.event) {
    addMove(label, playedOn(shownView.notation), "");
    return;
  }
  play(text, m.event, label);
}

// The line: the moves played on the board from a position set up, as a
// tree with variations, as lichess keeps its analysis. Each move shown is
// an entry of the browser's history, so that Back and Forward step
// through what was shown.
let tree = []; // nodes: { notation, label, parent, children, next, end }
let at = -1; // the node shown
let lineID = 0; // the line's number: a new set-up starts a new one

function newLine(notation) {
  lineID = Date.now();
  tree = [{ notation, label: "start", parent: -1, children: [], next: -1, end: "" }];
  at = 0;
}

// addMove goes to the child of the node shown that the move makes, a new
// one unless the move was played there before.
function addMove(label, notation, end) {
  const here = tree[at];
  let id = here.children.find((c) => tree[c].label === label);
  if (id === undefined) {
    id = tree.length;
    tree.push({ notation, label, parent: at, children: [], next: -1, end });
    here.children.push(id);
  }
  goTo(id, true);
}

// goTo shows a node of the line; push adds it to the browser's history.
function goTo(id, push) {
  const n = tree[id];
  if (!n) return;
  if (n.parent >= 0) tree[n.parent].next = id;
  setMode("analyse");
  check(n.notation, { advice: n.end ? "none" : "refine", moves: n.end ? null : "legal", node: id, push, end: n.end });
}

function undo() {
  if (tree[at] && tree[at].parent >= 0) goTo(tree[at].parent, true);
}

function redo() {
  const n = tree[at];
  if (n && n.children.length) goTo(n.next >= 0 ? n.next : n.children[0], true);
}

// renderLine draws the line: the main line, each variation in brackets
// after the move it replaces.
function renderLine() {
  $("line").replaceChildren(...lineItems(0));
  $("undo").disabled = !tree[at] || tree[at].parent < 0;
  $("redo").disabled = !tree[at] || tree[at].children.length === 0;
}

function lineItems(id) {
  const out = [];
  let n = tree[id];
  while (n && n.children.length) {
    const [main, ...others] = n.children;
    out.push(lineButton(main));
    for (const v of others) {
      const span = document.createElement("span");
      span.className = "var";
      span.append("(", lineButton(v), ...lineItems(v), ")");
      out.push(span);
    }
    n = tree[main];
  }
  return out;
}

function lineButton(id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = tree[id].label;
  b.className = id === at ? "at" : "";
  b.dataset.node = id;
  b.addEventListener("click", () => goTo(id, true));
  return b;
}

// renderMoves makes one button a legal move.
function renderMoves(moves, pick) {
  tableMoves = { list: moves, pick };
  picked = "";
  $("table").classList.toggle("playing", moves.some((m) => /^(discard |draw$|take$)/.test(m.move)));
  const box = $("moves");
  box.classList.toggle("cards", moves.some((m) => m.card));
  box.replaceChildren(...moves.map((m) => {
    if (m.card) {
      // A discard of the opponent is picked as a card.
      const b = cardElement(m.card, "button");
      b.type = "button";
      b.title = m.move;
      b.setAttribute("aria-label", m.move.replace(cardLabel(m.card), cardName(m.card)));
      b.dataset.event = m.event;
      b.addEventListener("click", () => pick(m));
      return b;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = m.move + (m.melds ? " " + m.melds.join(" | ") : "");
    b.dataset.event = m.event;
    b.addEventListener("click", () => pick(m));
    return b;
  }));
}

// play makes a move on the board's position; a draw first asks which
// card came.
let drawFor = null;

async function play(text, event, label) {
  const mine = event.startsWith(shownView.seat + " ");
  if (mine && event.endsWith(" draw ?")) {
    drawFor = { text, event };
    $("drawform").hidden = false;
    $("drawncard").value = "";
    $("drawncard").focus();
    return;
  }
  try {
    const view = await api("play", { position: text, events: [event] });
    // A position set up in the short form stays in it: its history holds
    // only the moves since, from no deal.
    let next = text.startsWith("history") && view.history ? view.history : view.notation;
    addMove(label || event, next, "");
  } catch (e) {
    status(e.message, true);
  }
}

function drawn(e) {
  e.preventDefault();
  const c = parseCard($("drawncard").value);
  if (!c || !drawFor) {
    status("not a card: " + $("drawncard").value, true);
    return;
  }
  $("drawform").hidden = true;
  const d = drawFor;
  drawFor = null;
  play(d.text, d.event.slice(0, -1) + c, "draw " + cardLabel(c));
}

// The review: graded decisions, the players' names, the one shown.
let review = [];
let names = ["p1", "p2"];
let shown = -1;

// MINUS is the minus sign the review writes negative figures with.
const MINUS = "\u2212";

// sig2 writes a figure with two significant digits: 0.41, 0.30, 1.2, 12.
function sig2(x) {
  if (x === 0) return "0";
  if (Math.abs(x) >= 100) return x.toFixed(0);
  return x.toPrecision(2);
}

// lostShare writes a mean equity lost, a fraction of the chance of
// winning, in % with two significant digits, and its 95% interval, as
// two parts: "0.41%" and "(0.30 to 0.52)".
function lostShare(mean, ci) {
  return [sig2(100 * mean) + "%", "(" + sig2(100 * ci[0]) + " to " + sig2(100 * ci[1]) + ")"];
}

// signedTenths writes a count of tenths of a percent with its sign:
// "+2.4%", "\u22121.2%", "0.0%".
function signedTenths(n) {
  const v = (Math.abs(n) / 10).toFixed(1) + "%";
  return n > 0 ? "+" + v : n < 0 ? MINUS + v : v;
}

// plainTenths writes a count of tenths of a percent, signed only when
// negative.
function plainTenths(n) {
  return (n < 0 ? MINUS : "") + (Math.abs(n) / 10).toFixed(1) + "%";
}

// lossText writes a decision's loss, in % of the chance of winning, with
// its standard error when the grade sampled worlds: "lost 3.1% \u00b1 0.6".
function lossText(d) {
  return "lost " + (100 * d.equity_lost).toFixed(1) + "%" + (d.samples ? " \u00b1 " + (100 * d.equity_lost_se).toFixed(1) : "");
}

// CLASS_MARKS are the marks of the classes in the list of decisions; an
// uncertain grade is marked as such, never with an error's sign.
const CLASS_MARKS = { inaccuracy: "?! inaccuracy", mistake: "? mistake", blunder: "?? blunder", uncertain: "uncertain" };

// CLASS_ORDER lists the classes from the least loss; thresholds holds the
// losses where each after the first begins, as the review's summary
// gives them.
const CLASS_ORDER = ["good", "inaccuracy", "mistake", "blunder"];
let thresholds = [0.02, 0.05, 0.1];

// classOf classes a loss by the thresholds, as batch.Classify does.
function classOf(lost) {
  let c = 0;
  while (c < thresholds.length && lost >= thresholds[c]) c++;
  return c;
}

// classMark is the mark of a decision's class; an uncertain grade names
// the classes its 95% interval spans, as batch's text report does:
// "uncertain: good or inaccuracy", "uncertain: good to mistake".
function classMark(d) {
  if (d.class !== "uncertain") return CLASS_MARKS[d.class];
  const lo = classOf(Math.max(0, d.equity_lost - 1.96 * d.equity_lost_se));
  const hi = classOf(d.equity_lost + 1.96 * d.equity_lost_se);
  if (lo === hi) return "uncertain";
  return "uncertain: " + CLASS_ORDER[lo] + (hi === lo + 1 ? " or " : " to ") + CLASS_ORDER[hi];
}

// LUCK_EVENTS names what a decision's luck measures.
const LUCK_EVENTS = { deal: "the deal", draw: "the stock draw", opponent: "the opponent's turn" };

let reviewRun = null; // the AbortController of the review being graded

// clearReview empties the review: its list, chart and tables, so that
// nothing of an earlier review stays beside a new one or an error.
function clearReview() {
  review = [];
  shown = -1;
  $("decisions").replaceChildren();
  $("decision").textContent = "";
  for (const id of ["players", "luck"]) {
    $(id).hidden = true;
    $(id).querySelector("thead").replaceChildren();
    $(id).querySelector("tbody").replaceChildren();
  }
  $("luck-note").hidden = true;
  $("review-help").hidden = true;
  drawChart();
}

// dropReview takes a review off the page: its decisions, tables and
// puzzles, and the decision it showed on the table, so that a new review
// or an error stands alone.
function dropReview() {
  clearReview();
  reviewPuzzles = [];
  showPuzzleButtons();
  if (mode === "review") blankTable();
}

// streamLines reads a streamed answer, calling each with every line's
// object as it arrives.
async function streamLines(res, each) {
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.trim()) each(fromJSON(line));
    }
  }
}

// reviewProgress shows how far the grading is, on the bar and in words.
function reviewProgress(done, total) {
  const bar = $("review-progress");
  bar.max = Math.max(1, total);
  bar.value = done;
  bar.textContent = done + " of " + total;
  $("review-status").textContent = "Grading: " + done + " of " + total + " decisions\u2026";
  // Beside the growing list too, until a decision is shown there.
  if (shown < 0) $("decision").textContent = $("review-status").textContent;
}

// startReview grades the log, showing its decisions as they are graded
// with the progress and a cancel; it answers the error, or null once the
// whole review is shown.
async function startReview() {
  if (reviewRun) reviewRun.abort();
  const ctl = new AbortController();
  reviewRun = ctl;
  const st = $("review-status");
  // Nothing of the review before stays: not its decision on the table,
  // nor its puzzles.
  dropReview();
  st.className = "";
  st.textContent = "Counting the decisions\u2026";
  // Until the count comes, the bar says only that work goes on, not the
  // last review's end.
  $("review-progress").removeAttribute("value");
  $("review-progress").textContent = "";
  $("review-progress").hidden = false;
  $("review-cancel").hidden = false;
  let total = 0, summary = null, drawn = 0;
  // The decisions are in view from the first one graded: the list and
  // the chart grow as the grading goes on, and a click shows one.
  const render = () => {
    if (review.length === drawn) return;
    drawn = review.length;
    if (mode !== "review") {
      setMode("review");
      // The decisions come into view with the first: beside the table
      // on a wide screen, under it on a phone.
      (matchMedia("(min-width: 901px)").matches ? $("table") : $("steps")).scrollIntoView({ block: "start" });
    }
    listDecisions();
    drawChart();
  };
  const timer = setInterval(render, 400);
  try {
    const res = await fetch("api/review/stream", {
      method: "POST", headers: { "Content-Type": "application/json" }, signal: ctl.signal,
      body: toJSON({ log: $("log").value, quick: $("quick").checked, seed: 1 }),
    });
    if (!res.ok) {
      const data = fromJSON(await res.text());
      throw new Error((data.error || { message: res.statusText }).message);
    }
    await streamLines(res, (m) => {
      if (m.error) throw new Error(m.error.message);
      if (m.size) total = m.size.decisions;
      if (m.decision) {
        if (!review.length) names = ["p1", "p2"];
        review.push(m.decision);
        // The players are named by their seats in the first game: a log
        // may seat them the other way round in a later one.
        if (m.decision.game === review[0].game) names[m.decision.seat - 1] = m.decision.player;
      }
      if (m.summary) summary = m.summary;
      reviewProgress(review.length, total);
    });
    if (!summary) throw new Error("the review stopped before its end");
  } catch (e) {
    const cancelled = ctl.signal.aborted;
    if (reviewRun !== ctl) return e; // a newer review took over
    st.textContent = cancelled ? "Cancelled after " + review.length + " of " + total + " decisions; review again to grade them all." : e.message;
    st.className = cancelled ? "" : "error";
    if (cancelled) {
      render();
      if (shown < 0) $("decision").textContent = st.textContent;
    } else dropReview();
    return cancelled ? new Error("the review was cancelled") : e;
  } finally {
    clearInterval(timer);
    if (reviewRun === ctl) {
      reviewRun = null;
      $("review-progress").hidden = true;
      $("review-cancel").hidden = true;
    }
  }
  finishReview(summary);
  return null;
}

// finishReview shows a whole review: the players' figures, their luck,
// the list and the chart.
function finishReview(s) {
  for (const o of $("seatview").options) if (o.value !== "") o.textContent = names[Number(o.value)];
  if (Array.isArray(s.thresholds) && s.thresholds.length === 3) thresholds = s.thresholds;
  $("review-status").textContent = review.length + " decisions graded in " + s.games_read + (s.games_read === 1 ? " game" : " games") +
    (s.grading === "quick" ? ", by deadwood and outs." : ", by the advisor at up to " + s.samples + " worlds a move, as batch grades.");
  showPlayers(s);
  showLuck(s);
  $("review-help").hidden = false;
  // A review's puzzles are the mistakes of the player in view, or of
  // both; a game's are yours, set when its review ends.
  const seat = $("seatview").value;
  reviewPuzzles = puzzlesOf(review.filter((d) => seat === "" || sideOf(d) === Number(seat)));
  showPuzzleButtons();
  listDecisions();
  drawChart();
  shown = -1;
  step(0);
}

// figureTable fills a table of figures: a row a figure, a column a
// player, as the backgammon analysers lay out a match's statistics.
function figureTable(t, players, rows) {
  const head = document.createElement("tr");
  const corner = document.createElement("th");
  corner.scope = "col";
  head.appendChild(corner);
  for (const p of players) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = p.name;
    head.appendChild(th);
  }
  t.querySelector("thead").replaceChildren(head);
  t.querySelector("tbody").replaceChildren(...rows.map(([label, key, cells]) => {
    const tr = document.createElement("tr");
    tr.dataset.figure = key;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    tr.appendChild(th);
    for (const c of cells) {
      const td = document.createElement("td");
      // Each part keeps to one line; a cell breaks between parts.
      if (c.click) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "secondary count";
        b.textContent = c.text;
        b.title = c.title;
        b.addEventListener("click", c.click);
        td.appendChild(b);
        tr.appendChild(td);
        continue;
      }
      const parts = c.parts || [c.text];
      parts.forEach((part, i) => {
        const span = document.createElement("span");
        span.className = "nowrap";
        span.textContent = part;
        if (i > 0) td.append(" ");
        td.appendChild(span);
      });
      if (c.title) td.title = c.title;
      tr.appendChild(td);
    }
    return tr;
  }));
  t.hidden = false;
}

// showPlayers shows each player's accuracy, equity lost a decision with
// its interval, error rate and the counts of each class.
// inLegendOrder orders a summary's players as the chart's legend names
// them, so that a column of a table is a line of the chart.
function inLegendOrder(players) {
  const rank = (p) => (names.indexOf(p.name) < 0 ? names.length : names.indexOf(p.name));
  return players.slice().sort((a, b) => rank(a) - rank(b));
}

function showPlayers(s) {
  const ps = inLegendOrder(s.players);
  const row = (label, key, f) => [label, key, ps.map(f)];
  const plain = (v) => ({ text: String(v) });
  // A mean over no decision is no figure: the summary has null for it.
  const noDecision = { text: "n/a", title: "no graded decision" };
  // A count of errors is a button that shows the player's next one.
  const count = (n, name, cls) => (n ? { text: String(n), click: () => nextOf(name, cls), title: "show " + possessive(name) + " next " + cls } : plain(n));
  figureTable($("players"), ps, [
    row("Accuracy", "accuracy", (p) => p.accuracy == null ?
      { text: "n/a", title: s.grading === "quick" && p.decisions ? "not rated under quick grading" : "no graded decision" } :
      plain(p.accuracy.toFixed(1) + (p.accuracy_ci95 ? " (" + p.accuracy_ci95[0].toFixed(1) + " to " + p.accuracy_ci95[1].toFixed(1) + ")" : ""))),
    row("Equity lost a decision", "mean_equity_lost", (p) => p.mean_equity_lost == null ? noDecision :
      { parts: lostShare(p.mean_equity_lost, p.mean_equity_lost_ci95) }),
    row("Error rate, games a 100 decisions", "error_rate", (p) => p.error_rate == null ? noDecision : plain(sig2(p.error_rate))),
    row("Decisions", "decisions", (p) => plain(p.decisions)),
    row("Inaccuracies ?!", "inaccuracies", (p) => count(p.inaccuracies, p.name, "inaccuracy")),
    row("Mistakes ?", "mistakes", (p) => count(p.mistakes, p.name, "mistake")),
    row("Blunders ??", "blunders", (p) => count(p.blunders, p.name, "blunder")),
    row("Uncertain", "uncertain", (p) => plain(p.uncertain)),
  ]);
}

// LUCK_KINDS are the kinds of luck, in the order their terms are added.
const LUCK_KINDS = [["deal", "Luck of the deal"], ["draw", "Luck of the stock draws"], ["opponent", "Luck of the opponent's play"], ["showdown", "Luck of the showdowns"]];

// luckTenths works out a player's luck figures, the mean a game, in
// tenths of a percent of a game, so that those shown add up: start + the
// luck of each kind + skill + the opponent's errors = result. The start
// and the result are rounded; each other term is the difference of two
// rounded partial sums of the exact figures (in millionths), so it is at
// most a tenth off (the opponent's errors and the luck-adjusted result, a
// tenth and a half), and the sums hold as shown.
function luckTenths(l) {
  const n = Math.max(1, l.games);
  const r = (micro) => Math.round(micro / n / 1000);
  const out = { start: r(l.start_micro), kinds: {} };
  let sum = l.start_micro;
  let shownSum = out.start;
  for (const [k] of LUCK_KINDS) {
    sum += l.by_kind_micro[k] || 0;
    out.kinds[k] = r(sum) - shownSum;
    shownSum += out.kinds[k];
  }
  out.luck = shownSum - out.start;
  sum += l.skill_micro;
  out.skill = r(sum) - shownSum;
  shownSum += out.skill;
  out.result = r(l.result_micro);
  out.opp = out.result - shownSum;
  out.adjusted = out.result - out.luck;
  return out;
}

// showLuck splits each player's result into the cards' part and the
// decisions' part, as GNU Backgammon's and eXtreme Gammon's luck
// analyses do; quick grading values no move, and measures none.
function showLuck(s) {
  const t = $("luck");
  const note = $("luck-note");
  const ps = inLegendOrder(s.players.filter((p) => p.luck));
  if (!ps.length) {
    t.hidden = true;
    note.hidden = false;
    note.textContent = s.grading === "quick" ? "Quick grading, by deadwood and outs with no equity, rates no accuracy and measures no luck." : "No luck was measured.";
    return;
  }
  note.hidden = true;
  const games = Math.max(...ps.map((p) => p.luck.games));
  t.querySelector("caption").textContent = games === 1 ? "Luck and skill, in % of the game" : "Luck and skill, a game on average, in % of a game";
  const f = ps.map((p) => luckTenths(p.luck));
  const row = (label, key, text) => [label, key, f.map((x) => ({ text: text(x) }))];
  figureTable(t, ps, [
    row("Start: the chance of winning", "start", (x) => plainTenths(x.start)),
    ...LUCK_KINDS.map(([k, label]) => row(label, "luck-" + k, (x) => signedTenths(x.kinds[k]))),
    row("Luck, in all", "luck", (x) => signedTenths(x.luck)),
    ...interval(ps, "luck_ci95", "luck-ci", signedTenths),
    row("Skill: the decisions", "skill", (x) => signedTenths(x.skill)),
    ...interval(ps, "skill_ci95", "skill-ci", signedTenths),
    row("The opponent's errors", "opponent-errors", (x) => signedTenths(x.opp)),
    row("Result", "result", (x) => plainTenths(x.result)),
    row("Luck-adjusted result", "adjusted", (x) => plainTenths(x.adjusted)),
    ...interval(ps, "adjusted_ci95", "adjusted-ci", plainTenths),
  ]);
}

// interval is the row of a luck figure's 95% interval over the games,
// when some player has one (two games or more): the noise of the mean,
// which another seed would move within it.
function interval(ps, field, key, write) {
  if (!ps.some((p) => p.luck.per_game[field])) return [];
  return [["\u2003 95% interval", key, ps.map((p) => {
    const ci = p.luck.per_game[field];
    return { text: ci ? write(Math.round(1000 * ci[0])) + " to " + write(Math.round(1000 * ci[1])) : "n/a" };
  })]];
}

function visible() {
  const seat = $("seatview").value;
  return review.map((d, i) => i).filter((i) => seat === "" || sideOf(review[i]) === Number(seat));
}

// listDecisions lists the decisions shown, each with its loss and its
// class: the error's sign, or "uncertain" marked as its own.
function listDecisions() {
  const ol = $("decisions");
  ol.replaceChildren(...visible().map((i) => {
    const d = review[i];
    const li = document.createElement("li");
    li.dataset.index = i;
    li.className = d.class;
    const loss = document.createElement("span");
    loss.className = "nowrap";
    loss.textContent = lossText(d);
    // A move keeps to one line: it wraps before or after, never inside.
    const move = document.createElement("span");
    move.className = "nowrap";
    move.textContent = moveWords(d.move);
    li.append("hand " + d.hand + ", " + d.player + ": ", move, " \u00b7 ", loss);
    if (CLASS_MARKS[d.class]) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = classMark(d);
      li.append(" ", mark);
    }
    if (!d.matched && (isError(d) || d.class === "uncertain")) {
      const best = document.createElement("span");
      best.className = "nowrap";
      best.textContent = d.best;
      li.append(" (advisor: ", best, ")");
    }
    li.addEventListener("click", () => show(i));
    return li;
  }));
}

// sideOf says whose a decision is: 0 for the first player named, 1 for
// the other, by name, so that a game with the seats the other way round
// counts for the same players.
function sideOf(d) {
  if (d.player === names[0] && names[0] !== names[1]) return 0;
  if (d.player === names[1] && names[0] !== names[1]) return 1;
  return d.seat - 1;
}

// isError says the grade counts the move as losing equity.
function isError(d) {
  return d.class === "inaccuracy" || d.class === "mistake" || d.class === "blunder";
}

// drawChart draws, as lichess does, the first player's chance of winning
// the game after each decision as the advisor valued the move played,
// around the 50% line; under quick grading, which values no move, the
// equity each player has lost so far, in % of the chance of winning. A
// click jumps to the decision.
function drawChart() {
  const svg = $("chart");
  svg.replaceChildren();
  svg.toggleAttribute("hidden", review.length === 0);
  if (!review.length) return;
  // The view box is the drawing's own size in pixels, so that its text
  // is drawn at its size, not stretched.
  const W = Math.max(200, svg.clientWidth), H = 180;
  const L = 42, R = 8, T = 8, B = 22;
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  const ns = "http://www.w3.org/2000/svg";
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  const n = Math.max(1, review.length - 1);
  const x = (i) => (L + (W - L - R) * i / n).toFixed(1);
  const graded = review.every((d) => d.equity != null);
  const legend = [];
  const lost = [[0], [0]];
  for (const d of review) {
    const k = sideOf(d);
    lost[k].push(lost[k][lost[k].length - 1] + d.equity_lost);
    lost[1 - k].push(lost[1 - k][lost[1 - k].length - 1]);
  }
  const top = graded ? 1 : Math.max(0.01, lost[0][lost[0].length - 1], lost[1][lost[1].length - 1]);
  const y = (v) => (T + (H - T - B) * (1 - v / top)).toFixed(1);
  add("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B });
  add("line", { class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B });
  for (const v of graded ? [0, 0.5, 1] : [0, top / 2, top]) {
    add("text", { x: L - 4, y: Number(y(v)) + 4, "text-anchor": "end" }, graded ? Math.round(100 * v) + "%" : (100 * v).toFixed(1) + "%");
  }
  // A hand's number is written only where it keeps clear of the last.
  let hand = 0;
  let lastLabel = -Infinity;
  review.forEach((d, i) => {
    if (d.hand === hand) return;
    hand = d.hand;
    add("line", { class: "axis", x1: x(i), x2: x(i), y1: H - B, y2: H - B + 4 });
    const gap = i === 0 ? 0 : lastLabel === L ? 52 : 22;
    if (Number(x(i)) - lastLabel < gap) return;
    lastLabel = Number(x(i));
    add("text", { x: x(i), y: H - 6, "text-anchor": i === 0 ? "start" : "middle" }, i === 0 ? "hand 1" : String(hand));
  });
  if (graded) {
    // Each player's line is its own chance of winning after its own
    // decisions, valued from its own cards: the two seats see different
    // cards, so one line through both would jump at every turn.
    add("line", { class: "half", x1: L, x2: W - R, y1: y(0.5), y2: y(0.5) });
    for (const k of [0, 1]) {
      const pts = review.map((d, i) => (sideOf(d) === k ? x(i) + "," + y(d.equity) : null)).filter((v) => v);
      add("polyline", { class: "p" + (k + 1), "data-side": k, points: pts.join(" ") });
      legend.push("\u2014 " + possessive(names[k]) + " chance of winning" + (W < 560 ? "" : ", after its own decisions, from its cards"));
    }
    svg.setAttribute("aria-label", "each player's chance of winning the game after each of its own decisions, as the advisor valued it from that player's cards: " + names[0] + " in blue, " + names[1] + " in red");
  } else {
    for (const k of [0, 1]) {
      add("polyline", { class: "p" + (k + 1), points: lost[k].slice(1).map((v, i) => x(i) + "," + y(v)).join(" ") });
      const sum = (100 * lost[k][lost[k].length - 1]).toFixed(1) + "%";
      // A narrow chart writes the name and the sum alone; its label says the rest.
      legend.push(names[k] + (W < 560 ? ": lost " + sum : ": equity lost, summed, " + sum + " of the chance of winning"));
    }
    svg.setAttribute("aria-label", "the equity each player has lost so far, summed, in % of the chance of winning the game");
  }
  if (shown >= 0) add("line", { class: "at", x1: x(shown), x2: x(shown), y1: T, y2: H - B });
  // The legend comes last, on a pale ground, so that no line crosses
  // its words.
  const ground = add("rect", { class: "legend-ground", x: L + 2, y: T + 1, rx: 3 });
  const texts = legend.map((words, k) => add("text", { class: "n" + (k + 1), x: L + 6, y: T + 12 + 14 * k }, words));
  const box = texts.reduce((w, el) => Math.max(w, el.getBBox ? el.getBBox().width : 0), 0) || Math.max(...legend.map((l) => l.length)) * 6.2;
  ground.setAttribute("width", Math.min(W - L - R - 4, box + 8).toFixed(1));
  ground.setAttribute("height", 14 * legend.length + 4);
}

function chartClick(e) {
  if (!review.length) return;
  const svg = $("chart");
  const r = svg.getBoundingClientRect();
  const W = Math.max(200, svg.clientWidth);
  const L = 42, R = 8;
  const fx = (e.clientX - r.left) * W / r.width;
  const i = Math.round((fx - L) / (W - L - R) * Math.max(1, review.length - 1));
  show(Math.max(0, Math.min(review.length - 1, i)));
}

function show(i) {
  shown = i;
  const d = review[i];
  for (const li of $("decisions").children) li.classList.toggle("current", Number(li.dataset.index) === i);
  const cur = $("decisions").querySelector(".current");
  // The list scrolls to the decision within itself: the page stays
  // where the click was (on the chart, say).
  if (cur) {
    const ol = $("decisions");
    if (cur.offsetTop < ol.scrollTop) ol.scrollTop = cur.offsetTop;
    else if (cur.offsetTop + cur.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = cur.offsetTop + cur.offsetHeight - ol.clientHeight;
  }
  $("decision").textContent = caption(d);
  setMode("review");
  status("Reviewing: decision " + (i + 1) + " of " + review.length + ".", false);
  setVerdict(verdictOf(d), isError(d) ? "wrong" : "");
  // A graded decision shows the analysis that graded it: its worlds and
  // its seed, so that the better move named is the one shown.
  const advice = d.samples ? { samples: d.samples, seed: d.seed, note: "As graded:", extra: { full: true, particles: d.particles || 0, replicas: d.replicas || 0 } } : "refine";
  // The sentence of why is written for the player, by name.
  check(d.position, { advice, moves: null, player: d.player });
  drawChart();
}

// caption says what a decision was worth: its loss with its standard
// error and its class, an uncertain grade as such, and the luck that
// came before it, when the grade measured it.
function caption(d) {
  let text = "Hand " + d.hand + ", " + d.player + " (" + d.kind + "): played " + moveWords(d.move);
  const loss = lossText(d) + " of the chance of winning";
  if (d.class === "uncertain") {
    text += (d.matched ? ", the advisor's move (" : "; the advisor prefers " + d.best + " (") + loss + "). " + capital(classMark(d)) + ". " +
      (d.samples ? d.samples + " worlds" : "The grade") + " could not place the loss in one class at 95%.";
  } else if (isError(d)) {
    text += "; better: " + d.best + " (" + loss + "): " + (d.class === "inaccuracy" ? "an " : "a ") + d.class + ".";
  } else if (d.matched) {
    text += ", the advisor's move (" + loss + "): good.";
  } else {
    text += ", as good as the advisor's " + d.best + " (" + loss + " against it): good.";
  }
  if (d.luck != null && LUCK_EVENTS[d.luck_kind]) {
    text += " Before it, " + LUCK_EVENTS[d.luck_kind] + " brought " + signedTenths(Math.round(1000 * d.luck)) + ".";
  }
  return text;
}

// verdictOf says, beside the cards, what the decision shown was: the
// move played by whom, its loss and class, and the better move; the
// sentence of why follows when the analysis answers.
function verdictOf(d) {
  const who = capital(d.player === "you" ? "you" : d.player);
  const lines = [who + " played " + moveWords(d.move) + ", outlined in purple (" + lossText(d) + ")" +
    (CLASS_MARKS[d.class] ? ": " + classMark(d) : "") + "."];
  if (isError(d) || (!d.matched && d.class === "uncertain")) lines.push("Better: " + d.best + ". The advisor's move is ringed in gold on the cards.");
  else if (d.matched) lines.push("The advisor's move.");
  else lines.push("As good as the advisor's " + d.best + ".");
  return lines;
}

// markPlayed marks the move played in a review on the cards, as
// markBest marks the better one.
function markPlayed(move) {
  for (const el of document.querySelectorAll("#table .card.played")) el.classList.remove("played");
  let el = null;
  if (move.startsWith("discard ")) el = document.querySelector('#hand .card[data-card="' + move.slice(8) + '"]');
  else if (move.startsWith("take")) el = document.querySelector("#t-pile .card");
  else if (move.startsWith("draw")) el = document.querySelector("#t-stock .card");
  if (el) el.classList.add("played");
}

function step(delta) {
  const idx = visible();
  if (!idx.length) return;
  let at = idx.indexOf(shown);
  at = at < 0 ? 0 : Math.min(idx.length - 1, Math.max(0, at + delta));
  show(idx[at]);
}

// stepTo shows the first (0) or the last (-1) decision in view.
function stepTo(end) {
  const idx = visible();
  if (idx.length) show(end === 0 ? idx[0] : idx[idx.length - 1]);
}

// nextOf shows the player's next decision of a class after the one shown,
// from the first again past the last: a click on an error count.
function nextOf(name, cls) {
  const all = review.map((d, i) => i).filter((i) => review[i].player === name && review[i].class === cls);
  if (!all.length) return;
  $("seatview").value = "";
  listDecisions();
  show(all.find((i) => i > shown) ?? all[0]);
}

// Play: a game against a bot, you in seat p1, on the table; with hints the
// board analyses each of your decisions. The game's id is in the URL, so
// that a reload goes on with it. At its end, the review, and your mistakes
// served back as puzzles.
let gameID = "";
let gameMoves = []; // the legal moves of the game's decision, on the table
// tableMoves are the moves a click on the table's cards (or a key) plays,
// and the function that plays one: the game's, a puzzle's, or those of
// the line on the analysis board.
let tableMoves = { list: [], pick: null };
let picked = ""; // the card of your hand the arrow keys point at

// newGame deals a game; a game in progress is dropped only once the
// player says so.
function newGame() {
  if (gameID) {
    $("confirm-new").hidden = false;
    $("confirm-keep").focus();
    return;
  }
  deal();
}

async function deal() {
  $("confirm-new").hidden = true;
  const st = $("game-status");
  st.className = "";
  st.textContent = "Dealing\u2026";
  try {
    await showGame(await api("game/new", { opponent: $("opponent").value, rules: $("game-rules").value, replaces: gameID || undefined }));
    // The deal is on the table: the page goes to it, and its keys work.
    $("table").scrollIntoView({ block: "start" });
    $("table").focus({ preventScroll: true });
  } catch (e) {
    st.textContent = e.message;
    st.className = "error";
  }
}

async function resumeGame(id) {
  try {
    showGame(await api("game/state", { game: id }));
  } catch (e) {
    const log = keptLog(id);
    check(EXAMPLE);
    if (log) {
      // The board forgot the game (it was restarted); the page kept its
      // log at the end.
      $("log").value = log;
      $("quick").checked = false;
      $("game-status").textContent = "This game is over, and the board no longer holds it; its log, kept by this browser, is in the review box below.";
      $("game-hands").after(logLink(id, log));
      return;
    }
    setGameURL("");
    $("game-status").textContent = "The game of this address is no longer in play; start a new one.";
  }
}

// KEPT bounds the finished games' logs that the browser keeps.
const KEPT = 20;

// keepLog keeps a finished game's log in the browser, the latest KEPT
// games', so that its address shows it again after the board forgot it.
function keepLog(id, log) {
  try {
    const ids = JSON.parse(localStorage.getItem("ginadvisor-games") || "[]").filter((x) => x !== id);
    ids.push(id);
    while (ids.length > KEPT) localStorage.removeItem("ginadvisor-game-" + ids.shift());
    localStorage.setItem("ginadvisor-game-" + id, log);
    localStorage.setItem("ginadvisor-games", JSON.stringify(ids));
  } catch (e) {
    // A browser that keeps nothing (private, or full) still has the
    // download.
  }
}

function keptLog(id) {
  try {
    return localStorage.getItem("ginadvisor-game-" + id) || "";
  } catch (e) {
    return "";
  }
}

// logLink is a link that downloads a game's log as a file.
function logLink(id, log) {
  const a = document.createElement("a");
  a.id = "download-log";
  a.className = "button secondary";
  a.href = URL.createObjectURL(new Blob([log], { type: "text/plain" }));
  a.download = "ginadvisor-game-" + id.slice(0, 8) + ".log";
  a.textContent = "Download the log";
  return a;
}

function setGameURL(id) {
  const u = new URL(location.href);
  if (id) u.searchParams.set("game", id);
  else u.searchParams.delete("game");
  u.hash = "";
  history.replaceState(null, "", u.pathname + u.search);
}

// backToGame puts the game in progress back on the table, whatever took
// it (a review, the analysis board), and its keys back on the table.
async function backToGame() {
  $("confirm-new").hidden = true;
  if (!gameID) return;
  if (mode !== "game") await resumeGame(gameID);
  $("table").scrollIntoView({ block: "start" });
  $("table").focus({ preventScroll: true });
}

// showGame puts the game's answer on the table: your decision, the
// showdown of a hand just ended, or the game's end.
async function showGame(g) {
  gameID = g.over ? "" : g.game;
  showPuzzleButtons();
  $("opponent").value = g.opponent;
  $("game-hands").replaceChildren(...g.hands.map((h) => {
    const li = document.createElement("li");
    li.textContent = h.text;
    return li;
  }));
  if (g.over) {
    gameOver(g);
    return;
  }
  setGameURL(g.game);
  setMode("game");
  const st = $("game-status");
  st.className = "";
  if (g.showdown) {
    const h = g.hands[g.hands.length - 1];
    showTableMoves(g.moves);
    showShowdown(h, null);
    $("showdown").appendChild($("table-moves"));
    st.textContent = h.text + ".";
    status(h.text + ".", false);
    $("nexthand").focus();
    return;
  }
  const p = g.position;
  st.textContent = "Your " + (PHASES[p.phase] || p.phase) + " against " + g.opponent + " (" + p.scores.join("-") + ").";
  status("Your " + (PHASES[p.phase] || p.phase) + " against " + g.opponent + ".", false);
  const moves = { list: g.moves, pick: (m) => gameMove(m) };
  showTableMoves(g.moves);
  showLastMove(g.last);
  const drew = drawSentence(p);
  if (drew) {
    $("last-move").textContent = [$("last-move").textContent, drew].filter((x) => x).join(" ");
    st.textContent += " " + drew;
  }
  await check(p.history || p.notation, { advice: $("hints").checked ? "refine" : "none", note: "Hints are off.", moves });
  markLastMove(g.last);
}

// MOVE_WORDS writes the moves whose names are one word in the protocol
// as a player says them.
const MOVE_WORDS = { playon: "play on", "big-gin": "big gin", biggin: "big gin" };

// moveWords writes a move for a person.
function moveWords(move) {
  return MOVE_WORDS[move] || move;
}

// showTableMoves puts the moves other than a discard (the cards
// themselves) on the table as buttons: draw, take, pass, each knock with
// its melds, play on, next hand.
function showTableMoves(moves) {
  gameMoves = moves;
  tableMoves = { list: moves, pick: gameMove };
  picked = "";
  $("table").classList.add("playing");
  $("play-bar").hidden = false;
  $("table-moves").replaceChildren(...moves.filter((m) => !m.move.startsWith("discard ")).map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = moveWords(m.move) + (m.melds ? ": " + m.melds.join(" | ") : "");
    if (m.move === "next hand") b.id = "nexthand";
    b.addEventListener("click", () => gameMove(m));
    return b;
  }));
  if (!$("play-bar").contains($("table-moves"))) $("play-bar").insertBefore($("table-moves"), $("play-bar").children[1]);
}

// showLastMove says what the opponent did since your last decision.
function showLastMove(last) {
  $("last-move").textContent = last ? last.text.replace(/\b([2-9TJQKA][CDHS])\b/g, (c) => cardLabel(c)) : "";
}

// markLastMove marks on the table the card the opponent threw (the
// pile's top), as lichess marks the last move.
function markLastMove(last) {
  for (const el of document.querySelectorAll("#table .card.last")) el.classList.remove("last");
  if (!last) return;
  const top = document.querySelector("#t-pile .card");
  if (top && (top.dataset.card === last.discarded || (!last.discarded && top.dataset.card === last.passed))) top.classList.add("last");
  if (last.from === "stock") {
    const stock = document.querySelector("#t-stock .card");
    if (stock) stock.classList.add("last");
  }
}

// moveFor finds the legal move a click on a card of the table means.
function moveFor(el) {
  const list = tableMoves.list;
  if (el.closest("#hand")) return list.find((m) => m.move === "discard " + el.dataset.card);
  if (el.closest("#t-stock")) return list.find((m) => m.move === "draw");
  if (el.closest("#t-pile")) return list.find((m) => m.move === "take");
  return null;
}

// tableClick plays the move of the card clicked, in a game, a puzzle or
// on the analysis board, as the move's button would.
function tableClick(e) {
  if (mode === "review" || !tableMoves.pick) return;
  const el = e.target.closest(".card");
  const m = el && moveFor(el);
  if (m) tableMoves.pick(m);
}

// typing says whether a key goes to a field that takes text, where the
// keys are the field's own; a checkbox, a button or a select does not.
function typing(el) {
  const tag = (el.tagName || "").toLowerCase();
  if (tag === "textarea" || el.isContentEditable) return true;
  return tag === "input" && !["checkbox", "radio", "button", "submit", "file"].includes(el.type);
}

// gameKey plays by keyboard: the arrows pick a card of the hand, Enter
// throws it, and a letter makes a move.
const KEYS = { d: "draw", t: "take", p: "pass", k: "knock", g: "gin", b: "big-gin", o: "playon", n: "next hand" };

function gameKey(e) {
  const list = tableMoves.list;
  if ((mode !== "game" && mode !== "puzzle") || !list.length || typing(e.target) || e.target.closest("#picker")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    if ((e.target.tagName || "").toLowerCase() === "select") return;
    const cards = [...document.querySelectorAll("#hand .card")].map((c) => c.dataset.card);
    if (!cards.length) return;
    e.preventDefault();
    const at = cards.indexOf(picked);
    picked = cards[at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
    for (const c of document.querySelectorAll("#hand .card")) c.classList.toggle("picked", c.dataset.card === picked);
    status("Picked " + cardName(picked) + ": Enter throws it.", false);
    return;
  }
  // Enter throws the card picked, whatever control has the focus: the
  // arrows picked it, so the player means it.
  if (e.key === "Enter" && picked) {
    e.preventDefault();
    const m = list.find((x) => x.move === "discard " + picked);
    if (m) tableMoves.pick(m);
    else status("No discard now: " + list.map((x) => x.move).join(", ") + ".", false);
    return;
  }
  const want = KEYS[e.key.toLowerCase()];
  const m = want && list.find((x) => x.move === want);
  if (m) {
    e.preventDefault();
    tableMoves.pick(m);
  }
}

async function gameMove(m) {
  const moves = gameMoves;
  gameMoves = [];
  tableMoves = { list: [], pick: null };
  picked = "";
  for (const b of document.querySelectorAll("#moves button, #table-moves button")) b.disabled = true;
  try {
    await showGame(await api("game/move", { game: gameID, move: m.event }));
  } catch (e) {
    gameMoves = moves;
    tableMoves = { list: moves, pick: gameMove };
    $("game-status").textContent = e.message;
    $("game-status").className = "error";
  }
}

// seatName names a seat for you in p1.
function seatName(seat) {
  return seat === "p1" ? "You" : "The opponent";
}

// showShowdown draws a hand's end on the table: both hands in their
// melds, each side's deadwood, the lay-offs on the knocker's melds, the
// points and why, and the score after; end, when given, the game's.
function showShowdown(h, end) {
  const box = $("showdown");
  if (box.contains($("table-moves"))) $("play-bar").insertBefore($("table-moves"), $("play-bar").children[1]);
  const title = document.createElement("h3");
  title.textContent = h.text;
  const parts = [title];
  const knocker = h.knocker === "p2" ? 1 : 0;
  for (const i of !h.melds ? [] : h.knocker ? [knocker, 1 - knocker] : [0, 1]) {
    const seat = "p" + (i + 1);
    const side = document.createElement("div");
    side.className = "side";
    side.dataset.seat = seat;
    const head = document.createElement("h4");
    const role = !h.knocker ? "" : seat === h.knocker ? (h.outcome === "gin" || h.outcome === "big_gin" ? " went " + h.reason : " knocked") : " defended";
    head.textContent = seatName(seat) + role + ": deadwood " + h.deadwood_points[i];
    const groups = document.createElement("div");
    groups.className = "groups";
    const melds = h.melds[i].map((m, j) => {
      const g = group(m, null);
      if (seat === h.knocker) {
        for (const l of h.layoffs.filter((x) => x.meld === j)) {
          const c = cardElement(l.card);
          c.classList.add("laid");
          c.setAttribute("aria-label", cardName(l.card) + ", laid off by the opponent of the knocker");
          g.appendChild(c);
        }
      }
      return g;
    });
    if (h.deadwood[i].length) melds.push(group(h.deadwood[i], "deadwood " + h.deadwood_points[i]));
    groups.replaceChildren(...melds);
    side.append(head, groups);
    parts.push(side);
  }
  if (h.layoffs && h.layoffs.length) {
    const p = document.createElement("p");
    p.className = "layoffs";
    p.textContent = "Laid off: " + h.layoffs.map((l) => cardLabel(l.card) + " on " + h.melds[knocker][l.meld].map(cardLabel).join(" ")).join(", ") + ".";
    parts.push(p);
  }
  const why = document.createElement("ul");
  why.className = "breakdown";
  why.replaceChildren(...(h.breakdown || []).map((l) => {
    const li = document.createElement("li");
    li.textContent = l.label + ": " + l.points;
    return li;
  }));
  const score = document.createElement("p");
  score.className = "score";
  if (h.score) {
    score.textContent = "Points: " + h.points + " (" + h.reason + "). The score: you " + h.score[0] + ", the opponent " + h.score[1] + ".";
    parts.push(why, score);
  }
  if (end) parts.push(end);
  box.replaceChildren(...parts);
  box.hidden = false;
  // The facts of the last decision are not the showdown's.
  $("facts").textContent = "Hand " + h.number + " \u00b7 " + (end ? "the game's end" : "the showdown");
  $("table").classList.add("at-showdown");
  adviseNothing();
}

// adviseNothing stops the analysis of the decision that was on the
// table and empties the advisor's view: at a hand's end there is no
// decision to analyse, and the last one's advice would mislead.
function adviseNothing() {
  checkSeq++;
  if (analysis) analysis.abort();
  analysis = null;
  best = null;
  clearAdvice();
  $("advice-status").textContent = "The hand is over: no decision to analyze. Its showdown is on the table.";
}

// hideShowdown gives the table back to the cards.
function hideShowdown() {
  $("showdown").hidden = true;
  $("table").classList.remove("at-showdown", "playing");
  $("play-bar").hidden = true;
  gameMoves = [];
  tableMoves = { list: [], pick: null };
}

// gameEnd draws the game's end: the winner, the final score with its
// bonuses, and a button to review the game.
function gameEnd(g) {
  const box = document.createElement("div");
  box.className = "final";
  const title = document.createElement("h3");
  title.id = "game-result";
  const t = g.score ? g.score.totals : [0, 0];
  title.textContent = (g.winner === "p1" ? "You won the game, " : g.winner === "p2" ? "The opponent won the game, " : "The game is tied, ") +
    Math.max(t[0], t[1]) + "-" + Math.min(t[0], t[1]) + ".";
  box.appendChild(title);
  if (g.score) {
    for (const i of [0, 1]) {
      const p = document.createElement("p");
      p.className = "final-score";
      p.textContent = seatName("p" + (i + 1)) + ": " + g.score.breakdown[i].map((l) => l.label + " " + l.points).join(", ") + " = " + t[i] + ".";
      box.appendChild(p);
    }
  }
  const b = document.createElement("button");
  b.type = "button";
  b.id = "review-game";
  b.textContent = "Review the game";
  b.disabled = !g.log || !!g.error;
  b.addEventListener("click", () => reviewGame(g));
  box.appendChild(b);
  if (g.log && !g.error) {
    box.append(" ", logLink(g.game, g.log));
    keepLog(g.game, g.log);
  }
  return box;
}

// gameOver shows the game's end on the table; the review waits for its
// button. An error of the game or of its review is shown and stays.
function gameOver(g) {
  gameID = "";
  showPuzzleButtons();
  picked = "";
  status("The game is over.", false);
  // The address keeps the game after its end: a reload shows the end,
  // the review and the log again.
  setGameURL(g.game);
  setMode("analyse");
  // The game's end is no line of the analysis board: nothing to undo.
  $("line-box").hidden = true;
  $("moves").replaceChildren();
  $("table-moves").replaceChildren();
  $("play-bar").hidden = true;
  $("table").classList.remove("playing");
  gameMoves = [];
  tableMoves = { list: [], pick: null };
  const st = $("game-status");
  const h = g.hands[g.hands.length - 1];
  const last = h ? h.text + ". " : "";
  const end = gameEnd(g);
  if (h) showShowdown(h, end);
  else $("game-hands").after(end);
  if (g.error || !g.log) {
    st.textContent = "The game is over. " + last + "It could not be reviewed: " + (g.error || "the game left no log") + ".";
    st.className = "error";
    return;
  }
  st.className = "";
  st.textContent = "The game is over. " + last + end.querySelector("h3").textContent;
  $("review-game").focus();
}

// reviewGame reviews the game just played.
async function reviewGame(g) {
  const st = $("game-status");
  const last = g.hands.length ? g.hands[g.hands.length - 1].text + ". " : "";
  st.className = "";
  st.textContent = "The game is over. " + last + "Reviewing it\u2026";
  $("log").value = g.log;
  $("quick").checked = false;
  const err = await startReview();
  if (err) {
    st.textContent = "The game is over. " + last + "Its review failed: " + err.message;
    st.className = "error";
    return;
  }
  gamePuzzles = puzzlesOf(review.filter((d) => d.seat === 1));
  showPuzzleButtons();
  st.textContent = "The game is over. " + last + gamePuzzles.length + " of your decisions" + " to learn from.";
}

// Puzzles: each of your mistakes and blunders, its position alone on the
// table; you answer with a move, and the advisor's equities, at the
// grade's own worlds and seed, say whether it was right.
let puzzles = [];
let puzzleAt = 0;
let puzzleRight = 0;
let puzzlesAnswered = 0;
let puzzleDone = false; // the puzzle shown has been answered or shown

let puzzleMisses = 0; // the wrong answers to the puzzle shown
let puzzleTried = new Set(); // the moves tried on it: a repeat costs no try
let puzzleAnswer = null; // the advice that graded the puzzle shown

// puzzlesOf picks the decisions that the grade classed as mistakes or
// blunders: an uncertain grade is no puzzle, whatever its loss.
function puzzlesOf(decisions) {
  return decisions.filter((d) => d.class === "mistake" || d.class === "blunder");
}

// The two sets of puzzles a page may hold, kept apart: your mistakes in
// the game you played last, served by "Learn from your mistakes", and
// those of the review in view, by "Puzzles from this review".
let gamePuzzles = [];
let reviewPuzzles = [];

// showPuzzleButtons says on each button how many puzzles its set holds.
// A game in progress may be left for them: "Back to the game" returns.
function showPuzzleButtons() {
  $("learn").disabled = gamePuzzles.length === 0;
  $("learn").textContent = "Learn from your mistakes" + (gamePuzzles.length ? " (" + gamePuzzles.length + ")" : "");
  $("review-learn").disabled = reviewPuzzles.length === 0;
  $("review-learn").textContent = reviewPuzzles.length ? "Puzzles from this review (" + reviewPuzzles.length + ")" :
    review.length ? "No mistake to make a puzzle of" : "Puzzles from this review";
}

// startPuzzles makes a set the one to learn from, from its first puzzle.
function startPuzzles(set) {
  puzzles = set.slice();
  puzzleAt = 0;
  puzzleRight = 0;
  puzzlesAnswered = 0;
  puzzleDone = false;
  learn();
}

async function learn() {
  const d = puzzles[puzzleAt];
  if (!d) return;
  puzzleMisses = 0;
  puzzleTried = new Set();
  puzzleAnswer = null;
  picked = "";
  setMode("puzzle");
  setVerdict(["Puzzle " + (puzzleAt + 1) + " of " + puzzles.length + ": find the better move."], "");
  $("reveal").disabled = false;
  $("nextpuzzle").disabled = puzzleAt >= puzzles.length - 1;
  $("decision").textContent = "";
  $("game-status").className = "";
  $("game-status").textContent = "Puzzle " + (puzzleAt + 1) + " of " + puzzles.length + ": hand " + d.hand + ". Find the better move.";
  // Said once beside the cards (the verdict) and in the game's line; the
  // table's status stays free for what goes wrong.
  status("", false);
  let data;
  try {
    data = await api("legal", { position: d.position });
  } catch (e) {
    status(e.message, true);
    return;
  }
  check(d.position, { advice: "none", note: "A puzzle: the advice is hidden until you answer.", moves: { list: data.moves || [], pick: (m) => answer(d, m) } });
  document.getElementById("table").scrollIntoView({ block: "start" });
}

// gradedRequest asks /api/advise for the search that graded d: its
// worlds, seed and filter, every candidate in every world.
function gradedRequest(d) {
  return { position: d.position, samples: d.samples || 64, seed: d.seed || 1, full: !!d.samples, particles: d.particles || 0, replicas: d.replicas || 0 };
}

// puzzleAdvice asks, once a puzzle, for the advice that graded puzzle d;
// when the request fails it says why in the status line and answers
// null.
async function puzzleAdvice(d) {
  if (puzzleAnswer && puzzleAnswer.d === d) return puzzleAnswer.a;
  try {
    const a = await api("advise", gradedRequest(d));
    puzzleAnswer = { d, a };
    return a;
  } catch (e) {
    status(e.message, true);
    return null;
  }
}

// MISSES is how many wrong answers a puzzle takes before it shows its
// answer, as lichess's do.
const MISSES = 3;

// answer judges a move tried on puzzle d. The advisor's move, or one tied
// with it within the noise (marked = in its table), solves the puzzle; a
// miss says only that, and the moves stay to try again, until the third
// shows the answer.
async function answer(d, m) {
  if (puzzleDone && puzzleAnswer) return;
  const a = await puzzleAdvice(d);
  if (!a || puzzles[puzzleAt] !== d) return;
  const top = a.candidates[0];
  // A knock is the advisor's only with the advisor's melds.
  const melds = (x) => (x.melds || []).join(" | ");
  const tried = a.candidates.find((c) => c.move === m.move && melds(c) === melds(m)) ||
    a.candidates.find((c) => c.move === m.move && (!c.melds || !m.melds)) || null;
  const tied = tried !== null && tried !== top && !!tried.tie;
  // A knock is named with its melds: two knocks differ by them alone.
  const said = moveWords(m.move) + (m.melds ? " " + m.melds.join(" | ") : "");
  if (tried !== top && !tied) {
    const again = puzzleTried.has(said);
    puzzleTried.add(said);
    if (!again) puzzleMisses++;
    if (puzzleMisses >= MISSES) {
      showAnswer(d, a, "Not that either: " + said + ". After " + MISSES + " tries, the answer:");
      return;
    }
    const left = MISSES - puzzleMisses;
    const text = (again ? "Tried already, and not the move: " : "Not the move: ") + said + ". Try again (" + left + (left === 1 ? " try" : " tries") + " before the answer shows).";
    setVerdict([text], "wrong");
    $("game-status").className = "error";
    $("game-status").textContent = text;
    return;
  }
  scorePuzzle(puzzleMisses === 0);
  for (const b of $("moves").children) b.disabled = true;
  tableMoves = { list: [], pick: null };
  showAdvice(a, d.samples || 64, d.seed || 1, "The puzzle's answer:");
  const eq = (c) => " (" + share(c.equity) + ")";
  const verdict = tied ? "Right: " + said + eq(tried) + " is tied with the advisor's " + top.move + eq(top) + " within the noise." :
    "Right: " + said + eq(top) + ", the advisor's move.";
  const detail = "In the game " + d.player + " played " + d.move + ".";
  const more = puzzleAt < puzzles.length - 1 ? " Next puzzle with the button below." : " That was the last one.";
  $("game-status").className = "right";
  $("game-status").textContent = verdict + " " + detail + more;
  setVerdict([verdict, detail].concat(a.why ? [a.why] : []), "right");
}

// showAnswer shows the answer of puzzle d: the advisor's move, marked on
// the cards, with its sentence of why; the puzzle counts as not found.
function showAnswer(d, a, lead) {
  scorePuzzle(false);
  for (const b of $("moves").children) b.disabled = true;
  tableMoves = { list: [], pick: null };
  $("reveal").disabled = true;
  showAdvice(a, d.samples || 64, d.seed || 1, "The puzzle's answer:");
  const top = a.candidates[0];
  const text = lead + " " + top.move + " (" + share(top.equity) + "), marked on the cards; in the game " + d.player + " played " + d.move + ".";
  $("game-status").className = "";
  $("game-status").textContent = text;
  setVerdict([text].concat(a.why ? [a.why] : []), "");
}

// scorePuzzle counts the puzzle shown once, at its first answer; an
// answer shown counts as not found.
function scorePuzzle(right) {
  if (!puzzleDone) {
    puzzleDone = true;
    puzzlesAnswered++;
    if (right) puzzleRight++;
  }
  $("puzzle-score").textContent = "Puzzles: " + puzzleRight + " right of " + puzzlesAnswered + " answered, " + puzzles.length + " in the set.";
}

// revealPuzzle shows the answer of the puzzle shown, on request.
async function revealPuzzle() {
  const d = puzzles[puzzleAt];
  if (!d) return;
  $("reveal").disabled = true;
  const a = await puzzleAdvice(d);
  if (a) showAnswer(d, a, "The answer:");
}

// nextPuzzle serves the next puzzle of the set.
function nextPuzzle() {
  if (puzzleAt >= puzzles.length - 1) return;
  puzzleAt++;
  puzzleDone = false;
  learn();
}

// hintsChanged applies the hints switch at once to the game's decision
// on the table.
function hintsChanged() {
  if (mode !== "game" || !current) return;
  // The keys go on playing: the focus goes back to the table.
  $("table").focus({ preventScroll: true });
  if ($("hints").checked) {
    analyse(current, REFINE, 1);
    return;
  }
  if (analysis) analysis.abort();
  analysis = null;
  document.querySelector("#advice tbody").replaceChildren();
  $("why").textContent = "";
  $("reading").textContent = "";
  best = null;
  markBest();
  $("advice-status").textContent = "Hints are off.";
}

function init() {
  buildPicker();
  // The line under the picker follows the status and the advice's status
  // as they change, whichever code changed them.
  const follow = new MutationObserver(setupNote);
  for (const id of ["status", "advice-status"]) follow.observe($(id), { childList: true, characterData: true, subtree: true });
  $("fourcolor").addEventListener("change", (e) => document.body.classList.toggle("four", e.target.checked));
  $("heat").addEventListener("change", () => shownView && details(shownView, current));
  for (const id of ["pile", "took", "passed", "discards", "drawn", "score"]) $(id).addEventListener("change", compose);
  for (const id of ["phase", "dealer", "rules", "drawn-from"]) $(id).addEventListener("change", compose);
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
  $("clear").addEventListener("click", clearTable);
  $("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    setMode("analyse");
    check($("notation").value.trim(), { advice: "refine", moves: "legal", setup: true });
  });
  $("setup-box").addEventListener("toggle", () => {
    document.body.classList.toggle("setting-up", $("setup-box").open && mode === "analyse");
    setupNote();
  });
  $("drawform").addEventListener("submit", drawn);
  $("review").addEventListener("click", startReview);
  $("review-cancel").addEventListener("click", () => reviewRun && reviewRun.abort());
  $("newgame").addEventListener("click", newGame);
  $("confirm-drop").addEventListener("click", deal);
  $("confirm-keep").addEventListener("click", backToGame);
  $("back-to-game").addEventListener("click", backToGame);
  $("table").addEventListener("click", tableClick);
  document.addEventListener("keydown", gameKey);
  $("learn").addEventListener("click", () => startPuzzles(gamePuzzles));
  $("review-learn").addEventListener("click", () => startPuzzles(reviewPuzzles));
  $("retry").addEventListener("click", learn);
  $("reveal").addEventListener("click", revealPuzzle);
  $("nextpuzzle").addEventListener("click", nextPuzzle);
  $("chart").addEventListener("click", chartClick);
  $("first").addEventListener("click", () => stepTo(0));
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => stepTo(-1));
  $("seatview").addEventListener("change", () => { listDecisions(); step(0); });
  $("logfile").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) $("log").value = await f.text();
  });
  document.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (!review.length || mode !== "review" || tag === "input" || tag === "textarea" || tag === "select" || e.target.closest("#picker")) return;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { e.preventDefault(); step(1); }
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { e.preventDefault(); step(-1); }
    if (e.key === "Home") { e.preventDefault(); stepTo(0); }
    if (e.key === "End") { e.preventDefault(); stepTo(-1); }
  });
  window.addEventListener("resize", () => drawChart());
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hints").addEventListener("change", hintsChanged);
  window.addEventListener("popstate", (e) => {
    if (e.state && e.state.line === lineID && tree[e.state.node]) goTo(e.state.node, false);
  });
  window.addEventListener("hashchange", () => {
    if (history.state && history.state.line === lineID && tree[history.state.node]) return;
    const text = decodeURIComponent(location.hash.slice(1));
    if (text && text !== current) {
      setMode("analyse");
      check(text);
    }
  });
  const id = new URLSearchParams(location.search).get("game");
  const fromURL = decodeURIComponent(location.hash.slice(1));
  if (id) resumeGame(id);
  else check(fromURL || EXAMPLE);
}

init();
