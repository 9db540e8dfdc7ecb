// pycards: play one seat of a table in the browser (plain JavaScript, no build step).
//
// The page makes or joins a table over HTTP, keeps the seat's token in this tab's
// sessionStorage, and follows the table over a WebSocket: each update brings the
// seat's new events (appended to the log), its observation (shown as text, cards with
// their suits, hearts and diamonds in red) and, on its turn, its legal actions: one
// button each, labelled as the server labels them, except those the seat chooses by
// marking its cards (the draw), which it sends with one button. Every refusal is shown
// beside the control that caused it, or in a banner at the table. Everything the
// server sends is put on the page as text (textContent, text nodes), never as HTML.
// Formats: docs/server.md.
"use strict";

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const LETTERS = { "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S" };
const SUIT_ORDER = "CDHS";  // a card's number: rank * 4 + suit (pycards.cards)
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const CARD = /(^|[^0-9A-Za-z])(10|[2-9JQKA])([CDHS\u2663\u2666\u2665\u2660])(?![0-9A-Za-z])/g;
const MAX_RECONNECTS = 5;

const $ = (id) => document.getElementById(id);
const state = {
  table: null, seat: null, token: null, socket: null, version: null, next: 0,
  over: false, leaving: false, reconnects: 0, games: [], message: null, marked: new Set(),
  lastDeal: null, resultLogged: false,
};

// -- cards as text -----------------------------------------------------------------------

function cardSpan(rank, suit) {
  const span = document.createElement("span");
  span.className = "card " + (suit === "H" || suit === "D" ? "red" : "black");
  span.textContent = rank + SUITS[suit];
  return span;
}

function appendText(node, text) {
  // ``text`` into ``node``, each card ("AS", "10H", "10♥") as a span with its suit's symbol
  // and colour.
  let last = 0;
  for (const match of text.matchAll(CARD)) {
    const start = match.index + match[1].length;
    if (start > last) node.append(text.slice(last, start));
    node.append(cardSpan(match[2], LETTERS[match[3]] || match[3]));
    last = start + match[2].length + match[3].length;
  }
  if (last < text.length) node.append(text.slice(last));
}

function cardOf(number) {
  return cardSpan(RANKS[Math.floor(number / 4)], SUIT_ORDER[number % 4]);
}

// -- messages to the person -----------------------------------------------------------------

function setStatus(text) { $("status").textContent = text; }

function say(id, text) {
  // A refusal (or nothing) in the element ``id``, shown only while there is something to say.
  const box = $(id);
  box.textContent = text || "";
  box.hidden = !text;
}

function clearFieldErrors() {
  for (const box of document.querySelectorAll("#lobby .field-error")) say(box.id, "");
  for (const input of document.querySelectorAll("#lobby [aria-invalid]")) input.removeAttribute("aria-invalid");
}

function showError(text) { say("error", text); }

class ApiError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: "http", message: "HTTP " + response.status };
    throw new ApiError(error.code, error.message);
  }
  return data;
}

// -- the lobby ---------------------------------------------------------------------------

function currentGame() { return state.games.find((g) => g.name === $("game").value); }

function words(name) { return name.replace(/_/g, " "); }

function choiceText(value) { return value === null ? "none" : String(value); }

function optionInput(field) {
  // An input for one option as /api/games describes it: int (with its bounds), bool, choice.
  const id = "opt-" + field.name;
  let input;
  if (field.kind === "int") {
    input = document.createElement("input");
    input.type = "number";
    input.step = "1";
    if (field.low !== null) input.min = String(field.low);
    if (field.high !== null) input.max = String(field.high);
    input.value = field.default === null ? "" : String(field.default);
    if (field.optional) input.placeholder = "none";
  } else if (field.kind === "bool" && !field.optional) {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = field.default === true;
  } else {
    input = document.createElement("select");
    const values = field.kind === "bool" ? [null, true, false] : field.choices;
    values.forEach((value, index) => {
      const option = document.createElement("option");
      option.value = String(index);
      option.textContent = choiceText(value);
      option.selected = value === field.default;
      input.append(option);
    });
  }
  input.id = id;
  input.dataset.option = field.name;
  input.dataset.kind = field.kind;
  return input;
}

function optionValue(field) {
  const input = $("opt-" + field.name);
  if (field.kind === "int") {
    const raw = input.value.trim();
    if (raw === "") return field.optional ? null : raw;
    return /^-?\d+$/.test(raw) ? Number(raw) : raw;  // the server names a value it refuses
  }
  if (field.kind === "bool" && !field.optional) return input.checked;
  const values = field.kind === "bool" ? [null, true, false] : field.choices;
  return values[Number(input.value)];
}

