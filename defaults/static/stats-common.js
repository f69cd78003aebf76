// Helpers the operator page scripts share: localized texts from data-text-* attributes, table
// cells, and JSON from the protected APIs with their error reason.

export const text = (app, name) => app.dataset[name] || "";

export const fill = (template, values) =>
  template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));

export function cell(content, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  if (content instanceof Node) td.append(content);
  else td.textContent = content ?? "";
  return td;
}

/** The JSON answer of a protected API; a 400's reason becomes the error's message. */
export async function getJson(url) {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  let body;
  try {
    body = await response.json();
  } catch {
    throw new Error(`(${response.status})`);
  }
  if (!response.ok) throw new Error(body && body.error ? body.error : `(${response.status})`);
  return body;
}
