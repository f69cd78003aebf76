// Stats overview: the counts per state (each a button that filters the table by it), how the
// active links stand now, and the schedule starts and ends of the next days. Three small calls.
import { fill, getJson, text } from "./stats-common.js";

const EVENT_DAYS = 7;
const EVENT_LIMIT = 50;
const DAY_MS = 86_400_000;
const STATES = ["active", "paused", "retired", "disabled", "draft"];

const lang = () => document.documentElement.lang || undefined;
const number = (n) => Number(n).toLocaleString(lang());
const stateLabel = (app, state) =>
  text(app, `textState${state[0].toUpperCase()}${state.slice(1)}`) || state;

function counts(app, summary, onState) {
  const list = document.getElementById("stats-counts");
  list.replaceChildren(
    ...STATES.map((state) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "count";
      button.dataset.state = state;
      button.textContent = `${stateLabel(app, state)}: ${number(summary.states[state])}`;
      button.addEventListener("click", () => onState(state));
      item.append(button);
      return item;
    }),
  );
  document.getElementById("stats-total").textContent = fill(text(app, "textTotal"), {
    total: number(summary.links),
  });
  document.getElementById("stats-now").textContent = fill(text(app, "textNow"), {
    active: number(summary.effective.active),
    scheduled: number(summary.effective.scheduled),
    expired: number(summary.effective.expired),
  });
  for (const [id, values] of [
    ["stats-owners", summary.owners.top],
    ["stats-tags", summary.tags.top],
  ]) {
    document.getElementById(id).replaceChildren(
      ...values.map(([name]) => {
        const option = document.createElement("option");
        option.value = name;
        return option;
      }),
    );
  }
}

async function events(app, type, listId) {
  const list = document.getElementById(listId);
  const now = Date.now();
  const body = await getJson(`./api/events.json?type=${type}&limit=${EVENT_LIMIT}`);
  const soon = body.events.filter((e) => Date.parse(e.at) < now + EVENT_DAYS * DAY_MS);
  const items = soon.map((event) => {
    const item = document.createElement("li");
    const time = document.createElement("time");
    time.dateTime = event.at;
    time.textContent = new Date(event.at).toLocaleString(lang());
    const slug = document.createElement("code");
    slug.textContent = event.link.slug;
    item.append(time, " ", slug, ` ${event.link.schedule ? event.link.schedule.label : ""}`);
    return item;
  });
  if (items.length === 0) {
    const item = document.createElement("li");
    item.textContent = text(app, "textEventsEmpty");
    items.push(item);
  } else if (soon.length === body.events.length && body.next !== null) {
    const item = document.createElement("li");
    item.className = "hint";
    item.textContent = fill(text(app, "textEventsMore"), { shown: number(soon.length) });
    items.push(item);
  }
  list.replaceChildren(...items);
}

/** Fills the overview; `onState(state)` filters the table by a declared state. */
export async function showOverview(app, onState) {
  const failed = (id) => (error) => {
    document.getElementById(id).textContent = `${text(app, "textError")} ${error.message}`.trim();
  };
  getJson("./api/summary.json")
    .then((summary) => counts(app, summary, onState))
    .catch(failed("stats-total"));
  events(app, "start", "stats-starts").catch(failed("stats-starts"));
  events(app, "end", "stats-ends").catch(failed("stats-ends"));
}