function renderOptions(game) {
  const box = $("option-fields");
  box.replaceChildren();
  for (const field of game.options) {
    const label = document.createElement("label");
    label.className = field.kind === "bool" && !field.optional ? "check" : "";
    const name = document.createElement("span");
    name.textContent = words(field.name);
    const input = optionInput(field);
    if (field.kind === "int" && field.low !== null && field.high !== null) {
      const bounds = document.createElement("span");
      bounds.className = "bounds";
      bounds.textContent = `${field.low}\u2013${field.high}`;
      name.append(" ", bounds);
    }
    label.append(name, input);
    const error = document.createElement("p");
    error.className = "field-error";
    error.id = `opt-${field.name}-error`;
    error.setAttribute("role", "alert");
    error.hidden = true;
    box.append(label, error);
  }
}

async function loadGames() {
  const data = await api("/api/games");
  state.games = data.games;
  const select = $("game");
  select.replaceChildren();
  for (const game of data.games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = words(game.name);
    select.append(option);
  }
  gameChanged();
  setStatus("Make a table, or join one.");
}

function gameChanged() {
  const game = currentGame();
  if (!game) return;
  const players = $("players");
  players.min = game.min_players;
  players.max = game.max_players;
  $("players-bounds").textContent = `${game.min_players}\u2013${game.max_players}`;
  const wanted = Number(players.value);
  if (!(wanted >= game.min_players && wanted <= game.max_players)) {
    players.value = String(Math.min(Math.max(wanted || 0, game.min_players), game.max_players));
  }
  renderOptions(game);
  clearFieldErrors();
  playersChanged();
}

function playersChanged() {
  // Bots may play every seat but the person's: at most players - 1 of them.
  const game = currentGame();
  const players = Math.min(Number($("players").value), game ? game.max_players : Infinity);
  const most = Number.isInteger(players) && players > 0 ? players - 1 : 0;
  const bots = $("bots");
  bots.max = String(most);
  $("bots-bounds").textContent = `0\u2013${most}`;
  if (Number(bots.value) > most) bots.value = String(most);
  $("my-seat").max = String(Math.max(0, most));
}

function fieldFor(error) {
  // The control a refusal of a new table is about: its code, or the option its message names.
  if (error.code === "bad_players") return "players";
  if (error.code === "bad_bots") return "bots";
  if (error.code === "bad_options") {
    const game = currentGame();
    const names = game ? game.options.map((f) => f.name).sort((a, b) => b.length - a.length) : [];
    for (const name of names) {
      if (new RegExp(`(^|[^a-z_])${name}([^a-z_]|$)`).test(error.message)) return "opt-" + name;
    }
  }
  return null;
}

function showFieldError(field, message) {
  const input = field ? $(field) : null;
  if (input) {
    input.setAttribute("aria-invalid", "true");
    say(field + "-error", message);
    $(field + "-error").scrollIntoView({ block: "nearest" });
  } else {
    say("create-error", message);
  }
}

function renderResults(node, payoffs, seat) {
  const parts = Object.entries(payoffs).map(([s, p]) => {
    const name = seat !== null && Number(s) === seat ? "you" : `p${s}`;
    return `${name} ${p > 0 ? "+" : ""}${p}`;
  });
  node.append(parts.join(", "));
}

function tableLine(table) {
  const count = table.options ? table.options.deals : undefined;
  const deals = count === undefined ? "" : `, ${count} ${count === 1 ? "deal" : "deals"}`;
  const bots = table.seats.filter((s) => s.kind === "bot").length;
  const how = table.bots_play === "random" ? "at random" : "the game's way";
  const who = bots ? `, ${bots} ${bots === 1 ? "bot" : "bots"} (playing ${how})` : "";
  return `${table.table}: ${words(table.game)}, ${table.players} players${deals}${who}`;
}

