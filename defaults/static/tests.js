// Tests page: load the instance's expectations, evaluated by the worker, from ./api/results.json.
const app = document.getElementById("tests-app");
const status = document.getElementById("tests-status");
const table = document.getElementById("tests-table");
const tbody = document.getElementById("tests-rows");
const failuresOnly = document.getElementById("tests-failures-only");

const text = (name) => app.dataset[name] || "";
const fill = (template, values) =>
  template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));

function cell(content, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.textContent = content ?? "";
  return td;
}

const outcome = (o) => (o.location ? `${o.status} → ${o.location}` : String(o.status));

function row(result) {
  const tr = document.createElement("tr");
  if (!result.pass) tr.className = "row-fail";
  tr.append(
    cell(result.pass ? text("textPass") : text("textFail"), result.pass ? "pass" : "fail"),
    cell(result.path, "url"),
    cell(result.at || text("textNow")),
    cell(outcome(result.expected), "url"),
    cell(outcome(result.actual), "url"),
    cell(`${result.file}:${result.line}`, "source"),
  );
  return tr;
}

function render(results) {
  const passed = results.filter((r) => r.pass).length;
  const visible = failuresOnly.checked ? results.filter((r) => !r.pass) : results;
  tbody.replaceChildren(...visible.map(row));
  table.hidden = visible.length === 0;
  status.textContent =
    results.length === 0
      ? text("textEmpty")
      : fill(text("textSummary"), {
          passed,
          failed: results.length - passed,
          total: results.length,
        });
}

async function start() {
  try {
    const response = await fetch("./api/results.json", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`results answered ${response.status}`);
    const body = await response.json();
    const results = body.results || [];
    failuresOnly.addEventListener("change", () => render(results));
    render(results);
  } catch (error) {
    status.textContent = text("textError") || String(error);
  }
}

if (app) start();
