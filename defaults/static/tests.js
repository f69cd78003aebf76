// Tests page: the instance's expectations, evaluated by the worker a few at a time
// (./api/results.json), with the previous and next slices; never all at once.
import { cell, fill, getJson, text } from "./stats-common.js";

const app = document.getElementById("tests-app");
const status = document.getElementById("tests-status");
const table = document.getElementById("tests-table");
const tbody = document.getElementById("tests-rows");
const failuresOnly = document.getElementById("tests-failures-only");
const prev = document.getElementById("tests-prev");
const next = document.getElementById("tests-next");

const view = { results: [], start: 0, next: null, history: [], request: 0 };
const outcome = (o) => (o.location ? `${o.status} → ${o.location}` : String(o.status));
// The request facts an expectation is asked with (country, lang, ua, query, ...), after its path.
const asked = (result) =>
  result.facts
    ? `${result.path} (${Object.entries(result.facts)
        .map(
          ([key, value]) => `${key} ${typeof value === "object" ? JSON.stringify(value) : value}`,
        )
        .join(", ")})`
    : result.path;

function row(result) {
  const tr = document.createElement("tr");
  if (!result.pass) tr.className = "row-fail";
  tr.append(
    cell(
      result.pass ? text(app, "textPass") : text(app, "textFail"),
      result.pass ? "pass" : "fail",
    ),
    cell(asked(result), "url"),
    cell(result.at || text(app, "textNow")),
    cell(outcome(result.expected), "url"),
    cell(outcome(result.actual), "url"),
    cell(`${result.file}:${result.line}`, "source"),
  );
  return tr;
}

function render(total) {
  const { results } = view;
  const passed = results.filter((r) => r.pass).length;
  const visible = failuresOnly.checked ? results.filter((r) => !r.pass) : results;
  tbody.replaceChildren(...visible.map(row));
  table.hidden = visible.length === 0;
  status.textContent =
    total === 0
      ? text(app, "textEmpty")
      : fill(text(app, "textSummary"), {
          from: view.start + 1,
          to: view.start + results.length,
          total,
          passed,
          failed: results.length - passed,
        });
}

async function show(start) {
  const request = ++view.request;
  status.textContent = text(app, "textLoading");
  prev.disabled = next.disabled = true;
  try {
    const body = await getJson(`./api/results.json?cursor=${start}`);
    if (request !== view.request) return;
    Object.assign(view, { results: body.results, start: body.start, next: body.next });
    view.total = body.total;
    render(body.total);
    next.disabled = body.next === null;
  } catch (error) {
    if (request !== view.request) return;
    status.textContent = `${text(app, "textError")} ${error.message}`.trim();
  }
  prev.disabled = view.history.length === 0;
}

function start() {
  failuresOnly.addEventListener("change", () => render(view.total));
  next.addEventListener("click", () => {
    if (view.next === null) return;
    view.history.push(view.start);
    show(view.next);
  });
  prev.addEventListener("click", () => {
    if (view.history.length > 0) show(view.history.pop());
  });
  show(0);
}

if (app) start();