async function refreshTables() {
  const data = await api("/api/tables");
  const list = $("open-tables");
  list.replaceChildren();
  for (const table of data.tables) {
    const item = document.createElement("li");
    const free = table.seats.filter((s) => !s.taken).map((s) => s.seat);
    item.textContent = `${tableLine(table)}, deal ${table.deal_number}`;
    for (const seat of free) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `sit at ${seat}`;
      button.addEventListener("click", () => joinTable(table.table, seat).catch((e) => say("tables-error", e.message)));
      item.append(button);
    }
    const watch = document.createElement("button");
    watch.type = "button";
    watch.textContent = "watch";
    watch.addEventListener("click", () => openTable(table.table, null, null));
    item.append(watch);
    list.append(item);
  }
  if (!data.tables.length) list.textContent = "none";
  const done = $("finished-tables");
  done.replaceChildren();
  for (const table of data.finished || []) {
    const item = document.createElement("li");
    item.className = "finished";
    item.append(tableLine(table) + ": ");
    const result = document.createElement("span");
    result.className = "results";
    renderResults(result, table.payoffs, null);
    item.append(result);
    const watch = document.createElement("button");
    watch.type = "button";
    watch.textContent = "see the log";
    watch.addEventListener("click", () => openTable(table.table, null, null));
    item.append(watch);
    done.append(item);
  }
  if (!(data.finished || []).length) done.textContent = "none";
}

async function createTable(event) {
  event.preventDefault();
  clearFieldErrors();
  const game = currentGame();
  if (!game) return;
  const number = (id) => {
    const raw = $(id).value.trim();
    return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  };
  const players = number("players");
  const seat = number("my-seat");
  if (!Number.isInteger(seat) || seat < 0 || !Number.isInteger(players) || seat >= players) {
    showFieldError("my-seat", `your seat is from 0 to ${Number.isInteger(players) ? players - 1 : "players - 1"}, not ${seat}`);
    return;
  }
  const count = number("bots");
  const bots = [];
  if (!Number.isInteger(count) || count < 0) {
    showFieldError("bots", `the bots are a whole number from 0 to ${players - 1}, not ${count}`);
    return;
  }
  for (let s = 0; s < players && bots.length < count; s++) if (s !== seat) bots.push(s);
  if (bots.length < count) bots.push(seat);  // more bots than other seats: the server says why not
  const options = {};
  for (const field of game.options) {
    const value = optionValue(field);
    if (value !== field.default) options[field.name] = value;
  }
  const listed = !$("unlisted").checked;
  const request = { game: game.name, players, options, bots, bots_play: $("bots-play").value, listed };
  try {
    const table = await api("/api/tables", request);
    await joinTable(table.table, seat);
    if (!listed) $("log").append(`This table is by invite, not listed: give its id, ${table.table}, to the players you invite.\n`);
  } catch (error) {
    setStatus("The table could not be made.");
    showFieldError(fieldFor(error), error.message);
  }
}

function joinKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

async function joinTable(tableId, seat) {
  // The join carries a secret key of its own: if its reply is lost (the network failed, not a
  // refusal), the same request once more gets the same seat, with a new token.
  const key = joinKey();
  const body = seat === null ? { key } : { seat, key };
  const path = `/api/tables/${encodeURIComponent(tableId)}/join`;
  let joined;
  try {
    joined = await api(path, body);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    joined = await api(path, body);
  }
  const kept = JSON.stringify({ seat: joined.seat, token: joined.token });
  sessionStorage.setItem("pycards:" + joined.table, kept);
  openTable(joined.table, joined.seat, joined.token);
}

async function joinFromForm(event) {
  event.preventDefault();
  clearFieldErrors();
  const raw = $("join-seat").value.trim();
  try {
    await joinTable($("join-table").value.trim(), raw === "" ? null : (/^\d+$/.test(raw) ? Number(raw) : raw));
  } catch (error) {
    say("join-error", error.message);
  }
}

// -- the table ---------------------------------------------------------------------------

