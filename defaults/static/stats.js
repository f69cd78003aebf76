// Stats shell: pages through ./api/links.json (protected) by slug prefix and one filter, a slice
// at a time, never the whole registry; the counts and the week's schedule changes come from
// stats-overview.js.
import { cell, fill, getJson, text } from "./stats-common.js";
import { showOverview } from "./stats-overview.js";

const PAGE_SIZE = 100;
const TYPING_PAUSE_MS = 300;

const app = document.getElementById("stats-app");
const search = document.getElementById("stats-search");
const filterControls = [...document.querySelectorAll("#stats-filters [data-filter]")];
const status = document.getElementById("stats-status");
const table = document.getElementById("stats-table");
const tbody = document.getElementById("stats-rows");
const prev = document.getElementById("stats-prev");
const next = document.getElementById("stats-next");
const filters = document.getElementById("stats-filters");

/** Where the shown slice starts: its cursor (null for the first) and offset; earlier ones for "previous". */
const view = { cursor: null, offset: 0, next: null, history: [], request: 0 };
const number = (n) => Number(n).toLocaleString(document.documentElement.lang || undefined);

function scheduleText(schedule) {
  if (!schedule) return "";
  const window = [schedule.start, schedule.end].map((t) => t || "…").join(" – ");
  return `${schedule.label} (${window})`;
}

function tagList(tags) {
  const span = document.createElement("span");
  for (const tag of tags || []) {
    const item = document.createElement("span");
    item.className = "tag";
    item.textContent = tag;
    span.append(item);
  }
  return span;
}

/** The target, and under it each destination of the link's routes (`route / variant: URL`). */
function targets(link) {
  if (!link.routes) return link.target;
  const box = document.createElement("div");
  box.textContent = link.target;
  const list = document.createElement("ul");
  list.className = "routes";
  for (const d of link.routes) {
    const item = document.createElement("li");
    item.textContent = `${d.route}${d.variant ? ` / ${d.variant}` : ""}: ${d.target}`;
    list.append(item);
  }
  box.append(list);
  return box;
}

function row(link) {
  const tr = document.createElement("tr");
  const slug = document.createElement("code");
  slug.textContent = link.slug;
  const state = text(
    app,
    `textState${link.effective_state[0].toUpperCase()}${link.effective_state.slice(1)}`,
  );
  tr.append(
    cell(slug),
    cell(text(app, `textKind${link.kind[0].toUpperCase()}${link.kind.slice(1)}`) || link.kind),
    cell(targets(link), "url"),
    cell(state || link.effective_state),
    cell(scheduleText(link.schedule)),
    cell(tagList(link.tags)),
    cell(link.owner || ""),
    cell(link.title || ""),
    cell(`${link.file}:${link.line}`, "source"),
  );
  return tr;
}

/** The API query of the controls: the prefix and the one filter that has a value. */
function query(cursor) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  const prefix = search.value.trim();
  if (prefix) params.set("prefix", prefix);
  const filter = filterControls.find((control) => control.value.trim() !== "");
  if (filter) params.set(filter.dataset.filter, filter.value.trim());
  if (cursor) params.set("cursor", cursor);
  return params;
}

async function show(cursor, offset) {
  const request = ++view.request;
  status.textContent = text(app, "textLoading");
  prev.disabled = next.disabled = true;
  try {
    const body = await getJson(`./api/links.json?${query(cursor)}`);
    if (request !== view.request) return;
    Object.assign(view, { cursor, offset, next: body.next });
    tbody.replaceChildren(...body.links.map(row));
    table.hidden = body.links.length === 0;
    status.textContent =
      body.total === 0
        ? text(app, "textEmpty")
        : fill(text(app, "textRange"), {
            from: number(offset + (body.links.length ? 1 : 0)),
            to: number(offset + body.links.length),
            total: number(body.total),
          });
    prev.disabled = view.history.length === 0;
    next.disabled = body.next === null;
  } catch (error) {
    if (request !== view.request) return;
    // A cursor of an earlier deployment is refused (docs/stats.md, "Cursors"): start again.
    if (cursor && /^cursor /.test(error.message)) {
      view.history = [];
      return show(null, 0);
    }
    table.hidden = true;
    status.textContent = `${text(app, "textError")} ${error.message}`.trim();
    prev.disabled = view.history.length === 0;
  }
}

/** Back to the first slice of the current prefix and filter. */
function restart() {
  view.history = [];
  show(null, 0);
}

let typing;
function restartSoon() {
  clearTimeout(typing);
  typing = setTimeout(restart, TYPING_PAUSE_MS);
}

/** One filter at a time: choosing one clears the others. */
function choose(control) {
  for (const other of filterControls) if (other !== control) other.value = "";
}

function start() {
  search.addEventListener("input", restartSoon);
  for (const control of filterControls) {
    const typed = control.tagName === "INPUT";
    control.addEventListener(typed ? "input" : "change", () => {
      choose(control);
      if (typed) restartSoon();
      else restart();
    });
  }
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(typing);
    restart();
  });
  next.addEventListener("click", () => {
    if (view.next === null) return;
    view.history.push({ cursor: view.cursor, offset: view.offset });
    show(view.next, view.offset + tbody.children.length);
  });
  prev.addEventListener("click", () => {
    const back = view.history.pop();
    if (back) show(back.cursor, back.offset);
  });
  showOverview(app, (state) => {
    const select = filterControls.find((control) => control.dataset.filter === "state");
    select.value = state;
    choose(select);
    restart();
  });
  restart();
}

if (app) start();
