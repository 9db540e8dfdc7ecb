// pycards: play one seat of a table in the browser (plain JavaScript, no build step).
//
// The page makes or joins a table over HTTP, keeps the seat's token in this tab's
// sessionStorage, and follows the table over a WebSocket: each update brings the
// seat's new events (appended to the log), its observation (shown as text) and, on its
// turn, its legal actions (one button each). Everything the server sends is put on the
// page as text (textContent), never as HTML. Formats: docs/server.md.
"use strict";

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const CARD = /\b(10|[2-9JQKA])([CDHS])\b/g;
const MAX_RECONNECTS = 5;

const $ = (id) => document.getElementById(id);
const state = {
  table: null, seat: null, token: null, socket: null, version: null, next: 0,
  over: false, leaving: false, reconnects: 0, games: [],
};

function cardsText(text) {
  // "AS 10H" as "A♠ 10♥": the server writes cards as pycards.cards.format does.
  return text.replace(CARD, (_, rank, suit) => rank + SUITS[suit]);
}

function setStatus(text) { $("status").textContent = text; }
function showError(text) { $("error").textContent = text || ""; }

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    throw new Error(data.error ? data.error.message : "HTTP " + response.status);
  }
  return data;
}

// -- the lobby ---------------------------------------------------------------------------

async function loadGames() {
  const data = await api("/api/games");
  state.games = data.games;
  const select = $("game");
  select.replaceChildren();
  for (const game of data.games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.name;
    select.append(option);
  }
  gameChanged();
  setStatus("Make a table, or join one.");
}

function gameChanged() {
  const game = state.games.find((g) => g.name === $("game").value);
  if (!game) return;
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  const deals = game.options.find((o) => o.name === "deals");
  if (deals) $("deals").max = deals.high;
}

async function refreshTables() {
  const data = await api("/api/tables");
  const list = $("open-tables");
  list.replaceChildren();
  for (const table of data.tables) {
    const item = document.createElement("li");
    const free = table.seats.filter((s) => !s.taken).map((s) => s.seat);
    item.textContent = `${table.table}: ${table.game}, ${table.players} players, deal ${table.deal_number}`;
    for (const seat of free) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `sit at ${seat}`;
      button.addEventListener("click", () => joinTable(table.table, seat).catch((e) => showError(e.message)));
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
}

async function createTable(event) {
  event.preventDefault();
  showError("");
  const players = Number($("players").value);
  const seat = Number($("my-seat").value);
  const bots = [];
  if ($("bots").checked) for (let s = 0; s < players; s++) if (s !== seat) bots.push(s);
  const request = { game: $("game").value, players, options: { deals: Number($("deals").value) }, bots };
  try {
    const table = await api("/api/tables", request);
    await joinTable(table.table, seat);
  } catch (error) {
    setStatus("The table could not be made.");
    showError(error.message);
  }
}

async function joinTable(tableId, seat) {
  const joined = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, seat === null ? {} : { seat });
  const kept = JSON.stringify({ seat: joined.seat, token: joined.token });
  sessionStorage.setItem("pycards:" + joined.table, kept);
  openTable(joined.table, joined.seat, joined.token);
}

async function joinFromForm(event) {
  event.preventDefault();
  showError("");
  const raw = $("join-seat").value.trim();
  try {
    await joinTable($("join-table").value.trim(), raw === "" ? null : Number(raw));
  } catch (error) {
    showError(error.message);
  }
}

// -- the table ---------------------------------------------------------------------------

function openTable(tableId, seat, token) {
  Object.assign(state, {
    table: tableId, seat, token, version: null, next: 0, over: false, leaving: false, reconnects: 0,
  });
  location.hash = seat === null ? `watch/${tableId}` : `${tableId}/${seat}`;
  $("lobby").hidden = true;
  $("table").hidden = false;
  const role = seat === null ? "watching" : `you are seat ${seat} (p${seat})`;
  $("table-title").textContent = `Table ${tableId}: ${role}`;
  $("log").textContent = "";
  $("observation").textContent = "";
  $("actions").replaceChildren();
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
    } else if (message.type === "error") {
      showError(`${message.message} (${message.code})`);
      if (message.version !== undefined && message.version === state.version) enableActions(true);
    }
  });
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket || state.leaving || state.over) return;
    if (event.code === 1008 || state.reconnects >= MAX_RECONNECTS) {
      setStatus("Disconnected.");
      return;
    }
    state.reconnects += 1;
    setStatus("Connection lost; reconnecting...");
    setTimeout(connect, 500 * 2 ** state.reconnects);
  });
}

function who(seat) { return seat === state.seat ? "you" : `p${seat}`; }

function render(message) {
  const log = $("log");
  if (message.since > state.next && state.next > 0) {
    log.append(`(records ${state.next} to ${message.since - 1} are not kept after a server restart)\n`);
  }
  for (const record of message.events) {
    if (record.index < state.next) continue;  // already shown (a reconnection)
    for (const line of record.text) log.append(cardsText(line) + "\n");
  }
  state.next = Math.max(state.next, message.version);
  state.version = message.version;
  state.over = message.over;
  log.scrollTop = log.scrollHeight;
  if (message.observation_text) $("observation").textContent = cardsText(message.observation_text.join("\n"));
  if (message.over) {
    const results = Object.entries(message.payoffs)
      .map(([s, p]) => `${who(Number(s))} ${p >= 0 ? "+" : ""}${p}`);
    $("turn").textContent = "The session is over.";
    log.append(`session over: ${results.join(", ")}\n`);
    setStatus("Session over.");
  } else if (message.to_act === state.seat) {
    $("turn").textContent = "Your turn.";
  } else {
    $("turn").textContent = `Waiting for p${message.to_act}.`;
  }
  renderActions(message);
}

function actionLabel(action) {
  const fields = Object.entries(action).filter(([key]) => key !== "type");
  if (fields.length === 0) return action.type;
  if (fields.length === 1) return `${action.type} ${fields[0][1]}`;
  return action.type + " " + fields.map(([key, value]) => `${key}=${value}`).join(" ");
}

function renderActions(message) {
  const box = $("actions");
  box.replaceChildren();
  box.dataset.version = String(message.version);
  for (const action of message.legal_actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.textContent = actionLabel(action);
    button.addEventListener("click", () => sendAction(message.version, action));
    box.append(button);
  }
}

function enableActions(on) {
  for (const button of $("actions").querySelectorAll("button")) button.disabled = !on;
}

function sendAction(version, action) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
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
  refreshTables().catch(() => {});
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
  $("create-form").addEventListener("submit", createTable);
  $("join-form").addEventListener("submit", joinFromForm);
  $("watch").addEventListener("click", () => openTable($("join-table").value.trim(), null, null));
  $("refresh").addEventListener("click", () => refreshTables().catch((e) => showError(e.message)));
  $("leave").addEventListener("click", leave);
  loadGames().then(refreshTables).catch((error) => {
    setStatus("The server could not be reached.");
    showError(error.message);
  });
  resumeFromHash();
});