function openTable(tableId, seat, token) {
  Object.assign(state, {
    table: tableId, seat, token, version: null, next: 0, over: false, leaving: false, reconnects: 0,
    message: null, marked: new Set(), lastDeal: null, resultLogged: false,
  });
  location.hash = seat === null ? `watch/${tableId}` : `${tableId}/${seat}`;
  $("lobby").hidden = true;
  $("table").hidden = false;
  const role = seat === null ? "watching" : `you sit at seat ${seat}`;
  $("table-title").textContent = `Table ${tableId}: ${role}`;
  $("log").textContent = "";
  $("observation").textContent = "";
  $("turn").textContent = "";
  $("result").replaceChildren();
  $("result").hidden = true;
  $("pick").hidden = true;
  $("actions").replaceChildren();
  showError("");
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const path = `/api/tables/${encodeURIComponent(state.table)}/ws`;
  const socket = new WebSocket(`${scheme}//${location.host}${path}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    const hello = { seat: state.seat };
    if (state.token !== null) hello.token = state.token;
    if (state.version !== null) hello.since = state.version;  // resume after the last update
    socket.send(JSON.stringify(hello));
    setStatus("Connected.");
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "update") {
      state.reconnects = 0;
      render(message);
    } else if (message.type === "records") {  // the older part of a long log, a piece at a time
      appendRecords(message);
      state.next = Math.max(state.next, message.until);
    } else if (message.type === "error") {
      showError(`Refused: ${message.message} (${message.code})`);
      if (message.version !== undefined && message.version === state.version) enableActions(true);
    }
  });
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket || state.leaving || state.over) return;
    if (event.code === 1008 || state.reconnects >= MAX_RECONNECTS) {
      setStatus("Disconnected.");
      showError("Disconnected from the table" + (event.reason ? `: ${event.reason}` : "."));
      return;
    }
    state.reconnects += 1;
    setStatus("Connection lost; reconnecting...");
    setTimeout(connect, 500 * 2 ** state.reconnects);
  });
}

function who(seat) { return seat === state.seat ? "you" : `p${seat}`; }

// Append the records of an update or a "records" piece to the log: those not shown yet (a
// reconnection resends some), after a note of any the server no longer keeps.
function appendRecords(message) {
  const log = $("log");
  if (message.since > state.next && state.next > 0) {
    log.append(`(records ${state.next} to ${message.since - 1} are not kept after a server restart)\n`);
  }
  let lastOver = null;
  for (const record of message.events) {
    if (record.index < state.next) continue;  // already shown (a reconnection)
    for (const line of record.text) {
      appendText(log, line);
      log.append("\n");
      if (/^deal \d+ over:/.test(line)) lastOver = line;
    }
  }
  if (lastOver !== null) state.lastDeal = lastOver;
  log.scrollTop = log.scrollHeight;
}

function render(message) {
  const log = $("log");
  appendRecords(message);
  state.next = Math.max(state.next, message.version);
  state.version = message.version;
  state.over = message.over;
  state.message = message;
  log.scrollTop = log.scrollHeight;
  if (message.observation_text) {
    const box = $("observation");
    box.replaceChildren();
    appendText(box, message.observation_text.join("\n"));
  }
  if (message.over) {
    $("turn").textContent = "The session is over.";
    renderResult(message);
    setStatus("Session over.");
  } else if (message.to_act === state.seat) {
    $("turn").textContent = "Your turn.";
  } else {
    $("turn").textContent = `Waiting for p${message.to_act}.`;
  }
  renderActions(message);
}

function renderResult(message) {
  const box = $("result");
  box.replaceChildren();
  const heading = document.createElement("strong");
  heading.textContent = "The session is over. Results: ";
  box.append(heading);
  const results = document.createElement("span");
  results.id = "results";
  renderResults(results, message.payoffs, state.seat);
  box.append(results);
  if (state.lastDeal) {
    const last = document.createElement("div");
    last.className = "last-deal";
    appendText(last, state.lastDeal);
    box.append(last);
  }
  box.hidden = false;
  if (state.resultLogged) return;
  state.resultLogged = true;
  const log = $("log");
  log.append("session over: ");
  renderResults(log, message.payoffs, state.seat);
  log.append("\n");
  log.scrollTop = log.scrollHeight;
}

function renderActions(message) {
  const box = $("actions");
  box.replaceChildren();
  box.dataset.version = String(message.version);
  const labels = message.action_labels || [];
  const pick = message.pick || null;
  const groups = message.groups || [];
  const covered = new Set(pick ? Object.values(pick.positions) : []);
  for (const group of groups) for (const index of Object.values(group.answers)) covered.add(index);
  message.legal_actions.forEach((action, index) => {
    if (covered.has(index)) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.type = action.type;
    button.dataset.index = String(index);
    button.dataset.action = JSON.stringify(action);
    appendText(button, labels[index] || action.type);
    button.addEventListener("click", () => sendAction(message.version, action));
    box.append(button);
  });
  groups.forEach((group, number) => box.append(groupControl(message, group, number)));
  renderPick(message);
}

function groupControl(message, group, number) {
  // One choice standing for many actions, which asks for numbers ("2 3"): a button that
  // opens its question, an input and a button that sends the action of the answer.
  const wrap = document.createElement("span");
  wrap.className = "group";
  const open = document.createElement("button");
  open.type = "button";
  open.className = "action group-open";
  open.dataset.group = String(number);
  appendText(open, group.label);
  const form = document.createElement("span");
  form.className = "group-form";
  form.hidden = true;
  const ask = document.createElement("label");
  ask.textContent = group.ask + " ";
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  ask.append(input);
  const send = document.createElement("button");
  send.type = "button";
  send.textContent = "Send";
  const note = document.createElement("span");
  note.className = "refusal";
  send.addEventListener("click", () => {
    const numbers = input.value.trim().split(/[\s,]+/).filter((n) => n !== "");
    const key = numbers.join(",");
    const index = group.answers[key];
    if (index === undefined) {
      note.textContent = `${input.value.trim() || "nothing"} is not an answer allowed now.`;
      return;
    }
    sendAction(message.version, message.legal_actions[index]);
  });
  open.addEventListener("click", () => { form.hidden = !form.hidden; if (!form.hidden) input.focus(); });
  form.append(ask, send, note);
  wrap.append(open, form);
  return wrap;
}

function renderPick(message) {
  const pick = message.pick || null;
  const box = $("pick");
  state.marked = new Set();
  if (!pick) {
    box.hidden = true;
    $("pick-cards").replaceChildren();
    return;
  }
  $("pick-prompt").textContent = pick.prompt;
  const cards = $("pick-cards");
  cards.replaceChildren();
  pick.cards.forEach((card, position) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pick-card";
    button.dataset.position = String(position);
    button.setAttribute("aria-pressed", "false");
    button.append(cardOf(card));
    button.addEventListener("click", () => {
      if (state.marked.has(position)) state.marked.delete(position); else state.marked.add(position);
      button.setAttribute("aria-pressed", String(state.marked.has(position)));
      button.classList.toggle("marked", state.marked.has(position));
      updatePick();
    });
    cards.append(button);
  });
  box.dataset.version = String(message.version);
  box.hidden = false;
  updatePick();
}

function pickedIndex() {
  const pick = state.message && state.message.pick;
  if (!pick) return undefined;
  const key = [...state.marked].sort((a, b) => a - b).join(",");
  return pick.positions[key];
}

function updatePick() {
  const index = pickedIndex();
  const confirm = $("pick-confirm");
  const labels = state.message.action_labels || [];
  confirm.textContent = state.marked.size ? `Draw (${state.marked.size})` : "Stand pat";
  confirm.disabled = index === undefined;
  const note = $("pick-note");
  note.replaceChildren();
  if (index === undefined) {
    note.className = "refusal";
    note.textContent = `You may not throw ${state.marked.size === 1 ? "this card" : `these ${state.marked.size} cards`}.`;
  } else {
    note.className = "";
    appendText(note, labels[index] || "");
  }
}

function confirmPick() {
  const index = pickedIndex();
  const message = state.message;
  if (index === undefined || !message) return;
  sendAction(message.version, message.legal_actions[index]);
}

function enableActions(on) {
  for (const button of $("actions").querySelectorAll("button")) button.disabled = !on;
  for (const button of $("pick-cards").querySelectorAll("button")) button.disabled = !on;
  if (on && state.message && state.message.pick) updatePick(); else $("pick-confirm").disabled = !on;
}

function sendAction(version, action) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) {
    showError("Not connected to the table: the action was not sent.");
    return;
  }
  showError("");
  enableActions(false);
  state.socket.send(JSON.stringify({ version, action }));
}

function leave() {
  state.leaving = true;
  if (state.socket) state.socket.close();
  location.hash = "";
  $("table").hidden = true;
  $("lobby").hidden = false;
  setStatus("Make a table, or join one.");
  refreshTables().catch((e) => say("tables-error", e.message));
}

function resumeFromHash() {
  // "#<table>/<seat>" with the token kept in this tab, or "#watch/<table>": back at the table.
  const hash = location.hash.slice(1);
  const watch = hash.match(/^watch\/([0-9a-f]{16})$/);
  if (watch) return openTable(watch[1], null, null);
  const seated = hash.match(/^([0-9a-f]{16})\/(\d+)$/);
  if (!seated) return;
  const kept = JSON.parse(sessionStorage.getItem("pycards:" + seated[1]) || "null");
  if (kept && kept.seat === Number(seated[2])) openTable(seated[1], kept.seat, kept.token);
}

document.addEventListener("DOMContentLoaded", () => {
  $("game").addEventListener("change", gameChanged);
  $("players").addEventListener("input", playersChanged);
  $("create-form").addEventListener("submit", createTable);
  $("join-form").addEventListener("submit", joinFromForm);
  $("watch").addEventListener("click", () => openTable($("join-table").value.trim(), null, null));
  $("refresh").addEventListener("click", () => refreshTables().catch((e) => say("tables-error", e.message)));
  $("leave").addEventListener("click", leave);
  $("pick-confirm").addEventListener("click", confirmPick);
  loadGames().then(refreshTables).catch((error) => {
    setStatus("The server could not be reached.");
    say("create-error", error.message);
  });
  resumeFromHash();
});
