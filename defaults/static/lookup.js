// Lookup page (and home page): resolve a slug through POST /lookup/resolve, show the localized
// answer, then record the activity with POST /_analytics/lookup. Without JavaScript the form posts
// itself. A box the page came with filled in (`?slug=`) is looked up at once.
import { renderLookupResult, lookupBeaconResult } from "./lookup-result.js";

const form = document.getElementById("lookup-form");
const input = document.getElementById("lookup-slug");
const output = document.getElementById("lookup-output");
const variants = document.getElementById("lookup-variants");

const JSON_HEADERS = { "content-type": "application/json" };

async function resolveSlug(slug) {
  const response = await fetch("/lookup/resolve", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ slug }),
  });
  if (!response.ok) throw new Error(`lookup answered ${response.status}`);
  return response.json();
}

function sendBeacon(slug, result) {
  // The beacon is best effort: a failure changes nothing for the visitor, so it is only counted.
  fetch("/_analytics/lookup", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ slug, result }),
    keepalive: true,
  }).catch(() => {
    form.dataset.beaconFailures = String(Number(form.dataset.beaconFailures || "0") + 1);
  });
}

function show(html) {
  output.innerHTML = html;
}

function showText(text) {
  output.textContent = text;
}

async function lookUp() {
  const slug = input.value.trim();
  if (slug === "") {
    input.focus();
    return;
  }
  output.setAttribute("aria-busy", "true");
  showText(form.dataset.textLoading || "");
  try {
    const result = await resolveSlug(slug);
    // renderLookupResult escapes every value it inserts.
    show(
      renderLookupResult(
        variants.innerHTML,
        { ...result, slug: result.slug || slug },
        { baseUrl: form.dataset.baseUrl, input: slug },
      ),
    );
    sendBeacon(slug, lookupBeaconResult(result));
  } catch (error) {
    showText(form.dataset.textError || String(error));
  } finally {
    output.removeAttribute("aria-busy");
  }
}

if (form && input && output && variants) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void lookUp();
  });
  if (input.defaultValue.trim() !== "") void lookUp();
}
