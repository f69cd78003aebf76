// Stats shell: load the registry from ./api/links.json (protected) and filter it in the browser.
import { effectiveState } from "./lifecycle.js";

const MAX_ROWS = 500;
const app = document.getElementById("stats-app");
const search = document.getElementById("stats-search");
const stateSelect = document.getElementById("stats-state");
const kindSelect = document.getElementById("stats-kind");
const status = document.getElementById("stats-status");
const table = document.getElementById("stats-table");
const tbody = document.getElementById("stats-rows");
const filters = document.getElementById("stats-filters");

const text = (name) => app.dataset[name] || "";
const fill = (template, values) =>
  template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
const stateLabel = (state) =>
  stateSelect.querySelector(`option[value="${state}"]`)?.textContent || state;

function cell(content, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  if (content instanceof Node) td.append(content);
  else td.textContent = content ?? "";
  return td;
}

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

function row(entry) {
  const tr = document.createElement("tr");
  const slug = document.createElement("code");
  slug.textContent = entry.link.slug;
  tr.append(
    cell(slug),
    cell(entry.link.kind === "splat" ? text("textKindSplat") : text("textKindExact")),
    cell(entry.link.target, "url"),
    cell(stateLabel(entry.state)),
    cell(scheduleText(entry.link.schedule)),
    cell(tagList(entry.link.tags)),
    cell(entry.link.owner || ""),
    cell(`${entry.link.file}:${entry.link.line}`, "source"),
  );
  return tr;
}

function haystack(link) {
  return [
    link.slug,
    link.target,
    link.description,
    link.owner,
    link.file,
    link.schedule?.label,
    ...(link.tags || []),
  ]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
}

function render(entries) {
  const query = search.value.trim().toLowerCase();
  const matched = entries.filter(
    (e) =>
      (!stateSelect.value || e.state === stateSelect.value) &&
      (!kindSelect.value || e.link.kind === kindSelect.value) &&
      (!query || e.haystack.includes(query)),
  );
  const shown = matched.slice(0, MAX_ROWS);
  tbody.replaceChildren(...shown.map(row));
  table.hidden = shown.length === 0;
  if (matched.length === 0) status.textContent = text("textEmpty");
  else if (matched.length > shown.length)
    status.textContent = fill(text("textTruncated"), {
      shown: shown.length,
      matched: matched.length,
    });
  else status.textContent = fill(text("textCount"), { shown: shown.length, total: entries.length });
}

async function start() {
  try {
    const response = await fetch("./api/links.json", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`registry answered ${response.status}`);
    const body = await response.json();
    const now = new Date();
    const entries = (body.links || []).map((link) => ({
      link,
      state: effectiveState(link, now),
      haystack: haystack(link),
    }));
    entries.sort((a, b) => (a.link.slug < b.link.slug ? -1 : a.link.slug > b.link.slug ? 1 : 0));
    for (const control of [search, stateSelect, kindSelect])
      control.addEventListener("input", () => render(entries));
    filters.addEventListener("submit", (event) => event.preventDefault());
    render(entries);
  } catch (error) {
    status.textContent = text("textError") || String(error);
  }
}

if (app) start();
