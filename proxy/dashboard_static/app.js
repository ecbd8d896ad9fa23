// veil's dashboard: plain DOM and SVG, no library, no network beyond this proxy.
"use strict";

const TOKEN = document.querySelector('meta[name="veil-token"]').content;
const SVG = "http://www.w3.org/2000/svg";
const PALETTE_SIZE = 8;
const REFRESH_MS = 5000;
let chartRange = "24h";
let siteCounts = {};

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function getJSON(path) {
  const response = await fetch(path, { cache: "no-store" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

function counts(map) {
  return Object.entries(map)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");
}

// Residual re-identification risk κ: the chance that what was sent picks out its writer.
function riskText(risk) {
  if (risk === null || risk === undefined) return "–";
  if (risk < 0.0001) return "< 0.0001";
  return risk < 0.01 ? risk.toExponential(1) : risk.toFixed(3);
}

function renderRequests(data) {
  document.getElementById("logging-off").hidden = data.logging;
  siteCounts = data.sites || {};
  const body = document.querySelector("#requests tbody");
  body.replaceChildren(
    ...data.requests.map((r) => {
      const row = el("tr", { class: `decision-${r.decision}` });
      const stages = Object.entries(r.stages).map(([s, ms]) => `${s} ${ms}`).join(", ");
      const cells = [
        new Date(r.time * 1000).toLocaleString(),
        r.site,
        r.decision.replaceAll("_", " "),
        counts(r.entities) || "none",
        counts(r.actions),
        stages,
        riskText(r.risk),
      ];
      for (const cell of cells) row.append(el("td", {}, cell));
      return row;
    }),
  );
}

function modelText(model) {
  if (model.present === null) return `${model.role}: ${model.name} (server)`;
  return `${model.role}: ${model.name} (${model.present ? "present" : "not downloaded"})`;
}

function renderPolicies(data) {
  const problems = document.querySelector("#policy-problems");
  problems.hidden = !data.problems.length;
  problems.replaceChildren(
    el("strong", {}, "A policy file could not be read; its last valid version is in force:"),
    ...data.problems.map((line) => el("code", {}, line)),
  );
  const body = document.querySelector("#policies tbody");
  body.replaceChildren(
    ...data.policies.map((p) => {
      const row = el("tr", { "data-site": p.name });
      const name = el("td", {}, p.name);
      if (p.dry_run) name.append(el("small", {}, " (dry run)"));
      const toggle = el("input", {
        type: "checkbox",
        role: "switch",
        class: "switch",
        "data-site": p.name,
        "aria-label": `filter ${p.name}`,
      });
      toggle.checked = p.enabled;
      toggle.addEventListener("change", () => setEnabled(p.name, toggle));
      const switchCell = el("td");
      switchCell.append(toggle, el("span", { class: "state" }, p.enabled ? "on" : "off"));
      const slow = el("td", { class: "slow-stage" });
      slow.append(el("strong", {}, p.slow_stage.enabled ? "enabled" : "disabled"));
      const models = el("ul");
      for (const model of p.slow_stage.models) {
        const item = el("li", {}, modelText(model));
        if (model.present === false) item.classList.add("missing");
        models.append(item);
      }
      slow.append(models);
      row.append(name, switchCell, el("td", {}, p.hosts.join(" ")),
        el("td", { class: "count" }, String(siteCounts[p.name] || 0)), slow);
      return row;
    }),
  );
}

async function setEnabled(site, toggle) {
  toggle.disabled = true;
  try {
    const response = await fetch(`api/policies/${encodeURIComponent(site)}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-veil-token": TOKEN },
      body: JSON.stringify({ enabled: toggle.checked }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
    showError("");
  } catch (error) {
    toggle.checked = !toggle.checked;
    showError(`could not switch ${site}: ${error.message}`);
  } finally {
    toggle.disabled = false;
    await refreshPolicies();
  }
}

function bucketLabel(seconds, width) {
  const when = new Date(seconds * 1000);
  return width < 86400
    ? when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : when.toLocaleDateString([], { month: "short", day: "numeric" });
}

function renderChart(data) {
  const chart = document.getElementById("chart");
  const [width, height, left, bottom, top] = [760, 240, 40, 24, 10];
  const labels = Object.keys(data.series);
  const n = data.buckets.length;
  const totals = data.buckets.map((_, i) => labels.reduce((t, l) => t + data.series[l][i], 0));
  const peak = Math.max(1, ...totals);
  const plotH = height - bottom - top;
  const slot = (width - left) / n;
  const nodes = [
    svg("line", { x1: left, y1: top + plotH, x2: width, y2: top + plotH, class: "axis" }),
  ];
  for (const fraction of [0.5, 1]) {
    const y = top + plotH - fraction * plotH;
    nodes.push(svg("line", { x1: left, y1: y, x2: width, y2: y, class: "grid" }));
    const tick = svg("text", { x: left - 6, y: y + 4, class: "tick", "text-anchor": "end" });
    tick.textContent = String(Math.round(peak * fraction * 10) / 10);
    nodes.push(tick);
  }
  data.buckets.forEach((start, i) => {
    let y = top + plotH;
    labels.forEach((label, s) => {
      const value = data.series[label][i];
      if (!value) return;
      const h = (value / peak) * plotH;
      y -= h;
      const bar = svg("rect", {
        x: left + i * slot + slot * 0.15, y, width: slot * 0.7, height: h,
        class: `bar s${s % PALETTE_SIZE}`, "data-label": label,
      });
      const tip = svg("title");
      tip.textContent = `${label}: ${value} (${bucketLabel(start, data.bucket_seconds)})`;
      bar.append(tip);
      nodes.push(bar);
    });
    if (i % Math.ceil(n / 8) === 0) {
      const text = svg("text", { x: left + (i + 0.5) * slot, y: height - 6, class: "tick",
        "text-anchor": "middle" });
      text.textContent = bucketLabel(start, data.bucket_seconds);
      nodes.push(text);
    }
  });
  if (!labels.length) {
    const empty = svg("text", { x: (width + left) / 2, y: height / 2, class: "empty",
      "text-anchor": "middle" });
    empty.textContent = "nothing found in this period";
    nodes.push(empty);
  }
  chart.replaceChildren(...nodes);
  const legend = document.getElementById("legend");
  legend.replaceChildren(...labels.map((label, s) => {
    const item = el("span", { class: "legend-item" });
    item.append(el("i", { class: `swatch s${s % PALETTE_SIZE}` }),
      document.createTextNode(`${label} ${data.series[label].reduce((a, b) => a + b, 0)}`));
    return item;
  }));
}

async function refreshPolicies() {
  renderPolicies(await getJSON("api/policies"));
}

async function refresh() {
  try {
    const [requests, chart] = await Promise.all([
      getJSON("api/requests?limit=50"),
      getJSON(`api/chart?range=${chartRange}`),
    ]);
    renderRequests(requests);
    renderChart(chart);
    // Not while a switch is being flipped: that one redraws the list when it is done.
    if (!document.querySelector("input.switch:disabled")) await refreshPolicies();
    document.body.dataset.loaded = "true";
  } catch (error) {
    showError(`veil is not answering: ${error.message}`);
  }
}

for (const button of document.querySelectorAll("[data-range]")) {
  button.addEventListener("click", () => {
    chartRange = button.dataset.range;
    for (const other of document.querySelectorAll("[data-range]")) {
      other.setAttribute("aria-pressed", String(other === button));
    }
    refresh();
  });
}

refresh();
setInterval(refresh, REFRESH_MS);
